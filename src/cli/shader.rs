//! `hookshot shader translate FILE [--stage STAGE] [--input CLASS]`: one shader (GLSL, SPIR-V or a
//! compiled Maxwell program in a DKSH module) to SPIR-V for the host
//! layout, with its reflection and the Metal-route check. A shader that does not compile
//! prints `FILE:LINE:COLUMN: message` lines and exits non-zero. A shader that translates
//! but cannot go to Metal when `--msl` asks for it still has its SPIR-V and reflection
//! written; the missing MSL is a warning and exit status 5 (`METAL_ONLY_EXIT_CODE`).
//! `diff` and `fuzz` are in `fuzz/`.

use std::path::PathBuf;

use anyhow::Context;
use shader_translate::{Opinion, ShaderCode, ShaderSource, Stage, TranslateError, Translator};

use crate::exit::Failure;

/// The exit status when everything asked was written but the MSL (`--msl`), which the
/// Metal route's check could not make (docs/errors.md).
pub const METAL_ONLY_EXIT_CODE: u8 = 5;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    which: Which,
}

#[derive(clap::Subcommand)]
enum Which {
    /// Translate GLSL (NVN's binding model) or SPIR-V to SPIR-V for the host layout.
    Translate(TranslateArgs),
    /// List a compiled Maxwell program (a DKSH module): its headers and instructions.
    Disasm(crate::cli::disasm::DisasmArgs),
    /// Run one GLSL program of any stage through uam's binary translated and through
    /// glslang's module on the device; print the first output that differs.
    Diff(crate::cli::fuzz::DiffArgs),
    /// Random programs of every stage, each diffed as `diff` does; failures reduced and
    /// written as reproducers.
    Fuzz(crate::cli::fuzz::FuzzArgs),
}

#[derive(clap::Args)]
struct TranslateArgs {
    /// GLSL source, a SPIR-V module or a compiled Maxwell program in a DKSH module (both
    /// recognised by their magic numbers).
    file: PathBuf,
    /// The stage (a DKSH module says its own; given, it must agree).
    #[arg(long, value_parser = ["vert", "tesc", "tese", "geom", "frag", "comp"])]
    stage: Option<String>,
    /// Write the SPIR-V here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write naga's MSL (the Metal route's check) here.
    #[arg(long)]
    msl: Option<PathBuf>,
    /// Print the reflection record as JSON on stdout.
    #[arg(long)]
    reflect: bool,
    /// Read FILE as one of the renderer's own kernels (naga's GLSL front end).
    #[arg(long)]
    kernel: bool,
    /// A compiled geometry program's input primitive (on Maxwell the draw's topology,
    /// which the module does not say).
    #[arg(long, value_parser = ["points", "lines", "lines_adjacency", "triangles", "triangles_adjacency"])]
    input: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.which {
        Which::Translate(args) => translate(args),
        Which::Disasm(args) => crate::cli::disasm::run(args),
        Which::Diff(args) => crate::cli::fuzz::diff(args),
        Which::Fuzz(args) => crate::cli::fuzz::fuzz(args),
    }
}

fn translate(args: TranslateArgs) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let name = args.file.display().to_string();
    let bytes = bounded_read::read_file(
        &args.file,
        shader_translate::limits::MAX_SHADER_BINARY_B as u64,
        "a shader",
    )?;
    let translator = Translator::new(crate::cli::translate_options(&switches))?;
    let asked: Option<Stage> = args.stage.as_deref().map(str::parse).transpose()?;
    let (stage, translated) = if bytes.starts_with(b"DKSH") {
        let stage = shader_translate::maxwell::translate::dksh_stage(&bytes)
            .with_context(|| name.clone())?;
        if let Some(asked) = asked.filter(|asked| *asked != stage) {
            anyhow::bail!("{name}: the module holds a {stage} program, not {asked}");
        }
        let input = args
            .input
            .as_deref()
            .and_then(shader_translate::maxwell::geometry::GeometryInput::from_name);
        let translated = match input {
            Some(input) => translator.translate_dksh_geometry(&name, &bytes, input),
            None => translator.translate_dksh(&name, &bytes),
        }
        .with_context(|| name.clone())?;
        (stage, translated)
    } else {
        let stage = asked
            .ok_or_else(|| anyhow::anyhow!("{name}: --stage is needed for GLSL and SPIR-V"))?;
        let code = match shader_translate::spirv_words_from_bytes(&bytes) {
            Ok(words) => ShaderCode::Spirv(words),
            Err(_) => {
                let text = String::from_utf8(bytes)
                    .with_context(|| format!("{name} is neither SPIR-V, DKSH nor UTF-8 text"))?;
                if args.kernel {
                    ShaderCode::KernelGlsl(text)
                } else {
                    ShaderCode::Glsl(text)
                }
            }
        };
        let source = ShaderSource {
            name: name.clone(),
            stage,
            code,
        };
        match translator.translate(&source) {
            Ok(translated) => (stage, translated),
            Err(error) => return Err(report_failure(&name, error)),
        }
    };

    let metal = &translated.metal;
    let naga = match &metal.naga {
        Opinion::Accepted => "naga writes MSL".to_owned(),
        Opinion::Rejected(reason) => format!("naga refuses: {reason}"),
        Opinion::CannotRead(_) => "naga cannot read it; nothing MoltenVK lacks".to_owned(),
    };
    let metal_line = if metal.portable() {
        format!("portable ({naga})")
    } else {
        format!("NOT portable: {}", metal.problems().join("; "))
    };
    eprintln!(
        "{name}: {stage} shader, {} words of SPIR-V ({}), cache {:?}; Metal: {metal_line}",
        translated.spirv.len(),
        if translator.options().optimise {
            "optimised"
        } else {
            "unoptimised"
        },
        translated.cache,
    );

    if let Some(out) = &args.out {
        let bytes: Vec<u8> = translated
            .spirv
            .iter()
            .flat_map(|word| word.to_le_bytes())
            .collect();
        std::fs::write(out, bytes).with_context(|| format!("cannot write {}", out.display()))?;
    }
    // The SPIR-V is written; a missing MSL does not undo it, nor stop the reflection.
    let mut no_msl = None;
    if let Some(msl_path) = &args.msl {
        match metal.msl.as_deref() {
            Some(msl) => std::fs::write(msl_path, msl)
                .with_context(|| format!("cannot write {}", msl_path.display()))?,
            None => {
                let why = match (&metal.naga, metal.problems()) {
                    (Opinion::CannotRead(reason), problems) if problems.is_empty() => {
                        format!("naga cannot read the module: {reason}")
                    }
                    (_, problems) => problems.join("; "),
                };
                no_msl = Some(format!(
                    "{name}: no MSL written ({why}); everything else asked was written"
                ));
            }
        }
    }
    if args.reflect {
        println!("{}", serde_json::to_string_pretty(&translated.reflection)?);
    }
    match no_msl {
        Some(message) => Err(Failure {
            exit_code: METAL_ONLY_EXIT_CODE,
            message,
        }
        .into()),
        None => Ok(()),
    }
}

/// Source errors go to stderr one a line as `FILE:LINE:COLUMN: message`; the returned
/// error (exit 1) says only how many there were. A single error is the one line.
fn report_failure(name: &str, error: TranslateError) -> anyhow::Error {
    let diagnostics = error.diagnostics();
    if diagnostics.is_empty() {
        return error.into();
    }
    if let [diagnostic] = &diagnostics[..] {
        return Failure {
            exit_code: 1,
            message: diagnostic.to_string(),
        }
        .into();
    }
    for diagnostic in &diagnostics {
        eprintln!("{diagnostic}");
    }
    let count = diagnostics.len();
    Failure {
        exit_code: 1,
        message: format!(
            "{name}: {count} error{} in the shader; nothing written",
            if count == 1 { "" } else { "s" }
        ),
    }
    .into()
}

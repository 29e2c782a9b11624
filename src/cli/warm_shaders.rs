//! The shader half of `hookshot warm`: every module a recording made from source (GLSL,
//! NVN-model SPIR-V, or a game's compiled Maxwell program with its slot map) is translated
//! again through a translator whose cache is the title's shader cache, so the game's own
//! translations of those sources are cache hits (a compiled program's are keyed by its
//! code: the game's run decodes none of them), and each compiled vertex program again for
//! the integer attribute kinds the recording's lists bind (`warm_variants`).

use std::path::{Path, PathBuf};

use anyhow::Context;
use gpu::objects::ModuleSource;
use gpu::recording::{Record, RecordingReader};
use shader_translate::{CacheOutcome, TranslatedShader, Translator};

/// What one pass over a recording's sources did to the shader cache.
pub struct ShaderWarmth {
    /// The cache's folder; `None` when the shader cache is off.
    pub cache_dir: Option<PathBuf>,
    /// Shaders translated and stored (missing, or a damaged entry rewritten); a compiled
    /// geometry program counts one a primitive class.
    pub translated: u64,
    /// Shaders whose sound entry was already there.
    pub already_cached: u64,
    /// Modules recorded without a source (handed over translated).
    pub without_source: u64,
}

/// Translates each distinct source in `file` through `translator` (which holds the
/// title's cache, or none).
pub fn warm_shaders(file: &Path, translator: &Translator) -> anyhow::Result<ShaderWarmth> {
    let mut warmth = ShaderWarmth {
        cache_dir: translator.cache_dir().map(Path::to_path_buf),
        translated: 0,
        already_cached: 0,
        without_source: 0,
    };
    let opened =
        std::fs::File::open(file).with_context(|| format!("opening {}", file.display()))?;
    let mut reader = RecordingReader::new(std::io::BufReader::new(opened))
        .with_context(|| format!("reading {}", file.display()))?;
    let mut seen: Vec<ModuleSource> = Vec::new();
    let mut variants = super::warm_variants::VariantInputs::default();
    let mut progress = crate::cli::progress::Progress::new("warm");
    while let Some(record) = reader
        .next_record()
        .with_context(|| format!("reading {}", file.display()))?
    {
        let maker = match record {
            Record::CreateProgram { maker, .. } => maker,
            Record::CommandList { list, .. } => {
                variants.note_commands(list.commands());
                continue;
            }
            _ => continue,
        };
        for module in maker.modules {
            variants.note_module(&module);
            let Some(source) = module.source else {
                warmth.without_source += 1;
                continue;
            };
            if warmth.cache_dir.is_none() || seen.iter().any(|other| same_input(other, &source)) {
                continue;
            }
            for shader in translate(translator, &source)? {
                match shader.cache {
                    CacheOutcome::Hit => warmth.already_cached += 1,
                    CacheOutcome::Miss | CacheOutcome::Rebuilt(_) | CacheOutcome::Off => {
                        warmth.translated += 1
                    }
                }
            }
            seen.push(source);
            progress.tick(|| {
                format!(
                    "{} shaders translated, {} already cached",
                    warmth.translated, warmth.already_cached
                )
            });
        }
    }
    // Compiled vertex programs for the integer attribute kinds the lists bind.
    if warmth.cache_dir.is_some() {
        for shader in variants.translate(translator)? {
            match shader.cache {
                CacheOutcome::Hit => warmth.already_cached += 1,
                CacheOutcome::Miss | CacheOutcome::Rebuilt(_) | CacheOutcome::Off => {
                    warmth.translated += 1
                }
            }
        }
    }
    Ok(warmth)
}

/// Whether two sources translate alike (their names aside).
fn same_input(one: &ModuleSource, other: &ModuleSource) -> bool {
    match (one, other) {
        (ModuleSource::Shader(one), ModuleSource::Shader(other)) => {
            one.stage == other.stage && one.code == other.code
        }
        (ModuleSource::Compiled(one), ModuleSource::Compiled(other)) => {
            one.kind == other.kind && one.code == other.code && one.slots == other.slots
        }
        _ => false,
    }
}

/// `source` translated again through `translator`: one shader, or a compiled geometry
/// program's one a primitive class.
fn translate(
    translator: &Translator,
    source: &ModuleSource,
) -> anyhow::Result<Vec<TranslatedShader>> {
    Ok(match source {
        ModuleSource::Shader(source) => vec![translator
            .translate(source)
            .with_context(|| format!("translating {} again", source.name))?],
        ModuleSource::Compiled(source) => translator
            .translate_compiled_source(source)
            .with_context(|| format!("translating compiled program {} again", source.name))?
            .shaders()
            .to_vec(),
    })
}

//! Helpers shared by the integration tests: translators, and independent checks with the
//! installed spirv-val, spirv-dis and spirv-cross (the translator itself runs none of them).

#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::Command;

use shader_translate::{
    CacheLocation, ShaderCode, ShaderSource, Stage, TranslateOptions, Translator,
};

pub fn translator(optimise: bool) -> Translator {
    Translator::new(TranslateOptions {
        optimise,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .expect("the translator starts")
}

pub fn strict_translator() -> Translator {
    Translator::new(TranslateOptions {
        optimise: true,
        cache: CacheLocation::Off,
        strict_portability: true,
    })
    .unwrap()
}

pub fn cached_translator(dir: &Path) -> Translator {
    Translator::new(TranslateOptions {
        optimise: true,
        cache: CacheLocation::Dir(dir.to_owned()),
        strict_portability: false,
    })
    .unwrap()
}

pub fn glsl(name: &str, stage: Stage, text: &str) -> ShaderSource {
    ShaderSource {
        name: name.to_owned(),
        stage,
        code: ShaderCode::Glsl(text.to_owned()),
    }
}

fn spirv_file(words: &[u32]) -> tempfile::NamedTempFile {
    let mut file = tempfile::Builder::new().suffix(".spv").tempfile().unwrap();
    let bytes: Vec<u8> = words.iter().flat_map(|word| word.to_le_bytes()).collect();
    file.write_all(&bytes).unwrap();
    file
}

/// spirv-val run on its own, as CI's independent witness; panics with its log on failure.
pub fn assert_spirv_val(words: &[u32]) {
    let file = spirv_file(words);
    let output = Command::new("spirv-val")
        .args(["--target-env", "vulkan1.1"])
        .arg(file.path())
        .output()
        .expect("spirv-val runs");
    assert!(
        output.status.success(),
        "spirv-val: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// SPIRV-Cross (the program; MoltenVK converts with the same library) to MSL 2.1:
/// `Err(log)` where it refuses the module.
pub fn spirv_cross_msl(words: &[u32]) -> Result<String, String> {
    let file = spirv_file(words);
    let output = Command::new("spirv-cross")
        .args(["--msl", "--msl-version", "20100"])
        .arg(file.path())
        .output()
        .expect("spirv-cross runs");
    if output.status.success() {
        Ok(String::from_utf8(output.stdout).unwrap())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// The run-time Metal verdict (naga in process) held against SPIRV-Cross: a portable
/// shader converts with SPIRV-Cross too, and what naga accepted SPIRV-Cross accepts.
pub fn assert_metal_verdict_holds(name: &str, translated: &shader_translate::TranslatedShader) {
    if translated.metal.portable() {
        let msl = spirv_cross_msl(&translated.spirv)
            .unwrap_or_else(|log| panic!("{name}: portable by naga, SPIRV-Cross refuses: {log}"));
        assert!(msl.contains("main0"), "{name}: {msl}");
    }
    if translated.metal.naga == shader_translate::Opinion::Accepted {
        let msl = translated.metal.msl.as_deref().unwrap_or_default();
        assert!(msl.contains("main"), "{name}: naga's MSL: {msl}");
    }
}

/// spirv-dis's text of a module.
pub fn disassemble(words: &[u32]) -> String {
    let file = spirv_file(words);
    let output = Command::new("spirv-dis")
        .arg(file.path())
        .output()
        .expect("spirv-dis runs");
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// (set, binding) of the variable named `name`, read from the disassembly.
pub fn decorated_binding(words: &[u32], name: &str) -> Option<(u32, u32)> {
    let text = disassemble(words);
    let literal = |decoration: &str| {
        let prefix = format!("OpDecorate %{name} {decoration} ");
        text.lines()
            .find_map(|line| line.trim().strip_prefix(prefix.as_str()))
            .and_then(|value| value.trim().parse::<u32>().ok())
    };
    Some((literal("DescriptorSet")?, literal("Binding")?))
}

/// NVN-model SPIR-V from glslangValidator, a front end independent of shaderc's setup.
pub fn glslang_validator_spirv(stage: Stage, text: &str) -> Vec<u32> {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join(format!("shader.{}", stage.short_name()));
    let output = dir.path().join("shader.spv");
    std::fs::write(&input, text).unwrap();
    let status = Command::new("glslangValidator")
        .args(["-V", "--target-env", "vulkan1.1", "-o"])
        .arg(&output)
        .arg(&input)
        .output()
        .expect("glslangValidator runs");
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stdout)
    );
    shader_translate::spirv_words_from_bytes(&std::fs::read(output).unwrap()).unwrap()
}

/// The DKSH module of corpus program `name` (`tests/maxwell_corpus/NAME/out.dksh`).
pub fn maxwell_dksh(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/maxwell_corpus")
        .join(name)
        .join("out.dksh");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

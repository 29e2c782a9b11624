//! Reproducer files: a failing program's GLSL with comment lines after `#version` giving
//! its stage, the seed of its inputs and the outcome it had, and uam's DKSH module of it
//! beside (`NAME.dksh`), so a test reruns it without uam. `tests/maxwell_fuzz_cases/`
//! keeps every reproducer of a fixed failure; `tests/maxwell_fuzz.rs` runs them all.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::check::Outcome;
use super::stages::{FuzzStage, OUTPUTS};

/// What a reproducer's comment lines say.
#[derive(Default)]
pub struct Header {
    pub stage: Option<String>,
    pub seed: Option<u64>,
}

impl Header {
    /// The `// stage: S` and `// seed: N` lines of `glsl`.
    pub fn read(glsl: &str) -> Header {
        let mut header = Header::default();
        for line in glsl.lines() {
            if let Some(stage) = line.strip_prefix("// stage: ") {
                header.stage = Some(stage.trim().to_string());
            }
            if let Some(seed) = line.strip_prefix("// seed: ") {
                header.seed = seed.trim().parse().ok();
            }
        }
        header
    }
}

/// Which result words of `glsl` hold float bits: those its stores fill through
/// `floatBitsToUint`.
pub fn float_words(glsl: &str) -> [bool; OUTPUTS] {
    let mut floats = [false; OUTPUTS];
    for line in glsl.lines() {
        let Some(rest) = line.trim().strip_prefix("results[at + ") else {
            continue;
        };
        let Some((word, value)) = rest.split_once("u] = ") else {
            continue;
        };
        if let Ok(word) = word.parse::<usize>() {
            if word < OUTPUTS && value.starts_with("floatBitsToUint(") {
                floats[word] = true;
            }
        }
    }
    floats
}

/// Writes program `seed`'s reproducer `glsl` (its outcome `outcome`) into `out` as
/// `STAGE_SEED.glsl`, and uam's module of it as `STAGE_SEED.dksh`. Returns the GLSL's path.
pub fn write(
    out: &Path,
    stage: FuzzStage,
    seed: u64,
    glsl: &str,
    outcome: &Outcome,
    uam: &Path,
    scratch: &Path,
) -> anyhow::Result<PathBuf> {
    let name = format!("{}_{seed}", stage.name());
    let (version, rest) = glsl.split_once('\n').unwrap_or((glsl, ""));
    let detail = outcome.detail().lines().next().unwrap_or("");
    let text = format!(
        "{version}\n// stage: {}\n// seed: {seed}\n// outcome: {}: {detail}\n{rest}",
        stage.name(),
        outcome.kind()
    );
    let path = out.join(format!("{name}.glsl"));
    std::fs::write(&path, &text).with_context(|| format!("writing {}", path.display()))?;
    if let Ok(dksh) = super::uam::compile(uam, scratch, stage, &text) {
        let dksh_path = out.join(format!("{name}.dksh"));
        std::fs::write(&dksh_path, dksh)
            .with_context(|| format!("writing {}", dksh_path.display()))?;
    }
    Ok(path)
}

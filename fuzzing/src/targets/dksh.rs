//! DKSH binaries (deko3d's compiled programs): parsed, then translated to SPIR-V, which
//! must validate whenever the translation is given.

use crate::{error_kind, outcome_of, Target};

pub struct Dksh;

impl Target for Dksh {
    fn name(&self) -> &'static str {
        "dksh"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let dir = super::repo_file("shader_translate/tests/maxwell_corpus");
        let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(|entry| std::fs::read(entry.ok()?.path().join("out.dksh")).ok())
                    .collect()
            })
            .unwrap_or_default();
        seeds.sort();
        seeds
    }

    fn run(&self, input: &[u8]) -> Result<u64, String> {
        if let Err(error) = shader_translate::maxwell::program::Program::from_dksh(input) {
            return Ok(error_kind(&error));
        }
        match super::translator().translate_dksh("fuzz.dksh", input) {
            Ok(translated) => {
                let stage = translated.reflection.stage;
                shader_translate::check_stage_module(&translated.spirv, stage)
                    .map_err(|log| format!("a translation that does not validate: {log}"))?;
                Ok(outcome_of(&format!("translated {stage:?}")))
            }
            Err(error) => Ok(error_kind(&error)),
        }
    }
}

//! The game-style programs of `tests/maxwell_games/` (skinning, PBR, shadows, deferred
//! lighting, post-processing, particles, culling, sorting, terrain tessellation, a
//! shadow-cube geometry stage), compiled with uam: every one translates, in the
//! translator's pipeline optimised and not, to SPIR-V that spirv-val accepts. Their
//! draws and dispatches against glslang's modules are the workspace's
//! `tests/maxwell_games.rs`.

mod common;

use std::path::Path;

use common::{assert_spirv_val, translator};
use shader_translate::maxwell::geometry::GeometryInput;

fn game_names() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_games");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("out.dksh").is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn game_dksh(name: &str) -> Vec<u8> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_games");
    std::fs::read(dir.join(name).join("out.dksh")).unwrap()
}

#[test]
fn every_game_program_translates() {
    let names = game_names();
    assert!(names.len() >= 40, "{} game programs", names.len());
    let (optimised, plain) = (translator(true), translator(false));
    let mut refused = Vec::new();
    for name in &names {
        let bytes = game_dksh(name);
        let translate = |translator: &shader_translate::Translator| {
            if name.starts_with("g_geom_") {
                translator.translate_dksh_geometry(name, &bytes, GeometryInput::Triangles)
            } else {
                translator.translate_dksh(name, &bytes)
            }
        };
        match translate(&optimised) {
            Ok(shader) => {
                assert_spirv_val(&shader.spirv);
                let unoptimised = translate(&plain).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_spirv_val(&unoptimised.spirv);
            }
            Err(e) => refused.push(format!("{name}: {e}")),
        }
    }
    eprintln!(
        "{} of {} game programs translate",
        names.len() - refused.len(),
        names.len()
    );
    assert!(refused.is_empty(), "refused:\n{}", refused.join("\n"));
}

#[test]
fn debug_one() {
    if let Ok(name) = std::env::var("ISA_ONE") {
        let r = translator(true).translate_dksh(&name, &game_dksh(&name));
        eprintln!("{:?}", r.map(|_| ()));
    }
}

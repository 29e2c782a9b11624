//! The game-style programs of `tests/maxwell_games/` (skinning, PBR, shadows, deferred
//! lighting, post-processing, particles, culling, sorting, terrain tessellation, a
//! shadow-cube geometry stage), compiled with uam: every one translates, in the
//! translator's pipeline optimised and not, to SPIR-V that spirv-val accepts, but for
//! those of [`NOT_YET`], each refused with the typed error it names. Their
//! draws and dispatches against glslang's modules are the workspace's
//! `tests/maxwell_games.rs`, `maxwell_game_textures.rs`, `maxwell_game_dispatches.rs`,
//! `maxwell_game_draws.rs` and `maxwell_game_stages.rs`.

mod common;

use std::path::Path;

use common::{assert_spirv_val, translator};
use shader_translate::maxwell::geometry::GeometryInput;
use shader_translate::maxwell::image_format::ImageFormat;
use shader_translate::maxwell::slots::{stage_index, SlotMap};

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

/// deko3d's slots with the image formats the program's GLSL states (as a port states
/// them for its programs).
fn game_slots(name: &str, bytes: &[u8]) -> SlotMap {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_games");
    let glsl = std::fs::read_to_string(dir.join(name).join("source.glsl")).unwrap();
    let kind = shader_translate::maxwell::dksh::parse(bytes)
        .unwrap()
        .programs[0]
        .header
        .kind;
    let mut slots = SlotMap::deko3d();
    for (slot, format) in ImageFormat::stated_in_glsl(&glsl) {
        slots.image_formats[stage_index(kind)][slot as usize] = Some(format);
    }
    slots
}

/// The programs that do not translate yet, each with what its refusal names
/// (`docs/maxwell.md` says why): when one starts translating, it leaves this list.
const NOT_YET: [(&str, &str); 0] = [];

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
                translator.translate_dksh_with(name, &bytes, &game_slots(name, &bytes))
            }
        };
        match translate(&optimised) {
            Ok(shader) => {
                assert_spirv_val(&shader.spirv);
                let unoptimised = translate(&plain).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_spirv_val(&unoptimised.spirv);
            }
            Err(e) => {
                let why = e.to_string();
                let known = NOT_YET
                    .iter()
                    .any(|(program, what)| program == name && why.contains(what));
                if !known {
                    refused.push(format!("{name}: {why}"));
                }
                eprintln!("{name}: {why}");
            }
        }
        if NOT_YET.iter().any(|(program, _)| program == name) {
            assert!(
                translate(&optimised).is_err(),
                "{name} translates now: take it off NOT_YET"
            );
        }
    }
    eprintln!(
        "{} of {} game programs translate",
        names.len() - refused.len() - NOT_YET.len(),
        names.len()
    );
    assert!(refused.is_empty(), "refused:\n{}", refused.join("\n"));
}

/// The generic input locations of `spirv` decorated `Centroid`.
fn centroid_locations(spirv: &[u32]) -> Vec<u32> {
    const OP_DECORATE: u32 = 71;
    const LOCATION: u32 = 30;
    const CENTROID: u32 = 16;
    let mut decorations: Vec<(u32, u32, Option<u32>)> = Vec::new();
    let mut at = 5;
    while at < spirv.len() {
        let (count, opcode) = ((spirv[at] >> 16) as usize, spirv[at] & 0xffff);
        if opcode == OP_DECORATE && count >= 3 {
            decorations.push((spirv[at + 1], spirv[at + 2], spirv.get(at + 3).copied()));
        }
        at += count.max(1);
    }
    let mut out: Vec<u32> = decorations
        .iter()
        .filter(|&&(_, decoration, _)| decoration == CENTROID)
        .filter_map(|&(target, _, _)| {
            decorations
                .iter()
                .find(|&&(t, d, _)| t == target && d == LOCATION)
                .and_then(|&(_, _, location)| location)
        })
        .collect();
    out.sort_unstable();
    out
}

/// `ipa centroid` (uam's reads of `centroid in` inputs): each location read at the
/// centroid is declared `Centroid`, as glslang declares the GLSL's, and no other.
#[test]
fn centroid_inputs_are_declared_centroid() {
    let name = "g_frag_centroid_inputs";
    let bytes = game_dksh(name);
    let ours = translator(false)
        .translate_dksh_with(name, &bytes, &game_slots(name, &bytes))
        .unwrap();
    let glsl = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/maxwell_games")
            .join(name)
            .join("source.glsl"),
    )
    .unwrap();
    let reference = translator(false)
        .translate(&shader_translate::ShaderSource {
            name: format!("{name}.glsl"),
            stage: shader_translate::Stage::Fragment,
            code: shader_translate::ShaderCode::Glsl(glsl),
        })
        .unwrap();
    assert_eq!(centroid_locations(&ours.spirv), vec![0, 1]);
    assert_eq!(centroid_locations(&reference.spirv), vec![0, 1]);
}

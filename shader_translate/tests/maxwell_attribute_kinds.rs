//! A compiled vertex program translated for its draw's attribute kinds: each generic
//! input is declared of the kind given (`vec4`, `ivec4`, `uvec4`, as glslang declares the
//! program's own GLSL inputs), the others stay float, and each kinds mask is its own
//! cache entry (a variant never hits the all-float translation's entry, nor another's).

mod common;

use std::path::Path;

use shader_translate::maxwell::attribute_kinds::{AttributeKind, AttributeKinds};
use shader_translate::maxwell::compiled_source::{CompiledCode, CompiledSource};
use shader_translate::maxwell::dksh::ProgramType;
use shader_translate::maxwell::slots::SlotMap;
use shader_translate::{CacheOutcome, Stage};

fn skinning() -> CompiledSource {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_games/g_vert_skinning");
    CompiledSource {
        name: "g_vert_skinning".into(),
        kind: ProgramType::Vertex,
        code: CompiledCode::Dksh(std::fs::read(dir.join("out.dksh")).unwrap()),
        slots: SlotMap::deko3d(),
    }
}

/// Each input's (location, type) of a translated vertex module.
fn input_types(words: &[u32]) -> Vec<(u32, String)> {
    let mut inputs: Vec<(u32, String)> = shader_translate::reflect_words(words, Stage::Vertex)
        .unwrap()
        .inputs
        .into_iter()
        .map(|input| (input.location, input.ty))
        .collect();
    inputs.sort();
    inputs
}

#[test]
fn each_input_is_declared_of_its_kind_as_glslang_declares_the_glsl() {
    let translator = common::translator(true);
    let source = skinning();
    // The GLSL's inputs: position, normal, tangent, joints (uvec4), weights, uv.
    let glsl_kinds = AttributeKinds::FLOAT.with(3, AttributeKind::Uint);
    for (kinds, joints) in [
        (AttributeKinds::FLOAT, "vec4"),
        (glsl_kinds, "uvec4"),
        (AttributeKinds::FLOAT.with(3, AttributeKind::Sint), "ivec4"),
    ] {
        let shader = translator
            .translate_compiled_vertex(&source, kinds)
            .unwrap();
        let inputs = input_types(&shader.spirv);
        let read: Vec<u32> = inputs.iter().map(|(location, _)| *location).collect();
        assert_eq!(read, [0, 1, 2, 3, 4, 5], "{inputs:?}");
        for (location, ty) in &inputs {
            let wanted = if *location == 3 { joints } else { "vec4" };
            assert_eq!(ty, wanted, "location {location} for {kinds:?}");
        }
    }
    // Kinds at a location the program does not read change nothing.
    let unread = translator
        .translate_compiled_vertex(
            &source,
            glsl_kinds.with(9, AttributeKind::Sint).only(0b11_1111),
        )
        .unwrap();
    let plain = translator
        .translate_compiled_vertex(&source, glsl_kinds)
        .unwrap();
    assert_eq!(unread.spirv, plain.spirv);
}

#[test]
fn each_kinds_mask_is_its_own_cache_entry() {
    let dir = tempfile::tempdir().unwrap();
    let translator = common::cached_translator(dir.path());
    let source = skinning();
    let uint = AttributeKinds::FLOAT.with(3, AttributeKind::Uint);
    let sint = AttributeKinds::FLOAT.with(3, AttributeKind::Sint);
    let outcome = |kinds| {
        translator
            .translate_compiled_vertex(&source, kinds)
            .unwrap()
            .cache
    };
    assert_eq!(outcome(AttributeKinds::FLOAT), CacheOutcome::Miss);
    assert_eq!(outcome(uint), CacheOutcome::Miss);
    assert_eq!(outcome(sint), CacheOutcome::Miss);
    assert_eq!(outcome(uint), CacheOutcome::Hit);
    assert_eq!(outcome(AttributeKinds::FLOAT), CacheOutcome::Hit);
    // The all-float variant is the default translation's entry.
    let default = translator.translate_compiled_source(&source).unwrap();
    assert_eq!(default.shaders()[0].cache, CacheOutcome::Hit);
}

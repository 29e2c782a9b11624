//! Compiled Maxwell geometry programs (uam's binaries in `tests/maxwell_corpus/x_geom_*`)
//! through the translator, for the input class the draw would give: each comes out as a
//! module spirv-val accepts whose execution modes are the ones glslangValidator gives
//! the same GLSL (the independent witness for the SPH's output topology, most vertices
//! and invocations, and for the input class). A geometry program without an input class,
//! another stage with one, and SPHs with geometry fields out of range are typed errors.

mod common;

use common::{assert_spirv_val, disassemble, glslang_validator_spirv, maxwell_dksh, translator};
use shader_translate::maxwell::geometry::GeometryInput;
use shader_translate::maxwell::ir::Unsupported;
use shader_translate::maxwell::translate::MaxwellError;
use shader_translate::Stage;

/// The geometry binaries and the input class each is written for.
const GEOMETRY: &[(&str, GeometryInput)] = &[
    ("x_geom_adjacency", GeometryInput::TrianglesAdjacency),
    ("x_geom_emit", GeometryInput::Triangles),
    ("x_geom_end_primitive", GeometryInput::Triangles),
    ("x_geom_layered", GeometryInput::Triangles),
    ("x_geom_line_strip", GeometryInput::Triangles),
    ("x_geom_pass", GeometryInput::Triangles),
    ("x_geom_points_quads", GeometryInput::Points),
];

fn source(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/maxwell_corpus")
        .join(name)
        .join("source.glsl");
    std::fs::read_to_string(path).unwrap()
}

/// A module's execution modes, without the entry point's id.
fn execution_modes(words: &[u32]) -> Vec<String> {
    let mut modes: Vec<String> = disassemble(words)
        .lines()
        .filter_map(|line| line.trim().strip_prefix("OpExecutionMode "))
        .map(|rest| rest.split_once(' ').unwrap().1.to_owned())
        .collect();
    modes.sort();
    modes
}

#[test]
fn geometry_binaries_translate_with_the_modes_glslang_gives_their_glsl() {
    let (optimised, plain) = (translator(true), translator(false));
    for &(name, input) in GEOMETRY {
        let bytes = maxwell_dksh(name);
        let ours = optimised
            .translate_dksh_geometry(name, &bytes, input)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_spirv_val(&ours.spirv);
        plain
            .translate_dksh_geometry(name, &bytes, input)
            .unwrap_or_else(|e| panic!("{name} unoptimised: {e}"));
        let reference = glslang_validator_spirv(Stage::Geometry, &source(name));
        assert_eq!(
            execution_modes(&ours.spirv),
            execution_modes(&reference),
            "{name}"
        );
        let text = disassemble(&ours.spirv);
        assert!(text.contains("OpEntryPoint Geometry"), "{name}");
        assert!(text.contains("OpEmitVertex"), "{name}");
        assert!(text.contains("OpEndPrimitive"), "{name}");
    }
}

/// The input class sizes every per-vertex input array: the pass-through program made for
/// each class declares `gl_in[]` of that many vertices (and passes spirv-val).
#[test]
fn each_input_class_sizes_the_per_vertex_arrays() {
    let translator = translator(false);
    let bytes = maxwell_dksh("x_geom_pass");
    for input in GeometryInput::ALL {
        let shader = translator
            .translate_dksh_geometry("x_geom_pass", &bytes, input)
            .unwrap_or_else(|e| panic!("{input:?}: {e}"));
        assert_spirv_val(&shader.spirv);
        let text = disassemble(&shader.spirv);
        let array = format!("OpTypeArray %v4float %uint_{}", input.vertices());
        assert!(text.contains(&array), "{input:?}: no `{array}` in\n{text}");
    }
}

#[test]
fn a_geometry_program_needs_an_input_class_and_only_it_takes_one() {
    let translator = translator(true);
    match translator.translate_dksh("x_geom_pass", &maxwell_dksh("x_geom_pass")) {
        Err(MaxwellError::Unsupported(Unsupported::NoGeometryInput)) => {}
        other => panic!("translated without an input class: {other:?}"),
    }
    match translator.translate_dksh_geometry(
        "dk_basic_vsh",
        &maxwell_dksh("dk_basic_vsh"),
        GeometryInput::Triangles,
    ) {
        Err(MaxwellError::Unsupported(Unsupported::GeometryInputForStage("vertex"))) => {}
        other => panic!("a vertex program took an input class: {other:?}"),
    }
}

/// Where the SPH sits in a uam module: at the program header's entry point, past the
/// control section.
fn sph_offset_b(bytes: &[u8]) -> usize {
    let control_b = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let programs_b = u32::from_le_bytes(bytes[16..20].try_into().unwrap()) as usize;
    let entry_b =
        u32::from_le_bytes(bytes[programs_b + 4..programs_b + 8].try_into().unwrap()) as usize;
    control_b + entry_b
}

/// A change to an SPH's 80 bytes.
type SphEdit = fn(&mut [u8]);

#[test]
fn geometry_header_fields_out_of_range_are_typed_errors() {
    let translator = translator(true);
    let original = maxwell_dksh("x_geom_pass");
    let sph = sph_offset_b(&original);
    // Checks the offset: the pass-through program's SPH says 3 vertices, triangle strip.
    assert_eq!(original[sph + 16], 3);
    assert_eq!(original[sph + 15] & 0xf, 7);
    let edits: [(&str, SphEdit, &str); 5] = [
        (
            "no output vertices",
            |s| s[16..18].copy_from_slice(&0u16.to_le_bytes()),
            "most output vertices",
        ),
        (
            "2000 output vertices",
            |s| s[16..18].copy_from_slice(&2000u16.to_le_bytes()),
            "most output vertices",
        ),
        (
            "output topology 3",
            |s| s[15] = (s[15] & 0xf0) | 3,
            "output topology",
        ),
        ("40 invocations", |s| s[11] = 40, "invocations"),
        ("stream 1", |s| s[3] |= 0x20, "stream mask"),
    ];
    for (what, edit, field) in edits {
        let mut bytes = original.clone();
        edit(&mut bytes[sph..sph + 0x50]);
        match translator.translate_dksh_geometry(what, &bytes, GeometryInput::Triangles) {
            Err(MaxwellError::Unsupported(Unsupported::Header { field: found, .. })) => {
                assert_eq!(found, field, "{what}")
            }
            other => panic!("{what}: {other:?}"),
        }
    }
}

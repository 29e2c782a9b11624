//! GLSL through the crate's translator (unoptimised and optimised), rewritten, then
//! checked by the SPIR-V validator and by reading back where `PointSize` is stored.

use super::*;
use crate::spirv::ops::op;
use crate::Translator;
use crate::{validate_spirv, CacheLocation, ShaderCode, ShaderSource, Stage, TranslateOptions};

fn translate(text: &str, optimise: bool) -> Vec<u32> {
    translate_stage(Stage::Vertex, text, optimise)
}

/// `text` of `stage` through the crate's translator, uncached.
pub(crate) fn translate_stage(stage: Stage, text: &str, optimise: bool) -> Vec<u32> {
    let translator = Translator::new(TranslateOptions {
        optimise,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .expect("the translator starts");
    let source = ShaderSource {
        name: format!("rewrite.{}", stage.short_name()),
        stage,
        code: ShaderCode::Glsl(text.to_owned()),
    };
    translator.translate(&source).expect("translates").spirv
}

const WRITES_NONE: &str = "#version 450\nlayout(location = 0) in vec4 position;\n\
    void main() { gl_Position = position; }\n";
const WRITES_ITS_OWN: &str = "#version 450\nlayout(location = 0) in vec4 position;\n\
    void main() { gl_Position = position; gl_PointSize = 7.0; }\n";

/// The float constants stored by the module's `OpStore`s, in order.
fn stored_floats(words: &[u32]) -> Vec<f32> {
    let module = Module::parse(words).unwrap();
    let constant = |id: u32| {
        module.instructions.iter().find_map(|instruction| {
            (instruction.opcode == op::CONSTANT && instruction.operands[1] == id)
                .then(|| f32::from_bits(instruction.operands[2]))
        })
    };
    module
        .instructions
        .iter()
        .filter(|instruction| instruction.opcode == op::STORE)
        .filter_map(|instruction| constant(instruction.operands[1]))
        .filter(|value| [1.0, 4.0, 7.0].contains(value))
        .collect()
}

#[test]
fn a_fixed_size_is_stored_last_and_a_program_size_keeps_the_shaders_write() {
    for optimise in [false, true] {
        for (text, own) in [(WRITES_NONE, None), (WRITES_ITS_OWN, Some(7.0))] {
            let words = translate(text, optimise);
            let fixed = write_point_size(&words, Some(4.0)).unwrap();
            validate_spirv(&fixed).unwrap_or_else(|why| panic!("fixed: {why}"));
            let stored = stored_floats(&fixed);
            assert_eq!(
                stored.last(),
                Some(&4.0),
                "the fixed size is the last store"
            );

            let program = write_point_size(&words, None).unwrap();
            validate_spirv(&program).unwrap_or_else(|why| panic!("program: {why}"));
            let stored = stored_floats(&program);
            assert_eq!(stored.first(), Some(&1.0), "1 px is stored first");
            assert_eq!(stored.last(), Some(&own.unwrap_or(1.0)));
        }
    }
}

#[test]
fn damaged_modules_are_errors() {
    assert!(matches!(
        write_point_size(&[1, 2, 3], Some(2.0)),
        Err(PointSizeError::Parse(_))
    ));
    let words = translate(WRITES_NONE, false);
    let mut module = Module::parse(&words).unwrap();
    module
        .instructions
        .retain(|instruction| instruction.opcode != op::ENTRY_POINT);
    assert_eq!(
        write_point_size(&module.to_words(), None),
        Err(PointSizeError::NoEntryPoint)
    );
}

const GEOMETRY_POINTS: &str = "#version 450\nlayout(triangles) in;\n\
    layout(points, max_vertices = 3) out;\n\
    void main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; EmitVertex(); } }\n";
const GEOMETRY_POINTS_SIZED: &str = "#version 450\nlayout(triangles) in;\n\
    layout(points, max_vertices = 3) out;\n\
    void main() { gl_Position = gl_in[0].gl_Position; gl_PointSize = 7.0; EmitVertex();\n\
    gl_Position = gl_in[1].gl_Position; gl_PointSize = 7.0; EmitVertex(); }\n";

/// For each emit of the module, the float constant stored last before it (since the
/// previous emit), if any.
fn sizes_at_emits(words: &[u32]) -> Vec<Option<f32>> {
    let module = Module::parse(words).unwrap();
    let constant = |id: u32| {
        module.instructions.iter().find_map(|instruction| {
            (instruction.opcode == op::CONSTANT && instruction.operands[1] == id)
                .then(|| f32::from_bits(instruction.operands[2]))
        })
    };
    let mut sizes = Vec::new();
    let mut last = None;
    for instruction in &module.instructions {
        match instruction.opcode {
            op::STORE => {
                if let Some(value) = constant(instruction.operands[1]) {
                    if [1.0, 4.0, 7.0].contains(&value) {
                        last = Some(value);
                    }
                }
            }
            OP_EMIT_VERTEX => sizes.push(last.take()),
            _ => {}
        }
    }
    sizes
}

#[test]
fn a_geometry_stage_is_sized_before_each_vertex_it_emits() {
    for optimise in [false, true] {
        let words = translate_stage(Stage::Geometry, GEOMETRY_POINTS, optimise);
        let fixed = write_point_size(&words, Some(4.0)).unwrap();
        validate_spirv(&fixed).unwrap_or_else(|why| panic!("fixed: {why}"));
        let sizes = sizes_at_emits(&fixed);
        assert!(!sizes.is_empty(), "the stage emits");
        assert!(sizes.iter().all(|size| *size == Some(4.0)), "{sizes:?}");

        let program = write_point_size(&words, None).unwrap();
        validate_spirv(&program).unwrap_or_else(|why| panic!("program: {why}"));
        assert!(sizes_at_emits(&program)
            .iter()
            .all(|size| *size == Some(1.0)));

        // A stage that sizes its own points keeps them, unless the size is fixed.
        let own = translate_stage(Stage::Geometry, GEOMETRY_POINTS_SIZED, optimise);
        let kept = write_point_size(&own, None).unwrap();
        validate_spirv(&kept).unwrap_or_else(|why| panic!("own: {why}"));
        assert_eq!(sizes_at_emits(&kept), vec![Some(7.0), Some(7.0)]);
        let fixed = write_point_size(&own, Some(4.0)).unwrap();
        assert_eq!(sizes_at_emits(&fixed), vec![Some(4.0), Some(4.0)]);
    }
}

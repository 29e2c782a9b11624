//! The Metal route: every stage translates; what MoltenVK lacks is named, a warning by
//! default and an error under strict portability.

mod common;

use shader_translate::{MoltenVkGap, Opinion, Stage, TranslateError};

const WIREFRAME_GEOM: &str = include_str!("stages/wireframe.geom");
const CAPTURE_VERT: &str = include_str!("stages/capture.vert");
const PATCH_TESC: &str = include_str!("stages/patch.tesc");
const PATCH_TESE: &str = include_str!("stages/patch.tese");

#[test]
fn geometry_shader_is_a_warning_by_default() {
    let translated = common::translator(true)
        .translate(&common::glsl(
            "wireframe.geom",
            Stage::Geometry,
            WIREFRAME_GEOM,
        ))
        .unwrap();
    common::assert_spirv_val(&translated.spirv);
    assert_eq!(translated.metal.gaps, [MoltenVkGap::GeometryShaders]);
    assert!(!translated.metal.portable());
    assert_eq!(translated.metal.msl, None);
    assert_eq!(
        translated.metal.problems(),
        ["MoltenVK lacks geometry shaders"]
    );
}

#[test]
fn geometry_shader_is_an_error_under_strict_portability() {
    let error = common::strict_translator()
        .translate(&common::glsl(
            "wireframe.geom",
            Stage::Geometry,
            WIREFRAME_GEOM,
        ))
        .unwrap_err();
    let TranslateError::NotPortable { check, .. } = &error else {
        panic!("{error:?}");
    };
    assert_eq!(check.gaps, [MoltenVkGap::GeometryShaders]);
    assert_eq!(
        error.to_string(),
        "wireframe.geom: cannot go to Metal (MoltenVK): MoltenVK lacks geometry shaders"
    );
}

#[test]
fn transform_feedback_is_named() {
    let source = common::glsl("capture.vert", Stage::Vertex, CAPTURE_VERT);
    let translated = common::translator(false).translate(&source).unwrap();
    assert_eq!(translated.metal.gaps, [MoltenVkGap::TransformFeedback]);
    let error = common::strict_translator().translate(&source).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("MoltenVK lacks transform feedback"),
        "{error}"
    );
}

#[test]
fn tessellation_stages_go_to_metal() {
    let translator = common::strict_translator();
    for (name, stage, text) in [
        ("patch.tesc", Stage::TessControl, PATCH_TESC),
        ("patch.tese", Stage::TessEval, PATCH_TESE),
    ] {
        let translated = translator
            .translate(&common::glsl(name, stage, text))
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        common::assert_spirv_val(&translated.spirv);
        assert!(translated.metal.portable(), "{name}");
        // What MoltenVK itself runs accepts what the run-time check let through.
        common::assert_metal_verdict_holds(name, &translated);
        // naga has no tessellation stages, so it gives no opinion.
        assert!(
            matches!(translated.metal.naga, Opinion::CannotRead(_)),
            "{name}"
        );
        assert_eq!(translated.reflection.stage, stage);
    }
}

#[test]
fn tessellation_reflection() {
    let translated = common::translator(true)
        .translate(&common::glsl("patch.tese", Stage::TessEval, PATCH_TESE))
        .unwrap();
    let reflection = &translated.reflection;
    assert_eq!(
        reflection.slots(shader_translate::ResourceKind::Texture),
        [2]
    );
    assert_eq!(reflection.inputs[0].ty, "vec2[32]");
    assert_eq!(reflection.outputs[0].ty, "vec2");
}

//! Why game GLSL goes through glslang: naga 30 cannot read NVN's combined samplers, in
//! GLSL or in glslang's SPIR-V. The renderer's kernels (no combined samplers) go through
//! naga; a combined sampler there is reported, not mistranslated.

mod common;

use shader_translate::{Stage, TranslateError};

const COMBINED_SAMPLER_FRAG: &str = "#version 450
layout(binding = 0) uniform sampler2D albedo;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() { colour = texture(albedo, uv); }
";

#[test]
fn naga_rejects_combined_samplers_in_glsl() {
    let mut frontend = naga::front::glsl::Frontend::default();
    let options = naga::front::glsl::Options::from(naga::ShaderStage::Fragment);
    assert!(frontend.parse(&options, COMBINED_SAMPLER_FRAG).is_err());
}

#[test]
fn naga_rejects_combined_samplers_in_glslang_spirv() {
    let words = common::glslang_validator_spirv(Stage::Fragment, COMBINED_SAMPLER_FRAG);
    let bytes: Vec<u8> = words.iter().flat_map(|word| word.to_le_bytes()).collect();
    let parsed = naga::front::spv::parse_u8_slice(&bytes, &Default::default());
    assert!(parsed.is_err());
}

#[test]
fn glslang_translates_the_same_shader() {
    let translated = common::translator(true)
        .translate(&common::glsl(
            "albedo.frag",
            Stage::Fragment,
            COMBINED_SAMPLER_FRAG,
        ))
        .unwrap();
    common::assert_spirv_val(&translated.spirv);
    assert!(translated.metal.portable());
}

#[test]
fn a_kernel_with_a_combined_sampler_is_a_compile_error() {
    let text = "#version 450
layout(local_size_x = 1) in;
layout(binding = 0) uniform sampler2D source_texture;
layout(std430, binding = 0) buffer Out { vec4 texel; };
void main() { texel = texture(source_texture, vec2(0.5)); }
";
    let error = common::translator(false)
        .build_kernel("sampler.comp", text)
        .unwrap_err();
    assert!(matches!(error, TranslateError::Compile(_)), "{error:?}");
    assert!(error.to_string().starts_with("sampler.comp:3:"), "{error}");
}

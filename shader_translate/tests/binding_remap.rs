//! The last slots of NVN's ranges land where the documented mapping says, read back from
//! the SPIR-V with spirv-dis, for GLSL and for SPIR-V input alike.

mod common;

use shader_translate::{host_binding, HostBinding, ResourceKind, ShaderCode, ShaderSource, Stage};

const FRAGMENT_TEXTURE_31: &str = "#version 450
layout(binding = 31) uniform sampler2D last_texture;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
void main() {
    colour = texture(last_texture, uv);
}
";

const VERTEX_UBO_15: &str = "#version 450
layout(std140, binding = 15) uniform LastBuffer {
    mat4 transform;
} last_buffer;
layout(location = 0) in vec4 position;
void main() {
    gl_Position = last_buffer.transform * position;
}
";

#[test]
fn mapping_of_the_last_slots() {
    assert_eq!(
        host_binding(Stage::Fragment, ResourceKind::Texture, 31),
        Some(HostBinding {
            set: 2,
            binding: 159
        })
    );
    assert_eq!(
        host_binding(Stage::Vertex, ResourceKind::UniformBuffer, 15),
        Some(HostBinding {
            set: 0,
            binding: 15
        })
    );
}

#[test]
fn fragment_texture_31_and_vertex_buffer_15_from_glsl() {
    for optimise in [false, true] {
        let translator = common::translator(optimise);
        let fragment = translator
            .translate(&common::glsl(
                "t31.frag",
                Stage::Fragment,
                FRAGMENT_TEXTURE_31,
            ))
            .unwrap();
        assert_eq!(
            common::decorated_binding(&fragment.spirv, "last_texture"),
            Some((2, 159))
        );
        assert_eq!(fragment.reflection.slots(ResourceKind::Texture), [31]);
        assert_eq!(
            fragment.reflection.resources[0].host,
            HostBinding {
                set: 2,
                binding: 159
            }
        );

        let vertex = translator
            .translate(&common::glsl("u15.vert", Stage::Vertex, VERTEX_UBO_15))
            .unwrap();
        assert_eq!(
            common::decorated_binding(&vertex.spirv, "last_buffer"),
            Some((0, 15))
        );
        assert_eq!(vertex.reflection.slots(ResourceKind::UniformBuffer), [15]);
    }
}

#[test]
fn same_results_from_spirv_input() {
    let translator = common::translator(true);
    let words = common::glslang_validator_spirv(Stage::Fragment, FRAGMENT_TEXTURE_31);
    let fragment = translator
        .translate(&ShaderSource {
            name: "t31.spv".into(),
            stage: Stage::Fragment,
            code: ShaderCode::Spirv(words),
        })
        .unwrap();
    common::assert_spirv_val(&fragment.spirv);
    assert_eq!(
        common::decorated_binding(&fragment.spirv, "last_texture"),
        Some((2, 159))
    );
    assert!(fragment.metal.portable());
}

#[test]
fn spirv_input_outside_set_0_is_refused() {
    let text = FRAGMENT_TEXTURE_31.replace("binding = 31", "set = 1, binding = 3");
    let words = common::glslang_validator_spirv(Stage::Fragment, &text);
    let error = common::translator(false)
        .translate(&ShaderSource {
            name: "set1.spv".into(),
            stage: Stage::Fragment,
            code: ShaderCode::Spirv(words),
        })
        .unwrap_err();
    assert!(error.to_string().contains("descriptor set 1"), "{error}");
}

#[test]
fn spirv_input_of_the_wrong_stage_is_refused() {
    let words = common::glslang_validator_spirv(Stage::Fragment, FRAGMENT_TEXTURE_31);
    let error = common::translator(false)
        .translate(&ShaderSource {
            name: "frag.spv".into(),
            stage: Stage::Vertex,
            code: ShaderCode::Spirv(words),
        })
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "frag.spv: the module's entry point is not a vert shader"
    );
}

/// A sampler array at slots 4-6 and a uniform block array at slots 2-3: one host binding
/// each (their first slot's), with their lengths; single resources are not listed.
#[test]
fn resource_arrays_keep_their_first_slots_binding_and_length() {
    const ARRAYS: &str = "#version 450
layout(binding = 4) uniform sampler2D maps[3];
layout(binding = 1) uniform sampler2D single;
layout(std140, binding = 2) uniform Lights { vec4 colour; } lights[2];
layout(location = 0) out vec4 colour;
void main() {
    colour = texture(maps[2], vec2(0.5)) + texture(single, vec2(0.5)) + lights[1].colour;
}
";
    for optimise in [false, true] {
        let fragment = common::translator(optimise)
            .translate(&common::glsl("arrays.frag", Stage::Fragment, ARRAYS))
            .unwrap();
        let mut arrays = shader_translate::resource_arrays(&fragment.spirv).unwrap();
        arrays.sort_by_key(|array| array.host.set);
        let found: Vec<(ResourceKind, Option<HostBinding>, u32, u32)> = arrays
            .iter()
            .map(|array| (array.kind, Some(array.host), array.first_slot, array.count))
            .collect();
        assert_eq!(
            found,
            [
                (
                    ResourceKind::UniformBuffer,
                    host_binding(Stage::Fragment, ResourceKind::UniformBuffer, 2),
                    2,
                    2
                ),
                (
                    ResourceKind::Texture,
                    host_binding(Stage::Fragment, ResourceKind::Texture, 4),
                    4,
                    3
                ),
            ],
            "optimise {optimise}"
        );
    }
}

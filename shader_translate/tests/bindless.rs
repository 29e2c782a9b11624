//! The bindless rewrite through the crate's public API, as the Vulkan executor calls it,
//! checked by spirv-val and spirv-dis run on their own.

mod common;

use shader_translate::{
    index_textures, pack_bindless_handle, IndexError, Stage, BINDLESS_IMAGE_BINDING,
    BINDLESS_SAMPLER_BINDING, BINDLESS_SET, MAX_BINDLESS_HANDLES,
};

const TWO_TEXTURES: &str = "#version 450
layout(binding = 9) uniform sampler2D detail;
layout(binding = 2) uniform samplerCube sky;
layout(location = 0) in vec3 direction;
layout(location = 0) out vec4 colour;
void main() {
    colour = texture(detail, direction.xy) + texture(sky, direction);
}
";

#[test]
fn a_translated_fragment_shader_goes_bindless() {
    for optimise in [false, true] {
        let translated = common::translator(optimise)
            .translate(&common::glsl("two.frag", Stage::Fragment, TWO_TEXTURES))
            .unwrap();
        let indexed = index_textures(&translated.spirv, Stage::Fragment, 3).unwrap();
        common::assert_spirv_val(&indexed.spirv_words);
        // Slot 2's handle is push element 3, slot 9's element 4.
        assert_eq!(indexed.slots, [2, 9]);
        assert_eq!(
            common::decorated_binding(&indexed.spirv_words, "detail"),
            None
        );
        assert_eq!(
            common::decorated_binding(&indexed.spirv_words, "bindless_samplers"),
            Some((BINDLESS_SET, BINDLESS_SAMPLER_BINDING))
        );
        for images in ["bindless_images_2d", "bindless_images_cube"] {
            assert_eq!(
                common::decorated_binding(&indexed.spirv_words, images),
                Some((BINDLESS_SET, BINDLESS_IMAGE_BINDING))
            );
        }
        let text = common::disassemble(&indexed.spirv_words);
        assert!(
            text.contains("OpCapability RuntimeDescriptorArray"),
            "{text}"
        );
        assert!(text.contains("OpTypeArray %uint %uint_5"), "{text}");
    }
}

#[test]
fn the_executor_sees_why_a_program_stays_per_slot() {
    let translated = common::translator(false)
        .translate(&common::glsl("two.frag", Stage::Fragment, TWO_TEXTURES))
        .unwrap();
    let error =
        index_textures(&translated.spirv, Stage::Fragment, MAX_BINDLESS_HANDLES - 1).unwrap_err();
    assert!(
        matches!(error, IndexError::TooManyHandles { .. }),
        "{error}"
    );
    assert_eq!(pack_bindless_handle(7, 3), (3 << 20) | 7);
}

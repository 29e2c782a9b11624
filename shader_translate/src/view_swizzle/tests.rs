//! GLSL through the crate's translator, rewritten, then checked by the SPIR-V validator
//! and by reading back the shuffle each read of the swizzled texture got.

use super::*;
use crate::point_size::tests::translate_stage;
use crate::{host_binding, validate_spirv, ResourceKind, Stage};

const READS: &str = "#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D swizzled;
layout(binding = 1) uniform sampler2D plain;
layout(binding = 2) uniform usampler2D integer;
void main() {
    colour = texture(swizzled, uv) + texelFetch(swizzled, ivec2(1, 2), 0) + texture(plain, uv)
        + vec4(texelFetch(integer, ivec2(0), 0));
}
";

const COMPARE: &str = "#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2DShadow shadow;
void main() { colour = vec4(texture(shadow, vec3(uv, 0.5))); }
";

fn at(slot: u32, components: [u32; 4]) -> ViewSwizzle {
    let host = host_binding(Stage::Fragment, ResourceKind::Texture, slot).unwrap();
    ViewSwizzle {
        set: host.set,
        binding: host.binding,
        element: 0,
        components,
    }
}

/// The lanes of each `OpVectorShuffle`.
fn shuffles(words: &[u32]) -> Vec<Vec<u32>> {
    Module::parse(words)
        .unwrap()
        .instructions
        .iter()
        .filter(|instruction| instruction.opcode == op::VECTOR_SHUFFLE)
        .map(|instruction| instruction.operands[4..].to_vec())
        .collect()
}

#[test]
fn reads_of_the_swizzled_textures_are_shuffled_and_others_left_alone() {
    const BGR1: [u32; 4] = [2, 1, 0, SWIZZLE_ONE];
    const ZERO_R: [u32; 4] = [SWIZZLE_ZERO, 0, 0, 0];
    for optimise in [false, true] {
        let words = translate_stage(Stage::Fragment, READS, optimise);
        let before = shuffles(&words).len();
        let swizzles = [at(0, BGR1), at(1, IDENTITY), at(2, ZERO_R)];
        let rewritten = apply_view_swizzle(&words, &swizzles).unwrap();
        validate_spirv(&rewritten).expect("the rewritten module validates");
        let mut added = shuffles(&rewritten)[..].to_vec();
        added.retain(|lanes| lanes.len() == 4 && !shuffles(&words).contains(lanes));
        assert_eq!(
            shuffles(&rewritten).len(),
            before + 3,
            "optimise {optimise}"
        );
        let mut expected = vec![vec![2, 1, 0, 7], vec![2, 1, 0, 7], vec![4, 0, 0, 0]];
        expected.sort();
        added.sort();
        assert_eq!(added, expected, "optimise {optimise}");
    }
}

#[test]
fn the_identity_changes_nothing_and_what_cannot_be_shuffled_is_refused() {
    let words = translate_stage(Stage::Fragment, READS, true);
    assert_eq!(
        apply_view_swizzle(&words, &[at(0, IDENTITY)]).unwrap(),
        words
    );
    assert_eq!(
        apply_view_swizzle(&words, &[at(0, [0, 1, 2, 6])]),
        Err(ViewSwizzleError::BadComponent(6))
    );
    let compare = translate_stage(Stage::Fragment, COMPARE, true);
    assert!(matches!(
        apply_view_swizzle(&compare, &[at(0, [0, 0, 0, SWIZZLE_ONE])]),
        Err(ViewSwizzleError::Unswizzled { .. })
    ));
}

//! GLSL through the crate's translator, rewritten, then checked by the SPIR-V validator
//! and by reading back the LOD operand each sampling instruction was given.

use super::*;
use crate::point_size::tests::translate_stage;
use crate::{host_binding, validate_spirv, ResourceKind, Stage};

const SAMPLES: &str = "#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D plain;
layout(binding = 1) uniform sampler2D other;
void main() {
    colour = texture(plain, uv) + texture(plain, uv, 0.25) + textureLod(plain, uv, 2.0)
        + texture(other, uv);
}
";

const GRADIENTS: &str = "#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D plain;
void main() { colour = textureGrad(plain, uv, vec2(0.1), vec2(0.1)); }
";

fn bias_at(slot: u32, bias: f32) -> SamplerBias {
    let host = host_binding(Stage::Fragment, ResourceKind::Texture, slot).unwrap();
    SamplerBias {
        set: host.set,
        binding: host.binding,
        element: 0,
        bias,
    }
}

/// Each sampling instruction's LOD operand, folded to a number: `Bias`/`Lod` constants
/// and sums of constants (`OpFAdd`), 0 where it has none.
fn lod_operands(words: &[u32]) -> Vec<(bool, f32)> {
    let module = Module::parse(words).unwrap();
    let index = ModuleIndex::new(&module);
    let value = |id: u32| -> f32 {
        if let Some(&bits) = index.constants.get(&id) {
            return f32::from_bits(bits);
        }
        let sum = module
            .instructions
            .iter()
            .find(|instruction| instruction.opcode == OP_F_ADD && instruction.operands[1] == id)
            .expect("an OpFAdd of constants");
        sum.operands[2..]
            .iter()
            .map(|id| f32::from_bits(index.constants[id]))
            .sum()
    };
    module
        .instructions
        .iter()
        .filter_map(|instruction| {
            let (mask_at, implicit) = sampling(instruction.opcode)?;
            let mask = instruction.operands.get(mask_at).copied().unwrap_or(0);
            let lod = match mask & (BIAS | LOD) {
                0 => 0.0,
                _ => value(instruction.operands[mask_at + 1]),
            };
            Some((implicit, lod))
        })
        .collect()
}

#[test]
fn the_bias_is_added_to_implicit_and_explicit_lods_of_the_biased_texture_only() {
    for optimise in [false, true] {
        let words = translate_stage(Stage::Fragment, SAMPLES, optimise);
        let mut before = lod_operands(&words);
        let biased = add_lod_bias(&words, &[bias_at(0, 1.5), bias_at(1, 0.0)]).unwrap();
        validate_spirv(&biased).expect("the rewritten module validates");
        let after = lod_operands(&biased);
        assert_eq!(before.len(), 4, "{before:?}");
        // The last sample reads `other`, whose sampler has no bias.
        let last = before.pop().unwrap();
        let mut expected: Vec<(bool, f32)> = before
            .iter()
            .map(|&(implicit, lod)| (implicit, lod + 1.5))
            .collect();
        expected.push(last);
        // The optimiser may reorder the sums; compare as sets.
        let key = |list: &[(bool, f32)]| {
            let mut list: Vec<(bool, u32)> = list
                .iter()
                .map(|&(implicit, lod)| (implicit, lod.to_bits()))
                .collect();
            list.sort();
            list
        };
        assert_eq!(key(&after), key(&expected), "optimise {optimise}");
    }
}

#[test]
fn no_bias_changes_nothing() {
    let words = translate_stage(Stage::Fragment, SAMPLES, true);
    assert_eq!(add_lod_bias(&words, &[bias_at(0, 0.0)]).unwrap(), words);
    assert_eq!(add_lod_bias(&words, &[]).unwrap(), words);
}

#[test]
fn gradients_and_garbage_are_refused_with_typed_errors() {
    let words = translate_stage(Stage::Fragment, GRADIENTS, true);
    assert!(matches!(
        add_lod_bias(&words, &[bias_at(0, 1.0)]),
        Err(LodBiasError::Gradients { .. })
    ));
    // Gradients of an unbiased texture are left alone.
    assert!(add_lod_bias(&words, &[bias_at(1, 1.0)]).is_ok());
    assert!(matches!(
        add_lod_bias(&[1, 2, 3], &[bias_at(0, 1.0)]),
        Err(LodBiasError::Parse(_))
    ));
}

//! A program's shader modules (graphics or compute) with what the device cannot do of the
//! bound textures done in them: samplers' LOD biases where it lacks `samplerMipLodBias`
//! (`shader_translate::add_lod_bias`), view swizzles where it lacks
//! `imageViewFormatSwizzle` (`shader_translate::apply_view_swizzle`).

use gpu::objects::Program;
use shader_translate::{ResourceKind, SamplerBias, ViewSwizzle};

use crate::error::{VkError, VkResult};

use super::graphics_state::BoundPatches;
use super::layout::program_slots;

/// Each module's patched words, in `program.modules` order (`None` where there is
/// nothing to patch).
pub fn patched_modules(
    program: &Program,
    patches: &BoundPatches,
) -> VkResult<Option<Vec<Vec<u32>>>> {
    if patches.lod_biases.is_empty() && patches.view_swizzles.is_empty() {
        return Ok(None);
    }
    let failed = |stage, what: &str, why: String| {
        VkError::Unsupported(format!(
            "{}: its {stage:?} stage's {what} in the shader: {why}",
            program.id
        ))
    };
    let slots = program_slots(program)?;
    let mut modules = Vec::with_capacity(program.modules.len());
    for module in &program.modules {
        let textures = slots
            .iter()
            .filter(|slot| slot.stage == module.stage && slot.kind == ResourceKind::Texture);
        let mut biases = Vec::new();
        let mut swizzles = Vec::new();
        for slot in textures {
            let named = |stage, at: u8| stage == slot.stage && u32::from(at) == slot.slot;
            let bias = patches
                .lod_biases
                .iter()
                .find(|bias| named(bias.stage, bias.slot))
                .map_or(0.0, |bias| f32::from_bits(bias.bias_bits));
            biases.push(SamplerBias {
                set: slot.set,
                binding: slot.binding,
                element: slot.element,
                bias,
            });
            let components = patches
                .view_swizzles
                .iter()
                .find(|swizzle| named(swizzle.stage, swizzle.slot))
                .map_or([0, 1, 2, 3], |swizzle| swizzle.components.map(u32::from));
            swizzles.push(ViewSwizzle {
                set: slot.set,
                binding: slot.binding,
                element: slot.element,
                components,
            });
        }
        let biased =
            shader_translate::add_lod_bias(&module.spirv_words, &biases).map_err(|why| {
                let what = "sampler LOD bias (the device lacks samplerMipLodBias)";
                failed(module.stage, what, why.to_string())
            })?;
        let swizzled = shader_translate::apply_view_swizzle(&biased, &swizzles).map_err(|why| {
            let what = "view swizzle (the device lacks imageViewFormatSwizzle)";
            failed(module.stage, what, why.to_string())
        })?;
        modules.push(swizzled);
    }
    Ok(Some(modules))
}

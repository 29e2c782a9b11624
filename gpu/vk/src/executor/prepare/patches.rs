//! What a draw's or a dispatch's shaders apply of its bound textures where the device
//! lacks the portability-subset feature that would: samplers' LOD biases without
//! `samplerMipLodBias`, view swizzles without `imageViewFormatSwizzle` (MoltenVK lacks
//! both). Samplers and views are then made without them and the graphics or compute
//! pipeline applies them in its shaders (`pipelines::patched_shaders`), so they are part
//! of what the pipeline is keyed by. Where the device has the features nothing is looked
//! up and the key holds none.

use gpu::objects::{ObjectTables, Program, Swizzle};

use crate::bringup::capabilities::Capabilities;
use crate::executor::pipelines::graphics_state::{BoundBias, BoundPatches, BoundSwizzle};

use super::bindings::{stage_index, Bindings};

/// Whether draws and dispatches on a device with `caps` may need patched shaders.
pub fn patches_needed(caps: &Capabilities) -> bool {
    !(caps.portability.sampler_mip_lod_bias && caps.portability.image_view_format_swizzle)
}

/// A swizzle component's source as `shader_translate` numbers it.
fn component(swizzle: Swizzle) -> u8 {
    match swizzle {
        Swizzle::R => 0,
        Swizzle::G => 1,
        Swizzle::B => 2,
        Swizzle::A => 3,
        Swizzle::Zero => shader_translate::SWIZZLE_ZERO as u8,
        Swizzle::One => shader_translate::SWIZZLE_ONE as u8,
    }
}

/// Fills `patches` (emptied first) with the non-zero LOD bias and the non-identity view
/// swizzle of each texture slot `program` reads, in (stage, slot) order, each where
/// `caps` lacks its feature. A slot whose handle or tables are not resolvable is left
/// out: resolving the draw's (or dispatch's) descriptors refuses it.
pub fn bound_patches(
    caps: &Capabilities,
    tables: &ObjectTables,
    program: &Program,
    bindings: &Bindings,
    patches: &mut BoundPatches,
) {
    patches.clear();
    let Some((texture_table, sampler_table)) = bindings.descriptor_tables else {
        return;
    };
    let texture_table = tables.texture_tables.get(texture_table);
    let sampler_table = tables.sampler_tables.get(sampler_table);
    let (biases, swizzles) = (
        !caps.portability.sampler_mip_lod_bias,
        !caps.portability.image_view_format_swizzle,
    );
    let mut modules: Vec<_> = program.modules.iter().collect();
    modules.sort_by_key(|module| stage_index(module.stage));
    for module in modules {
        let slots = module.reflection.texture_slots;
        let bound = &bindings.textures[stage_index(module.stage)];
        for slot in (0..32u32).filter(|slot| slots & (1 << slot) != 0) {
            let Some(handle) = bound[slot as usize] else {
                continue;
            };
            let bias = sampler_table
                .filter(|_| biases)
                .and_then(|table| table.entry(handle.sampler_slot))
                .and_then(|sampler| tables.samplers.get(sampler))
                .map_or(0.0, |sampler| sampler.maker.lod_bias);
            if bias != 0.0 {
                patches.lod_biases.push(BoundBias {
                    stage: module.stage,
                    slot: slot as u8,
                    bias_bits: bias.to_bits(),
                });
            }
            let swizzle = texture_table
                .filter(|_| swizzles)
                .and_then(|table| table.entry(handle.texture_slot))
                .and_then(|entry| tables.views.get(entry.view))
                .map_or(Swizzle::IDENTITY, |view| view.swizzle);
            if swizzle != Swizzle::IDENTITY {
                patches.view_swizzles.push(BoundSwizzle {
                    stage: module.stage,
                    slot: slot as u8,
                    components: swizzle.map(component),
                });
            }
        }
    }
}

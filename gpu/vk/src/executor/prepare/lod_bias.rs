//! The LOD biases of the samplers a draw binds, where the device lacks
//! `samplerMipLodBias` (MoltenVK): the samplers are made without it and the draw's
//! pipeline applies it in its shaders (`shader_translate::add_lod_bias`), so the biases
//! are part of what the pipeline is keyed by. Where the device has the feature nothing
//! is looked up and the key holds none.

use gpu::objects::{ObjectTables, Program};

use crate::executor::pipelines::graphics_state::BoundBias;

use super::bindings::{stage_index, Bindings};

/// Fills `biases` (emptied first) with the non-zero LOD bias of each texture slot
/// `program` reads, in (stage, slot) order. A slot whose handle or tables are not
/// resolvable is left out: resolving the draw's descriptors refuses it.
pub fn bound_lod_biases(
    tables: &ObjectTables,
    program: &Program,
    bindings: &Bindings,
    biases: &mut Vec<BoundBias>,
) {
    biases.clear();
    let Some(sampler_table) = bindings
        .descriptor_tables
        .and_then(|(_, samplers)| tables.sampler_tables.get(samplers))
    else {
        return;
    };
    for module in &program.modules {
        let slots = module.reflection.texture_slots;
        let bound = &bindings.textures[stage_index(module.stage)];
        for slot in (0..32u32).filter(|slot| slots & (1 << slot) != 0) {
            let bias = bound[slot as usize]
                .and_then(|handle| sampler_table.entry(handle.sampler_slot))
                .and_then(|sampler| tables.samplers.get(sampler))
                .map_or(0.0, |sampler| sampler.maker.lod_bias);
            if bias != 0.0 {
                biases.push(BoundBias {
                    stage: module.stage,
                    slot: slot as u8,
                    bias_bits: bias.to_bits(),
                });
            }
        }
    }
    biases.sort_by_key(|bias| (stage_index(bias.stage), bias.slot));
}

//! A program's shader modules for the bindless texture table: each stage's texture slots
//! read their image and sampler through handle words in push constants
//! (`shader_translate::index_textures`), numbered in the order the executor resolves the
//! slots, (host stage, slot).

use gpu::objects::Program;
use shader_translate::{index_textures, MAX_BINDLESS_HANDLES};

use super::layout::host_stage;

/// Each module's rewritten words, in `program.modules` order; `None` (with the reason
/// logged) when the program stays on the per-slot path: no textures, more handle words
/// than push constants hold, or a module the rewrite refuses. `sources`: the modules'
/// words to rewrite in place of the program's (in the same order).
pub fn bindless_modules(program: &Program, sources: Option<&[Vec<u32>]>) -> Option<Vec<Vec<u32>>> {
    let texture_count: u32 = program
        .modules
        .iter()
        .map(|module| module.reflection.texture_slots.count_ones())
        .sum();
    if texture_count == 0 {
        return None;
    }
    if texture_count > MAX_BINDLESS_HANDLES {
        tracing::debug!(target: "gpu_vk::executor", program = %program.id, texture_count,
            "more texture slots than push constants hold: per-slot descriptors");
        return None;
    }
    let mut order: Vec<usize> = (0..program.modules.len()).collect();
    order.sort_by_key(|&at| host_stage(program.modules[at].stage).index());
    let mut words = vec![Vec::new(); program.modules.len()];
    let mut first_handle = 0;
    for at in order {
        let module = &program.modules[at];
        let stage = host_stage(module.stage);
        let source = sources.map_or(&module.spirv_words[..], |sources| &sources[at]);
        let indexed = match index_textures(source, stage, first_handle) {
            Ok(indexed) => indexed,
            Err(error) => {
                tracing::debug!(target: "gpu_vk::executor", program = %program.id, %error,
                    "shader kept on per-slot texture descriptors");
                return None;
            }
        };
        let reflected = module.reflection.texture_slots;
        let found = indexed.slots.iter().fold(0u32, |mask, &slot| {
            mask | 1u32.checked_shl(slot).unwrap_or(0)
        });
        if found != reflected {
            tracing::warn!(target: "gpu_vk::executor", program = %program.id,
                ?stage, reflected, found,
                "bindless rewrite found other texture slots than reflection: per-slot descriptors");
            return None;
        }
        first_handle += indexed.slots.len() as u32;
        words[at] = indexed.spirv_words;
    }
    Some(words)
}

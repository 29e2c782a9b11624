//! The combined texture-sampler variables a stage reads from the host's texture set,
//! which push element serves each slot, and the removal of the variables afterwards.

use std::collections::HashMap;

use super::uses::global_id_operands;
use super::{IndexError, BINDLESS_SET, MAX_BINDLESS_HANDLES};
use crate::resources::resource_variables;
use crate::spirv::index::Type;
use crate::spirv::module::literal_string_words;
use crate::spirv::ops::{op, DIM_BUFFER};
use crate::spirv::{Module, ModuleIndex};
use crate::{ResourceKind, Stage};

/// A `uniform sampler*` variable (or a one-level array of them) in [`BINDLESS_SET`].
#[derive(Clone, Debug)]
pub(super) struct TextureVariable {
    pub id: u32,
    pub name: String,
    pub first_slot: u32,
    /// Element count of an array; `None` for a single texture.
    pub array_length: Option<u32>,
    pub sampled_image_type: u32,
    pub image_type: u32,
}

impl TextureVariable {
    pub(super) fn slot_count(&self) -> u32 {
        self.array_length.unwrap_or(1)
    }

    pub(super) fn unsupported_use(&self, opcode: u16) -> IndexError {
        IndexError::UnsupportedUse {
            name: self.name.clone(),
            slot: self.first_slot,
            opcode,
        }
    }
}

/// Every texture variable of `stage`'s module in [`BINDLESS_SET`], with its NVN slots.
pub(super) fn texture_variables(
    index: &ModuleIndex,
    stage: Stage,
) -> Result<Vec<TextureVariable>, IndexError> {
    let resources =
        resource_variables(index).map_err(|unsupported| IndexError::UnsupportedResource {
            name: unsupported.name,
            reason: unsupported.reason,
        })?;
    let slots_per_stage = ResourceKind::Texture.slots_per_stage();
    let stage_first_binding = stage.index() * slots_per_stage;
    let mut textures = Vec::new();
    for resource in resources {
        if resource.kind != ResourceKind::Texture || resource.set != Some(BINDLESS_SET) {
            continue;
        }
        let name = resource.name;
        let binding = resource
            .binding
            .ok_or_else(|| IndexError::NoBinding { name: name.clone() })?;
        let first_slot = binding.wrapping_sub(stage_first_binding);
        let in_stage = binding >= stage_first_binding
            && first_slot
                .checked_add(resource.count)
                .is_some_and(|end| end <= slots_per_stage);
        if !in_stage {
            return Err(IndexError::OutsideStage {
                name,
                binding,
                count: resource.count,
                stage,
            });
        }
        let variable = index
            .variables
            .iter()
            .find(|variable| variable.id == resource.id)
            .expect("resources are the index's variables");
        let pointee = index.pointee(variable.pointer_type).unwrap_or(0);
        let (array_length, sampled_image_type) = match index.types.get(&pointee) {
            Some(Type::Array { element, .. }) => (Some(resource.count), *element),
            _ => (None, pointee),
        };
        let Some(Type::SampledImage { image: image_type }) = index.types.get(&sampled_image_type)
        else {
            return Err(IndexError::NestedArray {
                name,
                slot: first_slot,
            });
        };
        if let Some(Type::Image {
            dim: DIM_BUFFER, ..
        }) = index.types.get(image_type)
        {
            return Err(IndexError::TexelBuffer {
                name,
                slot: first_slot,
            });
        }
        textures.push(TextureVariable {
            id: resource.id,
            name,
            first_slot,
            array_length,
            sampled_image_type,
            image_type: *image_type,
        });
    }
    Ok(textures)
}

/// Which push-constant element holds each slot's handle word.
pub(super) struct HandleLayout {
    first_handle: u32,
    /// Ascending, each once (two variables may share a slot).
    slots: Vec<u32>,
}

impl HandleLayout {
    pub(super) fn new(textures: &[TextureVariable], first_handle: u32) -> Result<Self, IndexError> {
        let mut slots: Vec<u32> = textures
            .iter()
            .flat_map(|texture| texture.first_slot..texture.first_slot + texture.slot_count())
            .collect();
        slots.sort_unstable();
        slots.dedup();
        let slot_count = slots.len() as u32;
        if first_handle
            .checked_add(slot_count)
            .is_none_or(|count| count > MAX_BINDLESS_HANDLES)
        {
            return Err(IndexError::TooManyHandles {
                first_handle,
                slot_count,
            });
        }
        Ok(HandleLayout {
            first_handle,
            slots,
        })
    }

    pub(super) fn slots(&self) -> &[u32] {
        &self.slots
    }

    /// Length of the push block's array: other stages' handles first, then this stage's.
    pub(super) fn handle_count(&self) -> u32 {
        self.first_handle + self.slots.len() as u32
    }

    /// The push element of `slot`'s handle word; an array's slots follow on from its first.
    pub(super) fn element(&self, slot: u32) -> u32 {
        let position = self
            .slots
            .binary_search(&slot)
            .expect("every texture slot is in the layout");
        self.first_handle + position as u32
    }
}

/// Takes out the declarations of `removed` (texture variables and the access chains into
/// them, each mapped to its texture's position in `textures`): variables, names,
/// decorations and entry-point interface entries.
pub(super) fn remove_declarations(
    module: &mut Module,
    removed: &HashMap<u32, usize>,
    textures: &[TextureVariable],
) -> Result<(), IndexError> {
    let functions_start = module.functions_start();
    for instruction in &module.instructions[..functions_start] {
        let referenced = global_id_operands(instruction)
            .iter()
            .find_map(|id| removed.get(id));
        if let Some(&texture) = referenced {
            return Err(textures[texture].unsupported_use(instruction.opcode));
        }
    }
    let mut at = 0;
    module.instructions.retain(|instruction| {
        at += 1;
        if at > functions_start {
            return true;
        }
        let target = instruction.operands.first();
        match instruction.opcode {
            op::NAME | op::DECORATE | op::DECORATE_ID | op::DECORATE_STRING => {
                !target.is_some_and(|id| removed.contains_key(id))
            }
            op::VARIABLE => !instruction
                .operands
                .get(1)
                .is_some_and(|id| removed.contains_key(id)),
            _ => true,
        }
    });
    for instruction in &mut module.instructions {
        if instruction.opcode == op::ENTRY_POINT && instruction.operands.len() > 2 {
            let interface_start = 2 + literal_string_words(&instruction.operands[2..]);
            let mut position = 0;
            instruction.operands.retain(|id| {
                position += 1;
                position <= interface_start || !removed.contains_key(id)
            });
        }
    }
    Ok(())
}

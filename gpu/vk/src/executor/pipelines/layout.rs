//! A program's pipeline layout: the host descriptor bindings its stages reflect, one set
//! per resource kind (`shader_translate::host_binding`). Only the slots a stage uses are
//! declared, so a layout is as small as its program.

use std::sync::Arc;

use ash::vk;
use gpu::objects::{Program, Stage};
use shader_translate::{host_binding, resource_arrays, ResourceKind, POOL_TABLE_HOST};

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};

/// The slot number a [`SlotUse`] of the pool table carries (past every NVN slot): the
/// table raw pointers in shaders search, bound by the executor, not the game.
pub const POOL_TABLE_SLOT: u32 = u32::MAX;

/// One descriptor a program uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotUse {
    pub stage: Stage,
    pub kind: ResourceKind,
    pub slot: u32,
    pub set: u32,
    pub binding: u32,
    /// The slot's element of its binding: a resource array takes consecutive slots but
    /// one binding (its first slot's), `array_len` descriptors long.
    pub element: u32,
    pub array_len: u32,
    /// How the layout declares it: a buffer may be dynamic (its offset given at bind).
    pub ty: vk::DescriptorType,
}

pub fn host_stage(stage: Stage) -> shader_translate::Stage {
    use shader_translate::Stage as T;
    match stage {
        Stage::Vertex => T::Vertex,
        Stage::TessControl => T::TessControl,
        Stage::TessEval => T::TessEval,
        Stage::Geometry => T::Geometry,
        Stage::Fragment => T::Fragment,
        Stage::Compute => T::Compute,
    }
}

pub fn stage_flags(stage: Stage) -> vk::ShaderStageFlags {
    match stage {
        Stage::Vertex => vk::ShaderStageFlags::VERTEX,
        Stage::TessControl => vk::ShaderStageFlags::TESSELLATION_CONTROL,
        Stage::TessEval => vk::ShaderStageFlags::TESSELLATION_EVALUATION,
        Stage::Geometry => vk::ShaderStageFlags::GEOMETRY,
        Stage::Fragment => vk::ShaderStageFlags::FRAGMENT,
        Stage::Compute => vk::ShaderStageFlags::COMPUTE,
    }
}

pub fn descriptor_type(kind: ResourceKind) -> vk::DescriptorType {
    match kind {
        ResourceKind::UniformBuffer => vk::DescriptorType::UNIFORM_BUFFER,
        ResourceKind::StorageBuffer => vk::DescriptorType::STORAGE_BUFFER,
        ResourceKind::Texture => vk::DescriptorType::COMBINED_IMAGE_SAMPLER,
        ResourceKind::Image => vk::DescriptorType::STORAGE_IMAGE,
    }
}

/// Whether a descriptor's buffer offset is given when its set is bound.
pub fn is_dynamic(ty: vk::DescriptorType) -> bool {
    ty == vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC
        || ty == vk::DescriptorType::STORAGE_BUFFER_DYNAMIC
}

/// Makes the first buffer slots dynamic, up to the device's limits of dynamic uniform
/// and storage buffers in a layout: draws that only move a buffer's offset then share
/// one descriptor set.
pub fn make_buffers_dynamic(slots: &mut [SlotUse], max_uniform: u32, max_storage: u32) {
    let (mut uniform, mut storage) = (0, 0);
    for slot in slots {
        let (count, max, dynamic) = match slot.kind {
            ResourceKind::UniformBuffer => (
                &mut uniform,
                max_uniform,
                vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC,
            ),
            ResourceKind::StorageBuffer => (
                &mut storage,
                max_storage,
                vk::DescriptorType::STORAGE_BUFFER_DYNAMIC,
            ),
            ResourceKind::Texture | ResourceKind::Image => continue,
        };
        // An array's elements share one binding, so one descriptor type; the pool table
        // has no offset to move.
        if slot.array_len > 1 || slot.slot == POOL_TABLE_SLOT {
            continue;
        }
        if *count < max {
            *count += 1;
            slot.ty = dynamic;
        }
    }
}

/// Every descriptor `program` uses, from its stages' reflection. Push constants (which
/// NVN programs do not have) are refused.
pub fn program_slots(program: &Program) -> VkResult<Vec<SlotUse>> {
    let mut slots = Vec::new();
    for module in &program.modules {
        let reflection = &module.reflection;
        let unsupported = [(reflection.push_constants_b != 0, "push constants")];
        if let Some((_, what)) = unsupported.iter().find(|(used, _)| *used) {
            return Err(VkError::Unsupported(format!(
                "{}: {:?} stage uses {what} (not bound by the executor yet)",
                program.id, module.stage
            )));
        }
        // Arrays of the module (its words were validated when translated).
        let arrays = resource_arrays(&module.spirv_words).unwrap_or_default();
        for (kind, mask) in [
            (
                ResourceKind::UniformBuffer,
                u32::from(reflection.uniform_slots),
            ),
            (
                ResourceKind::StorageBuffer,
                u32::from(reflection.storage_slots),
            ),
            (ResourceKind::Texture, reflection.texture_slots),
            (ResourceKind::Image, u32::from(reflection.image_slots)),
        ] {
            for slot in (0..kind.slots_per_stage()).filter(|slot| mask & (1 << slot) != 0) {
                let array = arrays.iter().find(|array| {
                    array.kind == kind
                        && (array.first_slot..array.first_slot + array.count).contains(&slot)
                });
                let (host, element, array_len) = match array {
                    Some(array) => (array.host, slot - array.first_slot, array.count),
                    None => (
                        host_binding(host_stage(module.stage), kind, slot)
                            .expect("reflected slots are inside NVN's range"),
                        0,
                        1,
                    ),
                };
                slots.push(SlotUse {
                    stage: module.stage,
                    kind,
                    slot,
                    set: host.set,
                    binding: host.binding,
                    element,
                    array_len,
                    ty: descriptor_type(kind),
                });
            }
        }
        // A stage that dereferences raw addresses reads the pool table.
        if shader_translate::uses_pool_table(&module.spirv_words).unwrap_or(false) {
            slots.push(SlotUse {
                stage: module.stage,
                kind: ResourceKind::StorageBuffer,
                slot: POOL_TABLE_SLOT,
                set: POOL_TABLE_HOST.set,
                binding: POOL_TABLE_HOST.binding,
                element: 0,
                array_len: 1,
                ty: vk::DescriptorType::STORAGE_BUFFER,
            });
        }
    }
    Ok(slots)
}

pub struct ProgramLayout {
    pub raw: vk::PipelineLayout,
    pub set_layouts: Vec<vk::DescriptorSetLayout>,
    pub slots: Vec<SlotUse>,
    /// The stages given handle words in push constants (bindless textures; empty on the
    /// per-slot path), one word a texture slot.
    pub handle_stages: vk::ShaderStageFlags,
    /// The set whose layout is the shared bindless table's (not destroyed here).
    shared_set: Option<usize>,
    device: Arc<Device>,
}

impl ProgramLayout {
    /// Every buffer a plain descriptor (dispatches write their sets each time).
    pub fn new(device: &Arc<Device>, program: &Program) -> VkResult<ProgramLayout> {
        ProgramLayout::with_slots(device, program_slots(program)?, None)
    }

    /// Buffers dynamic where the device allows (draws reuse sets across offsets), and no
    /// more than `cap` of each kind when given. With `bindless`, the texture set is the
    /// shared bindless table and the texture slots' handle words are push constants.
    pub fn for_draws(
        device: &Arc<Device>,
        program: &Program,
        cap: Option<u32>,
        bindless: Option<vk::DescriptorSetLayout>,
    ) -> VkResult<ProgramLayout> {
        let mut slots = program_slots(program)?;
        // SAFETY: a plain query on the device's physical device.
        let limits = unsafe {
            device
                .instance
                .raw
                .get_physical_device_properties(device.physical)
        }
        .limits;
        let cap = cap.unwrap_or(u32::MAX);
        make_buffers_dynamic(
            &mut slots,
            limits.max_descriptor_set_uniform_buffers_dynamic.min(cap),
            limits.max_descriptor_set_storage_buffers_dynamic.min(cap),
        );
        ProgramLayout::with_slots(device, slots, bindless)
    }

    fn with_slots(
        device: &Arc<Device>,
        mut slots: Vec<SlotUse>,
        bindless: Option<vk::DescriptorSetLayout>,
    ) -> VkResult<ProgramLayout> {
        // Dynamic offsets are given in (set, binding) order: resolved descriptors follow
        // the slots' order.
        slots.sort_by_key(|slot| (slot.set, slot.binding, slot.element));
        let set_count = slots.iter().map(|slot| slot.set + 1).max().unwrap_or(0);
        let mut layout = ProgramLayout {
            raw: vk::PipelineLayout::null(),
            set_layouts: Vec::new(),
            slots,
            handle_stages: vk::ShaderStageFlags::empty(),
            shared_set: None,
            device: device.clone(),
        };
        let textures = layout
            .slots
            .iter()
            .filter(|slot| slot.kind == ResourceKind::Texture);
        for slot in textures.clone() {
            layout.handle_stages |= stage_flags(slot.stage);
        }
        let texture_set = ResourceKind::Texture.host_set();
        for set in 0..set_count {
            if let Some(shared) = bindless.filter(|_| set == texture_set) {
                layout.shared_set = Some(set as usize);
                layout.set_layouts.push(shared);
                continue;
            }
            let mut bindings: Vec<vk::DescriptorSetLayoutBinding> = Vec::new();
            // An array's binding once, from its first element.
            for slot in (layout.slots.iter()).filter(|slot| slot.set == set && slot.element == 0) {
                // The pool table: one binding, seen by every stage that reads it.
                if let Some(shared) = bindings.iter_mut().find(|b| b.binding == slot.binding) {
                    shared.stage_flags |= stage_flags(slot.stage);
                    continue;
                }
                bindings.push(
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(slot.binding)
                        .descriptor_type(slot.ty)
                        .descriptor_count(slot.array_len)
                        .stage_flags(stage_flags(slot.stage)),
                );
            }
            let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings);
            // SAFETY: valid create info; bindings are distinct (one per stage and slot).
            let set_layout = unsafe { device.raw.create_descriptor_set_layout(&info, None) }
                .map_err(map_vk("creating a descriptor set layout"))?;
            layout.set_layouts.push(set_layout);
        }
        let mut push_ranges = Vec::new();
        if layout.shared_set.is_some() {
            push_ranges.push(vk::PushConstantRange {
                stage_flags: layout.handle_stages,
                offset: 0,
                size: textures.count() as u32 * 4,
            });
        } else {
            layout.handle_stages = vk::ShaderStageFlags::empty();
        }
        let info = vk::PipelineLayoutCreateInfo::default()
            .set_layouts(&layout.set_layouts)
            .push_constant_ranges(&push_ranges);
        // SAFETY: the set layouts are live (dropped with `layout` on error).
        layout.raw = unsafe { device.raw.create_pipeline_layout(&info, None) }
            .map_err(map_vk("creating a pipeline layout"))?;
        Ok(layout)
    }
}

impl Drop for ProgramLayout {
    fn drop(&mut self) {
        // SAFETY: layouts are dropped with their pipeline, after its last use; a null
        // pipeline layout (creation failed) is ignored by the driver.
        unsafe {
            self.device.raw.destroy_pipeline_layout(self.raw, None);
            for (set, &set_layout) in self.set_layouts.iter().enumerate() {
                if self.shared_set == Some(set) {
                    continue;
                }
                self.device
                    .raw
                    .destroy_descriptor_set_layout(set_layout, None);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use gpu::objects::{ShaderModule, StageMask, StageReflection};
    use gpu::ProgramId;

    use super::*;

    fn program(reflection: StageReflection) -> Program {
        Program::new(
            ProgramId::from_raw(1).unwrap(),
            StageMask::COMPUTE,
            vec![ShaderModule {
                stage: Stage::Compute,
                spirv_words: vec![gpu::objects::program::SPIRV_MAGIC],
                reflection,
                geometry_inputs: Vec::new(),
                source: None,
            }],
        )
    }

    #[test]
    fn reflected_buffer_slots_map_to_host_bindings() {
        let slots = program_slots(&program(StageReflection {
            uniform_slots: 0b1,
            storage_slots: 0b100,
            ..Default::default()
        }))
        .unwrap();
        assert_eq!(
            slots,
            [
                SlotUse {
                    stage: Stage::Compute,
                    kind: ResourceKind::UniformBuffer,
                    slot: 0,
                    set: 0,
                    binding: 5 * 16,
                    element: 0,
                    array_len: 1,
                    ty: vk::DescriptorType::UNIFORM_BUFFER,
                },
                SlotUse {
                    stage: Stage::Compute,
                    kind: ResourceKind::StorageBuffer,
                    slot: 2,
                    set: 1,
                    binding: 5 * 16 + 2,
                    element: 0,
                    array_len: 1,
                    ty: vk::DescriptorType::STORAGE_BUFFER,
                }
            ]
        );
    }

    #[test]
    fn push_constants_are_refused() {
        let reflection = StageReflection {
            push_constants_b: 16,
            ..Default::default()
        };
        assert!(matches!(
            program_slots(&program(reflection)),
            Err(VkError::Unsupported(_))
        ));
    }

    #[test]
    fn textures_and_images_go_to_their_own_sets() {
        let slots = program_slots(&program(StageReflection {
            texture_slots: 1 << 31,
            image_slots: 1 << 7,
            ..Default::default()
        }))
        .unwrap();
        let sets: Vec<(u32, u32)> = slots.iter().map(|s| (s.set, s.binding)).collect();
        assert_eq!(sets, [(2, 5 * 32 + 31), (3, 5 * 8 + 7)]);
    }

    #[test]
    fn buffers_turn_dynamic_up_to_the_limits() {
        let mut slots = program_slots(&program(StageReflection {
            uniform_slots: 0b111,
            storage_slots: 0b1,
            texture_slots: 0b1,
            ..Default::default()
        }))
        .unwrap();
        make_buffers_dynamic(&mut slots, 2, 0);
        let types: Vec<vk::DescriptorType> = slots.iter().map(|s| s.ty).collect();
        assert_eq!(
            types,
            [
                vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC,
                vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC,
                vk::DescriptorType::UNIFORM_BUFFER,
                vk::DescriptorType::STORAGE_BUFFER,
                vk::DescriptorType::COMBINED_IMAGE_SAMPLER,
            ]
        );
    }
}

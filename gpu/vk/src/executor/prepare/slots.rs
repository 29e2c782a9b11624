//! A program's descriptors resolved against what is bound: buffer slots to pool buffer
//! ranges (within the device's alignment and range limits), texture slots through the
//! bound descriptor tables to a sampled view and a sampler. Writing them into sets from
//! the frame's pools is `record::sets`.

use ash::vk;
use gpu::objects::{DescriptorKind, ObjectTables};
use gpu::{PoolId, ProgramId};
use shader_translate::ResourceKind;

use crate::bringup::capabilities::Capabilities;
use crate::bringup::device::Device;
use crate::error::{VkError, VkResult};
use crate::executor::pipelines::layout::{SlotUse, POOL_TABLE_SLOT};
use crate::executor::prepared::descriptors::{BufferSource, Descriptor, Resolved, Resource};
use crate::executor::resources::pools::PoolTable;
use crate::executor::resources::samplers::SamplerCache;
use crate::executor::resources::textures::{ImageTable, ResolvedHandle};
use crate::image_cache::Use;

use super::bindings::{stage_index, Bindings};

/// The executor's tables a resolution reads and fills.
pub struct SlotContext<'a> {
    pub device: &'a Device,
    pub tables: &'a ObjectTables,
    pub pools: &'a PoolTable,
    pub images: &'a mut ImageTable,
    pub samplers: &'a mut SamplerCache,
}

/// The range a uniform (or storage) buffer descriptor at pool offset `offset_b` covers:
/// refused when the offset breaks the device's alignment, clamped to its range limit.
pub fn checked_buffer_range(
    caps: &Capabilities,
    storage: bool,
    offset_b: u64,
    size_b: u64,
) -> VkResult<u64> {
    let (alignment_b, max_range_b) = if storage {
        (
            caps.min_storage_buffer_offset_alignment_b,
            caps.max_storage_buffer_range_b,
        )
    } else {
        (
            caps.min_uniform_buffer_offset_alignment_b,
            caps.max_uniform_buffer_range_b,
        )
    };
    // Vulkan's offset alignments are powers of two: a mask, not a division (this runs
    // for every buffer of every draw).
    let misaligned = if alignment_b.is_power_of_two() {
        offset_b & (alignment_b - 1) != 0
    } else {
        !offset_b.is_multiple_of(alignment_b.max(1))
    };
    if misaligned {
        let kind = if storage {
            ResourceKind::StorageBuffer
        } else {
            ResourceKind::UniformBuffer
        };
        return Err(VkError::Unsupported(format!(
            "a {} at pool offset {offset_b:#x}, not aligned to the device's {alignment_b} bytes",
            kind.as_str()
        )));
    }
    let range_b = size_b.min(max_range_b);
    if range_b < size_b {
        tracing::debug!(target: "gpu_vk::executor", size_b, range_b,
            "buffer binding clamped to the device's range limit");
    }
    Ok(range_b)
}

impl SlotContext<'_> {
    pub fn resolve(
        &mut self,
        program: ProgramId,
        slots: &[SlotUse],
        bindings: &Bindings,
    ) -> VkResult<Resolved> {
        let mut resolved = Resolved {
            descriptors: Vec::with_capacity(slots.len()),
            ..Resolved::default()
        };
        self.resolve_into(program, slots, bindings, &mut resolved)?;
        Ok(resolved)
    }

    /// `resolve` into `resolved`, emptied first (a draw reuses one `Resolved`).
    pub fn resolve_into(
        &mut self,
        program: ProgramId,
        slots: &[SlotUse],
        bindings: &Bindings,
        resolved: &mut Resolved,
    ) -> VkResult<()> {
        resolved.clear();
        for slot in slots {
            let unbound = || VkError::UnboundSlot {
                program,
                stage: slot.stage,
                kind: slot.kind.as_str(),
                slot: slot.slot,
            };
            if slot.slot == POOL_TABLE_SLOT {
                self.pool_table(slot, resolved)?;
                continue;
            }
            let stage = stage_index(slot.stage);
            let mut source = None;
            let resource = match slot.kind {
                ResourceKind::UniformBuffer | ResourceKind::StorageBuffer => {
                    let storage = slot.kind == ResourceKind::StorageBuffer;
                    let bound = if storage {
                        bindings.storage[stage][slot.slot as usize]
                    } else {
                        bindings.uniform[stage][slot.slot as usize]
                    };
                    let (resource, pool, base_b) =
                        self.buffer(slot.kind, bound.ok_or_else(unbound)?, resolved)?;
                    source = Some(BufferSource {
                        storage,
                        stage: stage as u8,
                        slot: slot.slot as u8,
                        pool,
                        base_b,
                    });
                    resource
                }
                ResourceKind::Texture => {
                    let first = slot.slot - slot.element;
                    let handle = (bindings)
                        .array_texture(stage, slot.slot, (first, slot.array_len))
                        .ok_or_else(unbound)?;
                    self.texture(handle, bindings, resolved)?
                }
                ResourceKind::Image => {
                    let first = slot.slot - slot.element;
                    let handle = (bindings)
                        .array_image(stage, slot.slot, (first, slot.array_len))
                        .ok_or_else(unbound)?;
                    self.image(handle, bindings, resolved)?
                }
            };
            resolved.descriptors.push(Descriptor {
                set: slot.set,
                binding: slot.binding,
                element: slot.element,
                ty: slot.ty,
                resource,
                source,
            });
        }
        Ok(())
    }

    /// The pool table's descriptor (once for all the stages that read it), and every live
    /// pool as used and written: a raw pointer may reach any of them.
    fn pool_table(&mut self, slot: &SlotUse, resolved: &mut Resolved) -> VkResult<()> {
        let bound = |d: &Descriptor| d.set == slot.set && d.binding == slot.binding;
        if resolved.descriptors.iter().any(bound) {
            return Ok(());
        }
        let (buffer, live) = self.pools.pointer_table().ok_or_else(|| {
            VkError::Unsupported(
                "a program dereferences raw addresses, and the device has no pool table (bufferDeviceAddress, shaderInt64, fragmentStoresAndAtomics and vertexPipelineStoresAndAtomics)".into(),
            )
        })?;
        for (pool, size_b) in live {
            resolved.pools.push(pool);
            resolved.writes.push((pool, 0, size_b));
        }
        resolved.descriptors.push(Descriptor {
            set: slot.set,
            binding: slot.binding,
            element: 0,
            ty: slot.ty,
            resource: Resource::Buffer {
                buffer,
                offset_b: 0,
                range_b: vk::WHOLE_SIZE,
            },
            source: None,
        });
        Ok(())
    }

    /// The buffer descriptor of `range`, its pool and the buffer object's offset in it.
    fn buffer(
        &mut self,
        kind: ResourceKind,
        range: gpu::objects::BufferRange,
        resolved: &mut Resolved,
    ) -> VkResult<(Resource, PoolId, u64)> {
        let buffer = self
            .tables
            .buffers
            .get(range.buffer)
            .ok_or_else(|| VkError::UnknownObject(range.buffer.into()))?;
        let pool = self.pools.get(buffer.pool)?;
        let offset_b = buffer.offset_b + range.offset_b;
        let storage = kind == ResourceKind::StorageBuffer;
        let range_b = checked_buffer_range(&self.device.caps, storage, offset_b, range.size_b)?;
        if storage {
            resolved.writes.push((buffer.pool, offset_b, range_b));
        }
        resolved.pools.push(buffer.pool);
        let resource = Resource::Buffer {
            buffer: pool.buffer.raw,
            offset_b,
            range_b,
        };
        Ok((resource, buffer.pool, buffer.offset_b))
    }

    /// The descriptor of texture `handle` through the bound tables: the texture made
    /// resident for sampling, its sampled view and its sampler (noted in `resolved`).
    pub fn texture(
        &mut self,
        handle: gpu::objects::TextureHandle,
        bindings: &Bindings,
        resolved: &mut Resolved,
    ) -> VkResult<Resource> {
        let tables = self.tables;
        let (texture_table, sampler_table) = bindings
            .descriptor_tables
            .ok_or_else(|| VkError::Unsupported("a texture handle with no tables bound".into()))?;
        let key = (
            texture_table,
            sampler_table,
            handle.texture_slot,
            handle.sampler_slot,
        );
        if let Some(known) = self.images.handles.get(&key) {
            // Its first resolution this submission noted the texture and sampler as used
            // (a draw's or dispatch's `Resolved`, both taken into the submission's lists):
            // a frame of thousands of textured draws notes each once, not once a draw.
            return Ok(Resource::Texture {
                view: known.view,
                sampler: known.sampler,
            });
        }
        let texture_table = tables
            .texture_tables
            .get(texture_table)
            .ok_or_else(|| VkError::UnknownObject(texture_table.into()))?;
        let sampler_table = tables
            .sampler_tables
            .get(sampler_table)
            .ok_or_else(|| VkError::UnknownObject(sampler_table.into()))?;
        let unregistered = |what: &str, slot: u32| {
            VkError::Unsupported(format!(
                "a texture handle naming the empty {what} slot {slot}"
            ))
        };
        let entry = texture_table
            .entry(handle.texture_slot)
            .filter(|entry| entry.kind == DescriptorKind::Texture)
            .ok_or_else(|| unregistered("texture", handle.texture_slot))?;
        let sampler_id = sampler_table
            .entry(handle.sampler_slot)
            .ok_or_else(|| unregistered("sampler", handle.sampler_slot))?;
        let (view, texture) = tables
            .view_texture(entry.view)
            .ok_or_else(|| VkError::UnknownObject(entry.view.into()))?;
        let sampler = tables
            .samplers
            .get(sampler_id)
            .ok_or_else(|| VkError::UnknownObject(sampler_id.into()))?;
        self.images.ensure(texture, Use::Sample, tables)?;
        let view_raw = self.images.sampled(view)?;
        let sampler_raw = self.samplers.get_or_make(sampler)?.raw;
        self.images.handles.insert(
            key,
            ResolvedHandle {
                view: view_raw,
                sampler: sampler_raw,
            },
        );
        resolved.textures.push(texture.id);
        resolved.samplers.push(sampler_id);
        Ok(Resource::Texture {
            view: view_raw,
            sampler: sampler_raw,
        })
    }
}

impl SlotContext<'_> {
    fn image(
        &mut self,
        handle: gpu::objects::ImageHandle,
        bindings: &Bindings,
        resolved: &mut Resolved,
    ) -> VkResult<Resource> {
        let tables = self.tables;
        let (texture_table, _) = bindings
            .descriptor_tables
            .ok_or_else(|| VkError::Unsupported("an image handle with no tables bound".into()))?;
        let texture_table = tables
            .texture_tables
            .get(texture_table)
            .ok_or_else(|| VkError::UnknownObject(texture_table.into()))?;
        let entry = texture_table
            .entry(handle.texture_slot)
            .filter(|entry| entry.kind == DescriptorKind::Image)
            .ok_or_else(|| {
                VkError::Unsupported(format!(
                    "an image handle naming the empty image slot {}",
                    handle.texture_slot
                ))
            })?;
        let (view, texture) = tables
            .view_texture(entry.view)
            .ok_or_else(|| VkError::UnknownObject(entry.view.into()))?;
        self.images.ensure(texture, Use::Write, tables)?;
        let raw = self.images.storage(view)?;
        resolved.textures.push(texture.id);
        resolved.images_written.push(texture.id);
        Ok(Resource::Image { view: raw })
    }
}

//! A program's descriptors resolved against what is bound: buffer slots to pool buffer
//! ranges (within the device's alignment and range limits), texture slots through the
//! bound descriptor tables to a sampled view and a sampler; and writing them into sets
//! from the frame's pools.

use ash::vk;
use ash::vk::Handle;
use gpu::objects::{DescriptorKind, ObjectTables};
use gpu::{PoolId, ProgramId, SamplerId, TextureId};
use shader_translate::ResourceKind;

use crate::capabilities::Capabilities;
use crate::device::Device;
use crate::error::{VkError, VkResult};
use crate::image_cache::Use;

use super::bindings::{stage_index, Bindings};
use super::copy::PoolWrite;
use super::descriptors::{DescriptorPools, SetEntry};
use super::layout::{is_dynamic, SlotUse};
use super::pools::PoolTable;
use super::samplers::SamplerCache;
use super::textures::{ImageTable, ResolvedHandle};

#[derive(Clone, Copy, Debug)]
pub enum Resource {
    Buffer {
        buffer: vk::Buffer,
        offset_b: u64,
        range_b: u64,
    },
    Texture {
        view: vk::ImageView,
        sampler: vk::Sampler,
    },
    Image {
        view: vk::ImageView,
    },
}

/// Where a uniform or storage buffer descriptor's range came from: the binding a later
/// draw reads again when only offsets moved, and the pool its bytes lie in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferSource {
    pub storage: bool,
    pub stage: u8,
    pub slot: u8,
    pub pool: PoolId,
    /// The buffer object's offset in its pool.
    pub base_b: u64,
}

/// One descriptor to write.
#[derive(Clone, Copy, Debug)]
pub struct Descriptor {
    pub set: u32,
    pub binding: u32,
    /// The element of an array binding (0 for a single resource).
    pub element: u32,
    pub ty: vk::DescriptorType,
    pub resource: Resource,
    /// For uniform and storage buffers.
    pub source: Option<BufferSource>,
}

/// What a program's slots resolved to, and what that uses.
#[derive(Clone, Debug, Default)]
pub struct Resolved {
    pub descriptors: Vec<Descriptor>,
    /// Storage buffer ranges the work may write.
    pub writes: Vec<PoolWrite>,
    pub pools: Vec<PoolId>,
    pub textures: Vec<TextureId>,
    /// Of those, textures a shader may store to (load/store images).
    pub images_written: Vec<TextureId>,
    pub samplers: Vec<SamplerId>,
}

/// The executor's tables a resolution reads and fills.
pub struct SlotContext<'a> {
    pub device: &'a Device,
    pub tables: &'a ObjectTables,
    pub pools: &'a PoolTable,
    pub images: &'a mut ImageTable,
    pub samplers: &'a mut SamplerCache,
}

impl Resolved {
    /// Empty, keeping the room.
    pub fn clear(&mut self) {
        self.descriptors.clear();
        self.writes.clear();
        self.pools.clear();
        self.textures.clear();
        self.images_written.clear();
        self.samplers.clear();
    }
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
                    let handle =
                        bindings.textures[stage][slot.slot as usize].ok_or_else(unbound)?;
                    self.texture(handle, bindings, resolved)?
                }
                ResourceKind::Image => {
                    let handle = bindings.images[stage][slot.slot as usize].ok_or_else(unbound)?;
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

/// Allocates one set per layout and writes `descriptors` into them.
pub fn write_sets(
    device: &Device,
    pools: &mut DescriptorPools,
    set_layouts: &[vk::DescriptorSetLayout],
    descriptors: &[Descriptor],
) -> VkResult<Vec<vk::DescriptorSet>> {
    let sets = pools.allocate(set_layouts)?;
    let buffer_infos: Vec<[vk::DescriptorBufferInfo; 1]> = descriptors
        .iter()
        .map(|descriptor| match descriptor.resource {
            Resource::Buffer {
                buffer,
                offset_b,
                range_b,
                ..
            } => [vk::DescriptorBufferInfo {
                buffer,
                offset: offset_b,
                range: range_b,
            }],
            Resource::Texture { .. } | Resource::Image { .. } => {
                [vk::DescriptorBufferInfo::default()]
            }
        })
        .collect();
    let image_infos: Vec<[vk::DescriptorImageInfo; 1]> = descriptors
        .iter()
        .map(|descriptor| match descriptor.resource {
            Resource::Texture { view, sampler } => [vk::DescriptorImageInfo {
                sampler,
                image_view: view,
                image_layout: vk::ImageLayout::GENERAL,
            }],
            Resource::Image { view } => [vk::DescriptorImageInfo {
                sampler: vk::Sampler::null(),
                image_view: view,
                image_layout: vk::ImageLayout::GENERAL,
            }],
            Resource::Buffer { .. } => [vk::DescriptorImageInfo::default()],
        })
        .collect();
    let writes: Vec<vk::WriteDescriptorSet> = descriptors
        .iter()
        .enumerate()
        .map(|(index, descriptor)| {
            let write = vk::WriteDescriptorSet::default()
                .dst_set(sets[descriptor.set as usize])
                .dst_binding(descriptor.binding)
                .dst_array_element(descriptor.element)
                .descriptor_type(descriptor.ty);
            match descriptor.resource {
                Resource::Buffer { .. } => write.buffer_info(&buffer_infos[index]),
                Resource::Texture { .. } | Resource::Image { .. } => {
                    write.image_info(&image_infos[index])
                }
            }
        })
        .collect();
    // SAFETY: the sets were just allocated from this frame's pools and are not in use;
    // every buffer, view and sampler is live with the usage its descriptor type needs,
    // and images are in GENERAL for life.
    unsafe { device.raw.update_descriptor_sets(&writes, &[]) };
    Ok(sets)
}

/// The part of a dynamic buffer's offset written into its descriptor: a multiple of 4 GiB
/// (aligned for any device), so the rest fits the bind's 32-bit dynamic offset.
pub fn dynamic_base_b(offset_b: u64) -> u64 {
    offset_b & !u64::from(u32::MAX)
}

/// A descriptor as its set holds it.
fn set_entry(descriptor: &Descriptor) -> SetEntry {
    let (handle, sampler, offset_b, range_b) = match descriptor.resource {
        Resource::Buffer {
            buffer,
            offset_b,
            range_b,
        } => {
            let offset_b = if is_dynamic(descriptor.ty) {
                dynamic_base_b(offset_b)
            } else {
                offset_b
            };
            (buffer.as_raw(), 0, offset_b, range_b)
        }
        Resource::Texture { view, sampler } => (view.as_raw(), sampler.as_raw(), 0, 0),
        Resource::Image { view } => (view.as_raw(), 0, 0, 0),
    };
    SetEntry {
        binding: descriptor.binding,
        element: descriptor.element,
        ty: descriptor.ty,
        handle,
        sampler,
        offset_b,
        range_b,
    }
}

/// A draw's sets and dynamic offsets, left in `pools.sets` and `pools.offsets`: sets with
/// the same contents are written once a frame and shared. `descriptors` are in (set,
/// binding) order, as the layout's slots.
///
/// The set of the bindless table's layout is `bindless_set` (its textures are handle
/// words, not descriptors).
pub fn draw_sets(
    device: &Device,
    pools: &mut DescriptorPools,
    set_layouts: &[vk::DescriptorSetLayout],
    descriptors: &[Descriptor],
    bindless_set: vk::DescriptorSet,
) -> VkResult<()> {
    pools.sets.clear();
    pools.offsets.clear();
    let bindless_layout = pools.bindless.as_ref().map(|table| table.layout());
    let mut rest = descriptors;
    for (index, &layout) in set_layouts.iter().enumerate() {
        let count = rest
            .iter()
            .take_while(|descriptor| descriptor.set as usize == index)
            .count();
        let (ours, later) = rest.split_at(count);
        rest = later;
        if bindless_layout == Some(layout) {
            pools.sets.push(bindless_set);
            continue;
        }
        pools.entries.clear();
        for descriptor in ours {
            pools.entries.push(set_entry(descriptor));
            if let Resource::Buffer { offset_b, .. } = descriptor.resource {
                if is_dynamic(descriptor.ty) {
                    pools
                        .offsets
                        .push((offset_b - dynamic_base_b(offset_b)) as u32);
                }
            }
        }
        let set = match pools.find(index, layout) {
            Some(set) => set,
            None => {
                let set = pools.allocate(&[layout])?[0];
                write_set(device, set, &pools.entries);
                pools.remember(index, layout, set);
                set
            }
        };
        pools.sets.push(set);
    }
    Ok(())
}

/// Writes a new set's contents.
fn write_set(device: &Device, set: vk::DescriptorSet, entries: &[SetEntry]) {
    let buffer_infos: Vec<[vk::DescriptorBufferInfo; 1]> = entries
        .iter()
        .map(|entry| {
            [vk::DescriptorBufferInfo {
                buffer: Handle::from_raw(entry.handle),
                offset: entry.offset_b,
                range: entry.range_b,
            }]
        })
        .collect();
    let image_infos: Vec<[vk::DescriptorImageInfo; 1]> = entries
        .iter()
        .map(|entry| {
            [vk::DescriptorImageInfo {
                sampler: Handle::from_raw(entry.sampler),
                image_view: Handle::from_raw(entry.handle),
                image_layout: vk::ImageLayout::GENERAL,
            }]
        })
        .collect();
    let writes: Vec<vk::WriteDescriptorSet> = entries
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let write = vk::WriteDescriptorSet::default()
                .dst_set(set)
                .dst_binding(entry.binding)
                .dst_array_element(entry.element)
                .descriptor_type(entry.ty);
            match entry.ty {
                vk::DescriptorType::COMBINED_IMAGE_SAMPLER | vk::DescriptorType::STORAGE_IMAGE => {
                    write.image_info(&image_infos[index])
                }
                _ => write.buffer_info(&buffer_infos[index]),
            }
        })
        .collect();
    // SAFETY: the set was just allocated from this frame's pools and is not in use;
    // every buffer, view and sampler is live with the usage its descriptor type needs,
    // and images are in GENERAL for life.
    unsafe { device.raw.update_descriptor_sets(&writes, &[]) };
}

//! Writing resolved descriptors into sets from the frame's pools: a dispatch's fresh
//! sets, and a draw's sets shared by every draw of the frame with the same contents.

use ash::vk;
use ash::vk::Handle;

use crate::bringup::device::Device;
use crate::error::VkResult;
use crate::executor::pipelines::layout::is_dynamic;
use crate::executor::prepared::descriptors::{dynamic_base_b, Descriptor, Resource};
use crate::executor::resources::descriptors::{DescriptorPools, SetEntry};

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

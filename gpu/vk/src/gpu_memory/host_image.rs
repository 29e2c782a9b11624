//! A host image: the Vulkan image that caches a texture's storage. Images stay in the
//! GENERAL layout for their whole life (after one transition from UNDEFINED), so passes,
//! copies, sampling and the write-back need barriers for memory only, never re-layouts.

use std::sync::Arc;

use ash::vk;
use gpu_allocator::vulkan::{Allocation, AllocationCreateDesc, AllocationScheme};
use gpu_allocator::MemoryLocation;

use crate::bringup::device::Device;
use crate::error::{map_allocation, map_vk, VkResult};

/// What a host image is made of, before it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HostImageDesc {
    pub format: vk::Format,
    pub aspect: vk::ImageAspectFlags,
    pub image_type: vk::ImageType,
    pub width_px: u32,
    pub height_px: u32,
    pub depth_px: u32,
    pub levels: u32,
    pub layers: u32,
    pub samples: vk::SampleCountFlags,
    pub cube_compatible: bool,
}

pub struct HostImage {
    pub raw: vk::Image,
    pub desc: HostImageDesc,
    pub usage: vk::ImageUsageFlags,
    pub size_b: u64,
    allocation: Option<Allocation>,
    device: Arc<Device>,
}

/// The usages a texture's image can have on this device, from the format's features.
pub fn usage_for(
    device: &Device,
    format: vk::Format,
    aspect: vk::ImageAspectFlags,
) -> vk::ImageUsageFlags {
    // SAFETY: a plain query on the device's physical device.
    let features = unsafe {
        device
            .instance
            .raw
            .get_physical_device_format_properties(device.physical, format)
    }
    .optimal_tiling_features;
    let mut usage = vk::ImageUsageFlags::TRANSFER_SRC | vk::ImageUsageFlags::TRANSFER_DST;
    if features.contains(vk::FormatFeatureFlags::SAMPLED_IMAGE) {
        usage |= vk::ImageUsageFlags::SAMPLED;
    }
    if aspect.contains(vk::ImageAspectFlags::COLOR) {
        if features.contains(vk::FormatFeatureFlags::COLOR_ATTACHMENT) {
            usage |= vk::ImageUsageFlags::COLOR_ATTACHMENT;
        }
        if features.contains(vk::FormatFeatureFlags::STORAGE_IMAGE) {
            usage |= vk::ImageUsageFlags::STORAGE;
        }
    } else if features.contains(vk::FormatFeatureFlags::DEPTH_STENCIL_ATTACHMENT) {
        usage |= vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT;
    }
    usage
}

/// `usage_for` of a multisample image: no storage use (shaders never load or store one
/// here), sampled only where the device samples images of `samples`.
pub fn multisample_usage(
    device: &Device,
    usage: vk::ImageUsageFlags,
    samples: vk::SampleCountFlags,
    aspect: vk::ImageAspectFlags,
) -> vk::ImageUsageFlags {
    if samples == vk::SampleCountFlags::TYPE_1 {
        return usage;
    }
    let depth = !aspect.contains(vk::ImageAspectFlags::COLOR);
    let mut usage = usage & !vk::ImageUsageFlags::STORAGE;
    if !device.caps.samples.sampled(depth).contains(samples) {
        usage &= !vk::ImageUsageFlags::SAMPLED;
    }
    usage
}

/// The create info of a host image of `desc` with `usage`: optimal tiling, exclusive, and
/// mutable format so views may reinterpret it in another format of the same element size.
/// The driver probes ask for memory requirements of images made exactly so.
pub fn create_info(
    desc: &HostImageDesc,
    usage: vk::ImageUsageFlags,
) -> vk::ImageCreateInfo<'static> {
    let mut flags = vk::ImageCreateFlags::MUTABLE_FORMAT;
    if desc.cube_compatible {
        flags |= vk::ImageCreateFlags::CUBE_COMPATIBLE;
    }
    vk::ImageCreateInfo::default()
        .flags(flags)
        .image_type(desc.image_type)
        .format(desc.format)
        .extent(vk::Extent3D {
            width: desc.width_px,
            height: desc.height_px,
            depth: desc.depth_px,
        })
        .mip_levels(desc.levels)
        .array_layers(desc.layers)
        .samples(desc.samples)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(usage)
        .sharing_mode(vk::SharingMode::EXCLUSIVE)
        .initial_layout(vk::ImageLayout::UNDEFINED)
}

impl HostImage {
    pub fn new(device: &Arc<Device>, desc: HostImageDesc, name: &str) -> VkResult<HostImage> {
        let usage = usage_for(device, desc.format, desc.aspect);
        let usage = multisample_usage(device, usage, desc.samples, desc.aspect);
        let mut info = create_info(&desc, usage);
        // A multisample depth/stencil target may be drawn with programmable sample
        // locations where the device takes them (Vulkan asks the image to say so).
        if device.caps.state.sample_locations
            && desc.samples != vk::SampleCountFlags::TYPE_1
            && desc
                .aspect
                .intersects(vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL)
        {
            info.flags |= vk::ImageCreateFlags::SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_EXT;
        }
        // SAFETY: valid create info; on failure below the image is destroyed.
        let raw = unsafe { device.raw.create_image(&info, None) }
            .map_err(map_vk("creating a host image"))?;
        // SAFETY: `raw` was just created on this device.
        let requirements = unsafe { device.raw.get_image_memory_requirements(raw) };
        let allocation = device.allocator.lock().allocate(&AllocationCreateDesc {
            name,
            requirements,
            location: MemoryLocation::GpuOnly,
            linear: false,
            allocation_scheme: AllocationScheme::GpuAllocatorManaged,
        });
        let allocation = match allocation {
            Ok(allocation) => allocation,
            Err(error) => {
                // SAFETY: the image is unused.
                unsafe { device.raw.destroy_image(raw, None) };
                return Err(map_allocation("a host image")(error));
            }
        };
        // SAFETY: the allocation satisfies the image's requirements and is unbound.
        if let Err(result) = unsafe {
            device
                .raw
                .bind_image_memory(raw, allocation.memory(), allocation.offset())
        } {
            // SAFETY: the image is unused.
            unsafe { device.raw.destroy_image(raw, None) };
            let _ = device.allocator.lock().free(allocation);
            return Err(map_vk("binding a host image")(result));
        }
        Ok(HostImage {
            raw,
            desc,
            usage,
            size_b: requirements.size,
            allocation: Some(allocation),
            device: device.clone(),
        })
    }

    /// Every level and layer of the image.
    pub fn full_range(&self) -> vk::ImageSubresourceRange {
        vk::ImageSubresourceRange {
            aspect_mask: self.desc.aspect,
            base_mip_level: 0,
            level_count: self.desc.levels,
            base_array_layer: 0,
            layer_count: self.desc.layers,
        }
    }

    /// The barrier that takes a new image from UNDEFINED to GENERAL, its layout for life.
    pub fn initial_barrier(&self) -> vk::ImageMemoryBarrier2<'static> {
        vk::ImageMemoryBarrier2::default()
            .src_stage_mask(vk::PipelineStageFlags2::NONE)
            .src_access_mask(vk::AccessFlags2::NONE)
            .dst_stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)
            .dst_access_mask(vk::AccessFlags2::MEMORY_READ | vk::AccessFlags2::MEMORY_WRITE)
            .old_layout(vk::ImageLayout::UNDEFINED)
            .new_layout(vk::ImageLayout::GENERAL)
            .image(self.raw)
            .subresource_range(self.full_range())
    }
}

impl Drop for HostImage {
    fn drop(&mut self) {
        // SAFETY: owners drop host images only after the fence of their last use.
        unsafe { self.device.raw.destroy_image(self.raw, None) };
        if let Some(allocation) = self.allocation.take() {
            let _ = self.device.allocator.lock().free(allocation);
        }
    }
}

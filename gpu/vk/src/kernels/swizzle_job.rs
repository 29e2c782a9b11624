//! One region's move between a host image and pool storage, planned: the kernel's
//! parameters over a storage window, the staging slice for its rows, and the image copy.

use ash::vk;

use crate::bringup::device::Device;
use crate::error::VkResult;
use crate::kernels::swizzle_params::{BufferRange, KernelParams, StagingGeometry};

/// The image <-> staging copy of a region (`geometry` from `kernel_params`).
pub fn staging_copy_region(
    geometry: &StagingGeometry,
    staging_offset_b: u64,
    aspect: vk::ImageAspectFlags,
    level: u32,
    layer: u32,
    region: &memory::swizzle::Region,
) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset: staging_offset_b,
        buffer_row_length: geometry.row_length_el,
        buffer_image_height: region.height_el,
        image_subresource: vk::ImageSubresourceLayers {
            aspect_mask: aspect,
            mip_level: level,
            base_array_layer: layer,
            layer_count: 1,
        },
        image_offset: vk::Offset3D {
            x: geometry.x0_el as i32,
            y: region.y_el as i32,
            z: region.z_el as i32,
        },
        image_extent: vk::Extent3D {
            width: geometry.copy_width_el,
            height: region.height_el,
            depth: region.depth_el,
        },
    }
}

/// One region to move between a host image and pool storage.
#[derive(Clone, Copy, Debug)]
pub struct SwizzleJob {
    pub image: vk::Image,
    pub aspect: vk::ImageAspectFlags,
    pub level: u32,
    pub layer: u32,
    pub region: memory::swizzle::Region,
    pub params: KernelParams,
    pub geometry: StagingGeometry,
    pub staging: BufferRange,
    pub storage: BufferRange,
}

/// A region of one level and layer of a host image.
#[derive(Clone, Copy, Debug)]
pub struct ImageRegion {
    pub image: vk::Image,
    pub aspect: vk::ImageAspectFlags,
    pub level: u32,
    pub layer: u32,
    pub region: memory::swizzle::Region,
}

/// Where a texture's storage lies in its pool buffer.
#[derive(Clone, Copy, Debug)]
pub struct StoragePlacement<'a> {
    pub pool_buffer: vk::Buffer,
    pub texture_offset_b: u64,
    pub layout: &'a memory::layout::TextureLayout,
}

/// Plans one region's move: the kernel parameters over a storage window that starts at
/// the texture (aligned down as the device requires) and ends at its last byte, and a
/// staging slice for the run-aligned rows.
pub fn plan_job(
    device: &Device,
    staging: &mut crate::gpu_memory::staging::StagingArena,
    target: ImageRegion,
    placement: StoragePlacement<'_>,
) -> VkResult<SwizzleJob> {
    let ImageRegion {
        image,
        aspect,
        level,
        layer,
        region,
    } = target;
    let layout = placement.layout;
    let level_layout = *layout.level(level).map_err(|_| {
        crate::kernels::swizzle_params::KernelParamError::OutsideLevel {
            region,
            level,
            width: 0,
            height: 0,
            depth: 0,
        }
    })?;
    let subresource_b = layout.subresource_offset_b(level, layer).map_err(|_| {
        crate::kernels::swizzle_params::KernelParamError::OutsideLevel {
            region,
            level,
            width: level_layout.width_el,
            height: level_layout.height_el,
            depth: level_layout.depth_el,
        }
    })?;
    let alignment_b = device.caps.min_storage_buffer_offset_alignment_b.max(16);
    let window_offset_b = placement.texture_offset_b / alignment_b * alignment_b;
    let texture_end_b = placement.texture_offset_b + layout.size_b;
    let base_b = placement.texture_offset_b + subresource_b - window_offset_b;
    let limit_b = texture_end_b - window_offset_b;
    let (params, geometry) =
        crate::kernels::swizzle_params::kernel_params(&level_layout, &region, base_b, limit_b)?;
    let slice = staging.allocate(geometry.size_b)?;
    Ok(SwizzleJob {
        image,
        aspect,
        level,
        layer,
        region,
        params,
        geometry,
        staging: BufferRange {
            buffer: slice.buffer,
            offset_b: slice.offset_b,
            size_b: slice.size_b,
        },
        storage: BufferRange {
            buffer: placement.pool_buffer,
            offset_b: window_offset_b,
            size_b: limit_b,
        },
    })
}

//! Filling a host image from its texture's storage: a CPU deswizzle of every level and
//! layer into staging, then buffer-to-image copies; or, for storage nothing ever wrote,
//! a clear to zero (what the zero-filled storage holds).

use ash::vk;
use memory::swizzle::{deswizzle_level_region, Region};
use memory::{MemoryPool, WriteStamp};

use crate::conv::Conversion;
use crate::device::Device;
use crate::error::{VkError, VkResult};
use crate::host_image::HostImage;
use crate::staging::StagingArena;

use super::textures::TrackedImage;

/// Whether a never-written texture can be filled by a clear instead of an upload.
pub fn zero_fill_possible(tracked: &TrackedImage) -> bool {
    !tracked.texture.format().is_compressed()
        && tracked.mapping.conversion != Conversion::DecodeToRgba8
}

/// Clears every level and layer to zero.
pub fn record_zero_fill(device: &Device, cmd: vk::CommandBuffer, image: &HostImage) {
    let range = [image.full_range()];
    if image.desc.aspect.contains(vk::ImageAspectFlags::COLOR) {
        let zero = vk::ClearColorValue::default();
        // SAFETY: `cmd` is recording; the image is in GENERAL (its initial barrier was
        // recorded before) and has TRANSFER_DST usage.
        unsafe {
            device.raw.cmd_clear_color_image(
                cmd,
                image.raw,
                vk::ImageLayout::GENERAL,
                &zero,
                &range,
            )
        };
    } else {
        let zero = vk::ClearDepthStencilValue::default();
        // SAFETY: as above, for a depth/stencil image.
        unsafe {
            device.raw.cmd_clear_depth_stencil_image(
                cmd,
                image.raw,
                vk::ImageLayout::GENERAL,
                &zero,
                &range,
            )
        };
    }
}

/// Refuses textures whose storage cannot be uploaded yet.
pub fn check_upload(tracked: &TrackedImage) -> VkResult<()> {
    let texture = &tracked.texture;
    if tracked.mapping.conversion != Conversion::Direct {
        return Err(VkError::Unsupported(format!(
            "{}: uploading {} needs a conversion ({:?})",
            texture.id,
            texture.format().name(),
            tracked.mapping.conversion
        )));
    }
    if tracked.image.desc.aspect == vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL {
        return Err(VkError::Unsupported(format!(
            "{}: uploading a combined depth/stencil texture",
            texture.id
        )));
    }
    Ok(())
}

/// Deswizzles the texture's storage into staging and records its copy into the image.
/// Returns the pool stamp the uploaded bytes are current at.
pub fn record_upload(
    device: &Device,
    cmd: vk::CommandBuffer,
    staging: &mut StagingArena,
    tracked: &TrackedImage,
    storage: &MemoryPool,
) -> VkResult<WriteStamp> {
    check_upload(tracked)?;
    let texture = &tracked.texture;
    let aspect = tracked.image.desc.aspect;
    let layout = &texture.layout;
    let stamp = storage.current_stamp();
    let mut regions = Vec::new();
    for layer in 0..layout.layer_count {
        for level in &layout.levels {
            let region = Region::whole(level);
            let slice = staging.allocate(region.linear_size_b(level.bytes_per_element))?;
            let level_offset_b = texture.offset_b
                + layout
                    .subresource_offset_b(level.level, layer)
                    .map_err(memory::SwizzleError::from)?;
            let linear = staging.bytes_mut(slice);
            storage
                .read_for_device(level_offset_b, level.size_b, |bytes| {
                    deswizzle_level_region(level, &region, bytes, linear)
                })?
                .0?;
            regions.push((
                slice.buffer,
                vk::BufferImageCopy::default()
                    .buffer_offset(slice.offset_b)
                    .image_subresource(vk::ImageSubresourceLayers {
                        aspect_mask: aspect,
                        mip_level: level.level,
                        base_array_layer: layer,
                        layer_count: 1,
                    })
                    .image_extent(vk::Extent3D {
                        width: level.width_px,
                        height: level.height_px,
                        depth: level.depth_px,
                    }),
            ));
        }
    }
    for (buffer, region) in regions {
        // SAFETY: `cmd` is recording; the staging slice holds the region's texels and
        // stays alive until this submission completes (the frame owns the arena); the
        // image is in GENERAL with TRANSFER_DST usage.
        unsafe {
            device.raw.cmd_copy_buffer_to_image(
                cmd,
                buffer,
                tracked.image.raw,
                vk::ImageLayout::GENERAL,
                &[region],
            )
        };
    }
    Ok(stamp)
}

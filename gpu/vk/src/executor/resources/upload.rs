//! Filling a host image from its texture's storage: a CPU deswizzle of every level and
//! layer into staging (through `crate::conversion` where the format is stored converted,
//! or a combined depth/stencil image takes each aspect apart), then buffer-to-image
//! copies; or, for storage nothing ever wrote, a clear to zero (what the zero-filled
//! storage holds).

use ash::vk;
use memory::swizzle::{deswizzle_level_region, Region};
use memory::{LevelLayout, MemoryPool, WriteStamp};

use crate::bringup::device::Device;
use crate::conv::Conversion;
use crate::conversion::{
    decode_level, decoded_size_b, expand_rgb32, split_depth_stencil, DepthStencilSplit,
    DEPTH_TEXEL_B, RGB32_TEXEL_B, RGBA32_TEXEL_B, STENCIL_TEXEL_B,
};
use crate::error::{VkError, VkResult};
use crate::gpu_memory::host_image::HostImage;
use crate::gpu_memory::staging::StagingArena;

use super::textures::TrackedImage;

/// Whether a never-written texture can be filled by a clear instead of an upload: zeroed
/// storage is zero texels, except in block-compressed formats (a zero BC1 block is opaque
/// black), which Vulkan cannot clear anyway, and RGB32 expanded to RGBA32 (its alpha is
/// one). A Z24S8 stored as D32_SFLOAT_S8_UINT clears to the 0.0 and 0 its zeroed storage
/// holds.
pub fn zero_fill_possible(tracked: &TrackedImage) -> bool {
    // RGB32 stored as RGBA32 reads alpha one, where a clear would leave zero.
    !tracked.texture.format().is_compressed()
        && tracked.mapping.conversion != Conversion::Rgb32AsRgba32
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

/// How each level's deswizzled storage reaches the image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LevelCopy {
    /// Storage's element bytes are the image's texel bytes: one region.
    Direct,
    /// Blocks decoded to RGBA8 on the CPU: one region.
    Decode,
    /// Combined depth/stencil texels taken apart: one region per aspect.
    Split(DepthStencilSplit),
    /// RGB32 texels expanded to RGBA32: one region.
    ExpandRgb32,
}

fn level_copy(tracked: &TrackedImage) -> VkResult<LevelCopy> {
    let texture = &tracked.texture;
    let format = texture.format();
    let conversion = tracked.mapping.conversion;
    let unsupported = || {
        VkError::Unsupported(format!(
            "{}: uploading {} into {:?} ({:?})",
            texture.id,
            format.name(),
            tracked.mapping.vk,
            conversion
        ))
    };
    if tracked.image.desc.aspect == vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL {
        return DepthStencilSplit::of(format, conversion)
            .map(LevelCopy::Split)
            .ok_or_else(unsupported);
    }
    match conversion {
        Conversion::Direct => Ok(LevelCopy::Direct),
        Conversion::DecodeToRgba8 if format.is_compressed() => Ok(LevelCopy::Decode),
        Conversion::Rgb32AsRgba32 => Ok(LevelCopy::ExpandRgb32),
        _ => Err(unsupported()),
    }
}

/// Refuses textures whose storage cannot be uploaded.
pub fn check_upload(tracked: &TrackedImage) -> VkResult<()> {
    level_copy(tracked).map(|_| ())
}

/// Deswizzles one level of one layer, starting `level_offset_b` into the pool, into
/// `linear` (tightly packed).
fn deswizzle_level(
    storage: &MemoryPool,
    level: &LevelLayout,
    level_offset_b: u64,
    linear: &mut [u8],
) -> VkResult<()> {
    let region = Region::whole(level);
    storage
        .read_for_device(level_offset_b, level.size_b, |bytes| {
            deswizzle_level_region(level, &region, bytes, linear)
        })?
        .0?;
    Ok(())
}

/// Deswizzles the texture's storage into staging, converted where its mapping says, and
/// records its copy into the image. Returns the pool stamp the uploaded bytes are
/// current at.
pub fn record_upload(
    device: &Device,
    cmd: vk::CommandBuffer,
    staging: &mut StagingArena,
    tracked: &TrackedImage,
    storage: &MemoryPool,
) -> VkResult<WriteStamp> {
    let level_copy = level_copy(tracked)?;
    let texture = &tracked.texture;
    let format = texture.format();
    let aspect = tracked.image.desc.aspect;
    let layout = &texture.layout;
    let stamp = storage.current_stamp();
    let mut regions = Vec::new();
    // A converted level's storage, deswizzled here before its conversion into staging.
    let mut scratch = Vec::new();
    for layer in 0..layout.layer_count {
        for level in &layout.levels {
            let level_offset_b = texture.offset_b
                + layout
                    .subresource_offset_b(level.level, layer)
                    .map_err(memory::SwizzleError::from)?;
            let linear_b = Region::whole(level).linear_size_b(level.bytes_per_element);
            let extent_px = [level.width_px, level.height_px, level.depth_px];
            let copy = |buffer_offset_b: u64, aspect_mask: vk::ImageAspectFlags| {
                vk::BufferImageCopy::default()
                    .buffer_offset(buffer_offset_b)
                    .image_subresource(vk::ImageSubresourceLayers {
                        aspect_mask,
                        mip_level: level.level,
                        base_array_layer: layer,
                        layer_count: 1,
                    })
                    .image_extent(vk::Extent3D {
                        width: level.width_px,
                        height: level.height_px,
                        depth: level.depth_px,
                    })
            };
            match level_copy {
                LevelCopy::Direct => {
                    let slice = staging.allocate(linear_b)?;
                    deswizzle_level(storage, level, level_offset_b, staging.bytes_mut(slice))?;
                    regions.push((slice.buffer, copy(slice.offset_b, aspect)));
                }
                LevelCopy::Decode => {
                    scratch.resize(linear_b as usize, 0);
                    deswizzle_level(storage, level, level_offset_b, &mut scratch)?;
                    let slice = staging.allocate(decoded_size_b(extent_px))?;
                    let rgba8 = staging.bytes_mut(slice);
                    let decoded =
                        decode_level(format, extent_px, &scratch, rgba8).map_err(|error| {
                            VkError::Unsupported(format!("{}: {error}", texture.id))
                        })?;
                    if decoded.rejected_blocks > 0 {
                        tracing::warn!(target: "gpu_vk::executor", texture = %texture.id,
                            format = format.name(), level = level.level, layer,
                            blocks = decoded.rejected_blocks,
                            "blocks the decoder rejected, uploaded as the error colour");
                    }
                    regions.push((slice.buffer, copy(slice.offset_b, aspect)));
                }
                LevelCopy::ExpandRgb32 => {
                    scratch.resize(linear_b as usize, 0);
                    deswizzle_level(storage, level, level_offset_b, &mut scratch)?;
                    let texels = linear_b / RGB32_TEXEL_B as u64;
                    let slice = staging.allocate(texels * RGBA32_TEXEL_B as u64)?;
                    expand_rgb32(format, &scratch, staging.bytes_mut(slice));
                    regions.push((slice.buffer, copy(slice.offset_b, aspect)));
                }
                LevelCopy::Split(split) => {
                    scratch.resize(linear_b as usize, 0);
                    deswizzle_level(storage, level, level_offset_b, &mut scratch)?;
                    let texels = linear_b / split.storage_texel_b();
                    // One slice, depth then stencil: the depth part is a multiple of 4
                    // bytes, so the stencil part keeps the alignment copies need.
                    let depth_b = texels * DEPTH_TEXEL_B;
                    let slice = staging.allocate(depth_b + texels * STENCIL_TEXEL_B)?;
                    let (depth, stencil) = staging.bytes_mut(slice).split_at_mut(depth_b as usize);
                    split_depth_stencil(split, &scratch, depth, stencil);
                    let depth_copy = copy(slice.offset_b, vk::ImageAspectFlags::DEPTH);
                    let stencil_offset_b = slice.offset_b + depth_b;
                    let stencil_copy = copy(stencil_offset_b, vk::ImageAspectFlags::STENCIL);
                    regions.push((slice.buffer, depth_copy));
                    regions.push((slice.buffer, stencil_copy));
                }
            }
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

//! The HUD's pass on a window's swapchain image: after the presented texture's blit, the
//! panel (`present::hud`), in the swapchain format's texel order, is copied from a
//! host-written buffer of the window slot over the image's top left, at the display's own
//! scale (one panel pixel a display pixel, whatever the blit's scale), before the image
//! goes to the presentation engine. The game's texture is not touched.

use std::sync::Arc;

use ash::vk;
use gpu_allocator::MemoryLocation;
use memory::Format;

use crate::bringup::device::Device;
use crate::error::{VkError, VkResult};
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;
use crate::present::hud::cache::{PanelCache, PanelStamp};

/// The texel order of a swapchain format the panel can be written in; `None` for others.
pub fn panel_format(format: vk::Format) -> Option<Format> {
    Some(match format {
        vk::Format::B8G8R8A8_UNORM => Format::Bgra8,
        vk::Format::B8G8R8A8_SRGB => Format::Bgra8Srgb,
        vk::Format::R8G8B8A8_UNORM => Format::Rgba8,
        vk::Format::R8G8B8A8_SRGB => Format::Rgba8Srgb,
        // R in the low bits, as RGB10A2's texels.
        vk::Format::A2B10G10R10_UNORM_PACK32 => Format::Rgb10A2,
        _ => return None,
    })
}

/// The swapchain image's colour subresource.
pub const COLOUR: vk::ImageSubresourceRange = vk::ImageSubresourceRange {
    aspect_mask: vk::ImageAspectFlags::COLOR,
    base_mip_level: 0,
    level_count: 1,
    base_array_layer: 0,
    layer_count: 1,
};

/// The panel a slot's rows hold: its stamp, in which format, at what visible size.
pub type RowsHeld = (PanelStamp, Format, (u32, u32));

/// Brings the visible part of the cache's panel into `staging` (made or grown as needed;
/// `held` says what it holds, and only the rows it lacks are written); returns its size in
/// pixels, `None` where no pixel of it shows.
pub fn prepare_panel(
    device: &Arc<Device>,
    (staging, held): (&mut Option<AllocatedBuffer>, &mut Option<RowsHeld>),
    extent: vk::Extent2D,
    format: Format,
    cache: &PanelCache,
) -> VkResult<Option<(u32, u32)>> {
    let Some(panel) = cache.panel() else {
        return Ok(None);
    };
    let shown_w_px = panel.width_px.min(extent.width);
    let shown_h_px = panel.height_px.min(extent.height);
    if shown_w_px == 0 || shown_h_px == 0 {
        return Ok(None);
    }
    let size_b = u64::from(shown_w_px) * u64::from(shown_h_px) * 4;
    let too_small = |buffer: &AllocatedBuffer| {
        buffer
            .mapped()
            .is_none_or(|bytes| (bytes.len() as u64) < size_b)
    };
    if staging.as_ref().is_none_or(too_small) {
        // The slot's fence was waited for: its old buffer is unused.
        *staging = Some(AllocatedBuffer::new(
            device,
            size_b,
            vk::BufferUsageFlags::TRANSFER_SRC,
            MemoryLocation::CpuToGpu,
            "a window's HUD rows",
        )?);
        *held = None;
    }
    let buffer = staging.as_mut().expect("made above");
    let bytes = buffer.mapped_mut().ok_or(VkError::Unsupported(
        "a HUD buffer the host cannot map".into(),
    ))?;
    let seen = held
        .filter(|(_, held_format, size)| {
            *held_format == format && *size == (shown_w_px, shown_h_px)
        })
        .map(|(stamp, _, _)| stamp);
    let row_b = shown_w_px as usize * 4;
    for y in cache.rows_after(seen).filter(|y| *y < shown_h_px) {
        let at = y as usize * row_b;
        panel.write_row_as(format, y, &mut bytes[at..at + row_b]);
    }
    *held = Some((cache.stamp(), format, (shown_w_px, shown_h_px)));
    Ok(Some((shown_w_px, shown_h_px)))
}

/// Records the copy of the rows `prepare_panel` wrote into `staging` over the top left
/// of `target` (in TRANSFER_DST_OPTIMAL, just written by the blit).
pub fn record_panel(
    device: &Device,
    cmd: vk::CommandBuffer,
    staging: vk::Buffer,
    target: vk::Image,
    (shown_w_px, shown_h_px): (u32, u32),
) {
    // The blit's writes come first: the panel lands over them.
    let after_blit = [vk::ImageMemoryBarrier2::default()
        .src_stage_mask(vk::PipelineStageFlags2::BLIT)
        .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
        .dst_stage_mask(vk::PipelineStageFlags2::COPY)
        .dst_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
        .old_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
        .new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
        .image(target)
        .subresource_range(COLOUR)];
    let region = vk::BufferImageCopy {
        buffer_offset: 0,
        buffer_row_length: 0,
        buffer_image_height: 0,
        image_subresource: vk::ImageSubresourceLayers {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            mip_level: 0,
            base_array_layer: 0,
            layer_count: 1,
        },
        image_offset: vk::Offset3D::default(),
        image_extent: vk::Extent3D {
            width: shown_w_px,
            height: shown_h_px,
            depth: 1,
        },
    };
    // SAFETY: `cmd` is recording outside a pass; the host wrote the buffer before this
    // submission (a submit makes host writes visible); the region lies inside the image
    // and the buffer holds its tightly packed rows.
    unsafe {
        device.raw.cmd_pipeline_barrier2(
            cmd,
            &vk::DependencyInfo::default().image_memory_barriers(&after_blit),
        );
        device.raw.cmd_copy_buffer_to_image(
            cmd,
            staging,
            target,
            vk::ImageLayout::TRANSFER_DST_OPTIMAL,
            &[region],
        );
    }
}

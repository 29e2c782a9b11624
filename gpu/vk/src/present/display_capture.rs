//! What a window's swapchain image held when it went to the presentation engine (the
//! presented texture scaled to the window, with the HUD over it): copied, when asked
//! (`WindowSurface::set_capture`), at the end of the present's commands into a read-back
//! buffer of the window slot, for screenshots and for tests of what a display is given.

use std::sync::Arc;

use ash::vk;
use gpu_allocator::MemoryLocation;

use crate::bringup::device::Device;
use crate::error::VkResult;
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;
use crate::present::swapchain_hud::COLOUR;

/// A slot's read-back: the buffer and the size and format of the image last copied in.
#[derive(Default)]
pub struct Capture {
    pub buffer: Option<AllocatedBuffer>,
    pub extent: vk::Extent2D,
    pub format: vk::Format,
}

/// Makes (or keeps) the slot's buffer large enough for an `extent` image of `format`;
/// returns it.
pub fn prepare_capture(
    device: &Arc<Device>,
    capture: &mut Capture,
    extent: vk::Extent2D,
    format: vk::Format,
) -> VkResult<vk::Buffer> {
    let size_b = u64::from(extent.width) * u64::from(extent.height) * 4;
    let fits = capture
        .buffer
        .as_ref()
        .and_then(AllocatedBuffer::mapped)
        .is_some_and(|bytes| bytes.len() as u64 >= size_b);
    if !fits {
        // The slot's fence was waited for: its old buffer is unused.
        capture.buffer = Some(AllocatedBuffer::new(
            device,
            size_b,
            vk::BufferUsageFlags::TRANSFER_DST,
            MemoryLocation::GpuToCpu,
            "a window's display capture",
        )?);
    }
    capture.extent = extent;
    capture.format = format;
    Ok(capture
        .buffer
        .as_ref()
        .map_or(vk::Buffer::null(), |buffer| buffer.raw))
}

/// Records the copy of `target` (in TRANSFER_DST_OPTIMAL, its last writes transfers,
/// `extent` large) into `buffer` (from `prepare_capture`), leaving the image in
/// PRESENT_SRC_KHR and the buffer readable by the host after the slot's fence.
pub fn record_capture(
    device: &Device,
    cmd: vk::CommandBuffer,
    buffer: vk::Buffer,
    target: vk::Image,
    extent: vk::Extent2D,
) {
    let to_source = [vk::ImageMemoryBarrier2::default()
        .src_stage_mask(vk::PipelineStageFlags2::ALL_TRANSFER)
        .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
        .dst_stage_mask(vk::PipelineStageFlags2::COPY)
        .dst_access_mask(vk::AccessFlags2::TRANSFER_READ)
        .old_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
        .new_layout(vk::ImageLayout::TRANSFER_SRC_OPTIMAL)
        .image(target)
        .subresource_range(COLOUR)];
    // The previous capture into this buffer was read after its fence; this one's bytes
    // are for the host after this one's.
    let earlier = [vk::MemoryBarrier2::default()
        .src_stage_mask(vk::PipelineStageFlags2::HOST)
        .src_access_mask(vk::AccessFlags2::HOST_READ)
        .dst_stage_mask(vk::PipelineStageFlags2::COPY)
        .dst_access_mask(vk::AccessFlags2::TRANSFER_WRITE)];
    let to_host = [vk::MemoryBarrier2::default()
        .src_stage_mask(vk::PipelineStageFlags2::COPY)
        .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
        .dst_stage_mask(vk::PipelineStageFlags2::HOST)
        .dst_access_mask(vk::AccessFlags2::HOST_READ)];
    let to_present = [vk::ImageMemoryBarrier2::default()
        .src_stage_mask(vk::PipelineStageFlags2::COPY)
        .src_access_mask(vk::AccessFlags2::NONE)
        .dst_stage_mask(vk::PipelineStageFlags2::NONE)
        .dst_access_mask(vk::AccessFlags2::NONE)
        .old_layout(vk::ImageLayout::TRANSFER_SRC_OPTIMAL)
        .new_layout(vk::ImageLayout::PRESENT_SRC_KHR)
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
            width: extent.width,
            height: extent.height,
            depth: 1,
        },
    };
    // SAFETY: `cmd` is recording outside a pass; the image is the acquired swapchain
    // image (made with TRANSFER_SRC while capturing) and the buffer holds its
    // width x height 4-byte texels.
    unsafe {
        let raw = &device.raw;
        raw.cmd_pipeline_barrier2(
            cmd,
            &vk::DependencyInfo::default()
                .memory_barriers(&earlier)
                .image_memory_barriers(&to_source),
        );
        raw.cmd_copy_image_to_buffer(
            cmd,
            target,
            vk::ImageLayout::TRANSFER_SRC_OPTIMAL,
            buffer,
            &[region],
        );
        raw.cmd_pipeline_barrier2(
            cmd,
            &vk::DependencyInfo::default()
                .memory_barriers(&to_host)
                .image_memory_barriers(&to_present),
        );
    }
}

/// The captured texels, tightly packed rows of the swapchain format.
pub fn texels(capture: &Capture) -> Option<&[u8]> {
    let len_b = capture.extent.width as usize * capture.extent.height as usize * 4;
    capture
        .buffer
        .as_ref()
        .and_then(AllocatedBuffer::mapped)
        .map(|bytes| &bytes[..len_b])
}

//! Recording prepared copies (`prepare::copy` turns NVN copies into them).

use ash::vk;

use crate::bringup::device::Device;
use crate::executor::prepared::copy::{PreparedCopy, PreparedUpdate};

/// Records an inline uniform update of `bytes` (at most 64 KiB, a multiple of 4).
pub fn record_update(
    device: &Device,
    cmd: vk::CommandBuffer,
    update: &PreparedUpdate,
    bytes: &[u8],
) {
    // SAFETY: `cmd` is recording outside any pass (the plan closes passes before an
    // update); the buffer is live until the fence; offset and size are multiples of 4
    // within the buffer and the size is at most 65536 (checked when recorded).
    unsafe {
        device
            .raw
            .cmd_update_buffer(cmd, update.destination, update.offset_b, bytes)
    };
}

/// Records a buffer fill (NVN's `ClearBuffer`): `value` repeated over the prepared
/// range (offset and size multiples of 4).
pub fn record_fill(device: &Device, cmd: vk::CommandBuffer, fill: &PreparedUpdate, value: u32) {
    // SAFETY: `cmd` is recording outside any pass (the plan closes passes before a
    // fill); the buffer is live until the fence; offset and size are non-zero multiples
    // of 4 within the buffer (checked when recorded).
    unsafe {
        device
            .raw
            .cmd_fill_buffer(cmd, fill.destination, fill.offset_b, fill.write.2, value)
    };
}

/// Records a depth resolve: a pass with `source` as its depth (and stencil) attachment,
/// loaded and stored, resolved at its end by sample zero into `destination`.
fn record_depth_resolve(
    device: &Device,
    cmd: vk::CommandBuffer,
    (source, destination): (vk::ImageView, vk::ImageView),
    aspect: vk::ImageAspectFlags,
    extent: vk::Extent2D,
) {
    let attachment = vk::RenderingAttachmentInfo::default()
        .image_view(source)
        .image_layout(vk::ImageLayout::GENERAL)
        .resolve_mode(vk::ResolveModeFlags::SAMPLE_ZERO)
        .resolve_image_view(destination)
        .resolve_image_layout(vk::ImageLayout::GENERAL)
        .load_op(vk::AttachmentLoadOp::LOAD)
        .store_op(vk::AttachmentStoreOp::STORE);
    let mut info = vk::RenderingInfo::default()
        .render_area(vk::Rect2D {
            offset: vk::Offset2D::default(),
            extent,
        })
        .layer_count(1);
    if aspect.contains(vk::ImageAspectFlags::DEPTH) {
        info = info.depth_attachment(&attachment);
    }
    if aspect.contains(vk::ImageAspectFlags::STENCIL) {
        info = info.stencil_attachment(&attachment);
    }
    // SAFETY: `cmd` is recording outside any pass; both views are live, of one format and
    // extent, in GENERAL with depth/stencil attachment usage; the source has more than one
    // sample and the destination one (checked when recorded and prepared); the device
    // resolves depth and stencil by sample zero (`depth_resolve`, checked when recorded).
    unsafe {
        device.raw.cmd_begin_rendering(cmd, &info);
        device.raw.cmd_end_rendering(cmd);
    }
}

/// Records a prepared copy. Images are in GENERAL for life.
pub fn record_copy(device: &Device, cmd: vk::CommandBuffer, copy: &PreparedCopy) {
    if let PreparedCopy::DepthResolve {
        source,
        destination,
        aspect,
        extent,
    } = *copy
    {
        record_depth_resolve(device, cmd, (source, destination), aspect, extent);
        return;
    }
    let raw = &device.raw;
    let general = vk::ImageLayout::GENERAL;
    // SAFETY: `cmd` is recording; every handle was resolved from live objects this
    // submission keeps alive until its fence; the regions were checked by recording
    // (bounds) and by `prepare_copy` (alignment, aspects, overlap).
    unsafe {
        match *copy {
            PreparedCopy::Buffers {
                source,
                destination,
                region,
            } => raw.cmd_copy_buffer(cmd, source, destination, &[region]),
            PreparedCopy::BufferToImage {
                source,
                destination,
                region,
            } => raw.cmd_copy_buffer_to_image(cmd, source, destination, general, &[region]),
            PreparedCopy::ImageToBuffer {
                source,
                destination,
                region,
            } => raw.cmd_copy_image_to_buffer(cmd, source, general, destination, &[region]),
            PreparedCopy::Images {
                source,
                destination,
                region,
            } => raw.cmd_copy_image(cmd, source, general, destination, general, &[region]),
            PreparedCopy::Blit {
                source,
                destination,
                region,
                filter,
            } => raw.cmd_blit_image(
                cmd,
                source,
                general,
                destination,
                general,
                &[region],
                filter,
            ),
            PreparedCopy::Resolve {
                source,
                destination,
                region,
            } => raw.cmd_resolve_image(cmd, source, general, destination, general, &[region]),
            PreparedCopy::DepthResolve { .. } => unreachable!("recorded above"),
        }
    }
}

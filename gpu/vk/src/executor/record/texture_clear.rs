//! Recording a prepared texture clear outside passes (`prepare::texture_clear`).

use ash::vk;

use crate::bringup::device::Device;
use crate::executor::pipelines::masked_clear::MaskedClears;
use crate::executor::prepared::texture_clear::{PreparedTextureClear, TextureClearWay};

/// Records `clear`; `cmd` is recording outside any pass. Returns whether it bound a
/// pipeline of its own (the next draw binds anew).
pub fn record_texture_clear(
    device: &Device,
    cmd: vk::CommandBuffer,
    masked_clears: &MaskedClears,
    clear: &PreparedTextureClear,
) -> bool {
    let raw = &device.raw;
    match clear.way {
        TextureClearWay::ColorImage { value, range } => {
            // SAFETY: outside any pass; the image is live, in GENERAL, with TRANSFER_DST
            // usage, of an uncompressed colour format, and the range lies inside it.
            unsafe {
                raw.cmd_clear_color_image(
                    cmd,
                    clear.image,
                    vk::ImageLayout::GENERAL,
                    &value,
                    &[range],
                )
            };
            false
        }
        TextureClearWay::DepthStencilImage { value, range } => {
            // SAFETY: as above, for a depth/stencil image and aspects it has.
            unsafe {
                raw.cmd_clear_depth_stencil_image(
                    cmd,
                    clear.image,
                    vk::ImageLayout::GENERAL,
                    &value,
                    &[range],
                )
            };
            false
        }
        TextureClearWay::Attachments { attachment, rect } => {
            begin(device, cmd, clear);
            // SAFETY: inside the pass just begun over the cleared view; the rectangle and
            // layers lie inside its render area and layers (checked when recorded).
            unsafe { raw.cmd_clear_attachments(cmd, &[attachment], &[rect]) };
            // SAFETY: the pass begun above.
            unsafe { raw.cmd_end_rendering(cmd) };
            false
        }
        TextureClearWay::Masked {
            clear: masked,
            rect,
        } => {
            begin(device, cmd, clear);
            let viewport = vk::Viewport {
                x: 0.0,
                y: 0.0,
                width: clear.extent_px[0] as f32,
                height: clear.extent_px[1] as f32,
                min_depth: 0.0,
                max_depth: 1.0,
            };
            masked_clears.record(cmd, rect, viewport, &masked);
            // SAFETY: the pass begun above.
            unsafe { raw.cmd_end_rendering(cmd) };
            true
        }
    }
}

/// Begins a pass over the clear's view alone, loading and storing it.
fn begin(device: &Device, cmd: vk::CommandBuffer, clear: &PreparedTextureClear) {
    let attachment = vk::RenderingAttachmentInfo::default()
        .image_view(clear.view)
        .image_layout(vk::ImageLayout::GENERAL)
        .load_op(vk::AttachmentLoadOp::LOAD)
        .store_op(vk::AttachmentStoreOp::STORE);
    let colors = [attachment];
    let area = vk::Rect2D {
        offset: vk::Offset2D { x: 0, y: 0 },
        extent: vk::Extent2D {
            width: clear.extent_px[0],
            height: clear.extent_px[1],
        },
    };
    let mut info = vk::RenderingInfo::default()
        .render_area(area)
        .layer_count(clear.layers);
    if clear.aspect.contains(vk::ImageAspectFlags::COLOR) {
        info = info.color_attachments(&colors);
    } else {
        if clear.aspect.contains(vk::ImageAspectFlags::DEPTH) {
            info = info.depth_attachment(&colors[0]);
        }
        if clear.aspect.contains(vk::ImageAspectFlags::STENCIL) {
            info = info.stencil_attachment(&colors[0]);
        }
    }
    // SAFETY: outside any pass; the view is live, in GENERAL, with attachment usage
    // (checked when prepared), and the area is its extent.
    unsafe { device.raw.cmd_begin_rendering(cmd, &info) };
}

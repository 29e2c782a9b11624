//! Recording a formed pass with dynamic rendering: attachments with their load and store
//! ops, and clears inside the pass as `vkCmdClearAttachments`.

use ash::vk;

use crate::bringup::device::Device;
use crate::executor::pipelines::graphics_conv::clear_color;
use crate::executor::plan::{Load, PassPlan, Store};
use crate::executor::prepared::passes::{render_area, PassTargets};

fn load_op<V>(load: &Load<V>) -> vk::AttachmentLoadOp {
    match load {
        Load::Load => vk::AttachmentLoadOp::LOAD,
        Load::Clear(_) => vk::AttachmentLoadOp::CLEAR,
        Load::DontCare => vk::AttachmentLoadOp::DONT_CARE,
    }
}

fn store_op(store: Store) -> vk::AttachmentStoreOp {
    match store {
        Store::Store => vk::AttachmentStoreOp::STORE,
        Store::DontCare => vk::AttachmentStoreOp::DONT_CARE,
    }
}

/// Begins rendering `pass` to `targets`.
pub fn begin_pass(device: &Device, cmd: vk::CommandBuffer, pass: &PassPlan, targets: &PassTargets) {
    let bound = targets
        .colors
        .iter()
        .rposition(Option::is_some)
        .map_or(0, |last| last + 1);
    let colors: Vec<vk::RenderingAttachmentInfo> = (0..bound)
        .map(|slot| match targets.colors[slot] {
            Some(view) => {
                let load = &pass.color_loads[slot];
                let clear = match load {
                    Load::Clear(value) => clear_color(*value),
                    _ => vk::ClearColorValue::default(),
                };
                vk::RenderingAttachmentInfo::default()
                    .image_view(view)
                    .image_layout(vk::ImageLayout::GENERAL)
                    .load_op(load_op(load))
                    .store_op(store_op(pass.color_stores[slot]))
                    .clear_value(vk::ClearValue { color: clear })
            }
            // An unbound slot below a bound one: ignored by the driver.
            None => vk::RenderingAttachmentInfo::default(),
        })
        .collect();
    let depth_value = match pass.depth_load {
        Load::Clear(depth) => depth,
        _ => 0.0,
    };
    let stencil_value = match pass.stencil_load {
        Load::Clear(stencil) => u32::from(stencil),
        _ => 0,
    };
    let clear = vk::ClearValue {
        depth_stencil: vk::ClearDepthStencilValue {
            depth: depth_value,
            stencil: stencil_value,
        },
    };
    let attachment = |view, load, store| {
        vk::RenderingAttachmentInfo::default()
            .image_view(view)
            .image_layout(vk::ImageLayout::GENERAL)
            .load_op(load)
            .store_op(store_op(store))
            .clear_value(clear)
    };
    let mut depth = None;
    let mut stencil = None;
    if let Some((view, aspect)) = targets.depth_stencil {
        if aspect.contains(vk::ImageAspectFlags::DEPTH) {
            depth = Some(attachment(
                view,
                load_op(&pass.depth_load),
                pass.depth_store,
            ));
        }
        if aspect.contains(vk::ImageAspectFlags::STENCIL) {
            stencil = Some(attachment(
                view,
                load_op(&pass.stencil_load),
                pass.stencil_store,
            ));
        }
    }
    let mut info = vk::RenderingInfo::default()
        .render_area(render_area(targets))
        .layer_count(targets.layers)
        .color_attachments(&colors);
    if let Some(depth) = depth.as_ref() {
        info = info.depth_attachment(depth);
    }
    if let Some(stencil) = stencil.as_ref() {
        info = info.stencil_attachment(stencil);
    }
    // SAFETY: `cmd` is recording outside any pass; every view is live, in GENERAL, with
    // attachment usage, and the render area lies inside all of them.
    unsafe { device.raw.cmd_begin_rendering(cmd, &info) };
}

pub fn end_pass(device: &Device, cmd: vk::CommandBuffer) {
    // SAFETY: `cmd` is inside a pass begun by `begin_pass`.
    unsafe { device.raw.cmd_end_rendering(cmd) };
}

/// A clear inside the open pass, over `rect` (inside its render area, not empty) of
/// every layer.
pub fn clear_in_pass(
    device: &Device,
    cmd: vk::CommandBuffer,
    targets: &PassTargets,
    attachment: vk::ClearAttachment,
    rect: vk::Rect2D,
) {
    let rect = [vk::ClearRect {
        rect,
        base_array_layer: 0,
        layer_count: targets.layers,
    }];
    // SAFETY: `cmd` is inside a pass whose attachments include the cleared one, and the
    // rectangle lies inside the pass's render area (`prepare::rects::clear_rect`).
    unsafe { device.raw.cmd_clear_attachments(cmd, &[attachment], &rect) };
}

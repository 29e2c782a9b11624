//! Recording a formed pass with dynamic rendering: attachments with their load and store
//! ops, and clears inside the pass as `vkCmdClearAttachments`.

use ash::vk;
use gpu::command::ClearValue;
use gpu::state::MAX_COLOR_TARGETS;

use crate::device::Device;
use crate::error::{VkError, VkResult};

use gpu::objects::ObjectTables;

use super::graphics_state::TargetFormats;
use super::plan::{Load, PassPlan, Store};
use super::textures::ImageTable;

/// The views a pass renders to, resolved.
#[derive(Clone, Copy, Debug, Default)]
pub struct PassTargets {
    pub colors: [Option<vk::ImageView>; MAX_COLOR_TARGETS],
    pub depth_stencil: Option<(vk::ImageView, vk::ImageAspectFlags)>,
    pub extent_px: [u32; 2],
    pub layers: u32,
    /// What pipelines drawing in the pass are made for.
    pub formats: TargetFormats,
}

/// Narrows the pass's area and layers to an attachment's.
fn fit(targets: &mut PassTargets, extent_px: [u32; 2], layers: u32) {
    targets.extent_px[0] = targets.extent_px[0].min(extent_px[0]);
    targets.extent_px[1] = targets.extent_px[1].min(extent_px[1]);
    targets.layers = targets.layers.min(layers);
}

/// The attachment views, formats and common area of a pass's targets. The render area is
/// the intersection of the targets' extents (NVN allows targets of different sizes).
pub fn resolve_targets(
    images: &mut ImageTable,
    pass: &PassPlan,
    tables: &ObjectTables,
) -> VkResult<PassTargets> {
    let mut resolved = PassTargets {
        extent_px: [u32::MAX; 2],
        layers: u32::MAX,
        ..PassTargets::default()
    };
    for (slot, view) in pass.targets.colors.iter().enumerate() {
        let Some(view) = view.and_then(|view| tables.views.get(view)) else {
            continue;
        };
        let attachment = images.attachment(view)?;
        if !attachment.aspect.contains(vk::ImageAspectFlags::COLOR) {
            return Err(VkError::Unsupported(format!(
                "{}: a depth/stencil view bound as a colour target",
                view.id
            )));
        }
        fit(&mut resolved, attachment.extent_px, attachment.layers);
        resolved.colors[slot] = Some(attachment.raw);
        resolved.formats.colors[slot] = attachment.format.as_raw();
    }
    if let Some(view) = pass.targets.depth_stencil.and_then(|v| tables.views.get(v)) {
        let attachment = images.attachment(view)?;
        let aspect = attachment.aspect;
        if aspect.contains(vk::ImageAspectFlags::COLOR) {
            return Err(VkError::Unsupported(format!(
                "{}: a colour view bound as the depth/stencil target",
                view.id
            )));
        }
        fit(&mut resolved, attachment.extent_px, attachment.layers);
        resolved.depth_stencil = Some((attachment.raw, aspect));
        let format = attachment.format.as_raw();
        if aspect.contains(vk::ImageAspectFlags::DEPTH) {
            resolved.formats.depth = format;
        }
        if aspect.contains(vk::ImageAspectFlags::STENCIL) {
            resolved.formats.stencil = format;
        }
    }
    if resolved.layers == u32::MAX {
        return Err(VkError::Unsupported("a pass with no render targets".into()));
    }
    Ok(resolved)
}

pub fn clear_color(value: ClearValue) -> vk::ClearColorValue {
    match value {
        ClearValue::Float(float32) => vk::ClearColorValue { float32 },
        ClearValue::Int(int32) => vk::ClearColorValue { int32 },
        ClearValue::Uint(uint32) => vk::ClearColorValue { uint32 },
    }
}

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

/// The viewport over the whole render area, depth 0 to 1.
pub fn full_viewport(targets: &PassTargets) -> vk::Viewport {
    let area = render_area(targets);
    vk::Viewport {
        x: 0.0,
        y: 0.0,
        width: area.extent.width as f32,
        height: area.extent.height as f32,
        min_depth: 0.0,
        max_depth: 1.0,
    }
}

pub fn render_area(targets: &PassTargets) -> vk::Rect2D {
    vk::Rect2D {
        offset: vk::Offset2D { x: 0, y: 0 },
        extent: vk::Extent2D {
            width: targets.extent_px[0],
            height: targets.extent_px[1],
        },
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

/// A clear inside the open pass, over its whole render area and layers.
pub fn clear_in_pass(
    device: &Device,
    cmd: vk::CommandBuffer,
    targets: &PassTargets,
    attachment: vk::ClearAttachment,
) {
    let rect = [vk::ClearRect {
        rect: render_area(targets),
        base_array_layer: 0,
        layer_count: targets.layers,
    }];
    // SAFETY: `cmd` is inside a pass whose attachments include the cleared one, and the
    // rectangle is the pass's render area.
    unsafe { device.raw.cmd_clear_attachments(cmd, &[attachment], &rect) };
}

/// The colour clear of slot `target`; partial masks need a draw and are not run yet.
pub fn color_clear_attachment(
    target: u8,
    value: ClearValue,
    mask: gpu::state::ComponentMask,
) -> VkResult<vk::ClearAttachment> {
    if mask != gpu::state::ComponentMask::ALL {
        return Err(VkError::Unsupported(format!(
            "a colour clear with component mask {:#x} (needs a masked draw)",
            mask.0
        )));
    }
    Ok(vk::ClearAttachment {
        aspect_mask: vk::ImageAspectFlags::COLOR,
        color_attachment: u32::from(target),
        clear_value: vk::ClearValue {
            color: clear_color(value),
        },
    })
}

/// The depth/stencil clear, limited to the aspects the target has.
pub fn depth_stencil_clear_attachment(
    depth: Option<f32>,
    stencil: Option<u8>,
    stencil_mask: u8,
    target_aspect: vk::ImageAspectFlags,
) -> VkResult<vk::ClearAttachment> {
    let stencil = stencil.filter(|_| stencil_mask != 0);
    if stencil.is_some() && stencil_mask != u8::MAX {
        return Err(VkError::Unsupported(format!(
            "a stencil clear with write mask {stencil_mask:#x} (needs a masked draw)"
        )));
    }
    let mut aspect_mask = vk::ImageAspectFlags::empty();
    if depth.is_some() {
        aspect_mask |= vk::ImageAspectFlags::DEPTH;
    }
    if stencil.is_some() {
        aspect_mask |= vk::ImageAspectFlags::STENCIL;
    }
    Ok(vk::ClearAttachment {
        aspect_mask: aspect_mask & target_aspect,
        color_attachment: 0,
        clear_value: vk::ClearValue {
            depth_stencil: vk::ClearDepthStencilValue {
                depth: depth.unwrap_or(0.0),
                stencil: u32::from(stencil.unwrap_or(0)),
            },
        },
    })
}

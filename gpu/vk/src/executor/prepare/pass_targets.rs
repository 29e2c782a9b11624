//! A formed pass's targets resolved to attachment views with their formats and common
//! area, and its clears inside the pass as clear attachments, checked before anything is
//! recorded.

use ash::vk;
use gpu::command::ClearValue;
use gpu::objects::ObjectTables;
use gpu::ViewId;

use crate::error::{VkError, VkResult};
use crate::executor::pipelines::graphics_conv::clear_color;
use crate::executor::plan::PassPlan;
use crate::executor::prepared::passes::PassTargets;
use crate::executor::resources::textures::{HostView, ImageTable};

/// Narrows the pass's area and layers to an attachment's; its samples must be the
/// others' (Vulkan renders to attachments of one sample count).
fn fit(targets: &mut PassTargets, attachment: &HostView, view: ViewId) -> VkResult<()> {
    let extent_px = attachment.extent_px;
    targets.extent_px[0] = targets.extent_px[0].min(extent_px[0]);
    targets.extent_px[1] = targets.extent_px[1].min(extent_px[1]);
    targets.layers = targets.layers.min(attachment.layers);
    let samples = attachment.samples.as_raw();
    match targets.formats.samples {
        0 => targets.formats.samples = samples,
        bound if bound != samples => {
            return Err(VkError::Unsupported(format!(
                "{view}: render targets of {samples} and {bound} samples bound together"
            )))
        }
        _ => {}
    }
    Ok(())
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
        fit(&mut resolved, attachment, view.id)?;
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
        fit(&mut resolved, attachment, view.id)?;
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

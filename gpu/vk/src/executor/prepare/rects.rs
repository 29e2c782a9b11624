//! A draw's viewports and scissors, and an in-pass clear's rectangle, in Vulkan's
//! framebuffer coordinates from NVN's state.

use ash::vk;

use crate::executor::pipelines::graphics_state::GraphicsState;
use crate::executor::prepared::passes::{full_viewport, render_area, PassTargets};

/// Viewport `index` in Vulkan's framebuffer coordinates. NVN measures viewports from the
/// target's first row in both window origins; which of the viewport's edges clip-space
/// +y lands on follows the origin and the y axis (`WindowOrigin::clip_y_to_first_row`,
/// deko3d's `viewportFlipY`): there Vulkan's viewport starts at the far edge and runs
/// back (a negative height, core since Vulkan 1.1). A negative height NVN is given turns
/// the mapping round once more, by the same arithmetic.
pub(super) fn viewport(state: &GraphicsState, targets: &PassTargets, index: usize) -> vk::Viewport {
    let viewport = match state.viewports[index] {
        Some(v) => vk::Viewport {
            x: v.x_px,
            y: v.y_px,
            width: v.width_px,
            height: v.height_px,
            min_depth: v.min_depth,
            max_depth: v.max_depth,
        },
        None => full_viewport(targets),
    };
    // NVN's transform: scale ±height / 2 (negative where +y goes to the first row)
    // about y + height / 2; Vulkan's: height_vk / 2 about y_vk + height_vk / 2.
    match state.window_origin.clip_y_to_first_row(state.clip_y_axis) {
        true => vk::Viewport {
            y: viewport.y + viewport.height,
            height: -viewport.height,
            ..viewport
        },
        false => viewport,
    }
}

/// Scissor `index` in Vulkan's framebuffer coordinates: measured from the target's first
/// row, as NVN's are under either window origin.
pub(super) fn scissor(state: &GraphicsState, targets: &PassTargets, index: usize) -> vk::Rect2D {
    match state.scissors[index] {
        // Vulkan needs non-negative offsets: cut what lies left of or above the origin.
        Some(s) => vk::Rect2D {
            offset: vk::Offset2D {
                x: s.x_px.max(0),
                y: s.y_px.max(0),
            },
            extent: vk::Extent2D {
                width: s.width_px.saturating_sub(s.x_px.min(0).unsigned_abs()),
                height: s.height_px.saturating_sub(s.y_px.min(0).unsigned_abs()),
            },
        },
        None => render_area(targets),
    }
}

/// What an in-pass clear covers: scissor 0 (NVN's clears honour it) within the render
/// area; empty where they do not meet.
pub(super) fn clear_rect(state: &GraphicsState, targets: &PassTargets) -> vk::Rect2D {
    let cut = scissor(state, targets, 0);
    let area = render_area(targets);
    let left = cut.offset.x.max(area.offset.x);
    let top = cut.offset.y.max(area.offset.y);
    let end = |offset: i32, extent: u32| i64::from(offset) + i64::from(extent);
    let right = end(cut.offset.x, cut.extent.width).min(end(area.offset.x, area.extent.width));
    let bottom = end(cut.offset.y, cut.extent.height).min(end(area.offset.y, area.extent.height));
    vk::Rect2D {
        offset: vk::Offset2D { x: left, y: top },
        extent: vk::Extent2D {
            width: (right - i64::from(left)).max(0) as u32,
            height: (bottom - i64::from(top)).max(0) as u32,
        },
    }
}

//! The views a formed pass renders to, resolved (`prepare::pass_targets`), and the area
//! its draws and clears cover.

use ash::vk;
use gpu::state::MAX_COLOR_TARGETS;

use crate::executor::pipelines::graphics_state::TargetFormats;

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

//! Viewports and scissors, the depth mode and the window origin.

coded_enum!(
    /// How clip-space z maps to depth: Vulkan's [0, 1] (near at z = 0, the default here),
    /// or NVN's and OpenGL's [-1, 1] (near at z = -w).
    pub enum DepthMode {
        ZeroToOne = 0,
        MinusOneToOne = 1,
    }
);

coded_enum!(
    /// Where window y = 0 lies, and so where viewports and scissors are measured from:
    /// the target's first row (upper left, Vulkan's, the default here) or its last (lower
    /// left, NVN's and OpenGL's: clip-space y = -1 is the bottom of the target).
    pub enum WindowOrigin {
        UpperLeft = 0,
        LowerLeft = 1,
    }
);

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    pub x_px: f32,
    pub y_px: f32,
    pub width_px: f32,
    pub height_px: f32,
    pub min_depth: f32,
    pub max_depth: f32,
}

impl Viewport {
    pub fn covering(width_px: u32, height_px: u32) -> Viewport {
        Viewport {
            x_px: 0.0,
            y_px: 0.0,
            width_px: width_px as f32,
            height_px: height_px as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scissor {
    pub x_px: i32,
    pub y_px: i32,
    pub width_px: u32,
    pub height_px: u32,
}

impl Scissor {
    pub fn covering(width_px: u32, height_px: u32) -> Scissor {
        Scissor {
            x_px: 0,
            y_px: 0,
            width_px,
            height_px,
        }
    }
}

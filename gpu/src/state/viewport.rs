//! Viewports and scissors, the depth mode, the window origin and the clip-space y axis.

coded_enum!(
    /// How clip-space z maps to depth: [0, 1] (near at z = 0; deko3d's default and
    /// Vulkan's, the default here), or [-1, 1] (near at z = -w; OpenGL's, and NVN's
    /// `NVN_DEPTH_MODE_NEAR_IS_MINUS_W`).
    pub enum DepthMode {
        ZeroToOne = 0,
        MinusOneToOne = 1,
    }
);

coded_enum!(
    /// NVN's window origin mode (deko3d's `DkDeviceFlags_Origin*`). Viewports, scissors
    /// and `gl_FragCoord` are measured from the target's first row in both modes; what
    /// changes is which way clip-space y runs and which winding faces front:
    /// - `UpperLeft` (the default, deko3d's and NVN's): the image is stored the right way
    ///   up; clip-space y = +1 is a viewport's first row (its top), y = -1 its last.
    /// - `LowerLeft` (OpenGL's): the image is stored upside down (the presentation engine
    ///   flips it, as a BMP); clip-space y = +1 is a viewport's last row, and since the
    ///   rows run the other way, a triangle's winding is reversed before it is tested
    ///   against the front face.
    ///
    /// `ClipYAxis::Down` reverses the direction of clip-space y in either mode, keeping
    /// the winding rule.
    pub enum WindowOrigin {
        UpperLeft = 0,
        LowerLeft = 1,
    }
);

coded_enum!(
    /// Which way clip-space +y points (deko3d's `DkDeviceFlags_YAxisPoints*`): `Up` (the
    /// default, NVN's and OpenGL's: +y towards the top of the picture) or `Down`
    /// (Vulkan's: +y towards the bottom). With `UpperLeft` and `Down`, clip-space maps
    /// onto the target as Vulkan's does.
    pub enum ClipYAxis {
        Up = 0,
        Down = 1,
    }
);

impl WindowOrigin {
    /// Whether clip-space +y lands on a viewport's first row (rather than its last) with
    /// the y axis `axis`: deko3d's `viewportFlipY`.
    pub fn clip_y_to_first_row(self, axis: ClipYAxis) -> bool {
        (self == WindowOrigin::UpperLeft) == (axis == ClipYAxis::Up)
    }

    /// Whether the front-face winding is reversed: the image is stored upside down.
    pub fn reverses_winding(self) -> bool {
        self == WindowOrigin::LowerLeft
    }
}

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

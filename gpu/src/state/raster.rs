//! The rasterizer and polygon offset.

coded_enum!(
    pub enum CullMode {
        None = 0,
        Front = 1,
        Back = 2,
        FrontAndBack = 3,
    }
);

coded_enum!(
    pub enum FrontFace {
        Ccw = 0,
        Cw = 1,
    }
);

coded_enum!(
    pub enum PolygonMode {
        Fill = 0,
        Line = 1,
        Point = 2,
    }
);

coded_enum!(
    /// Which vertex of a primitive flat-shaded outputs come from: the first (Vulkan's,
    /// the default here) or the last (OpenGL's).
    pub enum ProvokingVertex {
        First = 0,
        Last = 1,
    }
);

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterizerState {
    pub cull: CullMode,
    pub front_face: FrontFace,
    pub polygon_mode: PolygonMode,
    pub depth_clamp: bool,
    /// Primitives are dropped before rasterization (transform-only work).
    pub discard: bool,
    pub line_width_px: f32,
    pub point_size_px: f32,
}

impl Default for RasterizerState {
    fn default() -> Self {
        RasterizerState {
            cull: CullMode::None,
            front_face: FrontFace::Ccw,
            polygon_mode: PolygonMode::Fill,
            depth_clamp: false,
            discard: false,
            line_width_px: 1.0,
            point_size_px: 1.0,
        }
    }
}

/// Depth bias `factor * slope + units * r`, clamped, per polygon mode.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PolygonOffset {
    pub factor: f32,
    pub units: f32,
    pub clamp: f32,
    pub fill: bool,
    pub line: bool,
    pub point: bool,
}

//! NVN's line and polygon smoothing (antialiasing by coverage): lines through
//! `VK_EXT_line_rasterization`'s smooth lines; Vulkan has no polygon smoothing.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Smoothing {
    /// Lines (and polygons drawn as lines) are smoothed: edge pixels get partial coverage
    /// in their alpha.
    pub lines: bool,
    /// Filled polygons are smoothed. Vulkan has none: a draw that would fill polygons
    /// with it on is refused when recorded (`command::smoothing`); lines, points and
    /// polygons drawn as lines or points are not changed by it, as on the console.
    pub polygons: bool,
}

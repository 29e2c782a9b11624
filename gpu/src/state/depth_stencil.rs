//! Depth and stencil testing.

coded_enum!(
    /// Also the comparison of depth-compare samplers.
    pub enum CompareOp {
        Never = 0,
        Less = 1,
        Equal = 2,
        LessEqual = 3,
        Greater = 4,
        NotEqual = 5,
        GreaterEqual = 6,
        Always = 7,
    }
);

coded_enum!(
    pub enum StencilOp {
        Keep = 0,
        Zero = 1,
        Replace = 2,
        IncrementClamp = 3,
        DecrementClamp = 4,
        Invert = 5,
        IncrementWrap = 6,
        DecrementWrap = 7,
    }
);

/// Stencil behaviour of front- or back-facing primitives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StencilFace {
    pub fail: StencilOp,
    pub depth_fail: StencilOp,
    pub pass: StencilOp,
    pub compare: CompareOp,
    pub reference: u8,
    pub read_mask: u8,
    pub write_mask: u8,
}

impl Default for StencilFace {
    fn default() -> Self {
        StencilFace {
            fail: StencilOp::Keep,
            depth_fail: StencilOp::Keep,
            pass: StencilOp::Keep,
            compare: CompareOp::Always,
            reference: 0,
            read_mask: 0xff,
            write_mask: 0xff,
        }
    }
}

/// The depth bounds test: fragments where the depth target already holds a value outside
/// `min..=max` are discarded (both in 0..=1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DepthBounds {
    pub min: f32,
    pub max: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DepthStencilState {
    pub depth_test: bool,
    pub depth_write: bool,
    pub depth_compare: CompareOp,
    pub stencil_test: bool,
    pub front: StencilFace,
    pub back: StencilFace,
}

impl Default for DepthStencilState {
    /// NVN's defaults: everything off, `Less` when turned on.
    fn default() -> Self {
        DepthStencilState {
            depth_test: false,
            depth_write: false,
            depth_compare: CompareOp::Less,
            stencil_test: false,
            front: StencilFace::default(),
            back: StencilFace::default(),
        }
    }
}

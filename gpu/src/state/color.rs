//! NVN's colour state object (deko3d's `DkColorState`): which targets blend, the logic
//! op and the alpha test, set together. Each target's blend equations are `BlendState`'s
//! (NVN's blend state object) and stay as they are.

use super::{AlphaTest, LogicOp, StateChange};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColorState {
    /// Bit n: blending on for colour target n.
    pub blend_enable_mask: u8,
    /// `None`: no logic op.
    pub logic_op: Option<LogicOp>,
    /// `None`: no alpha test (NVN's `AlphaFunc::ALWAYS`).
    pub alpha_test: Option<AlphaTest>,
}

impl ColorState {
    /// NVN's defaults (deko3d's `DkColorState` defaults): no target blends, no logic op,
    /// no alpha test.
    pub fn nvn_defaults() -> ColorState {
        ColorState {
            blend_enable_mask: 0,
            logic_op: None,
            alpha_test: None,
        }
    }

    /// The state changes that set it, in the order a command buffer records them.
    pub fn changes(&self) -> [StateChange; 3] {
        [
            StateChange::BlendEnables(self.blend_enable_mask),
            StateChange::LogicOp(self.logic_op),
            StateChange::AlphaTest(self.alpha_test),
        ]
    }
}

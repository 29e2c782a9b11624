//! Which state changes leave a draw's pipeline as it was: those whose every part the
//! pipelines take dynamically (`DynamicSet::baked` resets them), so a draw after one is
//! prepared from the draw before with only its dynamic values set again
//! (`prepare::draw`), never a pipeline lookup. Games change these between draws all the
//! time (a scissor per draw for UI, blend and depth modes per material).

use gpu::state::StateChange;

use super::dynamic_state::DynamicSet;
use super::graphics_state::GraphicsState;

impl DynamicSet {
    /// Whether a draw's pipeline is the same before and after `change`, whatever the
    /// state it is applied to: every part it sets is dynamic on this device.
    pub fn keeps_pipeline(&self, change: &StateChange) -> bool {
        match change {
            StateChange::Viewports { .. }
            | StateChange::Scissors { .. }
            | StateChange::BlendConstant(_)
            | StateChange::DepthStencil(_)
            | StateChange::DepthBounds(_)
            | StateChange::PolygonOffset(_) => true,
            StateChange::Blend { .. }
            | StateChange::BlendEnables(_)
            | StateChange::WriteMasks(_) => self.blend,
            _ => false,
        }
    }

    /// Whether a draw's pipeline is the same before and after `change` applied to
    /// `state`: `keeps_pipeline`'s changes, and a rasterizer change that moves only what
    /// pipelines take dynamically (cull mode, front face, discard, line width; depth
    /// clamp and polygon mode where those are dynamic), as a material's cull and winding.
    pub fn keeps_pipeline_on(&self, state: &GraphicsState, change: &StateChange) -> bool {
        match change {
            StateChange::Rasterizer(new) => {
                let lines = state.smoothing.lines;
                let (mut before, mut after) = (state.rasterizer, *new);
                self.bake_rasterizer(&mut before, lines);
                self.bake_rasterizer(&mut after, lines);
                before == after
            }
            _ => self.keeps_pipeline(change),
        }
    }
}

/// The parts of a draw's shape (`prepared::draws::DrawShape`) that changes the
/// pipelines take dynamically moved: a draw after them is made from the draw before with
/// these parts alone taken again from the state (`prepare::dynamic_shape`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MovedParts(u8);

impl MovedParts {
    pub const NONE: MovedParts = MovedParts(0);
    /// Viewports, 0 and those of `gl_ViewportIndex`.
    pub const VIEWPORTS: MovedParts = MovedParts(1);
    pub const SCISSORS: MovedParts = MovedParts(1 << 1);
    pub const BLEND_CONSTANT: MovedParts = MovedParts(1 << 2);
    /// The stencil reference, compare mask and write mask.
    pub const STENCIL_VALUES: MovedParts = MovedParts(1 << 3);
    /// The rest of the dynamic state (`DynamicValues`).
    pub const DYNAMIC_VALUES: MovedParts = MovedParts(1 << 4);
    pub const ALL: MovedParts = MovedParts((1 << 5) - 1);

    /// What `change`, a change `DynamicSet::keeps_pipeline_on` accepts, moves (every part
    /// for any other).
    pub fn of(change: &StateChange) -> MovedParts {
        match change {
            StateChange::Viewports { .. } => MovedParts::VIEWPORTS,
            StateChange::Scissors { .. } => MovedParts::SCISSORS,
            StateChange::BlendConstant(_) => MovedParts::BLEND_CONSTANT,
            StateChange::DepthStencil(_) => {
                MovedParts::STENCIL_VALUES.with(MovedParts::DYNAMIC_VALUES)
            }
            StateChange::DepthBounds(_)
            | StateChange::PolygonOffset(_)
            | StateChange::Blend { .. }
            | StateChange::BlendEnables(_)
            | StateChange::WriteMasks(_)
            | StateChange::Rasterizer(_) => MovedParts::DYNAMIC_VALUES,
            _ => MovedParts::ALL,
        }
    }

    pub fn with(self, other: MovedParts) -> MovedParts {
        MovedParts(self.0 | other.0)
    }

    /// Whether every one of `parts` is among these.
    pub fn covers(self, parts: MovedParts) -> bool {
        self.0 & parts.0 == parts.0
    }

    /// Whether any of `parts` moved.
    pub fn any(self, parts: MovedParts) -> bool {
        self.0 & parts.0 != 0
    }
}

#[cfg(test)]
pub(crate) mod tests;

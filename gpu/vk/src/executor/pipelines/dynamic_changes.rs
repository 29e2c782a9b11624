//! Which state changes leave a draw's pipeline as it was: those whose every part the
//! pipelines take dynamically (`DynamicSet::baked` resets them), so a draw after one is
//! prepared from the draw before with only its dynamic values set again
//! (`prepare::draw`), never a pipeline lookup. Games change these between draws all the
//! time (a scissor per draw for UI, blend and depth modes per material).

use gpu::state::StateChange;

use super::dynamic_state::DynamicSet;

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
}

#[cfg(test)]
mod tests;

//! Viewport 0 and scissor 0 moved between repeated draws (a UI renderer's scissor per
//! draw, a split screen's viewport), taken inside the repeat loop (`prepare::repeat`):
//! the state takes the new value, and the next repeat carries the rectangle Vulkan is
//! given as a small move (`ShapeMove`) beside the shape it shares, so the draw stays a
//! repeat. The parts moved are handed back for the caller to note in the memo, so the
//! next draw made in full takes them again from the state.

use gpu::command::Op;
use gpu::state::capability::check_viewport;

use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::graphics_state::GraphicsState;
use crate::executor::prepared::draws::ShapeMove;
use crate::executor::prepared::passes::PassTargets;

use super::rects::{scissor, viewport};
use super::write_targets::PassBounds;

/// What a move changes: the list's state, within the open pass's targets and bounds.
pub struct MoveSite<'a> {
    pub state: &'a mut GraphicsState,
    pub targets: &'a PassTargets,
    pub bounds: &'a mut PassBounds,
    /// The parts moved inside the loop so far.
    pub moved: MovedParts,
}

impl MoveSite<'_> {
    /// Takes `op` when it moves viewport 0 or scissor 0 alone and the shape bound uses
    /// only viewport 0 (`one_viewport`), pushing the rectangle onto `moves`; false,
    /// changing nothing, for any other op (a viewport the checks refuse included: the
    /// full path says why).
    #[inline]
    pub fn take(&mut self, op: &Op, one_viewport: bool, moves: &mut Vec<ShapeMove>) -> bool {
        if !one_viewport {
            return false;
        }
        match op {
            Op::SetScissor {
                index: 0,
                scissor: value,
            } => {
                self.state.set_scissor(0, *value);
                moves.push(ShapeMove::Scissor(scissor(self.state, self.targets, 0)));
                self.moved = self.moved.with(MovedParts::SCISSORS);
                true
            }
            Op::SetViewport {
                index: 0,
                viewport: value,
            } if check_viewport(value).is_ok() => {
                self.state.set_viewport(0, *value);
                moves.push(ShapeMove::Viewport(viewport(self.state, self.targets, 0)));
                self.moved = self.moved.with(MovedParts::VIEWPORTS);
                true
            }
            _ => false,
        }
    }

    /// A repeat carries `moves` (those taken since the repeat before): the pass's bounds
    /// take the last scissor among them, as a new shape's scissor is added.
    #[inline]
    pub fn note_repeat(&mut self, moves: &[ShapeMove]) {
        let last_scissor = moves.iter().rev().find_map(|one| match one {
            ShapeMove::Scissor(rect) => Some(*rect),
            ShapeMove::Viewport(_) => None,
        });
        if let Some(rect) = last_scissor {
            self.bounds.add_scissor(rect);
        }
    }
}

//! State changes the pipelines take dynamically between repeated draws (a UI renderer's
//! scissor per draw, a split screen's viewport, a material's blend, depth or cull mode),
//! taken inside the repeat loop (`prepare::repeat`): the state takes the change, and the
//! next repeat carries what Vulkan is given for the parts it moved as small moves
//! (`ShapeMove`) beside the shape it shares, so the draw stays a repeat. The parts moved
//! are handed back for the caller to note in the memo, so the next draw made in full
//! takes them again from the state.

use gpu::command::{CommandList, Op};
use gpu::state::capability::check_viewport;
use gpu::state::{PrimitiveKind, StateChange};

use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::dynamic_state::{DynamicSet, DynamicValues};
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
    /// Where `Op::SetState`'s changes are read and judged (`None`: they end the run).
    pub changes: Option<ChangeSource<'a>>,
    /// The parts moved inside the loop so far.
    pub moved: MovedParts,
}

/// The list's state changes (`Op::SetState`'s table), what the device's pipelines take
/// dynamically and what lists may use (a decoded list's change that asks for more goes
/// the full way, which refuses it).
pub struct ChangeSource<'a> {
    pub list: &'a CommandList,
    pub set: DynamicSet,
    pub features: &'a gpu::DeviceFeatures,
}

/// What moves land in: the moves, and the dynamic values those of `DYNAMIC_VALUES` set.
pub struct MoveLists<'a> {
    pub moves: &'a mut Vec<ShapeMove>,
    pub values: &'a mut Vec<DynamicValues>,
}

impl MoveSite<'_> {
    /// Takes `op` when it moves viewport 0 or scissor 0 alone, or is a state change the
    /// pipelines take dynamically, and the shape bound uses only viewport 0
    /// (`one_viewport`), pushing what Vulkan is given onto `lists` (for a draw of
    /// `primitive`); false, changing nothing, for any other op (one the checks refuse
    /// included: the full path says why).
    #[inline]
    pub fn take(
        &mut self,
        op: &Op,
        (one_viewport, primitive): (bool, PrimitiveKind),
        lists: MoveLists<'_>,
    ) -> bool {
        if !one_viewport {
            return false;
        }
        match op {
            Op::SetScissor {
                index: 0,
                scissor: value,
            } => {
                self.state.set_scissor(0, *value);
                let rect = scissor(self.state, self.targets, 0);
                lists.moves.push(ShapeMove::Scissor(rect));
                self.moved = self.moved.with(MovedParts::SCISSORS);
                true
            }
            Op::SetViewport {
                index: 0,
                viewport: value,
            } if check_viewport(value).is_ok() => {
                self.state.set_viewport(0, *value);
                let rect = viewport(self.state, self.targets, 0);
                lists.moves.push(ShapeMove::Viewport(rect));
                self.moved = self.moved.with(MovedParts::VIEWPORTS);
                true
            }
            Op::SetState { state_index } => self.take_change(*state_index, primitive, lists),
            _ => false,
        }
    }

    /// `take` of a state change from the list's table.
    #[inline(never)]
    fn take_change(
        &mut self,
        state_index: u32,
        primitive: PrimitiveKind,
        lists: MoveLists<'_>,
    ) -> bool {
        let Some(source) = &self.changes else {
            return false;
        };
        let change = source.list.state(state_index);
        let set = source.set;
        if change.check_features(source.features).is_err()
            || !set.keeps_pipeline_on(self.state, change)
        {
            return false;
        }
        let parts = MovedParts::of(change);
        let rects = MovedParts::VIEWPORTS.with(MovedParts::SCISSORS);
        // Viewports and scissors past 0 (or more than one) wait for the full way.
        let first_alone = match change {
            StateChange::Viewports { first, viewports } => *first == 0 && viewports.len() == 1,
            StateChange::Scissors { first, scissors } => *first == 0 && scissors.len() == 1,
            _ => true,
        };
        if parts == MovedParts::ALL || (parts.any(rects) && !first_alone) {
            return false;
        }
        self.state.apply(change);
        let (state, targets) = (&*self.state, self.targets);
        if parts.any(MovedParts::VIEWPORTS) {
            let rect = viewport(state, targets, 0);
            lists.moves.push(ShapeMove::Viewport(rect));
        }
        if parts.any(MovedParts::SCISSORS) {
            lists
                .moves
                .push(ShapeMove::Scissor(scissor(state, targets, 0)));
        }
        if parts.any(MovedParts::BLEND_CONSTANT) {
            let constant = state.blend_constant;
            lists.moves.push(ShapeMove::BlendConstant(constant));
        }
        if parts.any(MovedParts::STENCIL_VALUES) {
            let faces = [state.depth_stencil.front, state.depth_stencil.back];
            let values = faces.map(|face| [face.reference, face.read_mask, face.write_mask]);
            lists.moves.push(ShapeMove::Stencil(values));
        }
        if parts.any(MovedParts::DYNAMIC_VALUES) {
            lists
                .moves
                .push(ShapeMove::Dynamic(lists.values.len() as u32));
            let values = set.values(state, primitive, &targets.formats);
            lists.values.push(values);
        }
        self.moved = self.moved.with(parts);
        true
    }

    /// A repeat carries `moves` (those taken since the repeat before): the pass's bounds
    /// take the last scissor among them, as a new shape's scissor is added.
    #[inline]
    pub fn note_repeat(&mut self, moves: &[ShapeMove]) {
        let last_scissor = moves.iter().rev().find_map(|one| match one {
            ShapeMove::Scissor(rect) => Some(*rect),
            _ => None,
        });
        if let Some(rect) = last_scissor {
            self.bounds.add_scissor(rect);
        }
    }
}

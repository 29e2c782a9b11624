//! Transform feedback as NVN has it: up to four buffers bound as ranges of pools, and
//! begin / pause / resume / end, each naming a control buffer in pool memory where the
//! bytes written to each binding are kept (written by pause and end, read by resume), so
//! the CPU finds them there after the fence.
//!
//! While transform feedback is active, a command buffer records binds, state changes and
//! draws only: anything that would end the render pass it captures in (new targets,
//! clears outside it, copies, dispatches, barriers, syncs, uniform updates) is refused
//! when recorded, as is rebinding a capture buffer, and (`CaptureWatch`) whatever would
//! make the capture's draws need more than the one pipeline Vulkan lets it bind.

use crate::error::RecordError;
use crate::ids::{BufferId, ProgramId};
use crate::objects::{BufferRange, ObjectTables};
use crate::state::{DepthStencilState, PrimitiveKind, StateChange};

use super::bound::BoundState;
use super::verbs::{Command, DrawArrays, DrawIndexed, DrawIndirect};

/// Capture buffers NVN binds.
pub const MAX_TRANSFORM_FEEDBACK_BUFFERS: usize = 4;

/// Bytes of a control buffer: each binding's byte count as a little-endian `u32`,
/// binding 0 first.
pub const TRANSFORM_FEEDBACK_CONTROL_B: u64 = 4 * MAX_TRANSFORM_FEEDBACK_BUFFERS as u64;

coded_enum!(
    /// What a transform feedback command does.
    pub enum TransformFeedbackVerb {
        /// Starts capturing at each buffer's start.
        Begin = 0,
        /// Stops capturing and writes the byte counts to the control buffer.
        Pause = 1,
        /// Captures again from the byte counts in the control buffer.
        Resume = 2,
        /// Stops capturing and writes the byte counts to the control buffer.
        End = 3,
    }
);

impl TransformFeedbackVerb {
    /// Whether capturing is on after this verb.
    pub fn activates(self) -> bool {
        matches!(
            self,
            TransformFeedbackVerb::Begin | TransformFeedbackVerb::Resume
        )
    }
}

/// Where a control buffer lies: `offset_b` bytes into `buffer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TransformFeedbackControl {
    pub buffer: BufferId,
    pub offset_b: u64,
}

fn bad(what: &'static str, why: &'static str) -> RecordError {
    RecordError::BadArgument { what, why }
}

/// Refuses `command` while transform feedback is active when it would end the pass that
/// captures (or rebinds a capture buffer).
pub fn check_while_active(command: &Command, bound: &BoundState) -> Result<(), RecordError> {
    if !bound.transform_feedback_active {
        return Ok(());
    }
    match command {
        Command::SetState(_)
        | Command::BindProgram(_)
        | Command::BindDescriptorTables { .. }
        | Command::BindDescriptorTable(_)
        | Command::BindBuffer { .. }
        | Command::BindTexture { .. }
        | Command::BindImage { .. }
        | Command::Draw(_)
        | Command::DrawIndexed(_)
        | Command::DrawIndirect(_)
        // A label stays inside the pass (a group's push or pop would end it).
        | Command::InsertDebugLabel(_)
        | Command::TransformFeedback { .. } => Ok(()),
        Command::BindRenderTargets(targets) if *targets == bound.targets => Ok(()),
        Command::BindTransformFeedbackBuffer { .. } => Err(bad(
            "transform feedback buffer bind",
            "transform feedback is active (pause or end it first)",
        )),
        _ => Err(bad(
            "command while transform feedback is active",
            "only binds, state changes and draws may come between begin (or resume) and pause \
             (or end)",
        )),
    }
}

/// Checks a capture buffer bind: the index, and the range within its buffer (4-byte
/// aligned, as Vulkan's capture offsets and sizes are).
pub fn check_bind(
    index: u8,
    range: &BufferRange,
    tables: &ObjectTables,
) -> Result<(), RecordError> {
    if usize::from(index) >= MAX_TRANSFORM_FEEDBACK_BUFFERS {
        return Err(RecordError::SlotOutOfRange {
            what: "transform feedback buffer",
            slot: u32::from(index),
            limit: MAX_TRANSFORM_FEEDBACK_BUFFERS as u32,
        });
    }
    let buffer = tables
        .buffers
        .get(range.buffer)
        .ok_or(RecordError::UnknownObject(range.buffer.into()))?;
    if range.size_b == 0 || !buffer.contains(range.offset_b, range.size_b) {
        return Err(RecordError::BufferRangeOutOfBounds {
            buffer: buffer.id,
            offset_b: range.offset_b,
            size_b: range.size_b,
            buffer_size_b: buffer.size_b,
        });
    }
    if !buffer
        .offset_b
        .wrapping_add(range.offset_b)
        .is_multiple_of(4)
        || !range.size_b.is_multiple_of(4)
    {
        return Err(bad(
            "transform feedback buffer range",
            "offset into the pool or size not a multiple of 4 bytes",
        ));
    }
    Ok(())
}

/// Checks a begin, pause, resume or end: the order (begin or resume only while
/// inactive, pause or end only while active) and the control buffer's range.
pub fn check_verb(
    verb: TransformFeedbackVerb,
    control: &TransformFeedbackControl,
    bound: &BoundState,
    tables: &ObjectTables,
) -> Result<(), RecordError> {
    match (verb.activates(), bound.transform_feedback_active) {
        (true, true) => {
            return Err(bad(
                "transform feedback begin or resume",
                "transform feedback is active already",
            ))
        }
        (false, false) => {
            return Err(bad(
                "transform feedback pause or end",
                "transform feedback is not active",
            ))
        }
        _ => {}
    }
    if verb.activates() && bound.targets.is_empty() {
        return Err(RecordError::DrawWithoutRenderTarget);
    }
    let buffer = tables
        .buffers
        .get(control.buffer)
        .ok_or(RecordError::UnknownObject(control.buffer.into()))?;
    if !buffer.contains(control.offset_b, TRANSFORM_FEEDBACK_CONTROL_B) {
        return Err(RecordError::BufferRangeOutOfBounds {
            buffer: buffer.id,
            offset_b: control.offset_b,
            size_b: TRANSFORM_FEEDBACK_CONTROL_B,
            buffer_size_b: buffer.size_b,
        });
    }
    if !buffer
        .offset_b
        .wrapping_add(control.offset_b)
        .is_multiple_of(4)
    {
        return Err(bad(
            "transform feedback control buffer",
            "offset into the pool not a multiple of 4 bytes",
        ));
    }
    Ok(())
}

/// What a capture's first draw fixed. Vulkan binds no pipeline while capturing, so the
/// draws between a begin (or resume) and its pause (or end) must share the one bound at
/// the begin: the same program and primitive kind, and the state a pipeline bakes in
/// unchanged. A command buffer keeps one while capturing (and nothing otherwise, so the
/// draws of lists without transform feedback pay nothing for it).
#[derive(Clone, Debug, Default)]
pub struct CaptureWatch {
    /// The bound program and the primitive kind of the capture's first draw.
    first_draw: Option<(Option<ProgramId>, PrimitiveKind)>,
    /// The state changes recorded since the capture began: the latest of each kind
    /// (and blend target).
    set: Vec<StateChange>,
}

/// Whether `a` and `b` set the same state (the same variant, and for blending the same
/// target), so the later replaces the earlier.
fn same_slot(a: &StateChange, b: &StateChange) -> bool {
    match (a, b) {
        (StateChange::Blend { target: x, .. }, StateChange::Blend { target: y, .. }) => x == y,
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

/// `state` without the parts Vulkan sets as dynamic state (stencil reference and masks).
fn baked_depth_stencil(state: &DepthStencilState) -> DepthStencilState {
    let mut baked = *state;
    for face in [&mut baked.front, &mut baked.back] {
        face.reference = 0;
        face.read_mask = 0;
        face.write_mask = 0;
    }
    baked
}

fn one_pipeline(what: &'static str) -> RecordError {
    bad(
        what,
        "transform feedback is capturing and its draws must share one pipeline (Vulkan binds \
         none while capturing: pause, change, resume)",
    )
}

impl CaptureWatch {
    /// Refuses `command` where it would make a capture's draws need a second pipeline:
    /// after the capture's first draw, another program, a draw of another primitive kind,
    /// or a change of state a pipeline bakes in (anything but viewports, scissors, the
    /// blend constant and stencil reference and masks, unless it sets again the value
    /// this capture set).
    pub fn check(&self, command: &Command, bound: &BoundState) -> Result<(), RecordError> {
        if !bound.transform_feedback_active {
            return Ok(());
        }
        let Some((program, primitive)) = self.first_draw else {
            return Ok(());
        };
        match command {
            Command::BindProgram(id) if Some(*id) != program => Err(one_pipeline(
                "program bind between a transform feedback capture's draws",
            )),
            Command::Draw(DrawArrays {
                primitive: kind, ..
            })
            | Command::DrawIndexed(DrawIndexed {
                primitive: kind, ..
            })
            | Command::DrawIndirect(DrawIndirect {
                primitive: kind, ..
            }) if *kind != primitive => Err(one_pipeline(
                "draw of another primitive kind in a transform feedback capture",
            )),
            Command::SetState(change) if !self.keeps_pipeline(change) => Err(one_pipeline(
                "state change between a transform feedback capture's draws",
            )),
            _ => Ok(()),
        }
    }

    fn keeps_pipeline(&self, change: &StateChange) -> bool {
        let earlier = self.set.iter().find(|set| same_slot(set, change));
        match (change, earlier) {
            (
                StateChange::Viewports { .. }
                | StateChange::Scissors { .. }
                | StateChange::BlendConstant(_),
                _,
            ) => true,
            (StateChange::DepthStencil(new), Some(StateChange::DepthStencil(old))) => {
                baked_depth_stencil(new) == baked_depth_stencil(old)
            }
            (_, Some(earlier)) => earlier == change,
            (_, None) => false,
        }
    }

    /// Notes `command`, recorded after passing `check`; `bound` is the state after it.
    pub fn note(&mut self, command: &Command, bound: &BoundState) {
        match command {
            Command::TransformFeedback { .. } => *self = CaptureWatch::default(),
            _ if !bound.transform_feedback_active => {}
            Command::SetState(change) => {
                self.set.retain(|set| !same_slot(set, change));
                self.set.push(change.clone());
            }
            Command::Draw(DrawArrays { primitive, .. })
            | Command::DrawIndexed(DrawIndexed { primitive, .. })
            | Command::DrawIndirect(DrawIndirect { primitive, .. }) => {
                self.first_draw
                    .get_or_insert((bound.graphics_program, *primitive));
            }
            _ => {}
        }
    }
}

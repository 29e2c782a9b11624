//! Transform feedback as NVN has it: up to four buffers bound as ranges of pools, and
//! begin / pause / resume / end, each naming a control buffer in pool memory where the
//! bytes written to each binding are kept (written by pause and end, read by resume), so
//! the CPU finds them there after the fence.
//!
//! While transform feedback is active, a command buffer records binds, state changes and
//! draws only: anything that would end the render pass it captures in (new targets,
//! clears outside it, copies, dispatches, barriers, syncs, uniform updates) is refused
//! when recorded, as is rebinding a capture buffer.

use crate::error::RecordError;
use crate::ids::BufferId;
use crate::objects::{BufferRange, ObjectTables};

use super::bound::BoundState;
use super::verbs::Command;

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
    if !(buffer.offset_b + range.offset_b).is_multiple_of(4) || !range.size_b.is_multiple_of(4) {
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
    if !(buffer.offset_b + control.offset_b).is_multiple_of(4) {
        return Err(bad(
            "transform feedback control buffer",
            "offset into the pool not a multiple of 4 bytes",
        ));
    }
    Ok(())
}

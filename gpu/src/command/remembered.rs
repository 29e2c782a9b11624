//! What a command buffer's earlier commands found in the device's tables, kept while no
//! object has left them since (`Device::removals`): a game binds the same buffer at new
//! offsets and draws with the same program thousands of times a frame, and those
//! commands are then checked without taking the tables' lock.

use crate::ids::ProgramId;
use crate::objects::{Buffer, BufferRange};

use super::bound::BoundState;
use super::validate::{check_binding_of, check_draw_with_live_program};
use super::verbs::{BufferBinding, Command};
use crate::error::RecordError;

#[derive(Debug, Default)]
pub(crate) struct Remembered {
    /// `Device::removals` when these were found.
    removals: u64,
    /// The buffer bound last.
    buffer: Option<Buffer>,
    /// A graphics program known to be live.
    program: Option<ProgramId>,
}

impl Remembered {
    /// Checks `command` from what is remembered: `None` when that is not enough (the
    /// tables must be read), else the check's outcome. `removals` is the device's count now.
    pub(crate) fn check(
        &mut self,
        command: &Command,
        bound: &BoundState,
        removals: u64,
    ) -> Option<Result<(), RecordError>> {
        if removals != self.removals {
            *self = Remembered {
                removals,
                ..Remembered::default()
            };
            return None;
        }
        match command {
            Command::BindBuffer { binding, range } => self.check_binding(*binding, range, removals),
            Command::Draw(_) => self.check_draw(bound, false, removals),
            Command::DrawIndexed(_) => self.check_draw(bound, true, removals),
            _ => None,
        }
    }

    /// `check` of a buffer bind.
    pub(crate) fn check_binding(
        &self,
        binding: BufferBinding,
        range: &BufferRange,
        removals: u64,
    ) -> Option<Result<(), RecordError>> {
        if removals != self.removals {
            return None;
        }
        let buffer = self.buffer.as_ref().filter(|b| b.id == range.buffer)?;
        Some(check_binding_of(binding, range, buffer))
    }

    /// Whether a buffer bind passes its check from what is remembered (false: the tables
    /// must be read, or the bind is refused; `CommandBuffer::record` says which).
    #[inline]
    pub(crate) fn binding_fits(
        &self,
        binding: BufferBinding,
        range: &BufferRange,
        removals: u64,
    ) -> bool {
        matches!(self.check_binding(binding, range, removals), Some(Ok(())))
    }

    /// Whether a direct draw passes its check from what is remembered (false as for
    /// `binding_fits`).
    #[inline]
    pub(crate) fn draw_fits(&self, bound: &BoundState, indexed: bool, removals: u64) -> bool {
        matches!(self.check_draw(bound, indexed, removals), Some(Ok(())))
    }

    /// `check` of a direct draw, `indexed` or not.
    pub(crate) fn check_draw(
        &self,
        bound: &BoundState,
        indexed: bool,
        removals: u64,
    ) -> Option<Result<(), RecordError>> {
        let program = bound.graphics_program?;
        (removals == self.removals && self.program == Some(program))
            .then(|| check_draw_with_live_program(bound, indexed))
    }

    /// Notes what `command`, just checked against the tables, found there.
    pub(crate) fn note(&mut self, command: &Command, bound: &BoundState, found: Option<Buffer>) {
        match command {
            Command::BindBuffer { .. } => self.buffer = found,
            Command::Draw(_) | Command::DrawIndexed(_) | Command::DrawIndirect(_) => {
                self.program = bound.graphics_program;
            }
            _ => {}
        }
    }
}

//! NVN's render enable on the executor. `SetRenderEnable` and
//! `SetRenderEnableConditional` split a list into pieces, each submitted as a list of its
//! own; while rendering is off, a piece leaves out its draws and clears.
//!
//! A condition is decided by a CPU wait: everything submitted before it completes, its
//! reports are written (`resources::counters` resolves them on the CPU once the fence
//! passed: counts summed across lists, timestamps converted), and the two reports' values
//! are read from pool storage. `VK_EXT_conditional_rendering` is not used: NVN compares
//! two 64-bit report values, which the extension's 32-bit non-zero test cannot do without
//! a compute pass over values the GPU does not hold until the fence. The wait is exact in
//! every case, and costs a stall where a game renders conditionally.

use ash::vk;
use gpu::backend::Submission;
use gpu::command::{Command, CommandList, ConditionalRender, Op};
use gpu::objects::ObjectTables;
use gpu::BufferId;

use crate::error::{VkError, VkResult};
use crate::gpu_memory::timeline::WaitOutcome;

use super::prepare::counters::report_destination;
use super::{VkBackend, FINISH_TIMEOUT, TARGET};

/// A list's commands since its last render-enable op, and their sync values.
struct Piece {
    commands: Vec<Command>,
    syncs: usize,
}

impl VkBackend {
    /// Submits `submission` piece by piece around its render-enable ops, leaving out draws
    /// and clears where rendering is off.
    pub(super) fn submit_with_render_enable(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> VkResult<()> {
        let list = submission.list;
        let mut values = submission.sync_values;
        let mut piece = Piece {
            commands: Vec::new(),
            syncs: 0,
        };
        for op in list.ops() {
            match *op {
                Op::SetRenderEnable(enabled) => {
                    self.submit_piece(&mut piece, &mut values, tables)?;
                    self.render_enabled = enabled;
                }
                Op::SetRenderEnableConditional {
                    mode,
                    buffer,
                    offset_b,
                } => {
                    self.submit_piece(&mut piece, &mut values, tables)?;
                    self.render_enabled = self.condition(mode, buffer, offset_b, tables)?;
                }
                Op::Draw(_)
                | Op::DrawIndexed(_)
                | Op::DrawIndirect(_)
                | Op::ClearColor { .. }
                | Op::ClearDepthStencil { .. }
                    if !self.render_enabled => {}
                _ => {
                    if matches!(op, Op::SignalSync { .. } | Op::WaitSync { .. }) {
                        piece.syncs += 1;
                    }
                    piece.commands.push(list.command(op));
                }
            }
        }
        self.submit_piece(&mut piece, &mut values, tables)
    }

    fn submit_piece(
        &mut self,
        piece: &mut Piece,
        values: &mut &[u64],
        tables: &ObjectTables,
    ) -> VkResult<()> {
        if piece.commands.is_empty() {
            return Ok(());
        }
        let list = CommandList::of_commands(piece.commands.drain(..));
        let (own, rest) = values.split_at(piece.syncs.min(values.len()));
        *values = rest;
        piece.syncs = 0;
        // Not split: a condition after it waits for its value under the lock.
        self.submit_list(
            Submission {
                list: &list,
                sync_values: own,
            },
            tables,
            false,
        )
        .map(|_| ())
    }

    /// Whether rendering is on after a condition on the reports at `offset_b` of
    /// `buffer`: waits for everything submitted, then reads their values.
    fn condition(
        &mut self,
        mode: ConditionalRender,
        buffer: BufferId,
        offset_b: u64,
        tables: &ObjectTables,
    ) -> VkResult<bool> {
        let reports_at = report_destination(tables, buffer, offset_b)?;
        if self.wait_timeline(self.submitted, FINISH_TIMEOUT)? == WaitOutcome::TimedOut {
            return Err(VkError::Other {
                context: "waiting for the work a render condition reads",
                result: vk::Result::TIMEOUT,
            });
        }
        let mut reports = [0u8; 32];
        reports_at
            .storage
            .read_for_device(reports_at.offset_b, 32, |bytes| {
                reports.copy_from_slice(bytes)
            })?;
        let enabled = mode.enables_bytes(&reports);
        tracing::trace!(target: TARGET, ?mode, enabled, "render condition decided by a CPU wait");
        Ok(enabled)
    }
}

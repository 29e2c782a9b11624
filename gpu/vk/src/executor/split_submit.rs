//! Split submissions: a list whose steps are passes of draws and clears, whose draws read
//! nothing a pass of the same list (or a level waiting for quiet frames) still has to
//! store, is translated in two parts.
//!
//! - Under the backend's lock, in submission order: the list is prepared (pipelines,
//!   descriptors' sources, residency, the write-back), the commands before its steps go
//!   into the frame's first command buffer (`record_head`) and those after them into its
//!   last (`record_tail`: what the passes leave for the write-back, host-read barrier),
//!   the timeline value is taken and every bookkeeping step of a submission is done
//!   with it (`after_submit`): the next list sees this one's state as if it ran.
//! - On the submitting thread, after the device's locks are let go (`ListBody`): the
//!   steps (passes, clears, draws) are recorded into the frame's middle command buffer,
//!   from the frame's own command pool, descriptor pools and index arena, and the three
//!   buffers go to the queue in one `vkQueueSubmit2` when every earlier value has gone
//!   (`SubmitLine`). Threads submitting at once record their bodies at once.
//!
//! Nothing the body records depends on another list: Vulkan state does not carry across
//! command buffers, so the body binds everything anew (`BoundGraphics::forget`), and
//! barriers between command buffers of one submission order them as within one.

use std::time::Instant;

use ash::vk;
use gpu::backend::ListBody;
use gpu::objects::ObjectTables;
use gpu::BackendError;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::kernels::swizzle_record::memory_barrier;
use crate::writeback::PendingWrites;

use super::plan::Step;
use super::prepare::list::Prepared;
use super::record::barrier::{EVERY_ACCESS, EVERY_WRITE};
use super::record::draw::record_draw;
use super::record::passes::{begin_pass, clear_in_pass, end_pass};
use super::resources::frames::Frame;
use super::submit::{elapsed_ns, submit_commands, Recorded};
use super::submit_line::SubmitLine;
use super::{backend_error, VkBackend, TARGET};

/// The body of a split submission, owned by the thread that submitted it.
struct Body {
    device: std::sync::Arc<Device>,
    line: std::sync::Arc<SubmitLine>,
    timeline: vk::Semaphore,
    waits: Vec<vk::SemaphoreSubmitInfo<'static>>,
    value: u64,
    /// `None` once it went to the queue.
    frame: Option<Frame>,
    prepared: Prepared,
    /// Whether the first pass waits for the head's writes.
    head_dirty: bool,
}

impl VkBackend {
    /// What the passes of `prepared` leave for the write-back, if its steps can be
    /// recorded apart from the executor's state: passes, plain clears and draws only, no
    /// merged passes, counters or debug groups, and no pass reading bytes a store of an
    /// earlier pass (or a waiting level) would have to reach first.
    pub(super) fn body_apart(&self, prepared: &Prepared) -> Option<PendingWrites> {
        if prepared.merged.is_some()
            || prepared.counters.is_some()
            || self.labels.depth() > 0
            || prepared.draws.len() == 0
            || self.pools.has_unmapped_mirrors()
        {
            return None;
        }
        let mut pending = PendingWrites::default();
        let mut open_pass = None;
        for step in &prepared.plan.steps {
            match *step {
                Step::BeginPass(index) => {
                    let reads_stored = prepared.pass_reads[index].iter().any(|(pool, range_b)| {
                        pending.overlaps(*pool, range_b.clone())
                            || self.waiting.regions.overlaps(*pool, range_b.clone())
                    });
                    if reads_stored {
                        return None;
                    }
                    open_pass = Some(index);
                }
                Step::EndPass => {
                    let pass = open_pass.take()?;
                    if self.gpu_storage {
                        for target in &prepared.pass_writes[pass] {
                            pending.note_write(target);
                        }
                    }
                }
                Step::ClearInPass(index) if !prepared.masked_clears.contains_key(&index) => {}
                Step::Ops { .. } => {}
                _ => return None,
            }
        }
        Some(pending)
    }

    /// The in-order part of a split submission (`frame` begun, the frame timer opened on
    /// its first buffer): records the head and tail, takes the timeline value, does the
    /// submission's bookkeeping, and hands back the body.
    pub(super) fn submit_apart(
        &mut self,
        mut frame: Frame,
        mut prepared: Prepared,
        pending: PendingWrites,
        tables: &ObjectTables,
    ) -> VkResult<ListBody> {
        let recording = Instant::now();
        let recorded = self.record_head_and_tail(&mut frame, &prepared, pending, tables);
        self.stats.record_ns += elapsed_ns(recording);
        let (recorded, head_dirty) = match recorded {
            Ok(recorded) => recorded,
            Err(error) => {
                self.abandon_frame(frame);
                return Err(error);
            }
        };
        let value = self.submitted + 1;
        // Before the GPU runs (see `submit_list`).
        self.open_gpu_writes(&prepared, &recorded);
        self.submitted = value;
        self.gpu_frames.submitted(value);
        self.pools.mark_pointer_table_used(value);
        self.after_submit(&mut prepared, recorded, value, tables);
        self.stats.split_submissions += 1;
        let body = Body {
            device: self.device.clone(),
            line: self.line.clone(),
            timeline: self.timeline.raw,
            waits: self.submit_waits(),
            value,
            frame: Some(frame),
            prepared,
            head_dirty,
        };
        Ok(Box::new(move || body.run()))
    }

    /// The head into the frame's first buffer, the tail into its last; returns what they
    /// recorded (the body's barriers counted) and whether the body's first pass waits.
    fn record_head_and_tail(
        &mut self,
        frame: &mut Frame,
        prepared: &Prepared,
        pending: PendingWrites,
        tables: &ObjectTables,
    ) -> VkResult<(Recorded, bool)> {
        let head = self.record_head(frame.cmd, frame, prepared, tables)?;
        let (body_barriers, dirty_after) = body_barriers(&prepared.plan.steps, head.dirty);
        let begin = vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
        // SAFETY: the frame is free (not pending); beginning resets its last buffer.
        unsafe { self.device.raw.begin_command_buffer(frame.post, &begin) }
            .map_err(map_vk("beginning a command buffer"))?;
        let mut stores = head.stores;
        let tail = self.record_tail(
            frame.post,
            frame,
            prepared,
            pending,
            dirty_after,
            &mut stores,
        );
        if tail.is_err() {
            // SAFETY: the last buffer is recording (the tail ends it only when recorded);
            // it is reset before its next use.
            let _ = unsafe { self.device.raw.end_command_buffer(frame.post) };
        }
        let tail_barriers = tail?;
        // SAFETY: the first buffer is recording, outside any pass.
        unsafe { self.device.raw.end_command_buffer(frame.cmd) }
            .map_err(map_vk("ending a command buffer"))?;
        let recorded = Recorded {
            zero_fills: head.zero_fills,
            uploads: head.uploads,
            barriers: head.barriers + body_barriers + tail_barriers,
            upload_bytes: head.upload_bytes,
            gpu_uploads: head.gpu_uploads,
            stores,
            bindless_tables: frame
                .descriptors
                .bindless
                .as_ref()
                .map_or(0, |table| u64::from(table.tables)),
        };
        Ok((recorded, head.dirty))
    }
}

/// The barriers the body records (one before each pass that follows writes), and whether
/// it ends after writes the tail must wait for.
fn body_barriers(steps: &[Step], head_dirty: bool) -> (u64, bool) {
    let mut dirty = head_dirty;
    let mut barriers = 0;
    for step in steps {
        match step {
            Step::BeginPass(_) if std::mem::take(&mut dirty) => barriers += 1,
            Step::EndPass => dirty = true,
            _ => {}
        }
    }
    (barriers, dirty)
}

impl Body {
    /// Records the body and puts the submission on the queue in its turn. A body that
    /// cannot be recorded leaves its draws out (the head and tail still run, so the
    /// timeline value is reached) and says why.
    fn run(mut self) -> Result<(), BackendError> {
        let started = Instant::now();
        let frame = self.frame.as_mut().expect("a body runs once");
        let recorded = record_body(&self.device, frame, &self.prepared, self.head_dirty);
        self.line.count_body(elapsed_ns(started));
        let submitted = self.queue(recorded.is_ok());
        // Emptied here, off the lock, for a later list to prepare into.
        let mut draws = std::mem::take(&mut self.prepared.draws);
        let mut steps = std::mem::take(&mut self.prepared.plan.steps);
        draws.reset();
        steps.clear();
        self.line.recycle(draws, steps);
        if let Err(error) = &recorded {
            tracing::warn!(target: TARGET, %error, value = self.value,
                "a list's draws could not be recorded: its submission runs without them");
        }
        recorded.and(submitted).map_err(backend_error)
    }

    /// Puts the frame's buffers (the body's if `with_body`) on the queue in turn, and
    /// hands the frame back to the ring.
    fn queue(&mut self, with_body: bool) -> VkResult<()> {
        let Some(frame) = self.frame.take() else {
            return Ok(());
        };
        let cmds: &[vk::CommandBuffer] = if with_body {
            &[frame.cmd, frame.body, frame.post]
        } else {
            &[frame.cmd, frame.post]
        };
        let submitted = self.line.in_turn(self.value, || {
            let submitted =
                submit_commands(&self.device, self.timeline, cmds, &self.waits, self.value);
            (submitted, true)
        });
        self.line.hand_back(self.value, frame);
        submitted
    }
}

impl Drop for Body {
    /// A body never run still takes its turn (later submissions wait for its value).
    fn drop(&mut self) {
        if let Err(error) = self.queue(false) {
            tracing::error!(target: TARGET, %error, "submitting a list whose body never ran");
        }
    }
}

/// The list's steps into the frame's body buffer, ended.
fn record_body(
    device: &Device,
    frame: &mut Frame,
    prepared: &Prepared,
    head_dirty: bool,
) -> VkResult<()> {
    let cmd = frame.body;
    let begin =
        vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
    // SAFETY: the frame is this thread's and not pending; beginning resets the buffer.
    unsafe { device.raw.begin_command_buffer(cmd, &begin) }
        .map_err(map_vk("beginning a command buffer"))?;
    // A new command buffer holds no state: every draw's binds are recorded anew.
    frame.descriptors.bound.forget();
    let recorded = record_steps(device, cmd, frame, prepared, head_dirty);
    // SAFETY: `cmd` is recording and outside any pass (`record_steps` closes the one it
    // leaves on an error).
    let ended =
        unsafe { device.raw.end_command_buffer(cmd) }.map_err(map_vk("ending a command buffer"));
    recorded.and(ended)
}

fn record_steps(
    device: &Device,
    cmd: vk::CommandBuffer,
    frame: &mut Frame,
    prepared: &Prepared,
    mut dirty: bool,
) -> VkResult<()> {
    let mut open_pass = None;
    let mut drawn = 0;
    for step in &prepared.plan.steps {
        match *step {
            Step::BeginPass(index) => {
                if std::mem::take(&mut dirty) {
                    memory_barrier(cmd, device, EVERY_WRITE, EVERY_ACCESS);
                }
                frame.descriptors.bound.forget_pushed();
                let targets = &prepared.pass_targets[index];
                begin_pass(device, cmd, &prepared.plan.passes[index], targets);
                open_pass = Some(index);
            }
            Step::EndPass => {
                end_pass(device, cmd);
                open_pass = None;
                dirty = true;
            }
            Step::ClearInPass(index) => {
                let Some(pass) = open_pass else {
                    return Err(not_apart("a clear outside a pass"));
                };
                let (attachment, rect) = prepared.clears[&index];
                let empty = rect.extent.width == 0 || rect.extent.height == 0;
                if !attachment.aspect_mask.is_empty() && !empty {
                    clear_in_pass(device, cmd, &prepared.pass_targets[pass], attachment, rect);
                }
            }
            Step::Ops { end, .. } => {
                let span = prepared.draws.span(drawn, end);
                for draw in span {
                    let recorded = record_draw(
                        device,
                        cmd,
                        &mut frame.descriptors,
                        &mut frame.indices,
                        &prepared.draws,
                        draw,
                    );
                    if let Err(error) = recorded {
                        if open_pass.is_some() {
                            end_pass(device, cmd);
                        }
                        return Err(error);
                    }
                }
                drawn += span.len();
            }
            _ => {
                if open_pass.is_some() {
                    end_pass(device, cmd);
                }
                return Err(not_apart("a step other than passes, clears and draws"));
            }
        }
    }
    Ok(())
}

/// `body_apart` lets only passes, plain clears and draws through: anything else is a bug.
fn not_apart(what: &'static str) -> VkError {
    VkError::Internal(what)
}

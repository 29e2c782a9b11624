//! One submission: prepare it (`prepare`), fill the images it uses, record the planned
//! steps into one command buffer, and submit it with the next timeline value.

use ash::vk;
use gpu::backend::Submission;
use gpu::command::Op;
use gpu::objects::ObjectTables;
use gpu::TextureId;
use memory::WriteStamp;

use crate::error::{map_vk, VkResult};
use crate::swizzle_kernel::memory_barrier;

use super::barrier::{nvn_barrier_scope, EVERY_ACCESS, EVERY_WRITE, HOST_READ};
use super::copy::record_copy;
use super::dispatch::record_dispatch;
use super::draw::record_draw;
use super::frames::Frame;
use super::passes::{begin_pass, clear_in_pass, end_pass};
use super::plan::Step;
use super::prepare::{storage_of, Fill, Prepared};

/// What recording a list produced besides its commands.
struct Recorded {
    /// The pool stamp each filled image is current at (`NEVER`: zero-filled).
    stamps: Vec<(TextureId, WriteStamp)>,
    barriers: u64,
    upload_bytes: u64,
}
use super::slots::Resolved;
use super::upload::{record_upload, record_zero_fill};
use super::{VkBackend, TARGET};

impl VkBackend {
    pub(super) fn submit_list(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> VkResult<()> {
        self.retire()?;
        let prepared = self.prepare(submission, tables)?;
        self.pools.sync_mirrors()?;
        let mut frame = self.frames.begin()?;
        let recorded = match self.record(&mut frame, &prepared, submission, tables) {
            Ok(recorded) => recorded,
            Err(error) => {
                self.frames.abandon(frame);
                return Err(error);
            }
        };
        let value = self.submitted + 1;
        if let Err(error) = self.queue_submit(frame.cmd, value) {
            self.frames.abandon(frame);
            return Err(error);
        }
        self.submitted = value;
        self.frames.park(value, frame);
        self.after_submit(prepared, recorded, value);
        Ok(())
    }

    /// Records the whole list; returns the stamps uploads reached.
    fn record(
        &mut self,
        frame: &mut Frame,
        prepared: &Prepared,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> VkResult<Recorded> {
        let device = self.device.clone();
        let cmd = frame.cmd;
        let ops = submission.list.ops();
        let barriers = std::cell::Cell::new(0u64);
        let barrier = |dst| {
            barriers.set(barriers.get() + 1);
            memory_barrier(cmd, &device, EVERY_WRITE, dst);
        };

        // Earlier submissions' writes, then first layout transitions.
        barrier(EVERY_ACCESS);
        let layouts: Vec<vk::ImageMemoryBarrier2> = prepared
            .textures
            .iter()
            .filter_map(|&id| self.images.get(id).ok())
            .filter(|tracked| tracked.needs_layout)
            .map(|tracked| tracked.image.initial_barrier())
            .collect();
        if !layouts.is_empty() {
            let info = vk::DependencyInfo::default().image_memory_barriers(&layouts);
            // SAFETY: `cmd` is recording; the images are live and new (UNDEFINED).
            unsafe { device.raw.cmd_pipeline_barrier2(cmd, &info) };
        }

        let mut stamps = Vec::new();
        let mut upload_bytes = 0;
        for &(id, fill) in &prepared.fills {
            let tracked = self.images.get(id)?;
            match fill {
                Fill::Zero => {
                    record_zero_fill(&device, cmd, &tracked.image);
                    stamps.push((id, WriteStamp::NEVER));
                }
                Fill::Upload => {
                    let storage = storage_of(tables, id)?;
                    let stamp = record_upload(&device, cmd, &mut frame.staging, tracked, &storage)?;
                    upload_bytes += tracked.texture.layout.linear_size_b();
                    stamps.push((id, stamp));
                }
            }
        }
        let mut dirty = !prepared.fills.is_empty();
        let barrier_if_dirty = |dirty: &mut bool| {
            if std::mem::take(dirty) {
                barrier(EVERY_ACCESS);
            }
        };

        let mut open_pass = None;
        for step in &prepared.plan.steps {
            match *step {
                Step::BeginPass(index) => {
                    barrier_if_dirty(&mut dirty);
                    let targets = &prepared.pass_targets[index];
                    begin_pass(&device, cmd, &prepared.plan.passes[index], targets);
                    open_pass = Some(index);
                }
                Step::EndPass => {
                    end_pass(&device, cmd);
                    open_pass = None;
                    dirty = true;
                }
                Step::ClearInPass(index) => {
                    let targets =
                        &prepared.pass_targets[open_pass.expect("clears are inside passes")];
                    if let Some(clear) = prepared.masked_clears.get(&index) {
                        self.masked_clears.record(cmd, targets, clear);
                    } else {
                        let attachment = prepared.clears[&index];
                        if !attachment.aspect_mask.is_empty() {
                            clear_in_pass(&device, cmd, targets, attachment);
                        }
                    }
                }
                Step::Op(index) => match ops[index] {
                    Op::Copy { .. } => {
                        barrier_if_dirty(&mut dirty);
                        record_copy(&device, cmd, &prepared.copies[&index].0);
                        dirty = true;
                    }
                    Op::Dispatch { .. } | Op::DispatchIndirect { .. } => {
                        barrier_if_dirty(&mut dirty);
                        record_dispatch(
                            &device,
                            cmd,
                            &mut frame.descriptors,
                            &prepared.dispatches[&index],
                        )?;
                        dirty = true;
                    }
                    Op::Draw(_) | Op::DrawIndexed(_) | Op::DrawIndirect(_) => {
                        let draw = &prepared.draws[&index];
                        let recorded = record_draw(
                            &device,
                            cmd,
                            &mut frame.descriptors,
                            &mut frame.indices,
                            draw,
                        );
                        if let Err(error) = recorded {
                            // The buffer is abandoned, but must end outside the pass.
                            end_pass(&device, cmd);
                            return Err(error);
                        }
                    }
                    Op::Barrier { order, invalidate } => {
                        let scope = nvn_barrier_scope(order, invalidate);
                        barrier(scope);
                        dirty = scope != EVERY_ACCESS;
                    }
                    Op::WaitSync { .. } => {
                        // One queue: a barrier orders everything submitted before, which
                        // holds every signal a wait can name.
                        barrier(EVERY_ACCESS);
                        dirty = false;
                    }
                    // Signals complete with the submission (its timeline value).
                    _ => {}
                },
            }
        }
        barrier(HOST_READ);
        // SAFETY: `cmd` is recording and outside any pass (the plan closes every pass).
        unsafe { device.raw.end_command_buffer(cmd) }.map_err(map_vk("ending a command buffer"))?;
        Ok(Recorded {
            stamps,
            barriers: barriers.get(),
            upload_bytes,
        })
    }

    fn queue_submit(&mut self, cmd: vk::CommandBuffer, value: u64) -> VkResult<()> {
        let commands = [vk::CommandBufferSubmitInfo::default().command_buffer(cmd)];
        let signals = [vk::SemaphoreSubmitInfo::default()
            .semaphore(self.timeline.raw)
            .value(value)
            .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
        let waits: Vec<vk::SemaphoreSubmitInfo> = self.gate.wait_info().into_iter().collect();
        let submit = [vk::SubmitInfo2::default()
            .command_buffer_infos(&commands)
            .wait_semaphore_infos(&waits)
            .signal_semaphore_infos(&signals)];
        let queue = self.device.queue.lock();
        // SAFETY: the queue lock serialises submissions; `cmd` is executable and every
        // object it uses stays alive until `value` is reached (parked with it); the
        // timeline value is above every value signalled before.
        unsafe {
            self.device
                .raw
                .queue_submit2(*queue, &submit, vk::Fence::null())
        }
        .map_err(map_vk("submitting a command list"))
    }

    /// Bookkeeping once the submission is on the queue.
    fn after_submit(&mut self, prepared: Prepared, recorded: Recorded, value: u64) {
        self.targets = prepared.plan.final_targets;
        self.bindings = prepared.bindings;
        self.state = prepared.state;
        for draw in prepared.draws.values() {
            if let Some(pipeline) = self.graphics.get_mut(&draw.key) {
                pipeline.last_use = value;
            }
            for &pool in &draw.pools {
                self.pools.mark_used(pool, value);
            }
            self.note_resolved(&draw.resolved, value);
        }
        for dispatch in prepared.dispatches.values() {
            if let Some(pipeline) = self.compute.get_mut(dispatch.program) {
                pipeline.last_use = value;
            }
            if let Some(pool) = dispatch.argument_pool {
                self.pools.mark_used(pool, value);
            }
            self.note_resolved(&dispatch.resolved, value);
        }
        let stats = &mut self.stats;
        stats.submissions += 1;
        stats.passes += prepared.plan.passes.len() as u64;
        stats.draws += prepared.draws.len() as u64;
        stats.dispatches += prepared.dispatches.len() as u64;
        stats.copies += prepared.copies.len() as u64;
        stats.clears_in_pass += (prepared.clears.len() + prepared.masked_clears.len()) as u64;
        stats.barriers += recorded.barriers;
        let zero_fills = recorded
            .stamps
            .iter()
            .filter(|(_, stamp)| *stamp == WriteStamp::NEVER)
            .count() as u64;
        stats.zero_fills += zero_fills;
        stats.uploads += recorded.stamps.len() as u64 - zero_fills;
        stats.upload_bytes += recorded.upload_bytes;
        for (id, stamp) in recorded.stamps {
            if let Ok(tracked) = self.images.get_mut(id) {
                tracked.synced_at = Some(stamp);
            }
        }
        for &id in &prepared.textures {
            if let Ok(tracked) = self.images.get_mut(id) {
                tracked.needs_layout = false;
                tracked.last_use = value;
                self.pools.mark_used(tracked.texture.pool, value);
            }
        }
        for (_, write) in prepared.copies.values() {
            if let Some((pool, offset_b, len_b)) = *write {
                self.pools.note_gpu_write(pool, offset_b, len_b, value);
            }
        }
        for &pool in &prepared.buffer_pools {
            self.pools.mark_used(pool, value);
        }
        for (sync, sync_value) in prepared.signals {
            self.syncs.signalled(sync, sync_value, value);
        }
        tracing::trace!(target: TARGET, value, passes = prepared.plan.passes.len(),
            in_flight = self.frames.in_flight(), "submitted");
    }

    /// Marks what a draw's or dispatch's descriptors use as used by `value`; storage
    /// buffers as written by it.
    fn note_resolved(&mut self, resolved: &Resolved, value: u64) {
        for &pool in &resolved.pools {
            self.pools.mark_used(pool, value);
        }
        for &(pool, offset_b, len_b) in &resolved.writes {
            self.pools.note_gpu_write(pool, offset_b, len_b, value);
        }
        for &sampler in &resolved.samplers {
            self.samplers.mark_used(sampler, value);
        }
    }
}

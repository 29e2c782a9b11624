//! One submission: prepare it (`prepare`), fill the images it uses, record the planned
//! steps into one command buffer, and submit it with the next timeline value.

use ash::vk;
use gpu::backend::{ListBody, Submission};
use gpu::command::{Op, TransformFeedbackVerb};
use gpu::objects::ObjectTables;

use crate::error::{map_vk, VkResult};
use crate::kernels::swizzle_record::memory_barrier;

use super::plan::Step;
use super::prepare::buffer_reads::PoolRead;
use super::prepare::list::Prepared;
use super::prepared::descriptors::Resolved;
use super::prepared::passes::full_viewport;
use super::record::barrier::{
    nvn_barrier_scope, COUNTERS_READ, COUNTERS_WRITTEN, EVERY_ACCESS, EVERY_WRITE,
};
use super::record::copy::{record_copy, record_fill, record_update};
use super::record::counters::{begin_counting, end_counting, record_counter_step};
use super::record::dispatch::record_dispatch;
use super::record::draw::record_draw;
use super::record::passes::{begin_pass, clear_in_pass, end_pass};
use super::record::swizzle_jobs::StoreLog;
use super::record::texture_clear::record_texture_clear;
use super::record::transform_feedback::record_transform_feedback;
use super::resources::frames::Frame;
use crate::image_cache::HostImageId;
use crate::writeback::{PendingRegion, PendingWrites};

/// Whether `image` still has a level waiting to be stored.
pub(super) fn waiting_image(
    waiting: &PendingWrites,
    images: &gpu::id_map::IdMap<gpu::TextureId, HostImageId>,
    image: HostImageId,
) -> bool {
    images
        .iter()
        .any(|(&texture, &held)| held == image && waiting.holds_texture(texture))
}

/// Nanoseconds since `start`, for the submit's stage times (`ExecutorStats`).
pub(super) fn elapsed_ns(start: std::time::Instant) -> u64 {
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// Every pool range the submission writes: what `after_submit` notes as GPU writes.
pub(super) fn gpu_writes(prepared: &Prepared, stores: &StoreLog) -> Vec<(gpu::PoolId, u64, u64)> {
    let stored = stores
        .stored
        .iter()
        .map(|(_, pool, range_b)| (*pool, range_b.start, range_b.end - range_b.start));
    let copies = prepared.copies.values().filter_map(|(_, write)| *write);
    let updates = prepared
        .updates
        .values()
        .chain(prepared.buffer_fills.values())
        .map(|update| update.write);
    let draws = prepared.draws.writes.iter().copied();
    let dispatches = prepared
        .dispatches
        .values()
        .flat_map(|dispatch| dispatch.resolved.writes.iter().copied());
    let values = prepared
        .counters
        .iter()
        .flat_map(|counters| counters.gpu_writes());
    stored
        .chain(copies)
        .chain(updates)
        .chain(draws)
        .chain(dispatches)
        .chain(values)
        .collect()
}

/// What recording a list produced besides its commands.
pub(super) struct Recorded {
    pub zero_fills: u64,
    pub uploads: u64,
    pub barriers: u64,
    pub upload_bytes: u64,
    pub gpu_uploads: (u64, u64),
    pub stores: StoreLog,
    pub bindless_tables: u64,
}
use super::{VkBackend, TARGET};

impl VkBackend {
    /// Submits a list; a list whose steps can be recorded apart (`body_apart`) comes
    /// back as its body, for the submitting thread to record without the lock.
    pub(super) fn submit_list(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
        split: bool,
    ) -> VkResult<Option<ListBody>> {
        let completed = self.retire()?;
        // Before the list is prepared: its raw-pointer programs bind this version.
        self.pools.refresh_pointer_table(completed)?;
        // A split list's draws went with its body: take one its thread emptied.
        if self.spare_steps.capacity() == 0 {
            if let Some((draws, steps)) = self.line.take_spare() {
                self.spare_draws = draws;
                self.spare_steps = steps;
            }
        }
        let preparing = std::time::Instant::now();
        let mut prepared = match self.prepare(submission, tables) {
            Ok(prepared) => prepared,
            Err(error) => {
                self.images.abandon_submission();
                return Err(error);
            }
        };
        self.stats.prepare_ns += elapsed_ns(preparing);
        if let Err(error) = self.pools.sync_mirrors() {
            self.images.abandon_submission();
            return Err(error);
        }
        let mut frame = match self.frames.begin() {
            Ok(frame) => frame,
            Err(error) => {
                self.images.abandon_submission();
                return Err(error);
            }
        };
        self.gpu_frames.open(frame.cmd);
        if split && self.split_bodies {
            if let Some(pending) = self.body_apart(&prepared) {
                return self
                    .submit_apart(frame, prepared, pending, tables)
                    .map(Some);
            }
        }
        let recording = std::time::Instant::now();
        let recorded = self
            .pools
            .upload_unmapped_mirrors(frame.cmd, &mut frame.staging)
            .and_then(|uploaded_b| {
                self.stats.mirror_upload_bytes += uploaded_b;
                self.record(&mut frame, &prepared, submission, tables)
            });
        self.stats.record_ns += elapsed_ns(recording);
        let recorded = match recorded {
            Ok(recorded) => recorded,
            Err(error) => {
                self.abandon_frame(frame);
                return Err(error);
            }
        };
        let value = self.submitted + 1;
        // Before the GPU runs: a GPU that is the CPU (lavapipe) writes imported storage
        // from its threads, and must find those pages open, not trap as the game would.
        self.open_gpu_writes(&prepared, &recorded);
        if let Err(error) = self.queue_submit(frame.cmd, value) {
            self.frames.abandon(frame);
            self.images.abandon_submission();
            self.pools.mirror_copies_abandoned();
            return Err(error);
        }
        self.submitted = value;
        self.pools.mirror_copies_submitted(value);
        self.pools.mark_pointer_table_used(value);
        self.frames.park(value, frame);
        self.after_submit(&mut prepared, recorded, value, tables);
        self.spare_draws = prepared.draws;
        self.spare_steps = prepared.plan.steps;
        Ok(None)
    }

    /// A frame begun (its timer opened) whose submission was refused.
    pub(super) fn abandon_frame(&mut self, frame: Frame) {
        self.gpu_frames.abandoned();
        self.frames.abandon(frame);
        self.images.abandon_submission();
        self.pools.mirror_copies_abandoned();
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
        let head = self.record_head(cmd, frame, prepared, tables)?;
        let mut stores = head.stores;
        let mut dirty = head.dirty;
        let barriers = std::cell::Cell::new(head.barriers);
        let barrier = |dst| {
            barriers.set(barriers.get() + 1);
            memory_barrier(cmd, &device, EVERY_WRITE, dst);
        };
        let mut pending = PendingWrites::default();
        // `set_gpu_storage(false)`: writes are not stored (what waits still is).
        let storing = self.gpu_storage;
        let barrier_if_dirty = |dirty: &mut bool| {
            if std::mem::take(dirty) {
                barrier(EVERY_ACCESS);
            }
        };

        // Groups open from the submission's earlier command buffers begin again here.
        self.labels.begin_command_buffer(&device, cmd);
        // Counters count the list's work, not the uploads before it.
        let mut segment = 0;
        if let Some(counters) = &prepared.counters {
            begin_counting(&device, cmd, counters);
        }
        let mut open_pass = None;
        // Draws recorded so far.
        let mut drawn = 0;
        // `RX_VK_PASS_DEFER`: the merged order, and passes recorded inside each pass.
        let merged = prepared.merged.as_ref();
        let steps = merged.map_or(&prepared.plan.steps[..], |merged| &merged.steps[..]);
        let inside = |pass: usize| -> Vec<usize> {
            merged.map_or(vec![pass], |merged| merged.merged_into(pass).collect())
        };
        let mut after_moved = false;
        for (at, step) in steps.iter().enumerate() {
            match *step {
                Step::BeginPass(index) => {
                    // Drawn texels under the bytes the pass's draws read go to storage first.
                    let reads: Vec<_> = inside(index)
                        .into_iter()
                        .flat_map(|pass| prepared.pass_reads[pass].iter().cloned())
                        .collect();
                    let regions = self.take_read(&mut pending, &reads);
                    if !regions.is_empty() {
                        barrier_if_dirty(&mut dirty);
                        self.record_stores(cmd, &mut frame.scratch, regions, &mut stores)?;
                    }
                    barrier_if_dirty(&mut dirty);
                    // Kernels between passes push constants of their own (compute), and
                    // some drivers keep one store for every bind point: push again.
                    frame.descriptors.bound.forget_pushed();
                    let targets = &prepared.pass_targets[index];
                    let planned = merged
                        .and_then(|merged| merged.begins[index].as_ref())
                        .unwrap_or(&prepared.plan.passes[index]);
                    begin_pass(&device, cmd, planned, targets);
                    open_pass = Some(index);
                }
                Step::EndPass => {
                    end_pass(&device, cmd);
                    if let Some(index) = open_pass {
                        for pass in inside(index) {
                            for target in prepared.pass_writes[pass].iter().filter(|_| storing) {
                                pending.note_write(target);
                            }
                        }
                    }
                    open_pass = None;
                    dirty = true;
                }
                Step::ClearInPass(index) => {
                    let targets =
                        &prepared.pass_targets[open_pass.expect("clears are inside passes")];
                    if let Some((clear, rect)) = prepared.masked_clears.get(&index) {
                        if rect.extent.width > 0 && rect.extent.height > 0 {
                            self.masked_clears
                                .record(cmd, *rect, full_viewport(targets), clear);
                            // It bound its own pipeline and state: the next draw binds anew.
                            frame.descriptors.bound.forget();
                        }
                    } else {
                        let (attachment, rect) = prepared.clears[&index];
                        let empty = rect.extent.width == 0 || rect.extent.height == 0;
                        if !attachment.aspect_mask.is_empty() && !empty {
                            clear_in_pass(&device, cmd, targets, attachment, rect);
                        }
                    }
                }
                Step::DebugLabel(index) => match ops[index] {
                    Op::PushDebugGroup { label_index } => {
                        let name = submission.list.label(label_index);
                        self.labels.push(&device, cmd, name);
                    }
                    Op::InsertDebugLabel { label_index } => {
                        let name = submission.list.label(label_index);
                        self.labels.insert(&device, cmd, name);
                    }
                    _ => self.labels.pop(&device, cmd),
                },
                Step::TransformFeedback(index) => {
                    let capture = &prepared.transform_feedback[&index];
                    if capture.verb == TransformFeedbackVerb::Resume {
                        // The pause's counter writes must reach the resume's reads through
                        // a pipeline barrier, which a dynamic rendering instance cannot
                        // hold: the pass ends, waits, and goes on with its attachments
                        // loaded. (Without it NVIDIA's driver hangs the GPU.)
                        let pass = open_pass.expect("a resume is inside its capture's pass");
                        let planned = merged
                            .and_then(|merged| merged.begins[pass].as_ref())
                            .unwrap_or(&prepared.plan.passes[pass]);
                        end_pass(&device, cmd);
                        barriers.set(barriers.get() + 1);
                        memory_barrier(cmd, &device, COUNTERS_WRITTEN, COUNTERS_READ);
                        begin_pass(
                            &device,
                            cmd,
                            &planned.continued(),
                            &prepared.pass_targets[pass],
                        );
                    }
                    record_transform_feedback(&device, cmd, capture);
                    // A begin bound the capture's one pipeline: its draws bind none (Vulkan
                    // binds no pipeline while capturing).
                    if let Some(pipeline) = capture.pipeline {
                        frame.descriptors.bound.pipeline = Some(pipeline);
                    }
                }
                Step::Ops { first, end } => {
                    // Binds and state changes are in the prepared draws already.
                    let span = match merged {
                        Some(merged) => {
                            // Draws moved out of their place, and the first after them,
                            // bind everything anew.
                            let moved = merged.moved[at];
                            if moved || after_moved {
                                frame.descriptors.bound.forget();
                            }
                            after_moved = moved;
                            prepared.draws.span_of(first, end)
                        }
                        None => prepared.draws.span(drawn, end),
                    };
                    for draw in span {
                        let recorded = record_draw(
                            &device,
                            cmd,
                            &mut frame.descriptors,
                            &mut frame.indices,
                            &prepared.draws,
                            draw,
                        );
                        if let Err(error) = recorded {
                            // The buffer is abandoned, but must end outside the pass.
                            end_pass(&device, cmd);
                            return Err(error);
                        }
                    }
                    drawn += span.len();
                }
                Step::Op(index) => match ops[index] {
                    Op::Copy { .. } => {
                        // Drawn texels under the bytes the copy reads go to storage first.
                        if let Some((pool, range_b)) = prepared.copy_reads.get(&index) {
                            let read = [(*pool, range_b.clone())];
                            let regions = self.take_read(&mut pending, &read);
                            if !regions.is_empty() {
                                barrier_if_dirty(&mut dirty);
                                self.record_stores(cmd, &mut frame.scratch, regions, &mut stores)?;
                            }
                        }
                        barrier_if_dirty(&mut dirty);
                        record_copy(&device, cmd, &prepared.copies[&index].0);
                        if let Some(target) = prepared.copy_writes.get(&index).filter(|_| storing) {
                            pending.note_write(target);
                        }
                        dirty = true;
                    }
                    Op::Dispatch { .. } | Op::DispatchIndirect { .. } => {
                        let reads = &prepared.dispatch_reads[&index];
                        let regions = self.take_read(&mut pending, reads);
                        if !regions.is_empty() {
                            barrier_if_dirty(&mut dirty);
                            self.record_stores(cmd, &mut frame.scratch, regions, &mut stores)?;
                        }
                        barrier_if_dirty(&mut dirty);
                        record_dispatch(
                            &device,
                            cmd,
                            &mut frame.descriptors,
                            &prepared.dispatches[&index],
                        )?;
                        dirty = true;
                    }
                    Op::UpdateUniformBuffer { update_index } => {
                        barrier_if_dirty(&mut dirty);
                        let update = &prepared.updates[&index];
                        record_update(
                            &device,
                            cmd,
                            update,
                            &submission.list.update(update_index).bytes,
                        );
                        dirty = true;
                    }
                    Op::FillBuffer { value, .. } => {
                        barrier_if_dirty(&mut dirty);
                        record_fill(&device, cmd, &prepared.buffer_fills[&index], value);
                        dirty = true;
                    }
                    Op::ClearTexture { .. } => {
                        barrier_if_dirty(&mut dirty);
                        let clear = &prepared.texture_clears[&index];
                        let bound = record_texture_clear(&device, cmd, &self.masked_clears, clear);
                        if bound {
                            frame.descriptors.bound.forget();
                        }
                        if clear.is_pass() {
                            // Like a pass's end: kernels between passes push anew.
                            frame.descriptors.bound.forget_pushed();
                        }
                        let write = prepared.texture_clear_writes.get(&index);
                        if let Some(target) = write.filter(|_| storing) {
                            pending.note_write(target);
                        }
                        dirty = true;
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
                    Op::SignalSync { .. } => {
                        // Storage is complete when a signal is seen, but for levels
                        // drawn every frame (`writeback::cadence`).
                        let regions =
                            self.waiting
                                .split(pending.take_all(), self.frame, &self.images.bound);
                        if !regions.is_empty() {
                            barrier_if_dirty(&mut dirty);
                            self.record_stores(cmd, &mut frame.scratch, regions, &mut stores)?;
                        }
                    }
                    Op::ReportCounter { .. } | Op::ReportValue { .. } | Op::ResetCounter(_) => {
                        let counters = prepared
                            .counters
                            .as_ref()
                            .expect("a list with counter ops has prepared counters");
                        let step = counters
                            .step(index)
                            .expect("every counter op has a prepared step");
                        // A value lands after the writes before it (and before later ones).
                        if matches!(ops[index], Op::ReportValue { .. }) {
                            barrier_if_dirty(&mut dirty);
                            dirty = true;
                        }
                        record_counter_step(&device, cmd, counters, step, &mut segment);
                    }
                    // Signals complete with the submission (its timeline value).
                    _ => {}
                },
            }
        }
        if let Some(counters) = &prepared.counters {
            end_counting(&device, cmd, counters, segment);
        }
        // Each command buffer's label regions balance alone.
        self.labels.end_command_buffer(&device, cmd);
        let tail_barriers = self.record_tail(cmd, frame, prepared, pending, dirty, &mut stores)?;
        Ok(Recorded {
            zero_fills: head.zero_fills,
            uploads: head.uploads,
            barriers: barriers.get() + tail_barriers,
            upload_bytes: head.upload_bytes,
            gpu_uploads: head.gpu_uploads,
            stores,
            bindless_tables: frame
                .descriptors
                .bindless
                .as_ref()
                .map_or(0, |table| u64::from(table.tables)),
        })
    }

    /// The pending and waiting regions under the bytes some work reads through buffers.
    fn take_read(&mut self, pending: &mut PendingWrites, reads: &[PoolRead]) -> Vec<PendingRegion> {
        let mut regions = Vec::new();
        // Nothing drawn waits for storage: no read can take anything.
        if pending.is_empty() && self.waiting.regions.is_empty() {
            return regions;
        }
        for (pool, range_b) in reads {
            regions.extend(pending.take_overlapping(*pool, range_b.clone()));
            regions.extend(
                self.waiting
                    .regions
                    .take_overlapping(*pool, range_b.clone()),
            );
        }
        regions
    }

    /// What a submission made now waits for: the test gate, and the last sparse bind of
    /// virtual pages (queue operations are not ordered with it otherwise).
    pub(super) fn submit_waits(&self) -> Vec<vk::SemaphoreSubmitInfo<'static>> {
        let mut waits: Vec<vk::SemaphoreSubmitInfo> = self.gate.wait_info().into_iter().collect();
        if self.pools.sparse_bound_at > 0 {
            waits.push(
                vk::SemaphoreSubmitInfo::default()
                    .semaphore(self.timeline.raw)
                    .value(self.pools.sparse_bound_at)
                    .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS),
            );
        }
        waits
    }

    /// Submits `cmd` on the queue in its turn (`SubmitLine`), after the test gate,
    /// signalling timeline `value`.
    pub(super) fn queue_submit(&mut self, cmd: vk::CommandBuffer, value: u64) -> VkResult<()> {
        let waits = self.submit_waits();
        let submitted = self.line.in_turn(value, || {
            let submitted = submit_commands(&self.device, self.timeline.raw, &[cmd], &waits, value);
            let spent = submitted.is_ok();
            (submitted, spent)
        });
        match submitted {
            Ok(()) => self.gpu_frames.submitted(value),
            Err(_) => self.gpu_frames.abandoned(),
        }
        submitted
    }

    /// Bookkeeping once the submission is on the queue.
    pub(super) fn after_submit(
        &mut self,
        prepared: &mut Prepared,
        recorded: Recorded,
        value: u64,
        tables: &ObjectTables,
    ) {
        self.targets = std::mem::take(&mut prepared.plan.final_targets);
        self.bindings = std::mem::take(&mut prepared.bindings);
        self.state = std::mem::take(&mut prepared.state);
        let draws = &prepared.draws;
        for key in &draws.pipelines {
            if let Some(pipeline) = self.graphics.get_mut(key) {
                pipeline.last_use = value;
            }
        }
        for &pool in &draws.pools {
            self.pools.mark_used(pool, value);
        }
        for &sampler in &draws.samplers {
            self.samplers.mark_used(sampler, value);
        }
        for &(pool, offset_b, len_b) in &draws.writes {
            self.note_buffer_write(pool, offset_b, len_b, value);
        }
        for dispatch in prepared.dispatches.values() {
            self.compute.mark_used(dispatch.program, value);
            if let Some(pool) = dispatch.argument_pool {
                self.pools.mark_used(pool, value);
            }
            self.note_resolved(&dispatch.resolved, value);
        }
        let stats = &mut self.stats;
        stats.submissions += 1;
        let planned_passes = prepared.plan.passes.len();
        stats.passes += prepared
            .merged
            .as_ref()
            .map_or(planned_passes, |merged| merged.passes(planned_passes))
            as u64;
        stats.deferred_groups += prepared
            .merged
            .as_ref()
            .map_or(0, |merged| u64::from(merged.accepted));
        stats.draws += prepared.draws.len() as u64;
        stats.dispatches += prepared.dispatches.len() as u64;
        stats.copies += prepared.copies.len() as u64;
        stats.clears_in_pass += (prepared.clears.len() + prepared.masked_clears.len()) as u64;
        stats.barriers += recorded.barriers;
        stats.zero_fills += recorded.zero_fills;
        stats.uploads += recorded.uploads;
        stats.upload_bytes += recorded.upload_bytes;
        stats.gpu_uploads += recorded.gpu_uploads.0;
        stats.gpu_upload_bytes += recorded.gpu_uploads.1;
        stats.write_back_regions += recorded.stores.regions;
        stats.write_back_bytes += recorded.stores.bytes;
        stats.bindless_tables += recorded.bindless_tables;
        let bound: Vec<_> = self.images.bound.values().copied().collect();
        for image in bound {
            if let Some(tracked) = self.images.images.get_mut(&image) {
                tracked.needs_layout = false;
                tracked.last_use = value;
                let pool = tracked.texture.pool;
                self.pools.mark_used(pool, value);
            }
        }
        let copy_writes = prepared.copies.values().filter_map(|(_, write)| *write);
        let update_writes = prepared
            .updates
            .values()
            .chain(prepared.buffer_fills.values())
            .map(|update| update.write);
        let value_writes: Vec<_> = prepared
            .counters
            .iter()
            .flat_map(|counters| counters.gpu_writes())
            .collect();
        for (pool, offset_b, len_b) in copy_writes.chain(update_writes).chain(value_writes) {
            self.pools.mark_used(pool, value);
            self.note_buffer_write(pool, offset_b, len_b, value);
        }
        if let Some(counters) = prepared.counters.take() {
            self.counters.submitted(value, counters);
        }
        // The write-back's own writes: device writes, so the textures stay the GPU's.
        let mut stored = Vec::new();
        for (image, pool, range_b) in &recorded.stores.stored {
            let len_b = range_b.end - range_b.start;
            self.pools
                .note_gpu_write(*pool, range_b.start, len_b, value);
            self.note_aliased_write(*pool, range_b.start, len_b);
            stored.push(*image);
        }
        self.images
            .submission_recorded(&prepared.written, &prepared.reclaim, &stored, tables);
        for &pool in &prepared.buffer_pools {
            self.pools.mark_used(pool, value);
        }
        for (sync, sync_value) in std::mem::take(&mut prepared.signals) {
            self.syncs.signalled(sync, sync_value, value);
        }
        tracing::trace!(target: TARGET, value, passes = prepared.plan.passes.len(),
            in_flight = self.frames.in_flight(), "submitted");
    }

    /// Opens every pool range the recorded submission writes (write-back stores, copies
    /// into buffers, storage buffers of draws and dispatches) for the device, before it is
    /// submitted; `after_submit` notes them as GPU writes, which closes them when retired.
    pub(super) fn open_gpu_writes(&self, prepared: &Prepared, recorded: &Recorded) {
        for (pool, offset_b, len_b) in gpu_writes(prepared, &recorded.stores) {
            self.pools.open_for_gpu(pool, offset_b, len_b);
        }
    }

    /// A storage buffer range the submission of `value` may write.
    fn note_buffer_write(&mut self, pool: gpu::PoolId, offset_b: u64, len_b: u64, value: u64) {
        self.pools.note_gpu_write(pool, offset_b, len_b, value);
        self.images.buffer_wrote(pool, offset_b..offset_b + len_b);
        self.note_aliased_write(pool, offset_b, len_b);
    }

    /// Textures over the physical pages a sparse virtual pool's write landed in hear of it.
    fn note_aliased_write(&mut self, pool: gpu::PoolId, offset_b: u64, len_b: u64) {
        for alias in self.pools.aliases(pool, offset_b, len_b) {
            let range_b = alias.offset_b..alias.offset_b + alias.len_b;
            self.images.buffer_wrote(alias.pool, range_b);
        }
    }

    /// Marks what a dispatch's descriptors use as used by `value`; storage buffers as
    /// written by it.
    fn note_resolved(&mut self, resolved: &Resolved, value: u64) {
        for &pool in &resolved.pools {
            self.pools.mark_used(pool, value);
        }
        for &(pool, offset_b, len_b) in &resolved.writes {
            self.note_buffer_write(pool, offset_b, len_b, value);
        }
        for &sampler in &resolved.samplers {
            self.samplers.mark_used(sampler, value);
        }
    }
}

/// One `vkQueueSubmit2` of `cmds` in order, waiting for `waits`, signalling timeline
/// `value`. The caller holds the turn of `value` (`SubmitLine::in_turn`).
pub(super) fn submit_commands(
    device: &crate::bringup::device::Device,
    timeline: vk::Semaphore,
    cmds: &[vk::CommandBuffer],
    waits: &[vk::SemaphoreSubmitInfo],
    value: u64,
) -> VkResult<()> {
    let commands: Vec<vk::CommandBufferSubmitInfo> = cmds
        .iter()
        .map(|&cmd| vk::CommandBufferSubmitInfo::default().command_buffer(cmd))
        .collect();
    let signals = [vk::SemaphoreSubmitInfo::default()
        .semaphore(timeline)
        .value(value)
        .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
    let submit = [vk::SubmitInfo2::default()
        .command_buffer_infos(&commands)
        .wait_semaphore_infos(waits)
        .signal_semaphore_infos(&signals)];
    let queue = device.queue.lock();
    // SAFETY: the queue lock serialises submissions; the buffers are executable and every
    // object they use stays alive until `value` is reached (parked with it); the caller's
    // turn makes `value` above every value signalled before.
    unsafe { device.raw.queue_submit2(*queue, &submit, vk::Fence::null()) }
        .map_err(map_vk("submitting a command list"))
}

//! One submission: check what the list needs, make and fill the images it uses, record
//! the planned steps into one command buffer, and submit it with the next timeline value.

use std::collections::HashMap;
use std::sync::Arc;

use ash::vk;
use gpu::backend::Submission;
use gpu::command::{CopyOp, Op};
use gpu::objects::ObjectTables;
use gpu::{PoolId, SyncId, TextureId};
use memory::{MemoryPool, WriteStamp};

use crate::error::{map_vk, VkError, VkResult};
use crate::swizzle_kernel::memory_barrier;

use super::barrier::{nvn_barrier_scope, EVERY_ACCESS, EVERY_WRITE, HOST_READ};
use super::copy::{prepare_copy, record_copy, PoolWrite, PreparedCopy};
use super::frames::Frame;
use super::passes::{
    begin_pass, clear_in_pass, color_clear_attachment, depth_stencil_clear_attachment, end_pass,
    PassTargets,
};
use super::plan::{form_passes, Plan, Step};
use super::upload::{record_upload, record_zero_fill, zero_fill_possible};
use super::{VkBackend, TARGET};

/// How a texture's image gets storage's contents before the list runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    Zero,
    Upload,
}

/// Everything a list needs, resolved before its command buffer begins.
struct Prepared {
    plan: Plan,
    pass_targets: Vec<PassTargets>,
    copies: HashMap<usize, (PreparedCopy, Option<PoolWrite>)>,
    clears: HashMap<usize, vk::ClearAttachment>,
    textures: Vec<TextureId>,
    fills: Vec<(TextureId, Fill)>,
    /// (sync, sync value) of each signal, in op order.
    signals: Vec<(SyncId, u64)>,
    /// Pools whose buffers the list's copies use.
    buffer_pools: Vec<PoolId>,
}

/// Ops the executor cannot run yet: refused before anything is recorded.
fn check_supported(op: &Op) -> VkResult<()> {
    let what = match op {
        Op::Draw(_) | Op::DrawIndexed(_) | Op::DrawIndirect(_) => "draws",
        Op::Dispatch { .. } | Op::DispatchIndirect { .. } => "compute dispatches",
        _ => return Ok(()),
    };
    Err(VkError::Unsupported(format!(
        "{what} (graphics and compute pipelines are not built yet)"
    )))
}

fn storage_of(tables: &ObjectTables, texture: TextureId) -> VkResult<Arc<MemoryPool>> {
    let object = tables
        .textures
        .get(texture)
        .ok_or(VkError::UnknownObject(texture.into()))?;
    tables
        .pools
        .get(object.pool)
        .map(|pool| Arc::clone(&pool.storage))
        .ok_or(VkError::UnknownObject(object.pool.into()))
}

impl VkBackend {
    pub(super) fn submit_list(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> VkResult<()> {
        self.retire()?;
        let prepared = self.prepare(submission, tables)?;
        self.settle_pending_writes(&prepared, tables)?;
        self.pools.sync_mirrors()?;
        let mut frame = self.frames.begin()?;
        let stamps = match self.record(&mut frame, &prepared, submission, tables) {
            Ok(stamps) => stamps,
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
        self.after_submit(prepared, stamps, value);
        Ok(())
    }

    /// Plans the list and resolves every object it uses; refuses what cannot run.
    fn prepare(&mut self, submission: Submission<'_>, tables: &ObjectTables) -> VkResult<Prepared> {
        let list = submission.list;
        let ops = list.ops();
        ops.iter().try_for_each(check_supported)?;
        let plan = form_passes(ops, self.targets, |index| *list.render_targets(index));

        let mut textures: Vec<TextureId> = Vec::new();
        for pass in &plan.passes {
            for view in pass.targets.views() {
                let view = tables
                    .views
                    .get(view)
                    .ok_or(VkError::UnknownObject(view.into()))?;
                textures.push(view.texture);
            }
        }
        for op in ops {
            if let Op::Copy { copy_index } = op {
                match *list.copy(*copy_index) {
                    CopyOp::BufferToTexture { destination, .. } => {
                        textures.push(destination.texture)
                    }
                    CopyOp::TextureToBuffer { source, .. } => textures.push(source.texture),
                    CopyOp::TextureToTexture {
                        source,
                        destination,
                        ..
                    } => textures.extend([source.texture, destination.texture]),
                    CopyOp::BufferToBuffer { .. } => {}
                }
            }
        }
        textures.sort_unstable();
        textures.dedup();

        let mut fills = Vec::new();
        for &id in &textures {
            let texture = tables
                .textures
                .get(id)
                .ok_or(VkError::UnknownObject(id.into()))?;
            let storage = storage_of(tables, id)?;
            let tracked = self.images.ensure(texture)?;
            let range = texture.storage_range_b();
            let len_b = range.end - range.start;
            let last_write = storage
                .last_cpu_write(range.start, len_b)?
                .max(storage.last_device_write(range.start, len_b)?);
            let fill = match tracked.synced_at {
                Some(at) if last_write <= at => None,
                None if last_write == WriteStamp::NEVER && zero_fill_possible(tracked) => {
                    Some(Fill::Zero)
                }
                _ => Some(Fill::Upload),
            };
            if let Some(fill) = fill {
                fills.push((id, fill));
            }
        }

        let mut pass_targets = Vec::with_capacity(plan.passes.len());
        for pass in &plan.passes {
            let mut resolved = PassTargets {
                extent_px: [u32::MAX; 2],
                layers: u32::MAX,
                ..PassTargets::default()
            };
            let mut fit = |extent_px: [u32; 2], layers: u32| {
                resolved.extent_px[0] = resolved.extent_px[0].min(extent_px[0]);
                resolved.extent_px[1] = resolved.extent_px[1].min(extent_px[1]);
                resolved.layers = resolved.layers.min(layers);
            };
            let mut colors = [None; gpu::state::MAX_COLOR_TARGETS];
            for (slot, view) in pass.targets.colors.iter().enumerate() {
                let Some(view) = view.and_then(|view| tables.views.get(view)) else {
                    continue;
                };
                let attachment = self.images.attachment(view)?;
                if !attachment.aspect.contains(vk::ImageAspectFlags::COLOR) {
                    return Err(VkError::Unsupported(format!(
                        "{}: a depth/stencil view bound as a colour target",
                        view.id
                    )));
                }
                fit(attachment.extent_px, attachment.layers);
                colors[slot] = Some(attachment.raw);
            }
            let mut depth_stencil = None;
            if let Some(view) = pass.targets.depth_stencil.and_then(|v| tables.views.get(v)) {
                let attachment = self.images.attachment(view)?;
                if attachment.aspect.contains(vk::ImageAspectFlags::COLOR) {
                    return Err(VkError::Unsupported(format!(
                        "{}: a colour view bound as the depth/stencil target",
                        view.id
                    )));
                }
                fit(attachment.extent_px, attachment.layers);
                depth_stencil = Some((attachment.raw, attachment.aspect));
            }
            resolved.colors = colors;
            resolved.depth_stencil = depth_stencil;
            pass_targets.push(resolved);
        }

        let mut copies = HashMap::new();
        let mut clears = HashMap::new();
        let mut open_pass = None;
        for step in &plan.steps {
            match *step {
                Step::BeginPass(pass) => open_pass = Some(pass),
                Step::EndPass => open_pass = None,
                Step::ClearInPass(index) => {
                    let targets = &pass_targets[open_pass.expect("clears are inside passes")];
                    let attachment = match ops[index] {
                        Op::ClearColor {
                            target,
                            value,
                            mask,
                        } => color_clear_attachment(target, value, mask)?,
                        Op::ClearDepthStencil {
                            depth,
                            stencil,
                            stencil_mask,
                        } => {
                            let aspect = targets
                                .depth_stencil
                                .map_or(vk::ImageAspectFlags::empty(), |(_, aspect)| aspect);
                            depth_stencil_clear_attachment(depth, stencil, stencil_mask, aspect)?
                        }
                        _ => unreachable!("the plan marks only clears as in-pass clears"),
                    };
                    clears.insert(index, attachment);
                }
                Step::Op(index) => {
                    if let Op::Copy { copy_index } = ops[index] {
                        let copy = list.copy(copy_index);
                        copies.insert(
                            index,
                            prepare_copy(copy, tables, &self.pools, &self.images)?,
                        );
                    }
                }
            }
        }
        let sync_ops = list.sync_ops().count();
        if sync_ops != submission.sync_values.len() {
            return Err(VkError::Unsupported(format!(
                "a submission with {} sync values for {sync_ops} sync ops",
                submission.sync_values.len()
            )));
        }
        let signals = list
            .sync_ops()
            .zip(submission.sync_values)
            .filter(|((_, is_signal), _)| *is_signal)
            .map(|((sync, _), &value)| (sync, value))
            .collect();
        let mut buffer_pools: Vec<PoolId> = Vec::new();
        for op in ops {
            if let Op::Copy { copy_index } = *op {
                let buffers = match *list.copy(copy_index) {
                    CopyOp::BufferToBuffer {
                        source,
                        destination,
                        ..
                    } => vec![source, destination],
                    CopyOp::BufferToTexture { source, .. } => vec![source.buffer],
                    CopyOp::TextureToBuffer { destination, .. } => vec![destination.buffer],
                    CopyOp::TextureToTexture { .. } => Vec::new(),
                };
                buffer_pools.extend(
                    buffers
                        .into_iter()
                        .filter_map(|buffer| tables.buffers.get(buffer).map(|b| b.pool)),
                );
            }
        }
        Ok(Prepared {
            plan,
            pass_targets,
            copies,
            clears,
            textures,
            fills,
            signals,
            buffer_pools,
        })
    }

    /// Uploads read storage on the CPU: wait for GPU writes still pending there.
    fn settle_pending_writes(&mut self, prepared: &Prepared, tables: &ObjectTables) -> VkResult<()> {
        for &(id, fill) in &prepared.fills {
            if fill != Fill::Upload {
                continue;
            }
            let Some(texture) = tables.textures.get(id) else {
                continue;
            };
            let range = texture.storage_range_b();
            if let Some(value) =
                self.pools
                    .pending_write_until(texture.pool, range.start, range.end - range.start)
            {
                tracing::debug!(target: TARGET, texture = %id, value,
                    "upload waits for a pending GPU write to its storage");
                self.wait_timeline(value, super::FINISH_TIMEOUT)?;
            }
        }
        Ok(())
    }

    /// Records the whole list; returns the stamps uploads reached.
    fn record(
        &mut self,
        frame: &mut Frame,
        prepared: &Prepared,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> VkResult<Vec<(TextureId, WriteStamp)>> {
        let device = self.device.clone();
        let cmd = frame.cmd;
        let ops = submission.list.ops();

        // Earlier submissions' writes, then first layout transitions.
        memory_barrier(cmd, &device, EVERY_WRITE, EVERY_ACCESS);
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
        for &(id, fill) in &prepared.fills {
            let tracked = self.images.get(id)?;
            match fill {
                Fill::Zero => {
                    record_zero_fill(&device, cmd, &tracked.image);
                    stamps.push((id, WriteStamp::NEVER));
                }
                Fill::Upload => {
                    let storage = storage_of(tables, id)?;
                    let stamp =
                        record_upload(&device, cmd, &mut frame.staging, tracked, &storage)?;
                    stamps.push((id, stamp));
                }
            }
        }
        let mut dirty = !prepared.fills.is_empty();
        let mut barrier_if_dirty = |dirty: &mut bool| {
            if std::mem::take(dirty) {
                memory_barrier(cmd, &device, EVERY_WRITE, EVERY_ACCESS);
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
                    let attachment = prepared.clears[&index];
                    if !attachment.aspect_mask.is_empty() {
                        clear_in_pass(&device, cmd, targets, attachment);
                    }
                }
                Step::Op(index) => match ops[index] {
                    Op::Copy { .. } => {
                        barrier_if_dirty(&mut dirty);
                        record_copy(&device, cmd, &prepared.copies[&index].0);
                        dirty = true;
                    }
                    Op::Barrier { order, invalidate } => {
                        let scope = nvn_barrier_scope(order, invalidate);
                        memory_barrier(cmd, &device, EVERY_WRITE, scope);
                        dirty = scope != EVERY_ACCESS;
                    }
                    Op::WaitSync { .. } => {
                        // One queue: a barrier orders everything submitted before, which
                        // holds every signal a wait can name.
                        memory_barrier(cmd, &device, EVERY_WRITE, EVERY_ACCESS);
                        dirty = false;
                    }
                    // Signals complete with the submission (its timeline value).
                    _ => {}
                },
            }
        }
        memory_barrier(cmd, &device, EVERY_WRITE, HOST_READ);
        // SAFETY: `cmd` is recording and outside any pass (the plan closes every pass).
        unsafe { device.raw.end_command_buffer(cmd) }
            .map_err(map_vk("ending a command buffer"))?;
        Ok(stamps)
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
    fn after_submit(
        &mut self,
        prepared: Prepared,
        stamps: Vec<(TextureId, WriteStamp)>,
        value: u64,
    ) {
        self.targets = prepared.plan.final_targets;
        for (id, stamp) in stamps {
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
}

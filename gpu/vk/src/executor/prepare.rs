//! Preparing a submission: plan its passes, resolve every object it uses (images, views,
//! pipelines, descriptors, copies) and decide how each texture's image gets storage's
//! contents, refusing what cannot run before anything is recorded.

use std::collections::HashMap;
use std::sync::Arc;

use ash::vk;
use gpu::backend::Submission;
use gpu::command::{CopyOp, Op};
use gpu::objects::ObjectTables;
use gpu::state::ComponentMask;
use gpu::{PoolId, SyncId, TextureId};
use memory::{MemoryPool, WriteStamp};

use crate::error::{VkError, VkResult};

use super::bindings::Bindings;
use super::copy::{prepare_copy, PoolWrite, PreparedCopy};
use super::dispatch::{prepare_dispatch, PreparedDispatch};
use super::draw::{prepare_draw, PreparedDraw};
use super::graphics_state::GraphicsState;
use super::masked_clear::PreparedMaskedClear;
use super::passes::{
    color_clear_attachment, depth_stencil_clear_attachment, resolve_targets, PassTargets,
};
use super::plan::{form_passes, Plan, Step};
use super::slots::SlotContext;
use super::upload::{check_upload, zero_fill_possible};
use super::{VkBackend, TARGET};

/// How a texture's image gets storage's contents before the list runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fill {
    Zero,
    Upload,
}

/// Everything a list needs, resolved before its command buffer begins.
pub(super) struct Prepared {
    pub(super) plan: Plan,
    pub(super) pass_targets: Vec<PassTargets>,
    pub(super) copies: HashMap<usize, (PreparedCopy, Option<PoolWrite>)>,
    pub(super) clears: HashMap<usize, vk::ClearAttachment>,
    pub(super) masked_clears: HashMap<usize, PreparedMaskedClear>,
    pub(super) textures: Vec<TextureId>,
    pub(super) fills: Vec<(TextureId, Fill)>,
    /// (sync, sync value) of each signal, in op order.
    pub(super) signals: Vec<(SyncId, u64)>,
    /// Pools whose buffers the list's copies and dispatches use.
    pub(super) buffer_pools: Vec<PoolId>,
    pub(super) dispatches: HashMap<usize, PreparedDispatch>,
    pub(super) draws: HashMap<usize, PreparedDraw>,
    /// The bindings and state at the list's end.
    pub(super) bindings: Bindings,
    pub(super) state: GraphicsState,
}

pub(super) fn storage_of(tables: &ObjectTables, texture: TextureId) -> VkResult<Arc<MemoryPool>> {
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
    /// Plans the list and resolves every object it uses; refuses what cannot run.
    pub(super) fn prepare(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> VkResult<Prepared> {
        let list = submission.list;
        let ops = list.ops();
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

        for &id in &textures {
            let texture = tables
                .textures
                .get(id)
                .ok_or(VkError::UnknownObject(id.into()))?;
            self.images.ensure(texture)?;
        }

        let pass_targets = plan
            .passes
            .iter()
            .map(|pass| resolve_targets(&mut self.images, pass, tables))
            .collect::<VkResult<Vec<_>>>()?;

        let mut copies = HashMap::new();
        let mut clears = HashMap::new();
        let mut masked_clears = HashMap::new();
        let mut open_pass = None;
        let mut bindings = self.bindings.clone();
        let mut state = self.state.clone();
        let mut dispatches = HashMap::new();
        let mut draws = HashMap::new();
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
                        } if mask != ComponentMask::ALL => {
                            let clear = self.masked_clears.prepare(targets, target, value, mask)?;
                            masked_clears.insert(index, clear);
                            continue;
                        }
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
                    bindings.apply(&ops[index], tables);
                    if let Op::SetState { state_index } = ops[index] {
                        state.apply(list.state(state_index));
                    }
                    if matches!(
                        ops[index],
                        Op::Draw(_) | Op::DrawIndexed(_) | Op::DrawIndirect(_)
                    ) {
                        let targets = &pass_targets[open_pass.expect("draws are inside passes")];
                        let mut context = SlotContext {
                            device: &self.device,
                            tables,
                            pools: &self.pools,
                            images: &mut self.images,
                            samplers: &mut self.samplers,
                        };
                        let draw = prepare_draw(
                            &mut context,
                            &mut self.graphics,
                            &bindings,
                            &state,
                            targets,
                            &ops[index],
                        )?;
                        textures.extend(&draw.resolved.textures);
                        draws.insert(index, draw);
                    }
                    if matches!(
                        ops[index],
                        Op::Dispatch { .. } | Op::DispatchIndirect { .. }
                    ) {
                        let mut context = SlotContext {
                            device: &self.device,
                            tables,
                            pools: &self.pools,
                            images: &mut self.images,
                            samplers: &mut self.samplers,
                        };
                        let dispatch = prepare_dispatch(
                            &mut context,
                            &mut self.compute,
                            &bindings,
                            &ops[index],
                        )?;
                        textures.extend(&dispatch.resolved.textures);
                        dispatches.insert(index, dispatch);
                    }
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
        // Sampled textures joined the list: every texture's image gets storage's contents
        // before the list runs.
        textures.sort_unstable();
        textures.dedup();
        let mut fills = Vec::new();
        for &id in &textures {
            let texture = tables
                .textures
                .get(id)
                .ok_or(VkError::UnknownObject(id.into()))?;
            let storage = storage_of(tables, id)?;
            let range = texture.storage_range_b();
            let len_b = range.end - range.start;
            // Storage the GPU is still writing (a buffer copy into it) is read only after
            // that write lands (a mirror's copy-back included): wait for it first.
            if let Some(value) = self
                .pools
                .pending_write_until(texture.pool, range.start, len_b)
            {
                tracing::debug!(target: TARGET, texture = %id, value,
                    "waiting for a pending GPU write to the texture's storage");
                self.wait_timeline(value, super::FINISH_TIMEOUT)?;
            }
            let last_write = storage
                .last_cpu_write(range.start, len_b)?
                .max(storage.last_device_write(range.start, len_b)?);
            let tracked = self.images.ensure(texture)?;
            let fill = match tracked.synced_at {
                Some(at) if last_write <= at => None,
                None if last_write == WriteStamp::NEVER && zero_fill_possible(tracked) => {
                    Some(Fill::Zero)
                }
                _ => {
                    check_upload(tracked)?;
                    Some(Fill::Upload)
                }
            };
            if let Some(fill) = fill {
                fills.push((id, fill));
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
            masked_clears,
            textures,
            fills,
            signals,
            buffer_pools,
            dispatches,
            draws,
            bindings,
            state,
        })
    }
}

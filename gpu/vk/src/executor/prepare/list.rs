//! Preparing a submission: plan its passes, resolve every object it uses (images, views,
//! pipelines, descriptors, copies) and decide how each texture's image gets storage's
//! contents, refusing what cannot run before anything is recorded.

use std::collections::HashMap;

use ash::vk;
use gpu::backend::Submission;
use gpu::command::{CopyOp, Op, RenderTargets};
use gpu::objects::ObjectTables;
use gpu::state::capability::check_viewport;
use gpu::state::{ComponentMask, Scissor, StateChange};
use gpu::{PoolId, SyncId, TextureId};
use memory::WriteStamp;

use crate::error::{VkError, VkResult};
use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::graphics::GraphicsPipelines;
use crate::executor::pipelines::graphics_state::GraphicsState;
use crate::executor::pipelines::masked_clear::PreparedMaskedClear;
use crate::executor::plan::defer::{merge, Merged};
use crate::executor::plan::{form_passes_into, Plan, Scissoring, Step};
use crate::executor::prepared::copy::{PoolWrite, PreparedCopy, PreparedUpdate};
use crate::executor::prepared::dispatch::PreparedDispatch;
use crate::executor::prepared::draws::PreparedDraws;
use crate::executor::prepared::passes::PassTargets;
use crate::executor::resources::pools::storage_of;
use crate::executor::resources::reclaim_notes::ReclaimNotes;
use crate::executor::resources::residency::kernel_covers;
use crate::executor::resources::upload::{check_upload, zero_fill_possible};
use crate::executor::{VkBackend, TARGET};
use crate::image_cache::{HostImageId, Use};
use crate::writeback::{admit, WriteTarget};

use super::bindings::Bindings;
use super::buffer_reads::{dispatch_reads as dispatch_reads_of, PoolRead};
use super::copy::{prepare_copy, prepare_fill, prepare_update};
use super::counters::prepare_counters;
use super::dispatch::prepare_dispatch;
use super::draw::prepare_draw;
use super::draw_site::DrawSite;
use super::pass_access::AccessLog;
use super::pass_targets::{
    color_clear_attachment, depth_stencil_clear_attachment, resolve_targets,
};
use super::rects::clear_rect;
use super::repeat::{take_repeats, RepeatSite};
use super::repeat_moves::{ChangeSource, MoveSite};
use super::slots::SlotContext;
use super::texture_clear::prepare_texture_clear;
use super::transform_feedback::{close_capture, prepare_transform_feedback, OpenCapture};
use super::write_targets::{copy_write, texture_clear_write, PassBounds};
use crate::executor::prepared::counters::PreparedCounters;
use crate::executor::prepared::texture_clear::PreparedTextureClear;
use crate::executor::prepared::transform_feedback::PreparedTransformFeedback;

/// How a texture's image gets storage's contents before the list runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::executor) enum Fill {
    Zero,
    /// A CPU deswizzle into staging.
    Upload,
    /// The `deswz` kernel from the pool buffer.
    GpuUpload,
}

/// Everything a list needs, resolved before its command buffer begins.
pub(in crate::executor) struct Prepared {
    pub(in crate::executor) plan: Plan,
    /// `RX_VK_PASS_DEFER`: the order the recorder follows once passes merged.
    pub(in crate::executor) merged: Option<Merged>,
    pub(in crate::executor) pass_targets: Vec<PassTargets>,
    pub(in crate::executor) copies: HashMap<usize, (PreparedCopy, Option<PoolWrite>)>,
    /// In-pass clears and the rectangle each covers (scissor 0 within the render area).
    pub(in crate::executor) clears: HashMap<usize, (vk::ClearAttachment, vk::Rect2D)>,
    pub(in crate::executor) masked_clears: HashMap<usize, (PreparedMaskedClear, vk::Rect2D)>,
    /// Inline uniform updates by op index.
    pub(in crate::executor) updates: HashMap<usize, PreparedUpdate>,
    /// Buffer fills (NVN's `ClearBuffer`) by op index: the bytes they write.
    pub(in crate::executor) buffer_fills: HashMap<usize, PreparedUpdate>,
    /// Texture clears (NVN's `ClearTexture`) by op index, and what each writes into a
    /// texture the write-back stores.
    pub(in crate::executor) texture_clears: HashMap<usize, PreparedTextureClear>,
    pub(in crate::executor) texture_clear_writes: HashMap<usize, WriteTarget>,
    pub(in crate::executor) textures: Vec<TextureId>,
    pub(in crate::executor) fills: Vec<(TextureId, Fill)>,
    /// Images over filled storage whose GPU texels are stored before the fills.
    pub(in crate::executor) write_back_first: Vec<HostImageId>,
    /// Every texture the list writes on the GPU (targets, copy destinations, images).
    pub(in crate::executor) written: Vec<TextureId>,
    /// What the list tells render-target reclaim (`RX_VK_RT_RECLAIM`).
    pub(in crate::executor) reclaim: ReclaimNotes,
    /// What each pass writes into textures the write-back stores.
    pub(in crate::executor) pass_writes: Vec<Vec<WriteTarget>>,
    /// Pool bytes each pass's draws read through buffers (vertices, indices, uniforms,
    /// storage, indirect arguments).
    pub(in crate::executor) pass_reads: Vec<Vec<PoolRead>>,
    /// Pool bytes each dispatch (by op index) reads through buffers.
    pub(in crate::executor) dispatch_reads: HashMap<usize, Vec<PoolRead>>,
    /// What each copy (by op index) writes into a texture the write-back stores.
    pub(in crate::executor) copy_writes: HashMap<usize, WriteTarget>,
    /// Pool bytes each copy (by op index) reads through a buffer.
    pub(in crate::executor) copy_reads: HashMap<usize, (PoolId, std::ops::Range<u64>)>,
    /// (sync, sync value) of each signal, in op order.
    pub(in crate::executor) signals: Vec<(SyncId, u64)>,
    /// Pools whose buffers the list's copies and dispatches use.
    pub(in crate::executor) buffer_pools: Vec<PoolId>,
    pub(in crate::executor) dispatches: HashMap<usize, PreparedDispatch>,
    /// Transform feedback begins, pauses, resumes and ends by op index.
    pub(in crate::executor) transform_feedback: HashMap<usize, PreparedTransformFeedback>,
    pub(in crate::executor) draws: PreparedDraws,
    /// The bindings and state at the list's end.
    pub(in crate::executor) bindings: Bindings,
    pub(in crate::executor) state: GraphicsState,
    /// The list's counter ops and queries (`None`: it has none and counts nothing).
    pub(in crate::executor) counters: Option<PreparedCounters>,
}

/// The pool bytes of `texture`'s storage, as a GPU write to them.
/// Whether `scissor` leaves out part of the common area of `targets` (unknown views
/// count as cut: the clear then goes the way that honours any scissor).
fn scissor_cuts(tables: &ObjectTables, targets: &RenderTargets, scissor: &Scissor) -> bool {
    let mut extent_px = [u32::MAX; 2];
    for view in targets.views() {
        let Some([width_px, height_px, _]) = tables
            .view_texture(view)
            .and_then(|(view, texture)| texture.level_extent_px(view.levels.start))
        else {
            return true;
        };
        extent_px = [extent_px[0].min(width_px), extent_px[1].min(height_px)];
    }
    let reaches = |start: i32, size: u32, end: u32| {
        start <= 0 && i64::from(start) + i64::from(size) >= i64::from(end)
    };
    !(reaches(scissor.x_px, scissor.width_px, extent_px[0])
        && reaches(scissor.y_px, scissor.height_px, extent_px[1]))
}

/// Notes a state change in the pipelines' versions, the repeat site's and the memo's
/// moved parts: `moved`, the parts of a draw's shape a change the pipelines take
/// dynamically moves; `None` for a change of what pipelines bake.
fn note_change(
    graphics: &mut GraphicsPipelines,
    site: &mut Option<RepeatSite<'_>>,
    draws: &mut PreparedDraws,
    moved: Option<MovedParts>,
) {
    match moved {
        Some(parts) => {
            graphics.note_dynamic_change();
            if let Some(memo) = &mut draws.memo {
                memo.moved = memo.moved.with(parts);
            }
        }
        None => graphics.note_state_change(),
    }
    if let Some(site) = site {
        site.set_versions((graphics.state_version(), graphics.dynamic_version()));
    }
}

fn storage_write(tables: &ObjectTables, texture: TextureId) -> Option<PoolWrite> {
    let texture = tables.textures.get(texture)?;
    let range_b = texture.storage_range_b();
    Some((texture.pool, range_b.start, range_b.end - range_b.start))
}

impl VkBackend {
    /// Plans the list and resolves every object it uses; refuses what cannot run.
    pub(in crate::executor) fn prepare(
        &mut self,
        submission: Submission<'_>,
        tables: &ObjectTables,
    ) -> VkResult<Prepared> {
        let list = submission.list;
        let ops = list.ops();
        self.images.begin_submission();
        let scissoring = Scissoring {
            at_start: self.state.scissors[0],
            scissor_of: |index| match list.state(index) {
                StateChange::Scissors { first: 0, scissors } => scissors.first().copied(),
                _ => None,
            },
            cuts: |targets: &RenderTargets, scissor: &Scissor| {
                scissor_cuts(tables, targets, scissor)
            },
        };
        let plan = form_passes_into(
            ops,
            self.targets,
            |index| *list.render_targets(index),
            scissoring,
            std::mem::take(&mut self.spare_steps),
        );

        let mut uses: Vec<(TextureId, Use)> = Vec::new();
        for pass in &plan.passes {
            for view in pass.targets.views() {
                let view = tables
                    .views
                    .get(view)
                    .ok_or_else(|| VkError::UnknownObject(view.into()))?;
                uses.push((view.texture, Use::Write));
            }
        }
        let pass_uses = uses.len();
        let copy_ops = if list.copy_count() > 0 { ops } else { &[] };
        for op in copy_ops {
            if let Op::Copy { copy_index } = op {
                match *list.copy(*copy_index) {
                    CopyOp::BufferToTexture { destination, .. } => {
                        uses.push((destination.texture, Use::Write))
                    }
                    CopyOp::TextureToBuffer { source, .. } => {
                        uses.push((source.texture, Use::CopySource))
                    }
                    CopyOp::TextureToTexture {
                        source,
                        destination,
                        ..
                    } => uses.extend([
                        (source.texture, Use::CopySource),
                        (destination.texture, Use::Write),
                    ]),
                    CopyOp::Resolve {
                        source,
                        destination,
                        ..
                    } => uses.extend([(source, Use::CopySource), (destination, Use::Write)]),
                    CopyOp::BufferToBuffer { .. } => {}
                }
            }
        }
        // Texture clears write their view's texture, as a copy writes its destination.
        let clear_ops = if list.texture_clear_count() > 0 {
            ops
        } else {
            &[]
        };
        for op in clear_ops {
            if let Op::ClearTexture { clear_index } = *op {
                let view = list.texture_clear(clear_index).view;
                let view = tables
                    .views
                    .get(view)
                    .ok_or_else(|| VkError::UnknownObject(view.into()))?;
                uses.push((view.texture, Use::Write));
            }
        }
        // Copy and texture clear destinations (never reclaimed); pass targets join once
        // the passes' writes are known.
        let mut written: Vec<TextureId> = uses
            .iter()
            .skip(pass_uses)
            .filter(|(_, use_)| *use_ == Use::Write)
            .map(|(id, _)| *id)
            .collect();
        let copy_destinations = written.clone();
        let mut images_written = Vec::new();
        let mut cleared_passes = Vec::new();
        let mut textures: Vec<TextureId> = uses.iter().map(|(id, _)| *id).collect();
        textures.sort_unstable();
        textures.dedup();

        for &(id, use_) in &uses {
            let texture = tables
                .textures
                .get(id)
                .ok_or_else(|| VkError::UnknownObject(id.into()))?;
            self.images.ensure(texture, use_, tables)?;
        }

        let pass_targets = plan
            .passes
            .iter()
            .map(|pass| resolve_targets(&mut self.images, pass, tables))
            .collect::<VkResult<Vec<_>>>()?;

        let mut copies = HashMap::new();
        let mut updates = HashMap::new();
        let mut buffer_fills = HashMap::new();
        let mut texture_clears = HashMap::new();
        let mut texture_clear_writes = HashMap::new();
        // Debug groups open at each point (from the submission's earlier pieces on).
        let mut label_depth = self.labels.depth();
        let mut update_pools = Vec::new();
        let mut clears = HashMap::new();
        let mut masked_clears = HashMap::new();
        let mut open_pass = None;
        let mut bindings = self.bindings.clone();
        let mut state = self.state.clone();
        self.graphics.note_state_change();
        let mut dispatches = HashMap::new();
        let mut draws = std::mem::take(&mut self.spare_draws);
        draws.reset();
        let mut pass_bounds = vec![PassBounds::default(); plan.passes.len()];
        let mut pass_reads: Vec<Vec<PoolRead>> = vec![Vec::new(); plan.passes.len()];
        let mut dispatch_reads = HashMap::new();
        let mut copy_writes = HashMap::new();
        // Pool bytes the list's copies and dispatches so far write on the GPU.
        let mut list_writes = Vec::new();
        let mut transform_feedback = HashMap::new();
        let mut capture: Option<OpenCapture> = None;
        // What each pass touches, for the deferred pass merge.
        let mut access = self.defer.on.then(|| AccessLog::new(&plan, tables));
        for step in &plan.steps {
            match *step {
                Step::BeginPass(pass) => {
                    open_pass = Some(pass);
                    pass_bounds[pass] = PassBounds::from_loads(&plan.passes[pass]);
                    let targets = plan.passes[pass].targets;
                    let textures = targets.views().filter_map(|view| tables.views.get(view));
                    list_writes
                        .extend(textures.filter_map(|view| storage_write(tables, view.texture)));
                }
                Step::EndPass => {
                    if capture.is_some() {
                        return Err(VkError::Unsupported(
                            "a pass ends while transform feedback is active (a list must \
                             pause or end it)"
                                .into(),
                        ));
                    }
                    open_pass = None
                }
                Step::DebugLabel(index) => match ops[index] {
                    // Recorded lists were checked; decoded ones are checked here.
                    Op::PushDebugGroup { label_index } | Op::InsertDebugLabel { label_index } => {
                        gpu::command::debug_group::check_label(list.label(label_index))
                            .map_err(|error| VkError::Unsupported(error.to_string()))?;
                        if matches!(ops[index], Op::PushDebugGroup { .. }) {
                            label_depth += 1;
                        }
                    }
                    _ => {
                        label_depth = label_depth.checked_sub(1).ok_or_else(|| {
                            VkError::Unsupported("a debug group pop with none open".into())
                        })?;
                    }
                },
                Step::TransformFeedback(index) => {
                    let mut prepared = prepare_transform_feedback(
                        &ops[index],
                        &bindings,
                        tables,
                        &self.pools,
                        &mut draws.writes,
                    )?;
                    if prepared.verb.activates() {
                        capture = Some(OpenCapture {
                            op: index,
                            draws_before: draws.draw_count(),
                        });
                    } else {
                        let open = capture.take();
                        let from = open.map_or(0, |open| open.draws_before);
                        let (begun, pipeline) = close_capture(open, &draws.pipelines_from(from))?;
                        if let Some(begin) = transform_feedback.get_mut(&begun) {
                            let begin: &mut PreparedTransformFeedback = begin;
                            begin.pipeline = Some(pipeline);
                        }
                    }
                    prepared.pipeline = None;
                    transform_feedback.insert(index, prepared);
                }
                Step::ClearInPass(index) => {
                    let pass = open_pass.expect("clears are inside passes");
                    pass_bounds[pass].whole = true;
                    cleared_passes.push(pass);
                    let targets = &pass_targets[pass];
                    let rect = clear_rect(&state, targets);
                    let attachment = match ops[index] {
                        Op::ClearColor {
                            target,
                            value,
                            mask,
                        } if mask != ComponentMask::ALL => {
                            let clear = self.masked_clears.prepare(
                                targets.formats,
                                targets.layers,
                                target,
                                value,
                                mask,
                            )?;
                            masked_clears.insert(index, (clear, rect));
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
                    clears.insert(index, (attachment, rect));
                }
                Step::Ops { first, end } => {
                    draws.start_span();
                    let mut last_shape = None;
                    let mut site = open_pass.map(|pass| {
                        let versions = (
                            self.graphics.state_version(),
                            self.graphics.dynamic_version(),
                        );
                        RepeatSite::new(&self.device.caps, pass, versions)
                    });
                    let mut index = first;
                    while index < end {
                        let mut moved = MovedParts::NONE;
                        if let (Some(site), Some(pass)) = (&site, open_pass) {
                            let from = index;
                            let mut moves = MoveSite {
                                state: &mut state,
                                targets: &pass_targets[pass],
                                bounds: &mut pass_bounds[pass],
                                changes: Some(ChangeSource {
                                    list,
                                    set: self.graphics.dynamic_set(),
                                    features: &self.state_features,
                                }),
                                moved: MovedParts::NONE,
                            };
                            index = take_repeats(
                                site,
                                ops,
                                (index, end),
                                &mut bindings,
                                &mut moves,
                                &mut draws,
                                &mut pass_reads[pass],
                            )?;
                            moved = moves.moved;
                            if let (Some(access), true) = (&mut access, index > from) {
                                access.note_draw(pass, &bindings, tables, draws.last_bindless());
                            }
                        }
                        if moved != MovedParts::NONE {
                            // The memo's shape no longer holds the moved parts.
                            note_change(&mut self.graphics, &mut site, &mut draws, Some(moved));
                        }
                        if index == end {
                            break;
                        }
                        let op = &ops[index];
                        match op {
                            Op::Draw(_) | Op::DrawIndexed(_) | Op::DrawIndirect(_) => {
                                let pass = open_pass.expect("draws are inside passes");
                                let mut context = SlotContext {
                                    device: &self.device,
                                    tables,
                                    pools: &self.pools,
                                    images: &mut self.images,
                                    samplers: &mut self.samplers,
                                };
                                let site = DrawSite {
                                    bindings: &bindings,
                                    state: &state,
                                    targets: &pass_targets[pass],
                                    pass,
                                    op,
                                    index,
                                    list_writes: &list_writes,
                                    waiting: &self.waiting.regions,
                                };
                                prepare_draw(
                                    &mut context,
                                    &mut self.graphics,
                                    &site,
                                    &mut draws,
                                    &mut pass_reads[pass],
                                )?;
                                if let Some(access) = &mut access {
                                    access.note_draw(
                                        pass,
                                        &bindings,
                                        tables,
                                        draws.last_bindless(),
                                    );
                                }
                                // Draws of one shape share its scissor: added once a run.
                                let shape = draws.last_shape();
                                if shape != last_shape {
                                    if let Some((_, scissor)) = shape {
                                        pass_bounds[pass].add_scissor(scissor);
                                    }
                                    last_shape = shape;
                                }
                            }
                            Op::SetState { state_index } => {
                                let change = list.state(*state_index);
                                // Recorded lists were checked; decoded ones are here.
                                change
                                    .check_features(&self.state_features)
                                    .map_err(|error| VkError::Unsupported(error.to_string()))?;
                                let keeps = self
                                    .graphics
                                    .dynamic_set()
                                    .keeps_pipeline_on(&state, change);
                                state.apply(change);
                                let moved = keeps.then(|| MovedParts::of(change));
                                note_change(&mut self.graphics, &mut site, &mut draws, moved);
                            }
                            Op::SetScissor { index, scissor } => {
                                state.set_scissor(*index, *scissor);
                                let moved = Some(MovedParts::SCISSORS);
                                note_change(&mut self.graphics, &mut site, &mut draws, moved);
                            }
                            Op::SetViewport { index, viewport } => {
                                // Recorded lists were checked; decoded ones are here.
                                check_viewport(viewport)
                                    .map_err(|error| VkError::Unsupported(error.to_string()))?;
                                state.set_viewport(*index, *viewport);
                                let moved = Some(MovedParts::VIEWPORTS);
                                note_change(&mut self.graphics, &mut site, &mut draws, moved);
                            }
                            _ => bindings.apply(op, tables),
                        }
                        index += 1;
                    }
                }
                Step::Op(index) => {
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
                        written.extend(&dispatch.resolved.images_written);
                        images_written.extend(&dispatch.resolved.images_written);
                        list_writes.extend(&dispatch.resolved.writes);
                        list_writes.extend(
                            dispatch
                                .resolved
                                .images_written
                                .iter()
                                .filter_map(|&texture| storage_write(tables, texture)),
                        );
                        dispatch_reads.insert(index, dispatch_reads_of(&dispatch));
                        dispatches.insert(index, dispatch);
                    }
                    if let Op::UpdateUniformBuffer { update_index } = ops[index] {
                        let update = list.update(update_index);
                        let prepared = prepare_update(update, tables, &self.pools, &self.images)?;
                        list_writes.push(prepared.write);
                        update_pools.push(prepared.write.0);
                        updates.insert(index, prepared);
                    }
                    if let Op::FillBuffer {
                        buffer,
                        offset_b,
                        size_b,
                        ..
                    } = ops[index]
                    {
                        let prepared = prepare_fill(
                            buffer,
                            offset_b,
                            size_b,
                            tables,
                            &self.pools,
                            &self.images,
                        )?;
                        list_writes.push(prepared.write);
                        update_pools.push(prepared.write.0);
                        buffer_fills.insert(index, prepared);
                    }
                    if let Op::ClearTexture { clear_index } = ops[index] {
                        let clear = list.texture_clear(clear_index);
                        let prepared = prepare_texture_clear(
                            clear,
                            tables,
                            &mut self.images,
                            &mut self.masked_clears,
                        )?;
                        if let Some(target) = texture_clear_write(clear, tables, &self.images) {
                            texture_clear_writes.insert(index, target);
                        }
                        let texture = tables.views.get(clear.view).map(|view| view.texture);
                        list_writes
                            .extend(texture.and_then(|texture| storage_write(tables, texture)));
                        texture_clears.insert(index, prepared);
                    }
                    if let Op::Copy { copy_index } = ops[index] {
                        let copy = list.copy(copy_index);
                        // A depth resolve renders between whole-image views of both.
                        if let CopyOp::Resolve {
                            source,
                            destination,
                            mode: gpu::command::ResolveMode::SampleZero,
                        } = *copy
                        {
                            self.images.resolve_view(source)?;
                            self.images.resolve_view(destination)?;
                        }
                        if let Some(target) = copy_write(copy, tables, &self.images) {
                            copy_writes.insert(index, target);
                        }
                        let prepared = prepare_copy(copy, tables, &self.pools, &self.images)?;
                        list_writes.extend(prepared.1);
                        let destination = match *copy {
                            CopyOp::BufferToTexture { destination, .. }
                            | CopyOp::TextureToTexture { destination, .. } => {
                                Some(destination.texture)
                            }
                            CopyOp::Resolve { destination, .. } => Some(destination),
                            _ => None,
                        };
                        list_writes
                            .extend(destination.and_then(|texture| storage_write(tables, texture)));
                        copies.insert(index, prepared);
                    }
                }
            }
        }
        textures.extend(&draws.textures);
        written.extend(&draws.images_written);
        images_written.extend(&draws.images_written);
        let reclaim = ReclaimNotes::new(
            &plan,
            tables,
            &cleared_passes,
            &copy_destinations,
            &images_written,
        );
        // Sampled textures joined the list: the images the cache asked to fill get
        // storage's contents before the list runs.
        // A colour target is written when its pass clears or draws; a depth/stencil target
        // is counted as written whenever bound (the write-back never stores it).
        for (pass, bounds) in plan.passes.iter().zip(&pass_bounds) {
            let colors = pass
                .targets
                .colors
                .iter()
                .flatten()
                .filter(|_| bounds.writes());
            for &view in colors.chain(&pass.targets.depth_stencil) {
                if let Some(view) = tables.views.get(view) {
                    written.push(view.texture);
                }
            }
        }
        textures.sort_unstable();
        textures.dedup();
        written.sort_unstable();
        written.dedup();
        let mut fills = Vec::new();
        let mut write_back_first = Vec::new();
        for pending in self.images.fills.clone() {
            let id = pending.texture;
            write_back_first.extend(pending.write_back_first.iter().copied());
            let texture = tables
                .textures
                .get(id)
                .ok_or_else(|| VkError::UnknownObject(id.into()))?;
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
                self.wait_timeline(value, crate::executor::FINISH_TIMEOUT)?;
            }
            let never_written = storage.last_cpu_write(range.start, len_b)? == WriteStamp::NEVER
                && storage.last_device_write(range.start, len_b)? == WriteStamp::NEVER;
            let pool_flags = tables
                .pools
                .get(texture.pool)
                .map(|pool| pool.maker.flags)
                .ok_or_else(|| VkError::UnknownObject(texture.pool.into()))?;
            let tracked = self.images.get(id)?;
            // A multisample texture's drawing lives in its host image alone (storage never
            // holds it: no write-back, no upload), which starts cleared to zero.
            let multisample = texture.desc.samples > 1;
            if multisample && !never_written {
                tracing::debug!(target: TARGET, texture = %id,
                    "a multisample texture over written storage starts at zero (its storage \
                     bytes are never read)");
            }
            let fill = if (never_written || multisample) && zero_fill_possible(tracked) {
                Fill::Zero
            } else {
                check_upload(tracked)?;
                let on_gpu = self.gpu_uploads
                    && kernel_covers(texture, tracked.mapping.conversion)
                    && admit(&texture.desc, texture.flags, pool_flags).is_ok();
                if on_gpu {
                    Fill::GpuUpload
                } else {
                    // The CPU reads storage while recording, before stores this list
                    // records land; the executor stores every admitted write in the
                    // submission that makes it, so none should be waiting here.
                    if !pending.write_back_first.is_empty() {
                        tracing::warn!(target: TARGET, texture = %id,
                            "a CPU upload over storage with GPU texels still to store");
                    }
                    Fill::Upload
                }
            };
            fills.push((id, fill));
        }
        self.defer.roll(self.frame);
        let merged = access.map(|access| {
            let merged = merge(&plan, ops, &access.finish(&pass_reads), self.defer.rules);
            self.defer.note(&merged);
            merged
        });
        let mut pass_writes = Vec::with_capacity(plan.passes.len());
        for (pass, bounds) in plan.passes.iter().zip(&pass_bounds) {
            pass_writes.push(bounds.targets(pass, tables, &self.images));
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
        let mut buffer_pools: Vec<PoolId> = update_pools;
        let mut copy_reads = HashMap::new();
        for (index, op) in copy_ops.iter().enumerate() {
            if let Op::Copy { copy_index } = *op {
                let read = match *list.copy(copy_index) {
                    CopyOp::BufferToBuffer { source, .. } => Some(source),
                    CopyOp::BufferToTexture { source, .. } => Some(source.buffer),
                    _ => None,
                };
                if let Some(buffer) = read.and_then(|buffer| tables.buffers.get(buffer)) {
                    let range_b = buffer.offset_b..buffer.offset_b + buffer.size_b;
                    copy_reads.insert(index, (buffer.pool, range_b));
                }
                let buffers = match *list.copy(copy_index) {
                    CopyOp::BufferToBuffer {
                        source,
                        destination,
                        ..
                    } => vec![source, destination],
                    CopyOp::BufferToTexture { source, .. } => vec![source.buffer],
                    CopyOp::TextureToBuffer { destination, .. } => vec![destination.buffer],
                    CopyOp::TextureToTexture { .. } | CopyOp::Resolve { .. } => Vec::new(),
                };
                buffer_pools.extend(
                    buffers
                        .into_iter()
                        .filter_map(|buffer| tables.buffers.get(buffer).map(|b| b.pool)),
                );
            }
        }
        let counters = prepare_counters(
            &self.device,
            list,
            tables,
            &self.pools,
            &mut self.counters.armed,
            &self.state_features,
        )?;
        Ok(Prepared {
            counters,
            plan,
            merged,
            pass_targets,
            copies,
            updates,
            buffer_fills,
            texture_clears,
            texture_clear_writes,
            clears,
            masked_clears,
            textures,
            fills,
            write_back_first,
            written,
            reclaim,
            pass_writes,
            pass_reads,
            dispatch_reads,
            copy_writes,
            copy_reads,
            signals,
            buffer_pools,
            dispatches,
            transform_feedback,
            draws,
            bindings,
            state,
        })
    }
}

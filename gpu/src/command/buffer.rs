//! The command buffer: checks each command against the device's objects and appends it.
//! A refused command leaves the buffer as it was.

use crate::device::Device;
use crate::error::RecordError;
use crate::ids::{BufferId, ProgramId, SamplerTableId, SyncId, TextureTableId, ViewId};
use crate::objects::{BufferRange, ImageHandle, Stage, SyncCondition, TextureHandle};
use crate::state::capability::{check_command_features, check_viewport};
use crate::state::{ComponentMask, IndexType, Scissor, StateChange, Viewport, MAX_VIEWPORTS};

use super::bound::BoundState;
use super::list::{CommandList, Op};
use super::multisample_slots::{check_sampled_count, is_multisample, MultisampleSlots};
use super::remembered::Remembered;
use super::smoothing::check_smooth_tessellated_lines;
use super::stages::check_program_features;
use super::target_formats::check_target_formats;
use super::transform_feedback::{CaptureWatch, TransformFeedbackControl, TransformFeedbackVerb};
use super::validate::{self, draw_size_fits};
use super::verbs::{
    BarrierOrder, BufferBinding, ClearValue, Command, CopyOp, DiscardTarget, DrawArrays,
    DrawIndexed, DrawIndirect, Invalidate, RenderTargets, UniformUpdate,
};

pub struct CommandBuffer<'d> {
    device: &'d Device,
    list: CommandList,
    bound: BoundState,
    remembered: Remembered,
    /// State this buffer set that the portability checks join (`command::portability`).
    portability: super::portability::PortabilityWatch,
    /// Debug groups pushed and not yet popped (`command::debug_group`).
    debug_groups_open: u32,
    /// What the open transform feedback capture's first draw fixed.
    capture: CaptureWatch,
    /// The views bound at texture slots against the programs' multisample slots.
    multisample: MultisampleSlots,
}

impl<'d> CommandBuffer<'d> {
    pub(crate) fn new(device: &'d Device, bound: BoundState) -> CommandBuffer<'d> {
        CommandBuffer {
            device,
            list: CommandList::with_capacity(device.expected_list_ops()),
            bound,
            remembered: Remembered::default(),
            portability: Default::default(),
            debug_groups_open: 0,
            capture: CaptureWatch::default(),
            multisample: MultisampleSlots::default(),
        }
    }

    /// Checks and appends one command. Kept out of line: the common binds and draws take
    /// their own short way first and come here only when that is not enough.
    #[inline(never)]
    pub fn record(&mut self, command: Command) -> Result<(), RecordError> {
        check_command_features(&command, self.device.features())?;
        let portability = &self.device.features().portability;
        self.portability
            .check(&command, portability, &self.bound, || self.device.tables())?;
        self.capture.check(&command, &self.bound)?;
        if let Command::DrawIndexed(draw) = &command {
            if self.bound.primitive_restart && draw.primitive.needs_index_conversion() {
                return Err(RecordError::MissingCapability {
                    what:
                        "indexed quads, quad strips, polygons or line loops with primitive restart",
                    capability: "an index conversion that restarts (not made yet)",
                });
            }
        }
        if matches!(command, Command::PopDebugGroup) && self.debug_groups_open == 0 {
            return Err(RecordError::DebugGroupUnderflow);
        }
        self.check_multisample_slots(&command)?;
        if let Command::Draw(DrawArrays { primitive, .. })
        | Command::DrawIndexed(DrawIndexed { primitive, .. })
        | Command::DrawIndirect(DrawIndirect { primitive, .. }) = &command
        {
            check_smooth_tessellated_lines(&self.bound, *primitive, self.device.features())?;
            if self.bound.sample_locations_on {
                super::sample_locations::check_sample_locations(
                    &self.bound,
                    &self.device.tables(),
                    self.device.features(),
                )?;
            }
        }
        let table_changes = self.device.table_changes();
        match self.remembered.check(&command, &self.bound, table_changes) {
            Some(checked) => {
                checked?;
                self.bound.apply_known(&command);
            }
            None => {
                let tables = self.device.tables();
                match validate::check(&command, &self.bound, &tables) {
                    // The tables may come from an earlier list on the queue, as on the
                    // console: checked at submit (`command::queue_binds`).
                    Err(RecordError::HandleWithoutTables)
                        if super::queue_binds::reads_descriptor_tables(&command) =>
                    {
                        tracing::debug!(target: "gpu::command",
                            "handle bound before any tables in this list: checked at submit");
                        self.list.defers_handle_checks = true;
                    }
                    checked => checked?,
                }
                if let Command::BindRenderTargets(targets) = &command {
                    check_target_formats(targets, &tables, self.device.features())?;
                }
                if let Command::BindProgram(id) = &command {
                    if let Some(program) = tables.programs.get(*id) {
                        check_program_features(program, self.device.features())?;
                        self.multisample.note_program(program);
                    }
                }
                if let Command::BindTexture {
                    stage,
                    slot,
                    handle,
                } = &command
                {
                    self.note_texture_view(&tables, *stage, *slot, *handle)?;
                }
                let found = match &command {
                    Command::BindBuffer { range, .. } => tables.buffers.get(range.buffer).copied(),
                    _ => None,
                };
                self.remembered.note(&command, &self.bound, found);
                self.bound.apply(&command, &tables);
            }
        }
        self.portability.note(&command);
        match command {
            Command::PushDebugGroup(_) => self.debug_groups_open += 1,
            Command::PopDebugGroup => self.debug_groups_open -= 1,
            _ => {}
        }
        self.capture.note(&command, &self.bound);
        self.list.push(command);
        Ok(())
    }

    /// Refuses a draw or dispatch whose program reads a texture slot as another kind
    /// (multisample or not) than the view bound there; the tables are read only when
    /// a bind changed since the last check.
    fn check_multisample_slots(&mut self, command: &Command) -> Result<(), RecordError> {
        let (compute, program) = match command {
            Command::Draw(_) | Command::DrawIndexed(_) | Command::DrawIndirect(_) => {
                (false, self.bound.graphics_program)
            }
            Command::Dispatch { .. } | Command::DispatchIndirect { .. } => {
                (true, self.bound.compute_program)
            }
            _ => return Ok(()),
        };
        let Some(program) = program else {
            return Ok(());
        };
        if self.multisample.checked(compute, Some(program)) {
            return Ok(());
        }
        let tables = self.device.tables();
        let (list, remembered, bound) = (&self.list, &self.remembered, &self.bound);
        let view_at = |stage, slot| view_bound_at(list, remembered, bound, &tables, stage, slot);
        self.multisample.check(compute, program, &tables, view_at)
    }

    /// A texture bind, checked against the tables: its view's sample count is one a
    /// shader may read here (else refused), and the slot's view is noted for the draws'
    /// check and remembered for the next bind of the handle.
    fn note_texture_view(
        &mut self,
        tables: &crate::objects::ObjectTables,
        stage: Stage,
        slot: u8,
        handle: TextureHandle,
    ) -> Result<(), RecordError> {
        let Some((texture_table, _)) = self.bound.descriptor_tables else {
            return Ok(());
        };
        let Some(entry) = tables
            .texture_tables
            .get(texture_table)
            .and_then(|table| table.entry(handle.texture_slot))
        else {
            return Ok(());
        };
        let Some((view, texture)) = tables.view_texture(entry.view) else {
            return Ok(());
        };
        let multisample = is_multisample(view);
        if multisample {
            check_sampled_count(texture.desc.samples, view.format, self.device.features())?;
        }
        self.multisample.note_texture(stage, slot, multisample);
        self.remembered
            .note_texture_view(handle.texture_slot, entry.view, multisample);
        Ok(())
    }

    /// The device this command buffer records for.
    pub fn device(&self) -> &'d Device {
        self.device
    }

    /// What is bound after the commands recorded so far.
    pub fn bound(&self) -> &BoundState {
        &self.bound
    }

    /// Ops recorded so far.
    pub fn list(&self) -> &CommandList {
        &self.list
    }

    /// Ends recording; the list gets its id and goes into the device's recording. Debug
    /// groups still open are closed at the list's end (a warning says so);
    /// `try_finish` refuses such a list instead.
    pub fn finish(mut self) -> CommandList {
        if self.debug_groups_open > 0 {
            tracing::warn!(
                open = self.debug_groups_open,
                "a command list ends with debug groups open: closed at its end"
            );
            for _ in 0..self.debug_groups_open {
                self.list.push(Command::PopDebugGroup);
            }
        }
        self.list.end_bound = Some(self.bound);
        self.device.finish_list(self.list)
    }

    /// `finish`, refused (`RecordError::DebugGroupsOpen`, the buffer handed back as it
    /// was) while debug groups are open.
    pub fn try_finish(self) -> Result<CommandList, Box<(RecordError, CommandBuffer<'d>)>> {
        match self.debug_groups_open {
            0 => Ok(self.finish()),
            open => Err(Box::new((RecordError::DebugGroupsOpen { open }, self))),
        }
    }

    /// Debug groups pushed and not yet popped.
    pub fn debug_groups_open(&self) -> u32 {
        self.debug_groups_open
    }

    pub fn bind_render_targets(&mut self, targets: RenderTargets) -> Result<(), RecordError> {
        self.record(Command::BindRenderTargets(targets))
    }
    pub fn clear_color(
        &mut self,
        target: u8,
        value: ClearValue,
        mask: ComponentMask,
    ) -> Result<(), RecordError> {
        self.record(Command::ClearColor {
            target,
            value,
            mask,
        })
    }
    pub fn clear_depth_stencil(
        &mut self,
        depth: Option<f32>,
        stencil: Option<u8>,
        stencil_mask: u8,
    ) -> Result<(), RecordError> {
        self.record(Command::ClearDepthStencil {
            depth,
            stencil,
            stencil_mask,
        })
    }
    /// Checks and appends a state change. Inlined, and while no transform feedback
    /// capture is active (its check joins changes with the capture's first draw) a change
    /// takes a short way: `record`'s checks of a state change alone (features,
    /// portability, ranges, in its order), with no `Command` built and no table read.
    #[inline]
    pub fn set_state(&mut self, state: StateChange) -> Result<(), RecordError> {
        if self.bound.transform_feedback_active {
            return self.record(Command::SetState(state));
        }
        self.check_state(&state)?;
        self.push_state(state);
        Ok(())
    }
    /// `set_state`'s short way alone, as `try_bind_buffer` is `bind_buffer`'s: records
    /// the change where it passes its checks, no capture is active and the list has room
    /// for it without growing, and says whether it did (else nothing is recorded, and
    /// `set_state` says what is wrong).
    #[inline]
    pub fn try_set_state(&mut self, state: StateChange) -> bool {
        let fits = !self.bound.transform_feedback_active
            && self.list.has_room()
            && self.check_state(&state).is_ok();
        if fits {
            self.push_state(state);
        }
        fits
    }
    /// Scissor `index` alone: `set_state` of `StateChange::Scissors` with one, held in
    /// the op (no list of one is made).
    #[inline]
    pub fn set_scissor(&mut self, index: u8, scissor: Scissor) -> Result<(), RecordError> {
        if self.try_set_scissor(index, scissor) {
            return Ok(());
        }
        self.set_state(StateChange::Scissors {
            first: index,
            scissors: vec![scissor],
        })
    }
    /// `set_scissor`'s short way alone: records it where the index is in range, no
    /// capture is active and the list has room without growing, and says whether it did.
    /// A scissor needs no feature and joins no other state.
    #[inline]
    pub fn try_set_scissor(&mut self, index: u8, scissor: Scissor) -> bool {
        let fits = usize::from(index) < MAX_VIEWPORTS
            && !self.bound.transform_feedback_active
            && self.list.has_room();
        if fits {
            self.list.push_op(Op::SetScissor { index, scissor });
        }
        fits
    }
    /// Viewport `index` alone, as `set_scissor` is scissor `index`.
    #[inline]
    pub fn set_viewport(&mut self, index: u8, viewport: Viewport) -> Result<(), RecordError> {
        if self.try_set_viewport(index, viewport) {
            return Ok(());
        }
        self.set_state(StateChange::Viewports {
            first: index,
            viewports: vec![viewport],
        })
    }
    /// `set_viewport`'s short way alone, as `try_set_scissor` is; the viewport's values
    /// are checked as `set_state` checks them.
    #[inline]
    pub fn try_set_viewport(&mut self, index: u8, viewport: Viewport) -> bool {
        let fits = usize::from(index) < MAX_VIEWPORTS
            && !self.bound.transform_feedback_active
            && check_viewport(&viewport).is_ok()
            && self.list.has_room();
        if fits {
            self.list.push_op(Op::SetViewport { index, viewport });
        }
        fits
    }
    /// `record`'s checks of a state change, in its order, where no capture is active.
    #[inline]
    fn check_state(&self, state: &StateChange) -> Result<(), RecordError> {
        let features = self.device.features();
        state.check_features(features)?;
        self.portability.check_state(state, &features.portability)?;
        state.check().map_err(validate::state_out_of_range)
    }
    /// Appends a state change `check_state` passed, noting what later checks join.
    #[inline]
    fn push_state(&mut self, state: StateChange) {
        self.bound.apply_state(&state);
        self.portability.note_state(&state);
        self.list.push(Command::SetState(state));
    }
    /// NVN's colour state object in one call: blend enables, logic op, alpha test. A
    /// refused part leaves the parts before it recorded, as their own calls would.
    pub fn set_color_state(&mut self, state: &crate::state::ColorState) -> Result<(), RecordError> {
        for change in state.changes() {
            self.set_state(change)?;
        }
        Ok(())
    }
    pub fn bind_program(&mut self, program: ProgramId) -> Result<(), RecordError> {
        self.record(Command::BindProgram(program))
    }
    pub fn bind_descriptor_tables(
        &mut self,
        textures: TextureTableId,
        samplers: SamplerTableId,
    ) -> Result<(), RecordError> {
        self.record(Command::BindDescriptorTables { textures, samplers })
    }
    /// Binds the texture table alone (NVN's `SetTexturePool`): the sampler table stays
    /// as it is, set by this list or an earlier one on the queue.
    pub fn bind_texture_table(&mut self, textures: TextureTableId) -> Result<(), RecordError> {
        self.record(Command::BindDescriptorTable(super::TableBind::Textures(
            textures,
        )))
    }
    /// Binds the sampler table alone (NVN's `SetSamplerPool`).
    pub fn bind_sampler_table(&mut self, samplers: SamplerTableId) -> Result<(), RecordError> {
        self.record(Command::BindDescriptorTable(super::TableBind::Samplers(
            samplers,
        )))
    }
    /// Inlined, so that a caller's bind takes the short way in line (the full way,
    /// `record`, stays out of line).
    #[inline]
    pub fn bind_buffer(
        &mut self,
        binding: BufferBinding,
        range: BufferRange,
    ) -> Result<(), RecordError> {
        // The common case first (a remembered buffer at a new offset), without building
        // a `Command`: a game does this thousands of times a frame.
        if self.bind_fits(binding, &range) {
            self.push_bind(binding, range);
            return Ok(());
        }
        self.record(Command::BindBuffer { binding, range })
    }
    /// `bind_buffer`'s short way alone, for a caller that takes it in line and saves a
    /// frame of its own (the C ABI's binds): records the bind where what this command
    /// buffer remembers passes it and the list has room for it without growing, and says
    /// whether it did. Where it did not, nothing is recorded, and `bind_buffer` checks
    /// the bind in full (or refuses it).
    #[inline]
    pub fn try_bind_buffer(&mut self, binding: BufferBinding, range: BufferRange) -> bool {
        // Room is asked last, so the push below reads what it read (past the device's
        // table count, an acquire load) and never grows the list.
        let fits = self.bind_fits(binding, &range) && self.list.has_room();
        if fits {
            self.push_bind(binding, range);
        }
        fits
    }
    /// Whether a buffer bind passes from what is remembered.
    #[inline]
    fn bind_fits(&self, binding: BufferBinding, range: &BufferRange) -> bool {
        let narrow_indices = matches!(
            binding,
            BufferBinding::Index {
                index_type: IndexType::U8
            }
        );
        !narrow_indices
            && self
                .remembered
                .binding_fits(binding, range, self.device.table_changes())
    }
    /// Appends a buffer bind `bind_fits` passed.
    #[inline]
    fn push_bind(&mut self, binding: BufferBinding, range: BufferRange) {
        self.list.push_op(Op::BindBuffer { binding, range });
        if let BufferBinding::Index { index_type } = binding {
            self.bound.index_type = Some(index_type);
        }
    }
    /// Inlined as `bind_buffer` is.
    #[inline]
    pub fn bind_texture(
        &mut self,
        stage: Stage,
        slot: u8,
        handle: TextureHandle,
    ) -> Result<(), RecordError> {
        // A handle found valid in the tables bound now (a material's maps, bound draw
        // after draw) is checked without taking the tables' lock.
        if let Some(multisample) = self.known_texture(slot, handle) {
            self.push_texture(stage, slot, handle, multisample);
            return Ok(());
        }
        self.record(Command::BindTexture {
            stage,
            slot,
            handle,
        })
    }
    /// `bind_texture`'s short way alone, as `try_bind_buffer` is `bind_buffer`'s: records
    /// the bind where the handle was found valid in the tables bound now and the list has
    /// room for it without growing, and says whether it did (else nothing is recorded).
    #[inline]
    pub fn try_bind_texture(&mut self, stage: Stage, slot: u8, handle: TextureHandle) -> bool {
        match self.known_texture(slot, handle) {
            Some(multisample) if self.list.has_room() => {
                self.push_texture(stage, slot, handle, multisample);
                true
            }
            _ => false,
        }
    }
    /// Whether texture handle `handle` at `slot` passes from what is remembered: `Some`
    /// with whether the view it names is a multisample one.
    #[inline]
    fn known_texture(&self, slot: u8, handle: TextureHandle) -> Option<bool> {
        self.remembered
            .known_texture(&self.bound, slot, handle, self.device.table_changes())
    }
    /// Appends a texture bind `known_texture` passed.
    #[inline]
    fn push_texture(&mut self, stage: Stage, slot: u8, handle: TextureHandle, multisample: bool) {
        self.list.push_op(Op::BindTexture {
            stage,
            slot,
            handle,
        });
        self.multisample.note_texture(stage, slot, multisample);
    }
    pub fn bind_image(
        &mut self,
        stage: Stage,
        slot: u8,
        handle: ImageHandle,
    ) -> Result<(), RecordError> {
        self.record(Command::BindImage {
            stage,
            slot,
            handle,
        })
    }
    /// Inlined as `bind_buffer` is.
    #[inline]
    pub fn draw(&mut self, draw: DrawArrays) -> Result<(), RecordError> {
        if self.draw_fits(&draw) {
            self.list.push_op(Op::Draw(draw));
            return Ok(());
        }
        self.record(Command::Draw(draw))
    }
    /// `draw`'s short way alone, as `try_bind_buffer` is `bind_buffer`'s: records the
    /// draw where what this command buffer remembers passes it and the list has room
    /// for it without growing, and says whether it did (else nothing is recorded).
    /// Always inlined: the C ABI's two direct draws each take it in line.
    #[inline(always)]
    pub fn try_draw(&mut self, draw: DrawArrays) -> bool {
        let fits = self.draw_fits(&draw) && self.list.has_room();
        if fits {
            self.list.push_op(Op::Draw(draw));
        }
        fits
    }
    /// Whether a direct draw passes from what is remembered. While capturing, every draw
    /// goes the full way (`CaptureWatch` sees it).
    #[inline]
    fn draw_fits(&self, draw: &DrawArrays) -> bool {
        draw_size_fits(draw.vertex_count, draw.instance_count)
            && !self.bound.transform_feedback_active
            // Sample locations are checked against the targets the full way.
            && !self.bound.sample_locations_on
            && self.multisample.checked(false, self.bound.graphics_program)
            && check_smooth_tessellated_lines(&self.bound, draw.primitive, self.device.features())
                .is_ok()
            && self.remembered.draw_fits(
                &self.bound,
                false,
                draw.primitive,
                self.device.table_changes(),
            )
    }
    pub fn draw_indexed(&mut self, draw: DrawIndexed) -> Result<(), RecordError> {
        self.record(Command::DrawIndexed(draw))
    }
    pub fn draw_indirect(&mut self, draw: DrawIndirect) -> Result<(), RecordError> {
        self.record(Command::DrawIndirect(draw))
    }
    pub fn dispatch(&mut self, groups: [u32; 3]) -> Result<(), RecordError> {
        self.record(Command::Dispatch { groups })
    }
    pub fn dispatch_indirect(
        &mut self,
        buffer: BufferId,
        offset_b: u64,
    ) -> Result<(), RecordError> {
        self.record(Command::DispatchIndirect { buffer, offset_b })
    }
    pub fn copy(&mut self, copy: CopyOp) -> Result<(), RecordError> {
        self.record(Command::Copy(copy))
    }
    /// NVN's `Downsample`: level 0 of the multisample colour texture `source`, its
    /// samples averaged, into `destination` (single-sample, same format and size).
    pub fn downsample(
        &mut self,
        source: crate::ids::TextureId,
        destination: crate::ids::TextureId,
    ) -> Result<(), RecordError> {
        self.copy(CopyOp::Resolve {
            source,
            destination,
            mode: super::resolve::ResolveMode::Average,
        })
    }
    /// The depth resolve: sample zero of each pixel of level 0 of the multisample depth
    /// (or depth/stencil) texture `source` into `destination` (single-sample, same format
    /// and size).
    pub fn resolve_depth(
        &mut self,
        source: crate::ids::TextureId,
        destination: crate::ids::TextureId,
    ) -> Result<(), RecordError> {
        self.copy(CopyOp::Resolve {
            source,
            destination,
            mode: super::resolve::ResolveMode::SampleZero,
        })
    }
    pub fn barrier(
        &mut self,
        order: BarrierOrder,
        invalidate: Invalidate,
    ) -> Result<(), RecordError> {
        self.record(Command::Barrier { order, invalidate })
    }
    pub fn signal_sync(
        &mut self,
        sync: SyncId,
        condition: SyncCondition,
        flush: bool,
    ) -> Result<(), RecordError> {
        self.record(Command::SignalSync {
            sync,
            condition,
            flush,
        })
    }
    pub fn wait_sync(&mut self, sync: SyncId) -> Result<(), RecordError> {
        self.record(Command::WaitSync { sync })
    }
    pub fn discard(&mut self, target: DiscardTarget) -> Result<(), RecordError> {
        self.record(Command::Discard(target))
    }
    /// Capture buffer `index` of transform feedback is `range`.
    pub fn bind_transform_feedback_buffer(
        &mut self,
        index: u8,
        range: BufferRange,
    ) -> Result<(), RecordError> {
        self.record(Command::BindTransformFeedbackBuffer { index, range })
    }
    /// Begins, pauses, resumes or ends transform feedback, its byte counts in `control`.
    pub fn transform_feedback(
        &mut self,
        verb: TransformFeedbackVerb,
        control: TransformFeedbackControl,
    ) -> Result<(), RecordError> {
        self.record(Command::TransformFeedback { verb, control })
    }
    /// Writes `bytes` into `buffer` from `offset_b` when the list reaches this point.
    pub fn update_uniform_buffer(
        &mut self,
        buffer: BufferId,
        offset_b: u64,
        bytes: &[u8],
    ) -> Result<(), RecordError> {
        self.record(Command::UpdateUniformBuffer(UniformUpdate {
            buffer,
            offset_b,
            bytes: bytes.to_vec(),
        }))
    }
    /// NVN's `ReportCounter`: `counter`'s value and a timestamp into 16 bytes of `buffer`
    /// at `offset_b`, readable by the CPU once the work before it completes.
    pub fn report_counter(
        &mut self,
        counter: super::counters::Counter,
        buffer: BufferId,
        offset_b: u64,
    ) -> Result<(), RecordError> {
        self.record(Command::ReportCounter {
            counter,
            buffer,
            offset_b,
        })
    }
    /// NVN's `ReportValue`: `value` into 4 bytes of `buffer` at `offset_b`.
    pub fn report_value(
        &mut self,
        value: u32,
        buffer: BufferId,
        offset_b: u64,
    ) -> Result<(), RecordError> {
        self.record(Command::ReportValue {
            value,
            buffer,
            offset_b,
        })
    }
    /// NVN's `ClearBuffer`: `size_b` bytes of `buffer` from `offset_b` hold `value`
    /// repeated when the list reaches this point.
    pub fn fill_buffer(
        &mut self,
        buffer: BufferId,
        offset_b: u64,
        size_b: u64,
        value: u32,
    ) -> Result<(), RecordError> {
        self.record(Command::FillBuffer {
            buffer,
            offset_b,
            size_b,
            value,
        })
    }
    /// NVN's `ClearTexture`: `clear.value` over its box of the view's first level.
    pub fn clear_texture(
        &mut self,
        clear: super::texture_clear::TextureClear,
    ) -> Result<(), RecordError> {
        self.record(Command::ClearTexture(clear))
    }
    /// NVN's `PushDebugGroup`.
    pub fn push_debug_group(&mut self, name: &str) -> Result<(), RecordError> {
        self.record(Command::PushDebugGroup(name.to_owned()))
    }
    /// NVN's `PopDebugGroup`: refused with none open.
    pub fn pop_debug_group(&mut self) -> Result<(), RecordError> {
        self.record(Command::PopDebugGroup)
    }
    /// NVN's `InsertDebugMarker`.
    pub fn insert_debug_label(&mut self, name: &str) -> Result<(), RecordError> {
        self.record(Command::InsertDebugLabel(name.to_owned()))
    }
    /// NVN's `ResetCounter`.
    pub fn reset_counter(&mut self, counter: super::counters::Counter) -> Result<(), RecordError> {
        self.record(Command::ResetCounter(counter))
    }
    /// NVN's `SetRenderEnable`.
    pub fn set_render_enable(&mut self, enabled: bool) -> Result<(), RecordError> {
        self.record(Command::SetRenderEnable(enabled))
    }
    /// NVN's `SetRenderEnableConditional`: the two reports at `offset_b` of `buffer`.
    pub fn set_render_enable_conditional(
        &mut self,
        mode: super::render_enable::ConditionalRender,
        buffer: BufferId,
        offset_b: u64,
    ) -> Result<(), RecordError> {
        self.record(Command::SetRenderEnableConditional {
            mode,
            buffer,
            offset_b,
        })
    }
}

/// The view this command buffer's last bind at `stage`'s texture slot `slot` bound:
/// as found when bound, or in the tables now; the handle refused as unregistered
/// where neither has it (a refusal's message only, never the draw path).
fn view_bound_at(
    list: &CommandList,
    remembered: &Remembered,
    bound: &BoundState,
    tables: &crate::objects::ObjectTables,
    stage: Stage,
    slot: u32,
) -> Result<ViewId, RecordError> {
    let handle = list.ops().iter().rev().find_map(|op| match *op {
        Op::BindTexture {
            stage: bound_stage,
            slot: bound_slot,
            handle,
        } if bound_stage == stage && u32::from(bound_slot) == slot => Some(handle),
        _ => None,
    });
    // A slot is noted bound only by a bind recorded with descriptor tables bound.
    let lost = RecordError::BadArgument {
        what: "texture bind",
        why: "the bind of a texture slot the draw reads was not found",
    };
    let handle = handle.ok_or(lost.clone())?;
    if let Some((view, _)) = remembered.texture_view(handle.texture_slot) {
        return Ok(view);
    }
    let (table, _) = bound.descriptor_tables.ok_or(lost)?;
    tables
        .texture_tables
        .get(table)
        .and_then(|table| table.entry(handle.texture_slot))
        .map(|entry| entry.view)
        .ok_or(RecordError::UnregisteredHandle {
            table: table.into(),
            slot: handle.texture_slot,
        })
}

//! A finished command list: small fixed-size ops with ids; render target sets, state
//! changes and copies sit in side tables the ops index. Immutable once finished, so it
//! can be submitted any number of times.

use super::bound::BoundState;
use super::counters::Counter;
use super::render_enable::ConditionalRender;
use super::texture_clear::TextureClear;
use crate::ids::{BufferId, CommandListId, ProgramId, SamplerTableId, SyncId, TextureTableId};
use crate::objects::{BufferRange, ImageHandle, Stage, SyncCondition, TextureHandle};
use crate::state::{ComponentMask, Scissor, StateChange, Viewport};

use super::transform_feedback::{TransformFeedbackControl, TransformFeedbackVerb};
use super::verbs::{
    BarrierOrder, BufferBinding, ClearValue, Command, CopyOp, DiscardTarget, DrawArrays,
    DrawIndexed, DrawIndirect, Invalidate, RenderTargets, UniformUpdate,
};

/// The stored form of a `Command`. Indices point into the list's side tables.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    BindRenderTargets {
        targets_index: u32,
    },
    ClearColor {
        target: u8,
        value: ClearValue,
        mask: ComponentMask,
    },
    ClearDepthStencil {
        depth: Option<f32>,
        stencil: Option<u8>,
        stencil_mask: u8,
    },
    SetState {
        state_index: u32,
    },
    /// A change of one scissor (`StateChange::Scissors` of one, at `index`), held in the
    /// op: a renderer sets one a draw (Dear ImGui's clip rectangles), and no side-table
    /// entry or list of one is made for it.
    SetScissor {
        index: u8,
        scissor: Scissor,
    },
    /// A change of one viewport, held in the op as `SetScissor` is.
    SetViewport {
        index: u8,
        viewport: Viewport,
    },
    BindProgram(ProgramId),
    BindDescriptorTables {
        textures: TextureTableId,
        samplers: SamplerTableId,
    },
    BindDescriptorTable(super::TableBind),
    BindBuffer {
        binding: BufferBinding,
        range: BufferRange,
    },
    BindTexture {
        stage: Stage,
        slot: u8,
        handle: TextureHandle,
    },
    BindImage {
        stage: Stage,
        slot: u8,
        handle: ImageHandle,
    },
    Draw(DrawArrays),
    DrawIndexed(DrawIndexed),
    DrawIndirect(DrawIndirect),
    Dispatch {
        groups: [u32; 3],
    },
    DispatchIndirect {
        buffer: BufferId,
        offset_b: u64,
    },
    Copy {
        copy_index: u32,
    },
    Barrier {
        order: BarrierOrder,
        invalidate: Invalidate,
    },
    SignalSync {
        sync: SyncId,
        condition: SyncCondition,
        flush: bool,
    },
    WaitSync {
        sync: SyncId,
    },
    Discard(DiscardTarget),
    UpdateUniformBuffer {
        update_index: u32,
    },
    BindTransformFeedbackBuffer {
        index: u8,
        range: BufferRange,
    },
    TransformFeedback {
        verb: TransformFeedbackVerb,
        control: TransformFeedbackControl,
    },
    // Issue 18, counters.
    ReportCounter {
        counter: Counter,
        buffer: BufferId,
        offset_b: u64,
    },
    ReportValue {
        value: u32,
        buffer: BufferId,
        offset_b: u64,
    },
    ResetCounter(Counter),
    SetRenderEnable(bool),
    SetRenderEnableConditional {
        mode: ConditionalRender,
        buffer: BufferId,
        offset_b: u64,
    },
    // Issue 17, clears outside passes.
    FillBuffer {
        buffer: BufferId,
        offset_b: u64,
        size_b: u64,
        value: u32,
    },
    ClearTexture {
        clear_index: u32,
    },
    // Issue 17, debug groups and labels.
    PushDebugGroup {
        label_index: u32,
    },
    PopDebugGroup,
    InsertDebugLabel {
        label_index: u32,
    },
}

impl Op {
    /// Whether it reports or resets a counter (`ReportCounter`, `ReportValue`,
    /// `ResetCounter`).
    pub fn is_counter(&self) -> bool {
        matches!(
            self,
            Op::ReportCounter { .. } | Op::ReportValue { .. } | Op::ResetCounter(_)
        )
    }

    /// Whether it sets the render enable (`SetRenderEnable`, `SetRenderEnableConditional`).
    pub fn is_render_enable(&self) -> bool {
        matches!(
            self,
            Op::SetRenderEnable(_) | Op::SetRenderEnableConditional { .. }
        )
    }
}

#[derive(Clone, Debug, Default)]
pub struct CommandList {
    /// Set when a device finishes the list; decoded lists keep the recorded id.
    pub(crate) id: Option<CommandListId>,
    /// The device that finished it; 0 for lists that were decoded, not recorded.
    pub(crate) device_serial: u64,
    /// What was bound when a command buffer finished the list (from the state it started
    /// with, carried from earlier lists); `None` for decoded lists.
    pub(crate) end_bound: Option<BoundState>,
    /// The last descriptor tables the list itself binds, each on its own (what the queue
    /// holds after it, where set).
    pub(crate) tables_set: super::TablesInForce,
    /// Texture or image binds were recorded before any tables were bound: they are
    /// checked at submit against the queue's (`command::queue_binds`).
    pub(crate) defers_handle_checks: bool,
    ops: Vec<Op>,
    /// How many of `ops` signal or wait on a sync (a list of draws has none to look for).
    sync_count: usize,
    /// How many of `ops` report or reset counters (most lists have none to look for).
    counter_count: usize,
    /// How many of `ops` set the render enable.
    render_enable_count: usize,
    targets: Vec<RenderTargets>,
    states: Vec<StateChange>,
    copies: Vec<CopyOp>,
    updates: Vec<UniformUpdate>,
    /// Side tables few lists use, made on first use (a list stays small).
    rare: Option<Box<RareSides>>,
}

/// A list's texture clears and debug group and label names.
#[derive(Clone, Debug, Default, PartialEq)]
struct RareSides {
    texture_clears: Vec<TextureClear>,
    labels: Vec<String>,
    /// How many ops pop a debug group.
    pops: usize,
}

/// Lists are equal when their commands are: ids and devices do not count.
impl PartialEq for CommandList {
    fn eq(&self, other: &CommandList) -> bool {
        self.ops == other.ops
            && self.targets == other.targets
            && self.states == other.states
            && self.copies == other.copies
            && self.updates == other.updates
            && self.rare.as_deref().unwrap_or(&RareSides::default())
                == other.rare.as_deref().unwrap_or(&RareSides::default())
    }
}

fn side_index<T>(table: &mut Vec<T>, value: T) -> u32 {
    table.push(value);
    // A list never holds 4G side entries: its ops would need far more memory first.
    u32::try_from(table.len() - 1).expect("side table fits u32 indices")
}

impl CommandList {
    pub fn id(&self) -> Option<CommandListId> {
        self.id
    }
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }
    pub fn len(&self) -> usize {
        self.ops.len()
    }
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
    pub fn render_targets(&self, targets_index: u32) -> &RenderTargets {
        &self.targets[targets_index as usize]
    }
    pub fn state(&self, state_index: u32) -> &StateChange {
        &self.states[state_index as usize]
    }
    pub fn copy(&self, copy_index: u32) -> &CopyOp {
        &self.copies[copy_index as usize]
    }
    pub fn update(&self, update_index: u32) -> &UniformUpdate {
        &self.updates[update_index as usize]
    }
    /// Panics for an index no op of the list holds.
    pub fn texture_clear(&self, clear_index: u32) -> &TextureClear {
        &self.rare().texture_clears[clear_index as usize]
    }
    /// How many texture clears the list holds.
    pub fn texture_clear_count(&self) -> usize {
        self.rare
            .as_ref()
            .map_or(0, |rare| rare.texture_clears.len())
    }
    /// A debug group's or label's name.
    pub fn label(&self, label_index: u32) -> &str {
        &self.rare().labels[label_index as usize]
    }
    /// How many debug group and label ops the list holds (most have none to look for).
    pub fn label_count(&self) -> usize {
        self.rare
            .as_ref()
            .map_or(0, |rare| rare.labels.len() + rare.pops)
    }

    /// The rare side tables (empty ones for a list without any).
    fn rare(&self) -> &RareSides {
        static NONE: RareSides = RareSides {
            texture_clears: Vec::new(),
            labels: Vec::new(),
            pops: 0,
        };
        self.rare.as_deref().unwrap_or(&NONE)
    }

    fn rare_mut(&mut self) -> &mut RareSides {
        self.rare.get_or_insert_with(Default::default)
    }
    /// How many copy ops the list holds (a list of draws alone needs no look for them).
    pub fn copy_count(&self) -> usize {
        self.copies.len()
    }

    /// An empty list with room for `ops` ops.
    pub(crate) fn with_capacity(ops: usize) -> CommandList {
        CommandList {
            ops: Vec::with_capacity(ops),
            ..CommandList::default()
        }
    }

    /// Appends an op that has no side-table entry (binds, draws), unchecked.
    #[inline]
    pub(crate) fn push_op(&mut self, op: Op) {
        debug_assert!(!matches!(op, Op::SignalSync { .. } | Op::WaitSync { .. }));
        self.ops.push(op);
    }

    /// Whether one more op fits without the list growing.
    #[inline]
    pub(crate) fn has_room(&self) -> bool {
        self.ops.len() < self.ops.capacity()
    }

    /// Appends without checking: recording checks first, decoding rebuilds what was
    /// recorded.
    pub(crate) fn push(&mut self, command: Command) {
        let op = match command {
            Command::BindRenderTargets(targets) => Op::BindRenderTargets {
                targets_index: side_index(&mut self.targets, targets),
            },
            Command::ClearColor {
                target,
                value,
                mask,
            } => Op::ClearColor {
                target,
                value,
                mask,
            },
            Command::ClearDepthStencil {
                depth,
                stencil,
                stencil_mask,
            } => Op::ClearDepthStencil {
                depth,
                stencil,
                stencil_mask,
            },
            Command::SetState(state) => match state {
                StateChange::Scissors { first, scissors } if scissors.len() == 1 => {
                    Op::SetScissor {
                        index: first,
                        scissor: scissors[0],
                    }
                }
                StateChange::Viewports { first, viewports } if viewports.len() == 1 => {
                    Op::SetViewport {
                        index: first,
                        viewport: viewports[0],
                    }
                }
                state => Op::SetState {
                    state_index: side_index(&mut self.states, state),
                },
            },
            Command::BindProgram(program) => Op::BindProgram(program),
            Command::BindDescriptorTables { textures, samplers } => {
                self.tables_set.bind_pair(textures, samplers);
                Op::BindDescriptorTables { textures, samplers }
            }
            Command::BindDescriptorTable(bind) => {
                self.tables_set.bind_one(bind);
                Op::BindDescriptorTable(bind)
            }
            Command::BindBuffer { binding, range } => Op::BindBuffer { binding, range },
            Command::BindTexture {
                stage,
                slot,
                handle,
            } => Op::BindTexture {
                stage,
                slot,
                handle,
            },
            Command::BindImage {
                stage,
                slot,
                handle,
            } => Op::BindImage {
                stage,
                slot,
                handle,
            },
            Command::Draw(draw) => Op::Draw(draw),
            Command::DrawIndexed(draw) => Op::DrawIndexed(draw),
            Command::DrawIndirect(draw) => Op::DrawIndirect(draw),
            Command::Dispatch { groups } => Op::Dispatch { groups },
            Command::DispatchIndirect { buffer, offset_b } => {
                Op::DispatchIndirect { buffer, offset_b }
            }
            Command::Copy(copy) => Op::Copy {
                copy_index: side_index(&mut self.copies, copy),
            },
            Command::Barrier { order, invalidate } => Op::Barrier { order, invalidate },
            Command::SignalSync {
                sync,
                condition,
                flush,
            } => Op::SignalSync {
                sync,
                condition,
                flush,
            },
            Command::WaitSync { sync } => Op::WaitSync { sync },
            Command::Discard(target) => Op::Discard(target),
            Command::UpdateUniformBuffer(update) => Op::UpdateUniformBuffer {
                update_index: side_index(&mut self.updates, update),
            },
            Command::BindTransformFeedbackBuffer { index, range } => {
                Op::BindTransformFeedbackBuffer { index, range }
            }
            Command::TransformFeedback { verb, control } => Op::TransformFeedback { verb, control },
            Command::ReportCounter {
                counter,
                buffer,
                offset_b,
            } => Op::ReportCounter {
                counter,
                buffer,
                offset_b,
            },
            Command::ReportValue {
                value,
                buffer,
                offset_b,
            } => Op::ReportValue {
                value,
                buffer,
                offset_b,
            },
            Command::ResetCounter(counter) => Op::ResetCounter(counter),
            Command::SetRenderEnable(enabled) => Op::SetRenderEnable(enabled),
            Command::SetRenderEnableConditional {
                mode,
                buffer,
                offset_b,
            } => Op::SetRenderEnableConditional {
                mode,
                buffer,
                offset_b,
            },
            Command::FillBuffer {
                buffer,
                offset_b,
                size_b,
                value,
            } => Op::FillBuffer {
                buffer,
                offset_b,
                size_b,
                value,
            },
            Command::ClearTexture(clear) => Op::ClearTexture {
                clear_index: side_index(&mut self.rare_mut().texture_clears, clear),
            },
            Command::PushDebugGroup(name) => Op::PushDebugGroup {
                label_index: side_index(&mut self.rare_mut().labels, name),
            },
            Command::PopDebugGroup => {
                self.rare_mut().pops += 1;
                Op::PopDebugGroup
            }
            Command::InsertDebugLabel(name) => Op::InsertDebugLabel {
                label_index: side_index(&mut self.rare_mut().labels, name),
            },
        };
        if op.is_counter() {
            self.counter_count += 1;
        }
        if op.is_render_enable() {
            self.render_enable_count += 1;
        }
        if matches!(op, Op::SignalSync { .. } | Op::WaitSync { .. }) {
            self.sync_count += 1;
        }
        self.ops.push(op);
    }

    /// The command an op was recorded from, payload included.
    pub fn command(&self, op: &Op) -> Command {
        match *op {
            Op::BindRenderTargets { targets_index } => {
                Command::BindRenderTargets(*self.render_targets(targets_index))
            }
            Op::ClearColor {
                target,
                value,
                mask,
            } => Command::ClearColor {
                target,
                value,
                mask,
            },
            Op::ClearDepthStencil {
                depth,
                stencil,
                stencil_mask,
            } => Command::ClearDepthStencil {
                depth,
                stencil,
                stencil_mask,
            },
            Op::SetState { state_index } => Command::SetState(self.state(state_index).clone()),
            Op::SetScissor { index, scissor } => Command::SetState(StateChange::Scissors {
                first: index,
                scissors: vec![scissor],
            }),
            Op::SetViewport { index, viewport } => Command::SetState(StateChange::Viewports {
                first: index,
                viewports: vec![viewport],
            }),
            Op::BindProgram(program) => Command::BindProgram(program),
            Op::BindDescriptorTables { textures, samplers } => {
                Command::BindDescriptorTables { textures, samplers }
            }
            Op::BindDescriptorTable(bind) => Command::BindDescriptorTable(bind),
            Op::BindBuffer { binding, range } => Command::BindBuffer { binding, range },
            Op::BindTexture {
                stage,
                slot,
                handle,
            } => Command::BindTexture {
                stage,
                slot,
                handle,
            },
            Op::BindImage {
                stage,
                slot,
                handle,
            } => Command::BindImage {
                stage,
                slot,
                handle,
            },
            Op::Draw(draw) => Command::Draw(draw),
            Op::DrawIndexed(draw) => Command::DrawIndexed(draw),
            Op::DrawIndirect(draw) => Command::DrawIndirect(draw),
            Op::Dispatch { groups } => Command::Dispatch { groups },
            Op::DispatchIndirect { buffer, offset_b } => {
                Command::DispatchIndirect { buffer, offset_b }
            }
            Op::Copy { copy_index } => Command::Copy(*self.copy(copy_index)),
            Op::Barrier { order, invalidate } => Command::Barrier { order, invalidate },
            Op::SignalSync {
                sync,
                condition,
                flush,
            } => Command::SignalSync {
                sync,
                condition,
                flush,
            },
            Op::WaitSync { sync } => Command::WaitSync { sync },
            Op::Discard(target) => Command::Discard(target),
            Op::UpdateUniformBuffer { update_index } => {
                Command::UpdateUniformBuffer(self.update(update_index).clone())
            }
            Op::BindTransformFeedbackBuffer { index, range } => {
                Command::BindTransformFeedbackBuffer { index, range }
            }
            Op::TransformFeedback { verb, control } => Command::TransformFeedback { verb, control },
            Op::ReportCounter {
                counter,
                buffer,
                offset_b,
            } => Command::ReportCounter {
                counter,
                buffer,
                offset_b,
            },
            Op::ReportValue {
                value,
                buffer,
                offset_b,
            } => Command::ReportValue {
                value,
                buffer,
                offset_b,
            },
            Op::ResetCounter(counter) => Command::ResetCounter(counter),
            Op::SetRenderEnable(enabled) => Command::SetRenderEnable(enabled),
            Op::SetRenderEnableConditional {
                mode,
                buffer,
                offset_b,
            } => Command::SetRenderEnableConditional {
                mode,
                buffer,
                offset_b,
            },
            Op::FillBuffer {
                buffer,
                offset_b,
                size_b,
                value,
            } => Command::FillBuffer {
                buffer,
                offset_b,
                size_b,
                value,
            },
            Op::ClearTexture { clear_index } => {
                Command::ClearTexture(*self.texture_clear(clear_index))
            }
            Op::PushDebugGroup { label_index } => {
                Command::PushDebugGroup(self.label(label_index).to_owned())
            }
            Op::PopDebugGroup => Command::PopDebugGroup,
            Op::InsertDebugLabel { label_index } => {
                Command::InsertDebugLabel(self.label(label_index).to_owned())
            }
        }
    }

    /// How many ops report or reset counters.
    pub fn counter_count(&self) -> usize {
        self.counter_count
    }

    /// How many ops set the render enable.
    pub fn render_enable_count(&self) -> usize {
        self.render_enable_count
    }

    /// A list of `commands` as they are, unchecked (as a decoded list is): an executor's
    /// own pieces of a list it was given.
    pub fn of_commands(commands: impl IntoIterator<Item = Command>) -> CommandList {
        let mut list = CommandList::default();
        for command in commands {
            list.push(command);
        }
        list
    }

    /// Every command in order, payloads included.
    pub fn commands(&self) -> impl Iterator<Item = Command> + '_ {
        self.ops.iter().map(|op| self.command(op))
    }

    /// Syncs signalled or waited on, in op order: the submit resolves a value for each.
    pub fn sync_ops(&self) -> impl Iterator<Item = (SyncId, bool)> + '_ {
        let ops: &[Op] = if self.sync_count == 0 { &[] } else { &self.ops };
        ops.iter().filter_map(|op| match *op {
            Op::SignalSync { sync, .. } => Some((sync, true)),
            Op::WaitSync { sync } => Some((sync, false)),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ops_stay_small() {
        assert!(
            std::mem::size_of::<Op>() <= 40,
            "{}",
            std::mem::size_of::<Op>()
        );
    }

    #[test]
    fn sync_ops_are_found_in_op_order_and_a_list_without_any_has_none() {
        let (a, b) = (SyncId::from_raw(1).unwrap(), SyncId::from_raw(2).unwrap());
        let mut list = CommandList::default();
        list.push(Command::Barrier {
            order: BarrierOrder::FRAGMENTS,
            invalidate: Invalidate::NONE,
        });
        assert_eq!(list.sync_ops().count(), 0);
        list.push(Command::WaitSync { sync: a });
        list.push(Command::Dispatch { groups: [1, 1, 1] });
        list.push(Command::SignalSync {
            sync: b,
            condition: SyncCondition::AllGpuCommandsComplete,
            flush: true,
        });
        let found: Vec<_> = list.sync_ops().collect();
        assert_eq!(found, [(a, false), (b, true)]);
    }
}

//! Pass formation: which ops open and close a render pass (dynamic rendering), and each
//! attachment's load and store ops. Pure: the recorder follows the steps it returns.
//!
//! Rules: a pass opens at the first clear or draw after its targets are bound and ends
//! at a target change, copy, dispatch, barrier, sync signal or wait, buffer or texture
//! clear, or debug group push or pop (or the list's end).
//! A full clear of an attachment nothing in the pass has touched yet becomes its load
//! op; later clears, clears with a partial component mask, and clears while scissor 0
//! cuts the targets (NVN's clears honour it) are recorded inside the pass (`vkCmdClearAttachments`, or a masked draw). A discard makes the store op
//! DONT_CARE (or, outside a pass, the next pass's load op) unless the attachment is
//! written again first.

pub mod defer;
pub mod deferral;

use gpu::command::{ClearValue, DiscardTarget, Op, RenderTargets};
use gpu::state::{ComponentMask, Scissor, MAX_COLOR_TARGETS};

/// How an attachment's contents start a pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Load<V> {
    Load,
    Clear(V),
    DontCare,
}

/// Whether an attachment's contents outlive the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Store {
    Store,
    DontCare,
}

/// One render pass: its targets and what happens to each attachment.
#[derive(Clone, Debug, PartialEq)]
pub struct PassPlan {
    pub targets: RenderTargets,
    pub color_loads: [Load<ClearValue>; MAX_COLOR_TARGETS],
    pub color_stores: [Store; MAX_COLOR_TARGETS],
    pub depth_load: Load<f32>,
    pub depth_store: Store,
    pub stencil_load: Load<u8>,
    pub stencil_store: Store,
}

impl PassPlan {
    /// The pass begun again after a break inside it (a barrier a rendering instance
    /// cannot hold): every attachment loads what the pass drew so far, stores as planned.
    pub fn continued(&self) -> PassPlan {
        PassPlan {
            color_loads: std::array::from_fn(|_| Load::Load),
            depth_load: Load::Load,
            stencil_load: Load::Load,
            ..self.clone()
        }
    }
}

/// What the recorder does, in order. `usize`s index the list's ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Begin `Plan::passes[index]`.
    BeginPass(usize),
    EndPass,
    /// A clear inside an open pass that did not become a load op.
    ClearInPass(usize),
    /// A copy, dispatch, barrier or sync op, executed as itself.
    Op(usize),
    /// A debug group push or pop (always outside passes: the pass open before it ends)
    /// or a debug label (where it is, inside a pass or not).
    DebugLabel(usize),
    /// A transform feedback begin, pause, resume or end, inside the open pass (a command
    /// buffer refuses whatever would end the pass while capturing).
    TransformFeedback(usize),
    /// The ops `first..end`, each a bind, a state change or a draw (draws inside the
    /// open pass): walked in one tight loop, as a frame's thousands of draws and their
    /// binds are. Ops without a step of their own (clears folded into load ops, targets
    /// bound again, discards) end a span.
    Ops {
        first: usize,
        end: usize,
    },
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub steps: Vec<Step>,
    pub passes: Vec<PassPlan>,
    /// The targets bound at the list's end (NVN's state carries to the next list).
    pub final_targets: RenderTargets,
}

/// Attachment slots: colours 0..8, then depth, then stencil.
const DEPTH: usize = MAX_COLOR_TARGETS;
const STENCIL: usize = MAX_COLOR_TARGETS + 1;
const SLOTS: usize = MAX_COLOR_TARGETS + 2;

struct OpenPass {
    index: usize,
    /// Written by a draw or an in-pass clear: a later clear cannot be a load op.
    touched: [bool; SLOTS],
    /// A draw touched and kept every attachment, and nothing was discarded since: the
    /// next draw changes nothing (a pass of thousands of draws plans each in no time).
    drawn: bool,
}

struct Former<'a, S, C> {
    plan: Plan,
    targets: RenderTargets,
    /// Scissor 0 as set by this list or an earlier one (`None`: never set). A clear cut by
    /// it is recorded in the pass, never a load op.
    scissor: Option<Scissor>,
    scissoring: Scissoring<S, C>,
    open: Option<OpenPass>,
    /// Discarded while no pass was open: the next pass need not load them.
    discarded: [bool; SLOTS],
    ops: &'a [Op],
}

/// Forms passes over `ops`, starting with `targets` bound (from earlier lists);
/// `targets_of` reads a `BindRenderTargets` op's side-table entry.
pub fn form_passes(
    ops: &[Op],
    targets: RenderTargets,
    targets_of: impl Fn(u32) -> RenderTargets,
) -> Plan {
    form_passes_into(ops, targets, targets_of, Scissoring::never(), Vec::new())
}

/// Scissor 0 when a list starts, the scissor 0 a `SetState` op (its side-table index)
/// sets if it sets one, and whether a scissor cuts the given targets (leaves out part of
/// their common area).
pub struct Scissoring<S, C> {
    pub at_start: Option<Scissor>,
    pub scissor_of: S,
    pub cuts: C,
}

type NoScissor = Scissoring<fn(u32) -> Option<Scissor>, fn(&RenderTargets, &Scissor) -> bool>;

impl NoScissor {
    /// No scissor is set, at the start or by any state change.
    pub fn never() -> Self {
        Scissoring {
            at_start: None,
            scissor_of: |_| None,
            cuts: |_, _| true,
        }
    }
}

/// `form_passes` with the steps in `steps` (emptied first): an executor hands back the
/// last list's, so a list of thousands of ops allocates nothing for them.
pub fn form_passes_into<S, C>(
    ops: &[Op],
    targets: RenderTargets,
    targets_of: impl Fn(u32) -> RenderTargets,
    scissoring: Scissoring<S, C>,
    mut steps: Vec<Step>,
) -> Plan
where
    S: Fn(u32) -> Option<Scissor>,
    C: Fn(&RenderTargets, &Scissor) -> bool,
{
    steps.clear();
    let mut former = Former {
        plan: Plan {
            steps,
            ..Plan::default()
        },
        targets,
        scissor: scissoring.at_start,
        scissoring,
        open: None,
        discarded: [false; SLOTS],
        ops,
    };
    let mut index = 0;
    while index < ops.len() {
        let spanned = former.extend_span(index);
        if spanned > index {
            index = spanned;
            continue;
        }
        former.op(index, &ops[index], &targets_of);
        index += 1;
    }
    former.close();
    former.plan.final_targets = former.targets;
    former.plan
}

impl<S, C> Former<'_, S, C>
where
    S: Fn(u32) -> Option<Scissor>,
    C: Fn(&RenderTargets, &Scissor) -> bool,
{
    /// Extends the span that ends just before op `from` over the ops from there that do
    /// nothing but join it (binds and state changes, and draws into a pass a draw already
    /// touched whole): a frame's thousands of binds and draws take this way. Returns the
    /// index of the first op it did not take.
    #[inline]
    fn extend_span(&mut self, from: usize) -> usize {
        let drawn = self.open.as_ref().is_some_and(|pass| pass.drawn);
        let Some(Step::Ops { end, .. }) = self.plan.steps.last_mut() else {
            return from;
        };
        if *end != from {
            return from;
        }
        let (scissor, scissor_of) = (&mut self.scissor, &self.scissoring.scissor_of);
        let taken = self.ops[from..]
            .iter()
            .take_while(|op| match op {
                Op::Draw(_) | Op::DrawIndexed(_) | Op::DrawIndirect(_) => drawn,
                Op::SetState { state_index } => {
                    if let Some(set) = scissor_of(*state_index) {
                        *scissor = Some(set);
                    }
                    true
                }
                Op::SetScissor {
                    index,
                    scissor: set,
                } => {
                    if *index == 0 {
                        *scissor = Some(*set);
                    }
                    true
                }
                Op::SetViewport { .. } => true,
                Op::BindProgram(_)
                | Op::BindDescriptorTables { .. }
                | Op::BindDescriptorTable(_)
                | Op::BindBuffer { .. }
                | Op::BindTexture { .. }
                | Op::BindImage { .. }
                | Op::BindTransformFeedbackBuffer { .. } => true,
                _ => false,
            })
            .count();
        *end = from + taken;
        *end
    }

    fn op(&mut self, index: usize, op: &Op, targets_of: &impl Fn(u32) -> RenderTargets) {
        match *op {
            Op::BindRenderTargets { targets_index } => {
                let targets = targets_of(targets_index);
                if targets != self.targets {
                    self.close();
                    self.discarded = [false; SLOTS];
                    self.targets = targets;
                }
            }
            Op::ClearColor { target, mask, .. } => self.clear_color(index, target, mask),
            Op::ClearDepthStencil { .. } => self.clear_depth_stencil(index),
            Op::Draw(_) | Op::DrawIndexed(_) | Op::DrawIndirect(_) => {
                if !self.open.as_ref().is_some_and(|pass| pass.drawn) {
                    let pass_index = self.ensure_open();
                    for slot in 0..SLOTS {
                        self.touch(slot);
                    }
                    self.keep_all(pass_index);
                    if let Some(pass) = &mut self.open {
                        pass.drawn = true;
                    }
                }
                self.span(index);
            }
            Op::Discard(target) => self.discard(target),
            Op::TransformFeedback { .. } => {
                self.ensure_open();
                self.plan.steps.push(Step::TransformFeedback(index));
            }
            // An inline uniform update is `vkCmdUpdateBuffer`, outside passes: the
            // draws before it and after it read the buffer on either side of it.
            // Counter ops end and begin queries, which Vulkan keeps outside passes here
            // (a query begun outside a pass spans the passes after it).
            Op::Copy { .. }
            | Op::ReportCounter { .. }
            | Op::ReportValue { .. }
            | Op::ResetCounter(_)
            // The executor submits render-enable ops' pieces as lists of their own
            // (`executor::render_enable`); a list that still holds one ends a pass there.
            | Op::SetRenderEnable(_)
            | Op::SetRenderEnableConditional { .. }
            | Op::UpdateUniformBuffer { .. }
            // A buffer fill is `vkCmdFillBuffer`, outside passes as an update is; a
            // texture clear is a transfer clear or a pass of its own.
            | Op::FillBuffer { .. }
            | Op::ClearTexture { .. }
            | Op::Dispatch { .. }
            | Op::DispatchIndirect { .. }
            | Op::Barrier { .. }
            | Op::SignalSync { .. }
            | Op::WaitSync { .. } => {
                self.close();
                self.plan.steps.push(Step::Op(index));
            }
            // A group's push and pop end the pass, so every group begins and ends
            // outside passes; a label stays inside the pass it is in.
            Op::PushDebugGroup { .. } | Op::PopDebugGroup => {
                self.close();
                self.plan.steps.push(Step::DebugLabel(index));
            }
            Op::InsertDebugLabel { .. } => self.plan.steps.push(Step::DebugLabel(index)),
            Op::SetState { state_index } => {
                if let Some(set) = (self.scissoring.scissor_of)(state_index) {
                    self.scissor = Some(set);
                }
                self.span(index)
            }
            Op::SetScissor {
                index: slot,
                scissor,
            } => {
                if slot == 0 {
                    self.scissor = Some(scissor);
                }
                self.span(index)
            }
            Op::SetViewport { .. } => self.span(index),
            Op::BindProgram(_)
            | Op::BindDescriptorTables { .. }
                | Op::BindDescriptorTable(_)
            | Op::BindBuffer { .. }
            | Op::BindTexture { .. }
            | Op::BindImage { .. }
            | Op::BindTransformFeedbackBuffer { .. } => self.span(index),
        }
    }

    /// Adds op `index` to the span the last step is when it ends just before it, else
    /// starts a span.
    fn span(&mut self, index: usize) {
        if let Some(Step::Ops { end, .. }) = self.plan.steps.last_mut() {
            if *end == index {
                *end = index + 1;
                return;
            }
        }
        self.plan.steps.push(Step::Ops {
            first: index,
            end: index + 1,
        });
    }

    fn clear_color(&mut self, index: usize, target: u8, mask: ComponentMask) {
        let slot = usize::from(target);
        let bound = self.targets.colors.get(slot).copied().flatten().is_some();
        let Op::ClearColor { value, .. } = self.ops[index] else {
            unreachable!("clear_color is called for ClearColor ops");
        };
        if mask == ComponentMask::NONE || !bound {
            return;
        }
        let pass_index = self.ensure_open();
        if self.untouched(slot) && mask == ComponentMask::ALL && !self.cut() {
            self.plan.passes[pass_index].color_loads[slot] = Load::Clear(value);
        } else {
            self.touch(slot);
            self.plan.steps.push(Step::ClearInPass(index));
        }
        self.plan.passes[pass_index].color_stores[slot] = Store::Store;
    }

    fn clear_depth_stencil(&mut self, index: usize) {
        let Op::ClearDepthStencil {
            depth,
            stencil,
            stencil_mask,
        } = self.ops[index]
        else {
            unreachable!("clear_depth_stencil is called for ClearDepthStencil ops");
        };
        let stencil = stencil.filter(|_| stencil_mask != 0);
        if self.targets.depth_stencil.is_none() || (depth.is_none() && stencil.is_none()) {
            return;
        }
        let pass_index = self.ensure_open();
        let foldable = !self.cut()
            && depth.is_none_or(|_| self.untouched(DEPTH))
            && stencil.is_none_or(|_| self.untouched(STENCIL) && stencil_mask == u8::MAX);
        if !foldable {
            if depth.is_some() {
                self.touch(DEPTH);
            }
            if stencil.is_some() {
                self.touch(STENCIL);
            }
            self.plan.steps.push(Step::ClearInPass(index));
        }
        let planned = &mut self.plan.passes[pass_index];
        if let Some(depth) = depth {
            if foldable {
                planned.depth_load = Load::Clear(depth);
            }
            planned.depth_store = Store::Store;
        }
        if let Some(stencil) = stencil {
            if foldable {
                planned.stencil_load = Load::Clear(stencil);
            }
            planned.stencil_store = Store::Store;
        }
    }

    /// Whether scissor 0 leaves out part of the bound targets: a clear then is cut.
    fn cut(&self) -> bool {
        self.scissor
            .is_some_and(|scissor| (self.scissoring.cuts)(&self.targets, &scissor))
    }

    fn untouched(&self, slot: usize) -> bool {
        self.open.as_ref().is_some_and(|pass| !pass.touched[slot])
    }

    fn touch(&mut self, slot: usize) {
        if let Some(pass) = &mut self.open {
            pass.touched[slot] = true;
        }
    }

    fn discard(&mut self, target: DiscardTarget) {
        let slots: &[usize] = match target {
            DiscardTarget::Color(target) if usize::from(target) < MAX_COLOR_TARGETS => {
                &[usize::from(target)]
            }
            DiscardTarget::Color(_) => &[],
            DiscardTarget::DepthStencil => &[DEPTH, STENCIL],
        };
        match &mut self.open {
            Some(pass) => {
                pass.drawn = false;
                let planned = &mut self.plan.passes[pass.index];
                for &slot in slots {
                    match slot {
                        DEPTH => planned.depth_store = Store::DontCare,
                        STENCIL => planned.stencil_store = Store::DontCare,
                        color => planned.color_stores[color] = Store::DontCare,
                    }
                }
            }
            None => {
                for &slot in slots {
                    self.discarded[slot] = true;
                }
            }
        }
    }

    /// A draw writes every attachment: whatever was discarded before is kept again.
    fn keep_all(&mut self, pass_index: usize) {
        let planned = &mut self.plan.passes[pass_index];
        planned.color_stores = [Store::Store; MAX_COLOR_TARGETS];
        planned.depth_store = Store::Store;
        planned.stencil_store = Store::Store;
    }

    /// The open pass's index, opening one over the bound targets if none is.
    fn ensure_open(&mut self) -> usize {
        if let Some(pass) = &self.open {
            return pass.index;
        }
        let discarded = self.discarded;
        let pass = PassPlan {
            targets: self.targets,
            color_loads: std::array::from_fn(|slot| start_load(discarded[slot])),
            color_stores: [Store::Store; MAX_COLOR_TARGETS],
            depth_load: start_load(discarded[DEPTH]),
            depth_store: Store::Store,
            stencil_load: start_load(discarded[STENCIL]),
            stencil_store: Store::Store,
        };
        self.discarded = [false; SLOTS];
        let index = self.plan.passes.len();
        self.plan.passes.push(pass);
        self.plan.steps.push(Step::BeginPass(index));
        self.open = Some(OpenPass {
            index,
            touched: [false; SLOTS],
            drawn: false,
        });
        index
    }

    fn close(&mut self) {
        if self.open.take().is_some() {
            self.plan.steps.push(Step::EndPass);
        }
    }
}

/// An attachment's load op at a pass's start, before any clear folds into it.
fn start_load<V>(discarded: bool) -> Load<V> {
    if discarded {
        Load::DontCare
    } else {
        Load::Load
    }
}

#[cfg(test)]
mod tests;

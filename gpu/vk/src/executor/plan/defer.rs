//! The deferred pass merge (`RX_VK_PASS_DEFER`): a pass of draws moves into the next pass
//! with the same render targets when nothing between touches what its draws read or
//! write, so the list runs one pass fewer. Pure: it reads the plan, the ops and what each
//! pass touches ([`PassAccess`], gathered while the list is prepared), and returns the
//! order the recorder follows.
//!
//! The rules (seed 004's, without tile-memory fusion): the deferred pass holds draws and
//! binds only (no clear recorded in it; its load ops move with it) and keeps what it
//! draws (no discard); its draws write no shader memory and read no texture through the
//! bindless table unless allowed; a dispatch, uniform update, copy, buffer or texture
//! clear, barrier, sync op, debug group or label before the later pass (or a label in
//! the deferred pass) ends the deferral; no pass between writes shader memory, writes
//! storage the deferred draws read or write, or reads storage they write; the later pass
//! loads every attachment (it clears none); and the later pass opens within
//! [`LOOK_AHEAD_OPS`] ops of the deferred pass's end. Draws keep their order: the
//! deferred draws run first in the later pass, as they came first in the list.

use std::ops::Range;

use gpu::command::Op;
use gpu::PoolId;

use super::{Load, PassPlan, Plan, Step, Store};

/// How far ahead (in ops) the later pass may open.
pub const LOOK_AHEAD_OPS: usize = 6000;

/// Storage bytes of one pool.
pub type Region = (PoolId, Range<u64>);

/// What one pass's draws touch.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PassAccess {
    /// Storage its draws read: sampled textures' storage, and buffer bytes.
    pub reads: Vec<Region>,
    /// Storage its attachments cover.
    pub writes: Vec<Region>,
    /// A draw's program writes shader memory (a storage buffer or image is in its layout).
    pub shader_writes: bool,
    /// A draw reads textures through the frame's bindless table.
    pub bindless_reads: bool,
    /// Draws recorded in the pass.
    pub draws: u32,
}

/// Why a pass of draws stayed where it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rejection {
    /// A clear is recorded inside it (one that did not become a load op).
    ClearInPass,
    /// It captures transform feedback, or a capture begins, pauses, resumes or ends
    /// between it and the later pass: moving its draws would move them into or out of
    /// the capture.
    TransformFeedback,
    /// It discards an attachment.
    Discard,
    /// One of its draws writes shader memory.
    ShaderWrite,
    /// One of its draws reads through the bindless table (`RX_VK_PASS_DEFER_BINDLESS=0`).
    BindlessRead,
    /// A dispatch comes before the later pass.
    Dispatch,
    /// An inline uniform update comes before the later pass.
    UniformUpdate,
    /// A copy, a buffer fill (NVN's `ClearBuffer`) or a texture clear comes before the
    /// later pass.
    Copy,
    /// A barrier, sync signal or sync wait comes before the later pass.
    BarrierOrSync,
    /// A debug group push or pop or a debug label is inside it or comes before the later
    /// pass: moving its draws would move them into or out of the group, or across the
    /// label.
    DebugLabel,
    /// A pass between writes shader memory.
    WriteBetween,
    /// A pass between writes what its draws read or write, or reads what they write.
    Hazard,
    /// The later pass clears an attachment or does not load it (a discard before it):
    /// the deferred draws would be lost.
    LaterPassClears,
    /// No later pass with its targets opens within the look-ahead.
    LookAhead,
    /// No later pass with its targets in the list.
    NoLaterPass,
}

impl Rejection {
    pub const ALL: [Rejection; 15] = [
        Rejection::ClearInPass,
        Rejection::TransformFeedback,
        Rejection::Discard,
        Rejection::ShaderWrite,
        Rejection::BindlessRead,
        Rejection::Dispatch,
        Rejection::UniformUpdate,
        Rejection::Copy,
        Rejection::BarrierOrSync,
        Rejection::DebugLabel,
        Rejection::WriteBetween,
        Rejection::Hazard,
        Rejection::LaterPassClears,
        Rejection::LookAhead,
        Rejection::NoLaterPass,
    ];

    /// The name the summary line gives it.
    pub fn name(self) -> &'static str {
        match self {
            Rejection::ClearInPass => "clear_in_pass",
            Rejection::TransformFeedback => "transform_feedback",
            Rejection::Discard => "discard",
            Rejection::ShaderWrite => "shader_write",
            Rejection::BindlessRead => "bindless_read",
            Rejection::Dispatch => "dispatch",
            Rejection::UniformUpdate => "uniform_update",
            Rejection::Copy => "copy",
            Rejection::BarrierOrSync => "barrier_or_sync",
            Rejection::DebugLabel => "debug_label",
            Rejection::WriteBetween => "write_between",
            Rejection::Hazard => "hazard",
            Rejection::LaterPassClears => "later_pass_clears",
            Rejection::LookAhead => "look_ahead",
            Rejection::NoLaterPass => "no_later_pass",
        }
    }
}

/// The merge's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeferRules {
    pub allow_bindless: bool,
    pub look_ahead_ops: usize,
}

/// The recorder's order once passes are merged.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Merged {
    /// The steps in recording order: deferred passes' spans moved into their host pass.
    pub steps: Vec<Step>,
    /// Per step: a span of a deferred pass, recorded away from its place.
    pub moved: Vec<bool>,
    /// Per pass: the pass it was merged into (its draws recorded there), if any.
    pub host: Vec<Option<usize>>,
    /// Per pass: how a host pass begins once passes merged into it (their load ops).
    pub begins: Vec<Option<PassPlan>>,
    /// Passes merged into a later one (each an accepted group).
    pub accepted: u32,
    /// Passes of draws that stayed, by reason.
    pub rejected: Vec<(Rejection, u32)>,
}

impl Merged {
    /// Passes recorded.
    pub fn passes(&self, planned: usize) -> usize {
        planned - self.accepted as usize
    }

    /// The passes recorded inside host pass `pass` (its own last), in list order.
    pub fn merged_into(&self, pass: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.host.len())
            .filter(move |&other| self.host[other] == Some(pass))
            .chain([pass])
    }
}

/// Where each pass's steps are: `BeginPass` at `begin`, `EndPass` at `end`.
#[derive(Clone, Copy, Debug)]
struct PassSteps {
    begin: usize,
    end: usize,
}

fn overlaps(a: &[Region], b: &[Region]) -> bool {
    a.iter().any(|(pool, range)| {
        b.iter()
            .any(|(other, with)| pool == other && range.start < with.end && with.start < range.end)
    })
}

/// The last op index a step covers (none for pass boundaries).
fn last_op(step: Step) -> Option<usize> {
    match step {
        Step::ClearInPass(index)
        | Step::Op(index)
        | Step::TransformFeedback(index)
        | Step::DebugLabel(index) => Some(index),
        Step::Ops { end, .. } => Some(end - 1),
        Step::BeginPass(_) | Step::EndPass => None,
    }
}

/// Merges what the rules allow; `access` has one entry a pass of `plan`.
pub fn merge(plan: &Plan, ops: &[Op], access: &[PassAccess], rules: DeferRules) -> Merged {
    let passes = plan.passes.len();
    let mut places = vec![PassSteps { begin: 0, end: 0 }; passes];
    let mut open = None;
    for (at, step) in plan.steps.iter().enumerate() {
        match *step {
            Step::BeginPass(pass) => {
                places[pass].begin = at;
                open = Some(pass);
            }
            Step::EndPass => {
                if let Some(pass) = open.take() {
                    places[pass].end = at;
                }
            }
            _ => {}
        }
    }
    // What each pass holds once earlier passes merged into it.
    let mut holds: Vec<PassAccess> = access.to_vec();
    let mut begins: Vec<PassPlan> = plan.passes.clone();
    let mut host = vec![None; passes];
    let mut rejected = std::collections::BTreeMap::new();
    for pass in 0..passes {
        if holds[pass].draws == 0 {
            continue;
        }
        match later_pass(plan, ops, &places, &holds, &begins, pass, rules) {
            Ok(later) => {
                host[pass] = Some(later);
                let moved = std::mem::take(&mut holds[pass]);
                let into = &mut holds[later];
                into.reads.extend(moved.reads);
                into.writes.extend(moved.writes);
                into.shader_writes |= moved.shader_writes;
                into.bindless_reads |= moved.bindless_reads;
                into.draws += moved.draws;
                let first = begins[pass].clone();
                let later_plan = &mut begins[later];
                later_plan.color_loads = first.color_loads;
                later_plan.depth_load = first.depth_load;
                later_plan.stencil_load = first.stencil_load;
            }
            Err(reason) => *rejected.entry(reason).or_insert(0u32) += 1,
        }
    }
    // Each deferred pass ends in the last host of its chain.
    let final_host = |mut pass: usize| {
        while let Some(next) = host[pass] {
            pass = next;
        }
        pass
    };
    let host: Vec<Option<usize>> = (0..passes)
        .map(|pass| host[pass].map(|_| final_host(pass)))
        .collect();
    let accepted = host.iter().flatten().count() as u32;
    let mut merged = Merged {
        steps: Vec::with_capacity(plan.steps.len()),
        moved: Vec::with_capacity(plan.steps.len()),
        host: host.clone(),
        begins: vec![None; passes],
        accepted,
        rejected: rejected.into_iter().collect(),
    };
    let mut skipping = false;
    for step in &plan.steps {
        match *step {
            Step::BeginPass(pass) if host[pass].is_some() => skipping = true,
            Step::EndPass if skipping => skipping = false,
            _ if skipping => {}
            Step::BeginPass(pass) => {
                merged.steps.push(*step);
                merged.moved.push(false);
                let guests: Vec<usize> = (0..passes).filter(|&p| host[p] == Some(pass)).collect();
                if !guests.is_empty() {
                    merged.begins[pass] = Some(begins[pass].clone());
                }
                for guest in guests {
                    let inner = &plan.steps[places[guest].begin + 1..places[guest].end];
                    merged.steps.extend_from_slice(inner);
                    merged.moved.extend(inner.iter().map(|_| true));
                }
            }
            _ => {
                merged.steps.push(*step);
                merged.moved.push(false);
            }
        }
    }
    merged
}

/// The later pass `pass` may merge into, or why it may not.
fn later_pass(
    plan: &Plan,
    ops: &[Op],
    places: &[PassSteps],
    holds: &[PassAccess],
    begins: &[PassPlan],
    pass: usize,
    rules: DeferRules,
) -> Result<usize, Rejection> {
    let own = &holds[pass];
    let planned = &begins[pass];
    let inner = &plan.steps[places[pass].begin + 1..places[pass].end];
    if inner
        .iter()
        .any(|step| matches!(step, Step::ClearInPass(_)))
    {
        return Err(Rejection::ClearInPass);
    }
    if inner
        .iter()
        .any(|step| matches!(step, Step::TransformFeedback(_)))
    {
        return Err(Rejection::TransformFeedback);
    }
    if inner.iter().any(|step| matches!(step, Step::DebugLabel(_))) {
        return Err(Rejection::DebugLabel);
    }
    let stores = planned
        .color_stores
        .iter()
        .chain([&planned.depth_store, &planned.stencil_store]);
    if stores.into_iter().any(|store| *store == Store::DontCare) {
        return Err(Rejection::Discard);
    }
    if own.shader_writes {
        return Err(Rejection::ShaderWrite);
    }
    if own.bindless_reads && !rules.allow_bindless {
        return Err(Rejection::BindlessRead);
    }
    let end_op = inner.iter().rev().find_map(|step| last_op(*step));
    let Some(end_op) = end_op else {
        return Err(Rejection::NoLaterPass);
    };
    for step in &plan.steps[places[pass].end + 1..] {
        if last_op(*step).is_some_and(|at| at > end_op + rules.look_ahead_ops) {
            return Err(Rejection::LookAhead);
        }
        match *step {
            Step::BeginPass(other) if plan.passes[other].targets == planned.targets => {
                return later_loads(&begins[other], other);
            }
            Step::BeginPass(other) => {
                let between = &holds[other];
                if between.shader_writes {
                    return Err(Rejection::WriteBetween);
                }
                let touched = overlaps(&between.writes, &own.reads)
                    || overlaps(&between.writes, &own.writes)
                    || overlaps(&between.reads, &own.writes);
                if touched {
                    return Err(Rejection::Hazard);
                }
            }
            Step::Op(index) => {
                return Err(match ops[index] {
                    Op::Dispatch { .. } | Op::DispatchIndirect { .. } => Rejection::Dispatch,
                    Op::UpdateUniformBuffer { .. } => Rejection::UniformUpdate,
                    Op::Copy { .. } | Op::FillBuffer { .. } | Op::ClearTexture { .. } => {
                        Rejection::Copy
                    }
                    _ => Rejection::BarrierOrSync,
                });
            }
            Step::TransformFeedback(_) => return Err(Rejection::TransformFeedback),
            Step::DebugLabel(_) => return Err(Rejection::DebugLabel),
            Step::EndPass | Step::ClearInPass(_) | Step::Ops { .. } => {}
        }
    }
    Err(Rejection::NoLaterPass)
}

/// `later` when it loads every attachment it has.
fn later_loads(later: &PassPlan, index: usize) -> Result<usize, Rejection> {
    let targets = &later.targets;
    let colors = targets
        .colors
        .iter()
        .zip(&later.color_loads)
        .filter(|(view, _)| view.is_some())
        .map(|(_, load)| *load == Load::Load);
    let depth_stencil = targets.depth_stencil.is_none()
        || (later.depth_load == Load::Load && later.stencil_load == Load::Load);
    if colors.into_iter().all(|loads| loads) && depth_stencil {
        Ok(index)
    } else {
        Err(Rejection::LaterPassClears)
    }
}

#[cfg(test)]
mod tests;

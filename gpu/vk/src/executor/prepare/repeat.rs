//! Repeated draws, taken in one tight loop. A game's thousands of draws a frame mostly
//! differ from the draw before only by where their per-object constants lie: between two
//! draws it binds the same uniform (or storage) buffer at a new offset. While a span's
//! ops are such moves and direct draws that repeat the last prepared draw (`DrawMemo`:
//! same program, state, pass, bindings and textures), each draw is made here from the
//! memo's: the same sets, new dynamic offsets, its reads and writes noted, nothing
//! resolved. A state change the pipelines take dynamically between them rides on the
//! next repeat (`repeat_moves`). The first op that is anything else (another bind, a state change, a moved
//! set base, a texture replaced) goes to the full path (`draw::prepare_draw`), and the
//! loop resumes after it.

use gpu::command::{BufferBinding, Op};
use gpu::objects::BufferRange;

use crate::bringup::capabilities::Capabilities;
use crate::error::VkResult;
use crate::executor::pipelines::dynamic_state::DynamicValues;
use crate::executor::prepared::copy::PoolWrite;
use crate::executor::prepared::descriptors::dynamic_base_b;
use crate::executor::prepared::draws::{direct_call, PreparedDraws, RepeatedDraw, ShapeMove};
use crate::executor::prepared::memo::DrawMemo;

use super::bindings::{stage_index, Bindings};
use super::buffer_reads::{note_read, PoolRead};
use super::repeat_moves::{MoveLists, MoveSite};
use super::slots::checked_buffer_range;

/// Where a repeat is taken: the open pass, the state's version, the device's buffer
/// offset alignments. Made once a span; a state change inside it moves the version.
pub struct RepeatSite<'a> {
    caps: &'a Capabilities,
    pass: usize,
    state_version: u64,
    dynamic_version: u64,
    /// Offset bits that must be clear (alignments are powers of two in every Vulkan
    /// driver; `None` for one that is not, checked in full).
    uniform_mask: Option<u64>,
    storage_mask: Option<u64>,
}

impl RepeatSite<'_> {
    /// `versions`: the pipelines' state and dynamic versions.
    pub fn new(caps: &Capabilities, pass: usize, versions: (u64, u64)) -> RepeatSite<'_> {
        let mask = |alignment_b: u64| alignment_b.is_power_of_two().then(|| alignment_b - 1);
        let (state_version, dynamic_version) = versions;
        RepeatSite {
            caps,
            pass,
            state_version,
            dynamic_version,
            uniform_mask: mask(caps.min_uniform_buffer_offset_alignment_b),
            storage_mask: mask(caps.min_storage_buffer_offset_alignment_b),
        }
    }

    /// The state changed (`GraphicsPipelines::state_version` or `dynamic_version` moved).
    pub fn set_versions(&mut self, (state_version, dynamic_version): (u64, u64)) {
        self.state_version = state_version;
        self.dynamic_version = dynamic_version;
    }

    /// Whether a uniform (or storage) buffer at pool offset `offset_b` keeps the device's
    /// alignment (false: check it in full).
    fn aligned(&self, storage: bool, offset_b: u64) -> bool {
        let mask = if storage {
            self.storage_mask
        } else {
            self.uniform_mask
        };
        mask.is_some_and(|mask| offset_b & mask == 0)
    }
}

/// Moves the uniform or storage binding to `range` when that moves only its offset
/// (same buffer and size, as `Bindings::apply` keeps the version for); false, binding
/// nothing, for any other bind.
fn move_offset(bindings: &mut Bindings, binding: BufferBinding, range: &BufferRange) -> bool {
    let entry = match binding {
        BufferBinding::Uniform { stage, slot } => {
            bindings.uniform[stage_index(stage)].get_mut(usize::from(slot))
        }
        BufferBinding::Storage { stage, slot } => {
            bindings.storage[stage_index(stage)].get_mut(usize::from(slot))
        }
        _ => return false,
    };
    match entry {
        Some(Some(bound)) if bound.buffer == range.buffer && bound.size_b == range.size_b => {
            bound.offset_b = range.offset_b;
            true
        }
        _ => false,
    }
}

/// Takes the ops of `ops[from..end]` while they are offset moves, state changes the
/// pipelines take dynamically (into `moves`' state; `moves.moved` says which parts of the
/// shape moved) and draws
/// repeating the memo with their sets; returns the index of the first op not taken
/// (`end` when all were). A span's first draw is made on the full path (from the memo,
/// when it repeats one): the draws taken here join it. A buffer offset the device
/// refuses is an error, as on the full path.
#[inline]
pub fn take_repeats(
    site: &RepeatSite<'_>,
    ops: &[Op],
    (from, end): (usize, usize),
    bindings: &mut Bindings,
    moves: &mut MoveSite<'_>,
    draws: &mut PreparedDraws,
    reads: &mut Vec<PoolRead>,
) -> VkResult<usize> {
    // Only an offset move, a state change or a direct draw can start a run:
    // anything else goes the full way at once (a textured frame asks here after each of
    // its texture binds).
    let starts = matches!(
        ops.get(from),
        Some(
            Op::BindBuffer {
                binding: BufferBinding::Uniform { .. } | BufferBinding::Storage { .. },
                ..
            } | Op::Draw(_)
                | Op::DrawIndexed(_)
                | Op::SetScissor { index: 0, .. }
                | Op::SetViewport { index: 0, .. }
                | Op::SetState { .. }
        )
    );
    if !starts || !draws.run_open() {
        return Ok(from);
    }
    take_repeats_from(site, ops, (from, end), bindings, moves, draws, reads)
}

/// `take_repeats` once its op may start a run.
#[inline(never)]
fn take_repeats_from(
    site: &RepeatSite<'_>,
    ops: &[Op],
    (from, end): (usize, usize),
    bindings: &mut Bindings,
    moves: &mut MoveSite<'_>,
    draws: &mut PreparedDraws,
    reads: &mut Vec<PoolRead>,
) -> VkResult<usize> {
    // Versions only grow: bindings that moved past the memo's stay past it until the
    // full path makes a draw (and a memo) again.
    let fits = draws.memo.as_ref().is_some_and(|memo| {
        memo.pass == site.pass
            && memo.state_version == site.state_version
            && memo.dynamic_version == site.dynamic_version
            && bindings.graphics_program == Some(memo.program)
            && bindings.version == memo.bindings_version
            && bindings.textures_version == memo.textures_version
    });
    if !fits {
        return Ok(from);
    }
    // The lists a repeat adds to, held apart while the loop runs (they cannot alias).
    let mut lists = RepeatLists {
        offsets: std::mem::take(&mut draws.dynamic_offsets),
        writes: std::mem::take(&mut draws.writes),
        repeats: std::mem::take(&mut draws.repeats),
        moves: std::mem::take(&mut draws.moves),
        values: std::mem::take(&mut draws.moved_values),
    };
    let outcome = match &draws.memo {
        Some(memo) => {
            // A repeat joins the last draw: the memo must be that draw's. (The full path
            // keeps them in step; every op it takes that changes what a draw binds moves
            // a version the loop checks.)
            debug_assert!(draws.last_is(memo.shape, &memo.descriptors));
            // Shapes of viewports 1-15 set them with 0 whenever either moves.
            let one_viewport = draws
                .shapes
                .get(memo.shape as usize)
                .is_some_and(|shape| shape.more_viewports.is_none());
            let run = Run {
                site,
                memo,
                one_viewport,
            };
            take_with(&run, &ops[..end], from, bindings, moves, &mut lists, reads)
        }
        None => Ok(from),
    };
    // Moves after the last repeat taken ride on none: the state holds them, and the
    // memo's moved parts (noted by the caller) make the next draw take them again.
    let carried = lists
        .repeats
        .last()
        .map_or(0, |last| last.moves_end as usize);
    lists.moves.truncate(carried);
    draws.dynamic_offsets = lists.offsets;
    draws.writes = lists.writes;
    draws.repeats = lists.repeats;
    draws.moves = lists.moves;
    draws.moved_values = lists.values;
    draws.joined_repeats();
    outcome
}

/// What repeats add to, out of `PreparedDraws` while they are taken.
struct RepeatLists {
    offsets: Vec<u32>,
    writes: Vec<PoolWrite>,
    repeats: Vec<RepeatedDraw>,
    moves: Vec<ShapeMove>,
    values: Vec<DynamicValues>,
}

/// What a run of repeats shares: where it is taken and the draw it repeats.
struct Run<'a> {
    site: &'a RepeatSite<'a>,
    memo: &'a DrawMemo,
    /// The memo's shape uses viewport 0 alone: its moves may ride on repeats.
    one_viewport: bool,
}

fn take_with(
    run: &Run<'_>,
    ops: &[Op],
    from: usize,
    bindings: &mut Bindings,
    moves: &mut MoveSite<'_>,
    lists: &mut RepeatLists,
    reads: &mut Vec<PoolRead>,
) -> VkResult<usize> {
    let (site, memo) = (run.site, run.memo);
    let (indexed, primitive) = (memo.indexed, memo.primitive);
    let versions = (memo.bindings_version, memo.textures_version);
    // The moves since the last repeat taken start here.
    let mut moves_start = lists.moves.len();
    let mut index = from;
    while let Some(op) = ops.get(index) {
        let call = match op {
            Op::BindBuffer { binding, range } => {
                if !move_offset(bindings, *binding, range) {
                    return Ok(index);
                }
                index += 1;
                continue;
            }
            Op::SetScissor { .. } | Op::SetViewport { .. } | Op::SetState { .. } => {
                let into = MoveLists {
                    moves: &mut lists.moves,
                    values: &mut lists.values,
                };
                if !moves.take(op, (run.one_viewport, primitive), into) {
                    return Ok(index);
                }
                index += 1;
                continue;
            }
            Op::Draw(draw) if !indexed && draw.primitive == primitive => direct_call(op),
            Op::DrawIndexed(draw) if indexed && draw.primitive == primitive => direct_call(op),
            _ => None,
        };
        let Some(call) = call else {
            return Ok(index);
        };
        // The versions were the memo's at the start (`take_repeats_from`), and neither an
        // offset move nor a draw moves them.
        debug_assert_eq!((bindings.version, bindings.textures_version), versions);
        let (offsets_start, writes_start) = (lists.offsets.len(), lists.writes.len());
        if !moved_buffers(site, memo, bindings, lists, reads)? {
            // The full path makes this draw, and notes its reads again: a read noted
            // twice at most widens what the write-back stores before the pass.
            lists.offsets.truncate(offsets_start);
            lists.writes.truncate(writes_start);
            return Ok(index);
        }
        moves.note_repeat(&lists.moves[moves_start..]);
        lists.repeats.push(RepeatedDraw {
            offsets_start: offsets_start as u32,
            offsets_end: lists.offsets.len() as u32,
            moves_start: moves_start as u32,
            moves_end: lists.moves.len() as u32,
            call,
        });
        moves_start = lists.moves.len();
        index += 1;
    }
    Ok(index)
}

/// Pushes the dynamic offsets of a repeat of the memo's draw with `bindings`, and notes
/// what its buffers read and write; false when the draw cannot share the memo's sets (a
/// binding gone, a set's contents moved), with what it pushed left for the caller to
/// take back.
#[inline(always)]
fn moved_buffers(
    site: &RepeatSite<'_>,
    memo: &DrawMemo,
    bindings: &Bindings,
    lists: &mut RepeatLists,
    reads: &mut Vec<PoolRead>,
) -> VkResult<bool> {
    for moving in &memo.moving {
        let (stage, slot) = (usize::from(moving.stage), usize::from(moving.slot));
        let bound = if moving.storage {
            bindings.storage[stage][slot]
        } else {
            bindings.uniform[stage][slot]
        };
        let Some(bound) = bound else {
            return Ok(false);
        };
        let moved_b = moving.base_b + bound.offset_b;
        if !site.aligned(moving.storage, moved_b) {
            // Refused when misaligned (the error says how).
            checked_buffer_range(site.caps, moving.storage, moved_b, bound.size_b)?;
        }
        if moving.dynamic {
            if dynamic_base_b(moved_b) != moving.set_base_b {
                return Ok(false);
            }
            lists.offsets.push((moved_b - moving.set_base_b) as u32);
        } else if moved_b != moving.written_b {
            return Ok(false);
        }
        // Bindings moved only their offsets: the range is the one the set was written with.
        let range_b = moving.written_range_b;
        if moving.storage {
            lists.writes.push((moving.pool, moved_b, range_b));
        }
        note_read(
            reads,
            (moving.pool, moved_b..moved_b.saturating_add(range_b)),
        );
    }
    Ok(true)
}

#[cfg(test)]
mod tests;

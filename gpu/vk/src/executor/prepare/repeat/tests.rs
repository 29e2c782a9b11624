use gpu::command::DrawArrays;
use gpu::objects::Stage;
use gpu::state::PrimitiveKind;
use gpu::{BufferId, PoolId, ProgramId};

use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::graphics_state::GraphicsState;
use crate::executor::prepare::write_targets::PassBounds;
use crate::executor::prepared::bindless_list::DrawHandles;
use crate::executor::prepared::draws::{DirectCall, DrawCall, PreparedDraw};
use crate::executor::prepared::memo::MovingBuffer;
use crate::executor::prepared::passes::PassTargets;

use super::*;

const UNIFORM_ALIGNMENT_B: u64 = 256;
const STORAGE_ALIGNMENT_B: u64 = 64;
/// Where the buffer objects lie in their pools.
const UNIFORMS_BASE_B: u64 = 0x1_0000;
const STORAGE_BASE_B: u64 = 0x8_0000;
const UNIFORM_SIZE_B: u64 = 16;
const STORAGE_SIZE_B: u64 = 64;

fn caps() -> Capabilities {
    Capabilities {
        min_uniform_buffer_offset_alignment_b: UNIFORM_ALIGNMENT_B,
        min_storage_buffer_offset_alignment_b: STORAGE_ALIGNMENT_B,
        max_uniform_buffer_range_b: 65_536,
        max_storage_buffer_range_b: 1 << 27,
        ..Capabilities::default()
    }
}

fn pool(raw: u32) -> PoolId {
    PoolId::from_raw(raw).unwrap()
}

fn buffer(raw: u32) -> BufferId {
    BufferId::from_raw(raw).unwrap()
}

fn uniform_bind(offset_b: u64) -> Op {
    Op::BindBuffer {
        binding: BufferBinding::Uniform {
            stage: Stage::Fragment,
            slot: 0,
        },
        range: BufferRange {
            buffer: buffer(1),
            offset_b,
            size_b: UNIFORM_SIZE_B,
        },
    }
}

fn storage_bind(offset_b: u64) -> Op {
    Op::BindBuffer {
        binding: BufferBinding::Storage {
            stage: Stage::Fragment,
            slot: 2,
        },
        range: BufferRange {
            buffer: buffer(2),
            offset_b,
            size_b: STORAGE_SIZE_B,
        },
    }
}

fn draw(first_vertex: u32) -> Op {
    Op::Draw(DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    })
}

/// Bindings as the memo's draw had them: the uniform buffer at 0, the storage buffer at
/// 0, the program bound.
fn bindings() -> Bindings {
    let mut bindings = Bindings {
        graphics_program: ProgramId::from_raw(7),
        version: 3,
        textures_version: 1,
        ..Bindings::default()
    };
    let fragment = stage_index(Stage::Fragment);
    bindings.uniform[fragment][0] = Some(BufferRange {
        buffer: buffer(1),
        offset_b: 0,
        size_b: UNIFORM_SIZE_B,
    });
    bindings.storage[fragment][2] = Some(BufferRange {
        buffer: buffer(2),
        offset_b: 0,
        size_b: STORAGE_SIZE_B,
    });
    bindings
}

/// A list with one prepared draw (pass 0, the dynamic uniform buffer of pool 1 and the
/// plain storage buffer of pool 2 written at their buffers' starts) and its memo.
fn draws_after_one(bindings: &Bindings, storage_dynamic: bool) -> PreparedDraws {
    let mut draws = PreparedDraws::default();
    draws.start_span();
    draws.push(
        0,
        PreparedDraw {
            shape: 0,
            descriptors: 0..2,
            offsets: 0..0,
            same_sets: false,
            handles: DrawHandles::default(),
            call: DrawCall::Direct(DirectCall {
                indexed: false,
                first: 0,
                count: 3,
                base_vertex: 0,
                first_instance: 0,
                instance_count: 1,
            }),
            repeats: 0..0,
        },
    );
    let moving = |storage, slot, pool_raw, base_b, size_b, dynamic| MovingBuffer {
        storage,
        stage: stage_index(Stage::Fragment) as u8,
        slot,
        pool: pool(pool_raw),
        base_b,
        written_b: base_b,
        written_range_b: size_b,
        set_base_b: dynamic_base_b(base_b),
        dynamic,
    };
    draws.memo = Some(DrawMemo {
        program: ProgramId::from_raw(7).unwrap(),
        state_version: 5,
        dynamic_version: 5,
        moved: MovedParts::NONE,
        bindings_version: bindings.version,
        textures_version: bindings.textures_version,
        pass: 0,
        primitive: PrimitiveKind::Triangles,
        indexed: false,
        shape: 0,
        descriptors: 0..2,
        handles: DrawHandles::default(),
        moving: vec![
            moving(false, 0, 1, UNIFORMS_BASE_B, UNIFORM_SIZE_B, true),
            moving(true, 2, 2, STORAGE_BASE_B, STORAGE_SIZE_B, storage_dynamic),
        ],
    });
    draws
}

/// What taking `ops` after the memo's draw gives at the state version `state_version`:
/// the outcome, the list's draws and the reads noted. With `new_span`, a span starts
/// before `ops`.
struct Taken {
    outcome: VkResult<usize>,
    draws: PreparedDraws,
    reads: Vec<PoolRead>,
}

fn take(ops: &[Op], storage_dynamic: bool, state_version: u64, new_span: bool) -> Taken {
    let caps = caps();
    let site = RepeatSite::new(&caps, 0, (state_version, state_version));
    let mut bindings = bindings();
    let mut draws = draws_after_one(&bindings, storage_dynamic);
    if new_span {
        draws.start_span();
    }
    let mut reads = Vec::new();
    let (mut state, mut bounds) = (GraphicsState::default(), PassBounds::default());
    let mut moves = MoveSite {
        state: &mut state,
        targets: &PassTargets::default(),
        bounds: &mut bounds,
        changes: None,
        moved: MovedParts::NONE,
    };
    let outcome = take_repeats(
        &site,
        ops,
        (0, ops.len()),
        &mut bindings,
        &mut moves,
        &mut draws,
        &mut reads,
    );
    Taken {
        outcome,
        draws,
        reads,
    }
}

/// How many ops taking `ops` took (the state as the memo's, the span open).
fn taken(ops: &[Op], storage_dynamic: bool) -> usize {
    take(ops, storage_dynamic, 5, false).outcome.unwrap()
}

#[test]
fn offset_moves_and_draws_join_the_last_draw_with_their_offsets_writes_and_reads() {
    let ops = [
        uniform_bind(256),
        storage_bind(64),
        draw(3),
        uniform_bind(512),
        draw(6),
    ];
    let Taken {
        outcome,
        draws,
        reads,
    } = take(&ops, true, 5, false);
    assert_eq!(outcome.unwrap(), ops.len(), "every op taken");
    assert_eq!(draws.len(), 3, "the draw and its two repeats");
    let last = draws.span(0, usize::MAX)[0].clone();
    let repeats = draws.repeats_of(&last);
    assert_eq!(repeats.len(), 2);
    let offsets = |at: usize| {
        let repeat = repeats[at];
        draws.dynamic_offsets[repeat.offsets_start as usize..repeat.offsets_end as usize].to_vec()
    };
    let (uniform_0_b, storage_0_b) = (UNIFORMS_BASE_B as u32, STORAGE_BASE_B as u32);
    assert_eq!(offsets(0), [uniform_0_b + 256, storage_0_b + 64]);
    assert_eq!(offsets(1), [uniform_0_b + 512, storage_0_b + 64]);
    assert_eq!(repeats[1].call.first, 6);
    // The storage buffer may be written where it lies now, each draw.
    let written_b = STORAGE_BASE_B + 64;
    assert_eq!(
        draws.writes,
        [
            (pool(2), written_b, STORAGE_SIZE_B),
            (pool(2), written_b, STORAGE_SIZE_B)
        ]
    );
    // Reads: each buffer's bytes where it lies now, for each draw.
    let covered = |pool_raw: u32, start_b: u64, size_b: u64| {
        reads.iter().any(|(read, range_b)| {
            *read == pool(pool_raw) && range_b.start <= start_b && start_b + size_b <= range_b.end
        })
    };
    for uniform_b in [256, 512] {
        assert!(
            covered(1, UNIFORMS_BASE_B + uniform_b, UNIFORM_SIZE_B),
            "{reads:?}"
        );
    }
    assert!(covered(2, written_b, STORAGE_SIZE_B), "{reads:?}");
    assert!(
        !covered(1, UNIFORMS_BASE_B, UNIFORM_SIZE_B),
        "where the uniforms were is not read again: {reads:?}"
    );
}

#[test]
fn any_other_op_or_a_moved_plain_buffer_is_left_to_the_full_path() {
    // A plain (not dynamic) storage buffer that moved needs a set of its own.
    let plain = take(&[storage_bind(64), draw(3)], false, 5, false);
    assert_eq!(plain.outcome.unwrap(), 1, "the draw goes the full way");
    let draws = plain.draws;
    assert!(draws.dynamic_offsets.is_empty() && draws.writes.is_empty());
    assert_eq!(draws.len(), 1);
    // Another buffer object at a uniform slot is a bind the full path takes.
    let other = Op::BindBuffer {
        binding: BufferBinding::Uniform {
            stage: Stage::Fragment,
            slot: 0,
        },
        range: BufferRange {
            buffer: buffer(9),
            offset_b: 0,
            size_b: UNIFORM_SIZE_B,
        },
    };
    assert_eq!(taken(&[uniform_bind(256), draw(3), other], true), 2);
    // An indexed draw does not repeat a draw of arrays.
    let indexed = Op::DrawIndexed(gpu::command::DrawIndexed {
        primitive: PrimitiveKind::Triangles,
        first_index: 0,
        index_count: 3,
        base_vertex: 0,
        first_instance: 0,
        instance_count: 1,
    });
    assert_eq!(taken(&[indexed], true), 0);
    // Past the set's 4 GiB base the dynamic offset cannot reach: the full path.
    let far = uniform_bind(1 << 32);
    assert_eq!(taken(&[far, draw(3)], true), 1);
    // The state changed since the memo: nothing is taken.
    let moved_state = take(&[draw(3)], true, 6, false);
    assert_eq!(moved_state.outcome.unwrap(), 0);
}

#[test]
fn a_misaligned_offset_is_refused_with_the_offset_named() {
    let refused = take(&[storage_bind(32), draw(3)], true, 5, false).outcome;
    let why = refused.unwrap_err().to_string();
    let offset = format!("{:#x}", STORAGE_BASE_B + 32);
    assert!(
        why.contains("not aligned") && why.contains(&offset),
        "{why}"
    );
}

#[test]
fn a_new_span_takes_its_first_draw_the_full_way() {
    let later = take(&[uniform_bind(256), draw(3)], true, 5, true);
    assert_eq!(
        later.outcome.unwrap(),
        0,
        "nothing joins a draw of another span"
    );
    assert_eq!(later.draws.repeats.len(), 0);
}

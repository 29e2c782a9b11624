//! The two directions of a swizzle, as moves of 16-byte runs and whole GOBs between a
//! linear buffer and a level's storage. Offsets are checked by the caller's validation;
//! the slicing here only guards against a bug, never against input.

use std::ops::Range;

use crate::layout::gob::{gob_row_offset_b, gob_run_offset_b, GOB_RUN_B, GOB_SIZE_B, GOB_WIDTH_B};

const GOB_SIZE: usize = GOB_SIZE_B as usize;
const GOB_WIDTH: usize = GOB_WIDTH_B as usize;
const GOB_ROWS: usize = 8;
const RUN: usize = 16;
/// Where each of the 8 rows of a GOB starts.
const ROW_OFFSETS_B: [usize; GOB_ROWS] = {
    let mut offsets = [0; GOB_ROWS];
    let mut row = 0;
    while row < GOB_ROWS {
        offsets[row] = gob_row_offset_b(row as u32) as usize;
        row += 1;
    }
    offsets
};
/// Where each of the 4 runs of a GOB row starts, from the row's start.
const RUN_OFFSETS_B: [usize; 4] = [
    gob_run_offset_b(0) as usize,
    gob_run_offset_b(1) as usize,
    gob_run_offset_b(2) as usize,
    gob_run_offset_b(3) as usize,
];

/// Moves bytes between linear data and level storage, in one direction.
pub(super) trait Transfer {
    /// Moves `len_b` contiguous bytes (a pitch-linear row).
    fn run(&mut self, storage_b: usize, linear_b: usize, len_b: usize);
    /// Moves part of one GOB: `rows` (of 0..8) of it, each row the pieces of `runs`; the
    /// linear rows start at `linear_b`, `pitch_b` apart.
    fn partial_gob(
        &mut self,
        storage_b: usize,
        linear_b: usize,
        pitch_b: usize,
        rows: Range<usize>,
        runs: &RunPlan,
    );
    /// Moves `count` whole GOBs side by side: in storage one every `block_b` bytes from
    /// `storage_b`; in linear data 8 rows `pitch_b` apart, 64 bytes a GOB, from `linear_b`.
    fn gobs(
        &mut self,
        storage_b: usize,
        block_b: usize,
        linear_b: usize,
        pitch_b: usize,
        count: usize,
    );
}

/// One piece of a GOB row: up to 16 bytes inside one run.
#[derive(Clone, Copy, Default)]
pub(super) struct RunPiece {
    /// From the start of the GOB row.
    gob_b: usize,
    /// From the first byte column of the piece's GOB that is moved.
    line_b: usize,
    len_b: usize,
}

/// The pieces byte columns `columns_b` (inside 0..64) of every GOB row are made of.
pub(super) struct RunPlan {
    pieces: [RunPiece; 4],
    count: usize,
    width_b: usize,
}

impl RunPlan {
    pub fn new(columns_b: Range<u32>) -> RunPlan {
        let mut plan = RunPlan {
            pieces: [RunPiece::default(); 4],
            count: 0,
            width_b: columns_b.len(),
        };
        let mut column_b = columns_b.start;
        while column_b < columns_b.end {
            let run = column_b / GOB_RUN_B;
            let end_b = columns_b.end.min((run + 1) * GOB_RUN_B);
            plan.pieces[plan.count] = RunPiece {
                gob_b: (gob_run_offset_b(run) + column_b % GOB_RUN_B) as usize,
                line_b: (column_b - columns_b.start) as usize,
                len_b: (end_b - column_b) as usize,
            };
            plan.count += 1;
            column_b = end_b;
        }
        plan
    }

    fn pieces(&self) -> &[RunPiece] {
        &self.pieces[..self.count]
    }
}

/// Linear to storage (swizzle).
pub(super) struct ToStorage<'a> {
    pub linear: &'a [u8],
    pub storage: &'a mut [u8],
}

/// Storage to linear (deswizzle).
pub(super) struct ToLinear<'a> {
    pub storage: &'a [u8],
    pub linear: &'a mut [u8],
    /// Prefetch storage GOBs ahead (worth it only when the level is not in cache).
    pub prefetch: bool,
}

impl<'a> ToLinear<'a> {
    /// Levels at least this large are read with prefetching (past a typical L2).
    const PREFETCH_FROM_B: usize = 1 << 20;

    pub fn new(storage: &'a [u8], linear: &'a mut [u8]) -> ToLinear<'a> {
        ToLinear {
            prefetch: storage.len() >= Self::PREFETCH_FROM_B,
            storage,
            linear,
        }
    }
}

impl Transfer for ToStorage<'_> {
    #[inline(always)]
    fn partial_gob(
        &mut self,
        storage_b: usize,
        linear_b: usize,
        pitch_b: usize,
        rows: Range<usize>,
        runs: &RunPlan,
    ) {
        let gob: &mut [u8; GOB_SIZE] = self.storage[storage_b..]
            .first_chunk_mut()
            .expect("a whole GOB");
        let lines = &self.linear[linear_b..linear_b + (rows.len() - 1) * pitch_b + runs.width_b];
        for piece in runs.pieces() {
            let gob_at = std::array::from_fn(|index| {
                ROW_OFFSETS_B[(rows.start + index) % GOB_ROWS] + piece.gob_b
            });
            let line_at = std::array::from_fn(|index| index * pitch_b + piece.line_b);
            copy_piece_rows(gob, gob_at, lines, line_at, rows.len(), piece.len_b);
        }
    }

    #[inline(always)]
    fn run(&mut self, storage_b: usize, linear_b: usize, len_b: usize) {
        copy_short(
            &mut self.storage[storage_b..storage_b + len_b],
            &self.linear[linear_b..linear_b + len_b],
        );
    }

    #[inline(always)]
    fn gobs(
        &mut self,
        storage_b: usize,
        block_b: usize,
        linear_b: usize,
        pitch_b: usize,
        count: usize,
    ) {
        let span_b = count * GOB_WIDTH;
        let mut rows = self.linear[linear_b..].chunks(pitch_b);
        let mut lines: [std::slice::ChunksExact<'_, u8>; GOB_ROWS] = std::array::from_fn(|_| {
            rows.next().expect("8 linear rows")[..span_b].chunks_exact(GOB_WIDTH)
        });
        for block in self.storage[storage_b..].chunks_mut(block_b).take(count) {
            let gob: &mut [u8; GOB_SIZE] = block.first_chunk_mut().expect("a whole GOB");
            for (line, row_offset_b) in lines.iter_mut().zip(ROW_OFFSETS_B) {
                let line: &[u8; GOB_WIDTH] = line
                    .next()
                    .and_then(|bytes| bytes.try_into().ok())
                    .expect("64 bytes a GOB row");
                for (run, run_offset_b) in RUN_OFFSETS_B.iter().enumerate() {
                    let to_b = row_offset_b + run_offset_b;
                    gob[to_b..to_b + RUN].copy_from_slice(&line[run * RUN..run * RUN + RUN]);
                }
            }
        }
    }
}

impl Transfer for ToLinear<'_> {
    #[inline(always)]
    fn partial_gob(
        &mut self,
        storage_b: usize,
        linear_b: usize,
        pitch_b: usize,
        rows: Range<usize>,
        runs: &RunPlan,
    ) {
        let gob: &[u8; GOB_SIZE] = self.storage[storage_b..]
            .first_chunk()
            .expect("a whole GOB");
        let lines =
            &mut self.linear[linear_b..linear_b + (rows.len() - 1) * pitch_b + runs.width_b];
        for piece in runs.pieces() {
            let gob_at = std::array::from_fn(|index| {
                ROW_OFFSETS_B[(rows.start + index) % GOB_ROWS] + piece.gob_b
            });
            let line_at = std::array::from_fn(|index| index * pitch_b + piece.line_b);
            copy_piece_rows(lines, line_at, gob, gob_at, rows.len(), piece.len_b);
        }
    }

    #[inline(always)]
    fn run(&mut self, storage_b: usize, linear_b: usize, len_b: usize) {
        copy_short(
            &mut self.linear[linear_b..linear_b + len_b],
            &self.storage[storage_b..storage_b + len_b],
        );
    }

    #[inline(always)]
    fn gobs(
        &mut self,
        storage_b: usize,
        block_b: usize,
        linear_b: usize,
        pitch_b: usize,
        count: usize,
    ) {
        let span_b = count * GOB_WIDTH;
        let mut rows = self.linear[linear_b..].chunks_mut(pitch_b);
        let mut lines: [std::slice::ChunksExactMut<'_, u8>; GOB_ROWS] = std::array::from_fn(|_| {
            rows.next().expect("8 linear rows")[..span_b].chunks_exact_mut(GOB_WIDTH)
        });
        for (index, block) in self.storage[storage_b..]
            .chunks(block_b)
            .take(count)
            .enumerate()
        {
            if self.prefetch {
                if let Some(ahead) = self
                    .storage
                    .get(storage_b + (index + PREFETCH_GOBS) * block_b..)
                {
                    prefetch_gob(ahead);
                }
            }
            let gob: &[u8; GOB_SIZE] = block.first_chunk().expect("a whole GOB");
            for (line, row_offset_b) in lines.iter_mut().zip(ROW_OFFSETS_B) {
                let line: &mut [u8; GOB_WIDTH] = line
                    .next()
                    .and_then(|bytes| bytes.try_into().ok())
                    .expect("64 bytes a GOB row");
                for (run, run_offset_b) in RUN_OFFSETS_B.iter().enumerate() {
                    let from_b = row_offset_b + run_offset_b;
                    line[run * RUN..run * RUN + RUN].copy_from_slice(&gob[from_b..from_b + RUN]);
                }
            }
        }
    }
}

/// The same piece (`len_b` <= 16 bytes) of `rows` GOB rows: `dst[dst_at[i]..]` from
/// `src[src_at[i]..]`. The length is matched once, outside the row loop.
#[inline(always)]
fn copy_piece_rows(
    dst: &mut [u8],
    dst_at: [usize; GOB_ROWS],
    src: &[u8],
    src_at: [usize; GOB_ROWS],
    rows: usize,
    len_b: usize,
) {
    let pairs = dst_at.into_iter().zip(src_at).take(rows);
    macro_rules! each_row {
        ($($width:literal at $offset:expr),+) => {
            for (to_b, from_b) in pairs {
                $(
                    let (to_b, from_b) = (to_b + $offset, from_b + $offset);
                    dst[to_b..to_b + $width].copy_from_slice(&src[from_b..from_b + $width]);
                )+
            }
        };
    }
    match len_b {
        16 => each_row!(16 at 0),
        8..=15 => each_row!(8 at 0, 8 at len_b - 8),
        4..=7 => each_row!(4 at 0, 4 at len_b - 4),
        2..=3 => each_row!(2 at 0, 2 at len_b - 2),
        1 => each_row!(1 at 0),
        _ => {}
    }
}

/// GOBs ahead of the one being read that are asked for early: storage GOBs of a row lie a
/// block apart, too far for the hardware's stream prefetch to follow.
const PREFETCH_GOBS: usize = 4;

/// Asks for the cache lines of the GOB at the start of `bytes`.
#[inline(always)]
fn prefetch_gob(bytes: &[u8]) {
    #[cfg(target_arch = "x86_64")]
    for line in bytes.chunks(64).take(GOB_SIZE / 64) {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: prefetching has no effect on memory; the address is inside `bytes`.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(line.as_ptr().cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = bytes;
}

/// `dst.copy_from_slice(src)`, without a `memcpy` call for the short pieces of edge GOBs:
/// two overlapping fixed-size copies cover any length from 1 to 16.
#[inline(always)]
fn copy_short(dst: &mut [u8], src: &[u8]) {
    let len = src.len();
    match len {
        0 => {}
        1 => dst[0] = src[0],
        2..=3 => {
            dst[..2].copy_from_slice(&src[..2]);
            dst[len - 2..len].copy_from_slice(&src[len - 2..len]);
        }
        4..=7 => {
            dst[..4].copy_from_slice(&src[..4]);
            dst[len - 4..len].copy_from_slice(&src[len - 4..len]);
        }
        8..=16 => {
            dst[..8].copy_from_slice(&src[..8]);
            dst[len - 8..len].copy_from_slice(&src[len - 8..len]);
        }
        _ => dst.copy_from_slice(src),
    }
}

//! The GOB (group of bytes): 64 bytes wide, 8 rows tall, 512 bytes, made of sixteen runs of
//! 16 contiguous bytes. Hardware facts, from BLOCK_LINEAR.md.

/// Width of a GOB in bytes.
pub const GOB_WIDTH_B: u32 = 64;
/// Height of a GOB in rows.
pub const GOB_HEIGHT_ROWS: u32 = 8;
/// Size of a GOB in bytes.
pub const GOB_SIZE_B: u32 = 512;
/// A GOB row is four runs of this many contiguous bytes.
pub const GOB_RUN_B: u32 = 16;

/// Offset inside a GOB of byte column `x_b` (0..64) in row `row` (0..8).
pub const fn gob_offset_b(x_b: u32, row: u32) -> u32 {
    (x_b & 15) | (row & 1) << 4 | (x_b & 16) << 1 | (row & 6) << 5 | (x_b & 32) << 3
}

/// Offset inside a GOB where row `row` starts (its first 16-byte run).
pub const fn gob_row_offset_b(row: u32) -> u32 {
    gob_offset_b(0, row)
}

/// Offset inside a GOB row of run `run` (0..4), which holds byte columns `16*run..16*run+16`.
pub const fn gob_run_offset_b(run: u32) -> u32 {
    gob_offset_b(run * GOB_RUN_B, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gob_is_a_permutation_of_its_512_bytes() {
        let mut seen = [false; GOB_SIZE_B as usize];
        for row in 0..GOB_HEIGHT_ROWS {
            for x_b in 0..GOB_WIDTH_B {
                let offset_b = gob_offset_b(x_b, row) as usize;
                assert!(!seen[offset_b]);
                seen[offset_b] = true;
            }
        }
    }

    #[test]
    fn runs_are_sixteen_contiguous_bytes() {
        for row in 0..GOB_HEIGHT_ROWS {
            for x_b in 0..GOB_WIDTH_B {
                let run_start_b = gob_row_offset_b(row) + gob_run_offset_b(x_b / GOB_RUN_B);
                assert_eq!(gob_offset_b(x_b, row), run_start_b + x_b % GOB_RUN_B);
            }
        }
        assert_eq!([0, 1, 2, 3].map(gob_run_offset_b), [0, 32, 256, 288]);
    }
}

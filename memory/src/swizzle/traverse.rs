//! Walks a region of one level GOB by GOB and hands each piece to a `Transfer`: whole GOBs
//! in one move, edge GOBs as clipped 16-byte runs, pitch-linear levels as rows.

use std::ops::Range;

use super::transfer::{RunPlan, Transfer};
use super::Region;
use crate::layout::gob::{GOB_HEIGHT_ROWS, GOB_SIZE_B, GOB_WIDTH_B};
use crate::layout::LevelLayout;

/// Moves every byte of `region` (already checked to lie in `level`, with buffers long
/// enough) between the tightly packed linear data and the level's storage.
pub(super) fn transfer_region<T: Transfer>(level: &LevelLayout, region: &Region, transfer: &mut T) {
    if region.is_empty() {
        return;
    }
    if level.is_pitch_linear() {
        pitch_linear(level, region, transfer);
    } else {
        block_linear(level, region, transfer);
    }
}

fn pitch_linear<T: Transfer>(level: &LevelLayout, region: &Region, transfer: &mut T) {
    let bpb = level.bytes_per_element as usize;
    let row_len_b = region.width_el as usize * bpb;
    let pitch_b = level.pitch_b as usize;
    let mut linear_b = 0;
    for z in region.z_el..region.z_el + region.depth_el {
        for y in region.y_el..region.y_el + region.height_el {
            let row_b = (z as usize * level.height_el as usize + y as usize) * pitch_b;
            transfer.run(row_b + region.x_el as usize * bpb, linear_b, row_len_b);
            linear_b += row_len_b;
        }
    }
}

/// Sizes of a block-linear level in bytes, as `usize` for indexing.
struct Geometry {
    block_height_log2: u32,
    block_depth_log2: u32,
    block_b: usize,
    row_of_blocks_b: usize,
    slab_b: usize,
}

fn block_linear<T: Transfer>(level: &LevelLayout, region: &Region, transfer: &mut T) {
    let geometry = Geometry {
        block_height_log2: level.block_height_gobs.trailing_zeros(),
        block_depth_log2: level.block_depth_gobs.trailing_zeros(),
        block_b: level.block_size_b() as usize,
        row_of_blocks_b: level.row_of_blocks_b() as usize,
        slab_b: level.slab_b() as usize,
    };
    let bpb = level.bytes_per_element;
    let columns_b = region.x_el * bpb..(region.x_el + region.width_el) * bpb;
    let rows = region.y_el..region.y_el + region.height_el;
    let pitch_b = columns_b.len();
    let slice_b = pitch_b * rows.len();

    let gob_height = GOB_HEIGHT_ROWS;
    for z in region.z_el..region.z_el + region.depth_el {
        let z_in_block = z & ((1 << geometry.block_depth_log2) - 1);
        let slice_storage_b = (z >> geometry.block_depth_log2) as usize * geometry.slab_b
            + ((z_in_block << geometry.block_height_log2) * GOB_SIZE_B) as usize;
        let slice_linear_b = (z - region.z_el) as usize * slice_b;
        for gob_y in rows.start / gob_height..rows.end.div_ceil(gob_height) {
            let gob_rows =
                rows.start.max(gob_y * gob_height)..rows.end.min((gob_y + 1) * gob_height);
            let gob_in_block = gob_y & ((1 << geometry.block_height_log2) - 1);
            let storage_b = slice_storage_b
                + (gob_y >> geometry.block_height_log2) as usize * geometry.row_of_blocks_b
                + (gob_in_block * GOB_SIZE_B) as usize;
            let linear_b = slice_linear_b + (gob_rows.start - rows.start) as usize * pitch_b;
            gob_row(
                &geometry,
                transfer,
                storage_b,
                linear_b,
                pitch_b,
                gob_rows,
                columns_b.clone(),
            );
        }
    }
}

/// One row of GOBs: `rows` of it (all 8 or fewer), byte columns `columns_b` of the level.
fn gob_row<T: Transfer>(
    geometry: &Geometry,
    transfer: &mut T,
    storage_b: usize,
    linear_b: usize,
    pitch_b: usize,
    rows: Range<u32>,
    columns_b: Range<u32>,
) {
    let full_rows = rows.len() == GOB_HEIGHT_ROWS as usize;
    let gob_width = GOB_WIDTH_B;
    let first_gob = columns_b.start / gob_width;
    let last_gob = columns_b.end.div_ceil(gob_width);
    let mut gob_x = first_gob;
    while gob_x < last_gob {
        let gob_columns =
            columns_b.start.max(gob_x * gob_width)..columns_b.end.min((gob_x + 1) * gob_width);
        let gob_storage_b = storage_b + gob_x as usize * geometry.block_b;
        let gob_linear_b = linear_b + (gob_columns.start - columns_b.start) as usize;
        if full_rows && gob_columns.len() == gob_width as usize {
            // Every GOB up to the last whole one goes in one span.
            let span_end = (columns_b.end / gob_width).max(gob_x + 1);
            transfer.gobs(
                gob_storage_b,
                geometry.block_b,
                gob_linear_b,
                pitch_b,
                (span_end - gob_x) as usize,
            );
            gob_x = span_end;
        } else {
            let first_row = (rows.start % GOB_HEIGHT_ROWS) as usize;
            transfer.partial_gob(
                gob_storage_b,
                gob_linear_b,
                pitch_b,
                first_row..first_row + rows.len(),
                &RunPlan::new(gob_columns.start % gob_width..(gob_columns.end - 1) % gob_width + 1),
            );
            gob_x += 1;
        }
    }
}

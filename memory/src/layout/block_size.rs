//! Block height and depth: the default chosen for a new texture (a driver policy) and the
//! per-level shrink (hardware). Values are log2 of the size in GOBs.
//!
//! Default policy: `tegra_swizzle`'s comparison of the unrounded `rows + rows / 2` against
//! 128/64/32/16 rows. deko3d rounds up to whole GOBs first; the two differ when
//! `rows + rows / 2` is 9-15, 25-31, 57-63 or 121-127. Block heights observed in shipped
//! game textures (the data `tegra_swizzle`'s tests are built from) follow the unrounded
//! comparison at those edges, so that is the one used here. An explicit block height
//! always wins.

/// Largest block height or depth, log2 of GOBs (32 GOBs).
pub const MAX_BLOCK_LOG2: u32 = 5;

/// log2 of the default block height for a surface `rows_el` element rows tall (at most 16
/// GOBs).
pub fn default_block_height_log2(rows_el: u32) -> u32 {
    let rows_and_half = u64::from(rows_el) + u64::from(rows_el / 2);
    match rows_and_half {
        128.. => 4,
        64..=127 => 3,
        32..=63 => 2,
        16..=31 => 1,
        _ => 0,
    }
}

/// log2 of the default block depth for a 3D surface `depth_el` slices deep.
pub fn default_block_depth_log2(depth_el: u32) -> u32 {
    let depth_and_half = u64::from(depth_el) + u64::from(depth_el / 2);
    match depth_and_half {
        16.. => 4,
        8..=15 => 3,
        4..=7 => 2,
        2..=3 => 1,
        _ => 0,
    }
}

/// The block height a level `rows_el` rows tall actually uses, from the texture's.
pub fn shrink_block_height_log2(mut block_height_log2: u32, rows_el: u32) -> u32 {
    while block_height_log2 > 0 && (8u64 << (block_height_log2 - 1)) >= u64::from(rows_el) {
        block_height_log2 -= 1;
    }
    block_height_log2
}

/// The block depth a level `depth_el` slices deep actually uses, from the texture's.
pub fn shrink_block_depth_log2(mut block_depth_log2: u32, depth_el: u32) -> u32 {
    while block_depth_log2 > 0 && (1u64 << (block_depth_log2 - 1)) >= u64::from(depth_el) {
        block_depth_log2 -= 1;
    }
    block_depth_log2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_height_edges_follow_the_unrounded_comparison() {
        // rows + rows/2 = 13, 31, 63, 127: deko3d would pick one size larger.
        assert_eq!(default_block_height_log2(9), 0);
        assert_eq!(default_block_height_log2(21), 1);
        assert_eq!(default_block_height_log2(42), 2);
        assert_eq!(default_block_height_log2(85), 3);
        assert_eq!(default_block_height_log2(86), 4);
        assert_eq!(default_block_height_log2(720), 4);
        assert_eq!(default_block_height_log2(1), 0);
    }

    #[test]
    fn shrink_stops_where_a_block_half_would_not_cover_the_rows() {
        assert_eq!(shrink_block_height_log2(4, 720), 4);
        assert_eq!(shrink_block_height_log2(4, 65), 4);
        assert_eq!(shrink_block_height_log2(4, 64), 3);
        assert_eq!(shrink_block_height_log2(4, 8), 0);
        assert_eq!(shrink_block_height_log2(5, 1), 0);
        assert_eq!(shrink_block_depth_log2(4, 16), 4);
        assert_eq!(shrink_block_depth_log2(4, 8), 3);
        assert_eq!(shrink_block_depth_log2(2, 1), 0);
    }
}

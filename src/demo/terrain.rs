//! The demo's terrain: a deterministic height field per chunk, and the normal tile the GPU
//! draws from it. The normals use integer arithmetic only, so the fragment shader and this
//! CPU reference give the same bytes and the terrain check can demand exact equality.

/// The normal tile of the seeds: RG8, 260x260, 9 levels.
pub const TILE_SIZE_PX: u32 = 260;
pub const TILE_LEVELS: u32 = 9;
/// Heights are sampled one texel beyond each edge, for the central differences.
pub const HEIGHTS_SIDE: u32 = TILE_SIZE_PX + 2;

/// A chunk's place in the world grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChunkCoord {
    pub x: i32,
    pub y: i32,
}

/// A 32-bit integer hash (a fixed mix of multiplies and shifts): the same on every platform.
fn mix(mut value: u32) -> u32 {
    value ^= value >> 16;
    value = value.wrapping_mul(0x7feb_352d);
    value ^= value >> 15;
    value = value.wrapping_mul(0x846c_a68b);
    value ^ (value >> 16)
}

/// Value noise (0..=255) on a lattice of `cell` texels, eased between lattice points in
/// integers so the surface has no creases; `seed` picks an independent lattice.
fn value_noise(world_x: i32, world_y: i32, cell: i32, seed: u32) -> u32 {
    let lattice = |cx: i32, cy: i32| {
        mix((cx as u32).wrapping_mul(73_856_093) ^ (cy as u32).wrapping_mul(19_349_663) ^ seed)
            & 0xff
    };
    let cx = world_x.div_euclid(cell);
    let cy = world_y.div_euclid(cell);
    let side = cell as u32;
    let ease = |f: u32| (3 * f * f * side - 2 * f * f * f) / (side * side);
    let fx = ease(world_x.rem_euclid(cell) as u32);
    let fy = ease(world_y.rem_euclid(cell) as u32);
    let top = lattice(cx, cy) * (side - fx) + lattice(cx + 1, cy) * fx;
    let bottom = lattice(cx, cy + 1) * (side - fx) + lattice(cx + 1, cy + 1) * fx;
    (top * (side - fy) + bottom * fy) / (side * side)
}

/// The height (0..=255) at world texel (x, y): broad hills, smaller ones on top, and a
/// little grain.
pub fn height_at(world_x: i32, world_y: i32) -> u32 {
    let hills = value_noise(world_x, world_y, 96, 0x5eed);
    let knolls = value_noise(world_x, world_y, 41, 0xbeef);
    let grain = mix((world_x as u32) ^ (world_y as u32).rotate_left(16)) & 3;
    ((hills * 6 + knolls * 2) / 8 + grain).min(255)
}

/// The heights a chunk's tile is drawn from: `HEIGHTS_SIDE` squared, row-major, one texel
/// of border; the same bytes the GPU reads from the pool.
pub fn chunk_heights(chunk: ChunkCoord) -> Vec<u8> {
    let origin_x = chunk.x * TILE_SIZE_PX as i32 - 1;
    let origin_y = chunk.y * TILE_SIZE_PX as i32 - 1;
    let mut heights = Vec::with_capacity((HEIGHTS_SIDE * HEIGHTS_SIDE) as usize);
    for y in 0..HEIGHTS_SIDE as i32 {
        for x in 0..HEIGHTS_SIDE as i32 {
            heights.push(height_at(origin_x + x, origin_y + y) as u8);
        }
    }
    heights
}

/// The RG8 normal of texel (x, y) of `level`: central differences of the heights at the
/// level's spacing, scaled and clamped, 128 being flat. Mirrors `demo/shaders/normals.frag`.
pub fn normal_texel(heights: &[u8], level: u32, x: u32, y: u32) -> [u8; 2] {
    let step = 1u32 << level;
    let side = HEIGHTS_SIDE;
    // Heights index from -1; a level's texel covers `step` base texels.
    let at = |hx: u32, hy: u32| {
        i32::from(heights[(hy.min(side - 1) * side + hx.min(side - 1)) as usize])
    };
    let cx = x * step + 1;
    let cy = y * step + 1;
    let dx = at(cx + step, cy) - at(cx.saturating_sub(step), cy);
    let dy = at(cx, cy + step) - at(cx, cy.saturating_sub(step));
    let encode = |d: i32| (128 - d * 3).clamp(0, 255) as u8;
    [encode(dx), encode(dy)]
}

/// Every level of a chunk's normal tile, each tightly packed RG8: the CPU reference.
pub fn reference_tile(chunk: ChunkCoord) -> Vec<Vec<u8>> {
    let heights = chunk_heights(chunk);
    (0..TILE_LEVELS)
        .map(|level| {
            let side = (TILE_SIZE_PX >> level).max(1);
            let mut texels = Vec::with_capacity((side * side * 2) as usize);
            for y in 0..side {
                for x in 0..side {
                    texels.extend_from_slice(&normal_texel(&heights, level, x, y));
                }
            }
            texels
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heights_are_deterministic_and_continuous_across_chunks() {
        let a = chunk_heights(ChunkCoord { x: 0, y: 0 });
        assert_eq!(a, chunk_heights(ChunkCoord { x: 0, y: 0 }));
        let b = chunk_heights(ChunkCoord { x: 1, y: 0 });
        // The right border of chunk 0 is the left interior of chunk 1.
        for row in 0..HEIGHTS_SIDE as usize {
            let side = HEIGHTS_SIDE as usize;
            assert_eq!(a[row * side + side - 2], b[row * side], "row {row}");
        }
    }

    #[test]
    fn tiles_have_every_level_and_are_not_flat() {
        let tile = reference_tile(ChunkCoord { x: -3, y: 7 });
        assert_eq!(tile.len(), TILE_LEVELS as usize);
        assert_eq!(tile[0].len(), 260 * 260 * 2);
        assert_eq!(tile[8].len(), 2);
        let distinct: std::collections::HashSet<&[u8]> = tile[0].chunks(2).collect();
        assert!(distinct.len() > 50, "a tile must carry a real picture");
        assert_ne!(tile[0], reference_tile(ChunkCoord { x: -3, y: 8 })[0]);
    }
}

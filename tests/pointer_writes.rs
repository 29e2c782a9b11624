//! A game's plain stores through a pool's mapped pointer, seen by page protection (the
//! default `RX_VK_WRITE_TRACKING=protect`), on the real driver with validation on: a
//! texture's storage rewritten through the pointer is what the next use samples, from one
//! thread or four at once, with pools imported and mirrored.

mod common;
mod storage_rig;

use gpu::objects::BufferRange;
use gpu::PoolId;
use gpu::TextureId;
use storage_rig::{
    level_extent, pattern_level, pattern_storage, terrain_tile, Rig, PARAMS_OFFSET_B,
    VERTICES_OFFSET_B,
};

const MIB_B: u64 = 1 << 20;

fn reads_pattern(rig: &Rig, texture: TextureId, seed: u32) -> bool {
    let layout = rig.layout(texture);
    (0..layout.levels.len() as u32).all(|level| {
        let (width_px, height_px) = level_extent(&layout, level);
        rig.read_level(texture, level) == pattern_level(width_px, height_px, level, seed)
    })
}

/// Copies `bytes` to `offset_b` of the rig's texture pool through its mapped pointer.
fn store(rig: &Rig, offset_b: u64, bytes: &[u8]) {
    store_in(rig, rig.pool, offset_b, bytes)
}

/// Copies `bytes` to `offset_b` of `pool` through its mapped pointer.
fn store_in(rig: &Rig, pool: PoolId, offset_b: u64, bytes: &[u8]) {
    let base = rig.device.map_pool(pool).unwrap().as_ptr();
    let size_b = rig.device.pool(pool).unwrap().size_b();
    assert!(offset_b + bytes.len() as u64 <= size_b);
    // SAFETY: inside the pool (checked above); the caller's queue is idle.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), base.add(offset_b as usize), bytes.len())
    };
}

#[test]
fn storage_rewritten_through_the_pointer_is_what_the_next_use_samples() {
    for import in [true, false] {
        let rig = Rig::new(&[], import);
        let tile = rig.texture(&terrain_tile(), MIB_B);
        let layout = rig.layout(tile);
        store(&rig, MIB_B, &pattern_storage(&layout, 1));
        assert!(reads_pattern(&rig, tile, 1), "first use (import {import})");
        // The host image is cached now; the game rewrites storage with a plain copy.
        store(&rig, MIB_B, &pattern_storage(&layout, 2));
        assert!(
            reads_pattern(&rig, tile, 2),
            "after the rewrite (import {import})"
        );
        // And again, a single byte of the last level: the cache must see that too.
        let last = layout.levels.len() as u32 - 1;
        let last_offset_b = MIB_B + layout.levels[last as usize].offset_b;
        store(&rig, last_offset_b, &[0xee]);
        assert_eq!(rig.read_level(tile, last)[0], 0xee, "import {import}");
    }
}

/// Bytes from one tile's storage to the next, as the tests place them.
fn tile_stride_b() -> u64 {
    terrain_tile()
        .layout()
        .unwrap()
        .size_b
        .next_multiple_of(64 << 10)
}

#[test]
fn four_threads_rewriting_four_textures_at_once_are_all_seen() {
    for import in [true, false] {
        let rig = Rig::new(&[], import);
        let stride_b = tile_stride_b();
        let tiles: Vec<TextureId> = (0..4u64)
            .map(|index| rig.texture(&terrain_tile(), MIB_B + index * stride_b))
            .collect();
        let layout = rig.layout(tiles[0]);
        for (index, &tile) in tiles.iter().enumerate() {
            store(
                &rig,
                MIB_B + index as u64 * stride_b,
                &pattern_storage(&layout, 10),
            );
            assert!(reads_pattern(&rig, tile, 10));
        }
        let base = rig.device.map_pool(rig.pool).unwrap().as_ptr() as usize;
        std::thread::scope(|scope| {
            for index in 0..4u64 {
                let storage = pattern_storage(&layout, 30 + index as u32);
                scope.spawn(move || {
                    let at = base + (MIB_B + index * stride_b) as usize;
                    // SAFETY: each thread writes its own tile's range inside the pool;
                    // the queue is idle while they run.
                    unsafe {
                        std::ptr::copy_nonoverlapping(
                            storage.as_ptr(),
                            at as *mut u8,
                            storage.len(),
                        )
                    };
                });
            }
        });
        for (index, &tile) in tiles.iter().enumerate() {
            assert!(
                reads_pattern(&rig, tile, 30 + index as u32),
                "tile {index} (import {import})"
            );
        }
    }
}

/// The GPU's own writes into imported storage (the write-back) are never the game's: on
/// lavapipe the GPU is the CPU, and its threads must find the pages opened before the
/// submission, not trap (a trap there was taken for a CPU write, and flakily made the
/// drawn texture look stale).
#[test]
fn the_gpus_writes_into_imported_storage_take_no_trap() {
    let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], true);
    let storage = rig.device.pool(rig.pool).unwrap();
    let tile = rig.texture(&terrain_tile(), MIB_B);
    let layout = rig.layout(tile);
    let cpu_before = storage.last_cpu_write(MIB_B, layout.size_b).unwrap();
    let traps_before = storage.traps();
    for seed in 0..4 {
        rig.draw_every_level(tile, seed);
        rig.finish();
    }
    assert!(
        rig.stats().write_back_regions > 0,
        "the write-back stored the drawing"
    );
    assert_eq!(storage.traps(), traps_before, "the GPU's stores trapped");
    assert_eq!(
        storage.last_cpu_write(MIB_B, layout.size_b).unwrap(),
        cpu_before
    );
    assert!(reads_pattern(&rig, tile, 3));
    // And the pages are protected again: the game's next store is seen.
    store(&rig, MIB_B, &[1]);
    assert!(storage.last_cpu_write(MIB_B, 1).unwrap() > cpu_before);
}

/// The uniforms and the vertices of a draw rewritten through the pointer between frames:
/// the next draw reads the new bytes, in an imported pool and in a mirrored one (whose
/// mirror must take the pages the stores touched).
#[test]
fn uniforms_and_vertices_rewritten_through_the_pointer_reach_the_next_draw() {
    for import in [true, false] {
        let rig = Rig::new(&[], import);
        let tile = rig.texture(&terrain_tile(), MIB_B);
        let params = BufferRange {
            buffer: rig.params,
            offset_b: 0,
            size_b: 16,
        };
        let draw_level_0 = |seed: u32| {
            let words: Vec<u8> = [0u32, seed, 0, 0]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect();
            store_in(&rig, rig.buffers, PARAMS_OFFSET_B, &words);
            let mut commands = rig.device.command_buffer();
            rig.draw_reading(&mut commands, tile, 0, params, None);
            rig.submit(&commands.finish());
            rig.finish();
        };
        let (width_px, height_px) = level_extent(&rig.layout(tile), 0);
        draw_level_0(5);
        assert_eq!(
            rig.read_level(tile, 0),
            pattern_level(width_px, height_px, 0, 5),
            "import {import}"
        );
        draw_level_0(6);
        assert_eq!(
            rig.read_level(tile, 0),
            pattern_level(width_px, height_px, 0, 6),
            "import {import}"
        );
        // The triangle's positions, all at one point: the next draw covers nothing.
        store_in(&rig, rig.buffers, VERTICES_OFFSET_B, &[0u8; 24]);
        draw_level_0(7);
        assert_eq!(
            rig.read_level(tile, 0),
            pattern_level(width_px, height_px, 0, 6),
            "a degenerate triangle drew (import {import})"
        );
    }
}

/// A store made while an earlier submission is still running (to storage that one does
/// not use) is seen by the next submission.
#[test]
fn a_store_while_a_submission_runs_is_seen_by_the_next() {
    for import in [true, false] {
        let rig = Rig::new(&[], import);
        let stride_b = tile_stride_b();
        let drawn = rig.texture(&terrain_tile(), MIB_B);
        let written = rig.texture(&terrain_tile(), MIB_B + stride_b);
        let layout = rig.layout(written);
        store(&rig, MIB_B + stride_b, &pattern_storage(&layout, 1));
        assert!(reads_pattern(&rig, written, 1));
        let mut commands = rig.device.command_buffer();
        for level in 0..layout.levels.len() as u32 {
            rig.draw_pattern(&mut commands, drawn, level, 9, None);
        }
        rig.submit(&commands.finish());
        // No wait: the draws may still be running.
        store(&rig, MIB_B + stride_b, &pattern_storage(&layout, 2));
        assert!(reads_pattern(&rig, written, 2), "import {import}");
        assert!(reads_pattern(&rig, drawn, 9), "import {import}");
    }
}

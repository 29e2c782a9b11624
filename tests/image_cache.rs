//! The image cache in the executor on the real driver (lavapipe in CI), validation and
//! synchronization validation on: seed 001 (a tile drawn once, finalized, evicted under a
//! small budget, made again over the same storage and sampled) with the write-back off so
//! the cache alone must keep it, and the keep rule's limits: the cap, CPU writes, images
//! drawn over.

mod common;
mod storage_rig;

use common::texels::{linear_level, swizzled, Bytes};
use gpu::objects::TextureBuilder;
use gpu::TextureId;
use memory::Format;
use storage_rig::{level_extent, pattern_level, terrain_tile, Rig};

const MIB_B: u64 = 1 << 20;
/// Where filler textures start in the texture pool (the tile sits at 0).
const FILLERS_OFFSET_B: u64 = 2 * MIB_B;

fn filler() -> TextureBuilder {
    TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), 256, 256)
}

/// Textures the CPU wrote, each used once in its own submission (uploaded: storage holds
/// their texels, so they may simply go): they push the cache past its budget.
fn use_fillers(rig: &Rig, count: u64, seed: u64) {
    let layout = filler().layout().unwrap();
    let mut bytes = Bytes(seed);
    for index in 0..count {
        let offset_b = FILLERS_OFFSET_B + index * layout.size_b;
        let linear = bytes.vec(layout.linear_size_b() as usize);
        rig.device
            .write_pool(rig.pool, offset_b, &swizzled(&layout, &linear))
            .unwrap();
        let texture = rig.texture(&filler(), offset_b);
        assert!(rig.read_level(texture, 0) == linear, "filler {index}");
        rig.device.finalize(texture).unwrap();
        rig.begin_frame();
    }
}

/// Draws the tile at offset 0 once (every level), finalizes it, and pushes the cache
/// past its budget with fillers.
fn draw_finalize_and_evict(rig: &Rig, seed: u32) {
    let tile = rig.texture(&terrain_tile(), 0);
    rig.draw_every_level(tile, seed);
    rig.begin_frame();
    rig.device.finalize(tile).unwrap();
    use_fillers(rig, 8, 0x0f11e5);
}

/// Reads every level of a tile made again at offset 0: whether each equals the drawing,
/// and whether each is all zeros.
fn sample_again(rig: &Rig, seed: u32) -> (TextureId, Vec<(bool, bool)>) {
    let tile = rig.texture(&terrain_tile(), 0);
    let layout = rig.layout(tile);
    let levels = (0..9)
        .map(|level| {
            let (width_px, height_px) = level_extent(&layout, level);
            let read = rig.read_level(tile, level);
            (
                read == pattern_level(width_px, height_px, level, seed),
                read.iter().all(|&byte| byte == 0),
            )
        })
        .collect();
    (tile, levels)
}

/// Seed 001 with the write-back off: kept (finalized, drawn in one frame, small), the
/// tile survives an eviction pass and is sampled again with every texel it was drawn
/// with; with `RX_VK_KEEP_FINALIZED_MB=0` the same steps lose it (zeros).
#[test]
fn a_finalized_tile_drawn_once_is_kept_through_eviction_and_sampled_again() {
    for import in [true, false] {
        let rig = Rig::new(
            &[
                ("RX_VK_GPU_STORAGE", "0"),
                ("RX_VK_VRAM_MB", "1"),
                ("RX_VK_KEEP_FINALIZED_MB", "512"),
            ],
            import,
        );
        draw_finalize_and_evict(&rig, 3);
        let stats = rig.stats();
        assert!(stats.cache.evictions >= 4, "the budget evicted: {stats:?}");
        assert_eq!(stats.cache.keeps, 1, "{stats:?}");
        assert_eq!(stats.cache.texels_lost, 0, "{stats:?}");
        assert_eq!(stats.write_back_regions, 0, "the write-back is off");
        assert!(stats.cache.in_use_b <= MIB_B, "{stats:?}");
        let before = rig.stats();
        let (_, levels) = sample_again(&rig, 3);
        for (level, (drawn, _)) in levels.iter().enumerate() {
            assert!(drawn, "level {level} (import {import}) lost its drawing");
        }
        let after = rig.stats();
        assert_eq!(
            after.uploads, before.uploads,
            "the kept image is used as it is"
        );
        assert_eq!(after.cache.kept, 0, "made again: in use, no longer kept");
    }
}

#[test]
fn without_the_keep_rule_the_same_steps_lose_the_tile() {
    let rig = Rig::new(
        &[
            ("RX_VK_GPU_STORAGE", "0"),
            ("RX_VK_VRAM_MB", "1"),
            ("RX_VK_KEEP_FINALIZED_MB", "0"),
        ],
        true,
    );
    draw_finalize_and_evict(&rig, 3);
    let stats = rig.stats();
    assert_eq!(stats.cache.keeps, 0);
    assert_eq!(
        stats.cache.texels_lost, 1,
        "the loss is reported: {stats:?}"
    );
    let (_, levels) = sample_again(&rig, 3);
    for (level, (drawn, zeros)) in levels.iter().enumerate() {
        assert!(!drawn && *zeros, "level {level}: expected the loss (zeros)");
    }
}

/// With the write-back on, storage holds the drawing: the tile survives without keeping.
#[test]
fn with_the_write_back_on_storage_holds_the_tile_without_keeping() {
    let rig = Rig::new(
        &[
            ("RX_VK_GPU_STORAGE", "1"),
            ("RX_VK_VRAM_MB", "1"),
            ("RX_VK_KEEP_FINALIZED_MB", "0"),
        ],
        true,
    );
    draw_finalize_and_evict(&rig, 11);
    assert_eq!(rig.stats().cache.texels_lost, 0);
    let (_, levels) = sample_again(&rig, 11);
    for (level, (drawn, _)) in levels.iter().enumerate() {
        assert!(drawn, "level {level}");
    }
}

/// Many finalized drawn-once textures against a 1 MiB keep cap: kept bytes never pass
/// it, and the least recently used kept ones go (reported lost).
#[test]
fn kept_bytes_never_pass_the_cap() {
    let rig = Rig::new(
        &[
            ("RX_VK_GPU_STORAGE", "0"),
            ("RX_VK_VRAM_MB", "2"),
            ("RX_VK_KEEP_FINALIZED_MB", "1"),
        ],
        true,
    );
    let tile_b = terrain_tile().layout().unwrap().size_b;
    let tile_offset_b = tile_b.next_multiple_of(64 << 10);
    for index in 0..8 {
        let tile = rig.texture(&terrain_tile(), index * tile_offset_b);
        rig.draw_every_level(tile, index as u32);
        rig.device.finalize(tile).unwrap();
        rig.begin_frame();
        assert!(rig.stats().cache.kept_b <= MIB_B);
    }
    let layout = filler().layout().unwrap();
    for index in 0..8 {
        let offset_b = 4 * MIB_B + index * layout.size_b;
        let texture = rig.texture(&filler(), offset_b);
        rig.read_level(texture, 0);
        rig.device.finalize(texture).unwrap();
        let stats = rig.stats();
        assert!(stats.cache.kept_b <= MIB_B, "{stats:?}");
        assert!(stats.cache.in_use_b <= 2 * MIB_B, "{stats:?}");
    }
    let stats = rig.stats();
    assert!(stats.cache.kept >= 1, "{stats:?}");
    assert!(stats.cache.texels_lost >= 1, "past the cap: {stats:?}");
}

/// A CPU write into a kept image's storage ends the keep; the next use uploads the CPU's
/// bytes.
#[test]
fn a_cpu_write_into_a_kept_images_storage_is_uploaded_next() {
    let rig = Rig::new(
        &[
            ("RX_VK_GPU_STORAGE", "0"),
            ("RX_VK_VRAM_MB", "1"),
            ("RX_VK_KEEP_FINALIZED_MB", "512"),
        ],
        true,
    );
    draw_finalize_and_evict(&rig, 5);
    assert_eq!(rig.stats().cache.kept, 1);
    let layout = terrain_tile().layout().unwrap();
    let linear = Bytes(0xc0ffee).vec(layout.linear_size_b() as usize);
    rig.device
        .write_pool(rig.pool, 0, &swizzled(&layout, &linear))
        .unwrap();
    // The next submission's eviction pass sees the write: the image is kept no more.
    use_fillers(&rig, 1, 0xbeef);
    let stats = rig.stats();
    assert_eq!(stats.cache.kept, 0, "{stats:?}");
    assert_eq!(stats.cache.kept_invalidated, 1, "{stats:?}");
    let before = rig.stats();
    let tile = rig.texture(&terrain_tile(), 0);
    for level in 0..9 {
        assert!(
            rig.read_level(tile, level) == linear_level(&layout, &linear, level),
            "level {level}: the CPU's bytes"
        );
    }
    assert_eq!(rig.stats().uploads - before.uploads, 1);
}

/// Another image drawn over a kept one's storage ends the keep: the tile made again is
/// filled from storage, not taken from the kept image.
#[test]
fn an_image_drawn_over_a_kept_ones_storage_ends_it() {
    let rig = Rig::new(
        &[
            ("RX_VK_GPU_STORAGE", "0"),
            ("RX_VK_VRAM_MB", "1"),
            ("RX_VK_KEEP_FINALIZED_MB", "512"),
        ],
        true,
    );
    draw_finalize_and_evict(&rig, 7);
    assert_eq!(rig.stats().cache.kept, 1);
    let over = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 64, 64),
        0,
    );
    rig.draw_every_level(over, 1);
    let stats = rig.stats();
    assert_eq!(stats.cache.kept, 0, "{stats:?}");
    assert_eq!(stats.cache.kept_invalidated, 1, "{stats:?}");
    let (_, levels) = sample_again(&rig, 7);
    for (level, (drawn, _)) in levels.iter().enumerate() {
        assert!(!drawn, "level {level}: the ended image must not be used");
    }
}

/// Tiles packed back to back share 4 KiB pages: the CPU writing one (the executor hears
/// the exact bytes) leaves the neighbour the GPU drew, with the write-back off, intact.
#[test]
fn a_cpu_write_of_a_packed_neighbour_leaves_the_drawn_tile() {
    let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "0")], true);
    let layout = terrain_tile().layout().unwrap();
    let neighbour_b = layout.size_b.next_multiple_of(layout.alignment_b.max(1));
    assert_ne!(neighbour_b % 4096, 0, "the tiles share a page");
    let tile = rig.texture(&terrain_tile(), 0);
    rig.draw_every_level(tile, 13);
    let linear = Bytes(0x7e1).vec(layout.linear_size_b() as usize);
    rig.device
        .write_pool(rig.pool, neighbour_b, &swizzled(&layout, &linear))
        .unwrap();
    let neighbour = rig.texture(&terrain_tile(), neighbour_b);
    assert!(rig.read_level(neighbour, 0) == linear[..(260 * 260 * 2)]);
    for level in 0..9 {
        let (width_px, height_px) = level_extent(&layout, level);
        assert!(
            rig.read_level(tile, level) == pattern_level(width_px, height_px, level, 13),
            "level {level}"
        );
    }
}

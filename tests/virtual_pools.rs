//! NVN's virtual pools on the real driver (lavapipe in CI), validation and
//! synchronization validation on, pools imported, mirrored, and mirrored in memory the
//! CPU does not map (kept by GPU copies, as physical pools are under NVIDIA's sparse
//! buffers): textures and render targets
//! placed over a virtual pool see the physical pages mapped under them, the mapping
//! changed between frames; seed 000's defragmentation done by remapping pages instead of
//! `memcpy`. Texels are checked against `memory`'s CPU swizzle of the CPU's pattern.

mod common;
mod storage_rig;

use gpu::address::{MappingRequest, StorageClass, VIRTUAL_PAGE_B};
use gpu::{PoolId, TextureId};
use storage_rig::{level_extent, pattern_level, pattern_storage, terrain_tile, Pools, Rig};

const MIB_B: u64 = 1 << 20;
const POOLS_B: u64 = 8 * MIB_B;

/// `size_b` bytes at `virtual_offset_b` map `physical`'s at `physical_offset_b`
/// (block-linear, the terrain tile's class).
fn map(
    physical: PoolId,
    physical_offset_b: u64,
    virtual_offset_b: u64,
    size_b: u64,
) -> MappingRequest {
    MappingRequest {
        physical: Some(physical),
        physical_offset_b,
        virtual_offset_b,
        size_b,
        storage_class: StorageClass::BLOCK_LINEAR,
    }
}

fn unmap(virtual_offset_b: u64, size_b: u64) -> MappingRequest {
    MappingRequest {
        physical: None,
        physical_offset_b: 0,
        virtual_offset_b,
        size_b,
        storage_class: StorageClass::BLOCK_LINEAR,
    }
}

/// Whether every level of `texture` reads back as the pattern of `seed`.
fn reads_pattern(rig: &Rig, texture: TextureId, seed: u32) -> bool {
    let layout = rig.layout(texture);
    (0..layout.levels.len() as u32).all(|level| {
        let (width_px, height_px) = level_extent(&layout, level);
        rig.read_level(texture, level) == pattern_level(width_px, height_px, level, seed)
    })
}

fn tile_stride_b() -> u64 {
    terrain_tile()
        .layout()
        .unwrap()
        .size_b
        .next_multiple_of(VIRTUAL_PAGE_B)
}

#[test]
fn a_virtual_pool_remapped_between_frames_feeds_its_texture_and_render_target() {
    for pools in [Pools::Imported, Pools::Mirrored, Pools::UnmappedMirrors] {
        let rig = Rig::with_pools(&[("RX_VK_GPU_STORAGE", "1")], pools);
        rig.assert_expected_path();
        let layout = terrain_tile().layout().unwrap();
        let stride_b = tile_stride_b();
        let physical = rig.pool;
        let pages = rig.virtual_pool(POOLS_B);
        let (a_b, b_b, c_b) = (0, stride_b, 2 * stride_b);
        rig.device
            .write_pool(physical, a_b, &pattern_storage(&layout, 1))
            .unwrap();
        rig.device
            .write_pool(physical, b_b, &pattern_storage(&layout, 2))
            .unwrap();
        // Frame 1: the texture's pages are A; the render target's are C, drawn.
        rig.device
            .map_virtual(
                pages,
                &[
                    map(physical, a_b, 0, stride_b),
                    map(physical, c_b, stride_b, stride_b),
                ],
            )
            .unwrap();
        let texture = rig
            .device
            .create_texture(&terrain_tile(), pages, 0)
            .unwrap();
        let target = rig
            .device
            .create_texture(&terrain_tile(), pages, stride_b)
            .unwrap();
        assert!(
            reads_pattern(&rig, texture, 1),
            "pools {pools:?}: frame 1 texture"
        );
        rig.draw_every_level(target, 7);
        assert!(
            reads_pattern(&rig, target, 7),
            "pools {pools:?}: frame 1 target"
        );
        // Frame 2: the texture's pages become B, the target's A (two virtual pages over
        // one physical page); the drawing goes back to C, where the CPU reads it.
        rig.begin_frame();
        rig.device
            .map_virtual(
                pages,
                &[
                    map(physical, b_b, 0, stride_b),
                    map(physical, a_b, stride_b, stride_b),
                ],
            )
            .unwrap();
        assert!(
            reads_pattern(&rig, texture, 2),
            "pools {pools:?}: frame 2 texture"
        );
        assert!(
            reads_pattern(&rig, target, 1),
            "pools {pools:?}: frame 2 target shows A"
        );
        assert!(
            rig.storage(c_b, layout.size_b) == pattern_storage(&layout, 7),
            "pools {pools:?}: the drawing is in its physical pages"
        );
        // Frame 3: the target's pages are C again, with the drawing.
        rig.begin_frame();
        rig.device
            .map_virtual(pages, &[map(physical, c_b, stride_b, stride_b)])
            .unwrap();
        assert!(
            reads_pattern(&rig, target, 7),
            "pools {pools:?}: frame 3 target"
        );
        // The CPU writes physical pages while they are mapped: the next submission sees
        // the new bytes through the virtual pool.
        rig.device
            .write_pool(physical, b_b, &pattern_storage(&layout, 4))
            .unwrap();
        assert!(
            reads_pattern(&rig, texture, 4),
            "pools {pools:?}: CPU write while mapped"
        );
        // A texture over unmapped pages reads zeros on every path, relaxed sparse binding
        // too: the image cache fills it from the virtual pool's CPU storage, which holds
        // zeros at unmapped pages (only the GPU's buffer reads see undefined values there).
        rig.device
            .map_virtual(pages, &[unmap(0, stride_b)])
            .unwrap();
        let layout0 = rig.layout(texture);
        let (w, h) = level_extent(&layout0, 0);
        assert_eq!(rig.read_level(texture, 0), vec![0; (w * h * 2) as usize]);
        rig.device.finalize(texture).unwrap();
        rig.device.finalize(target).unwrap();
    }
}

const TILES: u64 = 4;

/// Seed 000 by remapping: tiles drawn once into a virtual pool, finalized, then every
/// tile's pages mapped at a new virtual offset (and unmapped at the old) instead of being
/// copied with `memcpy`, made again there and read back. No texel is lost: every level
/// of every tile reads as drawn, and the physical pages hold the CPU swizzle of it.
#[test]
fn the_seed_000_defragmentation_by_remapping_keeps_every_texel() {
    let configurations = [
        ("512", Pools::Imported),
        ("512", Pools::Mirrored),
        ("0", Pools::Imported),
        ("512", Pools::UnmappedMirrors),
    ];
    for (keep_mb, pools) in configurations {
        let rig = Rig::with_pools(
            &[
                ("RX_VK_GPU_STORAGE", "1"),
                ("RX_VK_KEEP_FINALIZED_MB", keep_mb),
            ],
            pools,
        );
        rig.assert_expected_path();
        let layout = terrain_tile().layout().unwrap();
        let stride_b = tile_stride_b();
        let pages = rig.virtual_pool(POOLS_B);
        let old_b = |index: u64| MIB_B + index * stride_b;
        let new_b = |index: u64| 4 * MIB_B + index * stride_b;
        let physical_b = |index: u64| index * stride_b;
        let requests: Vec<_> = (0..TILES)
            .map(|index| map(rig.pool, physical_b(index), old_b(index), stride_b))
            .collect();
        rig.device.map_virtual(pages, &requests).unwrap();
        for index in 0..TILES {
            let tile = rig
                .device
                .create_texture(&terrain_tile(), pages, old_b(index))
                .unwrap();
            rig.draw_every_level(tile, 20 + index as u32);
            rig.device.finalize(tile).unwrap();
        }
        rig.begin_frame();
        let mut remap: Vec<_> = (0..TILES)
            .map(|index| unmap(old_b(index), stride_b))
            .collect();
        remap.extend(
            (0..TILES).map(|index| map(rig.pool, physical_b(index), new_b(index), stride_b)),
        );
        rig.device.map_virtual(pages, &remap).unwrap();
        for index in 0..TILES {
            let tile = rig
                .device
                .create_texture(&terrain_tile(), pages, new_b(index))
                .unwrap();
            assert!(
                reads_pattern(&rig, tile, 20 + index as u32),
                "tile {index} (keep {keep_mb} MiB, pools {pools:?})"
            );
            assert!(
                rig.storage(physical_b(index), layout.size_b)
                    == pattern_storage(&layout, 20 + index as u32),
                "tile {index}: its physical pages hold the drawing"
            );
            rig.device.finalize(tile).unwrap();
        }
    }
}

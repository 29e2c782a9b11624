//! The GPU swizzle write-back and GPU deswizzle uploads in the executor on the real
//! driver (lavapipe in CI), validation and synchronization validation on, pools imported
//! and mirrored. Storage is checked byte for byte against `memory`'s CPU swizzle of the
//! drawn pixels; seed 000 (draw, defragment with `memcpy`, make textures at the new
//! offsets, sample) end to end.

mod common;
mod storage_rig;

use common::device::buffer;
use common::texels::{linear_level, swizzled, Bytes};
use gpu::command::CopyOp;
use gpu::objects::{BufferRange, TextureBuilder};
use gpu::state::Scissor;
use gpu::TextureId;
use memory::Format;
use storage_rig::{
    level_extent, pattern_level, pattern_storage, pattern_texel, terrain_tile, Rig, POOL_B,
};

const MIB_B: u64 = 1 << 20;

/// Whether every level of `texture` reads back as the pattern of `seed`, and whether
/// every level reads back as zeros.
fn reads_pattern(rig: &Rig, texture: TextureId, seed: u32) -> (bool, bool) {
    let layout = rig.layout(texture);
    let (mut pattern, mut zeros) = (true, true);
    for level in 0..layout.levels.len() as u32 {
        let (width_px, height_px) = level_extent(&layout, level);
        let read = rig.read_level(texture, level);
        pattern &= read == pattern_level(width_px, height_px, level, seed);
        zeros &= read.iter().all(|&byte| byte == 0);
    }
    (pattern, zeros)
}

#[test]
fn after_the_fence_storage_holds_every_level_of_the_drawn_tile() {
    for import in [true, false] {
        let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], import);
        let tile = rig.texture(&terrain_tile(), 0);
        let layout = rig.layout(tile);
        let before = rig.stats();
        rig.draw_every_level(tile, 9);
        let after = rig.stats();
        assert!(
            rig.storage(0, layout.size_b) == pattern_storage(&layout, 9),
            "import {import}: storage differs from the CPU swizzle of the drawing"
        );
        assert_eq!(after.write_back_regions - before.write_back_regions, 9);
        assert_eq!(
            after.write_back_bytes - before.write_back_bytes,
            layout.linear_size_b()
        );
    }
}

#[test]
fn with_the_write_back_off_storage_keeps_its_zeros() {
    let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "0")], true);
    let tile = rig.texture(&terrain_tile(), 0);
    let layout = rig.layout(tile);
    rig.draw_every_level(tile, 9);
    assert!(rig.storage(0, layout.size_b).iter().all(|&byte| byte == 0));
    assert_eq!(rig.stats().write_back_regions, 0);
}

/// A scissored draw over storage the CPU wrote stores its rectangle: storage is the CPU's
/// bytes with the rectangle drawn, and only the rectangle's bytes were moved.
#[test]
fn a_scissored_draw_stores_its_rectangle_and_nothing_outside() {
    for import in [true, false] {
        let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], import);
        let builder = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 260, 260);
        let layout = builder.layout().unwrap();
        let mut linear = Bytes(0x5c155).vec(layout.linear_size_b() as usize);
        rig.device
            .write_pool(rig.pool, 0, &swizzled(&layout, &linear))
            .unwrap();
        let texture = rig.texture(&builder, 0);
        let rect = Scissor {
            x_px: 37,
            y_px: 101,
            width_px: 70,
            height_px: 45,
        };
        let before = rig.stats();
        let mut commands = rig.device.command_buffer();
        rig.draw_pattern(&mut commands, texture, 0, 4, Some(rect));
        rig.submit(&commands.finish());
        rig.finish();
        let after = rig.stats();
        for y in 101..146u32 {
            for x in 37..107u32 {
                let at = ((y * 260 + x) * 2) as usize;
                linear[at..at + 2].copy_from_slice(&pattern_texel(x, y, 0, 4));
            }
        }
        assert!(
            rig.storage(0, layout.size_b) == swizzled(&layout, &linear),
            "import {import}: storage is not the CPU's bytes with the rectangle drawn"
        );
        assert_eq!(
            after.write_back_bytes - before.write_back_bytes,
            70 * 45 * 2
        );
    }
}

/// A copy from the pool later in the same list reads the drawing: the store is recorded
/// before the copy, not only at the list's end.
#[test]
fn a_copy_from_storage_later_in_the_list_reads_the_drawing() {
    for import in [true, false] {
        let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], import);
        let builder = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 260, 260);
        let layout = builder.layout().unwrap();
        let texture = rig.texture(&builder, 0);
        let storage_buffer = buffer(&rig.device, rig.pool, 0, layout.size_b);
        let mut commands = rig.device.command_buffer();
        rig.draw_pattern(&mut commands, texture, 0, 8, None);
        commands
            .copy(CopyOp::BufferToBuffer {
                source: storage_buffer,
                source_offset_b: 0,
                destination: rig.readback.buffer,
                destination_offset_b: 0,
                size_b: layout.size_b,
            })
            .unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let copied = rig.readback.bytes(&rig.device, layout.size_b as usize);
        assert!(copied == pattern_storage(&layout, 8), "import {import}");
    }
}

/// Write A, wait; next frame write B, wait; copy the storage at once: B everywhere.
#[test]
fn a_copy_right_after_the_second_write_moves_the_second_write() {
    for import in [true, false] {
        let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], import);
        let tile = rig.texture(&terrain_tile(), 0);
        let size_b = rig.layout(tile).size_b;
        rig.draw_every_level(tile, 1);
        rig.begin_frame();
        rig.draw_every_level(tile, 2);
        let moved_b = 4 * MIB_B;
        rig.device
            .copy_pool(rig.pool, 0, rig.pool, moved_b, size_b)
            .unwrap();
        let moved = rig.texture(&terrain_tile(), moved_b);
        let (b_everywhere, _) = reads_pattern(&rig, moved, 2);
        assert!(b_everywhere, "import {import}");
    }
}

/// After the game writes its own bytes over a drawn texture's storage, nothing older from
/// the GPU lands over them, however many frames pass; a texture made there holds them.
#[test]
fn nothing_older_from_the_gpu_lands_over_the_cpus_bytes() {
    for import in [true, false] {
        let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], import);
        let tile = rig.texture(&terrain_tile(), 0);
        let layout = rig.layout(tile);
        rig.draw_every_level(tile, 1);
        let linear = Bytes(0x9a3e).vec(layout.linear_size_b() as usize);
        let storage = swizzled(&layout, &linear);
        rig.device.write_pool(rig.pool, 0, &storage).unwrap();
        let other = rig.texture(&terrain_tile(), 2 * MIB_B);
        for frame in 0..5 {
            rig.begin_frame();
            rig.draw_every_level(other, frame);
            assert!(
                rig.storage(0, layout.size_b) == storage,
                "import {import}, frame {frame}"
            );
        }
        rig.device.finalize(tile).unwrap();
        let again = rig.texture(&terrain_tile(), 0);
        for level in 0..9 {
            assert!(
                rig.read_level(again, level) == linear_level(&layout, &linear, level),
                "import {import}, level {level}"
            );
        }
        assert!(rig.storage(0, layout.size_b) == storage);
    }
}

const TILES: u64 = 4;

/// Seed 000: tiles drawn once and never flushed, finalized, moved by the CPU (`memcpy`,
/// the game's defragmentation) to new offsets, made again there and sampled. Returns,
/// per tile, whether it read back as drawn and whether it read back as zeros.
fn defragment(rig: &Rig) -> Vec<(bool, bool)> {
    defragment_with(rig, 0, Move::Api)
}

/// How the defragmentation moves the tiles.
#[derive(Clone, Copy, Debug)]
enum Move {
    /// `Device::copy_pool`.
    Api,
    /// A plain `memmove` through the mapped pointer, as the game does (page protection
    /// finds it).
    Pointer,
}

/// `defragment`, with `fillers` other textures used between the draws and the copy (so
/// a small budget evicts, or keeps, the finalized tiles), the copy made as `how` says.
fn defragment_with(rig: &Rig, fillers: u64, how: Move) -> Vec<(bool, bool)> {
    let size_b = terrain_tile().layout().unwrap().size_b;
    let stride_b = size_b.next_multiple_of(64 << 10);
    let old_b = |index: u64| MIB_B + index * stride_b;
    let new_b = |index: u64| 4 * MIB_B + index * stride_b;
    for index in 0..TILES {
        let tile = rig.texture(&terrain_tile(), old_b(index));
        rig.draw_every_level(tile, 20 + index as u32);
        rig.device.finalize(tile).unwrap();
    }
    rig.begin_frame();
    let filler = TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), 256, 256);
    let filler_b = filler.layout().unwrap().size_b;
    for index in 0..fillers {
        let texture = rig.texture(&filler, 6 * MIB_B + index * filler_b);
        rig.read_level(texture, 0);
        rig.device.finalize(texture).unwrap();
    }
    for index in 0..TILES {
        match how {
            Move::Api => rig
                .device
                .copy_pool(rig.pool, old_b(index), rig.pool, new_b(index), size_b)
                .unwrap(),
            Move::Pointer => {
                let base = rig.device.map_pool(rig.pool).unwrap().as_ptr();
                // SAFETY: both ranges lie inside the pool (POOL_B is past new_b's tiles)
                // and the queue is idle: nothing else touches the bytes.
                unsafe {
                    std::ptr::copy(
                        base.add(old_b(index) as usize),
                        base.add(new_b(index) as usize),
                        size_b as usize,
                    )
                };
            }
        }
    }
    (0..TILES)
        .map(|index| {
            let tile = rig.texture(&terrain_tile(), new_b(index));
            reads_pattern(rig, tile, 20 + index as u32)
        })
        .collect()
}

#[test]
fn defragmented_tiles_keep_their_drawn_normals() {
    for (keep_mb, import) in [("512", true), ("512", false), ("0", true)] {
        let rig = Rig::new(
            &[
                ("RX_VK_GPU_STORAGE", "1"),
                ("RX_VK_KEEP_FINALIZED_MB", keep_mb),
            ],
            import,
        );
        for (index, (drawn, _)) in defragment(&rig).into_iter().enumerate() {
            assert!(drawn, "tile {index} (keep {keep_mb} MiB, import {import})");
        }
        assert_eq!(rig.stats().cache.moved, 0, "storage held the texels");
    }
}

/// With the write-back off, the keep rule alone: drawn images whose texels storage lacks
/// follow the CPU's copy, and the textures made at the new offsets use them (under the
/// default budget, and kept by the keep rule under a small budget other textures fill).
#[test]
fn without_the_write_back_kept_images_follow_the_copy() {
    for (budget_mb, fillers) in [("auto", 0), ("2", 4)] {
        for import in [true, false] {
            let rig = Rig::new(
                &[
                    ("RX_VK_GPU_STORAGE", "0"),
                    ("RX_VK_KEEP_FINALIZED_MB", "512"),
                    ("RX_VK_VRAM_MB", budget_mb),
                ],
                import,
            );
            for (index, (drawn, _)) in defragment_with(&rig, fillers, Move::Api)
                .into_iter()
                .enumerate()
            {
                assert!(drawn, "tile {index} (budget {budget_mb}, import {import})");
            }
            let stats = rig.stats();
            assert_eq!(stats.cache.moved, TILES, "{stats:?}");
            assert_eq!(stats.cache.texels_lost, 0, "{stats:?}");
            if fillers > 0 {
                assert_eq!(stats.cache.keeps, TILES, "kept before the copy: {stats:?}");
            }
            assert_eq!(stats.write_back_regions, 0);
        }
    }
}

/// Seed 000 as the game does it: the tiles moved by a plain `memmove` through the mapped
/// pointer, with no call at all. Page protection sees the copy: with the write-back on
/// every level of every tile reads back as drawn; with it and the keep rule off the copy
/// moved zeros.
#[test]
fn a_memmove_through_the_pointer_is_the_defragmentation() {
    for import in [true, false] {
        let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], import);
        for (index, (drawn, _)) in defragment_with(&rig, 0, Move::Pointer)
            .into_iter()
            .enumerate()
        {
            assert!(drawn, "tile {index} (import {import})");
        }
        let rig = Rig::new(
            &[("RX_VK_GPU_STORAGE", "0"), ("RX_VK_KEEP_FINALIZED_MB", "0")],
            import,
        );
        for (index, (drawn, zeros)) in defragment_with(&rig, 0, Move::Pointer)
            .into_iter()
            .enumerate()
        {
            assert!(
                !drawn && zeros,
                "tile {index} (import {import}): the copy moved zeros"
            );
        }
    }
}

#[test]
fn without_the_write_back_and_the_keep_rule_defragmented_tiles_are_zeros() {
    let rig = Rig::new(
        &[("RX_VK_GPU_STORAGE", "0"), ("RX_VK_KEEP_FINALIZED_MB", "0")],
        true,
    );
    for (index, (drawn, zeros)) in defragment(&rig).into_iter().enumerate() {
        assert!(!drawn && zeros, "tile {index}: the copy moved zeros");
    }
}

/// A texture that ends at its pool's last byte is stored without writing past it.
#[test]
fn a_texture_ending_at_the_pools_last_byte_is_stored() {
    let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], true);
    let builder = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 256, 256);
    let layout = builder.layout().unwrap();
    let offset_b = POOL_B - layout.size_b;
    assert_eq!(offset_b % layout.alignment_b.max(1), 0);
    let texture = rig.texture(&builder, offset_b);
    rig.draw_every_level(texture, 6);
    assert!(rig.storage(offset_b, layout.size_b) == pattern_storage(&layout, 6));
}

/// Each way of recording the write-back and upload (`RX_VK_SWIZZLE_KERNEL`) in the
/// executor: the terrain tile's nine levels and a 256x256 RG8 texture, whose first level
/// covers its storage whole (128 KiB) and so bounces, are stored as the CPU swizzles the
/// drawing, and a texture made over that storage uploads the same texels.
#[test]
fn every_swizzle_kernel_variant_stores_and_uploads_the_drawing() {
    let square = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 256, 256).levels(3);
    for variant in ["per-region", "batched", "bounce"] {
        let rig = Rig::new(
            &[
                ("RX_VK_GPU_STORAGE", "1"),
                ("RX_VK_SWIZZLE_KERNEL", variant),
            ],
            true,
        );
        let tile = rig.texture(&terrain_tile(), 0);
        let tile_layout = rig.layout(tile);
        let square_offset_b = tile_layout.size_b.next_multiple_of(MIB_B);
        let drawn = rig.texture(&square, square_offset_b);
        let square_layout = rig.layout(drawn);
        rig.draw_every_level(tile, 3);
        rig.draw_every_level(drawn, 4);
        assert!(
            rig.storage(0, tile_layout.size_b) == pattern_storage(&tile_layout, 3),
            "{variant}: the tile's storage differs from the CPU swizzle of the drawing"
        );
        assert!(
            rig.storage(square_offset_b, square_layout.size_b)
                == pattern_storage(&square_layout, 4),
            "{variant}: the square's storage differs from the CPU swizzle of the drawing"
        );
        rig.device.finalize(drawn).unwrap();
        let uploaded = rig.texture(&square, square_offset_b);
        assert_eq!(
            reads_pattern(&rig, uploaded, 4),
            (true, false),
            "{variant}: the texture made over the drawn storage"
        );
    }
}

/// Every admitted format the kernel moves, random sizes and level counts, uploaded by the
/// executor from storage the CPU wrote: the GPU deswizzle and the CPU deswizzle give the
/// same bytes (the CPU's linear texels).
#[test]
fn gpu_deswizzle_uploads_equal_cpu_deswizzle_for_every_admitted_format() {
    for (gpu_uploads, import) in [(true, true), (true, false), (false, true)] {
        let rig = Rig::new(&[], import);
        rig.backend.lock().set_gpu_uploads(gpu_uploads);
        let mut bytes = Bytes(0xde5 + gpu_uploads as u64);
        let mut checked = 0;
        for &format in Format::ALL {
            let bytes_per_element = format.bytes_per_element();
            if format.is_compressed() || format.is_depth_or_stencil() || 16 % bytes_per_element != 0
            {
                continue;
            }
            let width_px = 1 + bytes.below(300);
            let height_px = 1 + bytes.below(200);
            let levels = 1 + bytes.below(3);
            let builder = TextureBuilder::new_2d(format, width_px, height_px).levels(levels);
            let Ok(layout) = builder.layout() else {
                continue;
            };
            if layout.linear_size_b() > MIB_B || layout.size_b > 4 * MIB_B {
                continue;
            }
            let linear = bytes.vec(layout.linear_size_b() as usize);
            rig.device
                .write_pool(rig.pool, 0, &swizzled(&layout, &linear))
                .unwrap();
            let texture = rig.texture(&builder, 0);
            for level in 0..levels {
                let Some(read) = rig.try_read_level(texture, level) else {
                    break;
                };
                assert!(
                    read == linear_level(&layout, &linear, level),
                    "{} {width_px}x{height_px} level {level} (GPU uploads {gpu_uploads}, \
                     import {import})",
                    format.name()
                );
                checked += 1;
            }
            rig.device.finalize(texture).unwrap();
        }
        let stats = rig.stats();
        assert!(checked > 20, "{checked} levels checked");
        assert_eq!(stats.gpu_uploads > 0, gpu_uploads, "{stats:?}");
    }
}

/// A draw reading a uniform buffer in the pool of a texture drawn earlier in the list
/// stores that texture first only when the buffer's bytes overlap its storage.
#[test]
fn only_a_buffer_read_over_a_drawn_textures_storage_stores_it_first() {
    let builder = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 64, 64);
    let size_b = builder.layout().unwrap().size_b;
    for (params_b, stores) in [(6 * MIB_B, 2), (size_b - 256, 3)] {
        let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], true);
        let drawn = rig.texture(&builder, 0);
        let other = rig.texture(&builder, 2 * MIB_B);
        let params = buffer(&rig.device, rig.pool, params_b, 256);
        let range = BufferRange {
            buffer: params,
            offset_b: 0,
            size_b: 16,
        };
        let before = rig.stats();
        let mut commands = rig.device.command_buffer();
        rig.draw_pattern(&mut commands, drawn, 0, 3, None);
        rig.draw_reading(&mut commands, other, 0, range, None);
        rig.draw_pattern(&mut commands, drawn, 0, 4, None);
        rig.submit(&commands.finish());
        rig.finish();
        let regions = rig.stats().write_back_regions - before.write_back_regions;
        assert_eq!(regions, stores, "uniforms at {params_b:#x}");
        let layout = rig.layout(drawn);
        assert!(rig.storage(0, size_b) == pattern_storage(&layout, 4));
    }
}

/// The cost bound: a target drawn every frame is stored in the first two frames only;
/// a tile drawn once meanwhile is stored in its frame; when the target stops being
/// drawn, its last drawing reaches storage once two frames pass without a write.
#[test]
fn a_target_drawn_every_frame_is_stored_twice_and_its_last_drawing_after_two_quiet_frames() {
    let builder = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 64, 64);
    for import in [true, false] {
        let rig = Rig::new(
            &[("RX_VK_GPU_STORAGE", "1"), ("RX_VK_STORE_HOT", "1")],
            import,
        );
        let target = rig.texture(&builder, 0);
        let layout = rig.layout(target);
        let target_regions = |rig: &Rig, seed| {
            let before = rig.stats().write_back_regions;
            rig.draw_every_level(target, seed);
            rig.stats().write_back_regions - before
        };
        let mut stored = 0;
        for frame in 0..30u32 {
            rig.begin_frame();
            stored += target_regions(&rig, frame);
            if frame == 12 {
                let tile = rig.texture(&terrain_tile(), 2 * MIB_B);
                let tile_layout = rig.layout(tile);
                rig.draw_every_level(tile, 77);
                assert!(
                    rig.storage(2 * MIB_B, tile_layout.size_b) == pattern_storage(&tile_layout, 77),
                    "import {import}: the tile drawn once is in storage in its frame"
                );
            }
        }
        assert_eq!(stored, 2, "import {import}");
        assert!(rig.storage(0, layout.size_b) == pattern_storage(&layout, 1));
        // Two frames without a write, each with a submission that does not use it.
        let elsewhere = rig.texture(&builder, 4 * MIB_B);
        for quiet in 0..2u32 {
            rig.begin_frame();
            rig.draw_every_level(elsewhere, quiet);
            assert!(
                rig.storage(0, layout.size_b) == pattern_storage(&layout, 1),
                "import {import}: quiet frame {quiet}"
            );
        }
        rig.begin_frame();
        rig.draw_every_level(elsewhere, 9);
        assert!(
            rig.storage(0, layout.size_b) == pattern_storage(&layout, 29),
            "import {import}: the last drawing is in storage"
        );
    }
}

/// With `RX_VK_STORE_HOT` at its default every write is stored before the next signal,
/// however often the level is drawn: a target drawn every frame is stored every frame.
#[test]
fn by_default_a_target_drawn_every_frame_is_stored_every_frame() {
    let builder = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 64, 64);
    let rig = Rig::new(&[("RX_VK_GPU_STORAGE", "1")], true);
    let target = rig.texture(&builder, 0);
    let layout = rig.layout(target);
    let levels = layout.levels.len() as u64;
    for frame in 0..8u32 {
        let before = rig.stats().write_back_regions;
        rig.draw_every_level(target, frame);
        assert_eq!(
            rig.stats().write_back_regions - before,
            levels,
            "frame {frame}"
        );
        assert!(
            rig.storage(0, layout.size_b) == pattern_storage(&layout, frame),
            "frame {frame}: storage must hold this frame's drawing"
        );
    }
}

//! Byte-for-byte against `tegra_swizzle` 0.4, an independent implementation, with the same
//! block height given to both.

mod common;

use common::pattern_bytes;
use memory::swizzle::{deswizzle_level, deswizzle_texture, swizzle_level, swizzle_texture};
use memory::{Format, LayoutDesc, TextureKind, TextureLayout, Tiling};
use proptest::prelude::*;
use tegra_swizzle::surface::BlockDim;
use tegra_swizzle::swizzle::swizzle_block_linear;
use tegra_swizzle::BlockHeight;

fn format_of_size(bytes_per_element: u32) -> Format {
    match bytes_per_element {
        1 => Format::R8,
        2 => Format::Rg8,
        4 => Format::Rgba8,
        8 => Format::Rgba16F,
        _ => Format::Rgba32F,
    }
}

fn block_height(gobs: u32) -> BlockHeight {
    BlockHeight::new(gobs).expect("a block height tegra_swizzle knows")
}

/// Swizzles every level of layer 0 with both implementations and compares each level's
/// storage; then deswizzles ours back.
fn compare_levels(layout: &TextureLayout, seed: u64) {
    let mut storage = vec![0u8; layout.size_b as usize];
    for level in &layout.levels {
        let linear = pattern_bytes(
            level.linear_size_b() as usize,
            seed + u64::from(level.level),
        );
        swizzle_level(layout, level.level, 0, &linear, &mut storage).unwrap();
        let reference = swizzle_block_linear(
            level.width_el,
            level.height_el,
            level.depth_el,
            &linear,
            block_height(level.block_height_gobs),
            level.bytes_per_element,
        )
        .unwrap();
        let ours = &storage[level.offset_b as usize..(level.offset_b + level.size_b) as usize];
        assert_eq!(ours.len(), reference.len(), "level {} size", level.level);
        assert!(
            ours == reference.as_slice(),
            "level {} bytes differ",
            level.level
        );
        let mut back = vec![0u8; linear.len()];
        deswizzle_level(layout, level.level, 0, &storage, &mut back).unwrap();
        assert!(back == linear, "level {} does not come back", level.level);
    }
}

#[test]
fn terrain_tile_rg8_260x260_every_level() {
    let layout = TextureLayout::new(&LayoutDesc::new_2d(Format::Rg8, 260, 260, 9)).unwrap();
    compare_levels(&layout, 7);

    // The whole surface in one call, against tegra_swizzle's surface function.
    let linear = pattern_bytes(layout.linear_size_b() as usize, 11);
    let mut storage = vec![0u8; layout.size_b as usize];
    swizzle_texture(&layout, &linear, &mut storage).unwrap();
    let reference = tegra_swizzle::surface::swizzle_surface(
        260,
        260,
        1,
        &linear,
        BlockDim::uncompressed(),
        Some(block_height(layout.levels[0].block_height_gobs)),
        2,
        9,
        1,
    )
    .unwrap();
    assert!(storage == reference);
    let mut back = vec![0u8; linear.len()];
    deswizzle_texture(&layout, &storage, &mut back).unwrap();
    assert!(back == linear);
}

#[test]
fn rgba8_cube_with_levels_matches_the_reference_surface() {
    let desc = LayoutDesc {
        kind: TextureKind::Cube,
        ..LayoutDesc::new_2d(Format::Rgba8, 64, 64, 7)
    };
    let layout = TextureLayout::new(&desc).unwrap();
    let linear = pattern_bytes(layout.linear_size_b() as usize, 3);
    let mut storage = vec![0u8; layout.size_b as usize];
    swizzle_texture(&layout, &linear, &mut storage).unwrap();
    let reference = tegra_swizzle::surface::swizzle_surface(
        64,
        64,
        1,
        &linear,
        BlockDim::uncompressed(),
        None,
        4,
        7,
        6,
    )
    .unwrap();
    assert!(storage == reference);
}

#[test]
fn bc3_2048_and_rgba8_1080p() {
    for desc in [
        LayoutDesc::new_2d(Format::Bc3, 2048, 2048, 1),
        LayoutDesc::new_2d(Format::Rgba8, 1920, 1080, 1),
        LayoutDesc::new_2d(Format::Bc1, 1000, 600, 10),
    ] {
        compare_levels(&TextureLayout::new(&desc).unwrap(), 5);
    }
}

/// RGB32's 12-byte texels (the one size that is not a power of two, so texels straddle
/// 16-byte runs and GOBs), odd sizes with their levels and a whole surface, against the
/// reference's byte addressing.
#[test]
fn rgb32_twelve_byte_texels_match_the_reference() {
    for desc in [
        LayoutDesc::new_2d(Format::Rgb32F, 7, 5, 3),
        LayoutDesc::new_2d(Format::Rgb32Ui, 100, 37, 7),
        LayoutDesc::new_2d(Format::Rgb32I, 6, 300, 1),
    ] {
        compare_levels(&TextureLayout::new(&desc).unwrap(), 13);
    }
    let layout = TextureLayout::new(&LayoutDesc::new_2d(Format::Rgb32F, 33, 20, 4)).unwrap();
    let linear = pattern_bytes(layout.linear_size_b() as usize, 17);
    let mut storage = vec![0u8; layout.size_b as usize];
    swizzle_texture(&layout, &linear, &mut storage).unwrap();
    let reference = tegra_swizzle::surface::swizzle_surface(
        33,
        20,
        1,
        &linear,
        BlockDim::uncompressed(),
        Some(block_height(layout.levels[0].block_height_gobs)),
        12,
        4,
        1,
    )
    .unwrap();
    assert!(storage == reference);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_2d_surfaces(
        width in 1u32..=300,
        height in 1u32..=300,
        bpb_log2 in 0u32..=4,
        block_height_log2 in 0u32..=6,
        levels in 1u32..=4,
        seed in any::<u64>(),
    ) {
        let format = format_of_size(1 << bpb_log2);
        let mut desc = LayoutDesc::new_2d(format, width, height, 1);
        desc.levels = levels.min(desc.max_levels());
        if block_height_log2 < 6 {
            desc.tiling = Tiling::BlockLinear { block_height_gobs: Some(1 << block_height_log2) };
        }
        compare_levels(&TextureLayout::new(&desc).unwrap(), seed);
    }

    #[test]
    fn random_compressed_surfaces(
        width in 1u32..=600,
        height in 1u32..=600,
        format in prop::sample::select(vec![Format::Bc1, Format::Bc3, Format::Bc7, Format::Astc6x5, Format::Astc12x12]),
        seed in any::<u64>(),
    ) {
        let desc = LayoutDesc::new_2d(format, width, height, 2.min(LayoutDesc::new_2d(format, width, height, 1).max_levels()));
        compare_levels(&TextureLayout::new(&desc).unwrap(), seed);
    }

    #[test]
    fn random_3d_surfaces(
        width in 1u32..=80,
        height in 1u32..=80,
        depth in 1u32..=40,
        bpb_log2 in 0u32..=4,
        seed in any::<u64>(),
    ) {
        let desc = LayoutDesc {
            kind: TextureKind::D3,
            depth_px: depth,
            ..LayoutDesc::new_2d(format_of_size(1 << bpb_log2), width, height, 1)
        };
        // tegra_swizzle's mip function picks block depth from the depth, as the default does.
        compare_levels(&TextureLayout::new(&desc).unwrap(), seed);
    }
}

/// A multisample texture is stored as one larger single-sample surface: each pixel a grid
/// of 2x1 (2 samples), 2x2 (4) or 4x2 (8) elements, deko3d's `m_samplesX`/`m_samplesY`.
/// Its storage is the size tegra_swizzle gives that expanded surface (the default block
/// height chosen from the expanded height), and swizzles as it does.
#[test]
fn multisample_storage_is_the_expanded_single_sample_surface() {
    for (samples, (samples_x, samples_y)) in [(2u32, (2u32, 1u32)), (4, (2, 2)), (8, (4, 2))] {
        for (format, width_px, height_px) in [
            (Format::Rgba8, 1280, 720),
            (Format::Rgba16F, 100, 37),
            (Format::R8, 17, 300),
            (Format::Rgba32F, 64, 64),
        ] {
            let desc = LayoutDesc {
                kind: TextureKind::D2Multisample,
                samples,
                ..LayoutDesc::new_2d(format, width_px, height_px, 1)
            };
            let layout = TextureLayout::new(&desc).unwrap();
            let expected_b = tegra_swizzle::surface::swizzled_surface_size(
                width_px * samples_x,
                height_px * samples_y,
                1,
                BlockDim::uncompressed(),
                None,
                format.bytes_per_element(),
                1,
                1,
            );
            assert_eq!(
                layout.size_b, expected_b as u64,
                "{samples} samples of {format} {width_px}x{height_px}"
            );
        }
        // And its bytes land where tegra_swizzle puts the expanded surface's.
        let desc = LayoutDesc {
            kind: TextureKind::D2Multisample,
            samples,
            ..LayoutDesc::new_2d(Format::Rgba8, 96, 40, 1)
        };
        compare_levels(&TextureLayout::new(&desc).unwrap(), u64::from(samples));
    }
}

/// NVN's rule for an explicit block size on a 3D texture (deko3d's
/// `DkImageFlags_CustomTileSize`): it is the block depth, the blocks stay one GOB tall.
/// Where it equals the block depth tegra_swizzle picks for the depth, the bytes are
/// tegra_swizzle's; for every explicit depth, the level's size is the GOB count of
/// one-GOB-tall blocks `depth` slices deep, counted here from the block-linear definition.
#[test]
fn an_explicit_block_size_of_a_3d_texture_is_its_block_depth() {
    for (width, height, depth) in [(16u32, 16u32, 16u32), (40, 9, 7), (64, 33, 40), (5, 70, 3)] {
        for explicit_log2 in 0..=5u32 {
            let desc = LayoutDesc {
                kind: TextureKind::D3,
                depth_px: depth,
                tiling: Tiling::BlockLinear {
                    block_height_gobs: Some(1 << explicit_log2),
                },
                ..LayoutDesc::new_2d(Format::Rgba8, width, height, 1)
            };
            let layout = TextureLayout::new(&desc).unwrap();
            let level = &layout.levels[0];
            assert_eq!(level.block_height_gobs, 1, "{width}x{height}x{depth}");
            // A block no deeper than the texture needs (as the hardware shrinks it).
            let mut depth_log2 = explicit_log2;
            while depth_log2 > 0 && (1 << (depth_log2 - 1)) >= depth {
                depth_log2 -= 1;
            }
            assert_eq!(
                level.block_depth_gobs,
                1 << depth_log2,
                "{width}x{height}x{depth}"
            );
            let gobs_wide = (width * 4).div_ceil(64) as u64;
            let gob_rows = height.div_ceil(8) as u64;
            let slices = depth.next_multiple_of(1 << depth_log2) as u64;
            assert_eq!(
                level.size_b,
                gobs_wide * gob_rows * slices * 512,
                "{width}x{height}x{depth}"
            );
            // tegra_swizzle picks the block depth itself: compare where it is this one.
            let default = LayoutDesc {
                tiling: Tiling::BlockLinear {
                    block_height_gobs: None,
                },
                ..desc
            };
            let default_layout = TextureLayout::new(&default).unwrap();
            if default_layout.levels[0].block_depth_gobs == level.block_depth_gobs {
                compare_levels(&layout, u64::from(explicit_log2));
            }
        }
    }
}

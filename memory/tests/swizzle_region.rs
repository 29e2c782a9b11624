//! Regions: a region swizzle is the whole-level swizzle restricted to the region and writes
//! nothing outside it; a region deswizzle reads exactly the region; errors write nothing.

mod common;

use common::pattern_bytes;
use memory::swizzle::{
    deswizzle_region, deswizzle_texture, swizzle_level, swizzle_region, swizzle_texture,
};
use memory::{
    Format, LayoutDesc, LevelLayout, Region, SwizzleError, TextureKind, TextureLayout, Tiling,
};
use proptest::prelude::*;

/// The region's elements cut out of a whole level's tightly packed bytes.
fn cut_region(level: &LevelLayout, region: &Region, level_linear: &[u8]) -> Vec<u8> {
    let bpb = level.bytes_per_element as usize;
    let mut out = Vec::new();
    for z in region.z_el..region.z_el + region.depth_el {
        for y in region.y_el..region.y_el + region.height_el {
            let row_b = ((z * level.height_el + y) as usize * level.width_el as usize
                + region.x_el as usize)
                * bpb;
            out.extend_from_slice(&level_linear[row_b..row_b + region.width_el as usize * bpb]);
        }
    }
    out
}

/// Marks the storage bytes (from the texture's start) of every element of the region.
fn region_bytes(layout: &TextureLayout, level: u32, layer: u32, region: &Region) -> Vec<bool> {
    let level_layout = &layout.levels[level as usize];
    let start_b = layout.subresource_offset_b(level, layer).unwrap();
    let mut inside = vec![false; layout.size_b as usize];
    for z in region.z_el..region.z_el + region.depth_el {
        for y in region.y_el..region.y_el + region.height_el {
            for x in region.x_el..region.x_el + region.width_el {
                let at_b = (start_b + level_layout.element_offset_b(x, y, z)) as usize;
                inside[at_b..at_b + level_layout.bytes_per_element as usize].fill(true);
            }
        }
    }
    inside
}

fn any_layout() -> impl Strategy<Value = TextureLayout> {
    (
        prop::sample::select(vec![
            Format::R8,
            Format::Rg8,
            Format::Rgba8,
            Format::Rgba16F,
            Format::Rgba32F,
            Format::Bc1,
            Format::Bc3,
        ]),
        prop::sample::select(vec![TextureKind::D2, TextureKind::D2Array, TextureKind::D3]),
        (1u32..=200, 1u32..=200, 1u32..=12),
        (1u32..=4, 0u32..=6, any::<bool>()),
    )
        .prop_filter_map(
            "allowed",
            |(format, kind, (width, height, depth), (levels, block_height, pitch))| {
                let mut desc = LayoutDesc {
                    kind,
                    depth_px: if kind == TextureKind::D3 { depth } else { 1 },
                    layers: if kind == TextureKind::D2Array { 3 } else { 1 },
                    ..LayoutDesc::new_2d(format, width, height, 1)
                };
                desc.levels = levels.min(desc.max_levels());
                desc.tiling = if pitch && kind == TextureKind::D2 {
                    desc.levels = 1;
                    Tiling::PitchLinear
                } else if block_height < 6 {
                    Tiling::BlockLinear {
                        block_height_gobs: Some(1 << block_height),
                    }
                } else {
                    Tiling::BlockLinear {
                        block_height_gobs: None,
                    }
                };
                TextureLayout::new(&desc).ok()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn region_swizzle_is_the_level_swizzle_restricted(
        layout in any_layout(),
        picks in any::<(u32, u32, u32, u32, u32, u32, u32, u32)>(),
        seed in any::<u64>(),
    ) {
        let (level_pick, layer_pick, x, y, z, w, h, d) = picks;
        let level = level_pick % layout.levels.len() as u32;
        let layer = layer_pick % layout.layer_count;
        let level_layout = layout.levels[level as usize];
        let x_el = x % level_layout.width_el;
        let y_el = y % level_layout.height_el;
        let z_el = z % level_layout.depth_el;
        let region = Region {
            x_el,
            y_el,
            z_el,
            width_el: 1 + w % (level_layout.width_el - x_el),
            height_el: 1 + h % (level_layout.height_el - y_el),
            depth_el: 1 + d % (level_layout.depth_el - z_el),
        };

        let level_linear = pattern_bytes(level_layout.linear_size_b() as usize, seed);
        let mut whole = vec![0u8; layout.size_b as usize];
        swizzle_level(&layout, level, layer, &level_linear, &mut whole).unwrap();

        let background = pattern_bytes(layout.size_b as usize, seed ^ 0xA5A5);
        let mut storage = background.clone();
        let region_linear = cut_region(&level_layout, &region, &level_linear);
        swizzle_region(&layout, level, layer, &region, &region_linear, &mut storage).unwrap();

        let inside = region_bytes(&layout, level, layer, &region);
        for (at_b, &is_inside) in inside.iter().enumerate() {
            let expected = if is_inside { whole[at_b] } else { background[at_b] };
            prop_assert_eq!(storage[at_b], expected, "byte {} (inside: {})", at_b, is_inside);
        }

        let mut read_back = vec![0u8; region_linear.len()];
        deswizzle_region(&layout, level, layer, &region, &whole, &mut read_back).unwrap();
        prop_assert!(read_back == region_linear);
    }

    #[test]
    fn deswizzle_undoes_swizzle(layout in any_layout(), seed in any::<u64>()) {
        let linear = pattern_bytes(layout.linear_size_b() as usize, seed);
        let mut storage = vec![0u8; layout.size_b as usize];
        swizzle_texture(&layout, &linear, &mut storage).unwrap();
        let mut back = vec![0u8; linear.len()];
        deswizzle_texture(&layout, &storage, &mut back).unwrap();
        prop_assert!(back == linear);
    }
}

#[test]
fn refused_calls_write_nothing() {
    let layout = TextureLayout::new(&LayoutDesc::new_2d(Format::Rgba8, 64, 64, 2)).unwrap();
    let linear = pattern_bytes(64 * 64 * 4, 1);
    let background = pattern_bytes(layout.size_b as usize, 2);
    let mut storage = background.clone();
    let outside = Region {
        x_el: 60,
        y_el: 0,
        z_el: 0,
        width_el: 8,
        height_el: 4,
        depth_el: 1,
    };
    assert!(matches!(
        swizzle_region(&layout, 0, 0, &outside, &linear, &mut storage),
        Err(SwizzleError::RegionOutside { .. })
    ));
    let whole = Region {
        width_el: 64,
        height_el: 64,
        depth_el: 1,
        ..Region::default()
    };
    assert!(matches!(
        swizzle_region(&layout, 0, 0, &whole, &linear[..100], &mut storage),
        Err(SwizzleError::LinearTooShort { .. })
    ));
    assert!(matches!(
        swizzle_region(&layout, 0, 1, &whole, &linear, &mut storage),
        Err(SwizzleError::Layout(_))
    ));
    assert!(matches!(
        swizzle_region(&layout, 2, 0, &whole, &linear, &mut storage),
        Err(SwizzleError::Layout(_))
    ));
    let short = layout.levels[1].offset_b as usize;
    assert!(matches!(
        swizzle_level(&layout, 0, 0, &linear, &mut storage[..short - 1]),
        Err(SwizzleError::StorageTooShort { .. })
    ));
    assert!(matches!(
        swizzle_texture(&layout, &linear, &mut storage),
        Err(SwizzleError::LinearTooShort { .. })
    ));
    assert!(storage == background);

    let mut out = vec![7u8; 16];
    assert!(deswizzle_region(&layout, 0, 0, &whole, &storage, &mut out).is_err());
    assert_eq!(out, vec![7u8; 16]);
}

#[test]
fn empty_region_is_a_no_op() {
    let layout = TextureLayout::new(&LayoutDesc::new_2d(Format::Rg8, 260, 260, 9)).unwrap();
    let mut storage = vec![0u8; layout.size_b as usize];
    let empty = Region {
        x_el: 10,
        y_el: 10,
        ..Region::default()
    };
    swizzle_region(&layout, 0, 0, &empty, &[], &mut storage).unwrap();
    assert!(storage.iter().all(|&byte| byte == 0));
}

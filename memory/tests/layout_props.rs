//! Properties of every layout: levels follow each other without overlap, sizes add up,
//! every element lies inside its level and layer, and no two elements share a byte.

use memory::{Format, LayoutDesc, TextureKind, TextureLayout, Tiling};
use proptest::prelude::*;

fn any_desc() -> impl Strategy<Value = LayoutDesc> {
    (
        0..Format::ALL.len(),
        0..TextureKind::ALL.len(),
        (1u32..=300, 1u32..=300, 1u32..=40),
        (1u32..=16, 1u32..=4, 0usize..3),
        (0u32..=6, any::<bool>(), any::<bool>()),
    )
        .prop_map(
            |(format, kind, (width, height, depth), (levels, layers, samples), tiling)| {
                let format = Format::ALL[format];
                let kind = TextureKind::ALL[kind];
                let height = match kind {
                    TextureKind::Cube | TextureKind::CubeArray => width,
                    _ if kind.is_one_dimensional() => 1,
                    _ => height,
                };
                let layers = if kind.is_layered() && kind != TextureKind::Cube {
                    layers
                } else {
                    1
                };
                let samples = if kind == TextureKind::D2Multisample {
                    [2, 4, 8][samples]
                } else {
                    1
                };
                let mut desc = LayoutDesc {
                    kind,
                    depth_px: if kind == TextureKind::D3 { depth } else { 1 },
                    layers,
                    samples,
                    ..LayoutDesc::new_2d(format, width, height, 1)
                };
                let single_level = matches!(
                    kind,
                    TextureKind::D2Multisample | TextureKind::Rectangle | TextureKind::Buffer
                );
                desc.levels = if single_level {
                    1
                } else {
                    1 + (levels - 1) % desc.max_levels()
                };
                let (block_height, pitch, render_target) = tiling;
                desc.tiling = if pitch && desc.levels == 1 && layers == 1 {
                    Tiling::PitchLinear
                } else if block_height == 6 {
                    Tiling::BlockLinear {
                        block_height_gobs: None,
                    }
                } else {
                    Tiling::BlockLinear {
                        block_height_gobs: Some(1 << block_height.min(5)),
                    }
                };
                desc.render_target = render_target;
                desc
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, max_global_rejects: 100_000, ..ProptestConfig::default() })]

    #[test]
    fn levels_tile_each_layer(desc in any_desc()) {
        let layout = TextureLayout::new(&desc);
        prop_assume!(layout.is_ok(), "format not allowed for the kind");
        let layout = layout.unwrap();
        prop_assert_eq!(layout.levels.len() as u32, desc.levels);
        prop_assert_eq!(layout.levels[0].offset_b, 0);
        for pair in layout.levels.windows(2) {
            prop_assert_eq!(pair[0].offset_b + pair[0].size_b, pair[1].offset_b);
        }
        let last = layout.levels.last().unwrap();
        prop_assert!(last.offset_b + last.size_b <= layout.layer_stride_b);
        prop_assert_eq!(layout.size_b, layout.layer_stride_b * u64::from(layout.layer_count));
        prop_assert_eq!(layout.layer_count, desc.storage_layers());
        for level in &layout.levels {
            prop_assert!(level.linear_size_b() <= level.size_b);
            if !layout.is_pitch_linear() {
                prop_assert_eq!(level.size_b % 512, 0);
            }
        }
        if desc.kind.is_layered() {
            prop_assert_eq!(layout.layer_stride_b % layout.levels[0].block_size_b(), 0);
        }
    }

    #[test]
    fn elements_lie_inside_their_level_and_layer(desc in any_desc(), picks in prop::collection::vec(any::<(u32, u32, u32)>(), 32)) {
        let layout = TextureLayout::new(&desc);
        prop_assume!(layout.is_ok(), "format not allowed for the kind");
        let layout = layout.unwrap();
        for layer in [0, layout.layer_count - 1] {
            for level in &layout.levels {
                let start_b = layout.subresource_offset_b(level.level, layer).unwrap();
                let layer_start_b = u64::from(layer) * layout.layer_stride_b;
                let corners = [
                    (0, 0, 0),
                    (level.width_el - 1, level.height_el - 1, level.depth_el - 1),
                    (level.width_el - 1, 0, 0),
                    (0, level.height_el - 1, level.depth_el - 1),
                ];
                let random = picks.iter().map(|&(x, y, z)| {
                    (x % level.width_el, y % level.height_el, z % level.depth_el)
                });
                for (x, y, z) in corners.into_iter().chain(random) {
                    let bpe = u64::from(level.bytes_per_element);
                    for byte in 0..bpe {
                        let at_b = start_b + level.byte_offset_b(u64::from(x) * bpe + byte, y, z);
                        prop_assert!(at_b >= start_b && at_b < start_b + level.size_b,
                            "element ({x},{y},{z}) of level {} at {at_b}", level.level);
                        prop_assert!(at_b >= layer_start_b && at_b < layer_start_b + layout.layer_stride_b);
                        prop_assert!(at_b < layout.size_b);
                    }
                }
            }
        }
    }

    #[test]
    fn no_two_elements_share_a_byte(desc in any_desc()) {
        let layout = TextureLayout::new(&desc);
        prop_assume!(layout.is_ok(), "format not allowed for the kind");
        let layout = layout.unwrap();
        for level in layout.levels.iter().filter(|level| level.size_b <= 1 << 20) {
            let mut owner = vec![false; level.size_b as usize];
            for z in 0..level.depth_el {
                for y in 0..level.height_el {
                    for x in 0..level.width_el {
                        let bpe = u64::from(level.bytes_per_element);
                        for byte in 0..bpe {
                            let at_b = level.byte_offset_b(u64::from(x) * bpe + byte, y, z) as usize;
                            prop_assert!(!owner[at_b], "byte shared in level {}", level.level);
                            owner[at_b] = true;
                        }
                    }
                }
            }
        }
    }
}

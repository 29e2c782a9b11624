//! The worked values of BLOCK_LINEAR.md, and descriptions that must be refused.

use memory::{Format, LayoutDesc, LayoutError, TextureKind, TextureLayout, Tiling};

fn layout(desc: LayoutDesc) -> TextureLayout {
    TextureLayout::new(&desc).expect("valid description")
}

#[test]
fn rgba8_1280x720_one_level() {
    let layout = layout(LayoutDesc::new_2d(Format::Rgba8, 1280, 720, 1));
    assert_eq!(layout.levels[0].block_height_gobs, 16);
    assert_eq!(layout.size_b, 3_932_160);
    assert_eq!(layout.alignment_b, 512);
}

#[test]
fn rgba8_256x256_nine_levels() {
    let layout = layout(LayoutDesc::new_2d(Format::Rgba8, 256, 256, 9));
    let offsets: Vec<u64> = layout.levels.iter().map(|level| level.offset_b).collect();
    assert_eq!(
        offsets,
        [0, 0x40000, 0x50000, 0x54000, 0x55000, 0x55400, 0x55600, 0x55800, 0x55A00]
    );
    assert_eq!(layout.size_b, 351_232);
}

#[test]
fn rgba8_cube_64x64_seven_levels() {
    let desc = LayoutDesc {
        kind: TextureKind::Cube,
        ..LayoutDesc::new_2d(Format::Rgba8, 64, 64, 7)
    };
    let layout = layout(desc);
    let face_b: u64 = layout.levels.iter().map(|level| level.size_b).sum();
    assert_eq!(face_b, 23_552);
    assert_eq!(layout.layer_stride_b, 24_576);
    assert_eq!(layout.layer_count, 6);
    assert_eq!(layout.size_b, 147_456);
    assert_eq!(
        layout.subresource_offset_b(1, 2).unwrap(),
        2 * 24_576 + 16_384
    );
}

#[test]
fn terrain_tile_rg8_260x260_nine_levels() {
    let layout = layout(LayoutDesc::new_2d(Format::Rg8, 260, 260, 9));
    let heights: Vec<u32> = layout.levels.iter().map(|l| l.block_height_gobs).collect();
    assert_eq!(heights, [16, 16, 16, 4, 2, 1, 1, 1, 1]);
    // 520 bytes a row: 9 GOBs across; 260 rows: 3 blocks of 16 GOBs.
    assert_eq!(layout.levels[0].size_b, 9 * 3 * 8192);
    assert_eq!(layout.linear_size_b(), {
        let mut total = 0u64;
        for level in 0..9 {
            let side = (260u64 >> level).max(1);
            total += side * side * 2;
        }
        total
    });
}

#[test]
fn explicit_block_height_is_used_then_shrunk() {
    let desc = LayoutDesc {
        tiling: Tiling::BlockLinear {
            block_height_gobs: Some(2),
        },
        ..LayoutDesc::new_2d(Format::Rgba8, 256, 256, 9)
    };
    let layout = layout(desc);
    let heights: Vec<u32> = layout.levels.iter().map(|l| l.block_height_gobs).collect();
    assert_eq!(heights, [2, 2, 2, 2, 2, 1, 1, 1, 1]);
}

#[test]
fn bc3_uses_element_rows() {
    let layout = layout(LayoutDesc::new_2d(Format::Bc3, 2048, 2048, 1));
    let level = &layout.levels[0];
    assert_eq!((level.width_el, level.height_el), (512, 512));
    assert_eq!(level.block_height_gobs, 16);
    assert_eq!(layout.size_b, 512 * 512 * 16);
}

#[test]
fn three_d_picks_block_depth_and_height_one() {
    let desc = LayoutDesc {
        kind: TextureKind::D3,
        depth_px: 16,
        ..LayoutDesc::new_2d(Format::Rgba8, 64, 64, 5)
    };
    let layout = layout(desc);
    let level = &layout.levels[0];
    assert_eq!((level.block_height_gobs, level.block_depth_gobs), (1, 16));
    assert_eq!(level.size_b, 4 * 8 * 16 * 512);
    assert_eq!(layout.levels[1].block_depth_gobs, 8);
}

#[test]
fn multisample_widens_and_heightens_by_the_sample_grid() {
    let desc = LayoutDesc {
        kind: TextureKind::D2Multisample,
        samples: 8,
        ..LayoutDesc::new_2d(Format::Rgba8, 100, 50, 1)
    };
    let level = layout(desc).levels[0];
    assert_eq!((level.width_el, level.height_el), (400, 100));
}

#[test]
fn pitch_linear_pads_rows() {
    let mut desc = LayoutDesc {
        tiling: Tiling::PitchLinear,
        ..LayoutDesc::new_2d(Format::Rgba8, 100, 10, 1)
    };
    assert_eq!(layout(desc).levels[0].pitch_b, 416);
    assert_eq!(layout(desc).size_b, 4160);
    desc.render_target = true;
    assert_eq!(layout(desc).levels[0].pitch_b, 512);
}

#[test]
fn bad_descriptions_are_typed_errors() {
    let base = LayoutDesc::new_2d(Format::Rgba8, 64, 64, 1);
    let cases = [
        LayoutDesc {
            width_px: 0,
            ..base
        },
        LayoutDesc {
            width_px: 16385,
            ..base
        },
        LayoutDesc { levels: 8, ..base },
        LayoutDesc { samples: 4, ..base },
        LayoutDesc { layers: 2, ..base },
        LayoutDesc {
            kind: TextureKind::D2Multisample,
            samples: 3,
            ..base
        },
        LayoutDesc {
            kind: TextureKind::Cube,
            height_px: 32,
            ..base
        },
        LayoutDesc {
            kind: TextureKind::D1,
            ..base
        },
        LayoutDesc {
            kind: TextureKind::D3,
            format: Format::Z32F,
            ..base
        },
        LayoutDesc {
            tiling: Tiling::BlockLinear {
                block_height_gobs: Some(3),
            },
            ..base
        },
        LayoutDesc {
            tiling: Tiling::PitchLinear,
            levels: 2,
            ..base
        },
    ];
    for desc in cases {
        assert!(TextureLayout::new(&desc).is_err(), "{desc:?}");
    }
    assert_eq!(
        TextureLayout::new(&LayoutDesc { levels: 8, ..base }),
        Err(LayoutError::TooManyLevels {
            levels: 8,
            max: 7,
            width_px: 64,
            height_px: 64,
            depth_px: 1
        })
    );
    let layout = layout(base);
    assert!(layout.subresource_offset_b(1, 0).is_err());
    assert!(layout.subresource_offset_b(0, 1).is_err());
}

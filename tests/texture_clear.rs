//! Texture clears outside passes (NVN's `ClearTexture`, `Command::ClearTexture`) on the
//! real driver (lavapipe in CI, validation and synchronization validation on), pools
//! imported and mirrored. The CPU model is the texture's linear texels with each clear's
//! box written in list order; the pool's storage after the fence is checked byte for byte
//! against tegra_swizzle's block-linear layout of the model (an implementation
//! independent of `memory`'s), the image by a copy back, and a later draw of the list
//! that fetches the texture sees the cleared texels. Both Vulkan ways run: whole
//! subresources (`vkCmdClearColorImage` / `vkCmdClearDepthStencilImage`) and boxes in a
//! pass of their own (`vkCmdClearAttachments`, or the masked clear's draw). Regions past
//! the view, compressed formats and values of the wrong kind are refused when recorded.

mod common;

use common::draw::{bind_positions, colour, positions_at, triangle, FULL_TRIANGLE_NDC};
use common::programs::{position_program, TEXEL_FRAG};
use common::readback::{pool_bytes, region};
use common::rig::Rig;
use common::texels::tegra_storage;
use gpu::command::{ClearValue, TextureClear, TextureClearValue, TextureRegion};
use gpu::objects::{SamplerMaker, Stage, TextureBuilder, TextureHandle};
use gpu::state::ComponentMask;
use gpu::{RecordError, TextureId, ViewId};
use memory::{Format, TextureKind};

const WIDTH_PX: u32 = 32;
const HEIGHT_PX: u32 = 16;
/// Where the fetch draw's target and vertices go (above the cleared textures).
const TARGET_OFFSET_B: u64 = 1 << 20;
const VERTICES_OFFSET_B: u64 = 3 << 20;

/// A byte pattern no clear writes, so untouched texels are told apart from cleared ones.
fn pattern(len_b: usize) -> Vec<u8> {
    (0..len_b).map(|at| (at * 7 + 3) as u8).collect()
}

/// The CPU model of one colour clear of `texel` over a box of a linear level of 4-byte
/// texels `width_px` wide, writing only the bytes `mask` keeps.
fn clear_model(
    linear: &mut [u8],
    width_px: u32,
    [x_px, y_px, w_px, h_px]: [u32; 4],
    texel: [u8; 4],
    mask: ComponentMask,
) {
    for y in y_px..y_px + h_px {
        for x in x_px..x_px + w_px {
            let at = ((y * width_px + x) * 4) as usize;
            for (channel, &byte) in texel.iter().enumerate() {
                if mask.0 & (1 << channel) != 0 {
                    linear[at + channel] = byte;
                }
            }
        }
    }
}

fn colour_clear(
    view: ViewId,
    rect: [u32; 4],
    value: ClearValue,
    mask: ComponentMask,
) -> TextureClear {
    TextureClear {
        view,
        x_px: rect[0],
        y_px: rect[1],
        width_px: rect[2],
        height_px: rect[3],
        z: 0,
        depth: 1,
        value: TextureClearValue::Color { value, mask },
    }
}

/// Records a draw that fetches every texel of `view` into an RGBA32F target of the same
/// size; returns the target.
fn fetch_into_target(rig: &Rig, commands: &mut gpu::CommandBuffer<'_>, view: ViewId) -> TextureId {
    let builder = TextureBuilder::new_2d(Format::Rgba32F, WIDTH_PX, HEIGHT_PX);
    let (target, target_view) = rig.texture(&builder, TARGET_OFFSET_B);
    let textures = rig.device.create_texture_table(4).unwrap();
    let samplers = rig.device.create_sampler_table(4).unwrap();
    rig.device.register_texture(textures, 1, view).unwrap();
    let sampler = rig.device.create_sampler(&SamplerMaker::default()).unwrap();
    rig.device.register_sampler(samplers, 1, sampler).unwrap();
    let fetch = position_program(&rig.device, TEXEL_FRAG);
    let vertices = positions_at(&rig.device, rig.pool, VERTICES_OFFSET_B, &FULL_TRIANGLE_NDC);
    commands.bind_render_targets(colour(target_view)).unwrap();
    bind_positions(commands, fetch, vertices);
    commands.bind_descriptor_tables(textures, samplers).unwrap();
    commands
        .bind_texture(
            Stage::Fragment,
            0,
            TextureHandle {
                texture_slot: 1,
                sampler_slot: 1,
            },
        )
        .unwrap();
    commands.draw(triangle()).unwrap();
    target
}

#[test]
fn colour_clears_of_boxes_land_in_storage_the_image_and_a_later_fetch() {
    let red_box = [4, 2, 12, 9];
    let masked_box = [20, 8, 8, 8];
    for import in [true, false] {
        let rig = Rig::new(import);
        let builder = TextureBuilder::new_2d(Format::Rgba8, WIDTH_PX, HEIGHT_PX);
        let layout = builder.layout().unwrap();
        let (texture, view) = rig.texture(&builder, 0);
        let before = pattern((WIDTH_PX * HEIGHT_PX * 4) as usize);
        rig.device
            .write_pool(rig.pool, 0, &tegra_storage(&layout, &before))
            .unwrap();

        let mut commands = rig.device.command_buffer();
        // A box of every component (`vkCmdClearAttachments` in a pass of its own), then
        // one of red and alpha only (the masked clear's draw), overlapping nothing.
        commands
            .clear_texture(colour_clear(
                view,
                red_box,
                ClearValue::Float([1.0, 0.2, 0.0, 0.6]),
                ComponentMask::ALL,
            ))
            .unwrap();
        commands
            .clear_texture(colour_clear(
                view,
                masked_box,
                ClearValue::Float([0.4, 1.0, 1.0, 0.8]),
                ComponentMask(ComponentMask::R.0 | ComponentMask::A.0),
            ))
            .unwrap();
        // A later draw of the list samples what the clears wrote.
        let target = fetch_into_target(&rig, &mut commands, view);
        rig.submit(&commands.finish());
        rig.finish();

        let mut expected = before.clone();
        clear_model(
            &mut expected,
            WIDTH_PX,
            red_box,
            [255, 51, 0, 153],
            ComponentMask::ALL,
        );
        clear_model(
            &mut expected,
            WIDTH_PX,
            masked_box,
            [102, 0, 0, 204],
            ComponentMask(ComponentMask::R.0 | ComponentMask::A.0),
        );
        let reference = tegra_storage(&layout, &expected);
        assert!(
            pool_bytes(&rig.device, rig.pool, 0, reference.len()) == reference,
            "import {import}: the texture's storage after the fence is not tegra_swizzle's \
             layout of the cleared texels"
        );
        let len_b = expected.len();
        assert_eq!(
            rig.read(region(texture, 0, WIDTH_PX, HEIGHT_PX), len_b),
            expected,
            "import {import}: the image after the clears"
        );
        let fetched = rig.read(region(target, 0, WIDTH_PX, HEIGHT_PX), len_b * 4);
        let fetched: Vec<u8> = fetched
            .chunks_exact(4)
            .map(|float| (f32::from_le_bytes(float.try_into().unwrap()) * 255.0).round() as u8)
            .collect();
        assert_eq!(
            fetched, expected,
            "import {import}: the fetch after the clears"
        );
    }
}

#[test]
fn whole_layers_integer_and_depth_clears_write_exact_values() {
    const SIZE_PX: u32 = 8;
    let rig = Rig::new(true);
    // Three layers of RGBA8UI: layers 1 and 2 whole (`vkCmdClearColorImage`), then a box
    // of layer 0 through the layered attachment.
    let array = TextureBuilder::new_2d(Format::Rgba8Ui, SIZE_PX, SIZE_PX)
        .kind(TextureKind::D2Array)
        .layers(3);
    let (array_texture, array_view) = rig.texture(&array, 0);
    let depth = TextureBuilder::new_2d(Format::Z32F, SIZE_PX, SIZE_PX);
    let (depth_texture, depth_view) = rig.texture(&depth, 64 << 10);
    let mut commands = rig.device.command_buffer();
    let uint = TextureClearValue::Color {
        value: ClearValue::Uint([1, 2, 3, 250]),
        mask: ComponentMask::ALL,
    };
    let mut layers = TextureClear::whole(array_view, [SIZE_PX, SIZE_PX], 2, uint);
    layers.z = 1;
    commands.clear_texture(layers).unwrap();
    let boxed = TextureClear {
        view: array_view,
        x_px: 1,
        y_px: 2,
        width_px: 3,
        height_px: 4,
        z: 0,
        depth: 1,
        value: TextureClearValue::Color {
            value: ClearValue::Uint([9, 8, 7, 6]),
            mask: ComponentMask::ALL,
        },
    };
    commands.clear_texture(boxed).unwrap();
    // Depth: the whole level to 0.25, then a box to 0.75 (a depth attachment's clear).
    let whole_depth = TextureClearValue::DepthStencil {
        depth: Some(0.25),
        stencil: None,
    };
    commands
        .clear_texture(TextureClear::whole(
            depth_view,
            [SIZE_PX, SIZE_PX],
            1,
            whole_depth,
        ))
        .unwrap();
    commands
        .clear_texture(TextureClear {
            view: depth_view,
            x_px: 2,
            y_px: 3,
            width_px: 5,
            height_px: 4,
            z: 0,
            depth: 1,
            value: TextureClearValue::DepthStencil {
                depth: Some(0.75),
                stencil: None,
            },
        })
        .unwrap();
    rig.submit(&commands.finish());
    rig.finish();

    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    let mut layer0 = vec![0u8; len_b];
    clear_model(
        &mut layer0,
        SIZE_PX,
        [1, 2, 3, 4],
        [9, 8, 7, 6],
        ComponentMask::ALL,
    );
    let whole: Vec<u8> = std::iter::repeat_n([1u8, 2, 3, 250], len_b / 4)
        .flatten()
        .collect();
    for (layer, expected) in [(0, &layer0), (1, &whole), (2, &whole)] {
        let source = TextureRegion {
            z: layer,
            ..region(array_texture, 0, SIZE_PX, SIZE_PX)
        };
        assert_eq!(&rig.read(source, len_b), expected, "layer {layer}");
    }
    let mut depths = vec![0.25f32; (SIZE_PX * SIZE_PX) as usize];
    for y in 3..7 {
        for x in 2..7 {
            depths[(y * SIZE_PX + x) as usize] = 0.75;
        }
    }
    let expected: Vec<u8> = depths
        .iter()
        .flat_map(|depth| depth.to_le_bytes())
        .collect();
    assert_eq!(
        rig.read(region(depth_texture, 0, SIZE_PX, SIZE_PX), len_b),
        expected,
        "depth after the whole and the boxed clear"
    );
}

#[test]
fn texture_clears_out_of_range_of_the_wrong_kind_or_uncleared_formats_are_refused() {
    let rig = Rig::new(true);
    let (_, rgba8) = rig.texture(&TextureBuilder::new_2d(Format::Rgba8, 16, 16), 0);
    let (_, rgba8ui) = rig.texture(&TextureBuilder::new_2d(Format::Rgba8Ui, 16, 16), 64 << 10);
    let (_, depth) = rig.texture(&TextureBuilder::new_2d(Format::Z32F, 16, 16), 128 << 10);
    let (_, bc1) = rig.texture(&TextureBuilder::new_2d(Format::Bc1, 16, 16), 192 << 10);
    let array = TextureBuilder::new_2d(Format::Rgba8, 16, 16)
        .kind(TextureKind::D2Array)
        .layers(2);
    let (_, layered) = rig.texture(&array, 256 << 10);
    let volume = TextureBuilder::new_2d(Format::Rgba8, 8, 8)
        .kind(TextureKind::D3)
        .depth_px(4);
    let (_, volume) = rig.texture(&volume, 320 << 10);
    let float = |rgba| TextureClearValue::Color {
        value: ClearValue::Float(rgba),
        mask: ComponentMask::ALL,
    };
    let at = |view, rect: [u32; 4], z, depth, value| TextureClear {
        view,
        x_px: rect[0],
        y_px: rect[1],
        width_px: rect[2],
        height_px: rect[3],
        z,
        depth,
        value,
    };
    let mut commands = rig.device.command_buffer();
    let refused =
        |commands: &mut gpu::CommandBuffer<'_>, clear| commands.clear_texture(clear).unwrap_err();
    for (rect, z, depth, what) in [
        ([10, 0, 7, 1], 0, 1, "x"),
        ([0, 15, 1, 2], 0, 1, "y"),
        ([0, 0, 1, 1], 1, 1, "layers"),
        ([u32::MAX, 0, 2, 1], 0, 1, "x"),
    ] {
        assert!(
            matches!(
                refused(&mut commands, at(rgba8, rect, z, depth, float([0.0; 4]))),
                RecordError::TextureClearOutOfBounds { view, what: found, .. }
                    if view == rgba8 && found == what
            ),
            "{what}"
        );
    }
    assert!(matches!(
        refused(
            &mut commands,
            at(rgba8, [0, 0, 0, 1], 0, 1, float([0.0; 4]))
        ),
        RecordError::BadArgument {
            what: "texture clear region",
            ..
        }
    ));
    assert!(matches!(
        refused(&mut commands, at(bc1, [0, 0, 4, 4], 0, 1, float([0.0; 4]))),
        RecordError::TextureClearFormat { format: "bc1", .. }
    ));
    // Part of a 3D level, and a partial mask over several layers.
    assert!(matches!(
        refused(
            &mut commands,
            at(volume, [0, 0, 8, 8], 0, 1, float([0.0; 4]))
        ),
        RecordError::TextureClearFormat { .. }
    ));
    let masked = TextureClearValue::Color {
        value: ClearValue::Float([1.0; 4]),
        mask: ComponentMask::R,
    };
    assert!(matches!(
        refused(&mut commands, at(layered, [0, 0, 4, 4], 0, 2, masked)),
        RecordError::TextureClearFormat { .. }
    ));
    let uint = TextureClearValue::Color {
        value: ClearValue::Uint([1; 4]),
        mask: ComponentMask::ALL,
    };
    let int = TextureClearValue::Color {
        value: ClearValue::Int([1; 4]),
        mask: ComponentMask::ALL,
    };
    let depth_value = |depth, stencil| TextureClearValue::DepthStencil { depth, stencil };
    for (view, value, kind) in [
        (rgba8, uint, "unsigned integer"),
        (rgba8, int, "signed integer"),
        (rgba8ui, float([1.0; 4]), "float"),
        (rgba8ui, int, "signed integer"),
        (depth, float([1.0; 4]), "colour"),
        (rgba8, depth_value(Some(0.5), None), "depth/stencil"),
        (depth, depth_value(None, Some(1)), "stencil"),
    ] {
        assert!(
            matches!(
                refused(&mut commands, at(view, [0, 0, 1, 1], 0, 1, value)),
                RecordError::TextureClearValueKind { value: found, .. } if found == kind
            ),
            "{kind}"
        );
    }
    assert!(matches!(
        refused(
            &mut commands,
            at(depth, [0, 0, 1, 1], 0, 1, depth_value(Some(1.5), None))
        ),
        RecordError::BadArgument {
            what: "texture clear depth",
            ..
        }
    ));
    // The refusals recorded nothing; clears of the right kind in range still record,
    // and so does a whole 3D level.
    commands
        .clear_texture(at(rgba8ui, [15, 15, 1, 1], 0, 1, uint))
        .unwrap();
    commands
        .clear_texture(at(volume, [0, 0, 8, 8], 0, 4, float([0.0; 4])))
        .unwrap();
    assert_eq!(commands.finish().len(), 2);
}

/// RGB5A1 is stored as A1R5G5B5 with red and blue swapped (sampled through a view
/// swizzle): a whole clear swaps them too, so red lands in bits 0-4 as NVN lays RGB5A1
/// out; BGR5A1, stored as it is, has red in bits 10-14.
#[test]
fn a_whole_rgb5a1_clear_writes_red_where_nvn_keeps_it() {
    const SIZE_PX: u32 = 4;
    let rig = Rig::new(true);
    let red = TextureClearValue::Color {
        value: ClearValue::Float([1.0, 0.0, 0.0, 1.0]),
        mask: ComponentMask::ALL,
    };
    for (format, offset_b, word) in [
        (Format::Rgb5A1, 0, 0x801f_u16),
        (Format::Bgr5A1, 64 << 10, 0xfc00),
    ] {
        let (texture, view) =
            rig.texture(&TextureBuilder::new_2d(format, SIZE_PX, SIZE_PX), offset_b);
        let mut commands = rig.device.command_buffer();
        commands
            .clear_texture(TextureClear::whole(view, [SIZE_PX, SIZE_PX], 1, red))
            .unwrap();
        let len_b = (SIZE_PX * SIZE_PX * 2) as usize;
        let texels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
        let expected: Vec<u8> = std::iter::repeat_n(word.to_le_bytes(), len_b / 2)
            .flatten()
            .collect();
        assert_eq!(texels, expected, "{format}");
    }
}

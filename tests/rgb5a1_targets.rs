//! RGB5A1 render targets (issue 17). NVN's RGB5A1 keeps R in bits 0-4, G in 5-9, B in
//! 10-14 and A in bit 15: Vulkan's `A1B5G5R5_UNORM_PACK16_KHR` (VK_KHR_maintenance5).
//! Where the device reports that it renders and blends that format
//! (`FormatFeatures::rgb5a1_attachment`), a clear, a draw and a blended draw land in
//! storage as a CPU model packs them; where it does not (lavapipe of Mesa 22.3 lacks the
//! extension; the extension masked off with `RX_VK_SIMULATE`), binding the target is
//! refused when recorded, naming the format and the capability.
//!
//! No test skips: each asserts whichever branch the device's reported features select,
//! so a device that reports the feature and draws wrong fails. The model itself is
//! checked on every device against BGR5A1 (A1R5G5B5: the same 5-bit quantisation with R
//! and B placed the other way round), which every device renders.

mod common;

use common::draw::{bind_positions, bind_tint, colour, f32_bytes, positions_at};
use common::process::scratch_dir;
use common::programs::{position_program, TINT_FRAG};
use common::readback::region;
use common::rig::Rig;
use gpu::command::{ClearValue, DrawArrays};
use gpu::objects::{TextureBuilder, ViewMaker};
use gpu::state::{
    BlendEquation, BlendFactor, BlendOp, BlendState, ComponentMask, PrimitiveKind, StateChange,
};
use gpu::RecordError;
use gpu_vk::executor::ExecutorOptions;
use memory::Format;

const SIZE_PX: u32 = 8;
const VERTICES_OFFSET_B: u64 = 1 << 20;
const TINTS_OFFSET_B: u64 = (1 << 20) + (64 << 10);
/// Where each test's target lies (one 64 KiB placement each).
const TARGET_OFFSET_B: u64 = 0;
const SECOND_TARGET_OFFSET_B: u64 = 64 << 10;
const THIRD_TARGET_OFFSET_B: u64 = 128 << 10;

/// The target is cleared to this, then `FIRST` replaces pixel columns and rows
/// `FIRST_PX`, then `SECOND` is added (blend One + One) over `SECOND_PX`. Every value is
/// a multiple of 1/31, so it survives 5-bit quantisation exactly; R and B differ
/// everywhere they are not both zero, so swapped channels show.
const CLEAR: [f32; 4] = [1.0, 0.0, 0.0, 1.0];
const FIRST: [f32; 4] = [0.0, 16.0 / 31.0, 1.0, 0.0];
const FIRST_PX: [u32; 4] = [2, 6, 1, 5];
const SECOND: [f32; 4] = [6.0 / 31.0, 8.0 / 31.0, 0.0, 1.0];
const SECOND_PX: [u32; 4] = [4, 8, 3, 7];

/// Two triangles over pixel columns `x0..x1` and rows `y0..y1` (edges on pixel
/// boundaries, so no pixel centre lies on one), in clip space.
fn rectangle_ndc([x0, x1, y0, y1]: [u32; 4]) -> Vec<f32> {
    let ndc = |px: u32| px as f32 / SIZE_PX as f32 * 2.0 - 1.0;
    let (left, right, top, bottom) = (ndc(x0), ndc(x1), ndc(y0), ndc(y1));
    vec![
        left, top, right, top, left, bottom, right, top, right, bottom, left, bottom,
    ]
}

fn inside([x0, x1, y0, y1]: [u32; 4], x: u32, y: u32) -> bool {
    (x0..x1).contains(&x) && (y0..y1).contains(&y)
}

/// The CPU model: the colour pixel (x, y) holds after the clear and the two draws.
fn model(x: u32, y: u32) -> [f32; 4] {
    let mut rgba = CLEAR;
    if inside(FIRST_PX, x, y) {
        rgba = FIRST;
    }
    if inside(SECOND_PX, x, y) {
        for (channel, added) in rgba.iter_mut().zip(SECOND) {
            *channel = (*channel + added).min(1.0);
        }
    }
    rgba
}

/// `rgba` as a 5551 word: R, G and B at `shifts` (5 bits each), A in bit 15.
fn pack_5551(rgba: [f32; 4], shifts: [u32; 3]) -> u16 {
    let field = |value: f32, bits: u32| (value * ((1 << bits) - 1) as f32).round() as u16;
    (0..3).fold(field(rgba[3], 1) << 15, |word, c| {
        word | field(rgba[c], 5) << shifts[c]
    })
}

/// Where `format` keeps R, G and B (NVN names packed formats from bit 0).
fn shifts(format: Format) -> [u32; 3] {
    match format {
        Format::Rgb5A1 => [0, 5, 10],
        Format::Bgr5A1 => [10, 5, 0],
        other => panic!("no 5551 layout for {other}"),
    }
}

fn model_words(format: Format) -> Vec<u16> {
    (0..SIZE_PX)
        .flat_map(|y| (0..SIZE_PX).map(move |x| (x, y)))
        .map(|(x, y)| pack_5551(model(x, y), shifts(format)))
        .collect()
}

fn rectangle() -> DrawArrays {
    DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count: 6,
        first_instance: 0,
        instance_count: 1,
    }
}

/// Binding a `format` view of an 8x8 RGB5A1 texture as the one colour target, then the
/// clear and the two draws; the target's words as read back (a copy of its texels).
fn draw_pattern(rig: &Rig, format: Format, offset_b: u64) -> Result<Vec<u16>, RecordError> {
    let builder = TextureBuilder::new_2d(format, SIZE_PX, SIZE_PX);
    let (texture, view) = rig.texture(&builder, offset_b);
    let program = position_program(&rig.device, TINT_FRAG);
    let mut vertices = rectangle_ndc(FIRST_PX);
    vertices.extend(rectangle_ndc(SECOND_PX));
    let positions = positions_at(&rig.device, rig.pool, VERTICES_OFFSET_B, &vertices);
    let tints = rig.buffer(TINTS_OFFSET_B, 512);
    let mut tint_bytes = f32_bytes(&FIRST);
    tint_bytes.resize(256, 0);
    tint_bytes.extend(f32_bytes(&SECOND));
    rig.device
        .write_pool(rig.pool, TINTS_OFFSET_B, &tint_bytes)
        .unwrap();

    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(colour(view))?;
    commands.clear_color(0, ClearValue::Float(CLEAR), ComponentMask::ALL)?;
    bind_positions(&mut commands, program, positions);
    bind_tint(&mut commands, tints, 0);
    commands.draw(rectangle())?;
    let add = BlendEquation {
        src_factor: BlendFactor::One,
        dst_factor: BlendFactor::One,
        op: BlendOp::Add,
    };
    commands.set_state(StateChange::Blend {
        target: 0,
        state: BlendState {
            enabled: true,
            color: add,
            alpha: add,
        },
    })?;
    bind_tint(&mut commands, tints, 256);
    commands.draw(DrawArrays {
        first_vertex: 6,
        ..rectangle()
    })?;
    let len_b = (SIZE_PX * SIZE_PX * 2) as usize;
    let bytes = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    Ok(bytes
        .chunks_exact(2)
        .map(|word| u16::from_le_bytes([word[0], word[1]]))
        .collect())
}

fn assert_refused(refused: Result<Vec<u16>, RecordError>) {
    assert!(
        matches!(
            &refused,
            Err(RecordError::MissingCapability { what, capability })
                if what.contains("rgb5a1") && capability.contains("A1B5G5R5_UNORM_PACK16")
                    && capability.contains("VK_KHR_maintenance5")
        ),
        "{refused:?}"
    );
}

/// BGR5A1 (rendered on every device) lands as the model packs it: the geometry, the
/// blend and the 5-bit quantisation the RGB5A1 test relies on. Then RGB5A1: where the
/// device reports it renders it, the same pattern lands with R in bits 0-4 and B in
/// 10-14; where it does not, binding it is refused when recorded, and a BGR5A1 view of
/// the same texture still renders in the same command buffer.
#[test]
fn rgb5a1_targets_draw_as_nvn_stores_them_or_are_refused_as_the_device_reports() {
    let rig = Rig::new(false);
    let bgr = draw_pattern(&rig, Format::Bgr5A1, SECOND_TARGET_OFFSET_B).unwrap();
    assert_eq!(bgr, model_words(Format::Bgr5A1), "bgr5a1");

    let drawn = draw_pattern(&rig, Format::Rgb5A1, TARGET_OFFSET_B);
    if rig.device.features().formats.rgb5a1_attachment {
        assert_eq!(drawn.unwrap(), model_words(Format::Rgb5A1), "rgb5a1");
    } else {
        assert_refused(drawn);
        let target = rig.texture(
            &TextureBuilder::new_2d(Format::Rgb5A1, SIZE_PX, SIZE_PX),
            THIRD_TARGET_OFFSET_B,
        );
        let bgr_view = rig
            .device
            .create_view(&ViewMaker::whole(target.0).format(Format::Bgr5A1))
            .unwrap();
        let mut commands = rig.device.command_buffer();
        assert!(commands.bind_render_targets(colour(target.1)).is_err());
        assert!(commands.list().is_empty());
        commands.bind_render_targets(colour(bgr_view)).unwrap();
        commands
            .clear_color(0, ClearValue::Float(CLEAR), ComponentMask::ALL)
            .unwrap();
        let len_b = (SIZE_PX * SIZE_PX * 2) as usize;
        let bytes = rig.submit_and_read(commands, region(target.0, 0, SIZE_PX, SIZE_PX), len_b);
        // Red through the BGR5A1 view lands in bits 10-14: 0xfc00 with alpha.
        assert!(bytes.chunks_exact(2).all(|word| word == [0x00, 0xfc]));
    }
}

/// With VK_KHR_maintenance5 masked off by a profile (`RX_VK_SIMULATE`, `feature
/// maintenance5 0`), the device reports no RGB5A1 targets whatever it has, and binding
/// one is refused when recorded: the feature-off branch on a device that has it (the
/// NVIDIA H200). The pattern still draws right through a BGR5A1 view.
#[test]
fn rgb5a1_targets_are_refused_with_maintenance5_masked_off() {
    let dir = scratch_dir("profile-no-maintenance5");
    let path = dir.join("profile.tsv");
    std::fs::write(&path, "feature\tmaintenance5\t0\n").unwrap();
    let rig = Rig::with_switches(
        ExecutorOptions::default(),
        &[("RX_VK_SIMULATE", path.to_str().unwrap())],
    );
    assert!(!rig.device.features().formats.rgb5a1_attachment);
    assert_refused(draw_pattern(&rig, Format::Rgb5A1, TARGET_OFFSET_B));
    let bgr = draw_pattern(&rig, Format::Bgr5A1, SECOND_TARGET_OFFSET_B).unwrap();
    assert_eq!(bgr, model_words(Format::Bgr5A1), "bgr5a1");
}

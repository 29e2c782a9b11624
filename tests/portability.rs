//! The portability subset honoured, on the real driver with the subset masked by
//! `RX_VK_SIMULATE=moltenvk-m1` (MoltenVK on an M1): triangle fans, which the profile
//! lacks, are converted and draw the pixels a CPU model of the fan says, as on the full
//! device; a vertex stride off `minVertexInputBindingStrideAlignment` is refused with a
//! typed error naming it, and an aligned one drawn. (The LOD-bias and
//! swizzle refusals are unit tests of `gpu_vk::bringup::portability`.)

mod common;

use common::draw::{bind_positions_strided, bind_tint, f32_bytes, positions_at, triangle};
use common::programs::{position_program, TINT_FRAG};
use common::readback::region;
use common::rig::Rig;
use gpu::command::DrawArrays;
use gpu::objects::TextureBuilder;
use gpu::state::PrimitiveKind;
use gpu::{BackendError, QueueError};
use gpu_vk::executor::ExecutorOptions;
use memory::Format;

const SIZE_PX: usize = 16;
const MOLTENVK: &[(&str, &str)] = &[("RX_VK_SIMULATE", "moltenvk-m1")];
const FULL: &[(&str, &str)] = &[("RX_VK_SIMULATE", "off")];

fn open(overrides: &[(&str, &str)]) -> Rig {
    Rig::with_switches(ExecutorOptions::default(), overrides)
}

/// A fan around the centre over four corners: three of its triangles (bottom, right,
/// top quarters); the left quarter is not part of it.
const FAN: [f32; 10] = [0.0, 0.0, -1.0, -1.0, 1.0, -1.0, 1.0, 1.0, -1.0, 1.0];

/// Whether the pixel centre `(x, y)` (NDC) lies in the fan, by point-in-triangle tests.
fn in_fan(x: f32, y: f32) -> bool {
    let v = |i: usize| (FAN[2 * i], FAN[2 * i + 1]);
    let cross = |a: (f32, f32), b: (f32, f32)| (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0);
    (1..4).any(|i| {
        let (a, b, c) = (v(0), v(i), v(i + 1));
        let signs = [cross(a, b), cross(b, c), cross(c, a)];
        signs.iter().all(|s| *s >= 0.0) || signs.iter().all(|s| *s <= 0.0)
    })
}

/// Records a 16x16 target cleared red and the tint program green at `stride_b` per
/// vertex over `positions` (x, y first in each vertex).
fn draw_with_stride<'r>(
    rig: &'r Rig,
    positions: &[f32],
    stride_b: u32,
    draw: DrawArrays,
) -> (gpu::TextureId, gpu::CommandBuffer<'r>) {
    let format = Format::from_name("rgba8").unwrap();
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format, 16, 16), 0);
    let mut commands = rig.cleared(view, [1.0, 0.0, 0.0, 1.0]);
    let program = position_program(&rig.device, TINT_FRAG);
    let vertices = positions_at(&rig.device, rig.pool, 1 << 20, positions);
    let tint_offset_b = (1 << 20) + (64 << 10);
    rig.device
        .write_pool(rig.pool, tint_offset_b, &f32_bytes(&[0.0, 1.0, 0.0, 1.0]))
        .unwrap();
    let tint = rig.buffer(tint_offset_b, 256);
    bind_positions_strided(&mut commands, program, vertices, stride_b);
    bind_tint(&mut commands, tint, 0);
    commands.draw(draw).unwrap();
    (texture, commands)
}

#[test]
fn a_fan_draws_the_same_pixels_with_or_without_triangle_fans() {
    for overrides in [FULL, MOLTENVK] {
        let rig = open(overrides);
        let fan = DrawArrays {
            primitive: PrimitiveKind::TriangleFan,
            vertex_count: 5,
            ..triangle()
        };
        let (texture, commands) = draw_with_stride(&rig, &FAN, 8, fan);
        let len_b = SIZE_PX * SIZE_PX * 4;
        let pixels = rig.submit_and_read(commands, region(texture, 0, 16, 16), len_b);
        for y in 0..SIZE_PX {
            for x in 0..SIZE_PX {
                let centre = |i: usize| (i as f32 + 0.5) / SIZE_PX as f32 * 2.0 - 1.0;
                let expected = if in_fan(centre(x), centre(y)) {
                    [0, 255, 0, 255]
                } else {
                    [255, 0, 0, 255]
                };
                let at = (y * SIZE_PX + x) * 4;
                assert_eq!(pixels[at..at + 4], expected, "{overrides:?} ({x}, {y})");
            }
        }
    }
}

#[test]
fn a_stride_off_the_alignment_is_refused_by_name_and_drawn_where_allowed() {
    // Positions 12 bytes apart: aligned to 4 (MoltenVK's alignment), so drawn; then
    // 10 bytes apart, which MoltenVK refuses.
    let padded = |floats_a_vertex: usize| -> Vec<f32> {
        let corners = [-1.0, -1.0, 3.0, -1.0, -1.0, 3.0];
        corners
            .chunks(2)
            .flat_map(|xy| {
                let mut vertex = xy.to_vec();
                vertex.resize(floats_a_vertex, 0.0);
                vertex
            })
            .collect()
    };
    let rig = open(MOLTENVK);
    let (texture, commands) = draw_with_stride(&rig, &padded(3), 12, triangle());
    let pixels = rig.submit_and_read(commands, region(texture, 0, 16, 16), 16 * 16 * 4);
    assert!(pixels.chunks(4).all(|pixel| pixel == [0, 255, 0, 255]));

    // 10-byte stride: 2.5 floats a vertex, laid out byte by byte.
    let bytes: Vec<u8> = [[-1.0f32, -1.0], [3.0, -1.0], [-1.0, 3.0]]
        .iter()
        .flat_map(|xy| {
            let mut vertex = f32_bytes(xy);
            vertex.extend([0, 0]);
            vertex
        })
        .collect();
    let as_floats: Vec<f32> = bytes
        .chunks(4)
        .map(|word| {
            let mut four = [0u8; 4];
            four[..word.len()].copy_from_slice(word);
            f32::from_le_bytes(four)
        })
        .collect();
    // (A full device would take the stride itself, but 32-bit attributes 10 bytes apart
    // break Vulkan's attribute alignment there, so only the refusal is checked.)
    let (_, commands) = draw_with_stride(&rig, &as_floats, 10, triangle());
    let outcome = rig.device.queue().submit(&commands.finish());
    assert!(
        matches!(
            outcome,
            Err(QueueError::Backend(BackendError::Unsupported(ref why)))
                if why.contains("minVertexInputBindingStrideAlignment is 4")
        ),
        "{outcome:?}"
    );
}

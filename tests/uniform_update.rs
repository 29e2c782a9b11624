//! Inline uniform updates (NVN's `UpdateUniformBuffer`) on the real driver (lavapipe in
//! CI, validation on), pools imported and mirrored: bytes written into a uniform buffer at
//! that point of the list. Draws before the update read the old bytes, draws after it the
//! new, and the pool's storage holds the new bytes once the fence passed (the CPU model:
//! the buffer's bytes with the update applied in list order).

mod common;

use common::draw::{bind_positions, f32_bytes, positions_at};
use common::programs::{position_program, TINT_FRAG};
use common::readback::{pool_bytes, region};
use common::rig::Rig;
use gpu::command::{BufferBinding, DrawArrays};
use gpu::objects::{BufferRange, Stage, TextureBuilder};
use memory::Format;

const SIZE_PX: u32 = 8;
const TINT_OFFSET_B: u64 = (1 << 20) + (128 << 10);
const RED: [f32; 4] = [1.0, 0.0, 0.0, 1.0];
const GREEN: [f32; 4] = [0.0, 1.0, 0.0, 1.0];
const BLUE: [f32; 4] = [0.0, 0.0, 1.0, 1.0];

/// Two triangles over the left half of the target, then two over the right half
/// (first vertices 0 and 6).
const HALVES_NDC: [f32; 24] = [
    -1.0, -1.0, 0.0, -1.0, -1.0, 1.0, 0.0, -1.0, 0.0, 1.0, -1.0, 1.0, // left
    0.0, -1.0, 1.0, -1.0, 0.0, 1.0, 1.0, -1.0, 1.0, 1.0, 0.0, 1.0, // right
];
const HALF: DrawArrays = DrawArrays {
    primitive: gpu::state::PrimitiveKind::Triangles,
    first_vertex: 0,
    vertex_count: 6,
    first_instance: 0,
    instance_count: 1,
};

fn unorm8(rgba: [f32; 4]) -> [u8; 4] {
    rgba.map(|c| (c * 255.0).round() as u8)
}

#[test]
fn an_update_is_seen_by_later_draws_only_and_lands_in_storage() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let (texture, view) = rig.texture(
            &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
            0,
        );
        let program = position_program(&rig.device, TINT_FRAG);
        let positions = positions_at(&rig.device, rig.pool, 1 << 20, &HALVES_NDC);
        rig.device
            .write_pool(rig.pool, TINT_OFFSET_B, &f32_bytes(&RED))
            .unwrap();
        let tint = rig.buffer(TINT_OFFSET_B, 256);
        let mut commands = rig.cleared(view, BLUE);
        bind_positions(&mut commands, program, positions);
        commands
            .bind_buffer(
                BufferBinding::Uniform {
                    stage: Stage::Fragment,
                    slot: 0,
                },
                BufferRange {
                    buffer: tint,
                    offset_b: 0,
                    size_b: 16,
                },
            )
            .unwrap();
        commands.draw(HALF).unwrap();
        commands
            .update_uniform_buffer(tint, 0, &f32_bytes(&GREEN))
            .unwrap();
        commands
            .draw(DrawArrays {
                first_vertex: 6,
                ..HALF
            })
            .unwrap();
        let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
        let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
        // The CPU model: left of x = 0 (NDC) drawn before the update, right of it after.
        for y in 0..SIZE_PX {
            for x in 0..SIZE_PX {
                let at = ((y * SIZE_PX + x) * 4) as usize;
                let expected = if x < SIZE_PX / 2 { RED } else { GREEN };
                assert_eq!(
                    pixels[at..at + 4],
                    unorm8(expected),
                    "import {import}: ({x}, {y})"
                );
            }
        }
        assert_eq!(
            pool_bytes(&rig.device, rig.pool, TINT_OFFSET_B, 16),
            f32_bytes(&GREEN),
            "import {import}: the pool's storage after the fence"
        );
    }
}

//! State changes that keep the pipeline (scissors, viewports, blend, depth and stencil
//! where dynamic) between draws of one program whose per-draw constants move: each draw
//! is made from the draw before with its dynamic values taken again. Every draw must show
//! its own scissor or viewport and its own tint: the pixels against a CPU model of the
//! strips.

mod common;

use common::draw::FULL_TRIANGLE_NDC;
use common::draw::{bind_positions, bind_tint, f32_bytes, positions_at, triangle};
use common::programs::{position_program, TINT_FRAG};
use common::rig::Rig;
use gpu::objects::TextureBuilder;
use gpu::state::{Scissor, StateChange, Viewport};
use memory::Format;

const SIZE_PX: u32 = 16;
/// Strips of this many pixels, one a draw.
const STRIP_PX: u32 = 2;
const STRIPS: u32 = SIZE_PX / STRIP_PX;
const TINTS_AT_B: u64 = (1 << 20) + (64 << 10);
const TINT_STRIDE_B: u64 = 256;

fn tint(strip: u32) -> [f32; 4] {
    let share = strip as f32 / STRIPS as f32;
    [share, 1.0 - share, 0.25 + share / 2.0, 1.0]
}

/// The unorm bytes a tint is stored as.
fn stored(rgba: [f32; 4]) -> [u8; 4] {
    rgba.map(|channel| (channel * 255.0).round() as u8)
}

/// How each draw is cut to its strip.
#[derive(Clone, Copy, Debug)]
enum Cut {
    /// Scissor 0 around a column.
    Scissor,
    /// Viewport 0 over a row (the full-target triangle is drawn into it).
    Viewport,
}

fn strip_change(cut: Cut, strip: u32) -> StateChange {
    let at_px = strip * STRIP_PX;
    match cut {
        Cut::Scissor => StateChange::Scissors {
            first: 0,
            scissors: vec![Scissor {
                x_px: at_px as i32,
                y_px: 0,
                width_px: STRIP_PX,
                height_px: SIZE_PX,
            }],
        },
        Cut::Viewport => StateChange::Viewports {
            first: 0,
            viewports: vec![Viewport {
                x_px: 0.0,
                y_px: at_px as f32,
                width_px: SIZE_PX as f32,
                height_px: STRIP_PX as f32,
                min_depth: 0.0,
                max_depth: 1.0,
            }],
        },
    }
}

#[test]
fn each_draw_after_a_scissor_or_viewport_change_shows_its_own_strip_and_tint() {
    let rig = Rig::new(true);
    let format = Format::from_name("rgba8").unwrap();
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(format, SIZE_PX, SIZE_PX), 0);
    let program = position_program(&rig.device, TINT_FRAG);
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &FULL_TRIANGLE_NDC);
    let tints = rig.buffer(TINTS_AT_B, u64::from(STRIPS) * TINT_STRIDE_B);
    for strip in 0..STRIPS {
        let at_b = TINTS_AT_B + u64::from(strip) * TINT_STRIDE_B;
        rig.device
            .write_pool(rig.pool, at_b, &f32_bytes(&tint(strip)))
            .unwrap();
    }
    for cut in [Cut::Scissor, Cut::Viewport] {
        let before = rig.backend.lock().stats().pipelines_created;
        let mut commands = rig.cleared(view, [0.0, 0.0, 0.0, 1.0]);
        bind_positions(&mut commands, program, positions);
        // Strips in a scattered order, so no draw's strip follows from the last's.
        for strip in (0..STRIPS).map(|n| (n * 3) % STRIPS) {
            commands.set_state(strip_change(cut, strip)).unwrap();
            bind_tint(&mut commands, tints, u64::from(strip) * TINT_STRIDE_B);
            commands.draw(triangle()).unwrap();
        }
        // State carries over to the next list (whose clear honours scissor 0).
        commands
            .set_state(StateChange::Scissors {
                first: 0,
                scissors: vec![Scissor::covering(SIZE_PX, SIZE_PX)],
            })
            .unwrap();
        commands
            .copy(rig.read_level(texture, 0, SIZE_PX, SIZE_PX))
            .unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let made = rig.backend.lock().stats().pipelines_created - before;
        assert!(
            made <= 1,
            "{cut:?}: {made} pipelines for one program and state"
        );
        let pixels = rig.read_back((SIZE_PX * SIZE_PX * 4) as usize);
        for y in 0..SIZE_PX {
            for x in 0..SIZE_PX {
                let strip = match cut {
                    Cut::Scissor => x / STRIP_PX,
                    Cut::Viewport => y / STRIP_PX,
                };
                let expected = stored(tint(strip));
                let at = ((y * SIZE_PX + x) * 4) as usize;
                let found = &pixels[at..at + 4];
                let close = found
                    .iter()
                    .zip(expected)
                    .all(|(&found, expected)| found.abs_diff(expected) <= 1);
                assert!(
                    close,
                    "{cut:?}: pixel ({x}, {y}) is {found:?}, strip {strip}'s tint {expected:?}"
                );
            }
        }
    }
}

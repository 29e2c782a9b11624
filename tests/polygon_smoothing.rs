//! NVN's polygon smoothing on the real driver (validation on): it changes filled polygons
//! only, so with it on a line strip draws as it would without it, and so do triangles in
//! line polygon mode; a draw that would fill polygons is refused when recorded, by name
//! (Vulkan has no polygon smoothing). Pictures against a CPU model of the lines.

mod common;

use common::draw::{bind_positions, positions_at};
use common::programs::{position_program, GREEN_FRAG};
use common::readback::region;
use common::rig::Rig;
use gpu::command::DrawArrays;
use gpu::objects::TextureBuilder;
use gpu::state::{PolygonMode, PrimitiveKind, RasterizerState, Smoothing, StateChange};
use gpu::RecordError;
use memory::Format;

const SIZE_PX: u32 = 16;

/// Pixel `(x, row)` (rows from the first) in NVN's clip space over the target.
fn clip(x: f32, row: f32) -> [f32; 2] {
    let half = SIZE_PX as f32 / 2.0;
    [x / half - 1.0, 1.0 - row / half]
}

/// Draws `points_px` as `primitive` in green after `states`; the picture, or the refusal.
fn draw(
    rig: &Rig,
    states: &[StateChange],
    primitive: PrimitiveKind,
    points_px: &[[f32; 2]],
) -> Result<Vec<u8>, RecordError> {
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let program = position_program(&rig.device, GREEN_FRAG);
    let positions: Vec<f32> = points_px.iter().flat_map(|p| clip(p[0], p[1])).collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &positions);
    let mut commands = rig.cleared(view, [0.0, 0.0, 0.0, 1.0]);
    bind_positions(&mut commands, program, positions);
    // `clip` is NVN's clip space, y up (the helper sets Vulkan's).
    commands
        .set_state(StateChange::ClipYAxis(gpu::state::ClipYAxis::Up))
        .unwrap();
    for state in states {
        commands.set_state(state.clone())?;
    }
    commands.draw(DrawArrays {
        primitive,
        first_vertex: 0,
        vertex_count: points_px.len() as u32,
        first_instance: 0,
        instance_count: 1,
    })?;
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    Ok(rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b))
}

fn green(pixels: &[u8], x: u32, row: u32) -> bool {
    let at = ((row * SIZE_PX + x) * 4) as usize;
    pixels[at..at + 4] == [0, 255, 0, 255]
}

const SMOOTH_POLYGONS: StateChange = StateChange::Smoothing(Smoothing {
    lines: false,
    polygons: true,
});

/// A horizontal line through the centres of row 8 from x = 2 to 14 covers the pixels of
/// that row between (its end pixels are the rasterization rule's to decide) and nothing
/// off the row, with polygon smoothing on as off.
#[test]
fn polygon_smoothing_leaves_lines_as_they_are() {
    let rig = Rig::new(true);
    let line = [[2.0, 8.5], [14.0, 8.5]];
    for states in [vec![], vec![SMOOTH_POLYGONS]] {
        let pixels = draw(&rig, &states, PrimitiveKind::LineStrip, &line).unwrap();
        for row in 0..SIZE_PX {
            for x in 0..SIZE_PX {
                let got = green(&pixels, x, row);
                if row == 8 && (3..13).contains(&x) {
                    assert!(got, "{states:?}: ({x}, row {row}) on the line");
                } else if row != 8 || !(1..15).contains(&x) {
                    assert!(!got, "{states:?}: ({x}, row {row}) off the line");
                }
            }
        }
    }
}

/// A triangle in line polygon mode with polygon smoothing on: its three edges, not its
/// inside (a pixel well inside stays clear, pixels on the edges are drawn).
#[test]
fn polygon_smoothing_leaves_polygons_drawn_as_lines_as_they_are() {
    let rig = Rig::new(true);
    let triangle = [[2.5, 2.5], [2.5, 13.5], [13.5, 13.5]];
    let line_mode = StateChange::Rasterizer(RasterizerState {
        polygon_mode: PolygonMode::Line,
        ..RasterizerState::default()
    });
    let pixels = draw(
        &rig,
        &[line_mode, SMOOTH_POLYGONS],
        PrimitiveKind::Triangles,
        &triangle,
    )
    .unwrap();
    // The vertical edge x = 2.5 and the horizontal edge row 13.5 pass through pixel
    // centres of column 2 and row 13.
    for step in 4..12 {
        assert!(green(&pixels, 2, step), "left edge, row {step}");
        assert!(green(&pixels, step, 13), "bottom edge, x {step}");
    }
    assert!(!green(&pixels, 5, 10), "inside");
    assert!(!green(&pixels, 12, 4), "outside");
}

/// Filled triangles with polygon smoothing on are refused when the draw is recorded.
#[test]
fn a_draw_that_fills_polygons_with_polygon_smoothing_is_refused() {
    let rig = Rig::new(true);
    let triangle = [[2.5, 2.5], [2.5, 13.5], [13.5, 13.5]];
    let refused = draw(
        &rig,
        &[SMOOTH_POLYGONS],
        PrimitiveKind::Triangles,
        &triangle,
    );
    assert!(
        matches!(
            refused,
            Err(RecordError::MissingCapability {
                capability: "polygon smoothing (Vulkan has none)",
                ..
            })
        ),
        "{refused:?}"
    );
}

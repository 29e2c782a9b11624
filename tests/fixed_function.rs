//! Fixed-function state a 3D game sets, executed on the real driver (lavapipe in CI, the
//! validation layer on) and read back against a CPU model of what the state means: line
//! width, line and point polygon modes, depth clamp, depth bias with its clamp, logic ops,
//! scissored clears.
//! `state_coverage` names these tests for the state they execute.

mod common;

use common::draw::{bind_positions, colour, positions_at, triangle};
use common::programs::{program, GREEN_FRAG};
use common::readback::region;
use common::rig::Rig;
use gpu::command::{ClearValue, DrawArrays};
use gpu::objects::TextureBuilder;
use gpu::state::{
    CompareOp, ComponentMask, DepthStencilState, LogicOp, PolygonMode, PolygonOffset,
    PrimitiveKind, RasterizerState, Scissor, StateChange,
};
use memory::Format;
use shader_translate::Stage;

const SIZE_PX: u32 = 16;
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];

/// Positions at depth `z` (w = 1), 2-float positions in.
fn depth_vert(z: f32) -> String {
    format!(
        "#version 450
layout(location = 0) in vec2 position;
void main() {{
    gl_Position = vec4(position, {z:.3}, 1.0);
    gl_PointSize = 1.0;
}}
"
    )
}

/// Pixel `px` (x or y) as clip-space x or y over a `SIZE_PX` target.
fn ndc(px: f32) -> f32 {
    px / (SIZE_PX as f32 / 2.0) - 1.0
}

/// What one draw leaves in a black 16x16 RGBA8 target.
struct Drawn {
    pixels: Vec<u8>,
}

impl Drawn {
    fn at(&self, x: u32, y: u32) -> [u8; 4] {
        let at = ((y * SIZE_PX + x) * 4) as usize;
        self.pixels[at..at + 4].try_into().unwrap()
    }
}

/// Draws `positions` (pixel coordinates) as `primitive` with green, after `states`, into
/// a target cleared to `clear`; the vertex stage puts them at depth `z`.
fn draw(
    rig: &Rig,
    states: &[StateChange],
    primitive: PrimitiveKind,
    positions_px: &[f32],
    z: f32,
    clear: [f32; 4],
) -> Drawn {
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, depth_vert(z).as_str()),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    let positions: Vec<f32> = positions_px.iter().map(|&px| ndc(px)).collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &positions);
    let mut commands = rig.cleared(view, clear);
    bind_positions(&mut commands, program, positions);
    for state in states {
        commands.set_state(state.clone()).unwrap();
    }
    commands
        .draw(DrawArrays {
            primitive,
            vertex_count: positions_px.len() as u32 / 2,
            ..triangle()
        })
        .unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    Drawn {
        pixels: rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b),
    }
}

fn rasterizer(change: impl FnOnce(&mut RasterizerState)) -> StateChange {
    let mut state = RasterizerState::default();
    change(&mut state);
    StateChange::Rasterizer(state)
}

/// A horizontal line through pixel centres of row 8, from x = 2 to 14.
const LINE_PX: [f32; 4] = [2.0, 8.5, 14.0, 8.5];

/// A line `width_px` wide covers the rows whose centres lie within half the width of its
/// centre line (the CPU model: a rectangle around it), and no others.
#[test]
fn line_width_widens_lines_as_the_cpu_model_says() {
    let rig = Rig::new(true);
    for width_px in [1.0_f32, 5.0] {
        let drawn = draw(
            &rig,
            &[rasterizer(|r| r.line_width_px = width_px)],
            PrimitiveKind::Lines,
            &LINE_PX,
            0.5,
            [0.0, 0.0, 0.0, 1.0],
        );
        for y in 0..SIZE_PX {
            let centre_distance = (y as f32 + 0.5 - LINE_PX[1]).abs();
            let covered = centre_distance < width_px / 2.0;
            // Columns away from the ends, where end rules do not decide.
            for x in 4..12 {
                let expected = if covered { GREEN } else { BLACK };
                assert_eq!(drawn.at(x, y), expected, "width {width_px}: ({x}, {y})");
            }
        }
    }
}

/// A triangle from (2, 2) to (13, 2) to (2, 13): its corner pixels.
const TRIANGLE_PX: [f32; 6] = [2.5, 2.5, 13.5, 2.5, 2.5, 13.5];

/// Line polygon mode draws a triangle's edges and leaves its inside; point mode draws
/// its corners alone; fill covers the inside.
#[test]
fn polygon_modes_draw_edges_corners_or_the_inside() {
    let rig = Rig::new(true);
    let black = [0.0, 0.0, 0.0, 1.0];
    let [fill, line, point] =
        [PolygonMode::Fill, PolygonMode::Line, PolygonMode::Point].map(|polygon_mode| {
            let mode = rasterizer(|r| r.polygon_mode = polygon_mode);
            draw(
                &rig,
                &[mode],
                PrimitiveKind::Triangles,
                &TRIANGLE_PX,
                0.5,
                black,
            )
        });
    // Inside, away from every edge.
    assert_eq!(fill.at(5, 5), GREEN);
    assert_eq!(line.at(5, 5), BLACK);
    assert_eq!(point.at(5, 5), BLACK);
    // On the top edge, between the corners.
    assert_eq!(line.at(8, 2), GREEN);
    assert_eq!(point.at(8, 2), BLACK);
    // On the left edge.
    assert_eq!(line.at(2, 8), GREEN);
    // The corner pixels (vertices at their centres).
    for (x, y) in [(2, 2), (13, 2), (2, 13)] {
        assert_eq!(point.at(x, y), GREEN, "corner ({x}, {y})");
    }
    let points_drawn = point.pixels.chunks(4).filter(|p| *p == GREEN).count();
    assert_eq!(points_drawn, 3, "one pixel a corner");
}

/// Over the whole target.
const FULL_PX: [f32; 6] = [0.0, 0.0, 48.0, 0.0, 0.0, 48.0];

/// A triangle past the far plane (z = 1.5, w = 1) is clipped away; with depth clamp on it
/// is drawn.
#[test]
fn depth_clamp_keeps_what_lies_past_the_far_plane() {
    let rig = Rig::new(true);
    let black = [0.0, 0.0, 0.0, 1.0];
    for (clamp, expected) in [(false, BLACK), (true, GREEN)] {
        let drawn = draw(
            &rig,
            &[rasterizer(|r| r.depth_clamp = clamp)],
            PrimitiveKind::Triangles,
            &FULL_PX,
            1.5,
            black,
        );
        for y in 0..SIZE_PX {
            for x in 0..SIZE_PX {
                assert_eq!(drawn.at(x, y), expected, "clamp {clamp}: ({x}, {y})");
            }
        }
    }
}

/// The depth a triangle at z = 0.25 writes with a constant bias far above its clamp: the
/// clamp's amount exactly (the CPU model: z + min(bias, clamp)); with the fill offset off,
/// z itself.
#[test]
fn depth_bias_is_clamped_and_applies_to_its_polygon_mode() {
    let rig = Rig::new(true);
    let z32f = Format::from_name("z32f").unwrap();
    let (_, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), 8, 8),
        0,
    );
    let (depth, depth_view) = rig.texture(&TextureBuilder::new_2d(z32f, 8, 8), 64 << 10);
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, depth_vert(0.25).as_str()),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    let positions = positions_at(
        &rig.device,
        rig.pool,
        1 << 20,
        &[-1.0, -1.0, 3.0, -1.0, -1.0, 3.0],
    );
    let clamp = 0.125_f32;
    for (fill, expected) in [(true, 0.25 + clamp), (false, 0.25)] {
        let mut commands = rig.device.command_buffer();
        let mut targets = colour(view);
        targets.depth_stencil = Some(depth_view);
        commands.bind_render_targets(targets).unwrap();
        commands.clear_depth_stencil(Some(1.0), None, 0xff).unwrap();
        bind_positions(&mut commands, program, positions);
        commands
            .set_state(StateChange::DepthStencil(DepthStencilState {
                depth_test: true,
                depth_write: true,
                depth_compare: CompareOp::Always,
                ..DepthStencilState::default()
            }))
            .unwrap();
        commands
            .set_state(StateChange::PolygonOffset(PolygonOffset {
                factor: 0.0,
                units: 1.0e7,
                clamp,
                fill,
                // Offsets of the other modes do not apply to filled triangles.
                line: true,
                point: true,
            }))
            .unwrap();
        commands.draw(triangle()).unwrap();
        let bytes = rig.submit_and_read(commands, region(depth, 0, 8, 8), 8 * 8 * 4);
        for texel in bytes.chunks(4) {
            let written = f32::from_le_bytes(texel.try_into().unwrap());
            assert!(
                (written - expected).abs() < 1.0e-6,
                "fill offset {fill}: {written}, expected {expected}"
            );
        }
    }
}

/// A logic op combines the fragment's bits with the target's: XOR of green over a
/// target cleared to 0x0f in every channel, against the CPU's XOR of the same bytes.
#[test]
fn logic_ops_combine_the_bits_as_the_cpu_does() {
    let rig = Rig::new(true);
    let cleared = 0x0f_u8;
    let clear = [f32::from(cleared) / 255.0; 4];
    for (op, combine) in [
        (LogicOp::Xor, (|s, d| s ^ d) as fn(u8, u8) -> u8),
        (LogicOp::And, |s, d| s & d),
        (LogicOp::CopyInverted, |s, _| !s),
    ] {
        let drawn = draw(
            &rig,
            &[StateChange::LogicOp(Some(op))],
            PrimitiveKind::Triangles,
            &FULL_PX,
            0.5,
            clear,
        );
        let expected = GREEN.map(|source| combine(source, cleared));
        for y in 0..SIZE_PX {
            for x in 0..SIZE_PX {
                assert_eq!(drawn.at(x, y), expected, "{op:?} at ({x}, {y})");
            }
        }
    }
}

/// NVN's clears honour scissor 0: a clear (the first of its pass, which would otherwise
/// be the load op), a component-masked clear and a depth clear each change only the
/// pixels inside the scissor, as a CPU fill of the rectangle does; a scissor outside the
/// target clears nothing.
#[test]
fn clears_honour_the_scissor() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let (depth, depth_view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("z32f").unwrap(), SIZE_PX, SIZE_PX),
        64 << 10,
    );
    let scissor = Scissor {
        x_px: 3,
        y_px: 5,
        width_px: 7,
        height_px: 4,
    };
    let inside = |x: u32, y: u32| {
        (scissor.x_px as u32..(scissor.x_px as u32 + scissor.width_px)).contains(&x)
            && (scissor.y_px as u32..(scissor.y_px as u32 + scissor.height_px)).contains(&y)
    };
    let mut targets = colour(view);
    targets.depth_stencil = Some(depth_view);
    // Whole target: red, depth 1.
    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(targets).unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([1.0, 0.0, 0.0, 1.0]),
            ComponentMask::ALL,
        )
        .unwrap();
    commands.clear_depth_stencil(Some(1.0), None, 0xff).unwrap();
    rig.submit(&commands.finish());
    // Scissored: blue (a full clear), then green into G alone (a masked one), depth 0.25.
    let mut commands = rig.device.command_buffer();
    commands
        .set_state(StateChange::Scissors {
            first: 0,
            scissors: vec![scissor],
        })
        .unwrap();
    commands.bind_render_targets(targets).unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([0.0, 0.0, 1.0, 1.0]),
            ComponentMask::ALL,
        )
        .unwrap();
    commands
        .clear_color(0, ClearValue::Float([0.0, 1.0, 0.0, 0.0]), ComponentMask::G)
        .unwrap();
    commands
        .clear_depth_stencil(Some(0.25), None, 0xff)
        .unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    let depths = rig.read(region(depth, 0, SIZE_PX, SIZE_PX), len_b);
    for y in 0..SIZE_PX {
        for x in 0..SIZE_PX {
            let at = ((y * SIZE_PX + x) * 4) as usize;
            let expected = match inside(x, y) {
                true => [0, 255, 255, 255],
                false => [255, 0, 0, 255],
            };
            assert_eq!(pixels[at..at + 4], expected, "({x}, {y})");
            let depth = f32::from_le_bytes(depths[at..at + 4].try_into().unwrap());
            assert_eq!(depth, if inside(x, y) { 0.25 } else { 1.0 }, "({x}, {y})");
        }
    }
    // A scissor wholly outside the target: the clear changes nothing.
    let mut commands = rig
        .device
        .command_buffer_after(&rig.device.command_buffer().finish());
    commands
        .set_state(StateChange::Scissors {
            first: 0,
            scissors: vec![Scissor {
                x_px: 40,
                y_px: 40,
                width_px: 4,
                height_px: 4,
            }],
        })
        .unwrap();
    commands.bind_render_targets(targets).unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([1.0, 1.0, 1.0, 1.0]),
            ComponentMask::ALL,
        )
        .unwrap();
    let after = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    assert_eq!(after, pixels);
}

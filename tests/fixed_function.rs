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
    BlendEquation, BlendFactor, BlendOp, BlendState, ClipYAxis, CompareOp, ComponentMask, CullMode,
    DepthBounds, DepthMode, DepthStencilState, FrontFace, LogicOp, PolygonMode, PolygonOffset,
    PrimitiveKind, ProvokingVertex, RasterizerState, Scissor, StateChange, Viewport, WindowOrigin,
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
    draw_with(rig, GREEN_FRAG, states, primitive, positions_px, z, clear)
}

/// `draw` with the fragment stage `fragment`.
fn draw_with(
    rig: &Rig,
    fragment: &str,
    states: &[StateChange],
    primitive: PrimitiveKind,
    positions_px: &[f32],
    z: f32,
    clear: [f32; 4],
) -> Drawn {
    draw_into(
        rig,
        &[(Stage::Vertex, &depth_vert(z)), (Stage::Fragment, fragment)],
        states,
        (primitive, positions_px),
        clear,
        None,
    )
}

/// Texture and sampler tables whose slot 1 the fragment stage's texture slot 0 reads.
type Tables = (gpu::TextureTableId, gpu::SamplerTableId);

/// `draw_with` through `stages` (a vertex and a fragment stage, and any between), with
/// `tables` bound for the fragment stage if given.
fn draw_into(
    rig: &Rig,
    stages: &[(Stage, &str)],
    states: &[StateChange],
    (primitive, positions_px): (PrimitiveKind, &[f32]),
    clear: [f32; 4],
    tables: Option<Tables>,
) -> Drawn {
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let program = program(&rig.device, stages);
    let positions: Vec<f32> = positions_px.iter().map(|&px| ndc(px)).collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &positions);
    let mut commands = rig.cleared(view, clear);
    bind_positions(&mut commands, program, positions);
    for state in reset().iter().chain(states) {
        commands.set_state(state.clone()).unwrap();
    }
    if let Some((textures, samplers)) = tables {
        commands.bind_descriptor_tables(textures, samplers).unwrap();
        let handle = gpu::objects::TextureHandle {
            texture_slot: 1,
            sampler_slot: 1,
        };
        commands
            .bind_texture(gpu::objects::Stage::Fragment, 0, handle)
            .unwrap();
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

/// The state the tests' draws start from: NVN's state carries from list to list, and
/// each draw sets only what it tests.
fn reset() -> Vec<StateChange> {
    vec![
        StateChange::Rasterizer(RasterizerState::default()),
        StateChange::ProgramPointSize(false),
        StateChange::AlphaTest(None),
        StateChange::Smoothing(gpu::state::Smoothing::default()),
        // These tests place their geometry in pixel rows counted down from the first, as
        // Vulkan's clip space does: deko3d's y axis down (docs/nvn-conventions.md).
        StateChange::WindowOrigin(WindowOrigin::UpperLeft),
        StateChange::ClipYAxis(ClipYAxis::Down),
        StateChange::DepthMode(DepthMode::ZeroToOne),
        StateChange::Viewports {
            first: 0,
            viewports: vec![Viewport::covering(SIZE_PX, SIZE_PX)],
        },
        StateChange::Scissors {
            first: 0,
            scissors: vec![Scissor::covering(SIZE_PX, SIZE_PX)],
        },
    ]
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

/// Line smoothing (`VK_EXT_line_rasterization`'s smooth lines): a 3 px line whose edges
/// cross the pixel centres of rows 6 and 9, blended by its coverage over black. The CPU
/// model: rows 7 and 8 lie wholly inside (full green), rows 6 and 9 half inside (partial:
/// neither black nor full, where a line not smoothed is one or the other), rows 4 and
/// 11 and beyond wholly outside (black). Polygon smoothing, which Vulkan lacks, is refused
/// when recorded.
#[test]
fn smooth_lines_cover_their_edge_pixels_partly() {
    let rig = Rig::new(true);
    let over = BlendState {
        enabled: true,
        color: BlendEquation {
            src_factor: BlendFactor::SrcAlpha,
            dst_factor: BlendFactor::OneMinusSrcAlpha,
            op: BlendOp::Add,
        },
        alpha: BlendEquation::REPLACE,
    };
    let line_px = [2.0, 8.0, 14.0, 8.0];
    let states = [
        rasterizer(|r| r.line_width_px = 3.0),
        StateChange::Blend {
            target: 0,
            state: over,
        },
        StateChange::Smoothing(gpu::state::Smoothing {
            lines: true,
            polygons: false,
        }),
    ];
    let drawn = draw(
        &rig,
        &states,
        PrimitiveKind::Lines,
        &line_px,
        0.5,
        [0.0, 0.0, 0.0, 1.0],
    );
    for x in 5..11 {
        let green = |y: u32| drawn.at(x, y)[1];
        for y in [7, 8] {
            assert!(green(y) >= 224, "inside ({x}, {y}): {}", green(y));
        }
        for y in [6, 9] {
            assert!(
                (16..=239).contains(&green(y)),
                "edge ({x}, {y}): {}",
                green(y)
            );
        }
        for y in (0..=4).chain(11..SIZE_PX) {
            assert_eq!(green(y), 0, "outside ({x}, {y})");
        }
    }
    // Polygon smoothing (filled polygons only): `tests/polygon_smoothing.rs`.
}

/// A triangle from (2, 2) to (13, 2) to (2, 13): its corner pixels.
const TRIANGLE_PX: [f32; 6] = [2.5, 2.5, 13.5, 2.5, 2.5, 13.5];

/// Line polygon mode draws a triangle's edges and leaves its inside; point mode draws
/// its corners alone; fill covers the inside.
#[test]
fn polygon_modes_draw_edges_corners_or_the_inside() {
    // Point polygons: unmasked, as moltenvk-m1 refuses them (pointPolygons).
    let rig = Rig::unmasked(true);
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

/// Two points a quarter pixel off centres and corners, so no edge of a point of a
/// whole or half size passes through a pixel centre (where the rules of ties decide).
const POINTS_PX: [f32; 4] = [4.25, 4.25, 11.25, 10.75];

/// A vertex stage that writes its own `gl_PointSize` of 7 px.
const SIZED_POINTS_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
void main() {
    gl_Position = vec4(position, 0.5, 1.0);
    gl_PointSize = 7.0;
}
";

/// A vertex stage that writes no `gl_PointSize` (NVN allows it; Vulkan would not).
const UNSIZED_POINTS_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
void main() {
    gl_Position = vec4(position, 0.5, 1.0);
}
";

/// RGBA8 pixels of the target as rows of `#` (green) and `.` (anything else).
fn picture(pixels: &[u8]) -> String {
    let rows = pixels.chunks(SIZE_PX as usize * 4).map(|row| {
        row.chunks(4)
            .map(|pixel| if pixel == GREEN { '#' } else { '.' })
            .collect::<String>()
    });
    rows.collect::<Vec<_>>().join("\n")
}

/// The CPU model of points `size_px` wide: the pixels whose centres lie inside the
/// square of that side around each point.
fn points_model(size_px: f32) -> Vec<u8> {
    let mut pixels = Vec::new();
    for y in 0..SIZE_PX {
        for x in 0..SIZE_PX {
            let centre = [x as f32 + 0.5, y as f32 + 0.5];
            let inside = POINTS_PX.chunks(2).any(|point| {
                (centre[0] - point[0]).abs() < size_px / 2.0
                    && (centre[1] - point[1]).abs() < size_px / 2.0
            });
            pixels.extend_from_slice(if inside { &GREEN } else { &BLACK });
        }
    }
    pixels
}

/// NVN's point size: fixed (`RasterizerState::point_size_px`, whatever the shader
/// writes) unless the program point size is on, when the shader's `gl_PointSize` is
/// taken, or 1 px where it writes none. Each against the CPU model of square points.
#[test]
fn point_size_is_fixed_or_the_programs_as_the_cpu_model_says() {
    let rig = Rig::new(true);
    let black = [0.0, 0.0, 0.0, 1.0];
    let points = |vertex: &str, states: &[StateChange]| {
        let shape = (PrimitiveKind::Points, &POINTS_PX[..]);
        draw_into(
            &rig,
            &[(Stage::Vertex, vertex), (Stage::Fragment, GREEN_FRAG)],
            states,
            shape,
            black,
            None,
        )
        .pixels
    };
    let fixed = |size_px: f32| rasterizer(|r| r.point_size_px = size_px);
    let program_size = StateChange::ProgramPointSize(true);
    let fixed_size = StateChange::ProgramPointSize(false);
    for (vertex, states, size_px, what) in [
        (
            SIZED_POINTS_VERT,
            vec![fixed(4.0)],
            4.0,
            "fixed 4 over the shader's 7",
        ),
        (
            UNSIZED_POINTS_VERT,
            vec![fixed(3.0)],
            3.0,
            "fixed 3, none written",
        ),
        (
            UNSIZED_POINTS_VERT,
            vec![fixed_size],
            1.0,
            "fixed default 1",
        ),
        (
            SIZED_POINTS_VERT,
            vec![fixed(4.0), program_size.clone()],
            7.0,
            "the program's 7",
        ),
        (
            UNSIZED_POINTS_VERT,
            vec![fixed(4.0), program_size],
            1.0,
            "the program's, none written",
        ),
    ] {
        let drawn = picture(&points(vertex, &states));
        assert_eq!(drawn, picture(&points_model(size_px)), "{what}:\n{drawn}");
    }
    // A size past the device's range is refused when recorded, naming the limit.
    let largest_px = rig.device.features().point_size_range_px[1];
    let mut commands = rig.device.command_buffer();
    assert!(matches!(
        commands.set_state(fixed(largest_px * 2.0)),
        Err(gpu::RecordError::MissingCapability {
            capability: "pointSizeRange",
            ..
        })
    ));
    assert!(matches!(
        commands.set_state(fixed(-1.0)),
        Err(gpu::RecordError::BadArgument { .. })
    ));
}

/// A geometry stage making a point of each vertex of a line, sizing none of them.
const LINE_TO_POINTS_GEOM: &str = "#version 450
layout(lines) in;
layout(points, max_vertices = 2) out;
void main() {
    for (int i = 0; i < 2; i++) {
        gl_Position = gl_in[i].gl_Position;
        EmitVertex();
    }
}
";

/// Points made by a geometry stage from a line take NVN's point size as a vertex stage's
/// do: the fixed size is stored before each emitted vertex, and the program's own size
/// is 1 px where the stage writes none (`points_model`, the same two points).
#[test]
fn points_a_geometry_stage_makes_take_the_fixed_size() {
    let rig = Rig::new(true);
    let black = [0.0, 0.0, 0.0, 1.0];
    let stages = [
        (Stage::Vertex, UNSIZED_POINTS_VERT),
        (Stage::Geometry, LINE_TO_POINTS_GEOM),
        (Stage::Fragment, GREEN_FRAG),
    ];
    if !rig.device.features().geometry_shader {
        // CI's MoltenVK run: the bind is refused naming the feature (tests/geometry.rs).
        let program = program(&rig.device, &stages);
        assert!(matches!(
            rig.device.command_buffer().bind_program(program),
            Err(gpu::RecordError::MissingCapability {
                capability: "geometryShader",
                ..
            })
        ));
        return;
    }
    let fixed = |size_px: f32| rasterizer(|r| r.point_size_px = size_px);
    for (states, size_px, what) in [
        (vec![fixed(4.0)], 4.0, "fixed 4"),
        (vec![fixed(3.0)], 3.0, "fixed 3"),
        (
            vec![fixed(4.0), StateChange::ProgramPointSize(true)],
            1.0,
            "the program's, none written",
        ),
    ] {
        let shape = (PrimitiveKind::Lines, &POINTS_PX[..]);
        let drawn = draw_into(&rig, &stages, &states, shape, black, None).pixels;
        let drawn = picture(&drawn);
        assert_eq!(drawn, picture(&points_model(size_px)), "{what}:\n{drawn}");
    }
}

/// On a device without `shaderTessellationAndGeometryPointSize` (masked by a profile
/// file), a program whose geometry stage makes points is refused when bound, naming it;
/// one making lines is not.
#[test]
fn points_from_a_geometry_stage_are_refused_without_their_size_feature() {
    let dir = common::process::scratch_dir("profile-no-geometry-point-size");
    let profile = dir.join("profile.tsv");
    std::fs::write(
        &profile,
        "feature\tshaderTessellationAndGeometryPointSize\t0\n",
    )
    .unwrap();
    let rig = Rig::with_switches(
        gpu_vk::executor::ExecutorOptions::default(),
        &[("RX_VK_SIMULATE", profile.to_str().unwrap())],
    );
    assert!(!rig.device.features().tessellation_geometry_point_size);
    if !rig.device.features().geometry_shader {
        return; // Refused for the stage itself (tests/geometry.rs).
    }
    let points = program(
        &rig.device,
        &[
            (Stage::Vertex, UNSIZED_POINTS_VERT),
            (Stage::Geometry, LINE_TO_POINTS_GEOM),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    assert!(matches!(
        rig.device.command_buffer().bind_program(points),
        Err(gpu::RecordError::MissingCapability {
            capability: "shaderTessellationAndGeometryPointSize",
            ..
        })
    ));
    let lines_geom = LINE_TO_POINTS_GEOM.replace("layout(points", "layout(line_strip");
    let lines = program(
        &rig.device,
        &[
            (Stage::Vertex, UNSIZED_POINTS_VERT),
            (Stage::Geometry, &lines_geom),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    rig.device.command_buffer().bind_program(lines).unwrap();
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

/// The depth each pixel of a 16x16 Z32F target holds after a draw of `positions_px` by the
/// vertex stage `vertex` with depth writes always passing, after `states`, over a clear
/// to 1.
fn depths_after(rig: &Rig, vertex: &str, states: &[StateChange], positions_px: &[f32]) -> Vec<f32> {
    let z32f = Format::from_name("z32f").unwrap();
    let rgba8 = Format::from_name("rgba8").unwrap();
    let (_, view) = rig.texture(&TextureBuilder::new_2d(rgba8, SIZE_PX, SIZE_PX), 0);
    let (depth, depth_view) =
        rig.texture(&TextureBuilder::new_2d(z32f, SIZE_PX, SIZE_PX), 64 << 10);
    let program = program(
        &rig.device,
        &[(Stage::Vertex, vertex), (Stage::Fragment, GREEN_FRAG)],
    );
    let positions: Vec<f32> = positions_px.iter().map(|&px| ndc(px)).collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &positions);
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
    for state in reset().iter().chain(states) {
        commands.set_state(state.clone()).unwrap();
    }
    commands.draw(triangle()).unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    let bytes = rig.submit_and_read(commands, region(depth, 0, SIZE_PX, SIZE_PX), len_b);
    bytes
        .chunks(4)
        .map(|texel| f32::from_le_bytes(texel.try_into().unwrap()))
        .collect()
}

fn assert_depth(written: f32, expected: f32, what: &str) {
    assert!(
        (written - expected).abs() < 1.0e-6,
        "{what}: {written}, expected {expected}"
    );
}

/// The depth a triangle at z = 0.25 writes with a constant bias far above its clamp: the
/// clamp's amount exactly (the CPU model: z + min(bias, clamp)) where the offset of the
/// polygon mode drawn is on, z itself where it is off (fill and line modes each).
#[test]
fn depth_bias_is_clamped_and_applies_to_its_polygon_mode() {
    // Point polygons: unmasked, as moltenvk-m1 refuses them (pointPolygons).
    let rig = Rig::unmasked(true);
    let clamp = 0.125_f32;
    let offset = |fill, line, point| {
        StateChange::PolygonOffset(PolygonOffset {
            factor: 0.0,
            units: 1.0e7,
            clamp,
            fill,
            line,
            point,
        })
    };
    let biased = |on: bool| if on { 0.25 + clamp } else { 0.25 };
    let vertex = depth_vert(0.25);
    for (fill, line, point) in [
        (true, false, false),
        (false, true, false),
        (false, false, true),
    ] {
        let states = [offset(fill, line, point)];
        for written in depths_after(&rig, &vertex, &states, &FULL_PX) {
            assert_depth(
                written,
                biased(fill),
                &format!("filled, fill offset {fill}"),
            );
        }
        let mode = |polygon_mode| {
            [
                offset(fill, line, point),
                rasterizer(|r| r.polygon_mode = polygon_mode),
            ]
        };
        let outlined = depths_after(&rig, &vertex, &mode(PolygonMode::Line), &TRIANGLE_PX);
        // On the top edge, between the corners.
        let edge = outlined[(2 * SIZE_PX + 8) as usize];
        assert_depth(edge, biased(line), &format!("outlined, line offset {line}"));
        assert_eq!(
            outlined[(5 * SIZE_PX + 5) as usize],
            1.0,
            "inside: not drawn"
        );
        let cornered = depths_after(&rig, &vertex, &mode(PolygonMode::Point), &TRIANGLE_PX);
        let corner = cornered[(2 * SIZE_PX + 2) as usize];
        assert_depth(
            corner,
            biased(point),
            &format!("corners, point offset {point}"),
        );
    }
}

/// The slope factor: a triangle whose depth rises along x by `dz` a pixel is offset by
/// `factor * dz` (the CPU model: the slope's largest component, here x's).
#[test]
fn depth_bias_slope_factor_scales_the_depth_slope() {
    let rig = Rig::new(true);
    // Depth from the vertex stage: z = 0.25 + x_ndc / 8 (0.125 to 0.375 over the target).
    let z_of = |x_px: f32| 0.25 + ndc(x_px) / 8.0;
    let slope_per_px = z_of(1.0) - z_of(0.0);
    let factor = 2.0;
    let program_z = "vec4(position, 0.25 + position.x / 8.0, 1.0)";
    let vertex = format!(
        "#version 450
layout(location = 0) in vec2 position;
void main() {{
    gl_Position = {program_z};
}}
"
    );
    let offset = StateChange::PolygonOffset(PolygonOffset {
        factor,
        fill: true,
        ..PolygonOffset::default()
    });
    let written = depths_after(&rig, &vertex, &[offset], &FULL_PX);
    for y in 0..SIZE_PX {
        for x in 0..SIZE_PX {
            let expected = z_of(x as f32 + 0.5) + factor * slope_per_px;
            let got = written[(y * SIZE_PX + x) as usize];
            assert!(
                (got - expected).abs() < 1.0e-5,
                "({x}, {y}): {got} against {expected}"
            );
        }
    }
}

/// NVN's [-1, 1] depth mode maps z to (z + 1) / 2 and keeps z in [-1, 0); Vulkan's [0, 1]
/// keeps z itself and clips z < 0; the viewport's depth range then maps [0, 1] onto
/// [min, max] (the CPU model of both).
#[test]
fn depth_mode_and_the_viewport_depth_range_map_z_as_the_cpu_model_says() {
    let rig = Rig::new(true);
    let range = |min_depth, max_depth| StateChange::Viewports {
        first: 0,
        viewports: vec![Viewport {
            min_depth,
            max_depth,
            ..Viewport::covering(SIZE_PX, SIZE_PX)
        }],
    };
    for (mode, z, (min, max)) in [
        (DepthMode::ZeroToOne, 0.25, (0.0, 1.0)),
        (DepthMode::ZeroToOne, -0.5, (0.0, 1.0)),
        (DepthMode::MinusOneToOne, -0.5, (0.0, 1.0)),
        (DepthMode::MinusOneToOne, 0.25, (0.0, 1.0)),
        (DepthMode::MinusOneToOne, 0.25, (0.5, 1.0)),
        (DepthMode::ZeroToOne, 0.25, (0.25, 0.75)),
    ] {
        let unit = match mode {
            DepthMode::ZeroToOne => z,
            DepthMode::MinusOneToOne => (z + 1.0) / 2.0,
        };
        // Clipped: the clear's depth stays.
        let expected = if unit < 0.0 {
            1.0
        } else {
            min + unit * (max - min)
        };
        let states = [StateChange::DepthMode(mode), range(min, max)];
        for written in depths_after(&rig, &depth_vert(z), &states, &FULL_PX) {
            assert_depth(
                written,
                expected,
                &format!("{mode:?} z {z} range {min}-{max}"),
            );
        }
    }
}

/// Vertex 0 red, 1 green, 2 blue, passed flat: the triangle takes its first vertex's
/// colour by default and its last's with the last provoking vertex.
const CORNER_COLOUR_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
layout(location = 0) flat out vec4 corner;
void main() {
    gl_Position = vec4(position, 0.5, 1.0);
    corner = vec4(gl_VertexIndex == 0, gl_VertexIndex == 1, gl_VertexIndex == 2, 1.0);
}
";

const CORNER_COLOUR_FRAG: &str = "#version 450
layout(location = 0) flat in vec4 corner;
layout(location = 0) out vec4 colour;
void main() {
    colour = corner;
}
";

#[test]
fn the_provoking_vertex_gives_flat_outputs_their_vertex() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, CORNER_COLOUR_VERT),
            (Stage::Fragment, CORNER_COLOUR_FRAG),
        ],
    );
    let positions: Vec<f32> = FULL_PX.iter().map(|&px| ndc(px)).collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &positions);
    for (vertex, expected) in [
        (ProvokingVertex::First, [255, 0, 0, 255]),
        (ProvokingVertex::Last, [0, 0, 255, 255]),
    ] {
        let mut commands = rig.cleared(view, [0.0, 0.0, 0.0, 1.0]);
        bind_positions(&mut commands, program, positions);
        commands
            .set_state(StateChange::ProvokingVertex(vertex))
            .unwrap();
        commands.draw(triangle()).unwrap();
        let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
        let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
        for pixel in pixels.chunks(4) {
            assert_eq!(pixel, expected, "{vertex:?}");
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
    // A scissor covering the target cuts nothing: the clear is the pass's load op again.
    let in_pass = || rig.backend.lock().stats().clears_in_pass;
    let before = in_pass();
    let mut commands = rig.device.command_buffer();
    commands
        .set_state(StateChange::Scissors {
            first: 0,
            scissors: vec![Scissor::covering(SIZE_PX, SIZE_PX)],
        })
        .unwrap();
    commands.bind_render_targets(targets).unwrap();
    commands
        .clear_color(0, ClearValue::Float([1.0; 4]), ComponentMask::ALL)
        .unwrap();
    let whole = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    assert!(whole.iter().all(|&byte| byte == 255));
    assert_eq!(
        in_pass(),
        before,
        "the covering scissor's clear is a load op"
    );
}

/// Green at a quarter alpha.
const QUARTER_GREEN_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
void main() {
    colour = vec4(0.0, 1.0, 0.0, 0.25);
}
";

/// Unorm8 of a blend result, as the CPU computes it.
fn unorm8(value: f32) -> u8 {
    (value.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// Blending over a red target against the CPU's `src * sf + dst * df`, per channel: the
/// classic alpha blend, a separate alpha equation, and the blend constant as a factor;
/// NVN's colour state's blend enables turning an equation set off on, and one set on off
/// (the fragment's colour replaces the target's).
#[test]
fn blending_follows_the_cpu_equation() {
    let rig = Rig::new(true);
    let source = [0.0_f32, 1.0, 0.0, 0.25];
    let destination = [1.0_f32, 0.0, 0.0, 1.0];
    let constant = [0.5_f32, 0.25, 1.0, 0.75];
    let blend = |color: BlendEquation, alpha: BlendEquation| StateChange::Blend {
        target: 0,
        state: BlendState {
            enabled: true,
            color,
            alpha,
        },
    };
    let equation = |src_factor, dst_factor, op| BlendEquation {
        src_factor,
        dst_factor,
        op,
    };
    type Model = fn(usize, [f32; 4], [f32; 4], [f32; 4]) -> f32;
    let off = StateChange::Blend {
        target: 0,
        state: BlendState {
            enabled: false,
            color: BlendEquation::ALPHA,
            alpha: BlendEquation::ALPHA,
        },
    };
    let cases: [(Vec<StateChange>, Model); 5] = [
        (
            vec![off.clone(), StateChange::BlendEnables(0b1)],
            |c, s, d, _| s[c] * s[3] + d[c] * (1.0 - s[3]),
        ),
        (
            vec![
                blend(BlendEquation::ALPHA, BlendEquation::ALPHA),
                StateChange::BlendEnables(0b1110),
            ],
            |c, s, _, _| s[c],
        ),
        (
            vec![blend(BlendEquation::ALPHA, BlendEquation::ALPHA)],
            |c, s, d, _| s[c] * s[3] + d[c] * (1.0 - s[3]),
        ),
        (
            vec![blend(
                BlendEquation::ALPHA,
                equation(BlendFactor::One, BlendFactor::One, BlendOp::ReverseSubtract),
            )],
            |c, s, d, _| match c {
                3 => d[3] - s[3],
                _ => s[c] * s[3] + d[c] * (1.0 - s[3]),
            },
        ),
        (
            vec![
                StateChange::BlendConstant(constant),
                blend(
                    equation(
                        BlendFactor::ConstantColor,
                        BlendFactor::OneMinusConstantColor,
                        BlendOp::Add,
                    ),
                    equation(BlendFactor::ConstantAlpha, BlendFactor::Zero, BlendOp::Add),
                ),
            ],
            |c, s, d, k| match c {
                3 => s[3] * k[3],
                _ => s[c] * k[c] + d[c] * (1.0 - k[c]),
            },
        ),
    ];
    for (states, model) in cases {
        let drawn = draw_with(
            &rig,
            QUARTER_GREEN_FRAG,
            &states,
            PrimitiveKind::Triangles,
            &FULL_PX,
            0.5,
            destination,
        );
        let expected: [u8; 4] =
            std::array::from_fn(|c| unorm8(model(c, source, destination, constant)));
        for pixel in drawn.pixels.chunks(4) {
            for c in 0..4 {
                assert!(
                    pixel[c].abs_diff(expected[c]) <= 1,
                    "{states:?}: {pixel:?} against {expected:?}"
                );
            }
        }
    }
}

/// Culling against the CPU's facing of the triangle: its signed area in framebuffer
/// coordinates (Vulkan's formula) with the front face's winding; discard draws nothing.
#[test]
fn culling_follows_the_winding_and_discard_draws_nothing() {
    let rig = Rig::new(true);
    let black = [0.0, 0.0, 0.0, 1.0];
    let corners: Vec<[f32; 2]> = TRIANGLE_PX.chunks(2).map(|xy| [xy[0], xy[1]]).collect();
    let doubled_area: f32 = (0..3)
        .map(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % 3]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum::<f32>()
        * -0.5;
    for cull in [
        CullMode::None,
        CullMode::Front,
        CullMode::Back,
        CullMode::FrontAndBack,
    ] {
        for front_face in [FrontFace::Ccw, FrontFace::Cw] {
            let state = rasterizer(|r| {
                r.cull = cull;
                r.front_face = front_face;
            });
            let drawn = draw(
                &rig,
                &[state],
                PrimitiveKind::Triangles,
                &TRIANGLE_PX,
                0.5,
                black,
            );
            let front = (doubled_area > 0.0) == (front_face == FrontFace::Ccw);
            let culled = match cull {
                CullMode::None => false,
                CullMode::Front => front,
                CullMode::Back => !front,
                CullMode::FrontAndBack => true,
            };
            let expected = if culled { BLACK } else { GREEN };
            assert_eq!(drawn.at(5, 5), expected, "{cull:?} {front_face:?}");
        }
    }
    let discarded = draw(
        &rig,
        &[rasterizer(|r| r.discard = true)],
        PrimitiveKind::Triangles,
        &FULL_PX,
        0.5,
        black,
    );
    assert!(discarded.pixels.chunks(4).all(|pixel| pixel == BLACK));
}

/// Green with alpha rising across the columns: `(x + 0.5) / 16` at column x.
const ALPHA_RAMP_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
void main() { colour = vec4(0.0, 1.0, 0.0, gl_FragCoord.x / 16.0); }
";

/// NVN's alpha test, every compare against the CPU model: a column's fragments are kept
/// where `alpha compare reference` holds (the reference is column 8's alpha exactly, so
/// equal and not-equal are tested too), and the rest leave the cleared black.
#[test]
fn the_alpha_test_keeps_what_passes_each_compare_as_the_cpu_model_says() {
    let rig = Rig::new(true);
    let reference = 8.5 / 16.0;
    let shape = (PrimitiveKind::Triangles, &FULL_PX[..]);
    for compare in [
        CompareOp::Never,
        CompareOp::Less,
        CompareOp::Equal,
        CompareOp::LessEqual,
        CompareOp::Greater,
        CompareOp::NotEqual,
        CompareOp::GreaterEqual,
        CompareOp::Always,
    ] {
        let test = StateChange::AlphaTest(Some(gpu::state::AlphaTest { compare, reference }));
        let black = [0.0, 0.0, 0.0, 1.0];
        let drawn = draw_into(
            &rig,
            &[
                (Stage::Vertex, &depth_vert(0.5)),
                (Stage::Fragment, ALPHA_RAMP_FRAG),
            ],
            &[test],
            shape,
            black,
            None,
        );
        for x in 0..SIZE_PX {
            let alpha = (x as f32 + 0.5) / 16.0;
            let passes = match compare {
                CompareOp::Never => false,
                CompareOp::Less => alpha < reference,
                CompareOp::Equal => alpha == reference,
                CompareOp::LessEqual => alpha <= reference,
                CompareOp::Greater => alpha > reference,
                CompareOp::NotEqual => alpha != reference,
                CompareOp::GreaterEqual => alpha >= reference,
                CompareOp::Always => true,
            };
            let expected = if passes {
                [0, 255, 0, unorm8(alpha)]
            } else {
                BLACK
            };
            for y in 0..SIZE_PX {
                assert_eq!(drawn.at(x, y), expected, "{compare:?}: ({x}, {y})");
            }
        }
    }
    // Off again: every fragment kept.
    let off = draw_into(
        &rig,
        &[
            (Stage::Vertex, &depth_vert(0.5)),
            (Stage::Fragment, ALPHA_RAMP_FRAG),
        ],
        &[StateChange::AlphaTest(None)],
        shape,
        [0.0, 0.0, 0.0, 1.0],
        None,
    );
    assert_eq!(off.at(0, 0), [0, 255, 0, unorm8(0.5 / 16.0)]);
    let mut commands = rig.device.command_buffer();
    assert!(matches!(
        commands.set_state(StateChange::AlphaTest(Some(gpu::state::AlphaTest {
            compare: CompareOp::Less,
            reference: f32::NAN,
        }))),
        Err(gpu::RecordError::BadArgument { .. })
    ));
}

/// A vertex stage choosing viewport `gl_InstanceIndex`: 16 instances of one triangle
/// over the whole clip space.
const VIEWPORT_INDEX_VERT: &str = "#version 450
#extension GL_ARB_shader_viewport_layer_array : require
layout(location = 0) in vec2 position;
void main() {
    gl_Position = vec4(position, 0.5, 1.0);
    gl_ViewportIndex = gl_InstanceIndex;
}
";

/// The window depth as red: which depth range the viewport mapped z through.
const DEPTH_AS_RED_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
void main() { colour = vec4(gl_FragCoord.z, 0.0, 0.0, 1.0); }
";

/// Viewport `index` of the 16: a 4x4 cell of the target, row by row, its depth range
/// collapsed to `index / 15`.
fn cell_viewport(index: u32) -> Viewport {
    let depth = index as f32 / 15.0;
    Viewport {
        x_px: (index % 4 * 4) as f32,
        y_px: (index / 4 * 4) as f32,
        width_px: 4.0,
        height_px: 4.0,
        min_depth: depth,
        max_depth: depth,
    }
}

/// Scissor `index`: its cell's first 3x3 pixels.
fn cell_scissor(index: u32) -> Scissor {
    Scissor {
        x_px: (index % 4 * 4) as i32,
        y_px: (index / 4 * 4) as i32,
        width_px: 3,
        height_px: 3,
    }
}

/// The CPU model: each cell's scissored 3x3 pixels red `index * 17` (its depth, 8-bit),
/// the rest as cleared.
fn cells_model() -> Vec<u8> {
    let mut pixels = Vec::new();
    for y in 0..SIZE_PX {
        for x in 0..SIZE_PX {
            let index = y / 4 * 4 + x / 4;
            let inside = x % 4 < 3 && y % 4 < 3;
            let red = (index * 17) as u8;
            pixels.extend_from_slice(&if inside { [red, 0, 0, 255] } else { BLACK });
        }
    }
    pixels
}

/// Viewports, scissors and depth ranges 0-15, chosen by the vertex stage's
/// `gl_ViewportIndex` (multiViewport): each instance lands in its own cell, cut by its
/// own scissor, at its own depth, as the CPU model says. A device without multiViewport
/// refuses such a program when it is made, naming it.
#[test]
fn viewports_scissors_and_depth_ranges_1_to_15_follow_the_viewport_index() {
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, VIEWPORT_INDEX_VERT),
            (Stage::Fragment, DEPTH_AS_RED_FRAG),
        ],
    );
    let positions = positions_at(
        &rig.device,
        rig.pool,
        1 << 20,
        &common::draw::FULL_TRIANGLE_NDC,
    );
    let mut commands = rig.cleared(view, [0.0, 0.0, 0.0, 1.0]);
    bind_positions(&mut commands, program, positions);
    let states = [
        StateChange::Viewports {
            first: 0,
            viewports: (0..16).map(cell_viewport).collect(),
        },
        StateChange::Scissors {
            first: 0,
            scissors: (0..16).map(cell_scissor).collect(),
        },
    ];
    for state in reset().iter().chain(&states) {
        commands.set_state(state.clone()).unwrap();
    }
    commands
        .draw(DrawArrays {
            instance_count: 16,
            ..triangle()
        })
        .unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    let model = cells_model();
    for (at, (drawn, expected)) in pixels.chunks(4).zip(model.chunks(4)).enumerate() {
        let (x, y) = (at as u32 % SIZE_PX, at as u32 / SIZE_PX);
        // The depth may round either way at the 8-bit conversion.
        let close = drawn.iter().zip(expected).all(|(a, b)| a.abs_diff(*b) <= 1);
        assert!(close, "({x}, {y}): {drawn:?}, the model {expected:?}");
    }

    let mut lacking = *rig.device.features();
    lacking.multi_viewport = false;
    let without = Rig::with_options(gpu_vk::executor::ExecutorOptions {
        state_features: Some(lacking),
        ..gpu_vk::executor::ExecutorOptions::default()
    });
    let shader = common::programs::translator()
        .translate(&shader_translate::ShaderSource {
            name: "viewport-index".into(),
            stage: Stage::Vertex,
            code: shader_translate::ShaderCode::Glsl(VIEWPORT_INDEX_VERT.into()),
        })
        .expect("translates");
    let made = without.device.create_program(&gpu::objects::ProgramMaker {
        modules: vec![gpu::objects::ShaderModule::from(&shader)],
    });
    assert!(
        matches!(
            made,
            Err(gpu::ObjectError::Program(
                gpu::objects::program::ProgramError::ViewportIndexOutput {
                    capability: "multiViewport",
                    ..
                }
            ))
        ),
        "{made:?}"
    );
}

/// Stencil against the CPU model: front and back faces use their own state (the test
/// triangle is back-facing), writes keep only the write mask's bits, and the compare
/// reads only the read mask's; references and masks change no pipeline.
#[test]
fn stencil_faces_and_masks_follow_the_cpu_model() {
    use gpu::state::{StencilFace, StencilOp};
    let rig = Rig::new(true);
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let (_, stencil_view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("z24s8").unwrap(), SIZE_PX, SIZE_PX),
        64 << 10,
    );
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, depth_vert(0.5).as_str()),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    let positions: Vec<f32> = TRIANGLE_PX.iter().map(|&px| ndc(px)).collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &positions);
    let mut targets = colour(view);
    targets.depth_stencil = Some(stencil_view);
    let never = StencilFace {
        compare: CompareOp::Never,
        ..StencilFace::default()
    };
    // Draws the back-facing triangle with `back`, over stencil left by earlier draws;
    // the stencil is cleared to 0 first when `clear` says so.
    let pass = |back: StencilFace, clear: bool| {
        let mut commands = rig.cleared(view, [0.0, 0.0, 0.0, 1.0]);
        commands.bind_render_targets(targets).unwrap();
        if clear {
            commands.clear_depth_stencil(None, Some(0), 0xff).unwrap();
        }
        bind_positions(&mut commands, program, positions);
        for state in reset() {
            commands.set_state(state).unwrap();
        }
        commands
            .set_state(StateChange::DepthStencil(DepthStencilState {
                stencil_test: true,
                front: never,
                back,
                ..DepthStencilState::default()
            }))
            .unwrap();
        commands.draw(triangle()).unwrap();
        let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
        let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
        pixels[((5 * SIZE_PX + 5) * 4) as usize..][..4] == GREEN
    };
    // Back faces take the back state: Always draws (the front's Never is not used) and
    // writes 0xff through a 0x0f write mask: the CPU model leaves 0x0f.
    let (replaced, write_mask) = (0xff_u8, 0x0f_u8);
    let written = replaced & write_mask;
    assert!(pass(
        StencilFace {
            compare: CompareOp::Always,
            pass: StencilOp::Replace,
            reference: replaced,
            write_mask,
            ..StencilFace::default()
        },
        true
    ));
    // Equal against what the CPU model says is there, with and without a read mask. The
    // reference and masks are dynamic state: after the first, no draw makes a pipeline.
    let mut pipelines_before = None;
    for (reference, read_mask) in [(0x0f, 0xff), (0x1f, 0x0f), (0x1f, 0xff), (0x0e, 0x0f)] {
        let expected = (reference & read_mask) == (written & read_mask);
        let drawn = pass(
            StencilFace {
                compare: CompareOp::Equal,
                reference,
                read_mask,
                write_mask: 0,
                ..StencilFace::default()
            },
            false,
        );
        assert_eq!(
            drawn, expected,
            "reference {reference:#x} read mask {read_mask:#x}"
        );
        let made = rig.backend.lock().stats().pipelines_created;
        assert_eq!(
            *pipelines_before.get_or_insert(made),
            made,
            "a pipeline per value"
        );
    }
}

/// Colour 0 and the second source colour of one fragment stage, green and a half grey.
const DUAL_SOURCE_FRAG: &str = "#version 450
layout(location = 0, index = 0) out vec4 colour;
layout(location = 0, index = 1) out vec4 second;
void main() {
    colour = vec4(0.0, 1.0, 0.0, 1.0);
    second = vec4(0.5, 0.5, 0.5, 0.5);
}
";

/// Dual-source blending: `src * 1 + dst * src1` against the CPU over a red target.
#[test]
fn dual_source_blending_reads_the_second_colour() {
    let rig = Rig::new(true);
    let destination = [1.0_f32, 0.0, 0.0, 1.0];
    let equation = BlendEquation {
        src_factor: BlendFactor::One,
        dst_factor: BlendFactor::Src1Color,
        op: BlendOp::Add,
    };
    let blend = StateChange::Blend {
        target: 0,
        state: BlendState {
            enabled: true,
            color: equation,
            alpha: BlendEquation {
                dst_factor: BlendFactor::Src1Alpha,
                ..equation
            },
        },
    };
    let drawn = draw_with(
        &rig,
        DUAL_SOURCE_FRAG,
        &[blend],
        PrimitiveKind::Triangles,
        &FULL_PX,
        0.5,
        destination,
    );
    let source = [0.0_f32, 1.0, 0.0, 1.0];
    let expected: [u8; 4] = std::array::from_fn(|c| unorm8(source[c] + destination[c] * 0.5));
    for pixel in drawn.pixels.chunks(4) {
        for c in 0..4 {
            assert!(
                pixel[c].abs_diff(expected[c]) <= 1,
                "{pixel:?} against {expected:?}"
            );
        }
    }
}

/// The depth bounds test keeps fragments where the depth target already holds a value
/// within the bounds (the CPU model: cleared depth 0.5 against each pair), whatever the
/// fragment's own depth; off, everything is drawn. On a device without `depthBounds`
/// (lavapipe 22.3) the bounds are refused when recorded, and that is what is checked.
#[test]
fn the_depth_bounds_test_reads_the_depth_already_there() {
    let rig = Rig::new(true);
    if !rig.device.features().depth_bounds {
        let mut commands = rig.device.command_buffer();
        let bounds = Some(DepthBounds { min: 0.0, max: 0.5 });
        assert!(matches!(
            commands.set_state(StateChange::DepthBounds(bounds)),
            Err(gpu::RecordError::MissingCapability {
                capability: "depthBounds",
                ..
            })
        ));
        commands.set_state(StateChange::DepthBounds(None)).unwrap();
        return;
    }
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let (_, depth_view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("z32f").unwrap(), SIZE_PX, SIZE_PX),
        64 << 10,
    );
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, depth_vert(0.9).as_str()),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    let positions: Vec<f32> = FULL_PX.iter().map(|&px| ndc(px)).collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &positions);
    let stored = 0.5_f32;
    for bounds in [
        None,
        Some(DepthBounds { min: 0.0, max: 0.4 }),
        Some(DepthBounds { min: 0.4, max: 0.6 }),
        Some(DepthBounds { min: 0.6, max: 1.0 }),
    ] {
        let mut commands = rig.cleared(view, [0.0, 0.0, 0.0, 1.0]);
        let mut targets = colour(view);
        targets.depth_stencil = Some(depth_view);
        commands.bind_render_targets(targets).unwrap();
        commands
            .clear_depth_stencil(Some(stored), None, 0xff)
            .unwrap();
        bind_positions(&mut commands, program, positions);
        for state in reset() {
            commands.set_state(state).unwrap();
        }
        commands
            .set_state(StateChange::DepthStencil(DepthStencilState::default()))
            .unwrap();
        commands
            .set_state(StateChange::DepthBounds(bounds))
            .unwrap();
        commands.draw(triangle()).unwrap();
        let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
        let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
        let kept = bounds.is_none_or(|b| (b.min..=b.max).contains(&stored));
        let expected = if kept { GREEN } else { BLACK };
        for pixel in pixels.chunks(4) {
            assert_eq!(pixel, expected, "{bounds:?}");
        }
    }
}

/// Samples texel column x (of an 8x8 texture whose texel (x, y) is (32x, 32y, 0, 255))
/// at texture coordinate `u`, row 4, with a nearest-filtering sampler of `maker`.
fn sampled(rig: &Rig, maker: gpu::objects::SamplerMaker, u: f32) -> [u8; 4] {
    use common::texels::swizzled;
    let builder = TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), 8, 8);
    let layout = builder.layout().unwrap();
    let (_, source) = rig.texture(&builder, 128 << 10);
    let linear: Vec<u8> = (0..64)
        .flat_map(|at: u32| [(at % 8 * 32) as u8, (at / 8 * 32) as u8, 0, 255])
        .collect();
    rig.device
        .write_pool(rig.pool, 128 << 10, &swizzled(&layout, &linear))
        .unwrap();
    let textures = rig.device.create_texture_table(4).unwrap();
    let samplers = rig.device.create_sampler_table(4).unwrap();
    rig.device.register_texture(textures, 1, source).unwrap();
    let sampler = rig.device.create_sampler(&maker).unwrap();
    rig.device.register_sampler(samplers, 1, sampler).unwrap();
    let fragment = format!(
        "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D source;
void main() {{
    colour = texture(source, vec2({u:.4}, 0.5625));
}}
"
    );
    let black = [0.0, 0.0, 0.0, 1.0];
    let tables = Some((textures, samplers));
    let shape = (PrimitiveKind::Triangles, &FULL_PX[..]);
    let drawn = draw_into(
        rig,
        &[
            (Stage::Vertex, &depth_vert(0.5)),
            (Stage::Fragment, &fragment),
        ],
        &[],
        shape,
        black,
        tables,
    );
    drawn.at(0, 0)
}

/// Clamp to a custom border colour and mirror clamp to edge, against the CPU model of the
/// wrap: outside [0, 1], the border reads the colour; mirror clamp reads texel column
/// floor(min(|u|, 1) * 8), which plain mirrored repeat does not for |u| > 1.
#[test]
fn custom_border_colours_and_mirror_clamp_sample_as_the_cpu_wraps() {
    use gpu::objects::{SamplerMaker, WrapMode};
    let rig = Rig::new(true);
    let border = [0.25_f32, 0.5, 0.75, 1.0];
    let clamped = SamplerMaker {
        wrap: [WrapMode::ClampToBorder; 3],
        border_color: border,
        ..SamplerMaker::default()
    };
    // 0.5 is 127.5 in 8 bits: Vulkan's float-to-unorm conversion may round that tie either
    // way (NVIDIA's gives 127, lavapipe's 128), so each channel may be one step off.
    let read = sampled(&rig, clamped, -0.25);
    let expected = border.map(|c| c * 255.0);
    for (channel, (&got, &want)) in read.iter().zip(&expected).enumerate() {
        assert!(
            (f32::from(got) - want).abs() <= 1.0,
            "border channel {channel}: {read:?} against {expected:?}"
        );
    }
    let mirror = SamplerMaker {
        wrap: [WrapMode::MirrorClampToEdge; 3],
        ..SamplerMaker::default()
    };
    for u in [-0.3_f32, -1.5, 0.6] {
        let column = ((u.abs().min(1.0) * 8.0).floor() as u32).min(7);
        let expected = [(column * 32) as u8, 128, 0, 255];
        assert_eq!(sampled(&rig, mirror, u), expected, "u {u}");
    }
}

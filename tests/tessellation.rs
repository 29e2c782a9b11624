//! Tessellation in draws, on the real driver (validation on): a quad patch of four
//! control points is tessellated with known levels, from a control stage and from NVN's
//! level state (no control stage: Hookshot makes the pass-through), and checked against
//! a CPU model of the tessellator (the domain points equal spacing makes for a quad,
//! each placed on the bilinear patch) and of the pixels the patch covers. A device
//! without `tessellationShader` refuses the program and the state when recorded.
//! `state_coverage` names these tests.

mod common;

use common::draw::{bind_positions, colour, positions_at};
use common::programs::{program, GREEN_FRAG, POSITION_VERT};
use common::readback::{pool_bytes, region};
use common::rig::Rig;
use gpu::command::{BufferBinding, ClearValue, DrawArrays};
use gpu::objects::{BufferRange, TextureBuilder};
use gpu::state::{ComponentMask, PrimitiveKind, StateChange};
use gpu::RecordError;
use memory::Format;
use shader_translate::Stage;

const SIZE_PX: u32 = 32;
/// The patch's control points (clip space), in the order the evaluation stage reads.
const CORNERS: [[f32; 2]; 4] = [[-0.8, -0.9], [0.7, -0.6], [0.9, 0.8], [-0.5, 0.6]];
/// Where the evaluation stage's records go, and how many it may write.
const POINTS_OFFSET_B: u64 = 3 << 20;
const MAX_POINTS: usize = 512;
const POINTS_B: u64 = 16 + 16 * MAX_POINTS as u64;

/// Writes each domain point (u, v) and the position it evaluates to (x, y) to storage
/// slot 0, the position bilinear in the four control points.
const QUAD_EVAL: &str = "#version 450
layout(quads, equal_spacing, ccw) in;
layout(std430, binding = 0) buffer Points { uint count; vec4 points[]; };
void main() {
    vec4 low = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
    vec4 high = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
    gl_Position = mix(low, high, gl_TessCoord.y);
    uint at = atomicAdd(count, 1u);
    if (at < 512u) {
        points[at] = vec4(gl_TessCoord.xy, gl_Position.xy);
    }
}
";

/// Outer levels (2, 3, 4, 5) and inner levels (3, 2), control points passed through.
const QUAD_CONTROL: &str = "#version 450
layout(vertices = 4) out;
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = 2.0;
        gl_TessLevelOuter[1] = 3.0;
        gl_TessLevelOuter[2] = 4.0;
        gl_TessLevelOuter[3] = 5.0;
        gl_TessLevelInner[0] = 3.0;
        gl_TessLevelInner[1] = 2.0;
    }
}
";

/// The distinct domain points a quad with integer `outer` and `inner` levels (inner at
/// least 2) makes with equal spacing: the corners, each edge cut into its outer level's
/// segments (outer 0 the u = 0 edge, 1 v = 0, 2 u = 1, 3 v = 1), and the interior grid
/// of the inner levels.
fn quad_domain_points(outer: [u32; 4], inner: [u32; 2]) -> Vec<[f32; 2]> {
    let mut points = vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
    let cut = |n: u32| (1..n).map(move |k| k as f32 / n as f32);
    points.extend(cut(outer[0]).map(|t| [0.0, t]));
    points.extend(cut(outer[1]).map(|t| [t, 0.0]));
    points.extend(cut(outer[2]).map(|t| [1.0, t]));
    points.extend(cut(outer[3]).map(|t| [t, 1.0]));
    for u in cut(inner[0]) {
        points.extend(cut(inner[1]).map(|v| [u, v]));
    }
    points
}

fn bilinear(u: f32, v: f32) -> [f32; 2] {
    let mix =
        |a: [f32; 2], b: [f32; 2], t: f32| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    mix(
        mix(CORNERS[0], CORNERS[1], u),
        mix(CORNERS[3], CORNERS[2], u),
        v,
    )
}

/// The signed distance, in pixels, of pixel (x, y)'s centre inside the convex patch
/// (negative outside): the bilinear patch's edges are straight, so its triangles cover
/// the quad of its corners exactly.
fn inside_px(x: u32, y: u32) -> f32 {
    let to_px = |ndc: f32| (ndc + 1.0) * 0.5 * SIZE_PX as f32;
    let centre = [x as f32 + 0.5, y as f32 + 0.5];
    let corners = CORNERS.map(|[cx, cy]| [to_px(cx), to_px(cy)]);
    let winding = {
        let [a, b, c] = [corners[0], corners[1], corners[2]];
        ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])).signum()
    };
    (0..4)
        .map(|edge| {
            let (a, b) = (corners[edge], corners[(edge + 1) % 4]);
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let cross = dx * (centre[1] - a[1]) - dy * (centre[0] - a[0]);
            winding * cross / (dx * dx + dy * dy).sqrt()
        })
        .fold(f32::INFINITY, f32::min)
}

/// Draws the patch with `program` after `state`, and returns the evaluation stage's
/// records (u, v, x, y) and the target's RGBA8 pixels.
fn draw_patch(
    rig: &Rig,
    program: gpu::ProgramId,
    state: &[StateChange],
) -> (Vec<[f32; 4]>, Vec<u8>) {
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let corners: Vec<f32> = CORNERS.iter().flatten().copied().collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &corners);
    rig.device
        .write_pool(rig.pool, POINTS_OFFSET_B, &vec![0; POINTS_B as usize])
        .unwrap();
    let points = rig.buffer(POINTS_OFFSET_B, POINTS_B);
    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(colour(view)).unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([0.0, 0.0, 0.0, 1.0]),
            ComponentMask::ALL,
        )
        .unwrap();
    bind_positions(&mut commands, program, positions);
    commands
        .bind_buffer(
            BufferBinding::Storage {
                stage: gpu::objects::Stage::TessEval,
                slot: 0,
            },
            BufferRange {
                buffer: points,
                offset_b: 0,
                size_b: POINTS_B,
            },
        )
        .unwrap();
    commands.set_state(StateChange::PatchSize(4)).unwrap();
    // `inside_px` counts pixel rows down from the first as clip-space y grows, as
    // Vulkan's clip space does: deko3d's y axis down.
    commands
        .set_state(StateChange::ClipYAxis(gpu::state::ClipYAxis::Down))
        .unwrap();
    for change in state {
        commands.set_state(change.clone()).unwrap();
    }
    commands
        .draw(DrawArrays {
            primitive: PrimitiveKind::Patches,
            first_vertex: 0,
            vertex_count: 4,
            first_instance: 0,
            instance_count: 1,
        })
        .unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    let bytes = pool_bytes(&rig.device, rig.pool, POINTS_OFFSET_B, POINTS_B as usize);
    let word = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let count = u32::from_le_bytes(bytes[0..4].try_into().unwrap()) as usize;
    assert!(count <= MAX_POINTS, "{count} evaluations");
    let records = (0..count)
        .map(|at| {
            let base = 16 + 16 * at;
            [word(base), word(base + 4), word(base + 8), word(base + 12)]
        })
        .collect();
    (records, pixels)
}

/// The records hold exactly the CPU's domain points (each at least once), each at its
/// place on the bilinear patch; the pixels are green well inside the patch and the
/// clear colour well outside it.
fn check_patch(records: &[[f32; 4]], pixels: &[u8], outer: [u32; 4], inner: [u32; 2]) {
    let expected = quad_domain_points(outer, inner);
    let near = |a: [f32; 2], b: [f32; 2]| (a[0] - b[0]).abs() < 1e-5 && (a[1] - b[1]).abs() < 1e-5;
    for point in &expected {
        assert!(
            records.iter().any(|r| near([r[0], r[1]], *point)),
            "domain point {point:?} was not evaluated (levels {outer:?} {inner:?})"
        );
    }
    for record in records {
        let (u, v) = (record[0], record[1]);
        assert!(
            expected.iter().any(|point| near([u, v], *point)),
            "({u}, {v}) is no domain point of levels {outer:?} {inner:?}"
        );
        let [x, y] = bilinear(u, v);
        assert!(
            (record[2] - x).abs() < 1e-5 && (record[3] - y).abs() < 1e-5,
            "({u}, {v}) evaluated to ({}, {}), the CPU's ({x}, {y})",
            record[2],
            record[3]
        );
    }
    for y in 0..SIZE_PX {
        for x in 0..SIZE_PX {
            let at = ((y * SIZE_PX + x) * 4) as usize;
            let pixel = &pixels[at..at + 4];
            let inside = inside_px(x, y);
            if inside > 0.5 {
                assert_eq!(pixel, [0, 255, 0, 255], "({x}, {y}) inside the patch");
            } else if inside < -0.5 {
                assert_eq!(pixel, [0, 0, 0, 255], "({x}, {y}) outside the patch");
            }
        }
    }
}

#[test]
fn a_quad_patch_is_tessellated_by_its_control_stages_levels() {
    let rig = Rig::new(true);
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, POSITION_VERT),
            (Stage::TessControl, QUAD_CONTROL),
            (Stage::TessEval, QUAD_EVAL),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    // The level state is for programs without a control stage: this one's levels win.
    let state = [
        StateChange::InnerTessellationLevels([7.0, 7.0]),
        StateChange::OuterTessellationLevels([7.0; 4]),
    ];
    let (records, pixels) = draw_patch(&rig, program, &state);
    check_patch(&records, &pixels, [2, 3, 4, 5], [3, 2]);
}

#[test]
fn a_program_without_a_control_stage_takes_the_level_state() {
    let rig = Rig::new(true);
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, POSITION_VERT),
            (Stage::TessEval, QUAD_EVAL),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    for (outer, inner) in [([3, 1, 2, 5], [4, 3]), ([1, 1, 1, 1], [2, 2])] {
        let state = [
            StateChange::InnerTessellationLevels(inner.map(|level| level as f32)),
            StateChange::OuterTessellationLevels(outer.map(|level| level as f32)),
        ];
        let (records, pixels) = draw_patch(&rig, program, &state);
        check_patch(&records, &pixels, outer, inner);
    }
}

#[test]
fn tessellation_is_refused_when_recorded_without_the_feature_and_patches_must_fit() {
    let rig = Rig::lacking(|features| features.tessellation_shader = false);
    let tessellating = program(
        &rig.device,
        &[
            (Stage::Vertex, POSITION_VERT),
            (Stage::TessControl, QUAD_CONTROL),
            (Stage::TessEval, QUAD_EVAL),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    let mut commands = rig.device.command_buffer();
    for refused in [
        commands.bind_program(tessellating),
        commands.set_state(StateChange::PatchSize(4)),
        commands.set_state(StateChange::OuterTessellationLevels([2.0; 4])),
    ] {
        match refused {
            Err(RecordError::MissingCapability { capability, .. }) => {
                assert_eq!(capability, "tessellationShader")
            }
            other => panic!("recorded without tessellationShader: {other:?}"),
        }
    }
    assert!(commands.list().is_empty(), "nothing was recorded");
    drop(commands);
    drop(rig);

    // With the feature: a patch size past 32, levels past 64, patches drawn with a
    // program that does not tessellate, and triangles with one that does, are refused.
    let rig = Rig::new(true);
    let mut commands = rig.device.command_buffer();
    for bad in [
        StateChange::PatchSize(0),
        StateChange::PatchSize(33),
        StateChange::InnerTessellationLevels([65.0, 1.0]),
        StateChange::OuterTessellationLevels([1.0, f32::NAN, 1.0, 1.0]),
    ] {
        assert!(
            matches!(
                commands.set_state(bad.clone()),
                Err(RecordError::StateOutOfRange { .. })
            ),
            "{bad:?}"
        );
    }
    let (_, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let flat = program(
        &rig.device,
        &[
            (Stage::Vertex, POSITION_VERT),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    let tessellating = program(
        &rig.device,
        &[
            (Stage::Vertex, POSITION_VERT),
            (Stage::TessEval, QUAD_EVAL),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    commands.bind_render_targets(colour(view)).unwrap();
    let draw = |primitive| DrawArrays {
        primitive,
        first_vertex: 0,
        vertex_count: 4,
        first_instance: 0,
        instance_count: 1,
    };
    commands.bind_program(flat).unwrap();
    assert!(matches!(
        commands.draw(draw(PrimitiveKind::Patches)),
        Err(RecordError::BadArgument {
            what: "draw of patches",
            ..
        })
    ));
    commands.bind_program(tessellating).unwrap();
    assert!(matches!(
        commands.draw(draw(PrimitiveKind::Triangles)),
        Err(RecordError::BadArgument {
            what: "draw with a tessellating program",
            ..
        })
    ));
    commands.draw(draw(PrimitiveKind::Patches)).unwrap();
}

//! NVN's counters on the real driver (lavapipe in CI, validation and synchronization
//! validation on), pools imported and mirrored: `ReportCounter` writes 16 bytes (value,
//! then timestamp in 19.2 MHz ticks) into pool storage, which the CPU reads after the
//! fence; `ResetCounter` restarts a count; `ReportValue` writes 4 bytes. Checked against a
//! CPU model of the drawn geometry: samples passed are the pixel centres inside a quad
//! nearer than the depth buffer holds there, input vertices and primitives are what was
//! drawn, and a timestamp pair increases by no more than the wall time it spans.

mod common;

use std::time::Instant;

use common::draw::{bind_positions, colour, positions_at};
use common::programs::{program, GREEN_FRAG};
use common::readback::{pool_bytes, region};
use common::rig::Rig;
use gpu::command::counters::CONSOLE_TICKS_PER_S;
use gpu::command::{ClearValue, ConditionalRender, Counter, DrawArrays};
use gpu::error::RecordError;
use gpu::objects::BufferRange;
use gpu::objects::TextureBuilder;
use gpu::state::{
    CompareOp, ComponentMask, DepthStencilState, PrimitiveKind, RasterizerState, StateChange,
};
use gpu::{BufferId, ProgramId};
use gpu_vk::executor::ExecutorOptions;
use memory::Format;
use shader_translate::Stage;

const SIZE_PX: u32 = 8;
/// Where the reports go in the rig's pool (textures below, vertices above).
const REPORTS_OFFSET_B: u64 = 1 << 19;
const REPORTS_B: u64 = 4096;
const VERTICES_OFFSET_B: u64 = 1 << 20;

/// A quad in clip space, x from `left` to `right`, the target's whole height.
fn quad(left: f32, right: f32) -> [f32; 12] {
    [
        left, -1.0, right, -1.0, left, 1.0, right, -1.0, right, 1.0, left, 1.0,
    ]
}

const LEFT_HALF: [f32; 2] = [-1.0, 0.0];
const WHOLE: [f32; 2] = [-1.0, 1.0];

fn depth_vert(z: f32) -> String {
    format!(
        "#version 450
layout(location = 0) in vec2 position;
void main() {{
    gl_Position = vec4(position, {z:.3}, 1.0);
}}
"
    )
}

/// The CPU model of the depth buffer (in clip-space z, which the depth mode maps
/// monotonically) and of a depth-tested quad drawn over it.
struct DepthModel {
    z: Vec<f32>,
}

impl DepthModel {
    fn cleared() -> DepthModel {
        DepthModel {
            // Depth 1 is clip z 1 in either depth mode.
            z: vec![1.0; (SIZE_PX * SIZE_PX) as usize],
        }
    }
    fn centre_x_ndc(x: u32) -> f32 {
        (x as f32 + 0.5) / SIZE_PX as f32 * 2.0 - 1.0
    }
    /// Pixels whose centre is inside the quad and nearer than the buffer (LESS); with
    /// `write`, they take the quad's z.
    fn draw(&mut self, [left, right]: [f32; 2], z: f32, write: bool) -> u64 {
        let mut passed = 0;
        for y in 0..SIZE_PX {
            for x in 0..SIZE_PX {
                let centre = DepthModel::centre_x_ndc(x);
                let at = (y * SIZE_PX + x) as usize;
                if centre > left && centre < right && z < self.z[at] {
                    passed += 1;
                    if write {
                        self.z[at] = z;
                    }
                }
            }
        }
        passed
    }
}

/// A quad draw: six vertices from `first_vertex`.
fn quad_draw(first_vertex: u32) -> DrawArrays {
    DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex,
        vertex_count: 6,
        first_instance: 0,
        instance_count: 1,
    }
}

/// Value and timestamp of the report at `offset_b` into the reports buffer.
fn report(rig: &Rig, offset_b: u64) -> (u64, u64) {
    let bytes = pool_bytes(&rig.device, rig.pool, REPORTS_OFFSET_B + offset_b, 16);
    (
        u64::from_le_bytes(bytes[..8].try_into().unwrap()),
        u64::from_le_bytes(bytes[8..].try_into().unwrap()),
    )
}

struct Scene {
    reports: BufferId,
    programs: [ProgramId; 3],
    /// The left half's quad from vertex 0, the whole target's from vertex 6.
    positions: BufferRange,
}

const Z: [f32; 3] = [0.25, 0.5, 0.75];

/// The reports buffer, the programs drawing at each of `Z`, and the quads' vertices.
fn scene(rig: &Rig) -> Scene {
    let mut positions = quad(LEFT_HALF[0], LEFT_HALF[1]).to_vec();
    positions.extend(quad(WHOLE[0], WHOLE[1]));
    let positions = positions_at(&rig.device, rig.pool, VERTICES_OFFSET_B, &positions);
    let programs = Z.map(|z| {
        program(
            &rig.device,
            &[
                (Stage::Vertex, &depth_vert(z)),
                (Stage::Fragment, GREEN_FRAG),
            ],
        )
    });
    Scene {
        reports: rig.buffer(REPORTS_OFFSET_B, REPORTS_B),
        programs,
        positions,
    }
}

fn depth_state(write: bool) -> StateChange {
    StateChange::DepthStencil(DepthStencilState {
        depth_test: true,
        depth_write: write,
        depth_compare: CompareOp::Less,
        ..DepthStencilState::default()
    })
}

/// Occlusion counts of known geometry, exact: a quad partly hidden behind an occluder,
/// one fully hidden, one hidden nowhere (each after a reset), and a count that runs on
/// without a reset through a later list, and through a list with no counter op at all.
#[test]
fn samples_passed_are_exact_partly_fully_and_not_hidden() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let rgba8 = Format::from_name("rgba8").unwrap();
        let z32f = Format::from_name("z32f").unwrap();
        let (_, view) = rig.texture(&TextureBuilder::new_2d(rgba8, SIZE_PX, SIZE_PX), 0);
        let (_, depth_view) =
            rig.texture(&TextureBuilder::new_2d(z32f, SIZE_PX, SIZE_PX), 64 << 10);
        let scene = scene(&rig);
        let positions = scene.positions;
        let [near, middle, far] = scene.programs;
        let mut model = DepthModel::cleared();

        let mut commands = rig.device.command_buffer();
        let mut targets = colour(view);
        targets.depth_stencil = Some(depth_view);
        commands.bind_render_targets(targets).unwrap();
        commands
            .clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)
            .unwrap();
        commands.clear_depth_stencil(Some(1.0), None, 0xff).unwrap();
        // The occluder: the left half at z 0.5, written.
        commands.set_state(depth_state(true)).unwrap();
        bind_positions(&mut commands, middle, positions);
        commands.draw(quad_draw(0)).unwrap();
        model.draw(LEFT_HALF, Z[1], true);
        commands.set_state(depth_state(false)).unwrap();
        let mut expected = Vec::new();
        // Partly hidden: the whole target at z 0.75, behind the occluder's half.
        commands.reset_counter(Counter::SamplesPassed).unwrap();
        bind_positions(&mut commands, far, positions);
        commands.draw(quad_draw(6)).unwrap();
        expected.push(model.draw(WHOLE, Z[2], false));
        commands
            .report_counter(Counter::SamplesPassed, scene.reports, 0)
            .unwrap();
        // Fully hidden: the left half at z 0.75.
        commands.reset_counter(Counter::SamplesPassed).unwrap();
        commands.draw(quad_draw(0)).unwrap();
        expected.push(model.draw(LEFT_HALF, Z[2], false));
        commands
            .report_counter(Counter::SamplesPassed, scene.reports, 16)
            .unwrap();
        // Hidden nowhere: the whole target at z 0.25.
        commands.reset_counter(Counter::SamplesPassed).unwrap();
        bind_positions(&mut commands, near, positions);
        commands.draw(quad_draw(6)).unwrap();
        let nowhere = model.draw(WHOLE, Z[0], false);
        expected.push(nowhere);
        commands
            .report_counter(Counter::SamplesPassed, scene.reports, 32)
            .unwrap();
        rig.submit(&commands.finish());

        // No reset: the count runs on into this list...
        let mut commands = rig.device.command_buffer();
        commands.bind_render_targets(targets).unwrap();
        commands.set_state(depth_state(false)).unwrap();
        bind_positions(&mut commands, near, positions);
        commands.draw(quad_draw(6)).unwrap();
        commands
            .report_counter(Counter::SamplesPassed, scene.reports, 48)
            .unwrap();
        expected.push(nowhere * 2);
        rig.submit(&commands.finish());
        // ... and through a list without counter ops.
        let mut commands = rig.device.command_buffer();
        commands.bind_render_targets(targets).unwrap();
        commands.set_state(depth_state(false)).unwrap();
        bind_positions(&mut commands, near, positions);
        commands.draw(quad_draw(6)).unwrap();
        rig.submit(&commands.finish());
        let mut commands = rig.device.command_buffer();
        commands
            .report_counter(Counter::SamplesPassed, scene.reports, 64)
            .unwrap();
        expected.push(nowhere * 3);
        rig.submit(&commands.finish());
        rig.finish();

        assert_eq!(expected[..3], [32, 0, 64], "the CPU model's counts");
        let mut last_ticks = 0;
        for (at, expected) in expected.iter().enumerate() {
            let (value, ticks) = report(&rig, at as u64 * 16);
            assert_eq!(value, *expected, "import {import}: report {at}");
            assert!(ticks >= last_ticks, "import {import}: report {at}'s time");
            last_ticks = ticks;
        }
    }
}

/// Pipeline statistics: input vertices and primitives of what was drawn, after a reset,
/// with another statistic's reset leaving them alone.
#[test]
fn input_vertices_and_primitives_count_what_was_drawn() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let rgba8 = Format::from_name("rgba8").unwrap();
        let (_, view) = rig.texture(&TextureBuilder::new_2d(rgba8, SIZE_PX, SIZE_PX), 0);
        let scene = scene(&rig);
        let positions = scene.positions;
        let mut commands = rig.cleared(view, [0.0; 4]);
        bind_positions(&mut commands, scene.programs[0], positions);
        commands.draw(quad_draw(0)).unwrap();
        commands.reset_counter(Counter::InputVertices).unwrap();
        commands.reset_counter(Counter::InputPrimitives).unwrap();
        // Three quads: 18 vertices, 6 triangles.
        for _ in 0..3 {
            commands.draw(quad_draw(6)).unwrap();
        }
        commands
            .reset_counter(Counter::FragmentShaderInvocations)
            .unwrap();
        commands
            .report_counter(Counter::InputVertices, scene.reports, 0)
            .unwrap();
        commands
            .report_counter(Counter::InputPrimitives, scene.reports, 16)
            .unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        assert_eq!(report(&rig, 0).0, 18, "import {import}: input vertices");
        assert_eq!(report(&rig, 16).0, 6, "import {import}: input primitives");
    }
}

/// Primitives generated: two triangles a quad, counted from a reset, running on through
/// a rasterizer-discarding draw (generated, never rasterized).
#[test]
fn primitives_generated_count_what_was_drawn() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let rgba8 = Format::from_name("rgba8").unwrap();
        let (_, view) = rig.texture(&TextureBuilder::new_2d(rgba8, SIZE_PX, SIZE_PX), 0);
        let scene = scene(&rig);
        let mut commands = rig.cleared(view, [0.0; 4]);
        bind_positions(&mut commands, scene.programs[0], scene.positions);
        commands.draw(quad_draw(0)).unwrap();
        commands
            .reset_counter(Counter::PrimitivesGenerated)
            .unwrap();
        commands.draw(quad_draw(6)).unwrap();
        commands
            .report_counter(Counter::PrimitivesGenerated, scene.reports, 0)
            .unwrap();
        commands
            .set_state(StateChange::Rasterizer(RasterizerState {
                discard: true,
                ..RasterizerState::default()
            }))
            .unwrap();
        commands.draw(quad_draw(0)).unwrap();
        commands.draw(quad_draw(6)).unwrap();
        commands
            .report_counter(Counter::PrimitivesGenerated, scene.reports, 16)
            .unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        assert_eq!(report(&rig, 0).0, 2, "import {import}: one quad");
        assert_eq!(report(&rig, 16).0, 6, "import {import}: and two discarded");
    }
}

/// A timestamp pair around work: the second is later, both values equal their report's
/// timestamp, and their difference in 19.2 MHz ticks is no more than the wall time from
/// before the submission to after its fence.
#[test]
fn a_timestamp_pair_increases_in_console_ticks() {
    let rig = Rig::new(true);
    let rgba8 = Format::from_name("rgba8").unwrap();
    let (_, view) = rig.texture(&TextureBuilder::new_2d(rgba8, SIZE_PX, SIZE_PX), 0);
    let scene = scene(&rig);
    let positions = scene.positions;
    let mut commands = rig.cleared(view, [0.0; 4]);
    commands
        .report_counter(Counter::Timestamp, scene.reports, 0)
        .unwrap();
    bind_positions(&mut commands, scene.programs[0], positions);
    for _ in 0..64 {
        commands.draw(quad_draw(6)).unwrap();
    }
    commands
        .report_counter(Counter::Timestamp, scene.reports, 16)
        .unwrap();
    commands
        .report_counter(Counter::TimestampPipelineTop, scene.reports, 32)
        .unwrap();
    let list = commands.finish();
    let started = Instant::now();
    rig.submit(&list);
    rig.finish();
    let wall_s = started.elapsed().as_secs_f64();
    let (first, first_ticks) = report(&rig, 0);
    let (second, second_ticks) = report(&rig, 16);
    let (top, _) = report(&rig, 32);
    assert_eq!(first, first_ticks, "a timestamp's value is its time");
    assert_eq!(second, second_ticks, "a timestamp's value is its time");
    assert!(second > first, "{first} then {second}");
    assert!(
        top >= first,
        "the top-of-pipe time after the first: {first}, {top}"
    );
    let allowed_ticks = (wall_s * CONSOLE_TICKS_PER_S as f64).ceil() as u64 + 1;
    assert!(
        second - first <= allowed_ticks,
        "{} ticks between the two, more than {wall_s} s at 19.2 MHz ({allowed_ticks})",
        second - first
    );
}

/// `ReportValue` writes its 4 bytes, in list order: a later value at the same address
/// wins, the bytes beside it are left alone.
#[test]
fn report_values_land_in_storage_in_order() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let reports = rig.buffer(REPORTS_OFFSET_B, REPORTS_B);
        rig.device
            .write_pool(rig.pool, REPORTS_OFFSET_B, &[0xee; 16])
            .unwrap();
        let mut commands = rig.device.command_buffer();
        commands.report_value(0x1234_5678, reports, 4).unwrap();
        commands.report_value(7, reports, 8).unwrap();
        commands.report_value(0xcafe_f00d, reports, 8).unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let bytes = pool_bytes(&rig.device, rig.pool, REPORTS_OFFSET_B, 16);
        let mut expected = vec![0xee; 16];
        expected[4..8].copy_from_slice(&0x1234_5678u32.to_le_bytes());
        expected[8..12].copy_from_slice(&0xcafe_f00du32.to_le_bytes());
        assert_eq!(bytes, expected, "import {import}");
    }
}

/// Conditional rendering on counts the GPU wrote earlier in the same submission: a draw
/// skipped where two reports around a hidden quad are equal, one drawn where two around a
/// visible quad differ, one drawn on `IfEqual` of the first pair, one skipped by
/// `SetRenderEnable(false)` and its clear with it, through a list that has no render
/// enable op; the CPU model paints only the draws that run.
#[test]
fn conditional_draws_follow_counts_written_in_the_same_submission() {
    for import in [true, false] {
        let rig = Rig::new(import);
        let rgba8 = Format::from_name("rgba8").unwrap();
        let z32f = Format::from_name("z32f").unwrap();
        let (texture, view) = rig.texture(&TextureBuilder::new_2d(rgba8, SIZE_PX, SIZE_PX), 0);
        let (_, depth_view) =
            rig.texture(&TextureBuilder::new_2d(z32f, SIZE_PX, SIZE_PX), 64 << 10);
        let scene = scene(&rig);
        let positions = scene.positions;
        let [near, _, far] = scene.programs;
        let red = program(
            &rig.device,
            &[
                (Stage::Vertex, &depth_vert(Z[0])),
                (Stage::Fragment, RED_FRAG),
            ],
        );
        let right = positions_at(
            &rig.device,
            rig.pool,
            VERTICES_OFFSET_B + 4096,
            &quad(0.0, 1.0),
        );
        let mut targets = colour(view);
        targets.depth_stencil = Some(depth_view);
        let mut commands = rig.device.command_buffer();
        commands.bind_render_targets(targets).unwrap();
        commands
            .clear_color(
                0,
                ClearValue::Float([0.0, 0.0, 1.0, 1.0]),
                ComponentMask::ALL,
            )
            .unwrap();
        // Depth 0.5 everywhere: z 0.75 is hidden, z 0.25 is not.
        commands.clear_depth_stencil(Some(0.5), None, 0xff).unwrap();
        commands.set_state(depth_state(false)).unwrap();
        commands.reset_counter(Counter::SamplesPassed).unwrap();
        // Hidden: the counts before and after are equal.
        commands
            .report_counter(Counter::SamplesPassed, scene.reports, 0)
            .unwrap();
        bind_positions(&mut commands, far, positions);
        commands.draw(quad_draw(6)).unwrap();
        commands
            .report_counter(Counter::SamplesPassed, scene.reports, 16)
            .unwrap();
        // Visible (the left half): they differ.
        commands
            .report_counter(Counter::SamplesPassed, scene.reports, 32)
            .unwrap();
        bind_positions(&mut commands, near, positions);
        commands.draw(quad_draw(0)).unwrap();
        commands
            .report_counter(Counter::SamplesPassed, scene.reports, 48)
            .unwrap();
        // Skipped: red over the left half if the hidden quad had passed samples.
        commands
            .set_render_enable_conditional(ConditionalRender::IfNotEqual, scene.reports, 0)
            .unwrap();
        bind_positions(&mut commands, red, positions);
        commands.draw(quad_draw(0)).unwrap();
        // Drawn: red over the right half, the visible quad having passed samples.
        commands
            .set_render_enable_conditional(ConditionalRender::IfNotEqual, scene.reports, 32)
            .unwrap();
        bind_positions(&mut commands, red, right);
        commands.draw(quad_draw(0)).unwrap();
        commands.set_render_enable(false).unwrap();
        rig.submit(&commands.finish());
        // Off from the list before: this list's clear and draw are left out.
        let mut commands = rig.device.command_buffer();
        commands.bind_render_targets(targets).unwrap();
        commands
            .clear_color(
                0,
                ClearValue::Float([1.0, 1.0, 1.0, 1.0]),
                ComponentMask::ALL,
            )
            .unwrap();
        commands.set_state(depth_state(false)).unwrap();
        bind_positions(&mut commands, red, positions);
        commands.draw(quad_draw(6)).unwrap();
        rig.submit(&commands.finish());
        let mut commands = rig.device.command_buffer();
        commands.bind_render_targets(targets).unwrap();
        commands.set_render_enable(true).unwrap();
        let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
        let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);

        // The CPU model: the near green quad over the left half, the red one over the
        // right half, nothing else.
        assert_eq!(report(&rig, 0).0, report(&rig, 16).0, "import {import}");
        assert_eq!(
            report(&rig, 48).0 - report(&rig, 32).0,
            u64::from(SIZE_PX * SIZE_PX / 2),
            "import {import}"
        );
        for y in 0..SIZE_PX {
            for x in 0..SIZE_PX {
                let at = ((y * SIZE_PX + x) * 4) as usize;
                let expected = if x < SIZE_PX / 2 {
                    [0, 255, 0, 255]
                } else {
                    [255, 0, 0, 255]
                };
                assert_eq!(pixels[at..at + 4], expected, "import {import}: ({x}, {y})");
            }
        }
    }
}

const RED_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
void main() {
    colour = vec4(1.0, 0.0, 0.0, 1.0);
}
";

/// Refused when recorded: counters Vulkan has no query for, a device without exact
/// occlusion queries, a report outside its buffer or not 16-byte aligned.
#[test]
fn counters_that_cannot_be_given_are_refused_when_recorded() {
    let rig = Rig::new(true);
    let reports = rig.buffer(REPORTS_OFFSET_B, REPORTS_B);
    let mut commands = rig.device.command_buffer();
    for counter in [
        Counter::ZcullStats,
        Counter::TransformFeedbackPrimitivesWritten,
    ] {
        assert!(matches!(
            commands.report_counter(counter, reports, 0),
            Err(RecordError::MissingCapability { .. })
        ));
        assert!(matches!(
            commands.reset_counter(counter),
            Err(RecordError::MissingCapability { .. })
        ));
    }
    assert!(matches!(
        commands.report_counter(Counter::Timestamp, reports, 8),
        Err(RecordError::BadArgument { .. })
    ));
    assert!(matches!(
        commands.report_counter(Counter::Timestamp, reports, REPORTS_B - 8),
        Err(RecordError::BufferRangeOutOfBounds { .. })
    ));
    assert!(matches!(
        commands.report_value(1, reports, 2),
        Err(RecordError::BadArgument { .. })
    ));
    assert!(matches!(
        commands.set_render_enable_conditional(ConditionalRender::IfEqual, reports, REPORTS_B - 16),
        Err(RecordError::BufferRangeOutOfBounds { .. })
    ));
    assert!(commands.finish().is_empty(), "nothing was recorded");
    let capable = *rig.device.features();
    drop(rig);

    let lacking = Rig::with_options(ExecutorOptions {
        state_features: Some(gpu::DeviceFeatures {
            occlusion_query_precise: false,
            pipeline_statistics_query: false,
            primitives_generated_query: false,
            ..capable
        }),
        ..ExecutorOptions::default()
    });
    let reports = lacking.buffer(REPORTS_OFFSET_B, REPORTS_B);
    let mut commands = lacking.device.command_buffer();
    assert!(matches!(
        commands.report_counter(Counter::SamplesPassed, reports, 0),
        Err(RecordError::MissingCapability {
            capability: "occlusionQueryPrecise",
            ..
        })
    ));
    assert!(matches!(
        commands.reset_counter(Counter::VertexShaderInvocations),
        Err(RecordError::MissingCapability {
            capability: "pipelineStatisticsQuery",
            ..
        })
    ));
    assert!(commands
        .report_counter(Counter::Timestamp, reports, 0)
        .is_ok());
}

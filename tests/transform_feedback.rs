//! Transform feedback on the real driver (lavapipe has `VK_EXT_transform_feedback`;
//! validation and synchronization validation on): a known vertex stream captured into a
//! pool buffer, paused and resumed, its byte count written to the control buffer in pool
//! memory, all read by the CPU after the fence and compared with the stream itself, on
//! imported and on mirrored pools. Without the extension the commands are refused when
//! recorded, and so is whatever would end the capturing pass. `state_coverage` names
//! these tests.

mod common;

use common::draw::{bind_positions, positions_at};
use common::programs::{program, GREEN_FRAG};
use common::readback::pool_bytes;
use common::rig::Rig;
use gpu::command::{
    ClearValue, DrawArrays, TransformFeedbackControl, TransformFeedbackVerb,
    TRANSFORM_FEEDBACK_CONTROL_B,
};
use gpu::objects::{BufferRange, TextureBuilder};
use gpu::state::{
    ComponentMask, CullMode, DepthStencilState, PrimitiveKind, RasterizerState, StateChange,
    StencilFace, Viewport,
};
use gpu::RecordError;
use memory::Format;
use shader_translate::Stage;

const SIZE_PX: u32 = 16;
const CAPTURE_OFFSET_B: u64 = 3 << 20;
const CAPTURE_B: u64 = 1024;
const CONTROL_OFFSET_B: u64 = CAPTURE_OFFSET_B + 4096;
/// What the capture and control buffers hold before the GPU writes them.
const CAPTURE_FILL: u8 = 0xab;
const CONTROL_FILL: u8 = 0xee;
/// Bytes one captured vertex takes: a `vec4`.
const RECORD_B: usize = 16;

/// Captures (x, y, vertex index, 1) of each vertex into capture buffer 0.
const CAPTURING_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
layout(location = 0, xfb_buffer = 0, xfb_stride = 16, xfb_offset = 0) out vec4 captured;
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
    captured = vec4(position, float(gl_VertexIndex), 1.0);
}
";

/// Nine vertices: three triangles side by side from left to right, each vertex at its
/// own place (a triangle's middle vertex at the top, the others at the bottom).
fn positions() -> Vec<f32> {
    (0..9)
        .flat_map(|vertex| {
            let v = vertex as f32;
            [-0.9 + 0.2 * v, if vertex % 3 == 1 { 0.8 } else { -0.8 }]
        })
        .collect()
}

/// Columns of the target each triangle covers some pixel of (x from -0.9 + 0.6 k to
/// -0.5 + 0.6 k), and the columns right of them, which no triangle reaches.
const TRIANGLE_COLUMNS_PX: [std::ops::Range<usize>; 3] = [1..4, 6..9, 11..14];
const UNDRAWN_COLUMNS_PX: std::ops::Range<usize> = 14..16;

/// The CPU's record of `vertex`: what the vertex stage captures, as bytes.
fn record_of(positions: &[f32], vertex: usize) -> Vec<u8> {
    [
        positions[2 * vertex],
        positions[2 * vertex + 1],
        vertex as f32,
        1.0,
    ]
    .iter()
    .flat_map(|value| value.to_le_bytes())
    .collect()
}

fn triangles(first_vertex: u32) -> DrawArrays {
    DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    }
}

struct Capture {
    rig: Rig,
    program: gpu::ProgramId,
    texture: gpu::TextureId,
    view: gpu::ViewId,
    positions: BufferRange,
    capture: BufferRange,
    control: TransformFeedbackControl,
}

impl Capture {
    fn new(import_pools: bool) -> Capture {
        let rig = Rig::new(import_pools);
        let (texture, view) = rig.texture(
            &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
            0,
        );
        let program = program(
            &rig.device,
            &[
                (Stage::Vertex, CAPTURING_VERT),
                (Stage::Fragment, GREEN_FRAG),
            ],
        );
        let positions = positions_at(&rig.device, rig.pool, 1 << 20, &positions());
        rig.device
            .write_pool(
                rig.pool,
                CAPTURE_OFFSET_B,
                &vec![CAPTURE_FILL; CAPTURE_B as usize],
            )
            .unwrap();
        rig.device
            .write_pool(
                rig.pool,
                CONTROL_OFFSET_B,
                &[CONTROL_FILL; TRANSFORM_FEEDBACK_CONTROL_B as usize],
            )
            .unwrap();
        let capture = BufferRange {
            buffer: rig.buffer(CAPTURE_OFFSET_B, CAPTURE_B),
            offset_b: 0,
            size_b: CAPTURE_B,
        };
        let control = TransformFeedbackControl {
            buffer: rig.buffer(CONTROL_OFFSET_B, TRANSFORM_FEEDBACK_CONTROL_B),
            offset_b: 0,
        };
        Capture {
            rig,
            program,
            texture,
            view,
            positions,
            capture,
            control,
        }
    }

    /// A command buffer drawing into the target with the capturing program and capture
    /// buffer 0 bound.
    fn commands(&self) -> gpu::CommandBuffer<'_> {
        let mut commands = self.rig.cleared(self.view, [0.0, 0.0, 0.0, 1.0]);
        bind_positions(&mut commands, self.program, self.positions);
        commands
            .bind_transform_feedback_buffer(0, self.capture)
            .unwrap();
        commands
    }

    /// Submits `commands`, waits, and returns the capture and control buffers' bytes.
    fn run(&self, commands: gpu::CommandBuffer<'_>) -> (Vec<u8>, Vec<u8>) {
        self.rig.submit(&commands.finish());
        self.rig.finish();
        let device = &self.rig.device;
        (
            pool_bytes(device, self.rig.pool, CAPTURE_OFFSET_B, CAPTURE_B as usize),
            pool_bytes(
                device,
                self.rig.pool,
                CONTROL_OFFSET_B,
                TRANSFORM_FEEDBACK_CONTROL_B as usize,
            ),
        )
    }
}

#[test]
fn a_captured_stream_with_a_pause_and_its_byte_count_reach_the_pool() {
    for import_pools in [true, false] {
        let capture = Capture::new(import_pools);
        if !capture.rig.device.features().transform_feedback {
            // CI's MoltenVK run: MoltenVK has no VK_EXT_transform_feedback.
            let mut commands = capture.rig.device.command_buffer();
            assert!(matches!(
                commands.bind_transform_feedback_buffer(0, capture.capture),
                Err(RecordError::MissingCapability {
                    capability: "transformFeedback (VK_EXT_transform_feedback)",
                    ..
                })
            ));
            return;
        }
        let positions = positions();
        let control = capture.control;
        let mut commands = capture.commands();
        let verb = |commands: &mut gpu::CommandBuffer<'_>, verb| {
            commands.transform_feedback(verb, control).unwrap()
        };
        verb(&mut commands, TransformFeedbackVerb::Begin);
        commands.draw(triangles(0)).unwrap();
        verb(&mut commands, TransformFeedbackVerb::Pause);
        commands.draw(triangles(3)).unwrap();
        verb(&mut commands, TransformFeedbackVerb::Resume);
        commands.draw(triangles(6)).unwrap();
        verb(&mut commands, TransformFeedbackVerb::End);
        commands
            .copy(capture.rig.read_level(capture.texture, 0, SIZE_PX, SIZE_PX))
            .unwrap();
        let (captured, counts) = capture.run(commands);

        // All three triangles were drawn, the one drawn while paused too, and the first's
        // pixels outlived the resume (where the pass ends, waits and goes on loaded).
        let pixels = capture.rig.read_back((SIZE_PX * SIZE_PX * 4) as usize);
        let green_in = |columns: std::ops::Range<usize>| {
            (0..SIZE_PX as usize).any(|y| {
                columns.clone().any(|x| {
                    let at = 4 * (y * SIZE_PX as usize + x);
                    pixels[at..at + 4] == [0, 255, 0, 255]
                })
            })
        };
        for (triangle, columns) in TRIANGLE_COLUMNS_PX.iter().enumerate() {
            assert!(
                green_in(columns.clone()),
                "triangle {triangle} drawn (import {import_pools})"
            );
        }
        assert!(!green_in(UNDRAWN_COLUMNS_PX), "import {import_pools}");

        // Vertices 0-2 and 6-8, in order; 3-5 were drawn while paused.
        let expected: Vec<u8> = [0, 1, 2, 6, 7, 8]
            .iter()
            .flat_map(|&vertex| record_of(&positions, vertex))
            .collect();
        let written_b = expected.len();
        assert_eq!(captured[..written_b], expected[..], "import {import_pools}");
        assert!(
            captured[written_b..].iter().all(|&b| b == CAPTURE_FILL),
            "nothing past the captured records (import {import_pools})"
        );
        assert_eq!(
            u32::from_le_bytes(counts[0..4].try_into().unwrap()) as usize,
            written_b,
            "binding 0's byte count (import {import_pools})"
        );
        assert!(
            counts[4..].iter().all(|&b| b == CONTROL_FILL),
            "unbound bindings' counts are left alone (import {import_pools})"
        );

        // A begin starts at the buffer's start again: vertices 3-5 over the first records.
        let mut commands = capture.commands();
        verb(&mut commands, TransformFeedbackVerb::Begin);
        commands.draw(triangles(3)).unwrap();
        verb(&mut commands, TransformFeedbackVerb::End);
        let (again, counts) = capture.run(commands);
        let first: Vec<u8> = (3..6)
            .flat_map(|vertex| record_of(&positions, vertex))
            .collect();
        assert_eq!(again[..first.len()], first[..], "import {import_pools}");
        assert_eq!(
            again[first.len()..written_b],
            expected[first.len()..],
            "import {import_pools}"
        );
        assert_eq!(
            u32::from_le_bytes(counts[0..4].try_into().unwrap()) as usize,
            3 * RECORD_B
        );
    }
}

#[test]
fn transform_feedback_is_refused_without_the_extension_and_out_of_order() {
    let rig = Rig::lacking(|features| features.transform_feedback = false);
    let buffer = rig.buffer(CAPTURE_OFFSET_B, CAPTURE_B);
    let control = TransformFeedbackControl {
        buffer,
        offset_b: 0,
    };
    let range = BufferRange {
        buffer,
        offset_b: 0,
        size_b: 64,
    };
    let mut commands = rig.device.command_buffer();
    for refused in [
        commands.bind_transform_feedback_buffer(0, range),
        commands.transform_feedback(TransformFeedbackVerb::Begin, control),
    ] {
        match refused {
            Err(RecordError::MissingCapability { capability, .. }) => {
                assert_eq!(capability, "transformFeedback (VK_EXT_transform_feedback)")
            }
            other => panic!("recorded without VK_EXT_transform_feedback: {other:?}"),
        }
    }
    assert!(commands.list().is_empty());
    drop(commands);
    drop(rig);

    let capture = Capture::new(true);
    if !capture.rig.device.features().transform_feedback {
        return; // refused above, as on any device without the extension
    }
    let control = capture.control;
    let mut commands = capture.commands();
    let bad = |result: Result<(), RecordError>, what: &str| match result {
        Err(RecordError::BadArgument { .. }) | Err(RecordError::SlotOutOfRange { .. }) => {}
        other => panic!("{what}: {other:?}"),
    };
    bad(
        commands.transform_feedback(TransformFeedbackVerb::Pause, control),
        "a pause while not active",
    );
    bad(
        commands.bind_transform_feedback_buffer(4, capture.capture),
        "capture buffer 4",
    );
    let unaligned = BufferRange {
        offset_b: 2,
        size_b: 16,
        ..capture.capture
    };
    bad(
        commands.bind_transform_feedback_buffer(0, unaligned),
        "an unaligned capture range",
    );
    commands
        .transform_feedback(TransformFeedbackVerb::Begin, control)
        .unwrap();
    bad(
        commands.transform_feedback(TransformFeedbackVerb::Resume, control),
        "a resume while active",
    );
    bad(
        commands.bind_transform_feedback_buffer(0, capture.capture),
        "a capture buffer bound while active",
    );
    bad(
        commands.clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL),
        "a clear while active",
    );
    bad(
        commands.barrier(
            gpu::command::BarrierOrder::FRAGMENTS,
            gpu::command::Invalidate::NONE,
        ),
        "a barrier while active",
    );
    let past_end = TransformFeedbackControl {
        offset_b: TRANSFORM_FEEDBACK_CONTROL_B - 4,
        ..control
    };
    assert!(matches!(
        commands.transform_feedback(TransformFeedbackVerb::End, past_end),
        Err(RecordError::BufferRangeOutOfBounds { .. })
    ));
    commands.draw(triangles(0)).unwrap();
    commands
        .transform_feedback(TransformFeedbackVerb::End, control)
        .unwrap();
}

/// Vulkan binds no pipeline while capturing, so whatever would give a capture's draws a
/// second pipeline is refused when recorded (not at submit, which would drop the list):
/// another program, another primitive kind, baked state changed after the first draw.
/// Viewports, the blend constant, stencil references and masks and state set again to its
/// value still record, and a pause, change and resume captures on: all nine vertices
/// reach the pool in order with their byte count.
#[test]
fn draws_needing_a_second_pipeline_are_refused_when_recorded() {
    let capture = Capture::new(true);
    if !capture.rig.device.features().transform_feedback {
        return; // refused when recorded: see the test above
    }
    let other = program(
        &capture.rig.device,
        &[
            (Stage::Vertex, CAPTURING_VERT),
            (
                Stage::Fragment,
                "#version 450
layout(location = 0) out vec4 colour;
void main() {
    colour = vec4(1.0, 0.0, 0.0, 1.0);
}
",
            ),
        ],
    );
    let control = capture.control;
    let mut commands = capture.commands();
    let verb = |commands: &mut gpu::CommandBuffer<'_>, verb| {
        commands.transform_feedback(verb, control).unwrap()
    };
    let stencil = |reference: u8, depth_test: bool| {
        let face = StencilFace {
            reference,
            ..StencilFace::default()
        };
        StateChange::DepthStencil(DepthStencilState {
            depth_test,
            front: face,
            back: face,
            ..DepthStencilState::default()
        })
    };
    verb(&mut commands, TransformFeedbackVerb::Begin);
    commands.set_state(stencil(1, false)).unwrap();
    commands.draw(triangles(0)).unwrap();
    let before = commands.list().len();
    let refused = |result: Result<(), RecordError>, what: &str| match result {
        Err(RecordError::BadArgument { why, .. }) if why.contains("one pipeline") => {}
        other => panic!("{what}: {other:?}"),
    };
    refused(commands.bind_program(other), "another program");
    refused(
        commands.draw(DrawArrays {
            primitive: PrimitiveKind::Points,
            ..triangles(3)
        }),
        "a draw of points",
    );
    refused(
        commands.set_state(StateChange::Rasterizer(RasterizerState {
            cull: CullMode::Front,
            ..RasterizerState::default()
        })),
        "a rasterizer change",
    );
    refused(
        commands.set_state(stencil(1, true)),
        "the depth test turned on",
    );
    assert_eq!(
        commands.list().len(),
        before,
        "nothing refused was recorded"
    );
    commands
        .set_state(StateChange::Viewports {
            first: 0,
            viewports: vec![Viewport::covering(SIZE_PX, SIZE_PX)],
        })
        .unwrap();
    commands
        .set_state(StateChange::BlendConstant([0.5; 4]))
        .unwrap();
    commands.set_state(stencil(7, false)).unwrap();
    commands.set_state(stencil(1, false)).unwrap();
    commands.draw(triangles(3)).unwrap();
    verb(&mut commands, TransformFeedbackVerb::Pause);
    commands.bind_program(other).unwrap();
    verb(&mut commands, TransformFeedbackVerb::Resume);
    commands.draw(triangles(6)).unwrap();
    verb(&mut commands, TransformFeedbackVerb::End);
    let (captured, counts) = capture.run(commands);
    let positions = positions();
    let expected: Vec<u8> = (0..9)
        .flat_map(|vertex| record_of(&positions, vertex))
        .collect();
    assert_eq!(captured[..expected.len()], expected[..]);
    assert_eq!(
        u32::from_le_bytes(counts[0..4].try_into().unwrap()) as usize,
        expected.len()
    );
}

//! deko3d's samples (switchbrew/switch-examples, graphics/deko3d/deko_examples) ported to
//! the Rust API, with their own shaders as uam compiled them (the Maxwell corpus), on the
//! real driver with validation on. Each picture is checked against a CPU model of the
//! sample's geometry written from the sample's numbers and NVN's rules (upper-left window
//! origin, clip-space y up; docs/nvn-conventions.md). As in the samples, one command
//! buffer records a list per framebuffer that binds it and then the drawing list, which
//! binds no target: the queue holds what the list before it bound. The C ports are
//! `capi/examples/deko*.c`.

mod common;

// Shared with the C ports' tests, which use more of it.
#[allow(dead_code)]
#[path = "../capi/tests/deko_ports/picture.rs"]
mod picture;

use std::path::Path;

use common::device::cached_pool;
use common::draw::f32_bytes;
use common::programs::translator;
use common::readback::{region, Readback};
use common::rig::Rig;
use gpu::command::{
    BarrierOrder, BufferBinding, ClearValue, DiscardTarget, DrawArrays, Invalidate, RenderTargets,
};
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, TextureBuilder, ViewMaker};
use gpu::state::{
    BlendState, ComponentKind, ComponentMask, DepthStencilState, PrimitiveKind, RasterizerState,
    Scissor, StateChange, VertexAttribute, VertexFormat, VertexStream, Viewport, MAX_COLOR_TARGETS,
};
use gpu::{CommandList, PoolId, ProgramId, TextureId};
use memory::Format;

const WIDTH_PX: u32 = picture::WIDTH_PX as u32;
const HEIGHT_PX: u32 = picture::HEIGHT_PX as u32;
const IMAGE_B: u64 = WIDTH_PX as u64 * HEIGHT_PX as u64 * 4;
const FRAMEBUFFERS: usize = 2;
const POOL_B: u64 = 32 << 20;
const READBACK_OFFSET_B: u64 = 16 << 20;
const DATA_OFFSET_B: u64 = 24 << 20;

/// A sample's world: a pool of its own (the rig's is too small for 1280x720), its two
/// framebuffers at the pool's start, and a read-back buffer.
struct Sample {
    rig: Rig,
    pool: PoolId,
    framebuffers: [TextureId; FRAMEBUFFERS],
    targets: [RenderTargets; FRAMEBUFFERS],
    readback: Readback,
}

impl Sample {
    fn new() -> Sample {
        let rig = Rig::new(true);
        let pool = cached_pool(&rig.device, POOL_B);
        let builder =
            TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), WIDTH_PX, HEIGHT_PX);
        // Each framebuffer where the last ended, at its layout's alignment, as the samples'
        // allocator places them (the padded size, not width x height x 4).
        let layout = builder.layout().unwrap();
        let stride_b = layout.size_b.next_multiple_of(layout.alignment_b);
        let mut framebuffers = Vec::new();
        let mut targets = Vec::new();
        for slot in 0..FRAMEBUFFERS {
            let texture = rig
                .device
                .create_texture(&builder, pool, slot as u64 * stride_b)
                .unwrap();
            let view = rig.device.create_view(&ViewMaker::whole(texture)).unwrap();
            let mut bound = RenderTargets::default();
            bound.colors[0] = Some(view);
            framebuffers.push(texture);
            targets.push(bound);
        }
        let readback = Readback::new(&rig.device, pool, READBACK_OFFSET_B, IMAGE_B);
        Sample {
            pool,
            framebuffers: framebuffers.try_into().unwrap(),
            targets: targets.try_into().unwrap(),
            readback,
            rig,
        }
    }

    /// A program of corpus shaders (uam's output for the sample's GLSL).
    fn program(&self, names: &[&str]) -> ProgramId {
        let translator = translator();
        let modules = names
            .iter()
            .map(|name| {
                let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("shader_translate/tests/maxwell_corpus")
                    .join(name)
                    .join("out.dksh");
                let bytes = std::fs::read(path).unwrap();
                let shader = translator
                    .translate_dksh_with(
                        name,
                        &bytes,
                        &shader_translate::maxwell::slots::SlotMap::deko3d(),
                    )
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                ShaderModule::from(&shader)
            })
            .collect();
        self.rig
            .device
            .create_program(&ProgramMaker { modules })
            .unwrap()
    }

    /// Records the framebuffer lists and then, on the same command buffer, the drawing
    /// list `record` makes; submits, for each framebuffer, its list and the drawing list;
    /// reads each framebuffer back.
    fn run(&self, record: impl FnOnce(&mut gpu::CommandBuffer<'_>)) -> Vec<Vec<u8>> {
        let device = &self.rig.device;
        let mut framebuffer_lists: Vec<CommandList> = Vec::new();
        for targets in self.targets {
            let mut commands = match framebuffer_lists.last() {
                Some(last) => device.command_buffer_after(last),
                None => device.command_buffer(),
            };
            commands.bind_render_targets(targets).unwrap();
            framebuffer_lists.push(commands.finish());
        }
        let mut commands = device.command_buffer_after(framebuffer_lists.last().unwrap());
        record(&mut commands);
        let render = commands.finish();
        let queue = device.queue();
        (0..FRAMEBUFFERS)
            .map(|slot| {
                queue.submit(&framebuffer_lists[slot]).unwrap();
                queue.submit(&render).unwrap();
                let source = region(self.framebuffers[slot], 0, WIDTH_PX, HEIGHT_PX);
                self.readback.submit_and_read(
                    device,
                    device.command_buffer(),
                    source,
                    IMAGE_B as usize,
                )
            })
            .collect()
    }
}

fn full_viewport_and_scissor(commands: &mut gpu::CommandBuffer<'_>) {
    commands
        .set_state(StateChange::Viewports {
            first: 0,
            viewports: vec![Viewport::covering(WIDTH_PX, HEIGHT_PX)],
        })
        .unwrap();
    commands
        .set_state(StateChange::Scissors {
            first: 0,
            scissors: vec![Scissor::covering(WIDTH_PX, HEIGHT_PX)],
        })
        .unwrap();
}

/// deko3d's rasterizer, colour and colour-write defaults, as a sample binds them.
fn default_raster_and_color(commands: &mut gpu::CommandBuffer<'_>) {
    commands
        .set_state(StateChange::Rasterizer(RasterizerState::nvn_defaults()))
        .unwrap();
    for target in 0..MAX_COLOR_TARGETS as u8 {
        commands
            .set_state(StateChange::Blend {
                target,
                state: BlendState::nvn_defaults(),
            })
            .unwrap();
    }
    commands
        .set_state(StateChange::WriteMasks(
            [ComponentMask::ALL; MAX_COLOR_TARGETS],
        ))
        .unwrap();
}

/// Example01: nested scissored clears, rows counted from the first.
#[test]
fn deko01_simple_setup_through_the_rust_api() {
    let sample = Sample::new();
    let (box_px, tile_w, tile_h) = (400u32, 80u32, 100u32);
    let (box_x, box_y) = (WIDTH_PX / 2 - box_px / 2, HEIGHT_PX / 2 - box_px / 2);
    let dark = [0.0, 0.25, 0.0, 1.0];
    let pale = [229.0 / 255.0, 1.0, 232.0 / 255.0, 1.0];
    let mid = [0.0, 0.5, 0.0, 1.0];
    let boxes = [
        (0, 0, WIDTH_PX, HEIGHT_PX, dark),
        (box_x, box_y, box_px, box_px, pale),
        (box_x + 2 * tile_w, box_y + tile_h, tile_w, tile_h, mid),
        (box_x + tile_w, box_y + 2 * tile_h, 3 * tile_w, tile_h, mid),
    ];
    let images = sample.run(|commands| {
        for (x, y, width_px, height_px, rgba) in boxes {
            commands
                .set_state(StateChange::Scissors {
                    first: 0,
                    scissors: vec![Scissor {
                        x_px: x as i32,
                        y_px: y as i32,
                        width_px,
                        height_px,
                    }],
                })
                .unwrap();
            commands
                .clear_color(0, ClearValue::Float(rgba), ComponentMask::ALL)
                .unwrap();
        }
    });
    for (slot, image) in images.iter().enumerate() {
        picture::check_simple_setup(image, &format!("framebuffer {slot}"));
    }
}

/// Example02 (and Example05's geometry): the sample's triangle, position then colour.
const TRIANGLE: [[f32; 6]; 3] = [
    [0.0, 1.0, 0.0, 1.0, 0.0, 0.0],
    [-1.0, -1.0, 0.0, 0.0, 1.0, 0.0],
    [1.0, -1.0, 0.0, 0.0, 0.0, 1.0],
];

/// Writes `TRIANGLE` at `DATA_OFFSET_B` and binds it with the samples' vertex layout.
fn bind_triangle(sample: &Sample, commands: &mut gpu::CommandBuffer<'_>) {
    let bytes = f32_bytes(TRIANGLE.as_flattened());
    let device = &sample.rig.device;
    device
        .write_pool(sample.pool, DATA_OFFSET_B, &bytes)
        .unwrap();
    let buffer = common::device::buffer(device, sample.pool, DATA_OFFSET_B, bytes.len() as u64);
    bind_layout(commands, buffer, bytes.len() as u64);
}

/// The samples' vertex layout over `buffer`: 3 floats of position at location 0, 3 of
/// colour at location 1, 24 bytes a vertex, in stream 0.
fn bind_layout(commands: &mut gpu::CommandBuffer<'_>, buffer: gpu::BufferId, size_b: u64) {
    let float3 = VertexFormat {
        kind: ComponentKind::Float32,
        components: 3,
    };
    commands
        .bind_buffer(
            BufferBinding::Vertex { stream: 0 },
            BufferRange {
                buffer,
                offset_b: 0,
                size_b,
            },
        )
        .unwrap();
    commands
        .set_state(StateChange::VertexAttributes(vec![
            VertexAttribute {
                location: 0,
                stream: 0,
                format: float3,
                offset_b: 0,
            },
            VertexAttribute {
                location: 1,
                stream: 0,
                format: float3,
                offset_b: 12,
            },
        ]))
        .unwrap();
    commands
        .set_state(StateChange::VertexStreams(vec![VertexStream {
            stride_b: 24,
            divisor: 0,
        }]))
        .unwrap();
}

/// Example02: the upright triangle, colours interpolated, transparent black outside.
#[test]
fn deko02_triangle_through_the_rust_api() {
    let sample = Sample::new();
    let program = sample.program(&["dk_basic_vsh", "dk_color_fsh"]);
    let images = sample.run(|commands| {
        full_viewport_and_scissor(commands);
        commands
            .clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)
            .unwrap();
        commands.bind_program(program).unwrap();
        default_raster_and_color(commands);
        bind_triangle(&sample, commands);
        commands
            .draw(DrawArrays {
                primitive: PrimitiveKind::Triangles,
                first_vertex: 0,
                vertex_count: 3,
                first_instance: 0,
                instance_count: 1,
            })
            .unwrap();
    });
    for (slot, image) in images.iter().enumerate() {
        picture::check_triangle(image, &format!("framebuffer {slot}"));
    }
}

/// The cube of Examples 03 and 06: 24 vertices, a quad a face, position then colour.
fn cube_vertices() -> Vec<f32> {
    picture::CUBE
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            p.iter()
                .chain(&picture::CORNER_COLOURS[i % 4])
                .map(|&v| v as f32)
        })
        .collect()
}

/// The samples' transformation block for a frame at `time_s` (glm's column-major
/// model-view then projection), computed here with glam-free plain arithmetic.
fn cube_transform(time_s: f32) -> Vec<f32> {
    let tau = std::f32::consts::TAU;
    let fract = |v: f32| v - v.floor();
    let (a, b) = (
        (fract(time_s / 4.0) * tau).sin() * tau / 8.0,
        -fract(time_s / 8.0) * tau,
    );
    // Column-major products: column j of (m * n) is m times column j of n.
    let mul = |m: &[f32; 16], n: &[f32; 16]| -> [f32; 16] {
        std::array::from_fn(|at| {
            let (col, row) = (at / 4, at % 4);
            (0..4).map(|k| m[k * 4 + row] * n[col * 4 + k]).sum()
        })
    };
    let translate = [
        1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., 0., -3., 1.,
    ];
    let rx = [
        1.,
        0.,
        0.,
        0.,
        0.,
        a.cos(),
        a.sin(),
        0.,
        0.,
        -a.sin(),
        a.cos(),
        0.,
        0.,
        0.,
        0.,
        1.,
    ];
    let ry = [
        b.cos(),
        0.,
        -b.sin(),
        0.,
        0.,
        1.,
        0.,
        0.,
        b.sin(),
        0.,
        b.cos(),
        0.,
        0.,
        0.,
        0.,
        1.,
    ];
    let scale = [
        0.5, 0., 0., 0., 0., 0.5, 0., 0., 0., 0., 0.5, 0., 0., 0., 0., 1.,
    ];
    let model_view = mul(&mul(&mul(&translate, &rx), &ry), &scale);
    let (near, far) = (0.01f32, 1000.0f32);
    let f = 1.0 / 20.0f32.to_radians().tan();
    let aspect = WIDTH_PX as f32 / HEIGHT_PX as f32;
    let mut projection = [0.0f32; 16];
    projection[0] = f / aspect;
    projection[5] = f;
    projection[10] = far / (near - far);
    projection[11] = -1.0;
    projection[14] = -(far * near) / (far - near);
    model_view.iter().chain(&projection).copied().collect()
}

/// Example03: the colour cube, back faces culled, depth tested, at 1 s; the frame's
/// transformation pushed by a list of its own before the framebuffer's list, as the
/// sample's dynamic command buffer does.
#[test]
fn deko03_cube_through_the_rust_api() {
    let mut sample = Sample::new();
    let depth_builder =
        TextureBuilder::new_2d(Format::from_name("z24s8").unwrap(), WIDTH_PX, HEIGHT_PX);
    // After both framebuffers, at its own alignment.
    let depth_layout = depth_builder.layout().unwrap();
    let depth_offset_b = (8u64 << 20).next_multiple_of(depth_layout.alignment_b);
    assert!(depth_offset_b + depth_layout.size_b <= READBACK_OFFSET_B);
    let depth = sample
        .rig
        .device
        .create_texture(&depth_builder, sample.pool, depth_offset_b)
        .unwrap();
    let depth_view = sample
        .rig
        .device
        .create_view(&ViewMaker::whole(depth))
        .unwrap();
    // The framebuffer lists bind the depth buffer too.
    for targets in &mut sample.targets {
        targets.depth_stencil = Some(depth_view);
    }
    let sample = sample;
    let device = &sample.rig.device;
    let vertices = f32_bytes(&cube_vertices());
    device
        .write_pool(sample.pool, DATA_OFFSET_B, &vertices)
        .unwrap();
    let vertex_buffer =
        common::device::buffer(device, sample.pool, DATA_OFFSET_B, vertices.len() as u64);
    let uniforms_offset_b = DATA_OFFSET_B + (64 << 10);
    let uniform_buffer = common::device::buffer(device, sample.pool, uniforms_offset_b, 128);
    let program = sample.program(&["dk_transform_vsh", "dk_color_fsh"]);

    let queue = device.queue();
    let mut push = device.command_buffer();
    push.update_uniform_buffer(uniform_buffer, 0, &f32_bytes(&cube_transform(1.0)))
        .unwrap();
    queue.submit(&push.finish()).unwrap();
    let images = sample.run(|commands| {
        full_viewport_and_scissor(commands);
        commands
            .clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)
            .unwrap();
        commands
            .clear_depth_stencil(Some(1.0), Some(0), 0xff)
            .unwrap();
        commands.bind_program(program).unwrap();
        commands
            .bind_buffer(
                BufferBinding::Uniform {
                    stage: gpu::objects::Stage::Vertex,
                    slot: 0,
                },
                BufferRange {
                    buffer: uniform_buffer,
                    offset_b: 0,
                    size_b: 128,
                },
            )
            .unwrap();
        default_raster_and_color(commands);
        commands
            .set_state(StateChange::DepthStencil(DepthStencilState::nvn_defaults()))
            .unwrap();
        bind_layout(commands, vertex_buffer, vertices.len() as u64);
        commands
            .draw(DrawArrays {
                primitive: PrimitiveKind::Quads,
                first_vertex: 0,
                vertex_count: 24,
                first_instance: 0,
                instance_count: 1,
            })
            .unwrap();
        commands
            .barrier(BarrierOrder::FRAGMENTS, Invalidate::NONE)
            .unwrap();
        commands.discard(DiscardTarget::DepthStencil).unwrap();
    });
    for (slot, image) in images.iter().enumerate() {
        let inside = picture::check_cube(image, 1.0, &format!("framebuffer {slot}"));
        assert!(inside > 20_000, "{inside} pixels of cube");
    }
}

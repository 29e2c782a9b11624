//! `hookshot bench stutter`: new materials over time, from a cold start. Each frame draws
//! `--draws` small triangles with the materials met so far; every `--new-program-every`
//! frames a program appears that no frame drew with before, and every frame
//! `--new-states` combinations of fixed-function state appear (cull mode, front face,
//! depth and stencil tests, depth bias, blend, write mask: what Vulkan can take
//! dynamically, and what falls back to a pipeline per value where the device cannot).
//! Programs are translated before the first frame (a game makes its programs when it
//! loads them); what a frame meets first is the pipeline. Each frame is recorded,
//! submitted and waited for; reported: the median and the worst frame, their ratio, the
//! frames that waited on a compile and the time spent compiling. Run it cold:
//! `RX_VK_PIPELINE_CACHE=0` (else pipelines come from the last run's cache).

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use gpu::command::{BufferBinding, ClearValue, DrawArrays, RenderTargets};
use gpu::objects::{
    BufferMaker, BufferRange, BufferUsage, PoolMaker, ProgramMaker, ShaderModule, Stage,
    TextureBuilder, ViewMaker,
};
use gpu::state::{
    BlendEquation, BlendFactor, BlendOp, BlendState, CompareOp, ComponentMask, CullMode,
    DepthStencilState, FrontFace, PolygonOffset, PrimitiveKind, RasterizerState, StateChange,
};
use gpu::{BufferId, DeviceMaker, ProgramId, ViewId};
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::shared_backend::SharedBackend;
use memory::{Format, PoolFlags};
use shader_translate::{ShaderCode, ShaderSource, Translator};

#[derive(clap::Args)]
pub struct Args {
    /// Frames measured (after one warm-up frame with a material of its own).
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(2..=super::MAX_ROUNDS))]
    frames: u32,
    /// Draws a frame.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    draws: u32,
    /// A program new to the device every this many frames.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1_000))]
    new_program_every: u32,
    /// Combinations of state new to the device each frame.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=64))]
    new_states: u32,
}

const TARGET_PX: u32 = 64;
const VERTICES_OFFSET_B: u64 = 64 << 10;
const UNIFORMS_OFFSET_B: u64 = VERTICES_OFFSET_B + (4 << 10);
const UNIFORM_STRIDE_B: u64 = 256;
const TRIANGLE: [f32; 6] = [-1.0, -1.0, -0.8, -1.0, -1.0, -0.8];

const POSITION_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
}
";

/// Material `index`'s fragment stage: its own constant, so its own SPIR-V and pipeline.
fn material_fragment(index: u32) -> String {
    let k = 1.0 + f64::from(index) / 1000.0;
    format!(
        "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint {{ vec4 tint; }};
void main() {{
    vec2 at = gl_FragCoord.xy * {k:.4};
    float wave = sin(at.x) * cos(at.y) + fract(at.x * at.y);
    colour = tint * vec4(wave, 1.0 - wave, {k:.4} * 0.5, 1.0);
}}
"
    )
}

/// State combination `index`: its bits choose each piece.
fn state_combination(index: u32) -> Vec<StateChange> {
    let bit = |n: u32| index >> n & 1 != 0;
    let ops = [
        BlendOp::Add,
        BlendOp::Subtract,
        BlendOp::ReverseSubtract,
        BlendOp::Min,
        BlendOp::Max,
    ];
    let op = ops[(index / 64) as usize % ops.len()];
    let blend = BlendState {
        enabled: bit(0),
        color: BlendEquation {
            src_factor: BlendFactor::SrcAlpha,
            dst_factor: BlendFactor::OneMinusSrcAlpha,
            op,
        },
        alpha: BlendEquation::REPLACE,
    };
    vec![
        StateChange::Rasterizer(RasterizerState {
            cull: if bit(1) {
                CullMode::Front
            } else {
                CullMode::None
            },
            front_face: if bit(2) {
                FrontFace::Cw
            } else {
                FrontFace::Ccw
            },
            ..RasterizerState::default()
        }),
        StateChange::DepthStencil(DepthStencilState {
            depth_test: bit(3),
            depth_compare: if bit(4) {
                CompareOp::LessEqual
            } else {
                CompareOp::Always
            },
            ..DepthStencilState::default()
        }),
        StateChange::PolygonOffset(PolygonOffset {
            units: if bit(5) { 1.0 } else { 0.0 },
            fill: bit(5),
            ..PolygonOffset::default()
        }),
        StateChange::Blend {
            target: 0,
            state: blend,
        },
        StateChange::WriteMasks({
            let mut masks = [ComponentMask::ALL; gpu::state::MAX_COLOR_TARGETS];
            if bit(6) {
                masks[0] = ComponentMask(0b0111);
            }
            masks
        }),
    ]
}

struct Rig {
    nvn: gpu::Device,
    backend: SharedBackend,
    view: ViewId,
    vertices: BufferId,
    uniforms: BufferId,
    programs: Vec<ProgramId>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    if switches.pipeline_cache != gpu::switches::PipelineCacheChoice::Off {
        println!("note: the pipeline cache is on: pipelines from the last run are not cold (RX_VK_PIPELINE_CACHE=0)");
    }
    let device = gpu_vk::Device::open(&switches)?;
    let translator = Translator::new(crate::cli::translate_options(&switches))?;
    let translate = |stage, glsl: String, name: String| {
        translator
            .translate(&ShaderSource {
                name,
                stage,
                code: ShaderCode::Glsl(glsl),
            })
            .map(|shader| ShaderModule::from(&shader))
            .context("translating a material")
    };
    let vertex = translate(
        shader_translate::Stage::Vertex,
        POSITION_VERT.into(),
        "stutter-vertex".into(),
    )?;
    // Material 0 is the warm-up frame's; 1.. appear over the measured frames.
    let program_count = args.frames.div_ceil(args.new_program_every) + 1;
    let mut rig = Rig::new(&device, &switches, args.draws)?;
    for index in 0..program_count {
        let fragment = translate(
            shader_translate::Stage::Fragment,
            material_fragment(index),
            format!("stutter-material-{index}"),
        )?;
        let program = rig.nvn.create_program(&ProgramMaker {
            modules: vec![vertex.clone(), fragment],
        })?;
        rig.programs.push(program);
    }
    let dynamic = rig.backend.lock().device().caps.pipeline;
    println!(
        "device: {} ({}); graphics pipelines {} on the submitting thread; extended dynamic \
         state 3: {:?}; dynamic logic op: {}",
        device.info.name,
        device.info.driver_info,
        if dynamic.libraries() {
            "fast-linked from stage libraries (RX_VK_PIPELINE_LIBRARY=0: made whole)"
        } else {
            "made whole (no pipeline libraries with fast linking, or RX_VK_PIPELINE_LIBRARY=0)"
        },
        dynamic.dynamic3,
        dynamic.dynamic2_logic_op
    );
    println!(
        "{} frames of {} draws; a new program every {} frames, {} new state combinations a frame",
        args.frames, args.draws, args.new_program_every, args.new_states
    );
    // The warm-up frame: the executor's first-use costs, with a material of its own.
    rig.frame(&[0], &[0], args.draws)?;
    let mut frames = Vec::new();
    let mut waited = Vec::new();
    let mut compiles = Vec::new();
    let before_all = rig.backend.lock().stats().pipeline_compiles;
    for frame in 0..args.frames {
        // The newest program first, so it is drawn this frame.
        let newest = (1 + frame / args.new_program_every).min(program_count - 1);
        let programs: Vec<u32> = (1..=newest).rev().collect();
        // The newest combinations first, so each is drawn this frame.
        let states_live = 1 + (frame + 1) * args.new_states;
        let states: Vec<u32> = (0..states_live).rev().collect();
        let before = rig.backend.lock().stats().pipeline_compiles;
        let took = rig.frame(&programs, &states, args.draws)?;
        let after = rig.backend.lock().stats().pipeline_compiles;
        frames.push(took);
        let made = after.graphics_made - before.graphics_made;
        compiles.push(Duration::from_nanos(
            after.graphics_compile_ns - before.graphics_compile_ns,
        ));
        waited.push(made > 0);
    }
    let after_all = rig.backend.lock().stats().pipeline_compiles;
    report(&frames, &waited, &compiles);
    println!(
        "pipelines made: {} ({} fast-linked from libraries, {} optimised links taken up during \
         the run, the warm-up frame's included; {:.1} ms compiling on the submitting thread)",
        after_all.graphics_made - before_all.graphics_made,
        after_all.graphics_fast_linked - before_all.graphics_fast_linked,
        after_all.graphics_optimised - before_all.graphics_optimised,
        (after_all.graphics_compile_ns - before_all.graphics_compile_ns) as f64 / 1e6
    );
    Ok(())
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn report(frames: &[Duration], waited: &[bool], compiles: &[Duration]) {
    let mut sorted = frames.to_vec();
    sorted.sort_unstable();
    let median = sorted[sorted.len() / 2];
    let (worst_at, worst) = frames
        .iter()
        .enumerate()
        .max_by_key(|(_, took)| **took)
        .map(|(at, took)| (at, *took))
        .unwrap_or_default();
    let mut waiting: Vec<Duration> = frames
        .iter()
        .zip(waited)
        .filter(|(_, &waited)| waited)
        .map(|(took, _)| *took)
        .collect();
    waiting.sort_unstable();
    let waited_count = waiting.len();
    let waiting_median = waiting.get(waited_count / 2).copied().unwrap_or_default();
    println!(
        "frame (record + submit + fence): median {:.2} ms, worst {:.2} ms (frame {worst_at}, \
         {:.2} ms of it compiling), worst/median {:.2}",
        ms(median),
        ms(worst),
        ms(compiles[worst_at]),
        ms(worst) / ms(median)
    );
    println!(
        "frames that waited on a compile: {waited_count} of {} (their median {:.2} ms); on an \
         optimised compile: 0 (optimised links, where pipeline libraries are used, are made \
         in the background and taken up between submissions, never waited for)",
        frames.len(),
        ms(waiting_median)
    );
}

impl Rig {
    fn new(
        device: &Arc<gpu_vk::Device>,
        switches: &gpu::switches::Switches,
        draws: u32,
    ) -> anyhow::Result<Rig> {
        let backend = SharedBackend::new(VkBackend::with_switches(
            device,
            ExecutorOptions::from_switches(switches),
            switches,
        )?);
        let nvn = gpu::Device::new(
            DeviceMaker::new(Box::new(backend.clone())).write_tracking(switches.write_tracking),
        )?;
        let uniforms_b = u64::from(draws) * UNIFORM_STRIDE_B;
        let pool_b = (UNIFORMS_OFFSET_B + uniforms_b).next_multiple_of(64 << 10);
        let pool = nvn.create_pool(&PoolMaker::new(pool_b, PoolFlags::CPU_CACHED_GPU_CACHED))?;
        let texture = nvn.create_texture(
            &TextureBuilder::new_2d(Format::Rgba8, TARGET_PX, TARGET_PX),
            pool,
            0,
        )?;
        let view = nvn.create_view(&ViewMaker::whole(texture))?;
        let buffer = |offset_b: u64, size_b: u64| {
            nvn.create_buffer(&BufferMaker {
                pool,
                offset_b,
                size_b,
                usage: BufferUsage::ALL,
            })
        };
        let vertices = buffer(VERTICES_OFFSET_B, 48)?;
        let uniforms = buffer(UNIFORMS_OFFSET_B, uniforms_b)?;
        let triangle: Vec<u8> = TRIANGLE.iter().flat_map(|v| v.to_le_bytes()).collect();
        nvn.write_pool(pool, VERTICES_OFFSET_B, &triangle)?;
        let entries = (uniforms_b / UNIFORM_STRIDE_B) as usize;
        let tints = super::tint_bytes(entries, UNIFORM_STRIDE_B as usize, 0.75);
        nvn.write_pool(pool, UNIFORMS_OFFSET_B, &tints)?;
        Ok(Rig {
            nvn,
            backend,
            view,
            vertices,
            uniforms,
            programs: Vec::new(),
        })
    }

    /// One frame: `draws` draws, draw `i` with program `programs[i % len]` (indices into
    /// the rig's) and state combination `states[i % len]`; its time to the fence.
    fn frame(&mut self, programs: &[u32], states: &[u32], draws: u32) -> anyhow::Result<Duration> {
        let started = Instant::now();
        let mut commands = self.nvn.command_buffer();
        let mut targets = RenderTargets::default();
        targets.colors[0] = Some(self.view);
        commands.bind_render_targets(targets)?;
        commands.clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)?;
        super::bind_position_stream(
            &mut commands,
            BufferRange {
                buffer: self.vertices,
                offset_b: 0,
                size_b: 48,
            },
        )?;
        let (mut bound_program, mut bound_state) = (None, None);
        for index in 0..draws {
            let program = programs[index as usize % programs.len()];
            if bound_program != Some(program) {
                commands.bind_program(self.programs[program as usize])?;
                bound_program = Some(program);
            }
            let state = states[index as usize % states.len()];
            if bound_state != Some(state) {
                for change in state_combination(state) {
                    commands.set_state(change)?;
                }
                bound_state = Some(state);
            }
            commands.bind_buffer(
                BufferBinding::Uniform {
                    stage: Stage::Fragment,
                    slot: 0,
                },
                BufferRange {
                    buffer: self.uniforms,
                    offset_b: u64::from(index) * UNIFORM_STRIDE_B,
                    size_b: 16,
                },
            )?;
            commands.draw(DrawArrays {
                primitive: PrimitiveKind::Triangles,
                first_vertex: 0,
                vertex_count: 3,
                first_instance: 0,
                instance_count: 1,
            })?;
        }
        let list = commands.finish();
        self.nvn.queue().submit(&list)?;
        self.nvn.queue().finish()?;
        Ok(started.elapsed())
    }
}

//! `hookshot bench draws`: a frame of many small draws, each with its own uniform-buffer
//! offset (per-object constants, as a game binds them), through Hookshot (NVN command
//! buffer -> `VkBackend` submit) against the same draws recorded directly with ash (the
//! same SPIR-V and fixed-function state, the same buffer contents and target format; one
//! descriptor set with a dynamic offset, the lean way to write it by hand). Frames are
//! interleaved and the medians compared: CPU time of recording and submitting, and the
//! whole frame to its fence.
//!
//! With `--textures N`, every draw also samples two of N textures (draw i the textures
//! i % N and (i / N) % N, through NVN's texture table and bound handles: up to N * N
//! pairs, as materials combine maps), and the contenders are Hookshot's two descriptor
//! paths: the bindless table (descriptor indexing, where the driver has it) against a
//! descriptor set per draw's textures.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use gpu::command::{BufferBinding, ClearValue, DrawArrays, RenderTargets};
use gpu::objects::{
    BufferMaker, BufferRange, BufferUsage, PoolMaker, ProgramMaker, SamplerMaker, ShaderModule,
    Stage, TextureBuilder, TextureHandle, ViewMaker,
};
use gpu::state::{ComponentMask, PrimitiveKind};
use gpu::{BufferId, DeviceMaker, ProgramId, SamplerTableId, TextureTableId, ViewId};
use gpu_vk::ash::vk;
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::gpu_memory::host_image::{HostImage, HostImageDesc};
use gpu_vk::gpu_memory::pool_buffer::PoolBuffer;
use gpu_vk::gpu_memory::timeline::{Timeline, WaitOutcome};
use gpu_vk::Device;
use memory::{Format, PoolFlags};
use shader_translate::{host_binding, ResourceKind, ShaderCode, ShaderSource, Translator};

mod bind_forms;
mod c_abi;
mod state_changes;
mod uniform_update;

use state_changes::Change;

#[derive(clap::Args)]
pub struct Args {
    /// Draws in a frame.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=MAX_DRAWS))]
    draws: u32,
    /// Measured frames per contender (after 2 warm-up frames each); medians are reported.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..=super::MAX_ROUNDS))]
    frames: u32,
    /// Textures the draws sample in turn (0: none, and the baseline is direct ash; else
    /// the bindless table against per-draw descriptor sets, both through Hookshot).
    #[arg(long, default_value_t = 0)]
    textures: u32,
    /// `rust`: Hookshot's Rust API against direct ash; `c`: the C ABI (libhookshot,
    /// through hsGetProcAddress) against the Rust API.
    #[arg(long, value_enum, default_value_t = Api::Rust)]
    api: Api,
    /// With `--api c`: record the frames and submit none (each list is ended and
    /// dropped), so the figure is the cost of the calls alone.
    #[arg(long)]
    record_only: bool,
    /// With `--api c`: the binds the C ABI's frame makes: of buffer objects (`object`),
    /// of NVN's GPU addresses (`address`), or both against each other on one rig
    /// (`both`: the C ABI alone, frames interleaved).
    #[arg(long, value_enum, default_value_t = Binds::Object)]
    binds: Binds,
    /// A state change before every draw (its value differing from the draw before's),
    /// through Hookshot against the same dynamic state command through ash.
    #[arg(long, value_enum, default_value_t = Change::None)]
    change: Change,
}

/// Which form of the buffer binds the C ABI's frame takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Binds {
    Object,
    Address,
    Both,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Api {
    Rust,
    C,
}

/// The most draws a frame `--draws` takes: each draw's uniforms need their own 256 bytes
/// of the pool, and a million draws a frame is far past any game's.
const MAX_DRAWS: i64 = 1_000_000;
const TARGET_PX: u32 = 64;
/// Uniform offsets step by this (above every driver's minimum alignment).
const UNIFORM_STRIDE_B: u64 = 256;
const TINT_B: u64 = 16;
const VERTICES_B: u64 = 256;
const TIMEOUT: Duration = Duration::from_secs(120);
/// Where the vertices and tints lie in the pool (the same for both contenders).
const VERTICES_OFFSET_B: u64 = 1 << 20;
const UNIFORMS_OFFSET_B: u64 = VERTICES_OFFSET_B + (64 << 10);

fn pool_size_b(uniforms_b: u64) -> u64 {
    (UNIFORMS_OFFSET_B + uniforms_b).next_multiple_of(64 << 10)
}

pub(super) const POSITION_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
}
";

pub(super) const TINT_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
void main() {
    colour = tint;
}
";

/// `TINT_FRAG` times the texels of the textures in slots 0 and 1 (a material's two maps).
const TEXTURED_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
layout(binding = 0) uniform sampler2D albedo;
layout(binding = 1) uniform sampler2D detail;
void main() {
    colour = tint * texture(albedo, vec2(0.5)) * texture(detail, vec2(0.5));
}
";

/// The sampled textures' size, and where they lie in the pool (after the target).
const TEXTURE_PX: u32 = 4;
const TEXTURES_OFFSET_B: u64 = 64 << 10;
const TEXTURE_STRIDE_B: u64 = 4 << 10;
/// At most this many textures fit between the target and the vertices.
const MAX_TEXTURES: u32 = ((VERTICES_OFFSET_B - TEXTURES_OFFSET_B) / TEXTURE_STRIDE_B) as u32;

/// A few pixels in the corner: the frame's cost is recording, not rasterising.
const TRIANGLE: [f32; 6] = [-1.0, -1.0, -0.9, -1.0, -1.0, -0.9];

/// One frame's times.
#[derive(Clone, Copy, Debug)]
pub(super) struct FrameTimes {
    /// Recording and submitting, on the calling thread.
    pub(super) record_submit: Duration,
    /// From the start of recording to the fence.
    pub(super) to_fence: Duration,
}

pub(super) fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if args.draws == 0 || args.frames == 0 {
        anyhow::bail!("--draws and --frames must be at least 1");
    }
    if args.textures > MAX_TEXTURES {
        anyhow::bail!("--textures is at most {MAX_TEXTURES}");
    }
    if args.api == Api::C && args.textures > 0 {
        anyhow::bail!("--api c runs the frame without textures (no --textures)");
    }
    if args.binds != Binds::Object && args.api != Api::C {
        anyhow::bail!("--binds chooses the C ABI's binds (with --api c)");
    }
    if args.record_only && args.api != Api::C {
        anyhow::bail!("--record-only compares the C ABI's recording (with --api c)");
    }
    if args.change != Change::None && (args.api == Api::C || args.textures > 0) {
        anyhow::bail!("--change compares the Rust API against ash (no --api c, no --textures)");
    }
    let switches = crate::cli::start()?;
    let device = Device::open(&switches)?;
    let translator = Translator::new(crate::cli::translate_options(&switches))?;
    let fragment = if args.textures > 0 {
        TEXTURED_FRAG
    } else {
        TINT_FRAG
    };
    let modules = [
        (shader_translate::Stage::Vertex, POSITION_VERT),
        (shader_translate::Stage::Fragment, fragment),
    ]
    .map(|(stage, glsl)| {
        translator
            .translate(&ShaderSource {
                name: format!("bench-draws-{stage:?}"),
                stage,
                code: ShaderCode::Glsl(glsl.into()),
            })
            .map(|shader| ShaderModule::from(&shader))
            .with_context(|| format!("translating the bench's {stage:?} shader"))
    });
    let [vertex, fragment] = modules;
    let modules = vec![vertex?, fragment?];
    let uniforms = tints(args.draws);
    if args.textures > 0 {
        return compare_descriptor_paths(&device, &switches, &modules, &uniforms, &args);
    }

    if args.api == Api::C {
        return compare_c_abi(&device, &switches, &modules, &uniforms, &args);
    }

    let options = ExecutorOptions::default();
    let mut hookshot = HookshotRig::new(&device, &switches, options, &modules, &uniforms, &args)?;
    let mut direct = DirectRig::new(&device, &modules, &uniforms, args.draws, args.change)?;
    println!(
        "device: {} ({}); {} draws a frame, {}, {} frames each (interleaved, after 2 \
         warm-up), medians",
        device.info.name,
        device.info.driver_info,
        args.draws,
        args.change.describe(),
        args.frames
    );
    for _ in 0..2 {
        hookshot.frame()?;
        direct.frame()?;
    }
    let (mut ours, mut theirs, mut nvn_recording) = (Vec::new(), Vec::new(), Vec::new());
    let mut progress = crate::cli::progress::Progress::new("bench");
    for frame in 0..args.frames {
        progress.tick(|| format!("draws: frame {frame} of {}", args.frames));
        let (times, recording) = hookshot.frame()?;
        ours.push(times);
        nvn_recording.push(recording);
        theirs.push(direct.frame()?);
    }
    print_table(
        args.draws,
        [("hookshot", &ours), ("direct ash", &theirs)],
        "ratio hookshot/direct",
    );
    let ours_cpu = median(ours.iter().map(|f| f.record_submit).collect());
    println!(
        "hookshot's record+submit: NVN command recording {:.2} ms, queue submit (executor) {:.2} ms",
        ms(median(nvn_recording.clone())),
        ms(ours_cpu) - ms(median(nvn_recording))
    );
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The medians of two contenders' frames, and the first's over the second's.
fn print_table(draws: u32, contenders: [(&str, &[FrameTimes]); 2], ratio_name: &str) {
    let summary = |frames: &[FrameTimes]| {
        (
            median(frames.iter().map(|f| f.record_submit).collect()),
            median(frames.iter().map(|f| f.to_fence).collect()),
        )
    };
    let draws_per_s = |d: Duration| f64::from(draws) / d.as_secs_f64();
    println!(
        "{:<28} {:>18} {:>14} {:>16}",
        "", "record+submit ms", "to fence ms", "draws/s (fence)"
    );
    for (name, frames) in contenders {
        let (cpu, fence) = summary(frames);
        println!(
            "{name:<28} {:>18.2} {:>14.2} {:>16.0}",
            ms(cpu),
            ms(fence),
            draws_per_s(fence)
        );
    }
    let (first_cpu, first_fence) = summary(contenders[0].1);
    let (second_cpu, second_fence) = summary(contenders[1].1);
    println!(
        "{ratio_name:<28} {:>18.2} {:>14.2}",
        ms(first_cpu) / ms(second_cpu),
        ms(first_fence) / ms(second_fence)
    );
}

/// `--api c`: the frame through the C ABI against the same through the Rust API.
fn compare_c_abi(
    device: &Arc<Device>,
    switches: &gpu::switches::Switches,
    modules: &[ShaderModule],
    uniforms: &[u8],
    args: &Args,
) -> anyhow::Result<()> {
    // Both contenders on the Vulkan device the C ABI opened, each with its own executor.
    let mut c_abi = c_abi::CAbiRig::new(uniforms, args.draws)?;
    if args.binds == Binds::Both {
        return bind_forms::compare(device, &mut c_abi, args);
    }
    c_abi.by_address = args.binds == Binds::Address;
    let shared = c_abi.vulkan_device()?;
    let options = ExecutorOptions::default();
    let mut rust = HookshotRig::new(&shared, switches, options, modules, uniforms, args)?;
    println!(
        "device: {} ({}); {} draws a frame, {} frames each (interleaved, after 2 warm-up), medians",
        device.info.name, device.info.driver_info, args.draws, args.frames
    );
    if args.record_only {
        return compare_c_abi_recording(&mut c_abi, &mut rust, args);
    }
    for _ in 0..2 {
        c_abi.frame()?;
        rust.frame()?;
    }
    let (mut through_c, mut through_rust) = (Vec::new(), Vec::new());
    let (mut c_recording, mut rust_recording) = (Vec::new(), Vec::new());
    let mut progress = crate::cli::progress::Progress::new("bench");
    // Which goes first alternates, so neither always follows the other's frame.
    for frame in 0..args.frames {
        progress.tick(|| format!("draws --api c: frame {frame} of {}", args.frames));
        for turn in 0..2 {
            if (frame + turn) % 2 == 0 {
                let (times, recording) = c_abi.frame()?;
                through_c.push(times);
                c_recording.push(recording);
            } else {
                let (times, recording) = rust.frame()?;
                through_rust.push(times);
                rust_recording.push(recording);
            }
        }
    }
    print_table(
        args.draws,
        [("C ABI", &through_c), ("Rust API", &through_rust)],
        "ratio C ABI/Rust API",
    );
    let (c_ms, rust_ms) = (ms(median(c_recording)), ms(median(rust_recording)));
    println!(
        "command recording alone: C ABI {c_ms:.2} ms, Rust API {rust_ms:.2} ms, ratio {:.2}",
        c_ms / rust_ms
    );
    Ok(())
}

/// `--api c --record-only`: recording alone, nothing submitted, interleaved as above.
fn compare_c_abi_recording(
    c_abi: &mut c_abi::CAbiRig,
    rust: &mut HookshotRig,
    args: &Args,
) -> anyhow::Result<()> {
    println!(
        "{} draws a frame recorded (not submitted), {} frames each (interleaved, after 2 \
         warm-up), medians",
        args.draws, args.frames
    );
    let rust_frame = |rust: &mut HookshotRig| -> anyhow::Result<Duration> {
        let started = Instant::now();
        drop(rust.record()?);
        Ok(started.elapsed())
    };
    for _ in 0..2 {
        c_abi.record_only()?;
        rust_frame(rust)?;
    }
    let (mut through_c, mut through_rust) = (Vec::new(), Vec::new());
    let mut progress = crate::cli::progress::Progress::new("bench");
    for frame in 0..args.frames {
        progress.tick(|| format!("draws recording: frame {frame} of {}", args.frames));
        for turn in 0..2 {
            if (frame + turn) % 2 == 0 {
                through_c.push(c_abi.record_only()?);
            } else {
                through_rust.push(rust_frame(rust)?);
            }
        }
    }
    let (c_ms, rust_ms) = (ms(median(through_c)), ms(median(through_rust)));
    let calls_ns = |total_ms: f64| total_ms * 1e6 / f64::from(args.draws);
    println!(
        "recording: C ABI {c_ms:.3} ms ({:.1} ns a draw), Rust API {rust_ms:.3} ms ({:.1} ns \
         a draw), ratio C ABI/Rust API {:.2}",
        calls_ns(c_ms),
        calls_ns(rust_ms),
        c_ms / rust_ms
    );
    Ok(())
}

/// `--textures`: the bindless table against per-draw sets, both through Hookshot.
fn compare_descriptor_paths(
    device: &Arc<Device>,
    switches: &gpu::switches::Switches,
    modules: &[ShaderModule],
    uniforms: &[u8],
    args: &Args,
) -> anyhow::Result<()> {
    let indexing = device.caps.descriptor_indexing && switches.descriptor_indexing;
    let options = |descriptor_indexing| ExecutorOptions {
        descriptor_indexing,
        ..ExecutorOptions::default()
    };
    let mut bindless = HookshotRig::new(device, switches, options(true), modules, uniforms, args)?;
    let mut per_draw = HookshotRig::new(device, switches, options(false), modules, uniforms, args)?;
    println!(
        "device: {} ({}); {} draws a frame over {} textures, {} frames each (interleaved, \
         after 2 warm-up), medians; descriptor indexing: {}",
        device.info.name,
        device.info.driver_info,
        args.draws,
        args.textures,
        args.frames,
        if indexing {
            "yes"
        } else {
            "no (both run per-draw sets)"
        }
    );
    for _ in 0..2 {
        bindless.frame()?;
        per_draw.frame()?;
    }
    let (mut table, mut sets) = (Vec::new(), Vec::new());
    let mut progress = crate::cli::progress::Progress::new("bench");
    for frame in 0..args.frames {
        progress.tick(|| format!("draws bindless: frame {frame} of {}", args.frames));
        table.push(bindless.frame()?.0);
        sets.push(per_draw.frame()?.0);
    }
    print_table(
        args.draws,
        [
            ("hookshot, bindless table", &table),
            ("hookshot, per-draw sets", &sets),
        ],
        "ratio bindless/per-draw",
    );
    Ok(())
}

/// Each draw's tint at `index * UNIFORM_STRIDE_B`.
fn tints(draws: u32) -> Vec<u8> {
    super::tint_bytes(draws as usize, UNIFORM_STRIDE_B as usize, 1.0)
}

fn vertex_bytes() -> Vec<u8> {
    TRIANGLE.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// The frame through Hookshot: an NVN command buffer submitted to the executor.
struct HookshotRig {
    nvn: gpu::Device,
    view: ViewId,
    program: ProgramId,
    vertices: BufferId,
    uniforms: BufferId,
    draws: u32,
    /// With `--textures`: the tables and how many textures they hold.
    tables: Option<(TextureTableId, SamplerTableId)>,
    textures: u32,
    change: Change,
}

impl HookshotRig {
    fn new(
        device: &Arc<Device>,
        switches: &gpu::switches::Switches,
        options: ExecutorOptions,
        modules: &[ShaderModule],
        uniform_bytes: &[u8],
        args: &Args,
    ) -> anyhow::Result<HookshotRig> {
        let backend = VkBackend::with_switches(device, options, switches)?;
        let nvn = gpu::Device::new(
            DeviceMaker::new(Box::new(backend)).write_tracking(switches.write_tracking),
        )?;
        let uniforms_b = uniform_bytes.len() as u64;
        let pool = nvn.create_pool(&PoolMaker::new(
            pool_size_b(uniforms_b),
            PoolFlags::CPU_CACHED_GPU_CACHED,
        ))?;
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
        let vertices = buffer(VERTICES_OFFSET_B, VERTICES_B)?;
        let uniforms = buffer(UNIFORMS_OFFSET_B, uniforms_b)?;
        nvn.write_pool(pool, VERTICES_OFFSET_B, &vertex_bytes())?;
        nvn.write_pool(pool, UNIFORMS_OFFSET_B, uniform_bytes)?;
        let program = nvn.create_program(&ProgramMaker {
            modules: modules.to_vec(),
        })?;
        let tables = if args.textures > 0 {
            Some(sampled_textures(&nvn, pool, args.textures)?)
        } else {
            None
        };
        Ok(HookshotRig {
            nvn,
            view,
            program,
            vertices,
            uniforms,
            draws: args.draws,
            tables,
            textures: args.textures,
            change: args.change,
        })
    }

    /// One frame; also returns the time of NVN recording alone.
    fn frame(&mut self) -> anyhow::Result<(FrameTimes, Duration)> {
        let started = Instant::now();
        let list = self.record()?;
        let recorded = started.elapsed();
        self.nvn.queue().submit(&list)?;
        let record_submit = started.elapsed();
        self.nvn.queue().finish()?;
        Ok((
            FrameTimes {
                record_submit,
                to_fence: started.elapsed(),
            },
            recorded,
        ))
    }

    /// The frame's commands, ended to a list.
    fn record(&mut self) -> anyhow::Result<gpu::CommandList> {
        let mut commands = self.nvn.command_buffer();
        let mut targets = RenderTargets::default();
        targets.colors[0] = Some(self.view);
        commands.bind_render_targets(targets)?;
        commands.clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)?;
        commands.bind_program(self.program)?;
        super::bind_position_stream(
            &mut commands,
            BufferRange {
                buffer: self.vertices,
                offset_b: 0,
                size_b: VERTICES_B,
            },
        )?;
        if let Some((textures, samplers)) = self.tables {
            commands.bind_descriptor_tables(textures, samplers)?;
        }
        for index in 0..u64::from(self.draws) {
            let tint_at = (self.uniforms, index * UNIFORM_STRIDE_B);
            self.change.set(&mut commands, index as u32, tint_at)?;
            if self.tables.is_some() {
                let textures = u64::from(self.textures);
                for (slot, texture) in [index % textures, (index / textures) % textures]
                    .into_iter()
                    .enumerate()
                {
                    let handle = TextureHandle {
                        texture_slot: texture as u32,
                        sampler_slot: 0,
                    };
                    commands.bind_texture(Stage::Fragment, slot as u8, handle)?;
                }
            }
            commands.bind_buffer(
                BufferBinding::Uniform {
                    stage: Stage::Fragment,
                    slot: 0,
                },
                BufferRange {
                    buffer: self.uniforms,
                    offset_b: index * UNIFORM_STRIDE_B,
                    size_b: TINT_B,
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
        Ok(commands.finish())
    }
}

/// `count` textures of one grey each, registered in a texture table at their index, and
/// one sampler at slot 0 of a sampler table.
fn sampled_textures(
    nvn: &gpu::Device,
    pool: gpu::PoolId,
    count: u32,
) -> anyhow::Result<(TextureTableId, SamplerTableId)> {
    let textures = nvn.create_texture_table(count)?;
    let builder = TextureBuilder::new_2d(Format::Rgba8, TEXTURE_PX, TEXTURE_PX);
    for index in 0..count {
        let offset_b = TEXTURES_OFFSET_B + u64::from(index) * TEXTURE_STRIDE_B;
        let texture = nvn.create_texture(&builder, pool, offset_b)?;
        let grey = 128 + (index % 128) as u8;
        let size_b = builder.layout()?.size_b as usize;
        nvn.write_pool(pool, offset_b, &vec![grey; size_b])?;
        let view = nvn.create_view(&ViewMaker::whole(texture))?;
        nvn.register_texture(textures, index, view)?;
    }
    let samplers = nvn.create_sampler_table(1)?;
    let sampler = nvn.create_sampler(&SamplerMaker::default())?;
    nvn.register_sampler(samplers, 0, sampler)?;
    Ok((textures, samplers))
}

/// The same frame recorded with ash by hand.
struct DirectRig {
    command_pool: vk::CommandPool,
    cmd: vk::CommandBuffer,
    timeline: Timeline,
    submitted: u64,
    shader_modules: Vec<vk::ShaderModule>,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    layout: vk::PipelineLayout,
    pipeline: vk::Pipeline,
    descriptor_pool: vk::DescriptorPool,
    /// The set with the tints (a dynamic uniform buffer) and its index in the layout.
    set: vk::DescriptorSet,
    set_index: u32,
    view: vk::ImageView,
    image: HostImage,
    /// Vertices and tints at the offsets Hookshot's pool has them.
    pool: PoolBuffer,
    draws: u32,
    change: Change,
    device: Arc<Device>,
}

impl DirectRig {
    fn new(
        device: &Arc<Device>,
        modules: &[ShaderModule],
        uniform_bytes: &[u8],
        draws: u32,
        change: Change,
    ) -> anyhow::Result<DirectRig> {
        let mut pool = PoolBuffer::mirror(device, pool_size_b(uniform_bytes.len() as u64))?;
        let bytes = pool
            .mirror_bytes_mut()
            .context("a pool mirror is host-visible")?;
        let vertices = vertex_bytes();
        let at = VERTICES_OFFSET_B as usize;
        bytes[at..at + vertices.len()].copy_from_slice(&vertices);
        let at = UNIFORMS_OFFSET_B as usize;
        bytes[at..at + uniform_bytes.len()].copy_from_slice(uniform_bytes);
        let image = HostImage::new(
            device,
            HostImageDesc {
                format: vk::Format::R8G8B8A8_UNORM,
                aspect: vk::ImageAspectFlags::COLOR,
                image_type: vk::ImageType::TYPE_2D,
                width_px: TARGET_PX,
                height_px: TARGET_PX,
                depth_px: 1,
                levels: 1,
                layers: 1,
                samples: vk::SampleCountFlags::TYPE_1,
                cube_compatible: false,
            },
            "bench target",
        )?;
        let raw = &device.raw;
        let view_info = vk::ImageViewCreateInfo::default()
            .image(image.raw)
            .view_type(vk::ImageViewType::TYPE_2D)
            .format(vk::Format::R8G8B8A8_UNORM)
            .subresource_range(image.full_range());
        // SAFETY: a live image with this format; valid create info.
        let view = unsafe { raw.create_image_view(&view_info, None) }?;
        let pool_info = vk::CommandPoolCreateInfo::default()
            .queue_family_index(device.queue_family_index)
            .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER);
        // SAFETY: valid create info on a live device.
        let command_pool = unsafe { raw.create_command_pool(&pool_info, None) }?;
        let allocate = vk::CommandBufferAllocateInfo::default()
            .command_pool(command_pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(1);
        // SAFETY: the pool is live and used by this thread only.
        let cmd = unsafe { raw.allocate_command_buffers(&allocate) }?[0];

        let tint_binding = host_binding(
            shader_translate::Stage::Fragment,
            ResourceKind::UniformBuffer,
            0,
        )
        .context("fragment uniform slot 0 has a host binding")?;
        let mut set_layouts = Vec::new();
        for set in 0..=tint_binding.set {
            let bindings: Vec<vk::DescriptorSetLayoutBinding> = (set == tint_binding.set)
                .then(|| {
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(tint_binding.binding)
                        .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC)
                        .descriptor_count(1)
                        .stage_flags(vk::ShaderStageFlags::FRAGMENT)
                })
                .into_iter()
                .collect();
            let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings);
            // SAFETY: valid create info.
            set_layouts.push(unsafe { raw.create_descriptor_set_layout(&info, None) }?);
        }
        let layout_info = vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts);
        // SAFETY: the set layouts are live.
        let layout = unsafe { raw.create_pipeline_layout(&layout_info, None) }?;
        let sizes = [vk::DescriptorPoolSize::default()
            .ty(vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC)
            .descriptor_count(1)];
        let pool_info = vk::DescriptorPoolCreateInfo::default()
            .max_sets(1)
            .pool_sizes(&sizes);
        // SAFETY: valid create info.
        let descriptor_pool = unsafe { raw.create_descriptor_pool(&pool_info, None) }?;
        let set_layout = [set_layouts[tint_binding.set as usize]];
        let set_info = vk::DescriptorSetAllocateInfo::default()
            .descriptor_pool(descriptor_pool)
            .set_layouts(&set_layout);
        // SAFETY: the pool has room for this one set.
        let set = unsafe { raw.allocate_descriptor_sets(&set_info) }?[0];
        let buffer_info = [vk::DescriptorBufferInfo {
            buffer: pool.raw,
            offset: UNIFORMS_OFFSET_B,
            range: TINT_B,
        }];
        let write = [vk::WriteDescriptorSet::default()
            .dst_set(set)
            .dst_binding(tint_binding.binding)
            .descriptor_type(vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC)
            .buffer_info(&buffer_info)];
        // SAFETY: the set is not in use; the buffer is live.
        unsafe { raw.update_descriptor_sets(&write, &[]) };

        let mut shader_modules = Vec::new();
        for module in modules {
            let info = vk::ShaderModuleCreateInfo::default().code(&module.spirv_words);
            // SAFETY: validated SPIR-V from the translator.
            shader_modules.push(unsafe { raw.create_shader_module(&info, None) }?);
        }
        let more_dynamic = change.dynamic_states(device)?;
        let pipeline = make_pipeline(device, modules, &shader_modules, layout, &more_dynamic)?;
        Ok(DirectRig {
            command_pool,
            cmd,
            timeline: Timeline::new(device)?,
            submitted: 0,
            shader_modules,
            set_layouts,
            layout,
            pipeline,
            descriptor_pool,
            set,
            set_index: tint_binding.set,
            view,
            image,
            pool,
            draws,
            change,
            device: device.clone(),
        })
    }

    fn frame(&mut self) -> anyhow::Result<FrameTimes> {
        let started = Instant::now();
        let raw = &self.device.raw;
        let cmd = self.cmd;
        let begin = vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
        let area = vk::Rect2D {
            offset: vk::Offset2D::default(),
            extent: vk::Extent2D {
                width: TARGET_PX,
                height: TARGET_PX,
            },
        };
        let attachments = [vk::RenderingAttachmentInfo::default()
            .image_view(self.view)
            .image_layout(vk::ImageLayout::GENERAL)
            .load_op(vk::AttachmentLoadOp::CLEAR)
            .store_op(vk::AttachmentStoreOp::STORE)
            .clear_value(vk::ClearValue::default())];
        let rendering = vk::RenderingInfo::default()
            .render_area(area)
            .layer_count(1)
            .color_attachments(&attachments);
        // The pass again after an inline uniform update (`--change uniform`).
        let loads = [attachments[0].load_op(vk::AttachmentLoadOp::LOAD)];
        let again = rendering.color_attachments(&loads);
        // The previous frame's writes, and the layout the target is drawn in.
        let to_general = [vk::ImageMemoryBarrier2::default()
            .src_stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)
            .src_access_mask(vk::AccessFlags2::MEMORY_WRITE)
            .dst_stage_mask(vk::PipelineStageFlags2::COLOR_ATTACHMENT_OUTPUT)
            .dst_access_mask(vk::AccessFlags2::COLOR_ATTACHMENT_WRITE)
            .old_layout(vk::ImageLayout::UNDEFINED)
            .new_layout(vk::ImageLayout::GENERAL)
            .image(self.image.raw)
            .subresource_range(self.image.full_range())];
        let host_read = [vk::MemoryBarrier2::default()
            .src_stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)
            .src_access_mask(vk::AccessFlags2::MEMORY_WRITE)
            .dst_stage_mask(vk::PipelineStageFlags2::HOST)
            .dst_access_mask(vk::AccessFlags2::HOST_READ)];
        let viewport = vk::Viewport {
            x: 0.0,
            y: 0.0,
            width: TARGET_PX as f32,
            height: TARGET_PX as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        };
        // SAFETY: the buffer's last submission completed (each frame waits for its
        // fence); every handle is live; the set matches the layout at `set_index`.
        unsafe {
            raw.begin_command_buffer(cmd, &begin)?;
            raw.cmd_pipeline_barrier2(
                cmd,
                &vk::DependencyInfo::default().image_memory_barriers(&to_general),
            );
            raw.cmd_begin_rendering(cmd, &rendering);
            raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, self.pipeline);
            raw.cmd_set_viewport(cmd, 0, &[viewport]);
            raw.cmd_set_scissor(cmd, 0, &[area]);
            raw.cmd_set_blend_constants(cmd, &[0.0; 4]);
            raw.cmd_bind_vertex_buffers(cmd, 0, &[self.pool.raw], &[VERTICES_OFFSET_B]);
            self.change.record_once(&self.device, cmd);
            for index in 0..self.draws {
                self.change.record(&self.device, cmd, index);
                let offset_b = (u64::from(index) * UNIFORM_STRIDE_B) as u32;
                if self.change == Change::Uniform {
                    let at = (self.pool.raw, UNIFORMS_OFFSET_B + u64::from(offset_b));
                    let bytes = state_changes::updated_tint(index);
                    uniform_update::record(&self.device, cmd, &again, at, &bytes);
                }
                raw.cmd_bind_descriptor_sets(
                    cmd,
                    vk::PipelineBindPoint::GRAPHICS,
                    self.layout,
                    self.set_index,
                    &[self.set],
                    &[offset_b],
                );
                raw.cmd_draw(cmd, 3, 1, 0, 0);
            }
            raw.cmd_end_rendering(cmd);
            raw.cmd_pipeline_barrier2(
                cmd,
                &vk::DependencyInfo::default().memory_barriers(&host_read),
            );
            raw.end_command_buffer(cmd)?;
        }
        self.submitted += 1;
        let commands = [vk::CommandBufferSubmitInfo::default().command_buffer(cmd)];
        let signals = [vk::SemaphoreSubmitInfo::default()
            .semaphore(self.timeline.raw)
            .value(self.submitted)
            .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
        let submit = [vk::SubmitInfo2::default()
            .command_buffer_infos(&commands)
            .signal_semaphore_infos(&signals)];
        {
            let queue = self.device.queue.lock();
            // SAFETY: the queue lock serialises submissions; the arrays outlive the call.
            unsafe { raw.queue_submit2(*queue, &submit, vk::Fence::null()) }?;
        }
        let record_submit = started.elapsed();
        if self.timeline.wait(self.submitted, TIMEOUT)? != WaitOutcome::Reached {
            anyhow::bail!("the direct frame did not finish within {TIMEOUT:?}");
        }
        Ok(FrameTimes {
            record_submit,
            to_fence: started.elapsed(),
        })
    }
}

/// The fixed-function state the executor gives these draws (default NVN state).
fn make_pipeline(
    device: &Device,
    modules: &[ShaderModule],
    shader_modules: &[vk::ShaderModule],
    layout: vk::PipelineLayout,
    more_dynamic: &[vk::DynamicState],
) -> anyhow::Result<vk::Pipeline> {
    let stages: Vec<vk::PipelineShaderStageCreateInfo> = modules
        .iter()
        .zip(shader_modules)
        .map(|(module, &raw)| {
            let stage = match module.stage {
                Stage::Vertex => vk::ShaderStageFlags::VERTEX,
                _ => vk::ShaderStageFlags::FRAGMENT,
            };
            vk::PipelineShaderStageCreateInfo::default()
                .stage(stage)
                .module(raw)
                .name(c"main")
        })
        .collect();
    let bindings = [vk::VertexInputBindingDescription {
        binding: 0,
        stride: 8,
        input_rate: vk::VertexInputRate::VERTEX,
    }];
    let attributes = [vk::VertexInputAttributeDescription {
        location: 0,
        binding: 0,
        format: vk::Format::R32G32_SFLOAT,
        offset: 0,
    }];
    let vertex_input = vk::PipelineVertexInputStateCreateInfo::default()
        .vertex_binding_descriptions(&bindings)
        .vertex_attribute_descriptions(&attributes);
    let input_assembly = vk::PipelineInputAssemblyStateCreateInfo::default()
        .topology(vk::PrimitiveTopology::TRIANGLE_LIST);
    let viewport = vk::PipelineViewportStateCreateInfo::default()
        .viewport_count(1)
        .scissor_count(1);
    let rasterization = vk::PipelineRasterizationStateCreateInfo::default()
        .polygon_mode(vk::PolygonMode::FILL)
        .cull_mode(vk::CullModeFlags::NONE)
        .front_face(vk::FrontFace::COUNTER_CLOCKWISE)
        .line_width(1.0);
    let multisample = vk::PipelineMultisampleStateCreateInfo::default()
        .rasterization_samples(vk::SampleCountFlags::TYPE_1);
    let depth_stencil = vk::PipelineDepthStencilStateCreateInfo::default();
    let blends = [vk::PipelineColorBlendAttachmentState {
        color_write_mask: vk::ColorComponentFlags::RGBA,
        ..Default::default()
    }];
    let color_blend = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blends);
    let mut dynamic_states = vec![
        vk::DynamicState::VIEWPORT,
        vk::DynamicState::SCISSOR,
        vk::DynamicState::BLEND_CONSTANTS,
    ];
    dynamic_states.extend_from_slice(more_dynamic);
    let dynamic = vk::PipelineDynamicStateCreateInfo::default().dynamic_states(&dynamic_states);
    let formats = [vk::Format::R8G8B8A8_UNORM];
    let mut rendering =
        vk::PipelineRenderingCreateInfo::default().color_attachment_formats(&formats);
    let info = [vk::GraphicsPipelineCreateInfo::default()
        .stages(&stages)
        .vertex_input_state(&vertex_input)
        .input_assembly_state(&input_assembly)
        .viewport_state(&viewport)
        .rasterization_state(&rasterization)
        .multisample_state(&multisample)
        .depth_stencil_state(&depth_stencil)
        .color_blend_state(&color_blend)
        .dynamic_state(&dynamic)
        .layout(layout)
        .push_next(&mut rendering)];
    // SAFETY: every pointer in `info` refers to locals that outlive the call; the modules
    // and layout are live and declare what the shaders use.
    let pipelines = unsafe {
        device
            .raw
            .create_graphics_pipelines(vk::PipelineCache::null(), &info, None)
    }
    .map_err(|(_, result)| result)?;
    Ok(pipelines[0])
}

impl Drop for DirectRig {
    fn drop(&mut self) {
        let _ = self.timeline.wait(self.submitted, TIMEOUT);
        let raw = &self.device.raw;
        // SAFETY: the last submission completed (waited above); nothing else uses these.
        unsafe {
            raw.destroy_pipeline(self.pipeline, None);
            raw.destroy_pipeline_layout(self.layout, None);
            for &set_layout in &self.set_layouts {
                raw.destroy_descriptor_set_layout(set_layout, None);
            }
            raw.destroy_descriptor_pool(self.descriptor_pool, None);
            for &module in &self.shader_modules {
                raw.destroy_shader_module(module, None);
            }
            raw.destroy_image_view(self.view, None);
            raw.destroy_command_pool(self.command_pool, None);
        }
        // `image` and `pool` free themselves after this.
    }
}

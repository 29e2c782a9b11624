//! The objects every growth curve draws with, on a device of its own (a fresh executor per
//! size, so one size's objects never weigh on the next): a small target, one triangle,
//! a ring of per-draw tints, and the translated shaders the curves make programs of.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use gpu::command::{ClearValue, DrawArrays, RenderTargets};
use gpu::objects::{
    BufferMaker, BufferRange, BufferUsage, PoolMaker, ProgramMaker, ShaderModule, TextureBuilder,
    ViewMaker,
};
use gpu::state::{ComponentMask, PrimitiveKind};
use gpu::{BufferId, DeviceMaker, ProgramId, ViewId};
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::Device;
use memory::{Format, PoolFlags};
use shader_translate::{ShaderCode, ShaderSource, Translator};

use crate::cli::bench::draws::{POSITION_VERT, TINT_FRAG};
use crate::cli::bench::record::thread_cpu_time;

/// Draws take their tint from a ring of this many entries, `UNIFORM_STRIDE_B` apart: the
/// uniforms stay 1 MiB at any draw count.
pub const TINTS: u32 = 4096;
pub const UNIFORM_STRIDE_B: u64 = 256;
pub const TINT_B: u64 = 16;
const TARGET_PX: u32 = 64;
const VERTICES_OFFSET_B: u64 = 64 << 10;
const VERTICES_B: u64 = 256;
const UNIFORMS_OFFSET_B: u64 = 128 << 10;
const POOL_B: u64 = UNIFORMS_OFFSET_B + TINTS as u64 * UNIFORM_STRIDE_B;
/// A few pixels in the corner: a frame's cost is recording, not rasterising.
const TRIANGLE: [f32; 6] = [-1.0, -1.0, -0.9, -1.0, -1.0, -0.9];

/// `TINT_FRAG` times the texel of the texture in fragment slot 0.
pub const SAMPLED_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
layout(binding = 0) uniform sampler2D albedo;
void main() {
    colour = tint * texture(albedo, vec2(0.5));
}
";

/// The shaders translated once for the whole run: a vertex stage and a fragment stage
/// for plain tinted draws, and one that also samples a texture.
pub struct Shaders {
    pub tinted: Vec<ShaderModule>,
    pub sampled: Vec<ShaderModule>,
}

impl Shaders {
    pub fn translate(translator: &Translator) -> anyhow::Result<Shaders> {
        let module = |stage, glsl: &str| {
            translator
                .translate(&ShaderSource {
                    name: format!("bench-scale-{stage:?}"),
                    stage,
                    code: ShaderCode::Glsl(glsl.into()),
                })
                .map(|shader| ShaderModule::from(&shader))
                .with_context(|| format!("translating the bench's {stage:?} shader"))
        };
        use shader_translate::Stage::{Fragment, Vertex};
        let vertex = module(Vertex, POSITION_VERT)?;
        Ok(Shaders {
            tinted: vec![vertex.clone(), module(Fragment, TINT_FRAG)?],
            sampled: vec![vertex, module(Fragment, SAMPLED_FRAG)?],
        })
    }
}

pub struct Scene {
    pub nvn: gpu::Device,
    view: ViewId,
    vertices: BufferId,
    pub uniforms: BufferId,
}

impl Scene {
    pub fn new(device: &Arc<Device>, switches: &gpu::switches::Switches) -> anyhow::Result<Scene> {
        let backend = VkBackend::with_switches(device, ExecutorOptions::default(), switches)?;
        let nvn = gpu::Device::new(
            DeviceMaker::new(Box::new(backend)).write_tracking(switches.write_tracking),
        )?;
        let pool = nvn.create_pool(&PoolMaker::new(POOL_B, PoolFlags::CPU_CACHED_GPU_CACHED))?;
        let target = TextureBuilder::new_2d(Format::Rgba8, TARGET_PX, TARGET_PX);
        let view = nvn.create_view(&ViewMaker::whole(nvn.create_texture(&target, pool, 0)?))?;
        let buffer = |offset_b, size_b| {
            nvn.create_buffer(&BufferMaker {
                pool,
                offset_b,
                size_b,
                usage: BufferUsage::ALL,
            })
        };
        let vertices = buffer(VERTICES_OFFSET_B, VERTICES_B)?;
        let uniforms = buffer(UNIFORMS_OFFSET_B, POOL_B - UNIFORMS_OFFSET_B)?;
        let triangle: Vec<u8> = TRIANGLE.iter().flat_map(|v| v.to_le_bytes()).collect();
        nvn.write_pool(pool, VERTICES_OFFSET_B, &triangle)?;
        let tints = super::super::tint_bytes(TINTS as usize, UNIFORM_STRIDE_B as usize, 1.0);
        nvn.write_pool(pool, UNIFORMS_OFFSET_B, &tints)?;
        Ok(Scene {
            nvn,
            view,
            vertices,
            uniforms,
        })
    }

    pub fn program(&self, modules: &[ShaderModule]) -> anyhow::Result<ProgramId> {
        Ok(self.nvn.create_program(&ProgramMaker {
            modules: modules.to_vec(),
        })?)
    }

    /// A command buffer with the target bound (cleared when `clear`), the triangle's
    /// vertex stream bound and `program` bound.
    pub fn begin(&self, clear: bool, program: ProgramId) -> anyhow::Result<gpu::CommandBuffer<'_>> {
        let mut commands = self.nvn.command_buffer();
        let mut targets = RenderTargets::default();
        targets.colors[0] = Some(self.view);
        commands.bind_render_targets(targets)?;
        if clear {
            commands.clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)?;
        }
        let triangle = BufferRange {
            buffer: self.vertices,
            offset_b: 0,
            size_b: VERTICES_B,
        };
        super::super::bind_position_stream(&mut commands, triangle)?;
        commands.bind_program(program)?;
        Ok(commands)
    }

    /// Tint `index` (mod the ring) as fragment uniform slot 0.
    pub fn tint(index: u64) -> (u64, u64) {
        ((index % u64::from(TINTS)) * UNIFORM_STRIDE_B, TINT_B)
    }

    /// Submits the lists `record` makes (called `lists` times, the first list cleared)
    /// and waits for the fence.
    pub fn frame(
        &self,
        lists: u32,
        mut record: impl FnMut(u32) -> anyhow::Result<gpu::CommandList>,
    ) -> anyhow::Result<Frame> {
        let started = Instant::now();
        let cpu_started = thread_cpu_time();
        for list in 0..lists {
            let list = record(list)?;
            self.nvn.queue().submit(&list)?;
        }
        let record_submit = started.elapsed();
        let cpu = cpu_started
            .zip(thread_cpu_time())
            .map(|(from, to)| to - from);
        self.nvn.queue().finish()?;
        Ok(Frame {
            record_submit,
            cpu,
            to_fence: started.elapsed(),
        })
    }
}

/// One frame's times.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// Recording and submitting, on the calling thread.
    pub record_submit: Duration,
    /// The calling thread's CPU time in those (where the platform tells): steadier than
    /// the wall clock on a machine others share.
    pub cpu: Option<Duration>,
    /// From the start of recording to the fence.
    pub to_fence: Duration,
}

/// One triangle.
pub const DRAW: DrawArrays = DrawArrays {
    primitive: PrimitiveKind::Triangles,
    first_vertex: 0,
    vertex_count: 3,
    first_instance: 0,
    instance_count: 1,
};

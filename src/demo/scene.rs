//! The demo's objects: its pools, programs, render targets, descriptor tables and the
//! buffers over the work pool, made once through Hookshot's NVN-level API.

use super::pool_writes::PoolWrites;
use anyhow::Context;
use gpu::objects::{
    BufferMaker, BufferUsage, Filter, MipFilter, PoolMaker, SamplerMaker, TextureBuilder,
    TextureFlags, ViewMaker, WrapMode,
};
use gpu::{BufferId, ProgramId, SamplerTableId, TextureId, TextureTableId, ViewId};
use memory::{Format, PoolFlags};
use shader_translate::Translator;

use super::shaders::*;

/// Regions of the work pool.
pub const HEIGHTS_OFFSET_B: u64 = 0;
pub const HEIGHTS_STRIDE_B: u64 = 17 * 4096;
pub const HEIGHTS_SLOTS: u64 = 9;
pub const UNIFORMS_OFFSET_B: u64 = 1 << 20;
pub const UNIFORM_STRIDE_B: u64 = 256;
pub const UNIFORM_SLOTS: u64 = 64;
const TARGETS_OFFSET_B: u64 = 2 << 20;
/// The read-backs start here at the least, after the render targets where they need more
/// (a large `--size`): the work pool grows with the frame.
const MIN_READBACK_OFFSET_B: u64 = 48 << 20;
pub const READBACK_B: u64 = 8 << 20;

pub const SHADOW_SIZE_PX: u32 = 256;
/// Texture-table slots of the fixed textures; tiles take the rest.
pub const SCENE_SLOT: u32 = 0;
pub const LIGHTS_SLOT: u32 = 1;
/// The first of the lights' shadow maps' slots (one a light).
pub const SHADOW_SLOT: u32 = 2;
/// One shadow map a light, so every light's volume can be drawn after every shadow pass.
pub const SHADOW_MAPS: u32 = 11;
/// The streamed props' slots (`props::PROPS_LIVE` of them).
pub const FIRST_PROP_SLOT: u32 = 16;
pub const FIRST_TILE_SLOT: u32 = 24;
pub const TEXTURE_SLOTS: u32 = 80;
pub const LINEAR_SAMPLER: u32 = 0;
pub const NEAREST_SAMPLER: u32 = 1;

/// A render target texture with its view.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    pub texture: TextureId,
    pub view: ViewId,
    pub width_px: u32,
    pub height_px: u32,
}

pub struct Programs {
    pub normals: ProgramId,
    pub terrain: ProgramId,
    pub shadow: ProgramId,
    pub light: ProgramId,
    pub composite: ProgramId,
}

pub struct Scene {
    pub work_pool: gpu::PoolId,
    /// How uniforms and heights reach the pool.
    pub pool_writes: PoolWrites,
    /// Where the read-back buffer lies in the work pool.
    pub readback_offset_b: u64,
    pub tile_pool: gpu::PoolId,
    pub heights: BufferId,
    pub uniforms: BufferId,
    pub readback: BufferId,
    pub programs: Programs,
    pub scene: Target,
    pub lights: Target,
    /// The lights' shadow maps, in light order.
    pub shadows: Vec<Target>,
    pub output: Target,
    pub textures: TextureTableId,
    pub samplers: SamplerTableId,
}

impl Scene {
    pub fn new(
        device: &gpu::Device,
        translator: &Translator,
        tile_pool_b: u64,
        size_px: (u32, u32),
        pool_writes: PoolWrites,
        shader_set: ShaderSet,
    ) -> anyhow::Result<Scene> {
        // The render targets' places come first: the work pool is as large as they need.
        let (width_px, height_px) = size_px;
        let mut next_target_b = TARGETS_OFFSET_B;
        let mut place = |format: &str, width_px: u32, height_px: u32| -> anyhow::Result<_> {
            let format = Format::from_name(format).context("a demo format")?;
            // Render targets are compressible, as games make them: the write-back leaves
            // them alone (their storage is never the CPU's to copy).
            let builder = TextureBuilder::new_2d(format, width_px, height_px)
                .flags(TextureFlags::COMPRESSIBLE);
            let layout = builder.layout()?;
            let offset_b = next_target_b.next_multiple_of(layout.alignment_b.max(4096));
            next_target_b = offset_b + layout.size_b;
            Ok((builder, offset_b, width_px, height_px))
        };
        let places = [
            place("rgba8", width_px, height_px)?,
            place("rgba8", width_px, height_px)?,
            place("rgba8", width_px, height_px)?,
        ];
        let shadow_places = (0..SHADOW_MAPS)
            .map(|_| place("z32f", SHADOW_SIZE_PX, SHADOW_SIZE_PX))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let readback_offset_b = next_target_b
            .next_multiple_of(1 << 20)
            .max(MIN_READBACK_OFFSET_B);
        let work_pool = device
            .create_pool(&PoolMaker::new(
                readback_offset_b + READBACK_B,
                PoolFlags::CPU_CACHED_GPU_CACHED,
            ))
            .with_context(|| {
                format!("the work pool of a {width_px}x{height_px} frame ({readback_offset_b} bytes of targets)")
            })?;
        let tile_pool = device.create_pool(&PoolMaker::new(
            tile_pool_b,
            PoolFlags::CPU_CACHED_GPU_CACHED,
        ))?;
        let buffer = |offset_b, size_b| {
            device.create_buffer(&BufferMaker {
                pool: work_pool,
                offset_b,
                size_b,
                usage: BufferUsage::ALL,
            })
        };
        let heights = buffer(HEIGHTS_OFFSET_B, HEIGHTS_SLOTS * HEIGHTS_STRIDE_B)?;
        let uniforms = buffer(UNIFORMS_OFFSET_B, UNIFORM_SLOTS * UNIFORM_STRIDE_B)?;
        let readback = buffer(readback_offset_b, READBACK_B)?;
        let program = |shaders: &[&DemoShader]| -> anyhow::Result<ProgramId> {
            let maker = program_maker(translator, shader_set, shaders)?;
            Ok(device.create_program(&maker)?)
        };
        let programs = Programs {
            normals: program(&[&FULLSCREEN_VERT, &NORMALS_FRAG])?,
            terrain: program(&[&TERRAIN_VERT, &TERRAIN_FRAG])?,
            shadow: program(&[&SHADOW_VERT])?,
            light: program(&[&FULLSCREEN_VERT, &LIGHT_FRAG])?,
            composite: program(&[&FULLSCREEN_VERT, &COMPOSITE_FRAG])?,
        };
        let make_target = |(builder, offset_b, width_px, height_px): (
            TextureBuilder,
            u64,
            u32,
            u32,
        )|
         -> anyhow::Result<Target> {
            let texture = device.create_texture(&builder, work_pool, offset_b)?;
            let view = device.create_view(&ViewMaker::whole(texture))?;
            Ok(Target {
                texture,
                view,
                width_px,
                height_px,
            })
        };
        let [scene, lights, output] = places.map(make_target);
        let (scene, lights, output) = (scene?, lights?, output?);
        let shadows = shadow_places
            .into_iter()
            .map(make_target)
            .collect::<anyhow::Result<Vec<_>>>()?;
        let textures = device.create_texture_table(TEXTURE_SLOTS)?;
        let samplers = device.create_sampler_table(2)?;
        device.register_texture(textures, SCENE_SLOT, scene.view)?;
        device.register_texture(textures, LIGHTS_SLOT, lights.view)?;
        for (slot, shadow) in (SHADOW_SLOT..).zip(&shadows) {
            device.register_texture(textures, slot, shadow.view)?;
        }
        let clamp = [WrapMode::ClampToEdge; 3];
        let linear = device.create_sampler(&SamplerMaker {
            min_filter: Filter::Linear,
            mag_filter: Filter::Linear,
            mip_filter: MipFilter::Linear,
            wrap: clamp,
            ..SamplerMaker::default()
        })?;
        let nearest = device.create_sampler(&SamplerMaker {
            wrap: clamp,
            ..SamplerMaker::default()
        })?;
        device.register_sampler(samplers, LINEAR_SAMPLER, linear)?;
        device.register_sampler(samplers, NEAREST_SAMPLER, nearest)?;
        Ok(Scene {
            work_pool,
            pool_writes,
            readback_offset_b,
            tile_pool,
            heights,
            uniforms,
            readback,
            programs,
            scene,
            lights,
            shadows,
            output,
            textures,
            samplers,
        })
    }

    /// Writes a uniform block into slot `slot` of the uniform region.
    pub fn write_uniform(
        &self,
        device: &gpu::Device,
        slot: u64,
        bytes: &[u8],
    ) -> anyhow::Result<()> {
        anyhow::ensure!(
            slot < UNIFORM_SLOTS && bytes.len() as u64 <= UNIFORM_STRIDE_B,
            "uniform slot {slot}"
        );
        self.pool_writes.write(
            device,
            self.work_pool,
            UNIFORMS_OFFSET_B + slot * UNIFORM_STRIDE_B,
            bytes,
        )
    }
}

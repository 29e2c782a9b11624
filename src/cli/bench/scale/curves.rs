//! The growth curves' frames: each measures one size of one curve on a scene of its own
//! and returns the frames' times with the units a frame holds.

use std::time::{Duration, Instant};

use gpu::command::BufferBinding;
use gpu::objects::PoolMaker;
use gpu::objects::{BufferRange, SamplerMaker, Stage, TextureBuilder, TextureHandle, ViewMaker};
use gpu::PoolId;
use memory::{Format, PoolFlags};

use super::scene::{Frame, Scene, Shaders, DRAW, UNIFORM_STRIDE_B};

/// What each curve grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Curve {
    /// Draws in one frame's list: cost per draw.
    Draws,
    /// Live textures, a fixed number of texture uses a frame: cost per use, and the
    /// cost of making each texture.
    Textures,
    /// Live pools, a fixed number of uniform binds through addresses a frame: cost per
    /// bind.
    Pools,
    /// Live programs, a fixed number of program switches a frame: cost per switch, and
    /// the cost of making each program.
    Programs,
    /// Lists submitted in a frame, a few draws each: cost per submit.
    Submits,
}

/// Draws in each list of the submits curve.
pub const DRAWS_A_SUBMIT: u32 = 4;

/// One size's measurement.
pub struct Point {
    pub size: u32,
    /// What one frame does that many times (draws, uses, binds, switches, submits).
    pub units: u32,
    pub frames: Vec<Frame>,
    /// What making the size's objects cost in all, where the curve makes objects.
    pub made: Option<Duration>,
    /// The process's resident bytes after the frames (Linux).
    pub resident_b: Option<u64>,
}

/// How a curve's frames run.
pub struct Plan<'a> {
    pub shaders: &'a Shaders,
    pub frames: u32,
    /// Texture uses, pool binds or program switches a frame.
    pub uses: u32,
    /// Distinct textures a frame of the textures curve samples (at most the live ones).
    pub used_textures: u32,
}

pub fn measure(
    curve: Curve,
    size: u32,
    scene: &Scene,
    plan: &Plan<'_>,
    mut progress: impl FnMut(u32),
) -> anyhow::Result<Point> {
    let mut made = None;
    let mut frame: Box<dyn FnMut() -> anyhow::Result<Frame> + '_> = match curve {
        Curve::Draws => {
            let program = scene.program(&plan.shaders.tinted)?;
            Box::new(move || scene.frame(1, |_| draws(scene, program, size)))
        }
        Curve::Submits => {
            let program = scene.program(&plan.shaders.tinted)?;
            Box::new(move || {
                scene.frame(size, |list| {
                    let mut commands = scene.begin(list == 0, program)?;
                    for draw in 0..DRAWS_A_SUBMIT {
                        bind_tint(
                            scene,
                            &mut commands,
                            u64::from(list * DRAWS_A_SUBMIT + draw),
                        )?;
                        commands.draw(DRAW)?;
                    }
                    Ok(commands.finish())
                })
            })
        }
        Curve::Textures => {
            let started = Instant::now();
            let (textures, samplers) = live_textures(scene, size)?;
            made = Some(started.elapsed());
            let program = scene.program(&plan.shaders.sampled)?;
            let used = plan.used_textures.clamp(1, size);
            let uses = plan.uses;
            Box::new(move || {
                scene.frame(1, |_| {
                    let mut commands = scene.begin(true, program)?;
                    commands.bind_descriptor_tables(textures, samplers)?;
                    for index in 0..uses {
                        let handle = TextureHandle {
                            texture_slot: (index % used) * (size / used),
                            sampler_slot: 0,
                        };
                        commands.bind_texture(Stage::Fragment, 0, handle)?;
                        bind_tint(scene, &mut commands, u64::from(index))?;
                        commands.draw(DRAW)?;
                    }
                    Ok(commands.finish())
                })
            })
        }
        Curve::Pools => {
            let program = scene.program(&plan.shaders.tinted)?;
            let pools = live_pools(scene, size)?;
            // The first and the last made: a lookup that walks the live pools meets the
            // far end.
            let used = [pools[0], pools[pools.len() - 1]];
            let mut addresses = Vec::new();
            for pool in used {
                addresses.push(scene.nvn.pool_address(pool)?);
            }
            let uses = plan.uses;
            Box::new(move || {
                scene.frame(1, |_| {
                    let mut commands = scene.begin(true, program)?;
                    for index in 0..uses {
                        let pool = addresses[index as usize % addresses.len()];
                        let offset_b = u64::from(index % TINTS_A_POOL) * UNIFORM_STRIDE_B;
                        let address = pool.checked_add(offset_b).expect("inside the pool");
                        let uniform = BufferBinding::Uniform {
                            stage: Stage::Fragment,
                            slot: 0,
                        };
                        commands.bind_buffer_address(uniform, address, super::scene::TINT_B)?;
                        commands.draw(DRAW)?;
                    }
                    Ok(commands.finish())
                })
            })
        }
        Curve::Programs => {
            let started = Instant::now();
            let mut programs = Vec::with_capacity(size as usize);
            for _ in 0..size {
                programs.push(scene.program(&plan.shaders.tinted)?);
            }
            made = Some(started.elapsed());
            // The first and the last made, as the pools curve's.
            let used = [programs[0], programs[programs.len() - 1]];
            let uses = plan.uses;
            Box::new(move || {
                scene.frame(1, |_| {
                    let mut commands = scene.begin(true, used[0])?;
                    for index in 0..uses {
                        commands.bind_program(used[index as usize % used.len()])?;
                        bind_tint(scene, &mut commands, u64::from(index))?;
                        commands.draw(DRAW)?;
                    }
                    Ok(commands.finish())
                })
            })
        }
    };
    // One warm-up frame: pipelines, host images and descriptor sets made once.
    frame()?;
    let mut frames = Vec::with_capacity(plan.frames as usize);
    for index in 0..plan.frames {
        progress(index);
        frames.push(frame()?);
    }
    drop(frame);
    let units = match curve {
        Curve::Draws | Curve::Submits => size,
        Curve::Textures | Curve::Pools | Curve::Programs => plan.uses,
    };
    Ok(Point {
        size,
        units,
        frames,
        made,
        resident_b: crate::demo::host_memory::resident_b(),
    })
}

/// One list of `count` draws, each with its own tint.
fn draws(scene: &Scene, program: gpu::ProgramId, count: u32) -> anyhow::Result<gpu::CommandList> {
    let mut commands = scene.begin(true, program)?;
    for index in 0..u64::from(count) {
        bind_tint(scene, &mut commands, index)?;
        commands.draw(DRAW)?;
    }
    Ok(commands.finish())
}

fn bind_tint(
    scene: &Scene,
    commands: &mut gpu::CommandBuffer<'_>,
    index: u64,
) -> anyhow::Result<()> {
    let (offset_b, size_b) = Scene::tint(index);
    let uniform = BufferBinding::Uniform {
        stage: Stage::Fragment,
        slot: 0,
    };
    let range = BufferRange {
        buffer: scene.uniforms,
        offset_b,
        size_b,
    };
    Ok(commands.bind_buffer(uniform, range)?)
}

/// Textures are 4x4 RGBA8, each its own view, registered at its index of one table.
const TEXTURE_PX: u32 = 4;

/// `count` live textures over one pool of their own, each registered at its index of a
/// texture table, and a sampler table with one sampler at slot 0.
fn live_textures(
    scene: &Scene,
    count: u32,
) -> anyhow::Result<(gpu::TextureTableId, gpu::SamplerTableId)> {
    let nvn = &scene.nvn;
    let builder = TextureBuilder::new_2d(Format::Rgba8, TEXTURE_PX, TEXTURE_PX);
    let layout = builder.layout()?;
    let stride_b = layout.size_b.next_multiple_of(layout.alignment_b.max(1));
    let page_b = nvn.features().portability.pool_page_b();
    let pool_b = (stride_b * u64::from(count)).next_multiple_of(page_b);
    let pool = nvn.create_pool(&PoolMaker::new(pool_b, PoolFlags::CPU_CACHED_GPU_CACHED))?;
    // Mid-grey texels: the draws' colour is the tint's, halved.
    nvn.write_pool(pool, 0, &vec![128; pool_b as usize])?;
    let table = nvn.create_texture_table(count)?;
    for index in 0..count {
        let texture = nvn.create_texture(&builder, pool, u64::from(index) * stride_b)?;
        let view = nvn.create_view(&ViewMaker::whole(texture))?;
        nvn.register_texture(table, index, view)?;
    }
    let samplers = nvn.create_sampler_table(1)?;
    nvn.register_sampler(samplers, 0, nvn.create_sampler(&SamplerMaker::default())?)?;
    Ok((table, samplers))
}

/// Tints in each pool of the pools curve (a page's worth).
const TINTS_A_POOL: u32 = 16;

/// `count` live pools of one page each, every one holding `TINTS_A_POOL` tints.
fn live_pools(scene: &Scene, count: u32) -> anyhow::Result<Vec<PoolId>> {
    let nvn = &scene.nvn;
    let page_b = nvn.features().portability.pool_page_b();
    let tints_b = u64::from(TINTS_A_POOL) * UNIFORM_STRIDE_B;
    let pool_b = tints_b.next_multiple_of(page_b);
    let tints = super::super::tint_bytes(TINTS_A_POOL as usize, UNIFORM_STRIDE_B as usize, 1.0);
    let mut pools = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let pool = nvn.create_pool(&PoolMaker::new(pool_b, PoolFlags::CPU_CACHED_GPU_CACHED))?;
        nvn.write_pool(pool, 0, &tints)?;
        pools.push(pool);
    }
    Ok(pools)
}

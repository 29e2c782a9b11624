//! The rig the image cache and write-back tests share: a gpu device on the executor with
//! chosen switches, a pool for textures, one for buffers and read-backs, and a draw that
//! fills every texel of an RG8 level with a pattern known on the CPU (so storage and
//! read-backs can be checked texel by texel).

#![allow(dead_code)]

use gpu::command::BufferBinding;
use gpu::objects::{BufferRange, Stage, TextureBuilder, ViewMaker};
use gpu::state::{Scissor, StateChange};
use gpu::{BufferId, PoolId, TextureId};
use gpu_vk::executor::{ExecutorOptions, ExecutorStats, VkBackend};
use gpu_vk::shared_backend::SharedBackend as Shared;
use memory::{Format, TextureLayout};

use crate::common::device::{buffer, cached_pool, executor_device};
use crate::common::draw::{bind_positions, colour, positions_at, triangle, FULL_TRIANGLE_NDC};
use crate::common::programs::position_program;
use crate::common::readback::{pool_bytes, region, Readback};
use crate::common::{switches_with, TestGpu};

pub const POOL_B: u64 = 8 << 20;
pub const READBACK_B: u64 = 1 << 20;
/// Where the triangle's positions and the draws' uniforms lie in the `buffers` pool.
pub const VERTICES_OFFSET_B: u64 = READBACK_B;
pub const PARAMS_OFFSET_B: u64 = READBACK_B + (64 << 10);
/// Uniform ranges per draw, as far apart as every device's offset alignment needs.
const PARAMS_STRIDE_B: u64 = 256;
const PARAMS_COUNT: u64 = 64;

/// Each texel from its position, the level and a seed; `pattern_texel` is its CPU twin.
const PATTERN_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Params { uvec4 params; };
void main() {
    uvec2 at = uvec2(gl_FragCoord.xy);
    uint level = params.x;
    uint seed = params.y;
    uint r = (at.x * 7u + level * 31u + seed) & 255u;
    uint g = (at.y * 3u + at.x + level * 13u + seed * 5u) & 255u;
    colour = vec4(float(r) / 255.0, float(g) / 255.0, 0.0, 1.0);
}
";

/// The RG8 texel the pattern draw writes at (`x`, `y`) of `level`.
pub fn pattern_texel(x: u32, y: u32, level: u32, seed: u32) -> [u8; 2] {
    let r = (x * 7 + level * 31 + seed) & 255;
    let g = (y * 3 + x + level * 13 + seed * 5) & 255;
    [r as u8, g as u8]
}

/// A whole RG8 level of the pattern, tightly packed.
pub fn pattern_level(width_px: u32, height_px: u32, level: u32, seed: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity((width_px * height_px * 2) as usize);
    for y in 0..height_px {
        for x in 0..width_px {
            out.extend(pattern_texel(x, y, level, seed));
        }
    }
    out
}

/// Every level of `layout` filled with the pattern of `seed`, linear (layers, then levels).
pub fn pattern_linear(layout: &TextureLayout, seed: u32) -> Vec<u8> {
    let mut linear = Vec::new();
    for level in 0..layout.levels.len() as u32 {
        let (width_px, height_px) = level_extent(layout, level);
        linear.extend(pattern_level(width_px, height_px, level, seed));
    }
    linear
}

/// What storage holds when the pattern of `seed` is in every level: `memory`'s swizzle.
pub fn pattern_storage(layout: &TextureLayout, seed: u32) -> Vec<u8> {
    crate::common::texels::swizzled(layout, &pattern_linear(layout, seed))
}

/// The seeds' terrain tile: 260x260 RG8, 9 levels.
pub fn terrain_tile() -> TextureBuilder {
    TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 260, 260).levels(9)
}

pub fn level_extent(layout: &TextureLayout, level: u32) -> (u32, u32) {
    let level = layout.level(level).unwrap();
    (level.width_px, level.height_px)
}

/// Where a rig's pools keep their GPU bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pools {
    /// The pool's storage imported (where the driver can).
    Imported,
    /// A mapped mirror kept by CPU copies.
    Mirrored,
    /// A mirror the CPU does not map, kept by GPU copies (as physical pools are where
    /// sparse buffers bind only device-local memory).
    UnmappedMirrors,
}

/// A gpu device on the executor: `pool` for textures, `buffers` for vertices, uniforms
/// and the read-back buffer. Fields drop in order: the device before the harness checks
/// validation.
pub struct Rig {
    pub device: gpu::Device,
    pub backend: Shared,
    pub pool: PoolId,
    pub buffers: PoolId,
    pub readback: Readback,
    vertices: BufferRange,
    pub params: BufferId,
    program: gpu::ProgramId,
    next_params: std::cell::Cell<u64>,
    _gpu: TestGpu,
}

impl Rig {
    /// The virtual pool path this rig took is the one `HOOKSHOT_EXPECT_VIRTUAL_PATH` names
    /// (`sparse`, `sparse-relaxed`, `copy-on-map`) where it is set: the CI step on the
    /// second driver names `sparse-relaxed`, so a fallback to copy-on-map fails it.
    pub fn assert_expected_path(&self) {
        if let Ok(name) = std::env::var("HOOKSHOT_EXPECT_VIRTUAL_PATH") {
            let path = self.device.virtual_pool_path();
            assert_eq!(path.name(), name, "HOOKSHOT_EXPECT_VIRTUAL_PATH: {path}");
        }
    }

    /// A rig with `switches` over the environment's (validation always on).
    pub fn new(switches: &[(&str, &str)], import_pools: bool) -> Rig {
        let pools = match import_pools {
            true => Pools::Imported,
            false => Pools::Mirrored,
        };
        Rig::with_pools(switches, pools)
    }

    /// `new`, with pools' GPU bytes where `pools` says.
    pub fn with_pools(switches: &[(&str, &str)], pools: Pools) -> Rig {
        let gpu = TestGpu::open_with(switches);
        let options = ExecutorOptions {
            import_pools: pools == Pools::Imported,
            unmapped_pool_mirrors: pools == Pools::UnmappedMirrors,
            ..ExecutorOptions::default()
        };
        let backend =
            VkBackend::with_switches(&gpu.device, options, &switches_with(switches)).unwrap();
        let (device, backend) = executor_device(backend);
        let pool = cached_pool(&device, POOL_B);
        let buffers = cached_pool(&device, 2 << 20);
        let readback = Readback::new(&device, buffers, 0, READBACK_B);
        let vertices = positions_at(&device, buffers, VERTICES_OFFSET_B, &FULL_TRIANGLE_NDC);
        let params = buffer(
            &device,
            buffers,
            PARAMS_OFFSET_B,
            PARAMS_STRIDE_B * PARAMS_COUNT,
        );
        let program = position_program(&device, PATTERN_FRAG);
        Rig {
            device,
            backend,
            pool,
            buffers,
            readback,
            vertices,
            params,
            program,
            next_params: std::cell::Cell::new(0),
            _gpu: gpu,
        }
    }

    /// A virtual pool of `size_b` bytes (GPU-cached, no CPU access), nothing mapped yet.
    pub fn virtual_pool(&self, size_b: u64) -> PoolId {
        let mut flags =
            memory::PoolFlags::new(memory::CpuAccess::NoAccess, memory::GpuAccess::Cached);
        flags.backing = memory::pool::PoolBacking::Virtual;
        self.device
            .create_pool(&gpu::objects::PoolMaker::new(size_b, flags))
            .unwrap()
    }

    pub fn texture(&self, builder: &TextureBuilder, offset_b: u64) -> TextureId {
        self.device
            .create_texture(builder, self.pool, offset_b)
            .unwrap()
    }

    pub fn stats(&self) -> ExecutorStats {
        self.backend.lock().stats()
    }

    pub fn begin_frame(&self) {
        self.backend.lock().begin_frame();
    }

    pub fn submit(&self, list: &gpu::CommandList) {
        self.device.queue().submit(list).unwrap();
    }

    pub fn finish(&self) {
        self.device.queue().finish().unwrap();
    }

    /// Records the pattern draw (with `seed`) over `level` of `texture`, clipped to
    /// `scissor` when given. Views made here are finalized by the caller's drop of the
    /// texture or left to the device.
    pub fn draw_pattern(
        &self,
        commands: &mut gpu::CommandBuffer<'_>,
        texture: TextureId,
        level: u32,
        seed: u32,
        scissor: Option<Scissor>,
    ) {
        let slot = self.next_params.get() % PARAMS_COUNT;
        self.next_params.set(slot + 1);
        let params: Vec<u8> = [level, seed, 0, 0]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        self.device
            .write_pool(
                self.buffers,
                PARAMS_OFFSET_B + slot * PARAMS_STRIDE_B,
                &params,
            )
            .unwrap();
        let params = BufferRange {
            buffer: self.params,
            offset_b: slot * PARAMS_STRIDE_B,
            size_b: 16,
        };
        self.draw_reading(commands, texture, level, params, scissor);
    }

    /// The pattern draw over `level` of `texture` with its uniforms read from `params`
    /// (written by the caller, or not).
    pub fn draw_reading(
        &self,
        commands: &mut gpu::CommandBuffer<'_>,
        texture: TextureId,
        level: u32,
        params: BufferRange,
        scissor: Option<Scissor>,
    ) {
        let view = self
            .device
            .create_view(&ViewMaker::whole(texture).levels(level, 1))
            .unwrap();
        commands.bind_render_targets(colour(view)).unwrap();
        bind_positions(commands, self.program, self.vertices);
        let (width_px, height_px) = {
            let layout = self.layout(texture);
            level_extent(&layout, level)
        };
        let scissor = scissor.unwrap_or(Scissor {
            x_px: 0,
            y_px: 0,
            width_px,
            height_px,
        });
        commands
            .set_state(StateChange::Scissors {
                first: 0,
                scissors: vec![scissor],
            })
            .unwrap();
        commands
            .bind_buffer(
                BufferBinding::Uniform {
                    stage: Stage::Fragment,
                    slot: 0,
                },
                params,
            )
            .unwrap();
        commands.draw(triangle()).unwrap();
    }

    /// Draws the pattern over every level of `texture` in one submission and waits.
    pub fn draw_every_level(&self, texture: TextureId, seed: u32) {
        let levels = self.layout(texture).levels.len() as u32;
        let mut commands = self.device.command_buffer();
        for level in 0..levels {
            self.draw_pattern(&mut commands, texture, level, seed, None);
        }
        self.submit(&commands.finish());
        self.finish();
    }

    pub fn layout(&self, texture: TextureId) -> TextureLayout {
        self.device
            .tables()
            .textures
            .get(texture)
            .unwrap()
            .layout
            .clone()
    }

    /// Level `level` of `texture` as a texture-to-buffer copy reads it (it resolves as
    /// sampling does), tightly packed.
    pub fn read_level(&self, texture: TextureId, level: u32) -> Vec<u8> {
        self.try_read_level(texture, level)
            .expect("the executor copies this texture")
    }

    /// As `read_level`; `None` when the executor refuses the copy (e.g. the format).
    pub fn try_read_level(&self, texture: TextureId, level: u32) -> Option<Vec<u8>> {
        let layout = self.layout(texture);
        let (width_px, height_px) = level_extent(&layout, level);
        let len_b = layout.linear_level_size_b(level).unwrap() as usize;
        self.readback
            .try_submit_and_read(
                &self.device,
                self.device.command_buffer(),
                region(texture, level, width_px, height_px),
                len_b,
            )
            .ok()
    }

    /// The bytes of `len_b` of the texture pool at `offset_b`, as the CPU reads them.
    pub fn storage(&self, offset_b: u64, len_b: u64) -> Vec<u8> {
        pool_bytes(&self.device, self.pool, offset_b, len_b as usize)
    }
}

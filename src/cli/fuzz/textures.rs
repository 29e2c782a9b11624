//! The sampler array every fuzzed program declares (`stages::RESOURCES`: `sampler2D
//! fz_tex[4]` at slots 0-3 of the tested stage): four 8x8 RGBA8 textures of generated
//! texels for each side, one nearest sampler, bound before the draw or dispatch. The
//! programs read them at uniform indices (`q.z & 3`, `q.w & 3`), which uam compiles to
//! bindless `.b` reads of handle words loaded at a run-time offset.

use gpu::objects::{SamplerMaker, Stage, TextureBuilder, TextureHandle, ViewMaker};
use gpu::{PoolId, SamplerTableId, TextureTableId};

/// The array's length, and each texture's side.
pub const TEXTURES: u32 = 4;
pub const TEXTURE_PX: u32 = 8;
/// Bytes of one texture's texels (linear; both sides write the same bytes in the same
/// layout, so the texels each reads agree whatever the tiling).
pub const TEXTURE_B: usize = (TEXTURE_PX * TEXTURE_PX * 4) as usize;

/// One side's textures: where each lies in the pool, and the tables naming them.
pub struct SideTextures {
    pub at_b: Vec<u64>,
    textures: TextureTableId,
    samplers: SamplerTableId,
}

impl SideTextures {
    /// Makes the textures at `base_b + first_b`, 16 KiB apart, with their views, tables
    /// and sampler.
    pub fn make(
        device: &gpu::Device,
        pool: PoolId,
        base_b: u64,
        first_b: u64,
    ) -> anyhow::Result<SideTextures> {
        let format =
            memory::Format::from_name("rgba8").ok_or_else(|| anyhow::anyhow!("no rgba8 format"))?;
        let textures = device.create_texture_table(TEXTURES + 1)?;
        let samplers = device.create_sampler_table(2)?;
        let sampler = device.create_sampler(&SamplerMaker::default())?;
        device.register_sampler(samplers, 1, sampler)?;
        let mut at_b = Vec::new();
        for index in 0..TEXTURES {
            let offset_b = base_b + first_b + u64::from(index) * (16 << 10);
            let builder = TextureBuilder::new_2d(format, TEXTURE_PX, TEXTURE_PX);
            let texture = device.create_texture(&builder, pool, offset_b)?;
            let view = device.create_view(&ViewMaker::whole(texture))?;
            device.register_texture(textures, index + 1, view)?;
            at_b.push(offset_b);
        }
        Ok(SideTextures {
            at_b,
            textures,
            samplers,
        })
    }

    /// Binds the textures to slots 0 to 3 of `stage`.
    pub fn bind(&self, commands: &mut gpu::CommandBuffer<'_>, stage: Stage) -> anyhow::Result<()> {
        commands.bind_descriptor_tables(self.textures, self.samplers)?;
        for index in 0..TEXTURES {
            let handle = TextureHandle {
                texture_slot: index + 1,
                sampler_slot: 1,
            };
            commands.bind_texture(stage, index as u8, handle)?;
        }
        Ok(())
    }
}

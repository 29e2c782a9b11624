//! Streamed props: small textures the CPU writes into their own pool and the GPU only
//! samples, made a few a frame and finalized a few frames later, as a game streams its
//! clutter. They are what fills the image cache in long play: each takes a host image the
//! budget must make room for, and storage holds their texels, so eviction may take them
//! freely, or reach past them to the terrain's finalized tiles.

use gpu::objects::{TextureBuilder, ViewMaker};
use gpu::{TextureId, ViewId};
use memory::Format;

use super::pool_writes::PoolWrites;

/// A prop's texture: RG8, drawn through the terrain's program like a small patch.
pub const PROP_SIZE_PX: u32 = 128;
/// Props made each frame.
pub const PROPS_PER_FRAME: u32 = 2;
/// Frames a prop stays drawn before it is finalized.
pub const PROP_LIFE_FRAMES: u32 = 4;
/// Props drawn in one frame.
pub const PROPS_LIVE: u32 = PROPS_PER_FRAME * PROP_LIFE_FRAMES;
/// Storage places in the props' pool, reused in turn.
const STORAGE_SLOTS: u64 = 256;

pub fn prop_builder() -> TextureBuilder {
    TextureBuilder::new_2d(Format::Rg8, PROP_SIZE_PX, PROP_SIZE_PX)
}

/// A prop in range: its texture and view, and the frame that made it.
struct LiveProp {
    texture: TextureId,
    view: ViewId,
    made_frame: u32,
}

/// The props' pool and the props live now.
pub struct Props {
    pool: gpu::PoolId,
    stride_b: u64,
    first_slot: u32,
    builder: TextureBuilder,
    /// Live props by the texture-table slot they take (`first_slot + index`).
    live: Vec<Option<LiveProp>>,
    next_storage: u64,
    pub streamed: u64,
}

impl Props {
    /// `first_slot`: the first of `PROPS_LIVE` texture-table slots the props take.
    pub fn new(device: &gpu::Device, first_slot: u32) -> anyhow::Result<Props> {
        let builder = prop_builder();
        let layout = builder.layout()?;
        let stride_b = layout.size_b.next_multiple_of(layout.alignment_b.max(512));
        let pool = device.create_pool(&gpu::objects::PoolMaker::new(
            (STORAGE_SLOTS * stride_b).next_multiple_of(4096),
            memory::PoolFlags::CPU_CACHED_GPU_CACHED,
        ))?;
        Ok(Props {
            pool,
            stride_b,
            first_slot,
            builder,
            live: (0..PROPS_LIVE).map(|_| None).collect(),
            next_storage: 0,
            streamed: 0,
        })
    }

    /// Finalizes the props past their life and makes this frame's: the CPU writes each
    /// one's texels into its storage, then a texture is made over it.
    pub fn advance(
        &mut self,
        device: &gpu::Device,
        table: gpu::TextureTableId,
        pool_writes: PoolWrites,
        frame: u32,
    ) -> anyhow::Result<()> {
        for place in &mut self.live {
            if place
                .as_ref()
                .is_some_and(|prop| frame - prop.made_frame >= PROP_LIFE_FRAMES)
            {
                let prop = place.take().expect("checked");
                device.finalize(prop.view)?;
                device.finalize(prop.texture)?;
            }
        }
        let size_b = self.builder.layout()?.size_b;
        for _ in 0..PROPS_PER_FRAME {
            let index = self
                .live
                .iter()
                .position(Option::is_none)
                .ok_or_else(|| anyhow::anyhow!("every prop slot is taken"))?;
            let offset_b = (self.next_storage % STORAGE_SLOTS) * self.stride_b;
            pool_writes.write(device, self.pool, offset_b, &texels(self.streamed, size_b))?;
            let texture = device.create_texture(&self.builder, self.pool, offset_b)?;
            let view = device.create_view(&ViewMaker::whole(texture))?;
            device.register_texture(table, self.first_slot + index as u32, view)?;
            self.live[index] = Some(LiveProp {
                texture,
                view,
                made_frame: frame,
            });
            self.next_storage += 1;
            self.streamed += 1;
        }
        Ok(())
    }

    /// The texture-table slots of the props to draw this frame, in slot order.
    pub fn drawn_slots(&self) -> Vec<u32> {
        (self.first_slot..)
            .zip(&self.live)
            .filter(|(_, prop)| prop.is_some())
            .map(|(slot, _)| slot)
            .collect()
    }
}

/// A prop's bytes: a deterministic pattern of its number.
fn texels(prop: u64, size_b: u64) -> Vec<u8> {
    let mut state = (prop as u32).wrapping_mul(0x9e37_79b9) | 1;
    (0..size_b)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state >> 24) as u8
        })
        .collect()
}

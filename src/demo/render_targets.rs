//! `--render-targets N`: a game's render targets under dynamic resolution, the workload of
//! render-target reclaim (`RX_VK_RT_RECLAIM`). Each frame makes `N` new render-target
//! texture objects in one pool region, bump-allocated as a game's transient heap does (a
//! ring: when the next does not fit it starts again at the region's start, overwriting
//! the bytes of targets made before), at the frame's resolution, which steps between a
//! few scales of the output so the same descriptions recur at ever other offsets. Each
//! target is cleared whole (a load clear, the pass that covers what lies under it); the
//! first is drawn into the frame as a patch by the terrain program, so the picture
//! depends on it; all are finalized the next frame. Without reclaim every (offset, size)
//! pair keeps a host image until the budget evicts it; with it, the images under a lap of
//! the ring go to the free list and the next targets of their description take them.

use gpu::command::{ClearValue, RenderTargets};
use gpu::objects::{PoolMaker, TextureBuilder, ViewMaker};
use gpu::state::ComponentMask;
use gpu::{PoolId, TextureId, TextureTableId, ViewId};
use memory::Format;

/// The texture-table slot of the target drawn into the frame.
pub const SAMPLED_SLOT: u32 = 15;
/// Dynamic resolution's scales of the output size, in quarters, in the order stepped.
const SCALES_QUARTERS: [u32; 4] = [4, 3, 2, 3];
/// Frames at one resolution before the next step.
const FRAMES_PER_STEP: u32 = 3;
/// The ring holds this many frames' targets at the largest scale.
const RING_FRAMES: u64 = 8;
/// Sides are rounded down to these texels so the targets pack without gaps (a gap would
/// leave bytes under an older target that no clear covers).
const WIDTH_STEP_PX: u32 = 64;
const HEIGHT_STEP_PX: u32 = 128;

/// What the workload made and the host-image memory it saw.
#[derive(Clone, Copy, Debug, Default)]
pub struct RtStats {
    pub per_frame: u32,
    pub made: u64,
    /// The largest host-image total sampled after a frame.
    pub image_memory_peak_b: u64,
}

impl RtStats {
    pub fn summary_line(&self, image_memory_end_b: u64) -> String {
        format!(
            "render targets: {} a frame over one pool ({} made), host images peak {:.1} MiB, end {:.1} MiB",
            self.per_frame,
            self.made,
            self.image_memory_peak_b as f64 / 1048576.0,
            image_memory_end_b as f64 / 1048576.0
        )
    }

    pub fn add_json(&self, json: &mut serde_json::Value) {
        json["render_targets_per_frame"] = self.per_frame.into();
        json["render_targets_made"] = self.made.into();
        json["image_memory_peak_bytes"] = self.image_memory_peak_b.into();
    }
}

/// The workload's pool and this frame's targets.
pub struct RenderTargetWorkload {
    pool: PoolId,
    region_b: u64,
    cursor_b: u64,
    builders: Vec<TextureBuilder>,
    live: Vec<(TextureId, ViewId)>,
    pub stats: RtStats,
}

/// The builders of the resolution steps for an output of `size_px`, each a size of whole
/// alignment units.
fn step_builders((width_px, height_px): (u32, u32)) -> anyhow::Result<Vec<TextureBuilder>> {
    SCALES_QUARTERS
        .iter()
        .map(|quarters| {
            let side = |px: u32, step: u32| (px * quarters / 4 / step).max(1) * step;
            let builder = TextureBuilder::new_2d(
                Format::Rg8,
                side(width_px, WIDTH_STEP_PX),
                side(height_px, HEIGHT_STEP_PX),
            );
            let layout = builder.layout()?;
            anyhow::ensure!(
                layout.alignment_b == 0 || layout.size_b.is_multiple_of(layout.alignment_b),
                "a render target of {quarters}/4 scale is not whole alignment units"
            );
            Ok(builder)
        })
        .collect()
}

impl RenderTargetWorkload {
    pub fn new(
        device: &gpu::Device,
        per_frame: u32,
        size_px: (u32, u32),
    ) -> anyhow::Result<RenderTargetWorkload> {
        anyhow::ensure!(per_frame > 0, "--render-targets needs at least 1");
        let builders = step_builders(size_px)?;
        let largest_b = builders
            .iter()
            .map(|builder| builder.layout().map(|layout| layout.size_b))
            .try_fold(0, |most, size| size.map(|size| most.max(size)))?;
        let region_b = RING_FRAMES * u64::from(per_frame) * largest_b;
        let pool = device.create_pool(&PoolMaker::new(
            region_b.next_multiple_of(4096),
            memory::PoolFlags::CPU_CACHED_GPU_CACHED,
        ))?;
        Ok(RenderTargetWorkload {
            pool,
            region_b,
            cursor_b: 0,
            builders,
            live: Vec::new(),
            stats: RtStats {
                per_frame,
                ..RtStats::default()
            },
        })
    }

    /// Finalizes last frame's targets and makes this frame's at its resolution; the first
    /// goes in `SAMPLED_SLOT` of `table`.
    pub fn advance(
        &mut self,
        device: &gpu::Device,
        table: TextureTableId,
        frame: u32,
    ) -> anyhow::Result<()> {
        for (texture, view) in self.live.drain(..) {
            device.finalize(view)?;
            device.finalize(texture)?;
        }
        let step = (frame / FRAMES_PER_STEP) as usize % self.builders.len();
        let builder = &self.builders[step];
        let size_b = builder.layout()?.size_b;
        for _ in 0..self.stats.per_frame {
            if self.cursor_b + size_b > self.region_b {
                self.cursor_b = 0;
            }
            let texture = device.create_texture(builder, self.pool, self.cursor_b)?;
            let view = device.create_view(&ViewMaker::whole(texture))?;
            self.live.push((texture, view));
            self.cursor_b += size_b;
            self.stats.made += 1;
        }
        device.register_texture(table, SAMPLED_SLOT, self.live[0].1)?;
        Ok(())
    }

    /// Clears every target of this frame whole, each to a colour of its own.
    pub fn record(&self, commands: &mut gpu::CommandBuffer<'_>, frame: u32) -> anyhow::Result<()> {
        for (index, (_, view)) in self.live.iter().enumerate() {
            let mut targets = RenderTargets::default();
            targets.colors[0] = Some(*view);
            commands.bind_render_targets(targets)?;
            // A slope toward the terrain's light, so the drawn patch is lit, steeper
            // and paler as the frames go.
            let slope = 0.6 + 0.35 * (frame as f32 * 0.2 + index as f32 * 0.7).sin();
            commands.clear_color(
                0,
                ClearValue::Float([0.5 + 0.35 * slope, 0.5 + 0.18 * slope, 0.0, 1.0]),
                ComponentMask::ALL,
            )?;
        }
        Ok(())
    }

    /// Takes a host-image total sampled after a frame.
    pub fn sample_image_memory(&mut self, image_memory_b: u64) {
        self.stats.image_memory_peak_b = self.stats.image_memory_peak_b.max(image_memory_b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_steps_pack_without_gaps_and_differ_in_size() {
        let sizes: Vec<u64> = step_builders((320, 180))
            .unwrap()
            .iter()
            .map(|builder| builder.layout().unwrap().size_b)
            .collect();
        assert!(sizes[0] > sizes[1] && sizes[1] > sizes[2], "{sizes:?}");
        assert_eq!(sizes[1], sizes[3]);
    }
}

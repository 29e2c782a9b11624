//! The image cache's budget in the demo's default run. A game in long play has filled its
//! texture budget (the seed's ~3.2 GB squeeze); the demo scales that to its own scene: its
//! render targets, every tile the route draws and the live props, plus a little room.
//! The streamed props then keep the cache over it, so eviction reaches the terrain's
//! finalized tiles. `RX_VK_VRAM_MB` set by hand wins.

use gpu::objects::TextureBuilder;
use memory::Format;

use super::props::{prop_builder, PROPS_LIVE};
use super::route::Route;
use super::scene::SHADOW_SIZE_PX;

/// Room beyond what the scene holds at once.
const HEADROOM_B: u64 = 2 << 20;
const MIB_B: u64 = 1 << 20;

/// The budget in MiB for a frame of `size_px` whose tiles take `tile_size_b` each.
pub fn default_budget_mib(
    size_px: (u32, u32),
    shadow_maps: u32,
    tile_size_b: u64,
    route: &Route,
) -> anyhow::Result<u64> {
    let size_of = |format: &str, width_px, height_px| -> anyhow::Result<u64> {
        let format = Format::from_name(format).ok_or_else(|| anyhow::anyhow!("{format}"))?;
        Ok(TextureBuilder::new_2d(format, width_px, height_px)
            .layout()?
            .size_b)
    };
    let targets_b = 3 * size_of("rgba8", size_px.0, size_px.1)?
        + u64::from(shadow_maps) * size_of("z32f", SHADOW_SIZE_PX, SHADOW_SIZE_PX)?;
    let tiles_b = route.chunks_on_route() * tile_size_b;
    let props_b = u64::from(PROPS_LIVE) * prop_builder().layout()?.size_b;
    Ok((targets_b + tiles_b + props_b + HEADROOM_B).div_ceil(MIB_B))
}

//! The cache's limits, from the switches and the budget the executor resolved.

use gpu::switches::Switches;

use super::key::ImageKey;

pub const MIB_B: u64 = 1 << 20;
/// Largest image the keep rule keeps.
pub const KEEP_MAX_SIZE_B: u64 = 4 * MIB_B;
/// Frames between two watch summary lines.
pub const WATCH_SUMMARY_FRAMES: u64 = 600;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheConfig {
    /// Bytes of host images the cache may hold (`RX_VK_VRAM_MB`).
    pub budget_b: u64,
    /// Bytes of kept finalized images, within the budget (`RX_VK_KEEP_FINALIZED_MB`); 0
    /// turns keeping off.
    pub keep_finalized_b: u64,
    /// `RX_VK_WATCH_DIM`: trace every texture of this width and height.
    pub watch_dim: Option<(u32, u32)>,
}

impl CacheConfig {
    /// `driver_budget_b` is the executor's default (memory budget extension or a share of
    /// the device-local heap), used when `RX_VK_VRAM_MB` is `auto`.
    pub fn from_switches(switches: &Switches, driver_budget_b: u64) -> CacheConfig {
        CacheConfig {
            budget_b: switches
                .vram_mb
                .map_or(driver_budget_b, |mb| mb.saturating_mul(MIB_B)),
            keep_finalized_b: switches.keep_finalized_mb.saturating_mul(MIB_B),
            watch_dim: switches.watch_dim,
        }
    }

    /// The keep cap as it applies: counted within the budget, so never above it.
    pub fn keep_cap_b(&self) -> u64 {
        self.keep_finalized_b.min(self.budget_b)
    }

    pub fn watches(&self, key: &ImageKey) -> bool {
        self.watch_dim == Some(key.dim_px())
    }
}

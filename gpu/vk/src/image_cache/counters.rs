//! The cache's numbers for the frame stats.

/// Gauges (`images` to `kept_b`) are the state now; the rest count since the cache was
/// made (diff two snapshots for one frame).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheCounters {
    pub images: u64,
    pub in_use_b: u64,
    pub kept: u64,
    pub kept_b: u64,
    /// Images that left the cache (budget, keep cap, finalized pool), whatever the action.
    pub evictions: u64,
    /// Of those, asked to be written back first.
    pub write_backs_asked: u64,
    /// Of those, released with GPU texels storage never held (reported losses).
    pub texels_lost: u64,
    pub uploads: u64,
    pub reuses: u64,
    /// Images made stale by a CPU write or by another image drawn over them.
    pub invalidations: u64,
    /// Of those, images that were kept.
    pub kept_invalidated: u64,
    /// Finalized images kept instead of evicted.
    pub keeps: u64,
    /// Images that followed a CPU copy of their storage (`storage_copied`).
    pub moved: u64,
    /// Images released dead by overwrite (`RX_VK_RT_RECLAIM`), and their bytes.
    pub reclaimed: u64,
    pub reclaimed_b: u64,
}

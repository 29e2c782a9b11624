//! The image cache's policy: host images cached by (pool, offset, layout),
//! when a texture use reuses one or fills it from storage, who holds the latest texels,
//! the budget with least-recently-used eviction, keeping finalized GPU-drawn images
//! (seed 001), invalidation, `RX_VK_WATCH_DIM` tracing and counters. Pure: the executor
//! makes, fills, writes back and destroys the Vulkan images it is told to.
//!
//! Driving it, per texture: `texture_made`, then per use in a submission `resolve`
//! (and `gpu_wrote` once a pass, clear or copy into it is recorded), `stored` when a
//! write-back lands, `texture_finalized`. Per submission: `submission_recorded`, then
//! `evict` (the free list's parked images counted too). Per frame: `begin_frame`.
//! `pool_finalized` when a pool goes. Storage events: `buffer_wrote` (the GPU wrote storage through a buffer), `storage_copied` (the CPU
//! copied storage: images holding texels storage lacks follow), `fill_abandoned`.

mod cache;
mod config;
mod counters;
mod decision;
mod entry;
mod evict;
mod key;
mod overlap;
mod reclaim;
mod reclaim_state;
mod storage_events;
mod validity;
mod watch;

#[cfg(test)]
mod tests;

pub use cache::ImageCache;
pub use config::{CacheConfig, KEEP_MAX_SIZE_B, MIB_B, WATCH_SUMMARY_FRAMES};
pub use counters::CacheCounters;
pub use decision::{
    Action, CacheError, EvictAction, Eviction, FillReason, LossCause, Resolution, StaleCause,
    Texels, Use,
};
pub use entry::CachedImage;
pub use evict::{NoParked, ParkedImages};
pub use key::{CpuWriteStamps, HostImageId, ImageKey};
pub use reclaim_state::NoReclaim;
pub use storage_events::{CopyOutcome, MovedImage};
pub use watch::{
    kept_groups, summary_line, watch_line, KeptGroup, WatchEvent, WatchSummary, WATCH_TARGET,
};

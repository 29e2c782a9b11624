//! What a host image caches: storage in a pool at an offset, plus its layout identity.

use std::fmt;
use std::ops::Range;

use gpu::PoolId;
use memory::{LayoutDesc, TextureLayout, WriteStamp};

/// The identity of a host image: never a raw address. Two textures with equal keys can
/// share one host image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageKey {
    pub pool: PoolId,
    pub offset_b: u64,
    /// Format, kind, extent, levels, layers, samples and tiling (block height).
    pub layout: LayoutDesc,
    /// Bytes of storage the layout covers; derived from `layout`, and what the budget counts.
    pub size_b: u64,
}

impl ImageKey {
    pub fn new(pool: PoolId, offset_b: u64, layout: &TextureLayout) -> ImageKey {
        ImageKey {
            pool,
            offset_b,
            layout: layout.desc,
            size_b: layout.size_b,
        }
    }

    /// The storage range in the pool.
    pub fn range_b(&self) -> Range<u64> {
        self.offset_b..self.offset_b.saturating_add(self.size_b)
    }

    /// Whether the two storage ranges share a byte.
    pub fn overlaps(&self, other: &ImageKey) -> bool {
        self.pool == other.pool && ranges_overlap(&self.range_b(), &other.range_b())
    }

    pub fn dim_px(&self) -> (u32, u32) {
        (self.layout.width_px, self.layout.height_px)
    }
}

pub(super) fn ranges_overlap(a: &Range<u64>, b: &Range<u64>) -> bool {
    a.start < b.end && b.start < a.end
}

/// A host image the cache decided to have; the executor maps it to its `HostImage`.
/// Handed out in order and never reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HostImageId(pub u64);

impl fmt::Display for HostImageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "image {}", self.0)
    }
}

/// What the pools' write stamps answer; the executor implements it over its pools
/// (`MemoryPool::current_stamp` and `MemoryPool::cpu_written_since`). The host's own
/// write-back is a device write and must not answer `true` here.
pub trait CpuWriteStamps {
    /// The pool's clock now.
    fn now(&self, pool: PoolId) -> WriteStamp;
    /// Whether the CPU wrote any byte of `range_b` after `since`.
    fn written_since(&self, pool: PoolId, range_b: Range<u64>, since: WriteStamp) -> bool;
}

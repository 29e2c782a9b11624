//! Unit tests of the cache's policy, with a fake pool clock in place of the pools.

mod copies;
mod model;
mod reclaim;
mod rules;
mod seed_001;
mod watch_lines;

use std::ops::Range;

use gpu::{PoolId, TextureId};
use memory::{Format, LayoutDesc, TextureLayout, WriteStamp};

use super::{
    CacheConfig, CpuWriteStamps, Eviction, HostImageId, ImageCache, ImageKey, ParkedImages,
    Resolution, Use,
};

/// The pools' CPU write history: one clock, every write with its stamp.
#[derive(Debug, Default)]
pub(super) struct FakeStamps {
    clock: u64,
    writes: Vec<(PoolId, Range<u64>, u64)>,
}

impl FakeStamps {
    pub fn cpu_write(&mut self, pool: PoolId, range_b: Range<u64>) {
        self.clock += 1;
        self.writes.push((pool, range_b, self.clock));
    }
}

impl CpuWriteStamps for FakeStamps {
    fn now(&self, _pool: PoolId) -> WriteStamp {
        WriteStamp(self.clock)
    }

    fn written_since(&self, pool: PoolId, range_b: Range<u64>, since: WriteStamp) -> bool {
        self.writes.iter().any(|(write_pool, write_b, stamp)| {
            *write_pool == pool
                && *stamp > since.0
                && write_b.start < range_b.end
                && range_b.start < write_b.end
        })
    }
}

pub(super) fn pool(raw: u32) -> PoolId {
    PoolId::from_raw(raw).unwrap()
}

pub(super) fn texture(raw: u32) -> TextureId {
    TextureId::from_raw(raw).unwrap()
}

pub(super) fn key_2d(
    pool_raw: u32,
    offset_b: u64,
    format: Format,
    width_px: u32,
    height_px: u32,
    levels: u32,
) -> ImageKey {
    let layout = TextureLayout::new(&LayoutDesc::new_2d(format, width_px, height_px, levels))
        .expect("a valid test layout");
    ImageKey::new(pool(pool_raw), offset_b, &layout)
}

/// The seeds' terrain normal tile: 260x260 RG8, 9 levels.
pub(super) fn tile_key(pool_raw: u32, offset_b: u64) -> ImageKey {
    key_2d(pool_raw, offset_b, Format::Rg8, 260, 260, 9)
}

/// A 256x256 RGBA8 texture of one level.
pub(super) fn other_key(pool_raw: u32, offset_b: u64) -> ImageKey {
    key_2d(pool_raw, offset_b, Format::Rgba8, 256, 256, 1)
}

pub(super) fn config(budget_b: u64, keep_finalized_b: u64) -> CacheConfig {
    CacheConfig {
        budget_b,
        keep_finalized_b,
        watch_dim: Some((260, 260)),
    }
}

/// The cache with a pool clock, driven the way the executor drives it.
pub(super) struct Harness {
    pub cache: ImageCache,
    pub cpu: FakeStamps,
    pub frame: u64,
    pub evictions: Vec<Eviction>,
    /// Render-target reclaim's free list, as the eviction sees it.
    pub parked: FakeParked,
}

/// Parked images' budget bytes, longest parked first, and those budget pressure released.
#[derive(Debug, Default)]
pub(super) struct FakeParked {
    pub parked_b: std::collections::VecDeque<u64>,
    pub released_b: Vec<u64>,
}

impl ParkedImages for FakeParked {
    fn parked_budget_b(&self) -> u64 {
        self.parked_b.iter().sum()
    }

    fn release_oldest(&mut self) -> bool {
        let Some(size_b) = self.parked_b.pop_front() else {
            return false;
        };
        self.released_b.push(size_b);
        true
    }
}

impl Harness {
    pub fn new(config: CacheConfig) -> Harness {
        Harness {
            cache: ImageCache::new(config),
            cpu: FakeStamps::default(),
            frame: 0,
            evictions: Vec::new(),
            parked: FakeParked::default(),
        }
    }

    pub fn next_frame(&mut self) {
        self.frame += 1;
        self.cache.begin_frame(self.frame);
    }

    pub fn make(&mut self, raw: u32, key: ImageKey, storable: bool) {
        self.cache
            .texture_made(texture(raw), key, storable)
            .unwrap();
    }

    pub fn finalize(&mut self, raw: u32) {
        self.cache.texture_finalized(texture(raw)).unwrap();
    }

    /// A pass into the texture.
    pub fn draw(&mut self, raw: u32) -> Resolution {
        let resolution = self
            .cache
            .resolve(texture(raw), Use::Write, &self.cpu)
            .unwrap();
        self.cache.gpu_wrote(texture(raw)).unwrap();
        resolution
    }

    pub fn sample(&mut self, raw: u32) -> Resolution {
        self.cache
            .resolve(texture(raw), Use::Sample, &self.cpu)
            .unwrap()
    }

    /// The submission is recorded; returns this pass's evictions.
    pub fn end_submission(&mut self) -> Vec<Eviction> {
        self.cache.submission_recorded();
        let evictions = self.cache.evict(&self.cpu, &mut self.parked);
        self.evictions.extend(evictions.iter().copied());
        evictions
    }

    pub fn evictions_of(&self, image: HostImageId) -> Vec<Eviction> {
        self.evictions
            .iter()
            .filter(|eviction| eviction.image == image)
            .copied()
            .collect()
    }

    /// Makes, samples and finalizes `count` other textures in pool 2, one a frame.
    pub fn pressure(&mut self, first_raw: u32, count: u32) {
        for index in 0..count {
            self.next_frame();
            let raw = first_raw + index;
            self.make(raw, other_key(2, u64::from(raw) << 20), false);
            self.sample(raw);
            self.finalize(raw);
            self.end_submission();
        }
    }
}

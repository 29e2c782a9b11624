//! Which cached images overlap a storage range, per pool, without scanning them all.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use gpu::PoolId;

use super::key::{ranges_overlap, HostImageId, ImageKey};

#[derive(Debug, Default)]
struct PoolImages {
    /// Images by storage offset, with their range end.
    by_offset_b: BTreeMap<u64, Vec<(HostImageId, u64)>>,
    /// The largest size ever added: how far before a range an overlapping image can start.
    max_size_b: u64,
}

#[derive(Debug, Default)]
pub(super) struct OverlapIndex {
    pools: HashMap<PoolId, PoolImages>,
}

impl OverlapIndex {
    pub fn insert(&mut self, image: HostImageId, key: &ImageKey) {
        let pool = self.pools.entry(key.pool).or_default();
        pool.max_size_b = pool.max_size_b.max(key.size_b);
        let range_b = key.range_b();
        pool.by_offset_b
            .entry(range_b.start)
            .or_default()
            .push((image, range_b.end));
    }

    pub fn remove(&mut self, image: HostImageId, key: &ImageKey) {
        let Some(pool) = self.pools.get_mut(&key.pool) else {
            return;
        };
        if let Some(images) = pool.by_offset_b.get_mut(&key.offset_b) {
            images.retain(|(id, _)| *id != image);
            if images.is_empty() {
                pool.by_offset_b.remove(&key.offset_b);
            }
        }
        if pool.by_offset_b.is_empty() {
            self.pools.remove(&key.pool);
        }
    }

    /// Images whose storage shares a byte with `range_b` in `pool`.
    pub fn overlapping(&self, pool: PoolId, range_b: Range<u64>) -> Vec<HostImageId> {
        let Some(images) = self.pools.get(&pool) else {
            return Vec::new();
        };
        let first_b = range_b.start.saturating_sub(images.max_size_b);
        images
            .by_offset_b
            .range(first_b..range_b.end)
            .flat_map(|(start_b, ids)| ids.iter().map(move |(id, end_b)| (*id, *start_b..*end_b)))
            .filter(|(_, image_range_b)| ranges_overlap(image_range_b, &range_b))
            .map(|(id, _)| id)
            .collect()
    }

    /// Every image in `pool`.
    pub fn in_pool(&self, pool: PoolId) -> Vec<HostImageId> {
        self.pools.get(&pool).map_or_else(Vec::new, |images| {
            images
                .by_offset_b
                .values()
                .flatten()
                .map(|(id, _)| *id)
                .collect()
        })
    }
}

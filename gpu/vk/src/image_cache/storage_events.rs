//! Storage changes the executor reports besides CPU writes and draws: GPU writes through
//! buffers, fills that were resolved but never recorded, and the CPU copying storage
//! (a game's defragmentation), which images holding texels storage lacks follow.

use std::ops::Range;

use gpu::PoolId;
use memory::pool::PAGE_SIZE_B;

use super::cache::ImageCache;
use super::decision::{EvictAction, Eviction, StaleCause, Texels};
use super::key::{ranges_overlap, CpuWriteStamps, HostImageId, ImageKey};
use super::reclaim_state::NoReclaim;
use super::watch::WatchEvent;

/// An image that followed a CPU copy to its new storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovedImage {
    pub image: HostImageId,
    pub from: ImageKey,
    pub to: ImageKey,
}

/// What a CPU copy did to the cache.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyOutcome {
    pub moved: Vec<MovedImage>,
    /// Images at the destination the moved ones replaced (the copy overwrote their storage).
    pub evictions: Vec<Eviction>,
}

impl ImageCache {
    /// The GPU wrote `range_b` of `pool` through a buffer (a copy into the pool, a shader's
    /// storage buffer): images over that storage no longer match it. Not the write-back:
    /// it stores what the image holds.
    pub fn buffer_wrote(&mut self, pool: PoolId, range_b: Range<u64>) {
        for image in self.overlap.overlapping(pool, range_b) {
            self.make_stale(image, StaleCause::BufferWritten);
        }
    }

    /// The CPU wrote exactly `range_b` of `pool` (the executor hears of each write it is
    /// told of): images over those bytes stop matching storage at once; images that only
    /// share a 4 KiB page with it (packed neighbours, which the pools' page stamps cannot
    /// tell apart from the written ones) stay current unless their other pages were
    /// written. Writes the executor is not told of are still found by the page stamps.
    pub fn cpu_wrote(&mut self, pool: PoolId, range_b: Range<u64>, cpu: &impl CpuWriteStamps) {
        if range_b.is_empty() {
            return;
        }
        let pages_b = range_b.start / PAGE_SIZE_B * PAGE_SIZE_B
            ..range_b.end.div_ceil(PAGE_SIZE_B) * PAGE_SIZE_B;
        let now = cpu.now(pool);
        for image in self.overlap.overlapping(pool, pages_b.clone()) {
            let entry = &self.entries[&image];
            if matches!(entry.texels, Texels::Stale(_)) {
                continue;
            }
            let image_b = entry.key.range_b();
            let written = ranges_overlap(&image_b, &range_b)
                || outside(&image_b, &pages_b)
                    .into_iter()
                    .any(|part_b| cpu.written_since(pool, part_b, entry.synced));
            if written {
                self.make_stale(image, StaleCause::CpuWritten);
            } else {
                self.entries
                    .get_mut(&image)
                    .expect("indexed image is cached")
                    .synced = now;
            }
        }
    }

    /// The submission that was to fill `image` (as `resolve` asked) was refused: its
    /// contents are not storage's, and the next use fills it again.
    pub fn fill_abandoned(&mut self, image: HostImageId) {
        self.make_stale(image, StaleCause::FillAbandoned);
    }
}

impl ImageCache {
    /// The CPU copied `len_b` bytes from `source` at `source_offset_b` to `destination` at
    /// `destination_offset_b` (already done: `cpu` stamps the destination as written).
    /// The copy moved storage's bytes, but an image whose texels only it holds (the GPU
    /// drew them, nothing stored them) would leave them behind: when its whole storage lies
    /// in the source range and no live texture uses it, it follows the copy, re-keyed to
    /// the destination, so a texture made there uses its texels. Part of keeping GPU-drawn
    /// images: with the keep cap at 0 (plain eviction) nothing follows.
    pub fn storage_copied(
        &mut self,
        source: PoolId,
        source_offset_b: u64,
        destination: PoolId,
        destination_offset_b: u64,
        len_b: u64,
        cpu: &impl CpuWriteStamps,
    ) -> CopyOutcome {
        let mut outcome = CopyOutcome::default();
        let source_b = source_offset_b..source_offset_b.saturating_add(len_b);
        let destination_b = destination_offset_b..destination_offset_b.saturating_add(len_b);
        self.exclude_range(source, source_b.clone(), NoReclaim::PoolCopyOverlap);
        self.exclude_range(
            destination,
            destination_b.clone(),
            NoReclaim::PoolCopyOverlap,
        );
        // The pages the copy stamped as written.
        let destination_pages_b = destination_b.start / PAGE_SIZE_B * PAGE_SIZE_B
            ..destination_b.end.div_ceil(PAGE_SIZE_B) * PAGE_SIZE_B;
        let mut movers: Vec<(HostImageId, ImageKey)> = Vec::new();
        let candidates = if self.config.keep_cap_b() > 0 {
            self.overlap.overlapping(source, source_b.clone())
        } else {
            Vec::new()
        };
        for image in candidates {
            let entry = &self.entries[&image];
            let range_b = entry.key.range_b();
            let inside = source_b.start <= range_b.start && range_b.end <= source_b.end;
            if !inside
                || entry.texels != Texels::HostOnly
                || entry.pinned
                || self.live_textures(&entry.key) > 0
            {
                continue;
            }
            // The CPU wrote the source since the image matched it (the copy's own write of
            // the destination aside): its texels are not what the copy moved.
            let overwritten = if source == destination {
                outside(&range_b, &destination_pages_b)
            } else {
                vec![range_b]
            };
            if overwritten
                .into_iter()
                .any(|part_b| cpu.written_since(source, part_b, entry.synced))
            {
                self.make_stale(image, StaleCause::CpuWritten);
                continue;
            }
            // An image the submission being recorded uses stays where it is.
            let to = moved_key(
                &entry.key,
                source_offset_b,
                destination,
                destination_offset_b,
            );
            let occupied = self
                .by_key
                .get(&to)
                .is_some_and(|other| self.entries[other].pinned);
            if !occupied {
                movers.push((image, entry.key));
            }
        }
        // Out of their old places first: a move within one pool may land on another's,
        // and the copy's write of the destination concerns the images left there.
        for &(image, from) in &movers {
            self.overlap.remove(image, &from);
            self.by_key.remove(&from);
        }
        self.cpu_wrote(destination, destination_b, cpu);
        let now = cpu.now(destination);
        for (image, from) in movers {
            let to = moved_key(&from, source_offset_b, destination, destination_offset_b);
            if let Some(replaced) = self.by_key.get(&to).copied() {
                outcome
                    .evictions
                    .push(self.release(replaced, EvictAction::Release));
            }
            let entry = self.entries.get_mut(&image).expect("a mover is cached");
            entry.key = to;
            // The copy's own write is what put the texels' storage there.
            entry.synced = now;
            let texture = entry.last_texture;
            self.by_key.insert(to, image);
            self.overlap.insert(image, &to);
            // Textures live at the destination use it now: kept no more.
            if self.live_textures(&to) > 0 {
                self.unkeep(image);
            }
            self.counters.moved += 1;
            self.watch(&to, WatchEvent::Moved { texture, image, to });
            outcome.moved.push(MovedImage { image, from, to });
        }
        outcome
    }
}

/// Where a copy from `source_offset_b` to `destination` at `destination_offset_b` puts
/// the storage of `from`.
fn moved_key(
    from: &ImageKey,
    source_offset_b: u64,
    destination: PoolId,
    destination_offset_b: u64,
) -> ImageKey {
    ImageKey {
        pool: destination,
        offset_b: destination_offset_b + (from.offset_b - source_offset_b),
        ..*from
    }
}

/// The parts of `range_b` outside `cut_b`.
fn outside(range_b: &Range<u64>, cut_b: &Range<u64>) -> Vec<Range<u64>> {
    let mut parts = Vec::new();
    if range_b.start < cut_b.start {
        parts.push(range_b.start..range_b.end.min(cut_b.start));
    }
    if cut_b.end < range_b.end {
        parts.push(range_b.start.max(cut_b.end)..range_b.end);
    }
    parts.retain(|part| !part.is_empty());
    parts
}

#[cfg(test)]
mod tests {
    use super::outside;

    #[test]
    fn outside_keeps_what_the_cut_misses() {
        assert_eq!(outside(&(0..100), &(40..60)), vec![0..40, 60..100]);
        assert_eq!(
            outside(&(0..100), &(0..100)),
            Vec::<std::ops::Range<u64>>::new()
        );
        assert_eq!(outside(&(0..100), &(200..300)), vec![0..100]);
        assert_eq!(outside(&(50..100), &(0..70)), vec![70..100]);
    }
}

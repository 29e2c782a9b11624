//! Render-target reclaim by overwrite (`RX_VK_RT_RECLAIM`): games keep many
//! render-target textures over one pool and reuse its bytes by overwriting them. An image
//! is dead once other textures' passes that covered their whole attachment have covered
//! its whole storage range since its own last write; dead images leave the cache at the
//! next submission's eviction, marked `reclaimed` so the executor parks their host images
//! on its free list instead of destroying them.
//!
//! Why releasing a dead image loses nothing, the GPU write-back (seed 000) included: every
//! byte of its storage was written by other images after its own last write, so whatever
//! it drew is superseded in storage (or in those images, which hold it as `HostOnly` and
//! are written back or kept by the usual rules). The covering writes already made it
//! `Stale(DrawnOver)`, so no later use could take its texels without a fill anyway; a
//! texture over its key that is used again gets a new image filled from storage (or fully
//! overwritten), exactly as a texture seen for the first time.

use std::ops::Range;

use gpu::{PoolId, TextureId};

use super::cache::ImageCache;
use super::decision::{CacheError, EvictAction, Eviction};
use super::key::{HostImageId, ImageKey};
use super::reclaim_state::NoReclaim;

/// Whether one attachment of a texture of this layout is its whole storage: one level,
/// one layer, one slice (any other attachment covers part of the range only).
fn attachment_is_whole(key: &ImageKey) -> bool {
    key.layout.levels == 1 && key.layout.layers == 1 && key.layout.depth_px == 1
}

fn intersection(a: &Range<u64>, b: &Range<u64>) -> Range<u64> {
    a.start.max(b.start)..a.end.min(b.end).max(a.start.max(b.start))
}

impl ImageCache {
    /// `RX_VK_RT_RECLAIM`: whether dead images are reclaimed (off by default).
    pub fn set_rt_reclaim(&mut self, on: bool) {
        self.rt_reclaim = on;
    }

    pub fn rt_reclaim(&self) -> bool {
        self.rt_reclaim
    }

    /// `texture`'s pass in this submission cleared its whole attachment (call after its
    /// `gpu_wrote`, before `submission_recorded`). Other images under that storage, not
    /// used by this submission, are covered there; those covered whole become dead. A layout whose attachment is part of its storage covers nothing.
    pub fn covered_whole(&mut self, texture: TextureId) -> Result<(), CacheError> {
        let key = self.texture_key(texture)?;
        if !self.rt_reclaim || !attachment_is_whole(&key) {
            return Ok(());
        }
        let writer = self.by_key.get(&key).copied();
        let covered_b = key.range_b();
        for other in self.overlap.overlapping(key.pool, covered_b.clone()) {
            let entry = self
                .entries
                .get_mut(&other)
                .expect("indexed image is cached");
            // An image this submission used too may have been written after the cover
            // (the order within a submission is not known here): it is not covered.
            if Some(other) == writer || entry.pinned {
                continue;
            }
            let range_b = entry.key.range_b();
            let state = &mut entry.reclaim;
            state.covered.add(intersection(&range_b, &covered_b));
            if state.excluded.is_none() && state.covered.covers(&range_b) {
                state.dead = true;
            }
        }
        Ok(())
    }

    /// `texture` is never reclaimed, nor any image made for it later.
    pub fn exclude_from_reclaim(
        &mut self,
        texture: TextureId,
        why: NoReclaim,
    ) -> Result<(), CacheError> {
        let key = self.texture_key(texture)?;
        self.note_texture_exclusion(texture, why);
        if let Some(image) = self.by_key.get(&key).copied() {
            self.exclude_image(image, why);
        }
        Ok(())
    }

    /// Images over any byte of `range_b` are never reclaimed (a pool copy touched them).
    pub(super) fn exclude_range(&mut self, pool: PoolId, range_b: Range<u64>, why: NoReclaim) {
        for image in self.overlap.overlapping(pool, range_b) {
            self.exclude_image(image, why);
        }
    }

    pub(super) fn exclude_image(&mut self, image: HostImageId, why: NoReclaim) {
        if let Some(entry) = self.entries.get_mut(&image) {
            entry.reclaim.exclude(why);
        }
    }

    /// Why `image` is never reclaimed, if it is not.
    pub fn reclaim_excluded(&self, image: HostImageId) -> Option<NoReclaim> {
        self.entries.get(&image)?.reclaim.excluded
    }

    /// Releases every dead image not used by the submission being recorded (call after
    /// `submission_recorded`). Each eviction is marked `reclaimed`.
    pub fn reclaim_dead(&mut self) -> Vec<Eviction> {
        if !self.rt_reclaim {
            return Vec::new();
        }
        let dead: Vec<HostImageId> = self
            .lru
            .values()
            .copied()
            .filter(|image| {
                self.entries
                    .get(image)
                    .is_some_and(|entry| entry.reclaim.dead && !entry.pinned && !entry.kept)
            })
            .collect();
        dead.into_iter()
            .map(|image| {
                let mut eviction = self.release(image, EvictAction::Release);
                eviction.reclaimed = true;
                self.counters.reclaimed += 1;
                self.counters.reclaimed_b += eviction.key.size_b;
                eviction
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intersections_are_never_inverted() {
        assert_eq!(intersection(&(0..10), &(5..20)), 5..10);
        assert!(intersection(&(0..10), &(20..30)).is_empty());
    }
}

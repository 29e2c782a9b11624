//! The eviction pass: the keep cap, then the budget: parked images first (render-target
//! reclaim's free list, counted against it), then cached ones, least recently used
//! first. GPU texels storage lacks never leave silently: kept, written back, or reported
//! lost.

use super::cache::{ImageCache, LostTexels};
use super::decision::{EvictAction, Eviction, LossCause, Texels};
use super::key::{CpuWriteStamps, HostImageId};
use super::watch::WatchEvent;

/// Host images parked outside the cache, holding nothing anyone reads (render-target
/// reclaim's free list): they count against the budget, and go first under its pressure.
pub trait ParkedImages {
    /// The parked images' bytes, counted as the cache counts its own (storage bytes).
    fn parked_budget_b(&self) -> u64;
    /// Releases the image parked longest; false when none is parked.
    fn release_oldest(&mut self) -> bool;
}

/// Nothing parked (render-target reclaim off, or a caller without a free list).
pub struct NoParked;

impl ParkedImages for NoParked {
    fn parked_budget_b(&self) -> u64 {
        0
    }

    fn release_oldest(&mut self) -> bool {
        false
    }
}

impl ImageCache {
    /// Brings the cache and `parked` within the budget; call it when a submission is
    /// recorded (after `submission_recorded`) or before making images. Parked images go
    /// first, the cheapest to lose (a later texture makes its image anew); then cached
    /// ones, least recently used first. Pinned images stay, and so do live images holding
    /// GPU texels the write-back cannot store and multisample images holding drawing
    /// (`Entry::holds_multisample_drawing`); everything else may go.
    pub fn evict(
        &mut self,
        cpu: &impl CpuWriteStamps,
        parked: &mut impl ParkedImages,
    ) -> Vec<Eviction> {
        let mut evictions = Vec::new();
        // Kept images whose storage the CPU rewrote are kept no more.
        let kept: Vec<HostImageId> = self.kept_lru();
        for image in kept {
            self.refresh(image, cpu);
        }
        while self.counters.in_use_b + parked.parked_budget_b() > self.config.budget_b
            && parked.release_oldest()
        {}
        // What is left of the budget for cached images.
        let budget_b = self
            .config
            .budget_b
            .saturating_sub(parked.parked_budget_b());
        if self.counters.in_use_b <= budget_b {
            return evictions;
        }
        let by_recency: Vec<HostImageId> = self.lru.values().copied().collect();
        for image in by_recency {
            if self.counters.in_use_b <= budget_b {
                return evictions;
            }
            let Some(entry) = self.entries.get(&image) else {
                continue;
            };
            if entry.pinned || entry.kept {
                continue;
            }
            self.refresh(image, cpu);
            let entry = &self.entries[&image];
            if entry.holds_multisample_drawing() {
                tracing::debug!(target: "gpu_vk::image_cache", %image, size_b = entry.key.size_b,
                    "a multisample image holding drawing stays past the budget");
                continue;
            }
            let live = self.live_textures(&entry.key);
            if self.config.keep_cap_b() > 0 && entry.keepable(live) {
                self.keep(image, &mut evictions);
                continue;
            }
            let action = match entry.texels {
                Texels::Stored | Texels::Stale(_) => EvictAction::Release,
                Texels::HostOnly if entry.storable => EvictAction::WriteBackThenRelease,
                Texels::HostOnly if live == 0 => EvictAction::ReleaseLosing(LossCause::NotStorable),
                // A live texture's texels only this image holds: it stays.
                Texels::HostOnly => continue,
            };
            evictions.push(self.release(image, action));
        }
        // Still over: kept images go too, least recently used first.
        for image in self.kept_lru() {
            if self.counters.in_use_b <= budget_b {
                break;
            }
            let action = self.kept_release_action(image, LossCause::KeptPastBudget);
            evictions.push(self.release(image, action));
        }
        evictions
    }

    /// Keeps `image` instead of evicting it; past the cap the least recently used kept
    /// images go (this one too, when it is the least recent).
    fn keep(&mut self, image: HostImageId, evictions: &mut Vec<Eviction>) {
        let entry = self.entries.get_mut(&image).expect("kept image is cached");
        entry.kept = true;
        let (key, size_b) = (entry.key, entry.key.size_b);
        let event = WatchEvent::Kept {
            texture: entry.last_texture,
            image,
            size_b,
            drawn_frame: entry.drawn_frame(),
        };
        self.counters.kept += 1;
        self.counters.kept_b += size_b;
        self.counters.keeps += 1;
        self.watch(&key, event);
        let cap_b = self.config.keep_cap_b();
        for oldest in self.kept_lru() {
            if self.counters.kept_b <= cap_b {
                break;
            }
            let action = self.kept_release_action(oldest, LossCause::KeptPastCap);
            evictions.push(self.release(oldest, action));
        }
    }

    fn kept_release_action(&self, image: HostImageId, cause: LossCause) -> EvictAction {
        match self.entries[&image].texels {
            Texels::HostOnly => EvictAction::ReleaseLosing(cause),
            Texels::Stored | Texels::Stale(_) => EvictAction::Release,
        }
    }

    /// Kept images, least recently used first.
    fn kept_lru(&self) -> Vec<HostImageId> {
        self.lru
            .values()
            .copied()
            .filter(|image| self.entries.get(image).is_some_and(|entry| entry.kept))
            .collect()
    }

    /// Takes `image` out of the cache.
    pub(super) fn release(&mut self, image: HostImageId, action: EvictAction) -> Eviction {
        self.unkeep(image);
        let entry = self
            .entries
            .remove(&image)
            .expect("released image is cached");
        self.lru.remove(&entry.tick);
        self.by_key.remove(&entry.key);
        self.overlap.remove(image, &entry.key);
        if entry.pinned {
            self.pinned.retain(|pinned| *pinned != image);
        }
        self.counters.images -= 1;
        self.counters.in_use_b -= entry.key.size_b;
        self.counters.evictions += 1;
        match action {
            EvictAction::Release => {}
            EvictAction::WriteBackThenRelease => self.counters.write_backs_asked += 1,
            EvictAction::ReleaseLosing(cause) => {
                // The porter must hear of it: the picture is about to be wrong.
                let (switch, limit_b) = match cause {
                    LossCause::KeptPastCap => ("RX_VK_KEEP_FINALIZED_MB", self.config.keep_cap_b()),
                    LossCause::KeptPastBudget | LossCause::NotStorable => {
                        ("RX_VK_VRAM_MB", self.config.budget_b)
                    }
                };
                tracing::warn!(
                    target: "gpu_vk::image_cache",
                    pool = %entry.key.pool,
                    offset_b = entry.key.offset_b,
                    size_b = entry.key.size_b,
                    limit_mib = limit_b >> 20,
                    "GPU-drawn texels that storage does not hold are lost: {action}; \
                     raise {switch} or keep RX_VK_GPU_STORAGE=1"
                );
                self.counters.texels_lost += 1;
                self.record_loss(LostTexels {
                    key: entry.key,
                    image,
                    drawn_frame: entry.drawn_frame(),
                    stamp: entry.synced,
                });
            }
        }
        let texture = entry.last_texture;
        self.watch(
            &entry.key,
            WatchEvent::Evicted {
                texture,
                image,
                action,
            },
        );
        Eviction {
            image,
            key: entry.key,
            texture,
            action,
            reclaimed: false,
        }
    }
}

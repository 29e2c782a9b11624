//! Whether a cached image still matches its storage: CPU writes and images drawn over
//! make it stale, and a fill learns what storage lacks of the GPU's drawing.

use super::cache::ImageCache;
use super::decision::{FillReason, StaleCause, Texels};
use super::key::{CpuWriteStamps, HostImageId, ImageKey};
use super::watch::WatchEvent;

impl ImageCache {
    /// What storage lacks before `image` is filled from it: overlapping images holding
    /// GPU texels (storable ones are written back first, and count as stored from now),
    /// and GPU texels that left with a released image or stay in an unstorable one.
    pub(super) fn storage_gaps(
        &mut self,
        image: HostImageId,
        key: &ImageKey,
        cpu: &impl CpuWriteStamps,
    ) -> (Vec<HostImageId>, Option<FillReason>) {
        let mut write_back_first = Vec::new();
        let mut lost = None;
        for other in self.overlap.overlapping(key.pool, key.range_b()) {
            if other == image {
                continue;
            }
            self.refresh(other, cpu);
            let entry = self
                .entries
                .get_mut(&other)
                .expect("indexed image is cached");
            if entry.texels != Texels::HostOnly {
                continue;
            }
            if entry.storable && !entry.kept {
                entry.texels = Texels::Stored;
                write_back_first.push(other);
            } else {
                lost = Some(FillReason::GpuTexelsLost {
                    image: other,
                    drawn_frame: entry.drawn_frame(),
                });
            }
        }
        // A CPU write since the loss replaced the lost texels.
        self.lost.retain(|record| {
            !(record.key.overlaps(key)
                && cpu.written_since(record.key.pool, record.key.range_b(), record.stamp))
        });
        if let Some(record) = self
            .lost
            .iter()
            .rev()
            .find(|record| record.key.overlaps(key))
        {
            lost = lost.or(Some(FillReason::GpuTexelsLost {
                image: record.image,
                drawn_frame: record.drawn_frame,
            }));
        }
        // Reported once: the image now holds storage's bytes as they are.
        self.lost.retain(|record| !record.key.overlaps(key));
        (write_back_first, lost)
    }

    /// Turns `image` stale when the CPU wrote its storage since it matched.
    pub(super) fn refresh(&mut self, image: HostImageId, cpu: &impl CpuWriteStamps) {
        let entry = &self.entries[&image];
        if matches!(entry.texels, Texels::Stale(_)) {
            return;
        }
        if cpu.written_since(entry.key.pool, entry.key.range_b(), entry.synced) {
            self.make_stale(image, StaleCause::CpuWritten);
        }
    }

    pub(super) fn make_stale(&mut self, image: HostImageId, cause: StaleCause) {
        let Some(entry) = self.entries.get_mut(&image) else {
            return;
        };
        if matches!(entry.texels, Texels::Stale(_)) {
            return;
        }
        entry.texels = Texels::Stale(cause);
        self.counters.invalidations += 1;
        if entry.kept {
            let (key, texture) = (entry.key, entry.last_texture);
            self.counters.kept_invalidated += 1;
            self.unkeep(image);
            self.watch(&key, WatchEvent::KeptEnded { texture, cause });
        }
    }

    pub(super) fn unkeep(&mut self, image: HostImageId) {
        if let Some(entry) = self.entries.get_mut(&image) {
            if entry.kept {
                entry.kept = false;
                self.counters.kept -= 1;
                self.counters.kept_b -= entry.key.size_b;
            }
        }
    }
}

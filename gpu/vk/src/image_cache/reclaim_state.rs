//! An image's reclaim facts, as its cache entry holds them: what other passes covered
//! since its own last write, and why it may never be reclaimed. The policy over them is
//! `reclaim`.

use std::ops::Range;

/// Why an image is never reclaimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoReclaim {
    /// Bound as a shader image (load/store): written outside passes.
    StorageImage,
    /// Written by a copy or a blit.
    CopyDestination,
    /// Written by a clear outside a pass.
    ClearDestination,
    /// A CPU copy of pool storage touched its range.
    PoolCopyOverlap,
    /// Its contents came from storage (read before any write of its own).
    FilledFromStorage,
    /// Read after other textures had drawn over part of it, before its own next write.
    ReadBeforeWrite,
}

/// Storage ranges, sorted and merged.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Coverage {
    ranges_b: Vec<Range<u64>>,
}

impl Coverage {
    pub fn add(&mut self, range_b: Range<u64>) {
        if range_b.is_empty() {
            return;
        }
        let (mut start, mut end) = (range_b.start, range_b.end);
        self.ranges_b.retain(|have| {
            let touches = have.start <= end && start <= have.end;
            if touches {
                start = start.min(have.start);
                end = end.max(have.end);
            }
            !touches
        });
        let at = self.ranges_b.partition_point(|have| have.start < start);
        self.ranges_b.insert(at, start..end);
    }

    /// Whether every byte of `range_b` is covered.
    pub fn covers(&self, range_b: &Range<u64>) -> bool {
        range_b.is_empty()
            || self
                .ranges_b
                .iter()
                .any(|have| have.start <= range_b.start && range_b.end <= have.end)
    }

    pub fn is_empty(&self) -> bool {
        self.ranges_b.is_empty()
    }

    pub fn clear(&mut self) {
        self.ranges_b.clear();
    }
}

/// One image's reclaim facts.
#[derive(Clone, Debug, Default)]
pub(super) struct ReclaimState {
    /// Storage other images' whole-attachment passes wrote since this one's last write.
    pub covered: Coverage,
    pub excluded: Option<NoReclaim>,
    /// Covered whole and not excluded: released at the next eviction (once unpinned).
    pub dead: bool,
}

impl ReclaimState {
    /// The image's own write: what others covered before it is its drawing's past.
    pub fn own_write(&mut self) {
        self.covered.clear();
        self.dead = false;
    }

    pub fn exclude(&mut self, why: NoReclaim) {
        self.excluded.get_or_insert(why);
        self.dead = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_merges_and_covers_only_whole_ranges() {
        let mut coverage = Coverage::default();
        coverage.add(10..20);
        coverage.add(30..40);
        assert!(!coverage.covers(&(10..40)));
        assert!(coverage.covers(&(12..18)));
        coverage.add(20..30);
        assert!(coverage.covers(&(10..40)));
        assert_eq!(coverage.ranges_b, vec![10..40]);
        coverage.add(0..5);
        coverage.add(5..5);
        assert_eq!(coverage.ranges_b, vec![0..5, 10..40]);
        assert!(!coverage.covers(&(0..40)));
        coverage.clear();
        assert!(coverage.is_empty());
        assert!(!coverage.covers(&(0..1)));
    }
}

//! When the write-back stores what a submission drew. A level written by several passes is
//! stored once, after its last write, but always before anything in the submission reads
//! bytes of the texture's storage through a buffer (a copy from the pool, an upload, a
//! draw's or dispatch's bound ranges) and before every signal, so the storage is complete
//! when the fence signals and nothing lands later; levels drawn every frame are the
//! exception `cadence` makes.

use std::ops::Range;

use gpu::ids::{PoolId, TextureId};

/// A rectangle of one level in elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x_el: u32,
    pub y_el: u32,
    pub width_el: u32,
    pub height_el: u32,
}

impl Rect {
    /// The smallest rectangle holding both. The host image is the texture's whole truth
    /// while it is GPU-owned, so storing the bounds of two writes stores nothing stale.
    pub fn union(self, other: Rect) -> Rect {
        let x0 = self.x_el.min(other.x_el);
        let y0 = self.y_el.min(other.y_el);
        let x1 = (self.x_el + self.width_el).max(other.x_el + other.width_el);
        let y1 = (self.y_el + self.height_el).max(other.y_el + other.height_el);
        Rect {
            x_el: x0,
            y_el: y0,
            width_el: x1 - x0,
            height_el: y1 - y0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.width_el == 0 || self.height_el == 0
    }
}

/// One write into an admitted texture: a pass, a clear or a copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteTarget {
    pub texture: TextureId,
    pub pool: PoolId,
    /// The texture's whole storage in its pool.
    pub storage_b: Range<u64>,
    pub level: u32,
    pub layers: Range<u32>,
    pub rect: Rect,
}

/// What is still to be stored for one level and layer of one texture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingRegion {
    pub texture: TextureId,
    pub pool: PoolId,
    pub storage_b: Range<u64>,
    pub level: u32,
    pub layer: u32,
    pub rect: Rect,
}

impl PendingRegion {
    /// The level and layer it covers.
    pub fn level_key(&self) -> crate::writeback::LevelKey {
        crate::writeback::LevelKey {
            texture: self.texture,
            level: self.level,
            layer: self.layer,
        }
    }
}

/// The regions a submission has drawn and not yet stored, in first-write order.
#[derive(Debug, Default)]
pub struct PendingWrites {
    pending: Vec<PendingRegion>,
}

impl PendingWrites {
    /// Notes a write; a second write to the same level and layer widens its region.
    pub fn note_write(&mut self, target: &WriteTarget) {
        if target.rect.is_empty() {
            return;
        }
        for layer in target.layers.clone() {
            let same = self.pending.iter_mut().find(|region| {
                region.texture == target.texture
                    && region.level == target.level
                    && region.layer == layer
            });
            match same {
                Some(region) => region.rect = region.rect.union(target.rect),
                None => self.pending.push(PendingRegion {
                    texture: target.texture,
                    pool: target.pool,
                    storage_b: target.storage_b.clone(),
                    level: target.level,
                    layer,
                    rect: target.rect,
                }),
            }
        }
    }

    /// Takes the regions whose texture storage overlaps `range_b` of `pool`: call before a
    /// buffer read of that range (a copy from the pool, an upload).
    pub fn take_overlapping(&mut self, pool: PoolId, range_b: Range<u64>) -> Vec<PendingRegion> {
        let overlaps = |region: &PendingRegion| {
            region.pool == pool
                && region.storage_b.start < range_b.end
                && range_b.start < region.storage_b.end
        };
        let (taken, kept) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(overlaps);
        self.pending = kept;
        taken
    }

    /// Takes every region: call before a signal and at the end of the submission.
    pub fn take_all(&mut self) -> Vec<PendingRegion> {
        std::mem::take(&mut self.pending)
    }

    /// Adds a region taken from elsewhere; one of the same level and layer widens.
    pub fn note_region(&mut self, region: PendingRegion) {
        self.note_write(&WriteTarget {
            texture: region.texture,
            pool: region.pool,
            storage_b: region.storage_b,
            level: region.level,
            layers: region.layer..region.layer + 1,
            rect: region.rect,
        });
    }

    /// Takes the regions `take` picks.
    pub fn take_if(&mut self, mut take: impl FnMut(&PendingRegion) -> bool) -> Vec<PendingRegion> {
        let (taken, kept) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|region| take(region));
        self.pending = kept;
        taken
    }

    /// Drops what is pending over `range_b` of `pool` (the CPU wrote it): nothing older
    /// from the GPU may land over the CPU's bytes.
    pub fn forget_overlapping(&mut self, pool: PoolId, range_b: Range<u64>) {
        drop(self.take_overlapping(pool, range_b));
    }

    /// Whether anything pending lies over `range_b` of `pool`.
    pub fn overlaps(&self, pool: PoolId, range_b: Range<u64>) -> bool {
        self.pending.iter().any(|region| {
            region.pool == pool
                && region.storage_b.start < range_b.end
                && range_b.start < region.storage_b.end
        })
    }

    /// Whether anything is pending for `texture`.
    pub fn holds_texture(&self, texture: TextureId) -> bool {
        self.pending.iter().any(|region| region.texture == texture)
    }

    /// Drops what is pending for `texture` (its storage was written over by the CPU, or the
    /// texture's storage was reused): nothing older from the GPU may land over it.
    pub fn forget_texture(&mut self, texture: TextureId) {
        self.pending.retain(|region| region.texture != texture);
    }

    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texture(raw: u32) -> TextureId {
        TextureId::from_raw(raw).unwrap()
    }

    fn pool(raw: u32) -> PoolId {
        PoolId::from_raw(raw).unwrap()
    }

    fn write(
        tex: u32,
        level: u32,
        rect: (u32, u32, u32, u32),
        storage_b: Range<u64>,
    ) -> WriteTarget {
        WriteTarget {
            texture: texture(tex),
            pool: pool(1),
            storage_b,
            level,
            layers: 0..1,
            rect: Rect {
                x_el: rect.0,
                y_el: rect.1,
                width_el: rect.2,
                height_el: rect.3,
            },
        }
    }

    #[test]
    fn a_level_written_by_several_passes_is_stored_once_with_their_bounds() {
        let mut pending = PendingWrites::default();
        pending.note_write(&write(1, 0, (0, 0, 16, 16), 0..4096));
        pending.note_write(&write(1, 0, (100, 50, 8, 8), 0..4096));
        pending.note_write(&write(1, 1, (0, 0, 4, 4), 0..4096));
        let taken = pending.take_all();
        assert_eq!(taken.len(), 2);
        assert_eq!(
            taken[0].rect,
            Rect {
                x_el: 0,
                y_el: 0,
                width_el: 108,
                height_el: 58
            }
        );
        assert_eq!(taken[1].level, 1);
        assert!(pending.is_empty());
    }

    #[test]
    fn a_buffer_read_takes_only_what_overlaps_it() {
        let mut pending = PendingWrites::default();
        pending.note_write(&write(1, 0, (0, 0, 4, 4), 0..4096));
        pending.note_write(&write(2, 0, (0, 0, 4, 4), 8192..12288));
        let taken = pending.take_overlapping(pool(1), 4000..4100);
        assert_eq!(taken.len(), 1);
        assert_eq!(taken[0].texture, texture(1));
        assert!(pending.take_overlapping(pool(2), 8192..12288).is_empty());
        assert!(pending.take_overlapping(pool(1), 4096..8192).is_empty());
        assert_eq!(pending.take_all().len(), 1);
    }

    #[test]
    fn layers_are_separate_regions_and_empty_writes_are_ignored() {
        let mut pending = PendingWrites::default();
        let mut target = write(1, 0, (0, 0, 8, 8), 0..4096);
        target.layers = 2..5;
        pending.note_write(&target);
        pending.note_write(&write(3, 0, (0, 0, 0, 8), 0..4096));
        let layers: Vec<u32> = pending.take_all().iter().map(|r| r.layer).collect();
        assert_eq!(layers, vec![2, 3, 4]);
    }

    #[test]
    fn regions_moved_between_schedules_merge_and_cpu_writes_drop_them() {
        let mut waiting = PendingWrites::default();
        let mut pending = PendingWrites::default();
        pending.note_write(&write(1, 0, (0, 0, 8, 8), 0..4096));
        pending.note_write(&write(2, 0, (0, 0, 8, 8), 4096..8192));
        for region in pending.take_all() {
            waiting.note_region(region);
        }
        let first = waiting.take_if(|region| region.texture == texture(1));
        waiting.note_region(PendingRegion {
            rect: Rect {
                x_el: 8,
                y_el: 8,
                width_el: 8,
                height_el: 8,
            },
            ..first[0].clone()
        });
        assert!(waiting.holds_texture(texture(1)));
        waiting.forget_overlapping(pool(1), 4096..4097);
        assert!(!waiting.holds_texture(texture(2)));
        let taken = waiting.take_all();
        assert_eq!(taken.len(), 1);
        assert_eq!(taken[0].rect.width_el, 8);
        assert_eq!(taken[0].level_key().texture, texture(1));
    }

    #[test]
    fn a_forgotten_texture_is_never_stored() {
        let mut pending = PendingWrites::default();
        pending.note_write(&write(1, 0, (0, 0, 8, 8), 0..4096));
        pending.note_write(&write(2, 0, (0, 0, 8, 8), 4096..8192));
        pending.forget_texture(texture(1));
        let taken = pending.take_all();
        assert_eq!(taken.len(), 1);
        assert_eq!(taken[0].texture, texture(2));
    }
}

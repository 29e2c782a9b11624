//! The cache's state and the events the executor drives it with: textures made and
//! finalized, uses resolved, GPU writes, write-backs stored, frames.

use std::collections::{BTreeMap, VecDeque};

use gpu::id_map::IdMap;

use gpu::{PoolId, TextureId};
use memory::WriteStamp;

use super::config::{CacheConfig, WATCH_SUMMARY_FRAMES};
use super::counters::CacheCounters;
use super::decision::{
    Action, CacheError, EvictAction, Eviction, FillReason, Resolution, StaleCause, Texels, Use,
};
use super::entry::{CachedImage, Entry};
use super::key::{CpuWriteStamps, HostImageId, ImageKey};
use super::overlap::OverlapIndex;
use super::reclaim_state::{NoReclaim, ReclaimState};
use super::watch::{self, kept_groups, WatchEvent, WatchSummary};

/// Released images whose GPU texels storage never got; older records go first past this.
const LOST_RECORDS_MAX: usize = 4096;

#[derive(Clone, Copy, Debug)]
struct TextureRecord {
    key: ImageKey,
    storable: bool,
    /// Never reclaimed (`reclaim`), with why: carried to every image made for it.
    no_reclaim: Option<NoReclaim>,
}

/// GPU texels that left with a released image, for the next fill over that storage.
#[derive(Clone, Copy, Debug)]
pub(super) struct LostTexels {
    pub key: ImageKey,
    pub image: HostImageId,
    pub drawn_frame: u64,
    /// The pool's clock at the loss: a CPU write after it replaces what was lost.
    pub stamp: WriteStamp,
}

/// The image cache's policy: which host image serves a texture use, when it is filled
/// from storage, what is kept, and what eviction does. Makes no Vulkan call.
#[derive(Debug)]
pub struct ImageCache {
    pub(super) config: CacheConfig,
    pub(super) frame: u64,
    next_image: u64,
    next_tick: u64,
    textures: IdMap<TextureId, TextureRecord>,
    pub(super) live_by_key: IdMap<ImageKey, u32>,
    pub(super) by_key: IdMap<ImageKey, HostImageId>,
    pub(super) entries: IdMap<HostImageId, Entry>,
    /// Recency order: tick to image, least recent first.
    pub(super) lru: BTreeMap<u64, HostImageId>,
    pub(super) overlap: OverlapIndex,
    pub(super) pinned: Vec<HostImageId>,
    pub(super) lost: VecDeque<LostTexels>,
    pub(super) counters: CacheCounters,
    /// `RX_VK_RT_RECLAIM`.
    pub(super) rt_reclaim: bool,
}

impl ImageCache {
    pub fn new(config: CacheConfig) -> ImageCache {
        ImageCache {
            config,
            frame: 0,
            next_image: 1,
            next_tick: 1,
            textures: IdMap::default(),
            live_by_key: IdMap::default(),
            by_key: IdMap::default(),
            entries: IdMap::default(),
            lru: BTreeMap::new(),
            overlap: OverlapIndex::default(),
            pinned: Vec::new(),
            lost: VecDeque::new(),
            counters: CacheCounters::default(),
            rt_reclaim: false,
        }
    }

    pub fn config(&self) -> &CacheConfig {
        &self.config
    }

    pub fn counters(&self) -> CacheCounters {
        self.counters
    }

    /// The cached image for `key`, if any.
    pub fn image(&self, key: &ImageKey) -> Option<CachedImage> {
        let image = self.by_key.get(key)?;
        self.entries.get(image).map(CachedImage::from)
    }

    /// The cached image for a live texture's storage and layout, if any.
    pub fn texture_image(&self, texture: TextureId) -> Option<HostImageId> {
        let record = self.textures.get(&texture)?;
        self.by_key.get(&record.key).copied()
    }

    /// Every cached image, least recently used first.
    pub fn images(&self) -> Vec<CachedImage> {
        self.lru
            .values()
            .filter_map(|image| self.entries.get(image))
            .map(CachedImage::from)
            .collect()
    }

    /// A new frame starts; every `WATCH_SUMMARY_FRAMES` the watch summary is logged.
    pub fn begin_frame(&mut self, frame: u64) {
        self.frame = frame;
        if self.config.watch_dim.is_some()
            && frame > 0
            && frame.is_multiple_of(WATCH_SUMMARY_FRAMES)
        {
            watch::emit(&watch::summary_line(frame, &self.watch_summary()));
        }
    }

    pub fn watch_summary(&self) -> WatchSummary {
        let kept = self
            .entries
            .values()
            .filter(|entry| entry.kept)
            .map(|entry| &entry.key);
        WatchSummary {
            kept: kept_groups(kept),
            evictions: self.counters.evictions,
            in_use_b: self.counters.in_use_b,
            budget_b: self.config.budget_b,
            kept_b: self.counters.kept_b,
            keep_cap_b: self.config.keep_cap_b(),
        }
    }

    /// The game made `texture` over `key`'s storage. `storable`: the write-back can store
    /// its texels (seed-000 admission, and `RX_VK_GPU_STORAGE` on).
    pub fn texture_made(
        &mut self,
        texture: TextureId,
        key: ImageKey,
        storable: bool,
    ) -> Result<(), CacheError> {
        if self.textures.contains_key(&texture) {
            return Err(CacheError::TextureExists(texture));
        }
        self.textures.insert(
            texture,
            TextureRecord {
                key,
                storable,
                no_reclaim: None,
            },
        );
        *self.live_by_key.entry(key).or_insert(0) += 1;
        // Made again: a kept image is in use once more, no longer kept for later.
        if let Some(image) = self.by_key.get(&key).copied() {
            self.unkeep(image);
        }
        self.watch(&key, WatchEvent::Made { texture, key });
        Ok(())
    }

    /// The game finalized `texture`; its image stays cached under the usual rules.
    pub fn texture_finalized(&mut self, texture: TextureId) -> Result<(), CacheError> {
        let record = self
            .textures
            .remove(&texture)
            .ok_or(CacheError::UnknownTexture(texture))?;
        if let Some(live) = self.live_by_key.get_mut(&record.key) {
            *live -= 1;
            if *live == 0 {
                self.live_by_key.remove(&record.key);
            }
        }
        self.watch(&record.key, WatchEvent::Finalized { texture });
        Ok(())
    }

    /// The host image for a use of `texture` in the submission being recorded, and
    /// whether it must be filled from storage first. Pins the image until
    /// `submission_recorded`. A `Use::Write` covering the whole image may skip the fill.
    pub fn resolve(
        &mut self,
        texture: TextureId,
        use_: Use,
        cpu: &impl CpuWriteStamps,
    ) -> Result<Resolution, CacheError> {
        let record = *self
            .textures
            .get(&texture)
            .ok_or(CacheError::UnknownTexture(texture))?;
        let key = record.key;
        let existing = self.by_key.get(&key).copied();
        let (image, created, base_reason) = match existing {
            Some(image) => {
                self.refresh(image, cpu);
                let entry = &self.entries[&image];
                match entry.texels {
                    Texels::Stored | Texels::HostOnly => (image, false, None),
                    Texels::Stale(cause) => (image, false, Some(FillReason::from(cause))),
                }
            }
            None => (
                self.insert_entry(record, texture, cpu),
                true,
                Some(FillReason::NoImage),
            ),
        };
        self.unkeep(image);
        self.reclaim_on_use(image, texture, use_, base_reason.is_some());
        let tick = self.next_tick();
        let entry = self
            .entries
            .get_mut(&image)
            .expect("resolved image is cached");
        entry.storable = record.storable;
        entry.last_texture = texture;
        self.lru.remove(&entry.tick);
        entry.tick = tick;
        self.lru.insert(tick, image);
        if !entry.pinned {
            entry.pinned = true;
            self.pinned.push(image);
        }

        let Some(base_reason) = base_reason else {
            self.counters.reuses += 1;
            let over_rendered = self.entries[&image].texels == Texels::HostOnly;
            if use_ == Use::Sample && over_rendered {
                self.watch(&key, WatchEvent::SampledOverRendered { texture });
            }
            self.watch(&key, WatchEvent::NotUploaded { texture, image });
            return Ok(Resolution {
                image,
                created,
                action: Action::Reuse,
            });
        };

        let (write_back_first, lost) = self.storage_gaps(image, &key, cpu);
        let reason = lost.unwrap_or(base_reason);
        let now = cpu.now(key.pool);
        let entry = self
            .entries
            .get_mut(&image)
            .expect("resolved image is cached");
        entry.texels = Texels::Stored;
        entry.synced = now;
        entry.drawn_frames = None;
        self.counters.uploads += 1;
        if use_ == Use::Sample && matches!(reason, FillReason::GpuTexelsLost { .. }) {
            self.watch(&key, WatchEvent::SampledOverRendered { texture });
        }
        self.watch(&key, WatchEvent::Uploaded { texture, reason });
        Ok(Resolution {
            image,
            created,
            action: Action::Fill {
                reason,
                write_back_first,
            },
        })
    }

    /// The GPU wrote `texture`'s image (pass, clear or copy), recorded in this
    /// submission after its `resolve`. Images drawn over stop matching storage.
    pub fn gpu_wrote(&mut self, texture: TextureId) -> Result<(), CacheError> {
        let key = self
            .textures
            .get(&texture)
            .ok_or(CacheError::UnknownTexture(texture))?
            .key;
        let image = self
            .by_key
            .get(&key)
            .copied()
            .filter(|image| self.entries[image].pinned)
            .ok_or(CacheError::NotResolved(texture))?;
        let frame = self.frame;
        let entry = self
            .entries
            .get_mut(&image)
            .expect("indexed image is cached");
        entry.texels = Texels::HostOnly;
        entry.reclaim.own_write();
        entry.drawn_frames = Some(
            entry
                .drawn_frames
                .map_or((frame, frame), |(first, _)| (first, frame)),
        );
        for other in self.overlap.overlapping(key.pool, key.range_b()) {
            if other != image {
                self.make_stale(other, StaleCause::DrawnOver);
            }
        }
        self.lost.retain(|lost| !lost.key.overlaps(&key));
        self.watch(&key, WatchEvent::Written { texture });
        Ok(())
    }

    /// The write-back of `image` landed in storage (the executor's eager write-back, or
    /// one asked by `write_back_first`). Not needed after an eviction's write-back.
    pub fn stored(&mut self, image: HostImageId) -> Result<(), CacheError> {
        let entry = self
            .entries
            .get_mut(&image)
            .ok_or(CacheError::UnknownImage(image))?;
        if entry.texels == Texels::HostOnly {
            entry.texels = Texels::Stored;
        }
        Ok(())
    }

    /// The submission is recorded: its images may be evicted again.
    pub fn submission_recorded(&mut self) {
        for image in self.pinned.drain(..) {
            if let Some(entry) = self.entries.get_mut(&image) {
                entry.pinned = false;
            }
        }
    }

    fn next_tick(&mut self) -> u64 {
        let tick = self.next_tick;
        self.next_tick += 1;
        tick
    }

    fn insert_entry(
        &mut self,
        record: TextureRecord,
        texture: TextureId,
        cpu: &impl CpuWriteStamps,
    ) -> HostImageId {
        let image = HostImageId(self.next_image);
        self.next_image += 1;
        let key = record.key;
        let tick = self.next_tick();
        self.entries.insert(
            image,
            Entry {
                image,
                key,
                storable: record.storable,
                texels: Texels::Stored,
                synced: cpu.now(key.pool),
                drawn_frames: None,
                kept: false,
                pinned: false,
                tick,
                last_texture: texture,
                reclaim: ReclaimState {
                    excluded: record.no_reclaim,
                    ..ReclaimState::default()
                },
            },
        );
        self.lru.insert(tick, image);
        self.by_key.insert(key, image);
        self.overlap.insert(image, &key);
        self.counters.images += 1;
        self.counters.in_use_b += key.size_b;
        image
    }

    /// The storage and layout of a live texture.
    pub(super) fn texture_key(&self, texture: TextureId) -> Result<ImageKey, CacheError> {
        self.textures
            .get(&texture)
            .map(|record| record.key)
            .ok_or(CacheError::UnknownTexture(texture))
    }

    pub(super) fn note_texture_exclusion(&mut self, texture: TextureId, why: NoReclaim) {
        if let Some(record) = self.textures.get_mut(&texture) {
            record.no_reclaim.get_or_insert(why);
        }
    }

    /// A use's reclaim facts: a read of an image others drew over in part, or one that
    /// is filled from storage, rules it out for good.
    fn reclaim_on_use(&mut self, image: HostImageId, texture: TextureId, use_: Use, fill: bool) {
        if use_ == Use::Write {
            return;
        }
        let state = &self.entries[&image].reclaim;
        let why = if !state.covered.is_empty() {
            NoReclaim::ReadBeforeWrite
        } else if fill {
            NoReclaim::FilledFromStorage
        } else {
            return;
        };
        self.note_texture_exclusion(texture, why);
        self.exclude_image(image, why);
    }

    pub(super) fn live_textures(&self, key: &ImageKey) -> u32 {
        self.live_by_key.get(key).copied().unwrap_or(0)
    }

    pub(super) fn record_loss(&mut self, lost: LostTexels) {
        if self.lost.len() == LOST_RECORDS_MAX {
            self.lost.pop_front();
        }
        self.lost.push_back(lost);
    }

    pub(super) fn watch(&self, key: &ImageKey, event: WatchEvent) {
        if self.config.watches(key) {
            watch::emit(&watch::watch_line(self.frame, &event));
        }
    }

    /// Forgets everything in a finalized pool: its storage is gone, nothing to save.
    pub fn pool_finalized(&mut self, pool: PoolId) -> Vec<Eviction> {
        self.lost.retain(|record| record.key.pool != pool);
        self.overlap
            .in_pool(pool)
            .into_iter()
            .map(|image| self.release(image, EvictAction::Release))
            .collect()
    }
}

//! Long random sequences against a reference model written apart from the cache: it
//! follows what the console would hold in storage and checks every decision the cache
//! returns, and the budget and keep invariants after every eviction pass.

use std::collections::HashMap;

use memory::Format;
use proptest::prelude::*;

use super::{key_2d, texture, tile_key, Harness};
use crate::image_cache::{
    Action, CacheConfig, EvictAction, Eviction, FillReason, HostImageId, ImageKey, LossCause,
    Resolution, Use, KEEP_MAX_SIZE_B, MIB_B,
};

/// Storage positions in pool 1: aliases, partial overlaps, one image too big to keep.
fn slots() -> Vec<ImageKey> {
    vec![
        tile_key(1, 0),
        key_2d(1, 0, Format::Rgba8, 256, 256, 1),
        tile_key(1, MIB_B),
        key_2d(1, MIB_B + 0x1000, Format::Rgba8, 64, 64, 1),
        key_2d(1, 8 * MIB_B, Format::Rgba8, 1100, 1024, 1),
        tile_key(1, 16 * MIB_B),
        key_2d(1, 20 * MIB_B, Format::Rgba8, 512, 512, 1),
    ]
}

/// The slots holding whole tiles, apart from one another: copies go between them.
const TILE_SLOTS: [usize; 3] = [0, 2, 5];

#[derive(Clone, Debug)]
enum Op {
    Make {
        slot: usize,
        storable: bool,
    },
    Finalize {
        pick: usize,
    },
    Sample {
        pick: usize,
    },
    Draw {
        pick: usize,
    },
    Stored {
        pick: usize,
    },
    CpuWrite {
        slot: usize,
        whole: bool,
    },
    /// The CPU copies one tile slot's storage over another's (defragmentation).
    Copy {
        from: usize,
        to: usize,
    },
    EndSubmission,
    NextFrame,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0..7usize, any::<bool>()).prop_map(|(slot, storable)| Op::Make { slot, storable }),
        2 => (0..64usize).prop_map(|pick| Op::Finalize { pick }),
        4 => (0..64usize).prop_map(|pick| Op::Sample { pick }),
        3 => (0..64usize).prop_map(|pick| Op::Draw { pick }),
        1 => (0..64usize).prop_map(|pick| Op::Stored { pick }),
        1 => (0..7usize, any::<bool>()).prop_map(|(slot, whole)| Op::CpuWrite { slot, whole }),
        1 => (0..3usize, 1..3usize).prop_map(|(from, step)| Op::Copy {
            from: TILE_SLOTS[from],
            to: TILE_SLOTS[(from + step) % 3],
        }),
        3 => Just(Op::EndSubmission),
        2 => Just(Op::NextFrame),
    ]
}

/// What the model knows of one host image.
#[derive(Clone, Debug)]
struct ModelImage {
    key: ImageKey,
    storable: bool,
    /// The image holds what the console's storage holds.
    current: bool,
    /// It holds GPU texels storage lacks (and they are still the latest).
    unstored: bool,
    drawn_frames: Option<(u64, u64)>,
    pinned: bool,
}

#[derive(Default)]
struct Model {
    images: HashMap<HostImageId, ModelImage>,
    by_key: HashMap<ImageKey, HostImageId>,
    live: Vec<(u32, ImageKey, bool)>,
    /// Storage whose latest texels left with a released image.
    lost: Vec<ImageKey>,
}

impl Model {
    fn live_on(&self, key: &ImageKey) -> usize {
        self.live
            .iter()
            .filter(|(_, live_key, _)| live_key == key)
            .count()
    }

    fn keepable(&self, image: &ModelImage) -> bool {
        matches!(image.drawn_frames, Some((first, last)) if first == last)
            && image.key.size_b <= KEEP_MAX_SIZE_B
            && self.live_on(&image.key) == 0
            && image.current
    }

    /// Storage under `key` changed (CPU write, or `except` drew over it).
    fn supersede(&mut self, key: &ImageKey, except: Option<HostImageId>) {
        for (id, image) in self.images.iter_mut() {
            if Some(*id) != except && image.key.overlaps(key) {
                image.current = false;
                image.unstored = false;
            }
        }
        self.lost.retain(|lost| !lost.overlaps(key));
    }

    /// Checks a resolution against the model, then applies it.
    fn resolved(
        &mut self,
        key: ImageKey,
        storable: bool,
        kept: &[HostImageId],
        resolution: &Resolution,
    ) {
        match self.by_key.get(&key) {
            Some(image) => {
                assert!(!resolution.created);
                assert_eq!(*image, resolution.image);
            }
            None => {
                assert!(resolution.created);
                self.by_key.insert(key, resolution.image);
                self.images.insert(
                    resolution.image,
                    ModelImage {
                        key,
                        storable,
                        current: false,
                        unstored: false,
                        drawn_frames: None,
                        pinned: false,
                    },
                );
            }
        }
        let id = resolution.image;
        match &resolution.action {
            Action::Reuse => assert!(self.images[&id].current, "reused a stale image"),
            Action::Fill {
                reason,
                write_back_first,
            } => {
                for (other, image) in &self.images {
                    let must_store = *other != id
                        && image.unstored
                        && image.storable
                        && !kept.contains(other)
                        && image.key.overlaps(&key);
                    assert_eq!(must_store, write_back_first.contains(other));
                }
                for other in write_back_first {
                    let image = self.images.get_mut(other).expect("written back image");
                    assert!(image.unstored && image.storable && image.key.overlaps(&key));
                    image.unstored = false;
                }
                let gap = self.lost.iter().any(|lost| lost.overlaps(&key))
                    || self.images.iter().any(|(other, image)| {
                        *other != id && image.unstored && image.key.overlaps(&key)
                    });
                assert_eq!(
                    gap,
                    matches!(reason, FillReason::GpuTexelsLost { .. }),
                    "a fill from storage lacking GPU texels is reported, and only then"
                );
                self.lost.retain(|lost| !lost.overlaps(&key));
                let image = self.images.get_mut(&id).unwrap();
                image.current = true;
                image.unstored = false;
                image.drawn_frames = None;
            }
        }
        let image = self.images.get_mut(&id).unwrap();
        image.storable = storable;
        image.pinned = true;
    }

    fn drew(&mut self, id: HostImageId, frame: u64) {
        let key = self.images[&id].key;
        self.supersede(&key, Some(id));
        let image = self.images.get_mut(&id).unwrap();
        image.current = true;
        image.unstored = true;
        image.drawn_frames = Some(
            image
                .drawn_frames
                .map_or((frame, frame), |(first, _)| (first, frame)),
        );
    }

    fn evicted(&mut self, eviction: &Eviction, config: &CacheConfig) {
        let image = self
            .images
            .remove(&eviction.image)
            .expect("evicted image is cached");
        assert!(!image.pinned, "evicted a pinned image");
        assert_eq!(image.key, eviction.key);
        self.by_key.remove(&image.key);
        let live = self.live_on(&image.key);
        match eviction.action {
            EvictAction::Release => assert!(!image.unstored, "GPU texels dropped silently"),
            EvictAction::WriteBackThenRelease => assert!(image.unstored && image.storable),
            EvictAction::ReleaseLosing(cause) => {
                assert!(image.unstored);
                match cause {
                    LossCause::NotStorable => assert!(!image.storable && live == 0),
                    LossCause::KeptPastCap | LossCause::KeptPastBudget => {
                        assert!(config.keep_cap_b() > 0 && self.keepable(&image));
                    }
                }
                self.lost.push(image.key);
            }
        }
    }
}

fn run(config: CacheConfig, ops: &[Op]) {
    let mut harness = Harness::new(config);
    let mut model = Model::default();
    let slots = slots();
    let mut next_texture = 1u32;
    for op in ops {
        match *op {
            Op::Make { slot, storable } => {
                harness.make(next_texture, slots[slot], storable);
                model.live.push((next_texture, slots[slot], storable));
                next_texture += 1;
            }
            Op::Finalize { pick } if !model.live.is_empty() => {
                let (raw, _, _) = model.live.remove(pick % model.live.len());
                harness.finalize(raw);
            }
            Op::Sample { pick } | Op::Draw { pick } if !model.live.is_empty() => {
                let (raw, key, storable) = model.live[pick % model.live.len()];
                let use_ = if matches!(op, Op::Draw { .. }) {
                    Use::Write
                } else {
                    Use::Sample
                };
                let kept: Vec<HostImageId> = harness
                    .cache
                    .images()
                    .iter()
                    .filter(|cached| cached.kept)
                    .map(|cached| cached.image)
                    .collect();
                let resolution = harness
                    .cache
                    .resolve(texture(raw), use_, &harness.cpu)
                    .unwrap();
                model.resolved(key, storable, &kept, &resolution);
                if use_ == Use::Write {
                    harness.cache.gpu_wrote(texture(raw)).unwrap();
                    model.drew(resolution.image, harness.frame);
                }
            }
            Op::Stored { pick } if !model.images.is_empty() => {
                let mut ids: Vec<_> = model.images.keys().copied().collect();
                ids.sort();
                let id = ids[pick % ids.len()];
                let image = model.images.get_mut(&id).unwrap();
                if image.unstored && image.storable {
                    harness.cache.stored(id).unwrap();
                    image.unstored = false;
                }
            }
            Op::CpuWrite { slot, whole } => {
                let key = slots[slot];
                let range_b = if whole {
                    key.range_b()
                } else {
                    key.offset_b..key.offset_b + 256
                };
                harness.cpu.cpu_write(key.pool, range_b.clone());
                let written = ImageKey {
                    offset_b: range_b.start,
                    size_b: range_b.end - range_b.start,
                    ..key
                };
                model.supersede(&written, None);
            }
            Op::Copy { from, to } => {
                let (source, destination) = (slots[from], slots[to]);
                let len_b = source.size_b;
                // Expected to follow: whole storage inside the source, texels only the
                // image holds and still the latest, not in use, keeping on.
                let movers: Vec<HostImageId> = model
                    .images
                    .iter()
                    .filter(|(_, image)| {
                        image.key.pool == source.pool
                            && source.offset_b <= image.key.offset_b
                            && image.key.range_b().end <= source.offset_b + len_b
                            && image.unstored
                            && image.current
                            && !image.pinned
                            && model.live_on(&image.key) == 0
                            && config.keep_cap_b() > 0
                    })
                    .filter(|(_, image)| {
                        // An image in use at the destination stays; so does the mover.
                        let to = ImageKey {
                            offset_b: destination.offset_b + (image.key.offset_b - source.offset_b),
                            ..image.key
                        };
                        model
                            .by_key
                            .get(&to)
                            .is_none_or(|other| !model.images[other].pinned)
                    })
                    .map(|(id, _)| *id)
                    .collect();
                let destination_b = destination.offset_b..destination.offset_b + len_b;
                harness
                    .cpu
                    .cpu_write(destination.pool, destination_b.clone());
                let outcome = harness.cache.storage_copied(
                    source.pool,
                    source.offset_b,
                    destination.pool,
                    destination.offset_b,
                    len_b,
                    &harness.cpu,
                );
                let mut moved: Vec<HostImageId> =
                    outcome.moved.iter().map(|moved| moved.image).collect();
                moved.sort();
                let mut expected = movers.clone();
                expected.sort();
                assert_eq!(moved, expected, "the images that follow the copy");
                let mut carried = Vec::new();
                for id in &movers {
                    let image = model.images.remove(id).unwrap();
                    model.by_key.remove(&image.key);
                    carried.push((*id, image));
                }
                let written = ImageKey {
                    offset_b: destination.offset_b,
                    size_b: len_b,
                    ..destination
                };
                model.supersede(&written, None);
                for eviction in &outcome.evictions {
                    assert_eq!(eviction.action, EvictAction::Release);
                    model.evicted(eviction, &config);
                }
                for (id, mut image) in carried {
                    let to = outcome
                        .moved
                        .iter()
                        .find(|moved| moved.image == id)
                        .unwrap()
                        .to;
                    assert_eq!(
                        to.offset_b - destination.offset_b,
                        image.key.offset_b - source.offset_b
                    );
                    image.key = to;
                    assert!(!model.by_key.contains_key(&to), "replaced, not shared");
                    model.by_key.insert(to, id);
                    model.images.insert(id, image);
                }
            }
            Op::EndSubmission => {
                let evictions = harness.end_submission();
                for image in model.images.values_mut() {
                    image.pinned = false;
                }
                for eviction in &evictions {
                    model.evicted(eviction, &config);
                }
                check_after_eviction(&harness, &model, &config);
            }
            Op::NextFrame => harness.next_frame(),
            _ => {}
        }
        let counters = harness.cache.counters();
        let model_b: u64 = model.images.values().map(|image| image.key.size_b).sum();
        assert_eq!(counters.in_use_b, model_b);
        assert_eq!(counters.images, model.images.len() as u64);
        assert!(counters.kept_b <= config.keep_cap_b());
    }
}

fn check_after_eviction(harness: &Harness, model: &Model, config: &CacheConfig) {
    let counters = harness.cache.counters();
    if counters.in_use_b > config.budget_b {
        for image in model.images.values() {
            let held = image.unstored && !image.storable && model.live_on(&image.key) > 0;
            assert!(held, "over budget with an evictable image left: {image:?}");
        }
    }
    assert!(counters.kept_b <= config.keep_cap_b());
    let mut kept_b = 0;
    for cached in harness.cache.images().iter().filter(|cached| cached.kept) {
        kept_b += cached.key.size_b;
        assert!(
            model.keepable(&model.images[&cached.image]),
            "kept against the rule"
        );
    }
    assert_eq!(kept_b, counters.kept_b);
}

fn config() -> impl Strategy<Value = CacheConfig> {
    let tile_b = tile_key(1, 0).size_b;
    (
        prop_oneof![
            Just(MIB_B / 2),
            Just(MIB_B),
            Just(2 * MIB_B),
            Just(6 * MIB_B),
            Just(64 * MIB_B)
        ],
        prop_oneof![Just(0), Just(tile_b), Just(3 * tile_b), Just(512 * MIB_B)],
    )
        .prop_map(|(budget_b, keep_finalized_b)| CacheConfig {
            budget_b,
            keep_finalized_b,
            watch_dim: None,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_sequences_follow_the_model(
        config in config(),
        ops in proptest::collection::vec(op(), 1..300),
    ) {
        run(config, &ops);
    }
}

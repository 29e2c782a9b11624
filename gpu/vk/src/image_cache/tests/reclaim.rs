//! Render-target reclaim by overwrite: which images die, which never do, and the switch.

use memory::Format;

use super::super::{NoReclaim, Texels};
use super::{config, key_2d, texture, Harness};

const BUDGET_B: u64 = 1 << 30;

/// Three RGBA8 targets in pool 1: A (64x64, 16 KiB) at 0, B (128x64, 32 KiB) at 0 and
/// C (64x64) at 8 KiB, so B covers A and C whole, and A covers half of C.
fn harness(on: bool) -> Harness {
    let mut harness = Harness::new(config(BUDGET_B, 0));
    harness.cache.set_rt_reclaim(on);
    let target = |offset_b| key_2d(1, offset_b, Format::Rgba8, 64, 64, 1);
    harness.make(1, target(0), true);
    harness.make(2, key_2d(1, 0, Format::Rgba8, 128, 64, 1), true);
    harness.make(3, target(8 << 10), true);
    harness
}

impl Harness {
    /// A pass that cleared the whole attachment.
    fn clear_pass(&mut self, raw: u32) {
        self.draw(raw);
        self.cache.covered_whole(texture(raw)).unwrap();
    }

    /// The submission is recorded; returns the images reclaimed.
    fn end_reclaiming(&mut self) -> Vec<super::super::HostImageId> {
        self.end_submission();
        let reclaimed = self.cache.reclaim_dead();
        assert!(reclaimed.iter().all(|eviction| eviction.reclaimed));
        reclaimed.iter().map(|eviction| eviction.image).collect()
    }
}

#[test]
fn an_image_covered_whole_by_others_full_passes_is_reclaimed() {
    let mut harness = harness(true);
    let a = harness.draw(1).image;
    assert!(harness.end_reclaiming().is_empty());
    harness.clear_pass(2);
    assert_eq!(harness.end_reclaiming(), vec![a]);
    let counters = harness.cache.counters();
    assert_eq!((counters.reclaimed, counters.reclaimed_b), (1, 16 << 10));
    // A is used again: a new image, filled from storage as any new one.
    let again = harness.draw(1);
    assert_ne!(again.image, a);
    assert!(again.created);
}

#[test]
fn coverage_adds_up_over_several_passes_and_a_partial_cover_is_not_death() {
    let mut harness = harness(true);
    let c = harness.draw(3).image;
    harness.end_reclaiming();
    // A's pass covers C's first half only.
    harness.clear_pass(1);
    assert!(harness.end_reclaiming().is_empty());
    assert_eq!(
        harness
            .cache
            .image(&harness.cache.texture_key(texture(3)).unwrap())
            .map(|i| i.image),
        Some(c)
    );
    // A pass that did not clear its whole attachment covers nothing.
    harness.draw(2);
    assert!(harness.end_reclaiming().is_empty());
}

#[test]
fn its_own_write_starts_the_coverage_again() {
    let mut harness = harness(true);
    harness.draw(3);
    harness.end_reclaiming();
    harness.clear_pass(1);
    harness.end_reclaiming();
    // C draws again: what A covered is its past.
    let c = harness.draw(3).image;
    harness.end_reclaiming();
    harness.clear_pass(1);
    assert!(harness.end_reclaiming().is_empty());
    let key = harness.cache.texture_key(texture(3)).unwrap();
    assert_eq!(harness.cache.image(&key).map(|image| image.image), Some(c));
}

#[test]
fn a_read_before_the_next_write_rules_the_image_out() {
    let mut harness = harness(true);
    let c = harness.draw(3).image;
    harness.end_reclaiming();
    harness.clear_pass(1);
    harness.end_reclaiming();
    harness.sample(3);
    harness.end_reclaiming();
    assert_eq!(
        harness.cache.reclaim_excluded(c),
        Some(NoReclaim::ReadBeforeWrite)
    );
    // B covers C whole (and A, which goes).
    harness.clear_pass(2);
    assert!(!harness.end_reclaiming().contains(&c));
}

#[test]
fn an_image_filled_from_storage_is_never_reclaimed() {
    let mut harness = harness(true);
    let a = harness.sample(1).image;
    harness.end_reclaiming();
    assert_eq!(
        harness.cache.reclaim_excluded(a),
        Some(NoReclaim::FilledFromStorage)
    );
    harness.clear_pass(2);
    assert!(harness.end_reclaiming().is_empty());
}

#[test]
fn excluded_textures_and_pool_copies_are_never_reclaimed() {
    for why in [
        NoReclaim::StorageImage,
        NoReclaim::CopyDestination,
        NoReclaim::ClearDestination,
    ] {
        let mut harness = harness(true);
        let a = harness.draw(1).image;
        harness.cache.exclude_from_reclaim(texture(1), why).unwrap();
        harness.end_reclaiming();
        harness.clear_pass(2);
        assert!(harness.end_reclaiming().is_empty(), "{why:?}");
        assert_eq!(harness.cache.reclaim_excluded(a), Some(why));
    }
    let mut harness = harness(true);
    let a = harness.draw(1).image;
    harness.end_reclaiming();
    harness.cache.storage_copied(
        super::pool(1),
        1 << 20,
        super::pool(1),
        4 << 10,
        64,
        &harness.cpu,
    );
    harness.clear_pass(2);
    assert!(harness.end_reclaiming().is_empty());
    assert_eq!(
        harness.cache.reclaim_excluded(a),
        Some(NoReclaim::PoolCopyOverlap)
    );
}

#[test]
fn layered_or_mipmapped_writers_cover_nothing() {
    let mut harness = Harness::new(config(BUDGET_B, 0));
    harness.cache.set_rt_reclaim(true);
    harness.make(1, key_2d(1, 0, Format::Rgba8, 64, 64, 1), true);
    harness.make(2, key_2d(1, 0, Format::Rgba8, 64, 64, 7), true);
    harness.draw(1);
    harness.end_reclaiming();
    harness.clear_pass(2);
    assert!(harness.end_reclaiming().is_empty());
}

#[test]
fn with_the_switch_off_nothing_is_reclaimed() {
    let mut harness = harness(false);
    let a = harness.draw(1).image;
    harness.end_reclaiming();
    harness.clear_pass(2);
    assert!(harness.end_reclaiming().is_empty());
    let key = harness.cache.texture_key(texture(1)).unwrap();
    let cached = harness.cache.image(&key).unwrap();
    assert_eq!(cached.image, a);
    // Drawn over, so stale as ever: a use refills it.
    assert!(matches!(cached.texels, Texels::Stale(_)));
    assert_eq!(harness.cache.counters().reclaimed, 0);
}

/// The budget holds two 256x256 RGBA8 images; the free list's parked images count in it.
#[test]
fn parked_images_count_against_the_budget_and_go_before_cached_ones() {
    let size_b = super::other_key(2, 0).size_b;
    let mut harness = Harness::new(config(2 * size_b, 0));
    harness.parked.parked_b.extend([size_b / 4, size_b / 2]);
    // One cached image and 3/4 of one parked: within the budget, nothing goes.
    harness.pressure(1, 1);
    assert!(harness.parked.released_b.is_empty());
    // A second cached image: over by 3/4 of one. The parked images go, longest parked
    // first, and no cached image does.
    harness.pressure(2, 1);
    assert_eq!(harness.parked.released_b, vec![size_b / 4, size_b / 2]);
    assert!(harness.evictions.is_empty(), "{:?}", harness.evictions);
    assert_eq!(harness.cache.counters().images, 2);
}

#[test]
fn budget_pressure_releases_only_the_parked_images_it_needs() {
    let size_b = super::other_key(2, 0).size_b;
    let mut harness = Harness::new(config(2 * size_b, 0));
    harness.pressure(1, 1);
    harness
        .parked
        .parked_b
        .extend([size_b / 2, size_b / 2, size_b / 2]);
    // 1 cached + 1.5 parked: half an image over; the first parked image is enough.
    harness.end_submission();
    assert_eq!(harness.parked.released_b, vec![size_b / 2]);
    assert_eq!(harness.parked.parked_b.len(), 2);
    assert!(harness.evictions.is_empty());
}

#[test]
fn past_the_parked_images_the_least_recently_used_cached_image_goes() {
    let size_b = super::other_key(2, 0).size_b;
    let mut harness = Harness::new(config(2 * size_b, 0));
    harness.parked.parked_b.push_back(size_b / 2);
    harness.pressure(1, 3);
    // The third image: over by one and a half; the parked half goes, then image 1.
    assert_eq!(harness.parked.released_b, vec![size_b / 2]);
    let evicted: Vec<_> = harness.evictions.iter().map(|e| e.texture).collect();
    assert_eq!(evicted, vec![texture(1)]);
    assert_eq!(harness.cache.counters().in_use_b, 2 * size_b);
}

//! Seed 001: a tile drawn once, finalized, pressed out of the budget by other textures,
//! then made again over the same storage and sampled without drawing.

use super::{tile_key, Harness};
use crate::image_cache::{
    Action, CacheConfig, EvictAction, FillReason, HostImageId, LossCause, Resolution, Texels, MIB_B,
};

const TILE_OFFSET_B: u64 = 0x11_6897_3000;

/// Draws the tile as texture 1 in frame 1 (every level: one pass a level), finalizes it
/// in frame 2, then presses it with 40 other textures under a 4 MiB budget.
fn drawn_finalized_pressed(config: CacheConfig, storable: bool) -> (Harness, HostImageId) {
    let mut harness = Harness::new(config);
    harness.next_frame();
    harness.make(1, tile_key(1, TILE_OFFSET_B), storable);
    let first = harness.draw(1);
    assert!(first.created);
    for _level in 1..9 {
        assert_eq!(harness.draw(1).image, first.image);
    }
    harness.end_submission();
    harness.next_frame();
    harness.finalize(1);
    harness.pressure(100, 40);
    (harness, first.image)
}

#[test]
fn kept_tile_is_reused_not_uploaded() {
    let (mut harness, tile) = drawn_finalized_pressed(super::config(4 * MIB_B, 512 * MIB_B), false);
    assert!(harness.evictions.len() > 20, "the pressure evicted others");
    assert_eq!(harness.evictions_of(tile), vec![]);
    let cached = harness.cache.image(&tile_key(1, TILE_OFFSET_B)).unwrap();
    assert!(cached.kept);
    assert_eq!(cached.texels, Texels::HostOnly);
    assert_eq!(harness.cache.counters().kept, 1);

    harness.next_frame();
    harness.make(2, tile_key(1, TILE_OFFSET_B), false);
    assert!(
        !harness
            .cache
            .image(&tile_key(1, TILE_OFFSET_B))
            .unwrap()
            .kept
    );
    assert_eq!(
        harness.sample(2),
        Resolution {
            image: tile,
            created: false,
            action: Action::Reuse
        }
    );
    assert_eq!(harness.cache.counters().kept, 0);
}

#[test]
fn keep_cap_zero_reports_the_loss() {
    let (mut harness, tile) = drawn_finalized_pressed(super::config(4 * MIB_B, 0), false);
    let evicted = harness.evictions_of(tile);
    assert_eq!(evicted.len(), 1);
    assert_eq!(
        evicted[0].action,
        EvictAction::ReleaseLosing(LossCause::NotStorable)
    );
    assert_eq!(harness.cache.counters().texels_lost, 1);

    harness.next_frame();
    harness.make(2, tile_key(1, TILE_OFFSET_B), false);
    let resolution = harness.sample(2);
    assert!(resolution.created);
    assert_ne!(resolution.image, tile);
    assert_eq!(
        resolution.action,
        Action::Fill {
            reason: FillReason::GpuTexelsLost {
                image: tile,
                drawn_frame: 1
            },
            write_back_first: vec![]
        }
    );
}

#[test]
fn keep_cap_zero_with_write_back_stores_before_release() {
    let (mut harness, tile) = drawn_finalized_pressed(super::config(4 * MIB_B, 0), true);
    let evicted = harness.evictions_of(tile);
    assert_eq!(evicted.len(), 1);
    assert_eq!(evicted[0].action, EvictAction::WriteBackThenRelease);

    harness.next_frame();
    harness.make(2, tile_key(1, TILE_OFFSET_B), true);
    let resolution = harness.sample(2);
    assert_eq!(
        resolution.action,
        Action::Fill {
            reason: FillReason::NoImage,
            write_back_first: vec![]
        }
    );
}

#[test]
fn eagerly_stored_tile_is_released_without_loss() {
    let mut harness = Harness::new(super::config(4 * MIB_B, 0));
    harness.next_frame();
    harness.make(1, tile_key(1, TILE_OFFSET_B), true);
    let tile = harness.draw(1).image;
    harness.cache.stored(tile).unwrap();
    harness.end_submission();
    harness.finalize(1);
    harness.pressure(100, 40);
    let evicted = harness.evictions_of(tile);
    assert_eq!(evicted.len(), 1);
    assert_eq!(evicted[0].action, EvictAction::Release);
}

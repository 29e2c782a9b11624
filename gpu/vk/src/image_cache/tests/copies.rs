//! Images that follow a CPU copy of their storage (a game's defragmentation).

use super::{tile_key, Harness};
use crate::image_cache::{Action, EvictAction, FillReason, Texels, MIB_B};

const FROM_B: u64 = MIB_B;
const TO_B: u64 = 4 * MIB_B;

/// Draws tile 1 at `FROM_B` of pool 1 once and finalizes it.
fn drawn_tile(harness: &mut Harness, storable: bool) -> crate::image_cache::HostImageId {
    harness.next_frame();
    harness.make(1, tile_key(1, FROM_B), storable);
    let image = harness.draw(1).image;
    harness.finalize(1);
    harness.end_submission();
    image
}

/// The CPU copies the tile's storage from `FROM_B` to `TO_B` (pool 1).
fn copy_tile(harness: &mut Harness) -> crate::image_cache::CopyOutcome {
    let size_b = tile_key(1, 0).size_b;
    harness.cpu.cpu_write(super::pool(1), TO_B..TO_B + size_b);
    harness.cache.storage_copied(
        super::pool(1),
        FROM_B,
        super::pool(1),
        TO_B,
        size_b,
        &harness.cpu,
    )
}

#[test]
fn an_image_whose_texels_only_it_holds_follows_the_copy() {
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    let image = drawn_tile(&mut harness, false);
    let outcome = copy_tile(&mut harness);
    assert_eq!(outcome.moved.len(), 1);
    assert_eq!(outcome.moved[0].to, tile_key(1, TO_B));
    assert!(harness.cache.image(&tile_key(1, FROM_B)).is_none());
    harness.make(2, tile_key(1, TO_B), false);
    let resolution = harness.sample(2);
    assert_eq!(resolution.image, image);
    assert_eq!(resolution.action, Action::Reuse);
    assert_eq!(harness.cache.counters().moved, 1);
}

#[test]
fn a_cpu_write_after_the_copy_makes_the_moved_image_stale() {
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    drawn_tile(&mut harness, false);
    copy_tile(&mut harness);
    harness.cpu.cpu_write(super::pool(1), TO_B..TO_B + 16);
    harness.make(2, tile_key(1, TO_B), false);
    assert!(matches!(
        harness.sample(2).action,
        Action::Fill {
            reason: FillReason::CpuWritten,
            ..
        }
    ));
}

#[test]
fn what_storage_holds_or_a_live_texture_uses_stays() {
    // Stored texels: the copy moved them already.
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    let image = drawn_tile(&mut harness, true);
    harness.cache.stored(image).unwrap();
    assert!(copy_tile(&mut harness).moved.is_empty());

    // A live texture still uses the source.
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    harness.make(1, tile_key(1, FROM_B), false);
    harness.draw(1);
    harness.end_submission();
    assert!(copy_tile(&mut harness).moved.is_empty());

    // A copy of part of the image's storage.
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    drawn_tile(&mut harness, false);
    let outcome = harness.cache.storage_copied(
        super::pool(1),
        FROM_B,
        super::pool(1),
        TO_B,
        4096,
        &harness.cpu,
    );
    assert!(outcome.moved.is_empty());
}

#[test]
fn with_keeping_off_nothing_follows() {
    let mut harness = Harness::new(super::config(64 * MIB_B, 0));
    drawn_tile(&mut harness, false);
    assert!(copy_tile(&mut harness).moved.is_empty());
    harness.make(2, tile_key(1, TO_B), false);
    assert!(harness.sample(2).uploads());
}

#[test]
fn a_moved_image_replaces_the_one_at_the_destination() {
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    harness.make(9, tile_key(1, TO_B), false);
    let old = harness.sample(9).image;
    harness.finalize(9);
    harness.end_submission();
    let moved = drawn_tile(&mut harness, false);
    let outcome = copy_tile(&mut harness);
    assert_eq!(outcome.evictions.len(), 1);
    assert_eq!(outcome.evictions[0].image, old);
    assert_eq!(outcome.evictions[0].action, EvictAction::Release);
    let cached = harness.cache.image(&tile_key(1, TO_B)).unwrap();
    assert_eq!(cached.image, moved);
    assert_eq!(cached.texels, Texels::HostOnly);
}

/// Tiles packed back to back share 4 KiB pages: a write of one (told exactly) leaves its
/// neighbour current, where the page stamps alone would call it written.
#[test]
fn a_write_of_a_packed_neighbour_leaves_an_image_current() {
    let size_b = tile_key(1, 0).size_b;
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    harness.make(1, tile_key(1, 0), false);
    harness.make(2, tile_key(1, size_b), false);
    harness.draw(1);
    harness.draw(2);
    harness.end_submission();
    harness.cpu.cpu_write(super::pool(1), size_b..2 * size_b);
    harness
        .cache
        .cpu_wrote(super::pool(1), size_b..2 * size_b, &harness.cpu);
    assert_eq!(harness.sample(1).action, Action::Reuse);
    assert!(harness.sample(2).uploads());
}

/// A defragmentation moving packed tiles one after another to packed places: every
/// tile follows its copy and stays current through the copies after it.
#[test]
fn packed_tiles_moved_one_after_another_all_follow() {
    let size_b = tile_key(1, 0).size_b;
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    let mut images = Vec::new();
    for index in 0..4u32 {
        harness.make(index + 1, tile_key(1, u64::from(index) * size_b), false);
        images.push(harness.draw(index + 1).image);
        harness.finalize(index + 1);
    }
    harness.end_submission();
    let to_b = |index: u64| 8 * MIB_B + index * size_b;
    for index in 0..4u64 {
        harness
            .cpu
            .cpu_write(super::pool(1), to_b(index)..to_b(index) + size_b);
        let outcome = harness.cache.storage_copied(
            super::pool(1),
            index * size_b,
            super::pool(1),
            to_b(index),
            size_b,
            &harness.cpu,
        );
        assert_eq!(outcome.moved.len(), 1);
    }
    for index in 0..4u32 {
        harness.make(10 + index, tile_key(1, to_b(u64::from(index))), false);
        let resolution = harness.sample(10 + index);
        assert_eq!(resolution.image, images[index as usize]);
        assert_eq!(resolution.action, Action::Reuse, "tile {index}");
    }
}

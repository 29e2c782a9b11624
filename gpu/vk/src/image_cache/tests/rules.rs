//! The cache's rules one at a time: cap, invalidation, drawing over, order, pins,
//! what is never evicted, and the errors.

use super::{key_2d, other_key, texture, tile_key, Harness};
use crate::image_cache::{
    Action, CacheConfig, CacheError, EvictAction, FillReason, LossCause, StaleCause, Texels, Use,
    MIB_B,
};
use memory::Format;

/// Draws tile `raw` at offset `raw` MiB of pool 1 in its own frame and finalizes it.
fn draw_tile_once(harness: &mut Harness, raw: u32) -> crate::image_cache::HostImageId {
    harness.next_frame();
    harness.make(raw, tile_key(1, u64::from(raw) << 20), false);
    let image = harness.draw(raw).image;
    harness.finalize(raw);
    harness.end_submission();
    image
}

#[test]
fn kept_bytes_never_pass_the_cap() {
    let tile_b = tile_key(1, 0).size_b;
    let cap_b = 3 * tile_b;
    let mut harness = Harness::new(super::config(4 * MIB_B, cap_b));
    let tiles: Vec<_> = (1..=6)
        .map(|raw| draw_tile_once(&mut harness, raw))
        .collect();
    for index in 0..40 {
        harness.pressure(100 + index, 1);
        assert!(harness.cache.counters().kept_b <= cap_b);
    }
    // The three drawn first went, least recently used first; the last three are kept.
    let lost: Vec<_> = harness
        .evictions
        .iter()
        .filter(|eviction| eviction.action == EvictAction::ReleaseLosing(LossCause::KeptPastCap))
        .map(|eviction| eviction.image)
        .collect();
    assert_eq!(lost, tiles[..3].to_vec());
    for raw in 4..=6 {
        assert!(harness.cache.image(&tile_key(1, raw << 20)).unwrap().kept);
    }
    assert_eq!(harness.cache.counters().kept_b, cap_b);
}

#[test]
fn keep_cap_counts_within_the_budget() {
    let config = CacheConfig {
        budget_b: 8 * MIB_B,
        keep_finalized_b: 512 * MIB_B,
        watch_dim: None,
    };
    assert_eq!(config.keep_cap_b(), 8 * MIB_B);
}

#[test]
fn cpu_write_invalidates_a_kept_image() {
    let mut harness = Harness::new(super::config(2 * MIB_B, 512 * MIB_B));
    let tile = draw_tile_once(&mut harness, 1);
    harness.pressure(100, 20);
    assert!(harness.cache.image(&tile_key(1, 1 << 20)).unwrap().kept);

    harness
        .cpu
        .cpu_write(super::pool(1), (1 << 20) + 64..(1 << 20) + 128);
    harness.end_submission();
    let cached = harness.cache.image(&tile_key(1, 1 << 20)).unwrap();
    assert!(!cached.kept);
    assert_eq!(cached.texels, Texels::Stale(StaleCause::CpuWritten));
    assert_eq!(harness.cache.counters().kept_invalidated, 1);

    harness.make(2, tile_key(1, 1 << 20), false);
    let resolution = harness.sample(2);
    assert_eq!(resolution.image, tile);
    assert_eq!(
        resolution.action,
        Action::Fill {
            reason: FillReason::CpuWritten,
            write_back_first: vec![]
        }
    );
}

#[test]
fn drawing_over_a_kept_image_ends_it() {
    let mut harness = Harness::new(super::config(2 * MIB_B, 512 * MIB_B));
    let tile = draw_tile_once(&mut harness, 1);
    harness.pressure(100, 20);
    assert!(harness.cache.image(&tile_key(1, 1 << 20)).unwrap().kept);

    harness.next_frame();
    harness.make(
        50,
        key_2d(1, (1 << 20) + 0x1000, Format::Rgba8, 64, 64, 1),
        false,
    );
    harness.draw(50);
    let cached = harness.cache.image(&tile_key(1, 1 << 20)).unwrap();
    assert!(!cached.kept);
    assert_eq!(cached.texels, Texels::Stale(StaleCause::DrawnOver));

    // Storage moved on: the tile's image goes with nothing to save.
    harness.finalize(50);
    harness.pressure(200, 20);
    let evicted = harness.evictions_of(tile);
    assert_eq!(evicted.len(), 1);
    assert_eq!(evicted[0].action, EvictAction::Release);
}

#[test]
fn made_again_over_drawn_over_storage_is_filled() {
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    draw_tile_once(&mut harness, 1);
    // Drawn over by a storable image: it is written back before the tile is filled.
    harness.make(50, key_2d(1, 1 << 20, Format::Rgba8, 64, 64, 1), true);
    let over = harness.draw(50).image;
    harness.make(2, tile_key(1, 1 << 20), false);
    assert_eq!(
        harness.sample(2).action,
        Action::Fill {
            reason: FillReason::DrawnOver,
            write_back_first: vec![over]
        }
    );
    // Drawn over by one that cannot be stored: the fill misses its texels, and says so.
    harness.next_frame();
    harness.make(51, key_2d(1, 1 << 20, Format::Rgba8, 64, 64, 1), false);
    harness.finalize(50);
    let unstorable = harness.draw(51).image;
    harness.finalize(2);
    harness.make(3, tile_key(1, 1 << 20), false);
    assert_eq!(
        harness.sample(3).action,
        Action::Fill {
            reason: FillReason::GpuTexelsLost {
                image: unstorable,
                drawn_frame: harness.frame
            },
            write_back_first: vec![]
        }
    );
}

#[test]
fn least_recently_used_goes_first() {
    let size_b = other_key(2, 0).size_b;
    let mut harness = Harness::new(super::config(3 * size_b, 0));
    harness.next_frame();
    for raw in 1..=3 {
        harness.make(raw, other_key(2, u64::from(raw) << 20), false);
        harness.sample(raw);
    }
    harness.sample(1);
    assert_eq!(harness.end_submission(), vec![]);
    harness.make(4, other_key(2, 4 << 20), false);
    harness.sample(4);
    let first = harness.end_submission();
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].texture, texture(2));
    harness.make(5, other_key(2, 5 << 20), false);
    harness.sample(5);
    let second = harness.end_submission();
    assert_eq!(second[0].texture, texture(3));
    assert!(second.iter().all(|e| e.action == EvictAction::Release));
}

#[test]
fn pinned_images_stay_until_the_submission_is_recorded() {
    let size_b = other_key(2, 0).size_b;
    let mut harness = Harness::new(super::config(size_b, 0));
    harness.make(1, other_key(2, 0), false);
    harness.make(2, other_key(2, 1 << 20), false);
    harness.sample(1);
    harness.sample(2);
    assert_eq!(
        harness.cache.evict(&harness.cpu, &mut harness.parked),
        vec![]
    );
    assert_eq!(harness.cache.counters().in_use_b, 2 * size_b);
    let evicted = harness.end_submission();
    assert_eq!(evicted.len(), 1);
    assert_eq!(evicted[0].texture, texture(1));
}

#[test]
fn live_unstorable_gpu_texels_are_never_evicted() {
    let size_b = other_key(2, 0).size_b;
    let mut harness = Harness::new(super::config(size_b, 512 * MIB_B));
    harness.next_frame();
    harness.make(1, other_key(2, 0), false);
    let drawn = harness.draw(1).image;
    harness.end_submission();
    harness.pressure(100, 5);
    assert_eq!(harness.evictions_of(drawn), vec![]);
    assert_eq!(
        harness.cache.image(&other_key(2, 0)).unwrap().texels,
        Texels::HostOnly
    );
}

#[test]
fn live_storable_gpu_texels_are_written_back() {
    let size_b = other_key(2, 0).size_b;
    let mut harness = Harness::new(super::config(size_b, 512 * MIB_B));
    harness.next_frame();
    harness.make(1, other_key(2, 0), true);
    let drawn = harness.draw(1).image;
    harness.end_submission();
    harness.pressure(100, 1);
    let evicted = harness.evictions_of(drawn);
    assert_eq!(evicted[0].action, EvictAction::WriteBackThenRelease);
    assert_eq!(harness.cache.counters().write_backs_asked, 1);
}

#[test]
fn drawn_in_two_frames_is_not_kept() {
    let mut harness = Harness::new(super::config(2 * MIB_B, 512 * MIB_B));
    harness.next_frame();
    harness.make(1, tile_key(1, 0), false);
    let tile = harness.draw(1).image;
    harness.end_submission();
    harness.next_frame();
    harness.draw(1);
    harness.end_submission();
    harness.finalize(1);
    harness.pressure(100, 20);
    let evicted = harness.evictions_of(tile);
    assert_eq!(
        evicted[0].action,
        EvictAction::ReleaseLosing(LossCause::NotStorable)
    );
}

#[test]
fn larger_than_four_mib_is_not_kept() {
    let big = key_2d(1, 0, Format::Rgba8, 2048, 2048, 1);
    let mut harness = Harness::new(super::config(big.size_b + MIB_B, 512 * MIB_B));
    harness.next_frame();
    harness.make(1, big, false);
    let image = harness.draw(1).image;
    harness.finalize(1);
    harness.end_submission();
    harness.pressure(100, 8);
    assert_eq!(
        harness.evictions_of(image)[0].action,
        EvictAction::ReleaseLosing(LossCause::NotStorable)
    );
}

#[test]
fn stored_image_is_reused() {
    let mut harness = Harness::new(super::config(64 * MIB_B, 0));
    harness.make(1, other_key(2, 0), true);
    let image = harness.draw(1).image;
    harness.cache.stored(image).unwrap();
    harness.end_submission();
    let resolution = harness.sample(1);
    assert_eq!(
        (resolution.image, resolution.action),
        (image, Action::Reuse)
    );
    assert_eq!(harness.cache.counters().reuses, 1);
}

#[test]
fn alias_over_drawn_storage_asks_the_write_back_first() {
    let mut harness = Harness::new(super::config(64 * MIB_B, 0));
    harness.make(1, other_key(2, 0), true);
    let drawn = harness.draw(1).image;
    harness.end_submission();
    harness.make(2, key_2d(2, 0, Format::Rg16, 256, 256, 1), true);
    assert_eq!(
        harness.sample(2).action,
        Action::Fill {
            reason: FillReason::NoImage,
            write_back_first: vec![drawn]
        }
    );
    assert_eq!(
        harness.cache.image(&other_key(2, 0)).unwrap().texels,
        Texels::Stored
    );
}

#[test]
fn finalized_pool_releases_its_images() {
    let mut harness = Harness::new(super::config(64 * MIB_B, 512 * MIB_B));
    harness.make(1, other_key(2, 0), false);
    harness.make(2, other_key(3, 0), false);
    harness.sample(1);
    harness.sample(2);
    harness.end_submission();
    let released = harness.cache.pool_finalized(super::pool(2));
    assert_eq!(released.len(), 1);
    assert_eq!(released[0].action, EvictAction::Release);
    assert_eq!(harness.cache.counters().images, 1);
}

#[test]
fn misuse_is_an_error() {
    let mut harness = Harness::new(super::config(64 * MIB_B, 0));
    assert_eq!(
        harness.cache.resolve(texture(9), Use::Sample, &harness.cpu),
        Err(CacheError::UnknownTexture(texture(9)))
    );
    harness.make(1, other_key(2, 0), false);
    assert_eq!(
        harness
            .cache
            .texture_made(texture(1), other_key(2, 0), false),
        Err(CacheError::TextureExists(texture(1)))
    );
    assert_eq!(
        harness.cache.gpu_wrote(texture(1)),
        Err(CacheError::NotResolved(texture(1)))
    );
}

#[test]
fn drawing_over_lost_storage_ends_the_loss() {
    let mut harness = Harness::new(super::config(2 * MIB_B, 0));
    let tile = draw_tile_once(&mut harness, 1);
    harness.pressure(100, 20);
    assert_eq!(
        harness.evictions_of(tile)[0].action,
        EvictAction::ReleaseLosing(LossCause::NotStorable)
    );
    // Another image over that storage is filled from it (told of the loss, once), draws
    // there, and its texels are stored: storage holds the latest.
    harness.next_frame();
    harness.make(50, key_2d(1, 1 << 20, Format::Rgba8, 64, 64, 1), true);
    let filled = harness.draw(50);
    assert!(matches!(
        filled.action,
        Action::Fill {
            reason: FillReason::GpuTexelsLost { .. },
            ..
        }
    ));
    let over = filled.image;
    harness.cache.stored(over).unwrap();
    harness.make(2, tile_key(1, 1 << 20), false);
    assert_eq!(
        harness.sample(2).action,
        Action::Fill {
            reason: FillReason::NoImage,
            write_back_first: vec![]
        }
    );
}

/// A 64x64 RGBA8 texture of 4 samples at `offset_b` of pool 3.
fn multisample_key(offset_b: u64) -> crate::image_cache::ImageKey {
    let desc = memory::LayoutDesc {
        kind: memory::TextureKind::D2Multisample,
        samples: 4,
        ..memory::LayoutDesc::new_2d(Format::Rgba8, 64, 64, 1)
    };
    let layout = memory::TextureLayout::new(&desc).expect("a valid multisample layout");
    crate::image_cache::ImageKey::new(super::pool(3), offset_b, &layout)
}

/// Seed 000's rule: storage never holds a multisample texture's drawing, so its image
/// stays under any budget pressure, finalized or live, with keeping off (no keep rule to
/// save it) and keeping on past its cap; once the CPU writes its storage the drawing is
/// worth nothing and it may go.
#[test]
fn multisample_drawing_is_never_evicted_live_or_finalized() {
    for keep_finalized_b in [0, 512 * MIB_B] {
        let mut harness = Harness::new(super::config(MIB_B, keep_finalized_b));
        harness.next_frame();
        harness.make(1, multisample_key(0), false);
        let finalized = harness.draw(1).image;
        harness.finalize(1);
        harness.make(2, multisample_key(1 << 20), false);
        let live = harness.draw(2).image;
        harness.end_submission();
        harness.pressure(100, 12);
        assert!(
            harness.cache.counters().evictions >= 6,
            "the budget evicted"
        );
        for image in [finalized, live] {
            assert_eq!(
                harness.evictions_of(image),
                vec![],
                "keep {keep_finalized_b}"
            );
        }
        assert_eq!(harness.cache.counters().texels_lost, 0);
        // Made again over the same storage: the drawn image, no fill.
        harness.next_frame();
        harness.make(3, multisample_key(0), false);
        let again = harness.sample(3);
        assert_eq!((again.image, again.action), (finalized, Action::Reuse));
        harness.finalize(3);
        harness.end_submission();
        // The CPU rewrote its storage: stale, and the budget takes it.
        harness.cpu.cpu_write(super::pool(3), 0..64);
        harness.pressure(200, 4);
        assert_eq!(harness.evictions_of(finalized).len(), 1);
    }
}

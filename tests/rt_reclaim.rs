//! Render-target reclaim by overwrite (`RX_VK_RT_RECLAIM`) on the real driver (lavapipe
//! in CI), validation and synchronization validation on: a target whose whole storage
//! another texture's full-clear pass overwrote gives its host image to the next texture
//! of its description, whose pixels are its own drawing (the CPU model's pattern); the
//! dead target, used again, reads what storage holds (the clear); what is never
//! reclaimed is not; an idle free-list image is released after 15 frames; with the switch
//! at 0 nothing is reclaimed; parked images count against the image cache's budget
//! (`RX_VK_VRAM_MB`), and its pressure releases them before any cached image.

mod common;
mod storage_rig;

use gpu::command::ClearValue;
use gpu::objects::{TextureBuilder, ViewMaker};
use gpu::state::{ComponentMask, Scissor, StateChange};
use gpu::TextureId;
use memory::Format;
use storage_rig::{pattern_level, Rig};

use crate::common::draw::colour;

const SIZE_PX: u32 = 64;
/// Where the next texture of the dead one's description sits (away from the others).
const OTHER_OFFSET_B: u64 = 4 << 20;

/// A 64x64 RG8 target of one level: the pattern draw's format.
fn target() -> TextureBuilder {
    TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), SIZE_PX, SIZE_PX)
}

/// Twice as wide over the same storage: covers a `target` at its offset whole.
fn wide_target() -> TextureBuilder {
    TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 2 * SIZE_PX, SIZE_PX)
}

fn rig(reclaim: &str) -> Rig {
    Rig::new(&[("RX_VK_RT_RECLAIM", reclaim)], true)
}

/// A pass over all of `texture` that clears it to (1, 0): a load clear of the whole
/// attachment, the one pass that covers.
fn clear_whole(rig: &Rig, texture: TextureId, (width_px, height_px): (u32, u32)) {
    let view = rig.device.create_view(&ViewMaker::whole(texture)).unwrap();
    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(colour(view)).unwrap();
    commands
        .set_state(StateChange::Scissors {
            first: 0,
            scissors: vec![Scissor {
                x_px: 0,
                y_px: 0,
                width_px,
                height_px,
            }],
        })
        .unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([1.0, 0.0, 0.0, 0.0]),
            ComponentMask::ALL,
        )
        .unwrap();
    rig.submit(&commands.finish());
    rig.finish();
}

fn draw(rig: &Rig, texture: TextureId, seed: u32) {
    let mut commands = rig.device.command_buffer();
    rig.draw_pattern(&mut commands, texture, 0, seed, None);
    rig.submit(&commands.finish());
    rig.finish();
}

fn cleared_level() -> Vec<u8> {
    [255u8, 0].repeat((SIZE_PX * SIZE_PX) as usize)
}

/// A drawn at 0, then the wide target's full clear over it: A is dead.
fn draw_then_cover(rig: &Rig) -> TextureId {
    let a = rig.texture(&target(), 0);
    draw(rig, a, 1);
    let wide = rig.texture(&wide_target(), 0);
    clear_whole(rig, wide, (2 * SIZE_PX, SIZE_PX));
    a
}

#[test]
fn a_covered_target_gives_its_image_to_the_next_of_its_description() {
    let rig = rig("1");
    let a = draw_then_cover(&rig);
    let stats = rig.stats();
    assert_eq!(stats.cache.reclaimed, 1, "{stats:?}");
    assert_eq!(stats.free_list.parked, 1, "{stats:?}");
    assert!(stats.free_list.parked_b > 0, "{stats:?}");

    rig.begin_frame();
    let other = rig.texture(&target(), OTHER_OFFSET_B);
    draw(&rig, other, 2);
    let stats = rig.stats();
    assert_eq!(stats.free_list.reuses, 1, "{stats:?}");
    assert_eq!(stats.free_list.parked, 0, "{stats:?}");
    assert!(
        rig.read_level(other, 0) == pattern_level(SIZE_PX, SIZE_PX, 0, 2),
        "the reused image holds the new texture's drawing"
    );
    // The dead target, used again: a new image filled from storage, which holds the
    // clear that overwrote it.
    assert!(rig.read_level(a, 0) == cleared_level());
}

#[test]
fn a_free_image_idle_for_fifteen_frames_is_released() {
    let rig = rig("1");
    draw_then_cover(&rig);
    let parked = rig.stats();
    assert_eq!(parked.free_list.parked, 1, "{parked:?}");
    for _ in 0..14 {
        rig.begin_frame();
    }
    assert_eq!(rig.stats().free_list.released, 0);
    rig.begin_frame();
    // Released after its last use: settle the queue so the image is destroyed.
    draw(&rig, rig.texture(&wide_target(), OTHER_OFFSET_B), 3);
    let stats = rig.stats();
    assert_eq!(stats.free_list.released, 1, "{stats:?}");
    assert_eq!(stats.free_list.parked_b, 0, "{stats:?}");
}

#[test]
fn with_the_switch_off_nothing_is_reclaimed() {
    let rig = rig("0");
    let a = draw_then_cover(&rig);
    rig.begin_frame();
    let other = rig.texture(&target(), OTHER_OFFSET_B);
    draw(&rig, other, 2);
    let stats = rig.stats();
    assert_eq!(stats.cache.reclaimed, 0, "{stats:?}");
    assert_eq!(stats.free_list.reuses, 0, "{stats:?}");
    assert!(rig.read_level(other, 0) == pattern_level(SIZE_PX, SIZE_PX, 0, 2));
    assert!(rig.read_level(a, 0) == cleared_level());
}

/// Never reclaimed: a target filled from storage (read before drawn), and one a partial
/// pass (a scissored draw) covers.
#[test]
fn targets_read_from_storage_or_partly_covered_are_not_reclaimed() {
    let rig = rig("1");
    let a = rig.texture(&target(), 0);
    let _ = rig.read_level(a, 0);
    let wide = rig.texture(&wide_target(), 0);
    clear_whole(&rig, wide, (2 * SIZE_PX, SIZE_PX));
    assert_eq!(rig.stats().cache.reclaimed, 0, "filled from storage");

    let b = rig.texture(&target(), OTHER_OFFSET_B);
    draw(&rig, b, 4);
    let wide_b = rig.texture(&wide_target(), OTHER_OFFSET_B);
    let mut commands = rig.device.command_buffer();
    let half = Scissor {
        x_px: 0,
        y_px: 0,
        width_px: SIZE_PX,
        height_px: SIZE_PX / 2,
    };
    rig.draw_pattern(&mut commands, wide_b, 0, 5, Some(half));
    rig.submit(&commands.finish());
    rig.finish();
    let stats = rig.stats();
    assert_eq!(stats.cache.reclaimed, 0, "a draw covers nothing: {stats:?}");
    assert_eq!(stats.free_list.reuses, 0, "{stats:?}");
}

/// Under budget pressure: a 512x512 target A drawn at 0, then a 1024x512 target's full
/// clear over it (A parked), then a live 512x520 target C drawn elsewhere. The cache holds
/// the wide target and C within `budget_mib`; with A's parked bytes they may pass it.
/// Returns the stats after C's submission, and checks every live target's pixels.
fn pressure_workload(budget_mib: &str) -> gpu_vk::executor::ExecutorStats {
    let rig = Rig::new(
        &[("RX_VK_RT_RECLAIM", "1"), ("RX_VK_VRAM_MB", budget_mib)],
        true,
    );
    let rg8 = Format::from_name("rg8").unwrap();
    let parked = TextureBuilder::new_2d(rg8, 512, 512);
    let wide = TextureBuilder::new_2d(rg8, 1024, 512);
    let live = TextureBuilder::new_2d(rg8, 512, 520);
    let a = rig.texture(&parked, 0);
    draw(&rig, a, 1);
    let wide_texture = rig.texture(&wide, 0);
    clear_whole(&rig, wide_texture, (1024, 512));
    let before = rig.stats();
    assert_eq!(before.free_list.parked, 1, "{before:?}");
    assert_eq!(
        before.free_list.parked_budget_b,
        parked.layout().unwrap().size_b
    );

    let c = rig.texture(&live, OTHER_OFFSET_B);
    draw(&rig, c, 2);
    let stats = rig.stats();
    assert!(
        rig.read_level(c, 0) == pattern_level(512, 520, 0, 2),
        "the live target holds its drawing"
    );
    assert!(
        rig.read_level(wide_texture, 0) == [255u8, 0].repeat(1024 * 512),
        "the wide target holds its clear"
    );
    stats
}

/// The cache's two targets fit in 2 MiB; with the parked one they do not: the parked
/// image is released, and no cached image is evicted.
#[test]
fn budget_pressure_releases_parked_images_before_cached_ones() {
    let size_b = |builder: TextureBuilder| builder.layout().unwrap().size_b;
    let rg8 = Format::from_name("rg8").unwrap();
    let cached_b = size_b(TextureBuilder::new_2d(rg8, 1024, 512))
        + size_b(TextureBuilder::new_2d(rg8, 512, 520));
    let parked_b = size_b(TextureBuilder::new_2d(rg8, 512, 512));
    assert!(
        cached_b <= 2 << 20 && cached_b + parked_b > 2 << 20,
        "the workload's premise: {cached_b} B cached, {parked_b} B parked"
    );
    let stats = pressure_workload("2");
    assert_eq!(stats.free_list.pressure_released, 1, "{stats:?}");
    assert_eq!(stats.free_list.parked, 0, "{stats:?}");
    assert_eq!(stats.free_list.parked_budget_b, 0, "{stats:?}");
    assert_eq!(
        stats.cache.evictions, stats.cache.reclaimed,
        "only the reclaim took images out of the cache: {stats:?}"
    );
    assert_eq!(stats.cache.images, 2, "{stats:?}");
    assert_eq!(stats.cache.texels_lost, 0, "{stats:?}");
}

/// The same with room for all three: the parked image stays parked.
#[test]
fn a_parked_image_within_the_budget_stays_parked() {
    let stats = pressure_workload("3");
    assert_eq!(stats.free_list.pressure_released, 0, "{stats:?}");
    assert_eq!(stats.free_list.parked, 1, "{stats:?}");
    assert_eq!(stats.cache.evictions, stats.cache.reclaimed, "{stats:?}");
}

/// Scene targets made over a ring of slots in one pool (a new texture object a frame, as
/// a game's resolution steps make them), each drawn, then overwritten by a frame-sized
/// target's full clear over the whole ring. Returns host-image bytes at the end.
fn ring_workload(reclaim: &str) -> (u64, u64) {
    const SLOTS: u64 = 16;
    const SCENE_PX: u32 = 128;
    let rig = rig(reclaim);
    let scene = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), SCENE_PX, SCENE_PX);
    let slot_b = scene.layout().unwrap().size_b;
    let frame = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 512, 512);
    assert!(frame.layout().unwrap().size_b >= SLOTS * slot_b);
    let frame_target = rig.texture(&frame, 0);
    let mut last = None;
    for index in 0..SLOTS {
        rig.begin_frame();
        let target = rig.texture(&scene, index * slot_b);
        let mut commands = rig.device.command_buffer();
        rig.draw_pattern(&mut commands, target, 0, 10 + index as u32, None);
        rig.submit(&commands.finish());
        rig.finish();
        if index + 1 < SLOTS {
            clear_whole(&rig, frame_target, (512, 512));
        }
        last = Some((target, index));
    }
    let (target, index) = last.unwrap();
    assert!(
        rig.read_level(target, 0) == pattern_level(SCENE_PX, SCENE_PX, 0, 10 + index as u32),
        "the last scene target (RX_VK_RT_RECLAIM={reclaim}) holds its drawing"
    );
    let stats = rig.stats();
    (stats.image_memory_b, stats.free_list.reuses)
}

/// The figure in BENCHMARKS.md: host-image bytes of the ring workload with and without.
#[test]
fn a_ring_of_targets_over_one_pool_holds_fewer_host_image_bytes() {
    let (without_b, reuses_without) = ring_workload("0");
    let (with_b, reuses_with) = ring_workload("1");
    println!(
        "ring workload host images: without {without_b} B, with {with_b} B, ratio {:.3} \
         ({reuses_with} free-list reuses)",
        with_b as f64 / without_b as f64
    );
    assert_eq!(reuses_without, 0);
    assert!(reuses_with >= 14, "{reuses_with}");
    assert!(with_b < without_b, "{with_b} >= {without_b}");
}

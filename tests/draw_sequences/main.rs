//! Random sequences of draws against a CPU model of their targets: a 16x16 RGBA8 target
//! and an 8x8 BGRA8 one (another format and size, so another pipeline and default
//! viewport). Vertex positions split clip space into an 8x8 grid of cells; each draw
//! covers one cell with its program's colour of the tints bound. Before each draw the
//! sequence may switch program, move uniform and storage offsets (the executor then makes
//! the draw from the one before, sharing its sets), bind another buffer object over the
//! same tints, switch vertex buffers, set viewport, scissor or write mask, clear (masked
//! clears bind their own pipeline and state), end the pass, switch target, go on in a new
//! command list, or copy the targets out (a snapshot). Every pixel of every snapshot must
//! be the model's: a stale offset, set, pipeline, vertex buffer, viewport or scissor
//! shows as a wrong pixel. A failing case prints its seed and steps; set
//! `DRAW_SEQUENCES_SEEDS=1,7` to run only those seeds.
//!
//! One concern a module: `case` (what a seed makes: the values and the steps), `model`
//! (the pixels the CPU expects at each snapshot) and `scene` (the steps recorded and run
//! on the GPU, the snapshots read back); here, the seeds to run and the report of the
//! cases that fail.

#[path = "../common/mod.rs"]
mod common;

mod case;
mod model;
mod scene;

use gpu_vk::executor::ExecutorOptions;

use case::{Case, Step, TARGETS};
use scene::Scene;

const SEEDS: u64 = 16;

/// The pixels of a snapshot (both targets' texels) that differ from the model's, as
/// lines naming target, pixel, expected and found.
fn wrong_pixels(expected: &[Vec<[u8; 4]>; 2], texels: &[u8]) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut rest = texels;
    for target in TARGETS {
        let (ours, later) = rest.split_at(target.bytes() as usize);
        rest = later;
        let pixels = ours.chunks(4).map(|texel| target.rgba(texel));
        for (at, (found, want)) in pixels.zip(&expected[target as usize]).enumerate() {
            if found != *want {
                let (x, y) = (at as i32 % target.size_px(), at as i32 / target.size_px());
                wrong.push(format!(
                    "  {target:?} ({x}, {y}): expected {want:?}, found {found:?}"
                ));
            }
        }
    }
    wrong
}

/// The seeds to run: `DRAW_SEQUENCES_SEEDS` (comma-separated) or the first `SEEDS`.
fn seeds() -> Vec<u64> {
    match std::env::var("DRAW_SEQUENCES_SEEDS") {
        Ok(list) => list
            .split(',')
            .map(|seed| seed.trim().parse().expect("DRAW_SEQUENCES_SEEDS: numbers"))
            .collect(),
        Err(_) => (1..=SEEDS).collect(),
    }
}

/// Runs every seed's case on its own rig with `options`; fails naming each failing case.
fn run_seeds(options: ExecutorOptions, label: &str) {
    let mut failures = Vec::new();
    for seed in seeds() {
        let case = Case::generate(seed);
        let mut scene = Scene::new(options);
        let outcome = scene.run(&case).and_then(|snapshots| {
            let expected = case.expected_snapshots();
            let differing = snapshots
                .iter()
                .zip(&expected)
                .map(|(texels, images)| wrong_pixels(images, texels))
                .enumerate()
                .find(|(_, wrong)| !wrong.is_empty());
            let Some((snapshot, wrong)) = differing else {
                return Ok(());
            };
            let step = case
                .steps
                .iter()
                .enumerate()
                .filter(|(_, step)| **step == Step::Snapshot)
                .nth(snapshot)
                .map_or(0, |(index, _)| index);
            Err(format!(
                "snapshot {snapshot} (step {step}, of {} snapshots; the first to differ): {} \
                 pixel(s) differ:\n{}",
                expected.len(),
                wrong.len(),
                wrong[..wrong.len().min(24)].join("\n")
            ))
        });
        let errors = scene.rig.gpu_mut().take_unexpected_errors();
        let mut why: Vec<String> = outcome.err().into_iter().collect();
        if !errors.is_empty() {
            why.push(format!("validation errors: {errors:#?}"));
        }
        if !why.is_empty() {
            failures.push(format!("{}\n{}", why.join("\n"), case.replay_text(label)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of the cases failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn random_draw_sequences_match_the_cpu_model() {
    run_seeds(ExecutorOptions::default(), "default options");
}

/// With no dynamic buffers, a draw that moves an offset gets patched descriptors and its
/// own set: the path drivers with low limits take.
#[test]
fn random_draw_sequences_match_the_cpu_model_without_dynamic_buffers() {
    run_seeds(
        ExecutorOptions {
            max_dynamic_buffers: Some(0),
            ..ExecutorOptions::default()
        },
        "max_dynamic_buffers: Some(0)",
    );
}

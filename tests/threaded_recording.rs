//! Command lists recorded and submitted on several threads at once against the same
//! lists recorded and submitted on one thread, and both against a CPU model of the
//! pixels. Each thread draws into its own 16x16 RGBA8 target: random lists (generated
//! from a seed) of clears, barriers and draws of 4x4-pixel cells, each draw with its own
//! tint's uniform offset. Every list binds all it relies on at its start (targets,
//! program, vertex stream), as a game's lists recorded on several threads do, so the
//! order the queue interleaves the threads' lists in changes nothing the CPU model sees.
//! Checked: each thread's lists are the same command stream as on one thread, the
//! targets hold the model's pixels, and the validation layer (synchronization validation
//! on) reports nothing. `THREADED_RECORDING_SEEDS=1,7` runs only those seeds.

#[path = "common/mod.rs"]
mod common;

use gpu::command::{BarrierOrder, BufferImage, ClearValue, CopyOp, Invalidate};
use gpu::state::ComponentMask;
use gpu::CommandList;

use common::cells::{
    cell_draw, fill_cell, seeds_from, CellScene, CELLS, GRID, TARGET_B, TARGET_PX, TINTS,
    TINT_STRIDE_B,
};
use common::draw::{bind_positions, bind_tint, colour};
use common::readback::region;
use common::texels::Bytes;

const THREADS: usize = 4;
const SEEDS: u64 = 4;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    Clear([u8; 4]),
    Draw { cell: u32, tint: u32 },
    Barrier,
}

/// One thread's lists, in order.
#[derive(Clone, Debug)]
struct Case {
    lists: Vec<Vec<Step>>,
}

/// Tint `index`: exact in 8 bits.
fn tint_rgba(index: u32) -> [u8; 4] {
    let at = index as u8;
    [at * 7 + 10, 250 - at * 5, at * 3 + 40, 255]
}

impl Case {
    fn generate(random: &mut Bytes) -> Case {
        let mut lists: Vec<Vec<Step>> = (0..1 + random.below(4))
            .map(|_| {
                (0..random.below(40))
                    .map(|_| match random.below(10) {
                        0 => Step::Clear([0, 1, 2, 3].map(|_| random.below(256) as u8)),
                        1 => Step::Barrier,
                        _ => Step::Draw {
                            cell: random.below(CELLS),
                            tint: random.below(TINTS),
                        },
                    })
                    .collect()
            })
            .collect();
        // The target holds an earlier run's pixels: a clear first makes them no matter.
        lists[0].insert(
            0,
            Step::Clear([0, 1, 2, 3].map(|_| random.below(256) as u8)),
        );
        Case { lists }
    }

    /// The target's RGBA8 texels after the lists, by the CPU: clears fill, draws cover
    /// their cell with their tint (the first step is a clear).
    fn expected(&self) -> Vec<u8> {
        let mut texels = vec![0u8; TARGET_B];
        for step in self.lists.iter().flatten() {
            match *step {
                Step::Clear(rgba) => {
                    for texel in texels.chunks_mut(4) {
                        texel.copy_from_slice(&rgba);
                    }
                }
                Step::Draw { cell, tint } => {
                    fill_cell(&mut texels, TARGET_PX, GRID, cell, tint_rgba(tint));
                }
                Step::Barrier => {}
            }
        }
        texels
    }
}

struct Scene(CellScene);

impl std::ops::Deref for Scene {
    type Target = CellScene;
    fn deref(&self) -> &CellScene {
        &self.0
    }
}

impl Scene {
    fn new() -> Scene {
        Scene(CellScene::new(THREADS, tint_rgba))
    }

    /// Records thread `thread`'s case and submits each list as it ends (the last with
    /// the copy of its target into the read-back buffer); the lists, in order.
    fn record_and_submit(&self, thread: usize, case: &Case) -> Vec<CommandList> {
        let device = &self.rig.device;
        let (texture, view) = self.targets[thread];
        let mut lists = Vec::new();
        for (index, steps) in case.lists.iter().enumerate() {
            let mut commands = device.command_buffer();
            commands.bind_render_targets(colour(view)).unwrap();
            bind_positions(&mut commands, self.program, self.cells);
            for step in steps {
                match *step {
                    Step::Clear(rgba) => {
                        let value = rgba.map(|channel| f32::from(channel) / 255.0);
                        commands
                            .clear_color(0, ClearValue::Float(value), ComponentMask::ALL)
                            .unwrap();
                    }
                    Step::Draw { cell, tint } => {
                        bind_tint(&mut commands, self.tints, u64::from(tint) * TINT_STRIDE_B);
                        commands.draw(cell_draw(cell)).unwrap();
                    }
                    Step::Barrier => commands
                        .barrier(BarrierOrder::FRAGMENTS, Invalidate::NONE)
                        .unwrap(),
                }
            }
            if index + 1 == case.lists.len() {
                let copy = CopyOp::TextureToBuffer {
                    source: region(texture, 0, TARGET_PX, TARGET_PX),
                    destination: BufferImage {
                        buffer: self.rig.readback.buffer,
                        offset_b: (thread * TARGET_B) as u64,
                        row_pitch_b: 0,
                        rows_per_image: 0,
                    },
                };
                commands.copy(copy).unwrap();
            }
            let list = commands.finish();
            device.queue().submit(&list).unwrap();
            lists.push(list);
        }
        lists
    }

    /// Every thread's target, read back after the queue's work.
    fn read_targets(&self) -> Vec<u8> {
        self.rig.finish();
        self.rig.read_back(THREADS * TARGET_B)
    }
}

/// The seeds to run: `THREADED_RECORDING_SEEDS` (comma-separated) or the first `SEEDS`.
fn seeds() -> Vec<u64> {
    seeds_from("THREADED_RECORDING_SEEDS", SEEDS)
}

/// Pixels of `found` unlike `expected`, per thread, as lines (the first few).
fn differences(expected: &[u8], found: &[u8]) -> Vec<String> {
    let mut lines = Vec::new();
    for (thread, (want, got)) in expected
        .chunks(TARGET_B)
        .zip(found.chunks(TARGET_B))
        .enumerate()
    {
        for (at, (w, g)) in want.chunks(4).zip(got.chunks(4)).enumerate() {
            if w != g && lines.len() < 16 {
                let (x, y) = (at as u32 % TARGET_PX, at as u32 / TARGET_PX);
                lines.push(format!(
                    "thread {thread} ({x}, {y}): expected {w:?}, found {g:?}"
                ));
            }
        }
    }
    lines
}

#[test]
fn lists_recorded_on_four_threads_match_one_thread_and_the_cpu_model() {
    let mut scene = Scene::new();
    for seed in seeds() {
        // xorshift needs a seed other than 0.
        let mut random = Bytes(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let cases: Vec<Case> = (0..THREADS).map(|_| Case::generate(&mut random)).collect();
        let expected: Vec<u8> = cases.iter().flat_map(Case::expected).collect();

        let alone: Vec<Vec<CommandList>> = cases
            .iter()
            .enumerate()
            .map(|(thread, case)| scene.record_and_submit(thread, case))
            .collect();
        let one_thread = scene.read_targets();

        let scene_ref = &scene;
        let together: Vec<Vec<CommandList>> = std::thread::scope(|scope| {
            let handles: Vec<_> = cases
                .iter()
                .enumerate()
                .map(|(thread, case)| {
                    scope.spawn(move || scene_ref.record_and_submit(thread, case))
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| handle.join().expect("a recording thread panicked"))
                .collect()
        });
        let threads = scene.read_targets();

        assert_eq!(
            alone, together,
            "seed {seed}: lists recorded on {THREADS} threads differ from one thread's"
        );
        let wrong = differences(&expected, &one_thread);
        assert!(
            wrong.is_empty(),
            "seed {seed}, one thread: pixels unlike the CPU model:\n{}\ncase: {cases:#?}",
            wrong.join("\n")
        );
        let wrong = differences(&expected, &threads);
        assert!(
            wrong.is_empty(),
            "seed {seed}, {THREADS} threads: pixels unlike the CPU model:\n{}\ncase: {cases:#?}",
            wrong.join("\n")
        );
        let errors = scene.0.rig.gpu_mut().take_unexpected_errors();
        assert!(
            errors.is_empty(),
            "seed {seed}: validation errors: {errors:#?}"
        );
    }
}

//! Split submissions (the Vulkan recording of a list's passes and draws done by the
//! submitting thread, off the backend's lock) on several threads at once, against the
//! same lists on one thread and a CPU model. Each thread owns two 16x16 RGBA8 targets
//! (block-linear storage in the pool) and submits random lists (from a seed) of clears,
//! draws of 4x4-pixel cells (each with its own tint's uniform offset) and switches
//! between its targets (a new pass); every list binds all it relies on at its start, so
//! each is split. Checked after the fence, for one thread and for four: the targets'
//! storage (what the write-back stored) is tegra_swizzle's layout of the model's texels,
//! the targets' images copied back are the model's texels, every list was split, and the
//! validation layer (synchronization validation on) reports nothing.
//! `SPLIT_SUBMISSION_SEEDS=1,7` runs only those seeds.

mod common;

use gpu::command::ClearValue;
use gpu::objects::TextureBuilder;
use gpu::state::ComponentMask;
use memory::{Format, TextureLayout};

use common::cells::{
    cell_draw, fill_cell, seeds_from, CellScene, CELLS, GRID, TARGET_B, TARGET_PX, TARGET_STRIDE_B,
    TINTS, TINT_STRIDE_B,
};
use common::draw::{bind_positions, bind_tint, colour};
use common::readback::{pool_bytes, region};
use common::texels::{tegra_storage, Bytes};

const THREADS: usize = 4;
const TARGETS: usize = 2 * THREADS;
const SEEDS: u64 = 3;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    Clear([u8; 4]),
    Draw {
        cell: u32,
        tint: u32,
    },
    /// Draw into the thread's other target from here on.
    Switch,
}

/// One thread's lists, in order; each starts drawing into the thread's first target.
#[derive(Clone, Debug)]
struct Case {
    lists: Vec<Vec<Step>>,
}

fn tint_rgba(index: u32) -> [u8; 4] {
    let at = index as u8;
    [at * 7 + 5, 240 - at * 3, at * 5 + 30, 255]
}

impl Case {
    fn generate(random: &mut Bytes) -> Case {
        let mut lists: Vec<Vec<Step>> = (0..2 + random.below(4))
            .map(|_| {
                let mut steps: Vec<Step> = (0..random.below(60))
                    .map(|_| match random.below(12) {
                        0 => Step::Clear([0, 1, 2, 3].map(|_| random.below(256) as u8)),
                        1 => Step::Switch,
                        _ => Step::Draw {
                            cell: random.below(CELLS),
                            tint: random.below(TINTS),
                        },
                    })
                    .collect();
                // Every list draws (a list without draws is not split).
                steps.push(Step::Draw {
                    cell: random.below(CELLS),
                    tint: random.below(TINTS),
                });
                steps
            })
            .collect();
        // Both targets hold an earlier run's pixels: clears first make them no matter.
        let a = Step::Clear([0, 1, 2, 3].map(|_| random.below(256) as u8));
        let b = Step::Clear([0, 1, 2, 3].map(|_| random.below(256) as u8));
        lists[0].splice(0..0, [a, Step::Switch, b, Step::Switch]);
        Case { lists }
    }

    /// The two targets' RGBA8 texels after the lists, by the CPU.
    fn expected(&self) -> [Vec<u8>; 2] {
        let mut targets = [vec![0u8; TARGET_B], vec![0u8; TARGET_B]];
        for steps in &self.lists {
            let mut at_target = 0;
            for step in steps {
                let texels = &mut targets[at_target];
                match *step {
                    Step::Clear(rgba) => {
                        for texel in texels.chunks_mut(4) {
                            texel.copy_from_slice(&rgba);
                        }
                    }
                    Step::Draw { cell, tint } => {
                        fill_cell(texels, TARGET_PX, GRID, cell, tint_rgba(tint));
                    }
                    Step::Switch => at_target = 1 - at_target,
                }
            }
        }
        targets
    }
}

struct Scene {
    base: CellScene,
    layout: TextureLayout,
}

impl std::ops::Deref for Scene {
    type Target = CellScene;
    fn deref(&self) -> &CellScene {
        &self.base
    }
}

impl Scene {
    fn new() -> Scene {
        let builder = TextureBuilder::new_2d(Format::Rgba8, TARGET_PX, TARGET_PX);
        Scene {
            base: CellScene::new(TARGETS, tint_rgba),
            layout: builder.layout().unwrap(),
        }
    }

    /// Records thread `thread`'s case, submitting each list as it ends.
    fn record_and_submit(&self, thread: usize, case: &Case) {
        let device = &self.rig.device;
        for steps in &case.lists {
            let mut at_target = 0;
            let mut commands = device.command_buffer();
            let view = |at: usize| self.targets[2 * thread + at].1;
            commands.bind_render_targets(colour(view(0))).unwrap();
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
                    Step::Switch => {
                        at_target = 1 - at_target;
                        commands
                            .bind_render_targets(colour(view(at_target)))
                            .unwrap();
                    }
                }
            }
            device.queue().submit(&commands.finish()).unwrap();
        }
    }

    /// Every target's first `len_b` storage bytes, after the queue's work.
    fn storage(&self, len_b: usize) -> Vec<Vec<u8>> {
        self.rig.finish();
        (0..TARGETS as u64)
            .map(|target| {
                pool_bytes(
                    &self.rig.device,
                    self.rig.pool,
                    target * TARGET_STRIDE_B,
                    len_b,
                )
            })
            .collect()
    }

    /// Every target's image, copied back (a list of copies, after the others).
    fn images(&self) -> Vec<Vec<u8>> {
        let mut commands = self.rig.device.command_buffer();
        for (at, &(texture, _)) in self.targets.iter().enumerate() {
            let source = region(texture, 0, TARGET_PX, TARGET_PX);
            let copy = self.rig.readback.copy_from(source);
            let copy = match copy {
                gpu::command::CopyOp::TextureToBuffer {
                    source,
                    mut destination,
                } => {
                    destination.offset_b += (at * TARGET_B) as u64;
                    gpu::command::CopyOp::TextureToBuffer {
                        source,
                        destination,
                    }
                }
                other => other,
            };
            commands.copy(copy).unwrap();
        }
        self.rig.submit(&commands.finish());
        self.rig.finish();
        self.rig
            .read_back(TARGETS * TARGET_B)
            .chunks(TARGET_B)
            .map(<[u8]>::to_vec)
            .collect()
    }

    fn split_submissions(&self) -> u64 {
        self.rig.backend.lock().stats().split_submissions
    }
}

fn seeds() -> Vec<u64> {
    seeds_from("SPLIT_SUBMISSION_SEEDS", SEEDS)
}

/// The first few texels of `found` unlike `expected`, as lines.
fn differences(what: &str, expected: &[Vec<u8>], found: &[Vec<u8>]) -> Vec<String> {
    let mut lines = Vec::new();
    for (target, (want, got)) in expected.iter().zip(found).enumerate() {
        for (at, (w, g)) in want.chunks(4).zip(got.chunks(4)).enumerate() {
            if w != g && lines.len() < 12 {
                lines.push(format!(
                    "{what}, target {target}, texel {at}: expected {w:?}, found {g:?}"
                ));
            }
        }
    }
    lines
}

#[test]
fn split_lists_on_four_threads_match_one_thread_and_the_cpu_model() {
    let mut scene = Scene::new();
    for seed in seeds() {
        let mut random = Bytes(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1);
        let cases: Vec<Case> = (0..THREADS).map(|_| Case::generate(&mut random)).collect();
        let model: Vec<Vec<u8>> = cases.iter().flat_map(|case| case.expected()).collect();
        let model_storage: Vec<Vec<u8>> = model
            .iter()
            .map(|texels| tegra_storage(&scene.layout, texels))
            .collect();
        let lists = cases
            .iter()
            .map(|case| case.lists.len() as u64)
            .sum::<u64>();

        let before = scene.split_submissions();
        for (thread, case) in cases.iter().enumerate() {
            scene.record_and_submit(thread, case);
        }
        let one_storage = scene.storage(model_storage[0].len());
        let one_split = scene.split_submissions() - before;
        let one_images = scene.images();

        let before = scene.split_submissions();
        let scene_ref = &scene;
        std::thread::scope(|scope| {
            for (thread, case) in cases.iter().enumerate() {
                scope.spawn(move || scene_ref.record_and_submit(thread, case));
            }
        });
        let threads_storage = scene.storage(model_storage[0].len());
        let threads_split = scene.split_submissions() - before;
        let threads_images = scene.images();

        assert_eq!(
            (one_split, threads_split),
            (lists, lists),
            "seed {seed}: every list binds what it draws with, so every list is split"
        );
        for (what, expected, found) in [
            ("one thread, storage", &model_storage, &one_storage),
            ("one thread, image", &model, &one_images),
            ("four threads, storage", &model_storage, &threads_storage),
            ("four threads, image", &model, &threads_images),
        ] {
            let wrong = differences(what, expected, found);
            assert!(
                wrong.is_empty(),
                "seed {seed}: unlike the CPU model:\n{}\ncases: {cases:#?}",
                wrong.join("\n")
            );
        }
        assert_eq!(
            one_images, threads_images,
            "seed {seed}: four threads' pictures differ from one thread's"
        );
        let errors = scene.base.rig.gpu_mut().take_unexpected_errors();
        assert!(
            errors.is_empty(),
            "seed {seed}: validation errors: {errors:#?}"
        );
    }
}

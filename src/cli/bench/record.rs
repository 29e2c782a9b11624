//! `hookshot bench record`: N application threads, each recording its own command lists
//! (its own render target, cleared, then many small draws with per-draw uniform offsets)
//! on one device, against one thread doing the same per-thread work in the same run.
//! Three figures a thread count: NVN recording alone (each list ended and dropped),
//! recording and submitting (each thread submits its own lists to the one queue as it
//! ends them), and the same to the fence. Throughput is draws a second over all threads;
//! the ratio is against one thread's throughput, measured in the same rounds. Rounds
//! interleave the thread counts, so a noisy neighbour hits all of them alike.

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use anyhow::Context;
use gpu::command::{BufferBinding, ClearValue, DrawArrays, RenderTargets};
use gpu::objects::{
    BufferMaker, BufferRange, BufferUsage, PoolMaker, ProgramMaker, ShaderModule, Stage,
    TextureBuilder, ViewMaker,
};
use gpu::state::{ComponentMask, PrimitiveKind};
use gpu::{BufferId, DeviceMaker, ProgramId, ViewId};
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::shared_backend::SharedBackend;
use memory::{Format, PoolFlags};
use shader_translate::{ShaderCode, ShaderSource, Translator};

#[derive(clap::Args)]
pub struct Args {
    /// Thread counts to measure, comma-separated (1 is always measured: the baseline).
    #[arg(long, value_delimiter = ',', default_value = "1,2,4,8")]
    threads: Vec<u32>,
    /// Draws in each list.
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    draws: u32,
    /// Lists each thread records (and submits) in a round.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1_000))]
    lists: u32,
    /// Split lists' Vulkan recording of their passes and draws off the backend's lock, onto
    /// the submitting threads (`false`: every list translated whole under the lock, the
    /// figure to compare with).
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    split_bodies: bool,
    /// Measured rounds (after one warm-up round); medians are reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=super::MAX_ROUNDS))]
    rounds: u32,
}

/// The most threads `--threads` takes: each has its own target and uniforms.
const MAX_THREADS: u32 = 64;
const TARGET_PX: u32 = 64;
const TARGET_STRIDE_B: u64 = 64 << 10;
const UNIFORM_STRIDE_B: u64 = 256;
const TINT_B: u64 = 16;
const VERTICES_B: u64 = 256;
const TRIANGLE: [f32; 6] = [-1.0, -1.0, -0.9, -1.0, -1.0, -0.9];

const POSITION_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
}
";

const TINT_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
void main() {
    colour = tint;
}
";

/// What a thread count is measured doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Work {
    /// NVN recording alone: each list ended and dropped.
    Record,
    /// Each list submitted as it ends.
    RecordSubmit,
}

/// The objects every thread draws with; target `i` and uniforms `i` are thread `i`'s.
struct Scene {
    nvn: gpu::Device,
    /// The executor behind `nvn`, for its stage times.
    backend: SharedBackend,
    program: ProgramId,
    vertices: BufferId,
    uniforms: BufferId,
    targets: Vec<ViewId>,
    draws: u32,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let mut counts = args.threads.clone();
    if counts.iter().any(|&n| n == 0 || n > MAX_THREADS) {
        anyhow::bail!("--threads takes counts from 1 to {MAX_THREADS}");
    }
    counts.push(1);
    counts.sort_unstable();
    counts.dedup();
    let most = *counts.last().expect("1 is in");
    let switches = crate::cli::start()?;
    let device = gpu_vk::Device::open(&switches)?;
    let options = ExecutorOptions {
        split_bodies: args.split_bodies,
        ..ExecutorOptions::default()
    };
    let scene = Scene::new(&device, &switches, options, most, args.draws)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "device: {} ({}); {} host cores; each thread records {} lists of {} draws a round; \
         {} rounds (after 1 warm-up), medians; list bodies split off the lock: {}",
        device.info.name,
        device.info.driver_info,
        cores,
        args.lists,
        args.draws,
        args.rounds,
        args.split_bodies
    );
    let works = [Work::Record, Work::RecordSubmit];
    // times[work][count]: (wall time of the round, wall time to the fence)
    let mut times = vec![vec![Vec::new(); counts.len()]; works.len()];
    let mut progress = crate::cli::progress::Progress::new("bench");
    for round in 0..=args.rounds {
        progress.tick(|| format!("record: round {round} of {}", args.rounds));
        for (w, &work) in works.iter().enumerate() {
            for (c, &count) in counts.iter().enumerate() {
                let measured = scene.round(count, args.lists, work)?;
                if round > 0 {
                    times[w][c].push(measured);
                }
            }
        }
    }
    println!(
        "{:<16} {:>8} {:>12} {:>14} {:>12} {:>14} {:>16}",
        "", "threads", "ms a round", "draws/s", "vs 1 thread", "to fence vs 1", "CPU ns a draw"
    );
    for (w, work) in works.iter().enumerate() {
        let name = match work {
            Work::Record => "record",
            Work::RecordSubmit => "record+submit",
        };
        let rate = |c: usize, pick: fn(&Round) -> Duration| {
            let total_draws = f64::from(counts[c] * args.lists * args.draws);
            let median = median(times[w][c].iter().map(pick).collect());
            (median, total_draws / median.as_secs_f64())
        };
        let (_, one) = rate(0, |t| t.wall);
        let (_, one_fence) = rate(0, |t| t.to_fence);
        for (c, &count) in counts.iter().enumerate() {
            let (wall, per_s) = rate(c, |t| t.wall);
            let (_, fence_per_s) = rate(c, |t| t.to_fence);
            let fence_ratio = match work {
                Work::Record => "-".to_owned(),
                Work::RecordSubmit => format!("{:.2}x", fence_per_s / one_fence),
            };
            let total_draws = f64::from(count * args.lists * args.draws);
            let cpu: Option<Vec<Duration>> = times[w][c].iter().map(|t| t.cpu).collect();
            let cpu_ns = cpu.map_or("-".to_owned(), |cpu| {
                format!("{:.0}", median(cpu).as_secs_f64() * 1e9 / total_draws)
            });
            println!(
                "{name:<16} {count:>8} {:>12.2} {per_s:>14.0} {:>11.2}x {fence_ratio:>14} {cpu_ns:>16}",
                wall.as_secs_f64() * 1e3,
                per_s / one
            );
        }
    }
    // The submit translates under the backend's lock, one list at a time, but for the
    // bodies of split lists (their passes and draws), recorded by the submitting threads
    // at once: with one thread's share of time under the lock, that bounds what any
    // thread count can reach. Each round's shares of its own wall time, then medians.
    let single = &times[1][0];
    let share = |pick: fn(&Round) -> Duration| {
        let mut shares: Vec<f64> = single
            .iter()
            .map(|t| pick(t).as_secs_f64() / t.wall.as_secs_f64())
            .collect();
        shares.sort_unstable_by(f64::total_cmp);
        shares[shares.len() / 2]
    };
    let submit = share(|t| t.submitting);
    let locked = share(|t| t.executor);
    println!(
        "one thread's record+submit: outside Queue::submit (NVN recording; on lavapipe also \
         the GPU's work) {:.0}%, Queue::submit {:.0}%: under the backend's lock {:.0}% \
         (preparing {:.0}%, Vulkan recording of what is not split off {:.0}%, the rest {:.0}%), \
         split-off list bodies' Vulkan recording (no lock) {:.0}%, the rest {:.0}%",
        (1.0 - submit) * 100.0,
        submit * 100.0,
        locked * 100.0,
        share(|t| t.preparing) * 100.0,
        share(|t| t.recording) * 100.0,
        (locked - share(|t| t.preparing) - share(|t| t.recording)) * 100.0,
        share(|t| t.bodies) * 100.0,
        (submit - locked - share(|t| t.bodies)) * 100.0,
    );
    println!(
        "the backend's lock holds one list at a time: no thread count passes {:.2}x while \
         that part is serial",
        1.0 / locked.max(f64::EPSILON)
    );
    if cores < most as usize {
        println!("note: {most} threads on {cores} host cores: at most {cores}x can be expected");
    }
    Ok(())
}

/// One round's times.
#[derive(Clone, Copy, Debug)]
struct Round {
    /// From the threads' start until the last is done.
    wall: Duration,
    /// Until the queue's work is complete.
    to_fence: Duration,
    /// Spent in `Queue::submit`, over all threads.
    submitting: Duration,
    /// The recording threads' CPU time, summed (where the platform says): unlike the
    /// wall time, no other process's load shows in it, only work added by threads
    /// contending (cache lines moving between cores, locks spinning).
    cpu: Option<Duration>,
    /// Of that, in the executor's submit (under its lock), and of that its preparing and
    /// Vulkan recording stages.
    executor: Duration,
    preparing: Duration,
    recording: Duration,
    /// The Vulkan recording of split lists' bodies, by the submitting threads without the
    /// lock, over all threads.
    bodies: Duration,
}

/// CPU time the calling thread has used (`None` where the platform does not say).
#[cfg(unix)]
pub(super) fn thread_cpu_time() -> Option<Duration> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a timespec this frame owns; the clock is a constant every Unix has.
    let result = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    let seconds = u64::try_from(now.tv_sec).ok()?;
    let nanos = u32::try_from(now.tv_nsec).ok()?;
    (result == 0).then(|| Duration::new(seconds, nanos))
}

#[cfg(not(unix))]
pub(super) fn thread_cpu_time() -> Option<Duration> {
    None
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

impl Scene {
    fn new(
        device: &Arc<gpu_vk::Device>,
        switches: &gpu::switches::Switches,
        options: ExecutorOptions,
        threads: u32,
        draws: u32,
    ) -> anyhow::Result<Scene> {
        let translator = Translator::new(crate::cli::translate_options(switches))?;
        let mut modules = Vec::new();
        for (stage, glsl) in [
            (shader_translate::Stage::Vertex, POSITION_VERT),
            (shader_translate::Stage::Fragment, TINT_FRAG),
        ] {
            let shader = translator
                .translate(&ShaderSource {
                    name: format!("bench-record-{stage:?}"),
                    stage,
                    code: ShaderCode::Glsl(glsl.into()),
                })
                .with_context(|| format!("translating the bench's {stage:?} shader"))?;
            modules.push(ShaderModule::from(&shader));
        }
        let backend = SharedBackend::new(VkBackend::with_switches(device, options, switches)?);
        let nvn = gpu::Device::new(
            DeviceMaker::new(Box::new(backend.clone())).write_tracking(switches.write_tracking),
        )?;
        let targets_b = u64::from(threads) * TARGET_STRIDE_B;
        let vertices_offset_b = targets_b;
        let uniforms_offset_b = vertices_offset_b + (64 << 10);
        let uniforms_b = u64::from(threads) * u64::from(draws) * UNIFORM_STRIDE_B;
        let pool_b = (uniforms_offset_b + uniforms_b).next_multiple_of(64 << 10);
        let pool = nvn.create_pool(&PoolMaker::new(pool_b, PoolFlags::CPU_CACHED_GPU_CACHED))?;
        let mut targets = Vec::new();
        for thread in 0..u64::from(threads) {
            let builder = TextureBuilder::new_2d(Format::Rgba8, TARGET_PX, TARGET_PX);
            let texture = nvn.create_texture(&builder, pool, thread * TARGET_STRIDE_B)?;
            targets.push(nvn.create_view(&ViewMaker::whole(texture))?);
        }
        let buffer = |offset_b: u64, size_b: u64| {
            nvn.create_buffer(&BufferMaker {
                pool,
                offset_b,
                size_b,
                usage: BufferUsage::ALL,
            })
        };
        let vertices = buffer(vertices_offset_b, VERTICES_B)?;
        let uniforms = buffer(uniforms_offset_b, uniforms_b)?;
        let vertex_bytes: Vec<u8> = TRIANGLE.iter().flat_map(|v| v.to_le_bytes()).collect();
        nvn.write_pool(pool, vertices_offset_b, &vertex_bytes)?;
        let entries = (uniforms_b / UNIFORM_STRIDE_B) as usize;
        let tints = super::tint_bytes(entries, UNIFORM_STRIDE_B as usize, 1.0);
        nvn.write_pool(pool, uniforms_offset_b, &tints)?;
        let program = nvn.create_program(&ProgramMaker { modules })?;
        Ok(Scene {
            nvn,
            backend,
            program,
            vertices,
            uniforms,
            targets,
            draws,
        })
    }

    /// One round: `threads` threads each record `lists` lists (and submit them, for
    /// `Work::RecordSubmit`); the wall time until every thread is done, and until the
    /// queue's work is complete.
    fn round(&self, threads: u32, lists: u32, work: Work) -> anyhow::Result<Round> {
        let before = self.backend.lock().stats();
        let start = Barrier::new(threads as usize + 1);
        let (wall, outcomes) = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|thread| {
                    let start = &start;
                    scope.spawn(move || -> anyhow::Result<(Duration, Option<Duration>)> {
                        start.wait();
                        let cpu_start = thread_cpu_time();
                        let mut submitting = Duration::ZERO;
                        for _ in 0..lists {
                            let list = self.record(thread)?;
                            if work == Work::RecordSubmit {
                                let submitted = Instant::now();
                                self.nvn.queue().submit(&list)?;
                                submitting += submitted.elapsed();
                            }
                        }
                        let cpu = thread_cpu_time()
                            .zip(cpu_start)
                            .map(|(end, start)| end.saturating_sub(start));
                        Ok((submitting, cpu))
                    })
                })
                .collect();
            start.wait();
            let started = Instant::now();
            let outcomes: Vec<_> = handles.into_iter().map(|handle| handle.join()).collect();
            (started, outcomes)
        });
        let done = wall.elapsed();
        let (mut submitting, mut cpu) = (Duration::ZERO, Some(Duration::ZERO));
        for outcome in outcomes {
            let (thread_submitting, thread_cpu) =
                outcome.map_err(|_| anyhow::anyhow!("a recording thread panicked"))??;
            submitting += thread_submitting;
            cpu = cpu.zip(thread_cpu).map(|(sum, more)| sum + more);
        }
        self.nvn.queue().finish()?;
        let to_fence = wall.elapsed();
        let after = self.backend.lock().stats();
        let ns = |pick: fn(&gpu_vk::executor::ExecutorStats) -> u64| {
            Duration::from_nanos(pick(&after) - pick(&before))
        };
        Ok(Round {
            wall: done,
            to_fence,
            submitting,
            cpu,
            executor: ns(|stats| stats.submit_ns),
            preparing: ns(|stats| stats.prepare_ns),
            recording: ns(|stats| stats.record_ns),
            bodies: ns(|stats| stats.body_ns),
        })
    }

    /// Thread `thread`'s list: its target cleared, then the draws, each with its tint.
    fn record(&self, thread: u32) -> anyhow::Result<gpu::CommandList> {
        let mut commands = self.nvn.command_buffer();
        let mut targets = RenderTargets::default();
        targets.colors[0] = Some(self.targets[thread as usize]);
        commands.bind_render_targets(targets)?;
        commands.clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)?;
        super::bind_position_stream(
            &mut commands,
            BufferRange {
                buffer: self.vertices,
                offset_b: 0,
                size_b: VERTICES_B,
            },
        )?;
        commands.bind_program(self.program)?;
        let first = u64::from(thread) * u64::from(self.draws);
        for index in first..first + u64::from(self.draws) {
            commands.bind_buffer(
                BufferBinding::Uniform {
                    stage: Stage::Fragment,
                    slot: 0,
                },
                BufferRange {
                    buffer: self.uniforms,
                    offset_b: index * UNIFORM_STRIDE_B,
                    size_b: TINT_B,
                },
            )?;
            commands.draw(DrawArrays {
                primitive: PrimitiveKind::Triangles,
                first_vertex: 0,
                vertex_count: 3,
                first_instance: 0,
                instance_count: 1,
            })?;
        }
        Ok(commands.finish())
    }
}

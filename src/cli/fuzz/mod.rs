//! `hookshot shader diff` and `hookshot shader fuzz`: GLSL programs of every stage
//! compiled with uam, run on the device through the translated binary and through
//! glslang's module of the same GLSL, the outputs compared (docs/maxwell-fuzzing.md).
//! One concern a file: `expr` (random statements and expressions), `stages` (each
//! stage's program frame and the fixed stages around it), `uam` (the compiler),
//! `bench` (the two runs on the device), `check` (the outcome of one program),
//! `reduce` (shrinking a failing program), `repro` (reproducer files).

pub mod bench;
pub mod check;
pub mod expr;
pub mod reduce;
pub mod repro;
pub mod stages;
pub mod textures;
pub mod uam;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::Context;

use self::bench::Bench;
use self::check::Outcome;
use self::stages::FuzzStage;
use crate::exit::Failure;

const STAGE_NAMES: [&str; 6] = ["vert", "tesc", "tese", "geom", "frag", "comp"];

#[derive(clap::Args)]
pub struct DiffArgs {
    /// The GLSL program (a reproducer's header gives its stage and seed).
    file: PathBuf,
    /// The stage (else the file's `// stage:` header).
    #[arg(long, value_parser = STAGE_NAMES)]
    stage: Option<String>,
    /// uam's compiled DKSH module of FILE (else FILE compiled with uam now).
    #[arg(long)]
    dksh: Option<PathBuf>,
    /// The uam to compile with (else HOOKSHOT_UAM, else shared/maxwell/bin/uam above).
    #[arg(long)]
    uam: Option<PathBuf>,
    /// The seed of the generated inputs (else the file's `// seed:` header, else 0).
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(clap::Args)]
pub struct FuzzArgs {
    /// The first program's seed; program k is seed + k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Programs to run.
    #[arg(long, default_value_t = 60)]
    count: u64,
    /// One stage only (else the six in turn).
    #[arg(long, value_parser = STAGE_NAMES)]
    stage: Option<String>,
    /// Programs run at once, each worker with a device of its own (else the CPUs).
    #[arg(long)]
    jobs: Option<usize>,
    /// The uam to compile with (else HOOKSHOT_UAM, else shared/maxwell/bin/uam above).
    #[arg(long)]
    uam: Option<PathBuf>,
    /// Where reduced reproducers go (a file and its DKSH module per failure).
    #[arg(long, default_value = "fuzz-reproducers")]
    out: PathBuf,
    /// Seconds of reduction a failing program gets (0: written unreduced).
    #[arg(long, default_value_t = 60)]
    reduce_seconds: u64,
    /// Write every program to --out, those that agree too (a sample to keep).
    #[arg(long)]
    write_all: bool,
    /// Run each program in a child process (`hookshot shader diff`): slower, but a
    /// driver that crashes on a module ends that program only (outcome `failed`).
    #[arg(long)]
    isolate: bool,
    /// With --isolate: seconds a child may run before it is killed and its program
    /// counted `failed` (a GPU hang ends one program, not the run).
    #[arg(long, default_value_t = 60)]
    child_seconds: u64,
}

pub fn diff(args: DiffArgs) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let limit_b = shader_translate::limits::MAX_SHADER_BINARY_B as u64;
    let glsl = bounded_read::read_text(&args.file, limit_b, "a shader")?;
    let header = repro::Header::read(&glsl);
    let stage = args
        .stage
        .as_deref()
        .or(header.stage.as_deref())
        .context("no --stage and no `// stage:` line in the file")?;
    let stage = FuzzStage::from_name(stage).context("unknown stage")?;
    let seed = args.seed.or(header.seed).unwrap_or(0);
    let float_words = repro::float_words(&glsl);
    let bench = Bench::open(&switches)?;
    let outcome = match &args.dksh {
        Some(path) => {
            let dksh = bounded_read::read_file(path, limit_b, "a compiled shader")?;
            check::check_compiled(&bench, stage, (&dksh, &glsl), &float_words, seed)
        }
        None => {
            let uam = uam::locate(args.uam.as_deref())?;
            let scratch = Scratch::new()?;
            check::check(&bench, &uam, &scratch.0, stage, &glsl, &float_words, seed)
        }
    };
    let name = args.file.display();
    match outcome {
        Outcome::Match => {
            println!(
                "{name}: {} stage, inputs of seed {seed}: the outputs agree",
                stage.name()
            );
            Ok(())
        }
        other => Err(Failure {
            exit_code: 1,
            message: format!("{name}: {}: {}", other.kind(), other.detail()),
        }
        .into()),
    }
}

/// A scratch folder for uam's files, removed at the end.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new() -> anyhow::Result<Scratch> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let path = std::env::temp_dir().join(format!(
            "hookshot-fuzz-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path).with_context(|| format!("creating {}", path.display()))?;
        Ok(Scratch(path))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What the workers share: the next program, the counts per outcome, the failures.
struct Tally {
    next: AtomicU64,
    counts: Mutex<std::collections::BTreeMap<&'static str, u64>>,
    failures: Mutex<Vec<String>>,
}

pub fn fuzz(args: FuzzArgs) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let uam = uam::locate(args.uam.as_deref())?;
    let only = match &args.stage {
        Some(name) => Some(FuzzStage::from_name(name).context("unknown stage")?),
        None => None,
    };
    // The stages the device runs: one it lacks the feature of is left out (named in the
    // summary), or refused when asked for by name.
    let features = Bench::open(&switches)?.device.features().to_owned();
    let lacking = |stage: FuzzStage| match stage {
        FuzzStage::Geometry if !features.geometry_shader => Some("geometryShader"),
        FuzzStage::TessControl | FuzzStage::TessEval if !features.tessellation_shader => {
            Some("tessellationShader")
        }
        _ => None,
    };
    if let Some(feature) = only.and_then(lacking) {
        anyhow::bail!(
            "the device lacks {feature}, which a {} program needs",
            args.stage.as_deref().unwrap_or("")
        );
    }
    let stages: Vec<FuzzStage> = FuzzStage::ALL
        .into_iter()
        .filter(|&stage| lacking(stage).is_none())
        .collect();
    let left_out: Vec<String> = FuzzStage::ALL
        .into_iter()
        .filter_map(|stage| lacking(stage).map(|f| format!("{} (no {f})", stage.name())))
        .collect();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256);
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let tally = Tally {
        next: AtomicU64::new(0),
        counts: Mutex::new(Default::default()),
        failures: Mutex::new(Vec::new()),
    };
    let started = std::time::Instant::now();
    let done = AtomicU64::new(0);
    let worker = || -> anyhow::Result<()> {
        let bench = Bench::open(&switches)?;
        let scratch = Scratch::new()?;
        loop {
            let k = tally.next.fetch_add(1, Ordering::Relaxed);
            if k >= args.count {
                return Ok(());
            }
            let seed = args.seed + k;
            let stage = only.unwrap_or(stages[(seed % stages.len() as u64) as usize]);
            let job = Job {
                isolate: args.isolate,
                child_limit: Duration::from_secs(args.child_seconds),
                bench: &bench,
                uam: &uam,
                scratch: &scratch.0,
                stage,
                seed,
            };
            let outcome = job.run(
                &args.out,
                Duration::from_secs(args.reduce_seconds),
                args.write_all,
            )?;
            *tally
                .counts
                .lock()
                .unwrap()
                .entry(outcome.0.kind())
                .or_default() += 1;
            if let Some(line) = outcome.1 {
                eprintln!("{line}");
                tally.failures.lock().unwrap().push(line);
            }
            done.fetch_add(1, Ordering::Relaxed);
        }
    };
    let results: Vec<anyhow::Result<()>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs).map(|_| scope.spawn(worker)).collect();
        let mut progress = crate::cli::progress::Progress::new("fuzz");
        while !handles.iter().all(|h| h.is_finished()) {
            std::thread::sleep(Duration::from_millis(100));
            progress.tick(|| {
                let counts = tally.counts.lock().unwrap();
                format!(
                    "{} of {} programs, {}",
                    done.load(Ordering::Relaxed),
                    args.count,
                    summary(&counts)
                )
            });
        }
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("a worker panicked")))
            })
            .collect()
    });
    for result in results {
        result?;
    }
    let counts = tally.counts.lock().unwrap();
    let stages = match only {
        Some(stage) => stage.name().to_string(),
        None if left_out.is_empty() => "all six stages".into(),
        None => format!("the device's stages; left out: {}", left_out.join(", ")),
    };
    println!(
        "{} programs from seed {} ({stages}), {jobs} jobs, {:.1} s: {}",
        args.count,
        args.seed,
        started.elapsed().as_secs_f64(),
        summary(&counts)
    );
    let failed: u64 = counts
        .iter()
        .filter(|(kind, _)| **kind != "match")
        .map(|(_, n)| n)
        .sum();
    if failed > 0 {
        return Err(Failure {
            exit_code: 1,
            message: format!(
                "{failed} of {} programs failed; reproducers in {}",
                args.count,
                args.out.display()
            ),
        }
        .into());
    }
    Ok(())
}

fn summary(counts: &std::collections::BTreeMap<&'static str, u64>) -> String {
    if counts.is_empty() {
        return "none yet".into();
    }
    counts
        .iter()
        .map(|(kind, n)| format!("{n} {kind}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One generated program on one worker.
struct Job<'a> {
    isolate: bool,
    /// How long an isolated child may run.
    child_limit: Duration,
    bench: &'a Bench,
    uam: &'a Path,
    scratch: &'a Path,
    stage: FuzzStage,
    seed: u64,
}

impl Job<'_> {
    /// Runs the program; a failure is reduced and written to `out`. Returns the outcome
    /// and, for a failure, its line for the log.
    fn run(
        &self,
        out: &Path,
        reduce_for: Duration,
        write_all: bool,
    ) -> anyhow::Result<(Outcome, Option<String>)> {
        let mut rng = expr::Rng::new(self.seed);
        let (glsl, float_words) = stages::program(self.stage, &mut rng);
        let check = |source: &str| {
            if self.isolate {
                return self.check_in_child(source);
            }
            check::check(
                self.bench,
                self.uam,
                self.scratch,
                self.stage,
                source,
                &float_words,
                self.seed,
            )
        };
        let outcome = check(&glsl);
        if outcome == Outcome::Match {
            if write_all {
                repro::write(
                    out,
                    self.stage,
                    self.seed,
                    &glsl,
                    &outcome,
                    self.uam,
                    self.scratch,
                )?;
            }
            return Ok((outcome, None));
        }
        let (small, tried) = if reduce_for.is_zero() {
            (glsl.clone(), 0)
        } else {
            reduce::reduce(&glsl, reduce_for, |candidate| {
                check(candidate).same_failure(&outcome)
            })
        };
        let last = check(&small);
        let path = repro::write(
            out,
            self.stage,
            self.seed,
            &small,
            &last,
            self.uam,
            self.scratch,
        )?;
        let line = format!(
            "program {} ({}): {}: {} ({} lines, reduced from {} in {tried} tries: {})",
            self.seed,
            self.stage.name(),
            outcome.kind(),
            outcome.detail().lines().next().unwrap_or(""),
            small.lines().count(),
            glsl.lines().count(),
            path.display()
        );
        Ok((outcome, Some(line)))
    }
}

impl Job<'_> {
    /// `hookshot shader diff` of `source` in a child process: a driver that crashes on a
    /// module takes the child down, not the run. The float words are read from the
    /// source's stores, as the generator made them.
    fn check_in_child(&self, source: &str) -> Outcome {
        let path = self.scratch.join("isolated.glsl");
        if let Err(e) = std::fs::write(&path, source) {
            return Outcome::Failed(format!("writing {}: {e}", path.display()));
        }
        let exe = match std::env::current_exe() {
            Ok(exe) => exe,
            Err(e) => return Outcome::Failed(format!("this program's path: {e}")),
        };
        let stderr_path = self.scratch.join("isolated.stderr");
        let stderr_file = match std::fs::File::create(&stderr_path) {
            Ok(file) => file,
            Err(e) => return Outcome::Failed(format!("creating {}: {e}", stderr_path.display())),
        };
        let child = std::process::Command::new(exe)
            .args(["shader", "diff"])
            .arg(&path)
            .args(["--stage", self.stage.name(), "--seed"])
            .arg(self.seed.to_string())
            .arg("--uam")
            .arg(self.uam)
            .stdout(std::process::Stdio::null())
            .stderr(stderr_file)
            .spawn();
        let mut child = match child {
            Ok(child) => child,
            Err(e) => return Outcome::Failed(format!("starting shader diff: {e}")),
        };
        let status = match wait_at_most(&mut child, self.child_limit) {
            Ok(Some(status)) => status,
            Ok(None) => {
                return Outcome::Failed(format!(
                    "ran past {} s and was killed (the GPU or the driver hung)",
                    self.child_limit.as_secs()
                ))
            }
            Err(e) => return Outcome::Failed(format!("waiting for shader diff: {e}")),
        };
        if status.success() {
            return Outcome::Match;
        }
        if status.code().is_none() {
            return Outcome::Failed(format!("the driver crashed ({status})"));
        }
        let stderr = std::fs::read(&stderr_path).unwrap_or_default();
        // `hookshot: error: PATH: KIND: DETAIL`, the last line.
        let stderr = String::from_utf8_lossy(&stderr);
        let prefix = format!("hookshot: error: {}: ", path.display());
        let line = stderr
            .lines()
            .rev()
            .find_map(|line| line.strip_prefix(&prefix))
            .unwrap_or("failed: shader diff ended without its line");
        let (kind, detail) = line.split_once(": ").unwrap_or((line, ""));
        Outcome::from_kind(kind, detail.to_string())
    }
}

/// Waits for `child` at most `limit`; past it the child is killed and `None` returned.
fn wait_at_most(
    child: &mut std::process::Child,
    limit: Duration,
) -> std::io::Result<Option<std::process::ExitStatus>> {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if start.elapsed() >= limit {
            child.kill()?;
            child.wait()?;
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

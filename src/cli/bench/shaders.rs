//! `hookshot bench shaders`: translation of the shader corpus with a cold cache (every
//! shader through glslang or naga, validation, optimisation, reflection and the Metal
//! check, all in process)
//! against a warm one (every shader read back from disk), interleaved in one run, with
//! the ratio. The cache lives in a fresh temporary folder, never the user's. Then the
//! Maxwell path: each compiled program of the Maxwell corpus translated cold (no cache)
//! against glslang's translation of the GLSL it was compiled from, interleaved, with the
//! ratio per program; and the same over a fuzzer sample (`shaders_fuzz.rs`).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{ensure, Context};
use shader_translate::corpus::CORPUS;
use shader_translate::{CacheLocation, CacheOutcome, TranslatedShader, Translator};

#[derive(clap::Args)]
pub struct Args {
    /// Rounds of (cold, warm); the median of each is reported.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=super::MAX_ROUNDS))]
    pub rounds: u32,
    /// The fuzzer sample's first program (`hookshot shader fuzz --seed`).
    #[arg(long, default_value_t = 2000)]
    pub fuzz_seed: u64,
    /// Programs in the fuzzer sample (all six stages in turn; 0 leaves it out).
    #[arg(long, default_value_t = 60)]
    pub fuzz_count: u64,
    /// The uam to compile the sample with (else HOOKSHOT_UAM, else shared/maxwell/bin/uam above).
    #[arg(long)]
    pub uam: Option<std::path::PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let dir = TempDir::new()?;
    let mut options = crate::cli::translate_options(&switches);
    options.cache = CacheLocation::Dir(dir.path.clone());
    let optimise = options.optimise;
    let translator = Translator::new(options)?;

    let rounds = args.rounds.max(1);
    let mut cold_times = Vec::new();
    let mut warm_times = Vec::new();
    let mut progress = crate::cli::progress::Progress::new("bench");
    for round in 0..rounds {
        progress.tick(|| format!("shaders: round {round} of {rounds}"));
        dir.empty()?;
        let (cold_time, cold) = translate_corpus(&translator)?;
        ensure!(
            cold.iter().all(|shader| shader.cache == CacheOutcome::Miss),
            "the cold round found entries in an empty cache"
        );
        let (warm_time, warm) = translate_corpus(&translator)?;
        ensure!(
            warm.iter().all(|shader| shader.cache == CacheOutcome::Hit),
            "the warm round missed the cache"
        );
        for ((cold, warm), shader) in cold.iter().zip(&warm).zip(CORPUS) {
            ensure!(
                cold.spirv == warm.spirv,
                "{}: the cache changed the SPIR-V",
                shader.file
            );
        }
        cold_times.push(cold_time);
        warm_times.push(warm_time);
    }
    let cold = median(&mut cold_times);
    let warm = median(&mut warm_times);
    let shaders = CORPUS.len() as u32;
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    println!(
        "Shader corpus ({shaders} shaders), median of {rounds} interleaved rounds, spirv-opt {}",
        if optimise { "on" } else { "off" }
    );
    println!(
        "  cold cache  {:>9.2} ms  ({:.2} ms a shader)",
        ms(cold),
        ms(cold / shaders)
    );
    println!(
        "  warm cache  {:>9.2} ms  ({:.3} ms a shader)",
        ms(warm),
        ms(warm / shaders)
    );
    println!(
        "  warm is {:.1}x faster than cold",
        cold.as_secs_f64() / warm.as_secs_f64().max(1e-9)
    );
    let mut plain = crate::cli::translate_options(&switches);
    plain.cache = CacheLocation::Off;
    let plain = Translator::new(plain)?;
    maxwell(&plain, rounds)?;
    super::shaders_fuzz::run(
        &plain,
        rounds,
        args.fuzz_seed,
        args.fuzz_count,
        args.uam.as_deref(),
    )
}

/// Cold translation of each Maxwell corpus program (decode, SSA, SPIR-V, then the same
/// validation, optimisation, reflection and Metal check as any module) against glslang
/// on the same GLSL through the same pipeline, and the Maxwell front end alone.
fn maxwell(translator: &Translator, rounds: u32) -> anyhow::Result<()> {
    use shader_translate::maxwell::corpus::MAXWELL_CORPUS;
    use shader_translate::{ShaderCode, ShaderSource};

    let count = MAXWELL_CORPUS.len();
    let mut ours = vec![Vec::new(); count];
    let mut glslang = vec![Vec::new(); count];
    let mut front = vec![Vec::new(); count];
    let mut glslang_front = vec![Vec::new(); count];
    let mut progress = crate::cli::progress::Progress::new("bench");
    for round in 0..rounds {
        progress.tick(|| format!("shaders maxwell: round {round} of {rounds}"));
        for (index, program) in MAXWELL_CORPUS.iter().enumerate() {
            let glsl = ShaderSource {
                name: format!("{}.glsl", program.name),
                stage: program.stage,
                code: ShaderCode::Glsl(program.vulkan_glsl()),
            };
            let started = Instant::now();
            program
                .translate(translator)
                .with_context(|| program.name)?;
            ours[index].push(started.elapsed());
            let started = Instant::now();
            translator
                .translate(&glsl)
                .with_context(|| glsl.name.clone())?;
            glslang[index].push(started.elapsed());
            let started = Instant::now();
            program.spirv().with_context(|| program.name)?;
            front[index].push(started.elapsed());
            let started = Instant::now();
            translator
                .front_end(&glsl)
                .with_context(|| glsl.name.clone())?;
            glslang_front[index].push(started.elapsed());
        }
    }
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    println!(
        "Maxwell corpus ({count} compiled programs), cold, median of {rounds} interleaved rounds"
    );
    println!("  whole pipeline (front end, remap, validation, optimisation, reflection, Metal check) and front end alone; ratio = glslang / Maxwell");
    println!(
        "  {:<24} {:>10} {:>10} {:>7}   {:>9} {:>9} {:>7}",
        "program", "Maxwell", "glslang", "ratio", "Maxwell", "glslang", "ratio"
    );
    let mut sums = [Duration::ZERO; 4];
    let ratio =
        |glslang: Duration, ours: Duration| glslang.as_secs_f64() / ours.as_secs_f64().max(1e-9);
    for (index, program) in MAXWELL_CORPUS.iter().enumerate() {
        let times = [
            median(&mut ours[index]),
            median(&mut glslang[index]),
            median(&mut front[index]),
            median(&mut glslang_front[index]),
        ];
        for (sum, time) in sums.iter_mut().zip(times) {
            *sum += time;
        }
        println!(
            "  {:<24} {:>7.2} ms {:>7.2} ms {:>6.2}x   {:>6.3} ms {:>6.3} ms {:>6.1}x",
            program.name,
            ms(times[0]),
            ms(times[1]),
            ratio(times[1], times[0]),
            ms(times[2]),
            ms(times[3]),
            ratio(times[3], times[2])
        );
    }
    println!(
        "  {:<24} {:>7.2} ms {:>7.2} ms {:>6.2}x   {:>6.3} ms {:>6.3} ms {:>6.1}x",
        "all",
        ms(sums[0]),
        ms(sums[1]),
        ratio(sums[1], sums[0]),
        ms(sums[2]),
        ms(sums[3]),
        ratio(sums[3], sums[2])
    );
    Ok(())
}

fn translate_corpus(translator: &Translator) -> anyhow::Result<(Duration, Vec<TranslatedShader>)> {
    let started = Instant::now();
    let translated = CORPUS
        .iter()
        .map(|shader| {
            translator
                .translate(&shader.source())
                .with_context(|| shader.file.to_owned())
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok((started.elapsed(), translated))
}

pub(super) fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

/// A cache folder of this process's own, removed at the end.
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn new() -> anyhow::Result<TempDir> {
        let path =
            std::env::temp_dir().join(format!("hookshot-bench-shaders-{}", std::process::id()));
        std::fs::create_dir_all(&path)
            .with_context(|| format!("cannot make {}", path.display()))?;
        Ok(TempDir { path })
    }

    fn empty(&self) -> anyhow::Result<()> {
        remove_dir(&self.path)?;
        std::fs::create_dir_all(&self.path)
            .with_context(|| format!("cannot make {}", self.path.display()))
    }
}

fn remove_dir(path: &Path) -> anyhow::Result<()> {
    match std::fs::remove_dir_all(path) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            Err(error).with_context(|| format!("cannot empty {}", path.display()))
        }
        _ => Ok(()),
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

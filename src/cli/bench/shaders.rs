//! `hookshot bench shaders`: translation of the shader corpus with a cold cache (every
//! shader through glslang or naga, spirv-val, spirv-opt, reflection and the Metal check)
//! against a warm one (every shader read back from disk), interleaved in one run, with
//! the ratio. The cache lives in a fresh temporary folder, never the user's.

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
    for _ in 0..rounds {
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

fn median(times: &mut [Duration]) -> Duration {
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

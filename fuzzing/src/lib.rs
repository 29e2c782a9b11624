//! Hookshot's fuzz targets, one per input that comes from outside: recordings, DKSH
//! binaries, GLSL sources, switch values, shader cache entries and C ABI call sequences.
//! Each target takes any bytes and must end with a result or a typed error: a panic, a
//! broken property (`Err`), or a crash is a finding.
//!
//! The driver is plain Rust on the stable toolchain: it mutates a corpus (the target's
//! seeds, every input that gave an outcome not seen before kept), for a number of runs or
//! a time, from a fixed seed. `tests/sample.rs` runs each for a short fixed-seed sample in
//! CI; `cargo run --release -p fuzzing -- TARGET --seconds N` runs one for any time
//! (docs/reliability.md).

pub mod mutate;
pub mod targets;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use mutate::{mutate, Rng};

/// One input kind's target.
pub trait Target: Sync {
    fn name(&self) -> &'static str;
    /// Inputs to start from: sound ones and every regression case kept.
    fn seeds(&self) -> Vec<Vec<u8>>;
    /// Runs one input: `Ok` with a number naming the outcome (results and error kinds
    /// seen before are not kept), `Err` with what property broke.
    fn run(&self, input: &[u8]) -> Result<u64, String>;
}

/// The inputs kept from findings (`fuzzing/regressions/TARGET-*.bin`), each a seed of its
/// target from then on.
pub fn regressions(target: &str) -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|entry| Some(entry.ok()?.path()))
                .filter(|path| {
                    path.file_name()
                        .and_then(|name| name.to_str())
                        .is_some_and(|name| name.starts_with(&format!("{target}-")))
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
        .into_iter()
        .filter_map(|path| std::fs::read(path).ok())
        .collect()
}

/// Every target, by name.
pub fn all_targets() -> Vec<Box<dyn Target>> {
    vec![
        Box::new(targets::recording::Recording),
        Box::new(targets::dksh::Dksh),
        Box::new(targets::glsl::Glsl),
        Box::new(targets::switches::SwitchValues),
        Box::new(targets::cache_entry::CacheEntry::default()),
        Box::new(targets::capi_calls::CapiCalls),
    ]
}

/// How long a run goes on: whichever comes first.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub runs: Option<u64>,
    pub seconds: Option<f64>,
}

#[derive(Debug)]
pub struct Finding {
    pub input: Vec<u8>,
    pub what: String,
    pub saved: Option<PathBuf>,
}

#[derive(Debug)]
pub struct Report {
    pub target: &'static str,
    pub runs: u64,
    pub seconds: f64,
    pub corpus: usize,
    pub outcomes: usize,
    pub findings: Vec<Finding>,
}

/// The most corpus entries kept.
const MAX_CORPUS: usize = 4096;

/// Fuzzes `target` within `budget` from `seed`; findings are written under `out` when
/// given (`TARGET-N.bin`).
pub fn fuzz(target: &dyn Target, budget: Budget, seed: u64, out: Option<&Path>) -> Report {
    let started = Instant::now();
    let mut rng = Rng::new(seed);
    let mut corpus = target.seeds();
    corpus.extend(regressions(target.name()));
    if corpus.is_empty() {
        corpus.push(Vec::new());
    }
    let mut outcomes = HashSet::new();
    let mut findings = Vec::new();
    let mut runs = 0u64;
    // Panics are findings, counted here; their messages are not printed run after run.
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut pending_seeds: Vec<Vec<u8>> = corpus.clone();
    loop {
        if budget.runs.is_some_and(|most| runs >= most)
            || budget
                .seconds
                .is_some_and(|most| started.elapsed().as_secs_f64() >= most)
        {
            break;
        }
        let input = match pending_seeds.pop() {
            Some(seed_input) => seed_input,
            None => {
                let mut input = corpus[rng.below(corpus.len())].clone();
                let other = &corpus[rng.below(corpus.len())];
                mutate(&mut input, other, &mut rng);
                input
            }
        };
        runs += 1;
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| target.run(&input)))
            .unwrap_or_else(|payload| {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_else(|| "a panic".to_owned());
                Err(format!("panicked: {message}"))
            });
        match result {
            Ok(outcome) => {
                if outcomes.insert(outcome) && corpus.len() < MAX_CORPUS {
                    corpus.push(input);
                }
            }
            Err(what) => {
                let saved = out.and_then(|dir| {
                    let path = dir.join(format!("{}-{}.bin", target.name(), findings.len()));
                    std::fs::create_dir_all(dir).ok()?;
                    std::fs::write(&path, &input).ok()?;
                    Some(path)
                });
                findings.push(Finding { input, what, saved });
            }
        }
    }
    std::panic::set_hook(previous_hook);
    Report {
        target: target.name(),
        runs,
        seconds: started.elapsed().as_secs_f64(),
        corpus: corpus.len(),
        outcomes: outcomes.len(),
        findings,
    }
}

/// A number naming an outcome: its text hashed (FNV-1a).
pub fn outcome_of(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The first `words` words of an error's text: its kind, without the values that vary.
pub fn error_kind(error: &dyn std::fmt::Display) -> u64 {
    let text = error.to_string();
    let kind: Vec<&str> = text
        .split_whitespace()
        .filter(|word| !word.chars().any(|c| c.is_ascii_digit()))
        .take(6)
        .collect();
    outcome_of(&kind.join(" "))
}

//! `hookshot bench shaders`' fuzzer sample: the programs `hookshot shader fuzz` makes
//! from a fixed seed (all six stages in turn), each compiled once with uam, then
//! translated cold from uam's binary against glslang's translation of the same GLSL
//! through the same pipeline, interleaved, with the ratio. A program uam or either
//! translation refuses is named and left out of the sums (the fuzzer's own run says why).

use std::path::Path;
use std::time::{Duration, Instant};

use shader_translate::maxwell::geometry::GeometryInput;
use shader_translate::{ShaderCode, ShaderSource, Translator};

use crate::cli::fuzz::stages::{self, FuzzStage};
use crate::cli::fuzz::{uam, Scratch};

/// One sample program: its stage, uam's module and the GLSL glslang reads.
struct Sample {
    seed: u64,
    stage: FuzzStage,
    dksh: Vec<u8>,
    glsl: String,
}

/// Measures programs `seed` to `seed + count - 1` over `rounds` interleaved rounds and
/// prints the sums and their ratio (glslang / Maxwell).
pub fn run(
    translator: &Translator,
    rounds: u32,
    seed: u64,
    count: u64,
    uam_path: Option<&Path>,
) -> anyhow::Result<()> {
    if count == 0 {
        return Ok(());
    }
    let uam = uam::locate(uam_path)
        .map_err(|e| e.context("the fuzzer sample needs uam (--fuzz-count 0 leaves it out)"))?;
    let scratch = Scratch::new()?;
    let mut samples = Vec::new();
    let mut left_out = Vec::new();
    for k in seed..seed + count {
        let (stage, glsl) = stages::program_of_seed(k, &FuzzStage::ALL);
        match uam::compile(&uam, &scratch.0, stage, &glsl) {
            Ok(dksh) => samples.push(Sample {
                seed: k,
                stage,
                dksh,
                glsl: stages::vulkan_names(&glsl),
            }),
            Err(message) => left_out.push(format!("{k} ({}: uam: {message})", stage.name())),
        }
    }
    let mut ours = vec![Vec::new(); samples.len()];
    let mut glslang = vec![Vec::new(); samples.len()];
    let mut failed = vec![None; samples.len()];
    let mut progress = crate::cli::progress::Progress::new("bench");
    for round in 0..rounds {
        progress.tick(|| format!("shaders fuzzer sample: round {round} of {rounds}"));
        for (index, sample) in samples.iter().enumerate() {
            if failed[index].is_some() {
                continue;
            }
            match time_both(translator, sample) {
                Ok((maxwell, reference)) => {
                    ours[index].push(maxwell);
                    glslang[index].push(reference);
                }
                Err(message) => failed[index] = Some(message),
            }
        }
    }
    for (sample, message) in samples.iter().zip(&failed) {
        if let Some(message) = message {
            left_out.push(format!(
                "{} ({}: {message})",
                sample.seed,
                sample.stage.name()
            ));
        }
    }
    let (mut sum_ours, mut sum_glslang) = (Duration::ZERO, Duration::ZERO);
    let mut measured = 0;
    for index in 0..samples.len() {
        if failed[index].is_none() {
            sum_ours += super::shaders::median(&mut ours[index]);
            sum_glslang += super::shaders::median(&mut glslang[index]);
            measured += 1;
        }
    }
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    println!(
        "Fuzzer sample ({measured} of {count} programs from seed {seed}, all six stages), cold, median of {rounds} interleaved rounds"
    );
    println!(
        "  whole pipeline: Maxwell {:.2} ms, glslang {:.2} ms, ratio {:.2}x (glslang / Maxwell)",
        ms(sum_ours),
        ms(sum_glslang),
        sum_glslang.as_secs_f64() / sum_ours.as_secs_f64().max(1e-9)
    );
    for line in &left_out {
        println!("  left out: {line}");
    }
    Ok(())
}

/// One cold translation each way: (Maxwell, glslang).
fn time_both(translator: &Translator, sample: &Sample) -> Result<(Duration, Duration), String> {
    let name = format!("fuzz{}.{}", sample.seed, sample.stage.name());
    let started = Instant::now();
    let translated = if sample.stage == FuzzStage::Geometry {
        translator.translate_dksh_geometry(&name, &sample.dksh, GeometryInput::Points)
    } else {
        translator.translate_dksh(&name, &sample.dksh)
    };
    translated.map_err(|e| format!("translation: {e}"))?;
    let maxwell = started.elapsed();
    let source = ShaderSource {
        name: format!("{name}.glsl"),
        stage: sample.stage.translator_stage(),
        code: ShaderCode::Glsl(sample.glsl.clone()),
    };
    let started = Instant::now();
    translator
        .translate(&source)
        .map_err(|e| format!("glslang: {e}"))?;
    Ok((maxwell, started.elapsed()))
}

//! `hookshot warm RECORDING [--title ID]`: pre-warms the shader and pipeline caches from a
//! recording (`RX_VK_RECORD` from a player's run, or `hookshot demo --record`). Every
//! module the recording made from source (GLSL, SPIR-V, or a game's compiled Maxwell
//! program, a geometry program for each primitive class) is translated again through the
//! title's shader cache (the folder a game's run with that title uses), so the game
//! translates none of them; then the recording is played on this machine's device, every
//! pipeline its draws and dispatches need is compiled, and the device's pipeline cache
//! (the title's, with --title) is saved, so the game's first frames compile nothing
//! there. Only modules handed over already translated carry no source to warm from.

use std::path::PathBuf;

use anyhow::Context;
use gpu::recording::{Played, Player};
use gpu::switches::PipelineCacheChoice;
use gpu::DeviceMaker;
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::shared_backend::SharedBackend;

#[derive(clap::Args)]
pub struct Args {
    /// The recording.
    file: PathBuf,
    /// The game's title id: its pipeline cache folder is warmed (docs/configuration.md).
    #[arg(long)]
    title: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let title = args
        .title
        .as_deref()
        .map(|id| gpu::title::Title::new(id, id, ""))
        .transpose()?;
    let switches = crate::cli::start_for_title(title)?;
    let cache_dir = match &switches.pipeline_cache {
        PipelineCacheChoice::Dir(dir) => dir.clone(),
        PipelineCacheChoice::Off => {
            anyhow::bail!("RX_VK_PIPELINE_CACHE=0: there is no pipeline cache to warm")
        }
        PipelineCacheChoice::UserCacheDir => {
            anyhow::bail!("no user cache folder (HOME unset): name one with RX_VK_PIPELINE_CACHE")
        }
    };
    let translator = shader_translate::Translator::new(crate::cli::translate_options(&switches))?;
    let shaders = crate::cli::warm_shaders::warm_shaders(&args.file, &translator)?;
    drop(translator);
    let file = std::fs::File::open(&args.file)
        .with_context(|| format!("opening {}", args.file.display()))?;
    let mut player = Player::new(std::io::BufReader::new(file))
        .with_context(|| format!("reading {}", args.file.display()))?;
    let device = gpu_vk::Device::open(&switches)?;
    let backend = SharedBackend::new(VkBackend::with_switches(
        &device,
        ExecutorOptions::from_switches(&switches),
        &switches,
    )?);
    let nvn = gpu::Device::new(
        DeviceMaker::new(Box::new(backend.clone())).write_tracking(switches.write_tracking),
    )?;
    let mut progress = crate::cli::progress::Progress::new("warm");
    let (mut frames, mut submissions) = (0u64, 0u64);
    loop {
        match player
            .step(&nvn)
            .with_context(|| format!("playing {}", args.file.display()))?
        {
            None => break,
            Some(Played::Submitted) => submissions += 1,
            Some(Played::Presented { .. }) => frames += 1,
            Some(Played::Other) => {}
        }
        progress.tick(|| {
            let pipelines = backend.lock().stats().pipelines_created;
            format!("{frames} frames, {submissions} submissions, {pipelines} pipelines")
        });
    }
    nvn.queue().finish()?;
    let pipelines = backend.lock().stats().pipelines_created;
    // The executor saves its pipeline cache when it ends.
    drop(nvn);
    drop(backend);
    let saved: Vec<(String, u64)> = std::fs::read_dir(&cache_dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|entry| {
                    entry
                        .file_name()
                        .to_string_lossy()
                        .ends_with(".vkpipelinecache")
                })
                .map(|entry| {
                    let size_b = entry.metadata().map_or(0, |meta| meta.len());
                    (entry.path().display().to_string(), size_b)
                })
                .collect()
        })
        .unwrap_or_default();
    println!(
        "warmed {pipelines} pipelines from {frames} frames ({submissions} submissions) of {}",
        args.file.display()
    );
    match &shaders.cache_dir {
        Some(dir) => println!(
            "shader cache: {} ({} shaders translated into it, {} already there, {} modules without source)",
            dir.display(),
            shaders.translated,
            shaders.already_cached,
            shaders.without_source
        ),
        None => println!("shader cache: off (RX_VK_SHADER_CACHE=0), no shaders translated"),
    }
    for (path, size_b) in saved {
        println!("pipeline cache: {path} ({} KiB)", size_b.div_ceil(1024));
    }
    Ok(())
}

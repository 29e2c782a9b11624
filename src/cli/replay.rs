//! `hookshot replay FILE`: plays a recording back on this machine's device, writing the
//! presented frames as PNG and a summary. A recording from another version of the format,
//! or a damaged one, is an error with exit status 2.

use std::path::PathBuf;

use anyhow::Context;
use gpu::recording::{PlayError, Played, Player};
use gpu::DeviceMaker;
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::shared_backend::SharedBackend;

use crate::exit::Failure;

/// The exit status of an unreadable or damaged recording.
const BAD_RECORDING_EXIT: u8 = 2;

#[derive(clap::Args)]
pub struct Args {
    /// The recording (`hookshot demo --record FILE`, or a game's).
    file: PathBuf,
    /// Write every presented frame here as PNG (`frame_00000.png`, ...).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the summary as JSON here.
    #[arg(long)]
    stats: Option<PathBuf>,
    /// Stop after this many presented frames.
    #[arg(long)]
    frames: Option<u32>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let file = std::fs::File::open(&args.file)
        .with_context(|| format!("opening {}", args.file.display()))?;
    let bad = |err: PlayError| -> anyhow::Error {
        let exit_code = match err {
            PlayError::Read(_) => BAD_RECORDING_EXIT,
            _ => 1,
        };
        let error = Failure {
            exit_code,
            message: format!("{}: {err}", args.file.display()),
        }
        .into();
        crate::cli::exit_if_gpu_hung(&anyhow::Error::new(err));
        error
    };
    let stats_file = args
        .stats
        .as_deref()
        .map(crate::cli::create_output)
        .transpose()?;
    let mut player = Player::new(std::io::BufReader::new(file)).map_err(bad)?;
    let device = gpu_vk::Device::open(&switches)?;
    let backend = SharedBackend::new(VkBackend::with_switches(
        &device,
        ExecutorOptions::from_switches(&switches),
        &switches,
    )?);
    let nvn = gpu::Device::new(
        DeviceMaker::new(Box::new(backend.clone())).write_tracking(switches.write_tracking),
    )?;
    if let Some(out) = &args.out {
        std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    }
    let (mut frames, mut submissions) = (0u32, 0u64);
    let mut progress = crate::cli::progress::Progress::new("replay");
    while args.frames.is_none_or(|limit| frames < limit) {
        progress.tick(|| format!("{frames} frames, {submissions} submissions"));
        match player.step(&nvn).map_err(bad)? {
            None => break,
            Some(Played::Submitted) => submissions += 1,
            Some(Played::Presented { window, .. }) => {
                if let Some(out) = &args.out {
                    let image = backend
                        .lock()
                        .read_presented(window)?
                        .context("a presented frame has an image")?;
                    crate::cli::png::write_rgba8(
                        &out.join(format!("frame_{frames:05}.png")),
                        image.width_px,
                        image.height_px,
                        &image.rgba8,
                    )?;
                }
                frames += 1;
            }
            Some(Played::Other) => {}
        }
    }
    nvn.queue().finish()?;
    let executor_stats = backend.lock().stats();
    // The validation layer's count only where it ran: a 0 without it would say nothing.
    let validation = if device.validation_enabled() {
        format!("; validation errors: {}", device.validation().error_count())
    } else {
        String::new()
    };
    println!(
        "replayed {frames} frames, {submissions} submissions, {:.1} passes a frame{validation}",
        executor_stats.passes as f64 / f64::from(frames.max(1)),
    );
    if let (Some(file), Some(path)) = (stats_file, &args.stats) {
        let json = serde_json::json!({
            "frames": frames,
            "submissions": submissions,
            "passes": executor_stats.passes,
            "validation_errors": device.validation().error_count(),
        });
        crate::cli::write_json(file, path, &json)?;
    }
    Ok(())
}

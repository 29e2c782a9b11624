//! `hookshot bench scale`: how the cost of a draw, a texture use, a bind through an
//! address, a program switch and a submit grows with draws a frame, live textures, live
//! pools, live programs and submits a frame. Each size runs on a device of its own; a
//! curve prints the cost per unit at each size (medians of its frames, recording and
//! submitting, and to the fence), the process's resident memory after it, and the ratio
//! of the largest size's cost to the smallest's, flagged where it passes 1.5x.

mod curves;
mod scene;

use std::time::Duration;

use super::draws::median;
use curves::{Curve, Plan, Point};
use shader_translate::Translator;

#[derive(clap::Args)]
pub struct Args {
    /// The curves to measure, comma-separated.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "draws,textures,pools,programs,submits"
    )]
    curves: Vec<Curve>,
    /// Sizes of the draws curve: draws in a frame.
    #[arg(long, value_delimiter = ',', default_value = "1000,10000,100000,1000000",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    draws: Vec<u32>,
    /// Sizes of the textures curve: live textures (each a view in one texture table).
    #[arg(long, value_delimiter = ',', default_value = "100,1000,10000,100000",
          value_parser = clap::value_parser!(u32).range(1..=200_000))]
    textures: Vec<u32>,
    /// Sizes of the pools curve: live pools of a page each (beside the scene's own; under
    /// page protection at most 4096 pools are live in all).
    #[arg(long, value_delimiter = ',', default_value = "2,16,256,4000",
          value_parser = clap::value_parser!(u32).range(2..=16_384))]
    pools: Vec<u32>,
    /// Sizes of the programs curve: live programs.
    #[arg(long, value_delimiter = ',', default_value = "2,16,256,4096",
          value_parser = clap::value_parser!(u32).range(2..=16_384))]
    programs: Vec<u32>,
    /// Sizes of the submits curve: lists submitted in a frame, 4 draws each.
    #[arg(long, value_delimiter = ',', default_value = "1,10,100,1000",
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    submits: Vec<u32>,
    /// Texture uses, binds through addresses, or program switches in a frame of those
    /// curves (each with a draw).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    uses: u32,
    /// Distinct textures a frame of the textures curve samples, spread evenly over the
    /// live ones (the same at every size, so only the live count grows).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    used_textures: u32,
    /// Measured frames a size (after one warm-up frame); medians are reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=super::MAX_ROUNDS))]
    frames: u32,
}

/// Where a curve's largest size may cost per unit, against its smallest.
const WITHIN: f64 = 1.5;

pub fn run(args: Args) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let device = gpu_vk::Device::open(&switches)?;
    let translator = Translator::new(crate::cli::translate_options(&switches))?;
    let shaders = scene::Shaders::translate(&translator)?;
    let plan = Plan {
        shaders: &shaders,
        frames: args.frames,
        uses: args.uses,
        used_textures: args.used_textures,
    };
    println!(
        "device: {} ({}); {} frames a size (after 1 warm-up), medians; each size on a fresh \
         device",
        device.info.name, device.info.driver_info, args.frames
    );
    let mut progress = crate::cli::progress::Progress::new("bench");
    let mut past = Vec::new();
    for &curve in &args.curves {
        let sizes = match curve {
            Curve::Draws => &args.draws,
            Curve::Textures => &args.textures,
            Curve::Pools => &args.pools,
            Curve::Programs => &args.programs,
            Curve::Submits => &args.submits,
        };
        let mut points = Vec::new();
        for &size in sizes {
            let scene = scene::Scene::new(&device, &switches)?;
            let point = curves::measure(curve, size, &scene, &plan, |frame| {
                progress.tick(|| {
                    format!(
                        "scale: {} {size}: frame {frame} of {}",
                        curve_name(curve),
                        args.frames
                    )
                })
            })?;
            points.push(point);
        }
        if !print_curve(curve, &points, &args) {
            past.push(curve_name(curve));
        }
    }
    println!();
    if past.is_empty() {
        println!("every curve within {WITHIN}x from its smallest size to its largest");
    } else {
        println!("past {WITHIN}x: {}", past.join(", "));
    }
    Ok(())
}

/// Nanoseconds a unit of `point`'s median frame.
struct PerUnit {
    record_submit_ns: f64,
    /// The calling thread's CPU time in recording and submitting.
    cpu_ns: Option<f64>,
    to_fence_ns: f64,
}

fn per_unit(point: &Point) -> PerUnit {
    let ns = |times: Vec<Duration>| median(times).as_secs_f64() * 1e9 / f64::from(point.units);
    let cpu: Option<Vec<Duration>> = point.frames.iter().map(|f| f.cpu).collect();
    PerUnit {
        record_submit_ns: ns(point.frames.iter().map(|f| f.record_submit).collect()),
        cpu_ns: cpu.map(ns),
        to_fence_ns: ns(point.frames.iter().map(|f| f.to_fence).collect()),
    }
}

/// Prints one curve's table; whether its per-unit costs stay within `WITHIN`.
fn print_curve(curve: Curve, points: &[Point], args: &Args) -> bool {
    let (size_name, unit) = match curve {
        Curve::Draws => ("draws a frame", "draw".to_string()),
        Curve::Textures => (
            "live textures",
            format!(
                "texture use ({} a frame over {} textures)",
                args.uses, args.used_textures
            ),
        ),
        Curve::Pools => (
            "live pools",
            format!(
                "bind through an address ({} a frame over 2 pools)",
                args.uses
            ),
        ),
        Curve::Programs => (
            "live programs",
            format!("program switch ({} a frame between 2 programs)", args.uses),
        ),
        Curve::Submits => (
            "submits a frame",
            format!("submit ({} draws each)", curves::DRAWS_A_SUBMIT),
        ),
    };
    println!();
    println!("{}: cost per {unit}", curve_name(curve));
    let made_name = match curve {
        Curve::Textures => "made ns/texture",
        Curve::Programs => "made ns/program",
        _ => "",
    };
    println!(
        "{size_name:>16} {:>18} {:>12} {:>14} {:>16} {:>13}",
        "record+submit ns", "(cpu ns)", "to fence ns", made_name, "resident MiB"
    );
    let made_ns = |point: &Point| {
        point
            .made
            .map(|made| made.as_secs_f64() * 1e9 / f64::from(point.size))
    };
    for point in points {
        let cost = per_unit(point);
        let made = made_ns(point).map_or(String::new(), |ns| format!("{ns:.0}"));
        let resident = point.resident_b.map_or("n/a".to_string(), |b| {
            format!("{:.0}", b as f64 / (1 << 20) as f64)
        });
        println!(
            "{:>16} {:>18.1} {:>12} {:>14.1} {made:>16} {resident:>13}",
            point.size,
            cost.record_submit_ns,
            cost.cpu_ns
                .map_or("n/a".to_string(), |ns| format!("{ns:.1}")),
            cost.to_fence_ns
        );
    }
    let (Some(smallest), Some(largest)) = (points.first(), points.last()) else {
        return true;
    };
    let (small, large) = (per_unit(smallest), per_unit(largest));
    let cpu_ratio = match (large.cpu_ns, small.cpu_ns) {
        (Some(large), Some(small)) => format!("{:.2}", large / small),
        _ => "n/a".to_string(),
    };
    let record_submit = large.record_submit_ns / small.record_submit_ns;
    let to_fence = large.to_fence_ns / small.to_fence_ns;
    let made_ratio = match (made_ns(largest), made_ns(smallest)) {
        (Some(large), Some(small)) => format!("{:.2}", large / small),
        _ => String::new(),
    };
    let within = record_submit <= WITHIN && to_fence <= WITHIN;
    println!(
        "{:>16} {record_submit:>18.2} {cpu_ratio:>12} {to_fence:>14.2} {made_ratio:>16} {:>13}",
        "largest/smallest",
        if within { "within 1.5x" } else { "PAST 1.5x" }
    );
    within
}

/// The curve's name as `--curves` spells it.
fn curve_name(curve: Curve) -> String {
    use clap::ValueEnum;
    curve.to_possible_value().map_or_else(
        || format!("{curve:?}"),
        |value| value.get_name().to_string(),
    )
}

//! `hookshot probe NAME`: one question asked of the driver, with no game, a file each. Each
//! probe prints a table and, with `--json PATH`, writes its answer as JSON; `all` runs
//! every probe and writes `DIR/NAME.json` for each into the folder `--json DIR`.

mod alloc_sizes;
mod format_support;
mod host_import;
mod image_alias;
mod memory_budget;
mod memory_type;
mod report;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use gpu_vk::Device;

pub use report::Report;

#[derive(clap::Args)]
pub struct Args {
    /// The probe: image-alias, alloc-sizes, host-import, memory-budget, format-support, or
    /// all of them.
    name: String,
    /// Where the JSON goes: a file for one probe, a folder (made if missing) for `all`.
    #[arg(long)]
    json: Option<PathBuf>,
    /// host-import: the largest import tried, in MiB (sizes double from 1 MiB).
    #[arg(long, default_value_t = 4096)]
    import_max_mib: u64,
    /// host-import: the bytes each timed GPU read copies, in MiB (large enough that a
    /// device-local copy on a fast GPU takes well over the timer's resolution).
    #[arg(long, default_value_t = 256)]
    read_mib: u64,
    /// host-import: timed rounds of each read (the median is kept).
    #[arg(long, default_value_t = 9)]
    rounds: u32,
    /// alloc-sizes: the dynamic-resolution steps, each one pixel narrower.
    #[arg(long, default_value_t = 855)]
    steps: u32,
    /// memory-budget: the device-local allocation whose effect on the reported usage is
    /// watched, in MiB.
    #[arg(long, default_value_t = 256)]
    budget_probe_mib: u64,
}

/// The options the probes take, checked.
pub struct Options {
    pub import_max_b: u64,
    pub read_b: u64,
    pub rounds: u32,
    pub steps: u32,
    pub budget_probe_b: u64,
}

/// One probe: its name on the command line and the function that asks its question.
struct Probe {
    name: &'static str,
    run: fn(&Arc<Device>, &Options) -> anyhow::Result<Report>,
}

const PROBES: &[Probe] = &[
    Probe {
        name: "image-alias",
        run: image_alias::run,
    },
    Probe {
        name: "alloc-sizes",
        run: alloc_sizes::run,
    },
    Probe {
        name: "host-import",
        run: host_import::run,
    },
    Probe {
        name: "memory-budget",
        run: memory_budget::run,
    },
    Probe {
        name: "format-support",
        run: format_support::run,
    },
];

/// The bounds of the options, so a typo cannot ask for hours or for all of memory.
const MAX_IMPORT_MIB: u64 = 64 << 10;
const MAX_READ_MIB: u64 = 4 << 10;
const MAX_ROUNDS: u32 = 1000;
const MAX_STEPS: u32 = 2000;

fn checked(args: &Args) -> anyhow::Result<Options> {
    let in_range = |what: &str, value: u64, max: u64| {
        anyhow::ensure!(
            (1..=max).contains(&value),
            "--{what} {value} is out of range (1..={max})"
        );
        Ok(())
    };
    in_range("import-max-mib", args.import_max_mib, MAX_IMPORT_MIB)?;
    in_range("read-mib", args.read_mib, MAX_READ_MIB)?;
    in_range("rounds", args.rounds.into(), MAX_ROUNDS.into())?;
    in_range("steps", args.steps.into(), MAX_STEPS.into())?;
    in_range("budget-probe-mib", args.budget_probe_mib, MAX_IMPORT_MIB)?;
    Ok(Options {
        import_max_b: args.import_max_mib << 20,
        read_b: args.read_mib << 20,
        rounds: args.rounds,
        steps: args.steps,
        budget_probe_b: args.budget_probe_mib << 20,
    })
}

/// The probes `name` selects, or an error listing the names there are.
fn selected(name: &str) -> anyhow::Result<Vec<&'static Probe>> {
    if name == "all" {
        return Ok(PROBES.iter().collect());
    }
    match PROBES.iter().find(|probe| probe.name == name) {
        Some(probe) => Ok(vec![probe]),
        None => {
            let names: Vec<&str> = PROBES.iter().map(|probe| probe.name).collect();
            anyhow::bail!(
                "unknown probe `{name}`: the probes are {}, or all",
                names.join(", ")
            )
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let probes = selected(&args.name)?;
    let options = checked(&args)?;
    let all = args.name == "all";
    // Outputs are made before the device opens, so a path that cannot be written fails
    // before any probe runs.
    let mut outputs = Vec::new();
    if let Some(path) = &args.json {
        if all {
            std::fs::create_dir_all(path)
                .with_context(|| format!("creating the folder {}", path.display()))?;
        }
        for probe in &probes {
            let file_path = if all {
                path.join(format!("{}.json", probe.name))
            } else {
                path.clone()
            };
            outputs.push((crate::cli::create_output(&file_path)?, file_path));
        }
    }
    let switches = crate::cli::start()?;
    let device = Device::open(&switches)?;
    let mut reports = Vec::new();
    for probe in &probes {
        let before = device.validation().error_count();
        let report =
            (probe.run)(&device, &options).with_context(|| format!("probe {}", probe.name))?;
        let errors = device.validation().error_count() - before;
        anyhow::ensure!(
            errors == 0,
            "probe {}: {errors} validation error(s) (see the log)",
            probe.name
        );
        print!("{}", report.table());
        reports.push(report);
    }
    for ((file, path), report) in outputs.into_iter().zip(&reports) {
        write(file, &path, &device, report)?;
    }
    Ok(())
}

fn write(file: std::fs::File, path: &Path, device: &Device, report: &Report) -> anyhow::Result<()> {
    let info = &device.info;
    let json = serde_json::json!({
        "probe": report.probe,
        "question": report.question,
        "device": {
            "name": info.name,
            "driver": format!("{} ({})", info.driver_name, info.driver_info),
            "api_version": info.api_version_string(),
            "validation": device.validation_enabled(),
        },
        "results": report.json,
    });
    crate::cli::write_json(file, path, &json)
}

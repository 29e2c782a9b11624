//! `hookshot info`: the device, driver, API version, capabilities, and every switch with
//! its effective value and where that value came from.

use gpu::switches::Switches;
use gpu_vk::Device;

#[derive(clap::Args)]
pub struct Args {
    /// A game's title id: its configuration file and cache folders are shown (and its
    /// configuration file read), as a port that gives this id sees them.
    #[arg(long)]
    title: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let title = args
        .title
        .map(|id| gpu::title::Title::new(&id, &id, ""))
        .transpose()?;
    let switches = crate::cli::start_for_title(title)?;
    let device = Device::open(&switches)?;
    print!("{}", report(&device, &switches));
    Ok(())
}

fn report(device: &std::sync::Arc<Device>, switches: &Switches) -> String {
    let info = &device.info;
    let mut out = String::new();
    out.push_str("Device\n");
    let rows = [
        ("name", info.name.clone()),
        ("kind", info.kind.as_str().to_owned()),
        (
            "vendor:device",
            format!("{:#06x}:{:#06x}", info.vendor_id, info.device_id),
        ),
        (
            "driver",
            format!("{} ({})", info.driver_name, info.driver_info),
        ),
        ("API version", info.api_version_string()),
        (
            "portability enumeration",
            if device.instance.portability_enumeration {
                "yes"
            } else {
                "no"
            }
            .to_owned(),
        ),
        (
            "validation",
            if device.validation_enabled() {
                "on (with synchronization validation)"
            } else {
                "off"
            }
            .to_owned(),
        ),
    ];
    for (name, value) in rows {
        out.push_str(&format!("  {name:<28} {value}\n"));
    }
    out.push_str("Capabilities\n");
    for (name, value) in device.caps.summary() {
        out.push_str(&format!("  {name:<28} {value}\n"));
    }
    let (budget_b, source) = gpu_vk::gpu_memory::budget::texture_budget_b(
        switches.vram_mb,
        &gpu_vk::gpu_memory::budget::device_local_heaps(device),
    );
    out.push_str(&format!(
        "  {:<28} {} MiB (from {})\n",
        "texture budget",
        budget_b >> 20,
        source.as_str()
    ));
    // What virtual pools take here, and every memory type it was chosen from.
    let path = match gpu_vk::gpu_memory::sparse_pool::choose(device, switches.virtual_sparse, true)
    {
        Ok(choice) => choice.path.to_string(),
        Err(error) => format!("not known ({error})"),
    };
    out.push_str(&format!("  {:<28} {path}\n", "virtual pool path"));
    for (index, flags) in device.caps.memory_types.iter().enumerate() {
        out.push_str(&format!(
            "  {:<28} {}\n",
            format!("memory type {index}"),
            gpu_vk::gpu_memory::sparse_memory::flag_names(*flags)
        ));
    }
    out.push_str("Switches\n");
    for entry in switches.entries() {
        out.push_str(&format!(
            "  {:<24} {:<14} ({})\n",
            entry.spec.name,
            entry.value,
            entry.origin()
        ));
    }
    for unknown in switches.unknown() {
        out.push_str(&format!("  warning: {unknown}\n"));
    }
    out.push_str(&paths(switches));
    out
}

/// Where this run's configuration files, caches and cap are, resolved.
fn paths(switches: &Switches) -> String {
    use gpu::switches::{config_file, PipelineCacheChoice, ShaderCacheChoice};
    let mut out = String::from("Paths\n");
    let title_id = switches.title.as_ref().map(|title| title.id.as_str());
    for path in config_file::search_paths(title_id) {
        let state = if path.is_file() { "read" } else { "absent" };
        out.push_str(&format!(
            "  {:<28} {} ({state})\n",
            "configuration file",
            path.display()
        ));
    }
    let shown = |dir: Option<&std::path::Path>| {
        dir.map_or("off (or no user cache folder)".to_owned(), |dir| {
            dir.display().to_string()
        })
    };
    let shader_dir = match &switches.shader_cache {
        ShaderCacheChoice::Dir(dir) => Some(dir.as_path()),
        _ => None,
    };
    let pipeline_dir = match &switches.pipeline_cache {
        PipelineCacheChoice::Dir(dir) => Some(dir.as_path()),
        _ => None,
    };
    out.push_str(&format!("  {:<28} {}\n", "shader cache", shown(shader_dir)));
    out.push_str(&format!(
        "  {:<28} {}\n",
        "pipeline cache",
        shown(pipeline_dir)
    ));
    let cap = match switches.cache_mb {
        0 => "none".to_owned(),
        cap_mb => format!("{cap_mb} MiB"),
    };
    let root = gpu::disk_caches::cache_root();
    out.push_str(&format!(
        "  {:<28} {cap} over {}\n",
        "cache cap (RX_VK_CACHE_MB)",
        shown(root.as_deref())
    ));
    out
}

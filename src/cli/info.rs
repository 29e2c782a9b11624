//! `hookshot info`: the device, driver, API version, capabilities, and every switch with
//! its effective value and where that value came from.

use gpu::switches::Switches;
use gpu_vk::Device;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    let switches = crate::cli::start()?;
    let device = Device::open(&switches)?;
    print!("{}", report(&device, &switches));
    Ok(())
}

fn report(device: &Device, switches: &Switches) -> String {
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
    let (budget_b, source) = gpu_vk::budget::texture_budget_b(
        switches.vram_mb,
        &gpu_vk::budget::device_local_heaps(device),
    );
    out.push_str(&format!(
        "  {:<28} {} MiB (from {})\n",
        "texture budget",
        budget_b >> 20,
        source.as_str()
    ));
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
    out
}

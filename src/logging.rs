//! Logging: `tracing` to stderr, filtered by `RX_VK_LOG`. tracing-subscriber's default
//! `tracing-log` bridge carries the `log` records of gpu-allocator and naga into it.

use std::io::IsTerminal;

use anyhow::Context;
use gpu::switches::Switches;
use tracing_subscriber::EnvFilter;

pub fn init(switches: &Switches) -> anyhow::Result<()> {
    let filter = EnvFilter::try_new(&switches.log_filter).with_context(|| {
        format!(
            "RX_VK_LOG={:?} is not a log filter (examples: info, gpu_vk=debug)",
            switches.log_filter
        )
    })?;
    // A second initialisation (tests calling in twice) keeps the first subscriber.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
    Ok(())
}

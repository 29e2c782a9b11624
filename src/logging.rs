//! Logging: `gpu::logging` (`RX_VK_LOG`'s filter, to stderr or `RX_VK_LOG_PATH`'s file).
//! tracing-subscriber's default `tracing-log` bridge carries the `log` records of
//! gpu-allocator and naga into it.

use gpu::switches::Switches;

pub fn init(switches: &Switches) -> anyhow::Result<()> {
    gpu::logging::init(switches)?;
    Ok(())
}

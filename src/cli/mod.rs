//! Subcommands of the `hookshot` program, one file each.

pub mod bench;
pub mod disasm;
pub mod fuzz;
pub mod info;
pub mod layout;
pub mod png;
pub mod probe;
pub mod progress;
pub mod replay;
pub mod shader;
pub mod texture;
pub mod warm;
pub mod warm_shaders;
pub mod warm_variants;

#[derive(clap::Subcommand)]
pub enum Command {
    /// The built-in workload: terrain tiles drawn, finalized, returning and defragmented,
    /// eleven lights, and the terrain check.
    Demo(crate::demo::Args),
    /// The device, its capabilities and the effective value of every RX_VK_* switch.
    Info(info::Args),
    /// Play a recording back: presented frames as PNG, and a summary.
    Replay(replay::Args),
    /// Pre-warm the pipeline cache (a title's, with --title) from a recording.
    Warm(warm::Args),
    /// Storage size, alignment and per-level placement of a texture.
    Layout(layout::Args),
    /// Convert texture data between linear and block-linear storage.
    Texture(texture::Args),
    /// Translate a shader to SPIR-V, with reflection and the Metal-route check; list a
    /// compiled Maxwell program.
    Shader(shader::Args),
    /// Benchmarks, each a ratio against its baseline measured in the same run.
    Bench(bench::Args),
    /// Driver probes: one question asked of the driver each, with no game (a table, and
    /// JSON with --json).
    Probe(probe::Args),
}

/// Reads every switch once and starts logging: the first step of each subcommand that
/// touches the renderer.
pub fn start() -> anyhow::Result<gpu::switches::Switches> {
    start_for_title(None)
}

/// `start` for a game's run: its configuration file and cache folders.
pub fn start_for_title(
    title: Option<gpu::title::Title>,
) -> anyhow::Result<gpu::switches::Switches> {
    let switches = gpu::switches::Switches::from_env_for_title(title)?;
    crate::logging::init(&switches)?;
    switches.warn_unknown();
    Ok(switches)
}

/// The translator's options from the switches `RX_VK_SPIRV_OPT`, `RX_VK_SHADER_CACHE` and
/// `RX_VK_PORTABILITY`.
pub fn translate_options(switches: &gpu::switches::Switches) -> shader_translate::TranslateOptions {
    shader_translate::TranslateOptions {
        optimise: switches.spirv_opt,
        cache: switches.shader_cache.location(),
        strict_portability: switches.portability,
    }
}

pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Demo(args) => crate::demo::run(args),
        Command::Info(args) => info::run(args),
        Command::Warm(args) => warm::run(args),
        Command::Layout(args) => layout::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Texture(args) => texture::run(args),
        Command::Shader(args) => shader::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Probe(args) => probe::run(args),
    }
}

/// Creates (or empties) an output file the run writes at its end, so a path that cannot
/// be written fails before the run, not after it.
pub fn create_output(path: &std::path::Path) -> anyhow::Result<std::fs::File> {
    use anyhow::Context;
    use std::io::{Seek, Write};
    let mut file =
        std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    // One byte written now, so an output that cannot take bytes (`/dev/full`, a full
    // disk seen at once) fails before the run, not after it. A regular file is emptied
    // again; anything else keeps a space, which JSON reads as nothing.
    file.write_all(b" ")
        .and_then(|()| file.flush())
        .with_context(|| format!("writing {}", path.display()))?;
    if file.metadata().is_ok_and(|meta| meta.is_file()) {
        file.set_len(0)
            .and_then(|()| file.rewind())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(file)
}

/// Writes `json` (pretty, one newline after) into `file`, made by `create_output(path)`.
pub fn write_json(
    mut file: std::fs::File,
    path: &std::path::Path,
    json: &serde_json::Value,
) -> anyhow::Result<()> {
    use anyhow::Context;
    use std::io::Write;
    file.write_all((serde_json::to_string_pretty(json)? + "\n").as_bytes())
        .with_context(|| format!("writing {}", path.display()))
}

/// The exit status of a run whose GPU work did not finish (`BackendError::GpuTimeout`).
pub const GPU_HUNG_EXIT: i32 = 4;

/// Exits at once with `GPU_HUNG_EXIT` when `error` says the GPU hung: returning would run
/// the renderer's teardown, which must wait for the GPU's work to end before it frees
/// what that work uses, and so would hang the program.
pub fn exit_if_gpu_hung(error: &anyhow::Error) {
    let hung = error.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<gpu::BackendError>(),
            Some(gpu::BackendError::GpuTimeout { .. })
        )
    });
    if hung {
        eprintln!("hookshot: error: {}", one_line(error));
        std::process::exit(GPU_HUNG_EXIT);
    }
}

/// `error` and its causes in one line, joined by ": ", without a cause whose words the
/// message before it already holds (many errors print their source inside their own).
pub fn one_line(error: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in error.chain() {
        // A cause of several lines (a validator's log) is joined into this one.
        let text = cause
            .to_string()
            .lines()
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("; ");
        if line.contains(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_cause_already_in_the_message_is_not_repeated() {
        #[derive(Debug, thiserror::Error)]
        #[error("inner")]
        struct Inner;
        #[derive(Debug, thiserror::Error)]
        #[error("outer: {0}")]
        struct Outer(#[source] Inner);
        let error = anyhow::Error::new(Outer(Inner)).context("while testing");
        assert_eq!(super::one_line(&error), "while testing: outer: inner");
        let plain = anyhow::anyhow!("first").context("second");
        assert_eq!(super::one_line(&plain), "second: first");
    }
}

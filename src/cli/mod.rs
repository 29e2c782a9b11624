//! Subcommands of the `hookshot` program, one file each.

pub mod bench;
pub mod disasm;
pub mod info;
pub mod layout;
pub mod png;
pub mod replay;
pub mod shader;
pub mod texture;

#[derive(clap::Subcommand)]
pub enum Command {
    /// The built-in workload: terrain tiles drawn, finalized, returning and defragmented,
    /// eleven lights, and the terrain check.
    Demo(crate::demo::Args),
    /// The device, its capabilities and the effective value of every RX_VK_* switch.
    Info(info::Args),
    /// Play a recording back: presented frames as PNG, and a summary.
    Replay(replay::Args),
    /// Storage size, alignment and per-level placement of a texture.
    Layout(layout::Args),
    /// Convert texture data between linear and block-linear storage.
    Texture(texture::Args),
    /// Translate a shader to SPIR-V, with reflection and the Metal-route check; list a
    /// compiled Maxwell program.
    Shader(shader::Args),
    /// Benchmarks, each a ratio against its baseline measured in the same run.
    Bench(bench::Args),
}

/// Reads every switch once and starts logging: the first step of each subcommand that
/// touches the renderer.
pub fn start() -> anyhow::Result<gpu::switches::Switches> {
    let switches = gpu::switches::Switches::from_env()?;
    crate::logging::init(&switches)?;
    Ok(switches)
}

/// The translator's options from the switches `RX_VK_SPIRV_OPT`, `RX_VK_SHADER_CACHE` and
/// `RX_VK_PORTABILITY`.
pub fn translate_options(switches: &gpu::switches::Switches) -> shader_translate::TranslateOptions {
    use gpu::switches::ShaderCacheChoice;
    use shader_translate::CacheLocation;
    shader_translate::TranslateOptions {
        optimise: switches.spirv_opt,
        cache: match &switches.shader_cache {
            ShaderCacheChoice::UserCacheDir => CacheLocation::UserCacheDir,
            ShaderCacheChoice::Off => CacheLocation::Off,
            ShaderCacheChoice::Dir(path) => CacheLocation::Dir(path.clone()),
        },
        strict_portability: switches.portability,
    }
}

pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Demo(args) => crate::demo::run(args),
        Command::Info(args) => info::run(args),
        Command::Layout(args) => layout::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Texture(args) => texture::run(args),
        Command::Shader(args) => shader::run(args),
        Command::Bench(args) => bench::run(args),
    }
}

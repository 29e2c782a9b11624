//! `hookshot bench ...`: every figure is a ratio against a baseline measured in the same run.

pub mod shaders;
pub mod swizzle;
pub mod writeback;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    which: Which,
}

#[derive(clap::Subcommand)]
enum Which {
    /// CPU swizzle and deswizzle against tegra_swizzle and a plain copy.
    Swizzle(swizzle::Args),
    /// Shader translation of the corpus: cold against a warm cache.
    Shaders(shaders::Args),
    /// The GPU write-back and upload kernels against plain Vulkan copies of the same bytes.
    Writeback(writeback::Args),
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.which {
        Which::Swizzle(args) => swizzle::run(args),
        Which::Shaders(args) => shaders::run(args),
        Which::Writeback(args) => writeback::run(args),
    }
}

//! `hookshot bench ...`: every figure is a ratio against a baseline measured in the same run.

pub mod defrag;
pub mod draws;
pub mod pointers;

/// The most rounds, frames or batches a benchmark takes: a median needs at least one,
/// and more than this is hours, not a measurement.
const MAX_ROUNDS: i64 = 10_000;
pub mod shaders;
pub mod shaders_fuzz;
pub mod stutter;
pub mod swizzle;
pub mod tracking;
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
    /// Draws through Hookshot (NVN command buffer -> executor) against the same draws
    /// recorded directly with ash.
    Draws(draws::Args),
    /// The game's writes into a page-protected pool against an unprotected one.
    Tracking(tracking::Args),
    /// Seed 000's defragmentation by remapping a virtual pool's pages against `memcpy`.
    Defrag(defrag::Args),
    /// A compute dispatch through raw pointers (the pool table) against the same
    /// dispatch through storage bindings.
    Pointers(pointers::Args),
    /// New materials over time from a cold start: median and worst frame, frames that
    /// waited on a pipeline compile.
    Stutter(stutter::Args),
}

pub fn run(args: Args) -> anyhow::Result<()> {
    match args.which {
        Which::Swizzle(args) => swizzle::run(args),
        Which::Shaders(args) => shaders::run(args),
        Which::Writeback(args) => writeback::run(args),
        Which::Draws(args) => draws::run(args),
        Which::Tracking(args) => tracking::run(args),
        Which::Defrag(args) => defrag::run(args),
        Which::Pointers(args) => pointers::run(args),
        Which::Stutter(args) => stutter::run(args),
    }
}

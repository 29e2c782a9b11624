//! `cargo bench --bench swizzle`: the same measurement as `hookshot bench swizzle`, from the
//! same source file.

#[path = "../src/cli/bench/swizzle.rs"]
mod swizzle;

#[path = "../src/cli/progress.rs"]
mod progress;

/// The program's progress line, at the path the shared source names it by.
mod cli {
    pub(crate) use super::progress;
}

fn main() -> anyhow::Result<()> {
    swizzle::run(swizzle::Args::default())
}

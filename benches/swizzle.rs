//! `cargo bench --bench swizzle`: the same measurement as `hookshot bench swizzle`, from the
//! same source file.

#[path = "../src/cli/bench/swizzle.rs"]
mod swizzle;

fn main() -> anyhow::Result<()> {
    swizzle::run(swizzle::Args::default())
}

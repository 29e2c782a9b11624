//! Placeholder until its issue lands; replaced by the crate's owner.

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("this subcommand is not built yet")
}

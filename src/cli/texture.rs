//! `hookshot texture swizzle|deswizzle`: converts a texture file between linear data
//! (layers one after another, each its levels in order, tightly packed) and block-linear
//! (or pitch-linear) storage.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Context};
use memory::swizzle::{deswizzle_texture, swizzle_texture};

use super::layout::TextureArgs;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    direction: Direction,
}

#[derive(clap::Subcommand)]
enum Direction {
    /// Linear data to storage.
    Swizzle(Convert),
    /// Storage to linear data.
    Deswizzle(Convert),
}

#[derive(clap::Args)]
struct Convert {
    #[command(flatten)]
    texture: TextureArgs,
    /// File to read.
    input: PathBuf,
    /// File to write.
    output: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let (convert, to_storage) = match args.direction {
        Direction::Swizzle(convert) => (convert, true),
        Direction::Deswizzle(convert) => (convert, false),
    };
    let layout = convert.texture.layout()?;
    let (needed_b, produced_b) = if to_storage {
        (layout.linear_size_b(), layout.size_b)
    } else {
        (layout.size_b, layout.linear_size_b())
    };
    let (input, longer) = read_at_most(&convert.input, needed_b)?;
    let input_len_b = input.len() as u64;
    if input_len_b < needed_b {
        bail!(
            "{} has {input_len_b} bytes; the layout needs {needed_b}",
            convert.input.display()
        );
    }
    if longer {
        eprintln!(
            "hookshot: warning: {} has more than {needed_b} bytes; only the first {needed_b} are used",
            convert.input.display()
        );
    }
    let mut output = Vec::new();
    output
        .try_reserve_exact(produced_b as usize)
        .map_err(|_| anyhow!("cannot allocate {produced_b} bytes for the output"))?;
    output.resize(produced_b as usize, 0);
    if to_storage {
        swizzle_texture(&layout, &input, &mut output)?;
    } else {
        deswizzle_texture(&layout, &input, &mut output)?;
    }
    std::fs::write(&convert.output, &output)
        .with_context(|| format!("cannot write {}", convert.output.display()))?;
    println!(
        "{} {} bytes to {}",
        if to_storage { "swizzled" } else { "deswizzled" },
        output.len(),
        convert.output.display()
    );
    Ok(())
}

/// The first `len_b` bytes of `path` (fewer if it is shorter), and whether it holds more:
/// only what the layout needs is read, so an endless input (a pipe, `/dev/zero`) costs
/// no more than a file of the right size.
fn read_at_most(path: &std::path::Path, len_b: u64) -> anyhow::Result<(Vec<u8>, bool)> {
    Ok(bounded_read::read_prefix(path, len_b)?)
}

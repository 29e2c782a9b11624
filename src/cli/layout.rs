//! `hookshot layout`: the storage of a texture (size, alignment, layer stride, and every
//! level's offset, size, extent and block size), as text or one JSON object. The texture
//! options here are shared with `hookshot texture`.

use anyhow::{anyhow, Context};
use memory::{Format, LayoutDesc, TextureKind, TextureLayout, Tiling};

#[derive(clap::Args)]
pub struct Args {
    /// List every format name with its element size and footprint, then exit.
    #[arg(long)]
    list_formats: bool,
    #[command(flatten)]
    texture: TextureArgs,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

/// The options that describe a texture.
#[derive(clap::Args)]
pub struct TextureArgs {
    /// Format name in lower case, e.g. rgba8, rg8, bc3, astc-6x6, z24s8 (see --list-formats).
    #[arg(long)]
    format: Option<String>,
    /// Extent in pixels: W, WxH or WxHxD.
    #[arg(long)]
    size: Option<String>,
    /// Mip levels.
    #[arg(long, default_value_t = 1)]
    levels: u32,
    /// Array layers, or cubes of a cube array.
    #[arg(long, default_value_t = 1)]
    layers: u32,
    /// 2d, 3d, cube, cube-array, 2d-array, 1d, 1d-array, 2d-ms, rect or buffer.
    #[arg(long, default_value = "2d")]
    kind: String,
    /// Samples of a 2d-ms texture: 2, 4 or 8.
    #[arg(long, default_value_t = 1)]
    samples: u32,
    /// Block height in GOBs (1, 2, 4, 8, 16, 32); the default policy when left out.
    #[arg(long, value_name = "GOBS")]
    block_height: Option<u32>,
    /// Pitch-linear storage instead of block-linear.
    #[arg(long, conflicts_with = "block_height")]
    pitch_linear: bool,
}

impl TextureArgs {
    /// The layout these options describe, or a one-line reason why there is none.
    pub fn layout(&self) -> anyhow::Result<TextureLayout> {
        let format_name = self
            .format
            .as_deref()
            .ok_or_else(|| anyhow!("--format is required"))?;
        let format = Format::from_name(format_name).ok_or_else(|| {
            anyhow!("unknown format {format_name:?} (hookshot layout --list-formats lists them)")
        })?;
        let kind = TextureKind::from_name(&self.kind).ok_or_else(|| {
            let names: Vec<&str> = TextureKind::ALL.iter().map(|kind| kind.name()).collect();
            anyhow!("unknown kind {:?} (one of {})", self.kind, names.join(", "))
        })?;
        let size = self
            .size
            .as_deref()
            .ok_or_else(|| anyhow!("--size is required"))?;
        let (width_px, height_px, depth_px) = parse_size(size)?;
        let desc = LayoutDesc {
            kind,
            depth_px,
            layers: self.layers,
            samples: self.samples,
            tiling: if self.pitch_linear {
                Tiling::PitchLinear
            } else {
                Tiling::BlockLinear {
                    block_height_gobs: self.block_height,
                }
            },
            ..LayoutDesc::new_2d(format, width_px, height_px, self.levels)
        };
        TextureLayout::new(&desc).context("no storage layout")
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if args.list_formats {
        print!("{}", format_list());
        return Ok(());
    }
    let layout = args.texture.layout()?;
    if args.json {
        println!("{}", json(&layout));
    } else {
        print!("{}", table(&layout));
    }
    Ok(())
}

/// `W`, `WxH` or `WxHxD` in pixels.
fn parse_size(size: &str) -> anyhow::Result<(u32, u32, u32)> {
    let parts: Vec<&str> = size.split('x').collect();
    let bad = || anyhow!("--size {size:?} is not W, WxH or WxHxD");
    if parts.is_empty() || parts.len() > 3 {
        return Err(bad());
    }
    let mut extent = [1u32; 3];
    for (slot, part) in extent.iter_mut().zip(&parts) {
        *slot = part.parse().map_err(|_| bad())?;
    }
    Ok((extent[0], extent[1], extent[2]))
}

fn format_list() -> String {
    let mut out = format!(
        "{:<16} {:>5} {:>9}  {}\n",
        "format", "bytes", "footprint", "class"
    );
    for format in Format::ALL {
        let aspect = if format.is_depth_or_stencil() {
            format!(" {:?}", format.aspect()).to_lowercase()
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{:<16} {:>5} {:>9}  {:?}{}{}\n",
            format.name(),
            format.bytes_per_element(),
            format!("{}x{}", format.block_width_px(), format.block_height_px()),
            format.class(),
            if format.is_srgb() { " srgb" } else { "" },
            aspect,
        ));
    }
    out
}

fn table(layout: &TextureLayout) -> String {
    let desc = &layout.desc;
    let tiling = match desc.tiling {
        Tiling::PitchLinear => "pitch-linear".to_owned(),
        Tiling::BlockLinear {
            block_height_gobs: Some(gobs),
        } => format!("block-linear, block height {gobs} GOBs (explicit)"),
        Tiling::BlockLinear { .. } => "block-linear, default block height".to_owned(),
    };
    let mut out = format!(
        "{} {} {}x{}x{}, {} level(s), {} storage layer(s), {}\n",
        desc.format,
        desc.kind,
        desc.width_px,
        desc.height_px,
        desc.depth_px,
        desc.levels,
        layout.layer_count,
        tiling
    );
    out.push_str(&format!(
        "size {} bytes ({:#x}), alignment {}, layer stride {} ({:#x})\n",
        layout.size_b,
        layout.size_b,
        layout.alignment_b,
        layout.layer_stride_b,
        layout.layer_stride_b
    ));
    out.push_str("level     offset        size  extent (elements)  block (GOBs, h x d)\n");
    for level in &layout.levels {
        let extent = format!("{}x{}x{}", level.width_el, level.height_el, level.depth_el);
        let block = if level.is_pitch_linear() {
            format!("pitch {} bytes", level.pitch_b)
        } else {
            format!("{} x {}", level.block_height_gobs, level.block_depth_gobs)
        };
        out.push_str(&format!(
            "{:>5} {:>#10x} {:>11}  {:<17}  {}\n",
            level.level, level.offset_b, level.size_b, extent, block
        ));
    }
    out
}

fn json(layout: &TextureLayout) -> serde_json::Value {
    let block = |gobs: u32| {
        if layout.is_pitch_linear() {
            serde_json::Value::Null
        } else {
            gobs.into()
        }
    };
    let levels: Vec<serde_json::Value> = layout
        .levels
        .iter()
        .map(|level| {
            serde_json::json!({
                "offset": level.offset_b,
                "size": level.size_b,
                "width": level.width_el,
                "height": level.height_el,
                "depth": level.depth_el,
                "block_height": block(level.block_height_gobs),
                "block_depth": block(level.block_depth_gobs),
            })
        })
        .collect();
    serde_json::json!({
        "size": layout.size_b,
        "alignment": layout.alignment_b,
        "layer_stride": layout.layer_stride_b,
        "levels": levels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("1280x720").unwrap(), (1280, 720, 1));
        assert_eq!(parse_size("64").unwrap(), (64, 1, 1));
        assert_eq!(parse_size("8x8x4").unwrap(), (8, 8, 4));
        assert!(parse_size("8x").is_err());
        assert!(parse_size("1x2x3x4").is_err());
        assert!(parse_size("-1x2").is_err());
    }
}

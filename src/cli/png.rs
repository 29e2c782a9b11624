//! Frames out as PNG files.

use std::path::Path;

use anyhow::Context;

/// Writes tightly packed RGBA8 `pixels` of `width_px` x `height_px` to `path`.
pub fn write_rgba8(
    path: &Path,
    width_px: u32,
    height_px: u32,
    pixels: &[u8],
) -> anyhow::Result<()> {
    let file =
        std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width_px, height_px);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder
        .write_header()
        .with_context(|| format!("writing {}", path.display()))?;
    writer
        .write_image_data(pixels)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

//! RGB32 texels (three little-endian 32-bit words, 12 bytes) expanded to RGBA32 (16 bytes)
//! for a driver that cannot sample 96-bit texels: the three words as they are, then one as
//! alpha, as sampling an RGB32 texture reads it (1.0 for floats, 1 for integers).

use memory::{Format, FormatClass};

/// Bytes of one RGB32 texel in storage.
pub const RGB32_TEXEL_B: usize = 12;
/// Bytes of one RGBA32 texel in the image.
pub const RGBA32_TEXEL_B: usize = 16;

/// The alpha word an expanded texel of `format` gets: one of its kind.
fn alpha_one(format: Format) -> [u8; 4] {
    match format.class() {
        FormatClass::Float => 1.0_f32.to_le_bytes(),
        _ => 1_u32.to_le_bytes(),
    }
}

/// Expands `texels` (tightly packed RGB32 of `format`) into `rgba` (as many RGBA32
/// texels). `rgba` holds `texels.len() / 12 * 16` bytes.
pub fn expand_rgb32(format: Format, texels: &[u8], rgba: &mut [u8]) {
    let alpha = alpha_one(format);
    for (texel, out) in texels
        .chunks_exact(RGB32_TEXEL_B)
        .zip(rgba.chunks_exact_mut(RGBA32_TEXEL_B))
    {
        out[..RGB32_TEXEL_B].copy_from_slice(texel);
        out[RGB32_TEXEL_B..].copy_from_slice(&alpha);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_texel_keeps_its_words_and_gains_alpha_one() {
        let words: Vec<u8> = (1_u32..=6).flat_map(u32::to_le_bytes).collect();
        let mut rgba = vec![0; 32];
        expand_rgb32(Format::Rgb32Ui, &words, &mut rgba);
        let read: Vec<u32> = rgba
            .chunks(4)
            .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
            .collect();
        assert_eq!(read, [1, 2, 3, 1, 4, 5, 6, 1]);
        let floats: Vec<u8> = [0.5_f32, -2.0, 8.0]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let mut rgba = vec![0; 16];
        expand_rgb32(Format::Rgb32F, &floats, &mut rgba);
        assert_eq!(&rgba[..12], &floats[..]);
        assert_eq!(f32::from_le_bytes(rgba[12..].try_into().unwrap()), 1.0);
    }
}

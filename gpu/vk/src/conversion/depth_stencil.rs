//! Packed depth/stencil texels of storage split into what Vulkan's buffer-to-image copies
//! take for each aspect of a combined image: the depth aspect 4 bytes a texel, the stencil
//! aspect 1 byte a texel. NVN names packed formats from the least significant bit: Z24S8
//! is depth in the low 24 bits and stencil in the high 8; Z32FS8 is the float, then the
//! stencil byte (and 3 unused).

use memory::Format;

use crate::conv::Conversion;

/// Bytes a texel of the depth aspect takes in a buffer copy (D24 in 32 bits, or D32F).
pub const DEPTH_TEXEL_B: u64 = 4;
/// Bytes a texel of the stencil aspect takes in a buffer copy.
pub const STENCIL_TEXEL_B: u64 = 1;
/// The largest 24-bit UNORM value: depth 1.0.
const D24_ONE: u32 = 0x00ff_ffff;

/// How a combined depth/stencil texture's texels become its two aspects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthStencilSplit {
    /// Z24S8 into D24_UNORM_S8_UINT: the depth copy takes each word as it is (Vulkan reads
    /// its low 24 bits).
    Z24S8,
    /// Z24S8 into D32_SFLOAT_S8_UINT: the 24-bit depth as the float it stands for.
    Z24S8AsZ32F,
    /// Z32FS8 into D32_SFLOAT_S8_UINT: the float as it is.
    Z32FS8,
}

impl DepthStencilSplit {
    /// The split a texture of `format` stored with `conversion` needs; `None` for formats
    /// with one aspect (or a pair no mapping makes).
    pub fn of(format: Format, conversion: Conversion) -> Option<DepthStencilSplit> {
        match (format, conversion) {
            (Format::Z24S8, Conversion::Direct) => Some(DepthStencilSplit::Z24S8),
            (Format::Z24S8, Conversion::Z24S8AsZ32FS8) => Some(DepthStencilSplit::Z24S8AsZ32F),
            (Format::Z32FS8, Conversion::Direct) => Some(DepthStencilSplit::Z32FS8),
            _ => None,
        }
    }

    /// Bytes of one texel in storage.
    pub fn storage_texel_b(self) -> u64 {
        match self {
            DepthStencilSplit::Z24S8 | DepthStencilSplit::Z24S8AsZ32F => 4,
            DepthStencilSplit::Z32FS8 => 8,
        }
    }
}

/// Splits `texels` (storage's packed texels, tightly) into `depth` (`DEPTH_TEXEL_B` a
/// texel) and `stencil` (`STENCIL_TEXEL_B` a texel). The three hold the same number of
/// texels: `stencil.len()`.
pub fn split_depth_stencil(
    split: DepthStencilSplit,
    texels: &[u8],
    depth: &mut [u8],
    stencil: &mut [u8],
) {
    let texel_b = split.storage_texel_b() as usize;
    debug_assert_eq!(texels.len(), stencil.len() * texel_b);
    debug_assert_eq!(depth.len(), stencil.len() * DEPTH_TEXEL_B as usize);
    let outputs = depth
        .chunks_exact_mut(DEPTH_TEXEL_B as usize)
        .zip(stencil.iter_mut());
    for (texel, (depth, stencil)) in texels.chunks_exact(texel_b).zip(outputs) {
        match split {
            DepthStencilSplit::Z24S8 | DepthStencilSplit::Z24S8AsZ32F => {
                let word = u32::from_le_bytes([texel[0], texel[1], texel[2], texel[3]]);
                *stencil = (word >> 24) as u8;
                let depth_bytes = if split == DepthStencilSplit::Z24S8 {
                    word.to_le_bytes()
                } else {
                    ((word & D24_ONE) as f32 / D24_ONE as f32).to_le_bytes()
                };
                depth.copy_from_slice(&depth_bytes);
            }
            DepthStencilSplit::Z32FS8 => {
                depth.copy_from_slice(&texel[..4]);
                *stencil = texel[4];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(split: DepthStencilSplit, texels: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let count = texels.len() / split.storage_texel_b() as usize;
        let mut depth = vec![0; count * DEPTH_TEXEL_B as usize];
        let mut stencil = vec![0; count];
        split_depth_stencil(split, texels, &mut depth, &mut stencil);
        (depth, stencil)
    }

    fn floats(bytes: &[u8]) -> Vec<f32> {
        bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
            .collect()
    }

    #[test]
    fn z24s8_splits_into_a_float_depth_and_its_stencil_byte() {
        let words = [0x5a00_0000u32, 0xa5ff_ffff, 0x0180_0000, 0xff00_0001];
        let texels: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let (depth, stencil) = split(DepthStencilSplit::Z24S8AsZ32F, &texels);
        assert_eq!(stencil, [0x5a, 0xa5, 0x01, 0xff]);
        let expected = [0.0, 1.0, 8_388_608.0 / 16_777_215.0, 1.0 / 16_777_215.0];
        for (got, want) in floats(&depth).into_iter().zip(expected) {
            assert_eq!(got, want as f32);
        }
    }

    #[test]
    fn z24s8_into_d24s8_keeps_each_word_for_the_depth_copy() {
        let texels = 0x7712_3456u32.to_le_bytes();
        let (depth, stencil) = split(DepthStencilSplit::Z24S8, &texels);
        assert_eq!(depth, texels);
        assert_eq!(stencil, [0x77]);
    }

    #[test]
    fn z32fs8_splits_its_float_from_its_stencil_byte() {
        let mut texels = 0.625f32.to_le_bytes().to_vec();
        texels.extend_from_slice(&[0x3c, 0xde, 0xad, 0xbe]);
        let (depth, stencil) = split(DepthStencilSplit::Z32FS8, &texels);
        assert_eq!(floats(&depth), [0.625]);
        assert_eq!(stencil, [0x3c]);
    }

    #[test]
    fn only_combined_formats_split() {
        assert_eq!(
            DepthStencilSplit::of(Format::Z24S8, Conversion::Z24S8AsZ32FS8),
            Some(DepthStencilSplit::Z24S8AsZ32F)
        );
        assert_eq!(
            DepthStencilSplit::of(Format::Z32F, Conversion::Direct),
            None
        );
        assert_eq!(DepthStencilSplit::of(Format::S8, Conversion::Direct), None);
        assert_eq!(
            DepthStencilSplit::of(Format::Bc1, Conversion::DecodeToRgba8),
            None
        );
    }
}

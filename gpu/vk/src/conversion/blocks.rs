//! Block-compressed levels (BC1-BC7, ASTC) decoded on the CPU to RGBA8, for a driver that
//! cannot sample the format (or when the fallback is forced). `texture2ddecoder` decodes
//! each block; this file walks a level's blocks, crops the edge blocks to the level's
//! pixels, and puts each texel's bytes in Vulkan's order.
//!
//! What the RGBA8 image holds, by format:
//! - BC4/BC5: R (and G) decoded, the missing components as Vulkan samples an R or RG
//!   format (G, B = 0, A = 1); BC4/BC5 signed into an SNORM image, unsigned into UNORM.
//! - BC6H: the decoder gives 8 bits per channel clamped to [0, 1]: HDR values above 1 and
//!   (signed) below 0 are lost, and the rest keeps 8 bits of its 16. Blocks of the mode
//!   with 16-bit endpoints are rejected (the decoder loses their second endpoint).
//! - BC1: BC1_RGBA (punch-through alpha), as NVN's BC1 maps natively; BC2/BC3 colour in
//!   four-colour mode whatever its endpoints' order (the decoder reads it as BC1 does).
//! - ASTC: as the decoder gives them, 8 bits a channel (HDR blocks clamped).
//!
//! A rejected block (also one the decoder panics on: it does on some illegal ASTC
//! encodings, and the panic hook still prints that) is ASTC's error colour, magenta; the
//! caller is told how many there were.

use std::panic::{catch_unwind, AssertUnwindSafe};

use memory::Format;

/// The largest footprint: ASTC 12x12.
const MAX_BLOCK_TEXELS: usize = 144;
/// One in an SNORM byte.
const SNORM_ONE: u8 = 0x7f;
/// What the decoder writes before a block's channels: opaque black, its `u32` BGRA order.
const OPAQUE_BLACK: u32 = u32::from_le_bytes([0, 0, 0, 0xff]);
/// What a block the decoder rejects becomes: ASTC's error colour (magenta), in the
/// decoder's BGRA order.
const ERROR_COLOUR: u32 = u32::from_le_bytes([0xff, 0, 0xff, 0xff]);
/// BC6H's mode bits (5 where the first two are 1x) and the mode with 16-bit endpoints,
/// which the decoder masks to 0 (a 16-bit shift of a `u16`): rejected, not decoded wrong.
const BC6H_MODE_MASK: u8 = 0x1f;
const BC6H_MODE_16_BIT_ENDPOINTS: u8 = 0x0f;

/// Why a level could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("{0} is not a block-compressed format")]
    NotCompressed(Format),
    #[error("{format} level of {width_px}x{height_px}x{depth_px} px: {len_b} bytes of blocks for {expected_b}")]
    BlocksLength {
        format: Format,
        width_px: u32,
        height_px: u32,
        depth_px: u32,
        len_b: u64,
        expected_b: u64,
    },
    #[error("{width_px}x{height_px}x{depth_px} px of RGBA8 need {expected_b} bytes, the output has {len_b}")]
    OutputLength {
        width_px: u32,
        height_px: u32,
        depth_px: u32,
        len_b: u64,
        expected_b: u64,
    },
}

/// What decoding a level found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DecodedLevel {
    /// ASTC blocks the decoder could not take, filled with the error colour.
    pub rejected_blocks: u64,
}

/// Bytes of a level of `[width, height, depth]` pixels decoded to RGBA8.
pub fn decoded_size_b([width_px, height_px, depth_px]: [u32; 3]) -> u64 {
    u64::from(width_px) * u64::from(height_px) * u64::from(depth_px) * 4
}

/// The block decoder of a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Codec {
    Bc1,
    /// BC1 read as RGB: index 3 of a three-colour block is opaque black.
    Bc1Rgb,
    Bc2,
    Bc3,
    Bc4,
    Bc4Signed,
    Bc5,
    Bc5Signed,
    Bc6Unsigned,
    Bc6Signed,
    Bc7,
    Etc2Rgb,
    /// ETC2 with punch-through alpha (RGB8A1).
    Etc2RgbPta,
    /// ETC2 colour with an EAC alpha block (RGBA8).
    Etc2Rgba,
    Astc {
        width_px: usize,
        height_px: usize,
    },
}

fn codec(format: Format) -> Option<Codec> {
    use Format as F;
    Some(match format {
        F::Bc1 | F::Bc1Srgb => Codec::Bc1,
        F::Bc1Rgb | F::Bc1RgbSrgb => Codec::Bc1Rgb,
        F::Bc2 | F::Bc2Srgb => Codec::Bc2,
        F::Bc3 | F::Bc3Srgb => Codec::Bc3,
        F::Bc4 => Codec::Bc4,
        F::Bc4Sn => Codec::Bc4Signed,
        F::Bc5 => Codec::Bc5,
        F::Bc5Sn => Codec::Bc5Signed,
        F::Bc6 => Codec::Bc6Unsigned,
        F::Bc6Sf => Codec::Bc6Signed,
        F::Bc7 | F::Bc7Srgb => Codec::Bc7,
        F::Etc2Rgb | F::Etc2RgbSrgb => Codec::Etc2Rgb,
        F::Etc2RgbPta | F::Etc2RgbPtaSrgb => Codec::Etc2RgbPta,
        F::Etc2Rgba | F::Etc2RgbaSrgb => Codec::Etc2Rgba,
        // Every other compressed format of the table is ASTC.
        _ if format.is_compressed() => Codec::Astc {
            width_px: format.block_width_px() as usize,
            height_px: format.block_height_px() as usize,
        },
        _ => return None,
    })
}

/// Decodes one level: `blocks` holds its blocks tightly packed (rows of blocks, then
/// slices, as the deswizzle writes them), `rgba8` receives its pixels (rows of
/// `width_px`, then slices), the edge blocks cropped.
pub fn decode_level(
    format: Format,
    extent_px: [u32; 3],
    blocks: &[u8],
    rgba8: &mut [u8],
) -> Result<DecodedLevel, DecodeError> {
    let codec = codec(format).ok_or(DecodeError::NotCompressed(format))?;
    let [width_px, height_px, depth_px] = extent_px;
    let (width_el, height_el) = format.extent_el(width_px, height_px);
    let block_b = format.bytes_per_element() as usize;
    let expected_b =
        u64::from(width_el) * u64::from(height_el) * u64::from(depth_px) * block_b as u64;
    if blocks.len() as u64 != expected_b {
        return Err(DecodeError::BlocksLength {
            format,
            width_px,
            height_px,
            depth_px,
            len_b: blocks.len() as u64,
            expected_b,
        });
    }
    let expected_b = decoded_size_b(extent_px);
    if rgba8.len() as u64 != expected_b {
        return Err(DecodeError::OutputLength {
            width_px,
            height_px,
            depth_px,
            len_b: rgba8.len() as u64,
            expected_b,
        });
    }
    let block_width_px = format.block_width_px() as usize;
    let block_height_px = format.block_height_px() as usize;
    let (width_px, height_px) = (width_px as usize, height_px as usize);
    let row_b = width_px * 4;
    let slice_b = row_b * height_px;
    let mut texels = [0u32; MAX_BLOCK_TEXELS];
    let texels = &mut texels[..block_width_px * block_height_px];
    let mut decoded = DecodedLevel::default();
    let mut block_chunks = blocks.chunks_exact(block_b);
    for z in 0..depth_px as usize {
        for y_el in 0..height_el as usize {
            for x_el in 0..width_el as usize {
                let Some(block) = block_chunks.next() else {
                    unreachable!("the length was checked above");
                };
                if !decode_block(codec, block, texels) {
                    decoded.rejected_blocks += 1;
                }
                let (x_px, y_px) = (x_el * block_width_px, y_el * block_height_px);
                let columns = block_width_px.min(width_px - x_px);
                let rows = block_height_px.min(height_px - y_px);
                for row in 0..rows {
                    let start_b = z * slice_b + (y_px + row) * row_b + x_px * 4;
                    let out = &mut rgba8[start_b..start_b + columns * 4];
                    let source = &texels[row * block_width_px..][..columns];
                    for (pixel, &texel) in out.chunks_exact_mut(4).zip(source) {
                        pixel.copy_from_slice(&rgba8_bytes(codec, texel));
                    }
                }
            }
        }
    }
    Ok(decoded)
}

/// Decodes one block into `texels` (rows of the footprint, the decoder's BGRA `u32`s).
/// False when the decoder rejected it (the texels are then the error colour).
fn decode_block(codec: Codec, block: &[u8], texels: &mut [u32]) -> bool {
    use texture2ddecoder as decoder;
    let bc6h = matches!(codec, Codec::Bc6Unsigned | Codec::Bc6Signed);
    if bc6h && block[0] & BC6H_MODE_MASK == BC6H_MODE_16_BIT_ENDPOINTS {
        texels.fill(ERROR_COLOUR);
        return false;
    }
    // BC4/BC5 write only their channels over what is there.
    texels.fill(OPAQUE_BLACK);
    // The decoder panics on some malformed blocks (and overflows arithmetic where checks
    // are on); the texture is game data, so a panic is one rejected block.
    let decoded = catch_unwind(AssertUnwindSafe(|| match codec {
        // NVN's BC1 is BC1_RGBA: index 3 of a three-colour block is transparent black.
        Codec::Bc1 => decoder::decode_bc1a_block(block, texels),
        Codec::Bc1Rgb => decoder::decode_bc1_block(block, texels),
        Codec::Bc2 => decoder::decode_bc2_block(&four_colour::<16>(block), texels),
        Codec::Bc3 => decoder::decode_bc3_block(&four_colour::<16>(block), texels),
        Codec::Bc4 => decoder::decode_bc4_block(block, texels),
        Codec::Bc4Signed => decoder::decode_bc4_block(&biased_endpoints::<8>(block), texels),
        Codec::Bc5 => decoder::decode_bc5_block(block, texels),
        Codec::Bc5Signed => decoder::decode_bc5_block(&biased_endpoints::<16>(block), texels),
        Codec::Bc6Unsigned => decoder::decode_bc6_block_unsigned(block, texels),
        Codec::Bc6Signed => decoder::decode_bc6_block_signed(block, texels),
        Codec::Bc7 => decoder::decode_bc7_block(block, texels),
        Codec::Etc2Rgb => decoder::decode_etc2_rgb_block(block, texels),
        Codec::Etc2RgbPta => decoder::decode_etc2_rgba1_block(block, texels),
        Codec::Etc2Rgba => decoder::decode_etc2_rgba8_block(block, texels),
        Codec::Astc {
            width_px,
            height_px,
        } => decoder::decode_astc_block(block, width_px, height_px, texels),
    }));
    if decoded.is_err() {
        texels.fill(ERROR_COLOUR);
        return false;
    }
    true
}

/// A BC2/BC3 block whose colour half (its last 8 bytes) the BC1 decoder reads in
/// four-colour mode, as BC2/BC3 define, whatever the order of its endpoints: where
/// colour0 < colour1 the endpoints swap and each index with them (0<->1, 2<->3); where they
/// are equal every texel is colour0.
fn four_colour<const N: usize>(block: &[u8]) -> [u8; N] {
    let mut ordered = [0; N];
    ordered.copy_from_slice(&block[..N]);
    let colour = &mut ordered[N - 8..];
    let colour0 = u16::from_le_bytes([colour[0], colour[1]]);
    let colour1 = u16::from_le_bytes([colour[2], colour[3]]);
    let indices = u32::from_le_bytes([colour[4], colour[5], colour[6], colour[7]]);
    let (colour0, colour1, indices) = match colour0.cmp(&colour1) {
        std::cmp::Ordering::Greater => return ordered,
        std::cmp::Ordering::Less => (colour1, colour0, indices ^ 0x5555_5555),
        std::cmp::Ordering::Equal => (colour0, colour1, 0),
    };
    colour[..2].copy_from_slice(&colour0.to_le_bytes());
    colour[2..4].copy_from_slice(&colour1.to_le_bytes());
    colour[4..].copy_from_slice(&indices.to_le_bytes());
    ordered
}

/// A signed BC4 block (or each half of a BC5 block) with its two endpoints moved from
/// [-127, 127] to [1, 255]: the unsigned decoder then keeps their order and interpolates
/// the same values plus 128 (up to its rounding), and its 6-value mode's 0 and 255 are
/// -1 and 1. -128 is -127, as the format defines.
fn biased_endpoints<const N: usize>(signed: &[u8]) -> [u8; N] {
    let mut biased = [0; N];
    biased.copy_from_slice(&signed[..N]);
    for half in biased.chunks_exact_mut(8) {
        for endpoint in &mut half[..2] {
            *endpoint = ((*endpoint as i8).max(-127) as u8) ^ 0x80;
        }
    }
    biased
}

/// A decoded texel as RGBA8 bytes: the decoder's `u32` is B, G, R, A from its low byte;
/// signed BC4/BC5 move back from the bias to two's complement.
fn rgba8_bytes(codec: Codec, texel: u32) -> [u8; 4] {
    let [b, g, r, a] = texel.to_le_bytes();
    match codec {
        Codec::Bc4Signed => [r ^ 0x80, 0, 0, SNORM_ONE],
        Codec::Bc5Signed => [r ^ 0x80, g ^ 0x80, 0, SNORM_ONE],
        _ => [r, g, b, a],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RGB565 expanded to 8 bits by bit replication, as BC1 defines.
    fn expand_565(colour: u16) -> [u8; 3] {
        let (r5, g6, b5) = (
            (colour >> 11) as u8,
            ((colour >> 5) & 0x3f) as u8,
            (colour & 0x1f) as u8,
        );
        [
            (r5 << 3) | (r5 >> 2),
            (g6 << 2) | (g6 >> 4),
            (b5 << 3) | (b5 >> 2),
        ]
    }

    /// A BC1 colour block: two endpoints and 2-bit indices, texel 0 in the low bits.
    fn bc1_block(colour0: u16, colour1: u16, indices: [u8; 16]) -> [u8; 8] {
        let bits = indices
            .iter()
            .enumerate()
            .fold(0u32, |bits, (texel, &index)| {
                bits | u32::from(index) << (2 * texel)
            });
        let mut block = [0; 8];
        block[..2].copy_from_slice(&colour0.to_le_bytes());
        block[2..4].copy_from_slice(&colour1.to_le_bytes());
        block[4..].copy_from_slice(&bits.to_le_bytes());
        block
    }

    /// A BC4 channel block (also BC3's alpha, each BC5 half): endpoints and 3-bit indices.
    fn bc4_block(value0: u8, value1: u8, indices: [u8; 16]) -> [u8; 8] {
        let bits = indices
            .iter()
            .enumerate()
            .fold(0u64, |bits, (texel, &index)| {
                bits | u64::from(index) << (3 * texel)
            });
        let mut block = [0; 8];
        block[0] = value0;
        block[1] = value1;
        block[2..].copy_from_slice(&bits.to_le_bytes()[..6]);
        block
    }

    fn decode(format: Format, extent_px: [u32; 3], blocks: &[u8]) -> Vec<[u8; 4]> {
        let mut rgba8 = vec![0; decoded_size_b(extent_px) as usize];
        decode_level(format, extent_px, blocks, &mut rgba8).unwrap();
        rgba8
            .chunks_exact(4)
            .map(|p| p.try_into().unwrap())
            .collect()
    }

    /// BC1's four-colour palette of two RGB565 endpoints: the endpoints and their thirds,
    /// opaque.
    fn four_colour_palette(colour0: u16, colour1: u16) -> [[u8; 4]; 4] {
        let [r0, g0, b0] = expand_565(colour0).map(u32::from);
        let [r1, g1, b1] = expand_565(colour1).map(u32::from);
        let third = |a: u32, b: u32| ((2 * a + b) / 3) as u8;
        [
            [r0 as u8, g0 as u8, b0 as u8, 255],
            [r1 as u8, g1 as u8, b1 as u8, 255],
            [third(r0, r1), third(g0, g1), third(b0, b1), 255],
            [third(r1, r0), third(g1, g0), third(b1, b0), 255],
        ]
    }

    /// Indices 0..3 over the block, so every palette entry appears.
    const RAMP: [u8; 16] = [0, 1, 2, 3, 3, 2, 1, 0, 0, 0, 1, 1, 2, 2, 3, 3];

    #[test]
    fn a_bc1_block_decodes_to_its_palette() {
        // Four-colour mode (colour0 > colour1): endpoints and their thirds.
        // RGB565: red, and green + blue (cyan).
        let (colour0, colour1) = (0xf800u16, 0x07ffu16);
        let [r0, g0, b0] = expand_565(colour0).map(u32::from);
        let [r1, g1, b1] = expand_565(colour1).map(u32::from);
        let palette = four_colour_palette(colour0, colour1);
        let texels = decode(Format::Bc1, [4, 4, 1], &bc1_block(colour0, colour1, RAMP));
        for (texel, &index) in texels.iter().zip(&RAMP) {
            assert_eq!(*texel, palette[index as usize]);
        }
        // Three-colour mode (colour0 <= colour1): the midpoint, and index 3 transparent.
        let texels = decode(Format::Bc1, [4, 4, 1], &bc1_block(colour1, colour0, RAMP));
        let middle = |a: u32, b: u32| ((a + b) / 2) as u8;
        let palette = [
            [r1 as u8, g1 as u8, b1 as u8, 255],
            [r0 as u8, g0 as u8, b0 as u8, 255],
            [middle(r0, r1), middle(g0, g1), middle(b0, b1), 255],
            [0, 0, 0, 0],
        ];
        for (texel, &index) in texels.iter().zip(&RAMP) {
            assert_eq!(*texel, palette[index as usize]);
        }
    }

    #[test]
    fn a_bc3_block_has_bc1_colour_and_interpolated_alpha() {
        // Alpha endpoints 7 apart in 8-value mode: each step is exact.
        let alpha_indices = [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0];
        let (alpha0, alpha1) = (200u8, 4u8);
        let alpha_palette: Vec<u8> = [alpha0, alpha1]
            .into_iter()
            .chain((1..7).map(|step| {
                ((u32::from(alpha0) * (7 - step) + u32::from(alpha1) * step) / 7) as u8
            }))
            .collect();
        let red = 0xf800u16;
        let mut block = bc4_block(alpha0, alpha1, alpha_indices).to_vec();
        block.extend_from_slice(&bc1_block(red, 0, [0; 16]));
        let texels = decode(Format::Bc3, [4, 4, 1], &block);
        for (texel, &index) in texels.iter().zip(&alpha_indices) {
            assert_eq!(*texel, [255, 0, 0, alpha_palette[index as usize]]);
        }
    }

    /// BC3's colour is always four colours: endpoints in BC1's three-colour order decode
    /// to the same four-colour palette (no transparent black, thirds not the midpoint).
    #[test]
    fn bc3_colour_is_four_colour_whatever_the_endpoint_order() {
        let (colour0, colour1) = (0x001fu16, 0xf800u16);
        let palette = four_colour_palette(colour0, colour1);
        let mut block = bc4_block(255, 255, [0; 16]).to_vec();
        block.extend_from_slice(&bc1_block(colour0, colour1, RAMP));
        let texels = decode(Format::Bc3, [4, 4, 1], &block);
        for (texel, &index) in texels.iter().zip(&RAMP) {
            assert_eq!(*texel, palette[index as usize]);
        }
        // Equal endpoints: every index is the one colour (three-colour mode's index 3
        // would be black).
        // (BC2 here: its alpha is explicit, 4 bits a texel, all ones.)
        let mut block = [0xffu8; 8].to_vec();
        block.extend_from_slice(&bc1_block(colour1, colour1, RAMP));
        let texels = decode(Format::Bc2, [4, 4, 1], &block);
        assert!(
            texels.iter().all(|&texel| texel == palette[1]),
            "{texels:?}"
        );
    }

    #[test]
    fn bc4_and_bc5_fill_the_missing_components_as_vulkan_samples_them() {
        let indices = [0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0];
        let texels = decode(Format::Bc4, [4, 4, 1], &bc4_block(0x40, 0x10, indices));
        for (texel, &index) in texels.iter().zip(&indices) {
            assert_eq!(
                *texel,
                [[0x40, 0, 0, 255], [0x10, 0, 0, 255]][index as usize]
            );
        }
        let mut bc5 = bc4_block(0x40, 0x10, indices).to_vec();
        bc5.extend_from_slice(&bc4_block(0xa0, 0x20, [1; 16]));
        for (texel, &index) in decode(Format::Bc5, [4, 4, 1], &bc5).iter().zip(&indices) {
            assert_eq!(
                *texel,
                [[0x40, 0x20, 0, 255], [0x10, 0x20, 0, 255]][index as usize]
            );
        }
    }

    #[test]
    fn signed_bc4_and_bc5_decode_as_signed_values() {
        let as_byte = |value: i8| value as u8;
        // 6-value mode (-100 > -96 does not hold): indices 6 and 7 are -1 and 1.
        let indices = [0, 1, 6, 7, 0, 1, 6, 7, 0, 1, 6, 7, 0, 1, 6, 7];
        let block = bc4_block(as_byte(-100), as_byte(-96), indices);
        let texels = decode(Format::Bc4Sn, [4, 4, 1], &block);
        let palette = [-100i8, -96, 0, 0, 0, 0, -128, 127];
        for (texel, &index) in texels.iter().zip(&indices) {
            assert_eq!(*texel, [as_byte(palette[index as usize]), 0, 0, 0x7f]);
        }
        // 8-value mode over zero: 70 down to -70 in steps of 20.
        let indices = [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7];
        let block = bc4_block(as_byte(70), as_byte(-70), indices);
        let steps = [70i8, -70, 50, 30, 10, -10, -30, -50];
        let mut bc5 = block.to_vec();
        bc5.extend_from_slice(&bc4_block(as_byte(-128), as_byte(-127), [0; 16]));
        for (texel, &index) in decode(Format::Bc5Sn, [4, 4, 1], &bc5).iter().zip(&indices) {
            // -128 is -127 (the format's rule).
            assert_eq!(
                *texel,
                [as_byte(steps[index as usize]), as_byte(-127), 0, 0x7f]
            );
        }
    }

    #[test]
    fn edge_blocks_are_cropped_and_each_block_lands_at_its_place() {
        // 6x5 pixels: 2x2 blocks, the right column 2 pixels wide and the bottom row 1 tall;
        // each block one solid colour.
        let colours = [0xf800u16, 0x07e0, 0x001f, 0xffff];
        let blocks: Vec<u8> = colours
            .iter()
            .flat_map(|&colour| bc1_block(colour, 0, [0; 16]))
            .collect();
        let texels = decode(Format::Bc1, [6, 5, 1], &blocks);
        assert_eq!(texels.len(), 30);
        for y in 0..5 {
            for x in 0..6 {
                let block = (y / 4) * 2 + x / 4;
                let [r, g, b] = expand_565(colours[block]);
                assert_eq!(texels[y * 6 + x], [r, g, b, 255], "pixel ({x}, {y})");
            }
        }
        // A level smaller than a block is one block, cropped.
        assert_eq!(
            decode(Format::Bc1, [1, 1, 1], &blocks[..8]),
            vec![[255, 0, 0, 255]]
        );
    }

    #[test]
    fn slices_of_a_3d_level_decode_one_after_the_other() {
        let blocks: Vec<u8> = [0xf800u16, 0x001f]
            .iter()
            .flat_map(|&colour| bc1_block(colour, 0, [0; 16]))
            .collect();
        let texels = decode(Format::Bc1, [2, 2, 2], &blocks);
        assert_eq!(texels[..4], [[255, 0, 0, 255]; 4]);
        assert_eq!(texels[4..], [[0, 0, 255, 255]; 4]);
    }

    #[test]
    fn an_astc_void_extent_block_is_its_colour_over_the_footprint() {
        // The void-extent marker, all-ones extents, then RGBA as 16-bit UNORM.
        let mut block = [
            0xfcu8, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0,
        ];
        for (channel, value) in [0x3300u16, 0x6600, 0x9900, 0xffff].iter().enumerate() {
            block[8 + 2 * channel..][..2].copy_from_slice(&value.to_le_bytes());
        }
        let texels = decode(Format::Astc6x5, [7, 3, 1], &[block, block].concat());
        assert!(texels
            .iter()
            .all(|&texel| texel == [0x33, 0x66, 0x99, 0xff]));
    }

    #[test]
    fn lengths_that_do_not_match_the_level_are_refused() {
        let mut out = vec![0; 64];
        assert!(matches!(
            decode_level(Format::Bc1, [4, 4, 1], &[0; 7], &mut out),
            Err(DecodeError::BlocksLength { expected_b: 8, .. })
        ));
        assert!(matches!(
            decode_level(Format::Bc3, [4, 4, 1], &[0; 16], &mut out[..60]),
            Err(DecodeError::OutputLength { expected_b: 64, .. })
        ));
        assert_eq!(
            decode_level(Format::Rgba8, [4, 4, 1], &[0; 64], &mut out),
            Err(DecodeError::NotCompressed(Format::Rgba8))
        );
    }

    #[test]
    fn every_compressed_format_has_a_codec() {
        for &format in Format::ALL {
            assert_eq!(codec(format).is_some(), format.is_compressed(), "{format}");
            if format.name().starts_with("astc") {
                assert!(
                    matches!(codec(format), Some(Codec::Astc { .. })),
                    "{format}"
                );
            }
        }
    }

    /// Arbitrary bytes (game data) decode without a panic escaping, in every format; BC
    /// blocks are all valid but BC6H's 16-bit-endpoint mode, which is rejected.
    #[test]
    fn arbitrary_blocks_never_fail_the_level() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        };
        for &format in Format::ALL.iter().filter(|format| format.is_compressed()) {
            let extent_px = [
                format.block_width_px() * 16,
                format.block_height_px() * 16,
                1,
            ];
            let block_b = format.bytes_per_element() as usize;
            let blocks: Vec<u8> = (0..256 * block_b).map(|_| next()).collect();
            let mut out = vec![0; decoded_size_b(extent_px) as usize];
            let decoded = decode_level(format, extent_px, &blocks, &mut out).unwrap();
            let expected_rejected = match codec(format) {
                Some(Codec::Astc { .. }) => continue,
                Some(Codec::Bc6Unsigned | Codec::Bc6Signed) => blocks
                    .chunks_exact(block_b)
                    .filter(|block| block[0] & BC6H_MODE_MASK == BC6H_MODE_16_BIT_ENDPOINTS)
                    .count() as u64,
                _ => 0,
            };
            assert_eq!(decoded.rejected_blocks, expected_rejected, "{format}");
        }
    }
}

//! Texture formats: one constant a format of `memory::Format::ALL`, numbered from 1 in
//! its order (0 is no format: a view of the texture's own). `formats_match_the_table`
//! keeps the numbers and names in step with the table.

/// A texture format.
pub type HSformat = u32;

/// In a view: the texture's own format.
pub const HS_FORMAT_NONE: HSformat = 0;
pub const HS_FORMAT_R8: HSformat = 1;
pub const HS_FORMAT_R8SN: HSformat = 2;
pub const HS_FORMAT_R8UI: HSformat = 3;
pub const HS_FORMAT_R8I: HSformat = 4;
pub const HS_FORMAT_R16: HSformat = 5;
pub const HS_FORMAT_R16SN: HSformat = 6;
pub const HS_FORMAT_R16UI: HSformat = 7;
pub const HS_FORMAT_R16I: HSformat = 8;
pub const HS_FORMAT_R16F: HSformat = 9;
pub const HS_FORMAT_R32UI: HSformat = 10;
pub const HS_FORMAT_R32I: HSformat = 11;
pub const HS_FORMAT_R32F: HSformat = 12;
pub const HS_FORMAT_RG8: HSformat = 13;
pub const HS_FORMAT_RG8SN: HSformat = 14;
pub const HS_FORMAT_RG8UI: HSformat = 15;
pub const HS_FORMAT_RG8I: HSformat = 16;
pub const HS_FORMAT_RG16: HSformat = 17;
pub const HS_FORMAT_RG16SN: HSformat = 18;
pub const HS_FORMAT_RG16UI: HSformat = 19;
pub const HS_FORMAT_RG16I: HSformat = 20;
pub const HS_FORMAT_RG16F: HSformat = 21;
pub const HS_FORMAT_RG32UI: HSformat = 22;
pub const HS_FORMAT_RG32I: HSformat = 23;
pub const HS_FORMAT_RG32F: HSformat = 24;
pub const HS_FORMAT_RGBA8: HSformat = 25;
pub const HS_FORMAT_RGBA8SN: HSformat = 26;
pub const HS_FORMAT_RGBA8UI: HSformat = 27;
pub const HS_FORMAT_RGBA8I: HSformat = 28;
pub const HS_FORMAT_RGBA16: HSformat = 29;
pub const HS_FORMAT_RGBA16SN: HSformat = 30;
pub const HS_FORMAT_RGBA16UI: HSformat = 31;
pub const HS_FORMAT_RGBA16I: HSformat = 32;
pub const HS_FORMAT_RGBA16F: HSformat = 33;
pub const HS_FORMAT_RGBA32UI: HSformat = 34;
pub const HS_FORMAT_RGBA32I: HSformat = 35;
pub const HS_FORMAT_RGBA32F: HSformat = 36;
pub const HS_FORMAT_RGBA8_SRGB: HSformat = 37;
pub const HS_FORMAT_BGRA8: HSformat = 38;
pub const HS_FORMAT_BGRA8_SRGB: HSformat = 39;
pub const HS_FORMAT_RGB565: HSformat = 40;
pub const HS_FORMAT_BGR565: HSformat = 41;
pub const HS_FORMAT_RGB5A1: HSformat = 42;
pub const HS_FORMAT_BGR5A1: HSformat = 43;
pub const HS_FORMAT_RGBA4: HSformat = 44;
pub const HS_FORMAT_RGB10A2: HSformat = 45;
pub const HS_FORMAT_RGB10A2UI: HSformat = 46;
pub const HS_FORMAT_RG11B10F: HSformat = 47;
pub const HS_FORMAT_RGB9E5F: HSformat = 48;
pub const HS_FORMAT_S8: HSformat = 49;
pub const HS_FORMAT_Z16: HSformat = 50;
pub const HS_FORMAT_Z24S8: HSformat = 51;
pub const HS_FORMAT_Z32F: HSformat = 52;
pub const HS_FORMAT_Z32F_S8: HSformat = 53;
pub const HS_FORMAT_BC1: HSformat = 54;
pub const HS_FORMAT_BC1_SRGB: HSformat = 55;
pub const HS_FORMAT_BC2: HSformat = 56;
pub const HS_FORMAT_BC2_SRGB: HSformat = 57;
pub const HS_FORMAT_BC3: HSformat = 58;
pub const HS_FORMAT_BC3_SRGB: HSformat = 59;
pub const HS_FORMAT_BC4: HSformat = 60;
pub const HS_FORMAT_BC4_SN: HSformat = 61;
pub const HS_FORMAT_BC5: HSformat = 62;
pub const HS_FORMAT_BC5_SN: HSformat = 63;
pub const HS_FORMAT_BC6: HSformat = 64;
pub const HS_FORMAT_BC6_SF: HSformat = 65;
pub const HS_FORMAT_BC7: HSformat = 66;
pub const HS_FORMAT_BC7_SRGB: HSformat = 67;
pub const HS_FORMAT_ASTC_4X4: HSformat = 68;
pub const HS_FORMAT_ASTC_5X4: HSformat = 69;
pub const HS_FORMAT_ASTC_5X5: HSformat = 70;
pub const HS_FORMAT_ASTC_6X5: HSformat = 71;
pub const HS_FORMAT_ASTC_6X6: HSformat = 72;
pub const HS_FORMAT_ASTC_8X5: HSformat = 73;
pub const HS_FORMAT_ASTC_8X6: HSformat = 74;
pub const HS_FORMAT_ASTC_8X8: HSformat = 75;
pub const HS_FORMAT_ASTC_10X5: HSformat = 76;
pub const HS_FORMAT_ASTC_10X6: HSformat = 77;
pub const HS_FORMAT_ASTC_10X8: HSformat = 78;
pub const HS_FORMAT_ASTC_10X10: HSformat = 79;
pub const HS_FORMAT_ASTC_12X10: HSformat = 80;
pub const HS_FORMAT_ASTC_12X12: HSformat = 81;
pub const HS_FORMAT_ASTC_4X4_SRGB: HSformat = 82;
pub const HS_FORMAT_ASTC_5X4_SRGB: HSformat = 83;
pub const HS_FORMAT_ASTC_5X5_SRGB: HSformat = 84;
pub const HS_FORMAT_ASTC_6X5_SRGB: HSformat = 85;
pub const HS_FORMAT_ASTC_6X6_SRGB: HSformat = 86;
pub const HS_FORMAT_ASTC_8X5_SRGB: HSformat = 87;
pub const HS_FORMAT_ASTC_8X6_SRGB: HSformat = 88;
pub const HS_FORMAT_ASTC_8X8_SRGB: HSformat = 89;
pub const HS_FORMAT_ASTC_10X5_SRGB: HSformat = 90;
pub const HS_FORMAT_ASTC_10X6_SRGB: HSformat = 91;
pub const HS_FORMAT_ASTC_10X8_SRGB: HSformat = 92;
pub const HS_FORMAT_ASTC_10X10_SRGB: HSformat = 93;
pub const HS_FORMAT_ASTC_12X10_SRGB: HSformat = 94;
pub const HS_FORMAT_ASTC_12X12_SRGB: HSformat = 95;
// Added after the first table: X formats (alpha read as one, depth's top 8 bits
// ignored), A1BGR5 and ETC2.
pub const HS_FORMAT_RGBX8: HSformat = 96;
pub const HS_FORMAT_RGBX8_SRGB: HSformat = 97;
pub const HS_FORMAT_BGRX8: HSformat = 98;
pub const HS_FORMAT_BGRX8_SRGB: HSformat = 99;
pub const HS_FORMAT_A1BGR5: HSformat = 100;
pub const HS_FORMAT_Z24X8: HSformat = 101;
pub const HS_FORMAT_ETC2_RGB: HSformat = 102;
pub const HS_FORMAT_ETC2_RGB_SRGB: HSformat = 103;
pub const HS_FORMAT_ETC2_RGB_PTA: HSformat = 104;
pub const HS_FORMAT_ETC2_RGB_PTA_SRGB: HSformat = 105;
pub const HS_FORMAT_ETC2_RGBA: HSformat = 106;
pub const HS_FORMAT_ETC2_RGBA_SRGB: HSformat = 107;
// Three 32-bit channels (12-byte texels; sampled with alpha one, not rendered to).
pub const HS_FORMAT_RGB32UI: HSformat = 108;
pub const HS_FORMAT_RGB32I: HSformat = 109;
pub const HS_FORMAT_RGB32F: HSformat = 110;
/// NVN's RGB-only BC1: index 3 of a three-colour block is opaque black (HS_FORMAT_BC1
/// makes it transparent).
pub const HS_FORMAT_BC1_RGB: HSformat = 111;
pub const HS_FORMAT_BC1_RGB_SRGB: HSformat = 112;

/// The constants' names, by number (index 0 is `HS_FORMAT_NONE`).
#[cfg(test)]
pub(crate) const FORMAT_NAMES: &[&str] = &[
    "none",
    "r8",
    "r8sn",
    "r8ui",
    "r8i",
    "r16",
    "r16sn",
    "r16ui",
    "r16i",
    "r16f",
    "r32ui",
    "r32i",
    "r32f",
    "rg8",
    "rg8sn",
    "rg8ui",
    "rg8i",
    "rg16",
    "rg16sn",
    "rg16ui",
    "rg16i",
    "rg16f",
    "rg32ui",
    "rg32i",
    "rg32f",
    "rgba8",
    "rgba8sn",
    "rgba8ui",
    "rgba8i",
    "rgba16",
    "rgba16sn",
    "rgba16ui",
    "rgba16i",
    "rgba16f",
    "rgba32ui",
    "rgba32i",
    "rgba32f",
    "rgba8-srgb",
    "bgra8",
    "bgra8-srgb",
    "rgb565",
    "bgr565",
    "rgb5a1",
    "bgr5a1",
    "rgba4",
    "rgb10a2",
    "rgb10a2ui",
    "rg11b10f",
    "rgb9e5f",
    "s8",
    "z16",
    "z24s8",
    "z32f",
    "z32f-s8",
    "bc1",
    "bc1-srgb",
    "bc2",
    "bc2-srgb",
    "bc3",
    "bc3-srgb",
    "bc4",
    "bc4-sn",
    "bc5",
    "bc5-sn",
    "bc6",
    "bc6-sf",
    "bc7",
    "bc7-srgb",
    "astc-4x4",
    "astc-5x4",
    "astc-5x5",
    "astc-6x5",
    "astc-6x6",
    "astc-8x5",
    "astc-8x6",
    "astc-8x8",
    "astc-10x5",
    "astc-10x6",
    "astc-10x8",
    "astc-10x10",
    "astc-12x10",
    "astc-12x12",
    "astc-4x4-srgb",
    "astc-5x4-srgb",
    "astc-5x5-srgb",
    "astc-6x5-srgb",
    "astc-6x6-srgb",
    "astc-8x5-srgb",
    "astc-8x6-srgb",
    "astc-8x8-srgb",
    "astc-10x5-srgb",
    "astc-10x6-srgb",
    "astc-10x8-srgb",
    "astc-10x10-srgb",
    "astc-12x10-srgb",
    "astc-12x12-srgb",
    "rgbx8",
    "rgbx8-srgb",
    "bgrx8",
    "bgrx8-srgb",
    "a1bgr5",
    "z24x8",
    "etc2-rgb",
    "etc2-rgb-srgb",
    "etc2-rgb-pta",
    "etc2-rgb-pta-srgb",
    "etc2-rgba",
    "etc2-rgba-srgb",
    "rgb32ui",
    "rgb32i",
    "rgb32f",
    "bc1-rgb",
    "bc1-rgb-srgb",
];

/// The format numbered `format`.
pub(crate) fn format(format: HSformat) -> Option<memory::Format> {
    let index = usize::try_from(format).ok()?.checked_sub(1)?;
    memory::Format::ALL.get(index).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_match_the_table() {
        assert_eq!(FORMAT_NAMES.len(), memory::Format::ALL.len() + 1);
        for (index, name) in FORMAT_NAMES.iter().enumerate().skip(1) {
            assert_eq!(
                format(index as HSformat).map(memory::Format::name),
                Some(*name)
            );
        }
        assert_eq!(format(HS_FORMAT_RG8), memory::Format::from_name("rg8"));
        assert_eq!(format(0), None);
        assert_eq!(format(FORMAT_NAMES.len() as HSformat), None);
    }
}

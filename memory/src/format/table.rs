//! The format table: one line a format, NVN's colour, depth/stencil and compressed formats.
//! Names are lower case by channels, bits and type: `sn` snorm, `ui` uint, `i` sint,
//! `f` float, nothing for unorm.

use super::{FormatAspect, FormatClass, FormatInfo};

macro_rules! format_table {
    ($( $variant:ident => $name:literal, $bpb:literal, $bw:literal x $bh:literal,
        $class:ident, $aspect:ident, $srgb:literal; )*) => {
        /// A texture format of NVN.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Format {
            $( $variant, )*
        }

        impl Format {
            /// Every format, in table order.
            pub const ALL: &'static [Format] = &[ $( Format::$variant, )* ];

            pub(crate) const fn info(self) -> FormatInfo {
                match self {
                    $( Format::$variant => FormatInfo {
                        name: $name,
                        bytes_per_element: $bpb,
                        block_width_px: $bw,
                        block_height_px: $bh,
                        class: FormatClass::$class,
                        aspect: FormatAspect::$aspect,
                        srgb: $srgb,
                    }, )*
                }
            }
        }
    };
}

format_table! {
    R8 => "r8", 1, 1 x 1, Unorm, Color, false;
    R8Sn => "r8sn", 1, 1 x 1, Snorm, Color, false;
    R8Ui => "r8ui", 1, 1 x 1, Uint, Color, false;
    R8I => "r8i", 1, 1 x 1, Sint, Color, false;
    R16 => "r16", 2, 1 x 1, Unorm, Color, false;
    R16Sn => "r16sn", 2, 1 x 1, Snorm, Color, false;
    R16Ui => "r16ui", 2, 1 x 1, Uint, Color, false;
    R16I => "r16i", 2, 1 x 1, Sint, Color, false;
    R16F => "r16f", 2, 1 x 1, Float, Color, false;
    R32Ui => "r32ui", 4, 1 x 1, Uint, Color, false;
    R32I => "r32i", 4, 1 x 1, Sint, Color, false;
    R32F => "r32f", 4, 1 x 1, Float, Color, false;
    Rg8 => "rg8", 2, 1 x 1, Unorm, Color, false;
    Rg8Sn => "rg8sn", 2, 1 x 1, Snorm, Color, false;
    Rg8Ui => "rg8ui", 2, 1 x 1, Uint, Color, false;
    Rg8I => "rg8i", 2, 1 x 1, Sint, Color, false;
    Rg16 => "rg16", 4, 1 x 1, Unorm, Color, false;
    Rg16Sn => "rg16sn", 4, 1 x 1, Snorm, Color, false;
    Rg16Ui => "rg16ui", 4, 1 x 1, Uint, Color, false;
    Rg16I => "rg16i", 4, 1 x 1, Sint, Color, false;
    Rg16F => "rg16f", 4, 1 x 1, Float, Color, false;
    Rg32Ui => "rg32ui", 8, 1 x 1, Uint, Color, false;
    Rg32I => "rg32i", 8, 1 x 1, Sint, Color, false;
    Rg32F => "rg32f", 8, 1 x 1, Float, Color, false;
    Rgba8 => "rgba8", 4, 1 x 1, Unorm, Color, false;
    Rgba8Sn => "rgba8sn", 4, 1 x 1, Snorm, Color, false;
    Rgba8Ui => "rgba8ui", 4, 1 x 1, Uint, Color, false;
    Rgba8I => "rgba8i", 4, 1 x 1, Sint, Color, false;
    Rgba16 => "rgba16", 8, 1 x 1, Unorm, Color, false;
    Rgba16Sn => "rgba16sn", 8, 1 x 1, Snorm, Color, false;
    Rgba16Ui => "rgba16ui", 8, 1 x 1, Uint, Color, false;
    Rgba16I => "rgba16i", 8, 1 x 1, Sint, Color, false;
    Rgba16F => "rgba16f", 8, 1 x 1, Float, Color, false;
    Rgba32Ui => "rgba32ui", 16, 1 x 1, Uint, Color, false;
    Rgba32I => "rgba32i", 16, 1 x 1, Sint, Color, false;
    Rgba32F => "rgba32f", 16, 1 x 1, Float, Color, false;
    Rgba8Srgb => "rgba8-srgb", 4, 1 x 1, Unorm, Color, true;
    Bgra8 => "bgra8", 4, 1 x 1, Unorm, Color, false;
    Bgra8Srgb => "bgra8-srgb", 4, 1 x 1, Unorm, Color, true;
    Rgb565 => "rgb565", 2, 1 x 1, Unorm, Color, false;
    Bgr565 => "bgr565", 2, 1 x 1, Unorm, Color, false;
    Rgb5A1 => "rgb5a1", 2, 1 x 1, Unorm, Color, false;
    Bgr5A1 => "bgr5a1", 2, 1 x 1, Unorm, Color, false;
    Rgba4 => "rgba4", 2, 1 x 1, Unorm, Color, false;
    Rgb10A2 => "rgb10a2", 4, 1 x 1, Unorm, Color, false;
    Rgb10A2Ui => "rgb10a2ui", 4, 1 x 1, Uint, Color, false;
    Rg11B10F => "rg11b10f", 4, 1 x 1, Float, Color, false;
    Rgb9E5F => "rgb9e5f", 4, 1 x 1, Float, Color, false;
    S8 => "s8", 1, 1 x 1, Uint, Stencil, false;
    Z16 => "z16", 2, 1 x 1, Unorm, Depth, false;
    Z24S8 => "z24s8", 4, 1 x 1, Unorm, DepthStencil, false;
    Z32F => "z32f", 4, 1 x 1, Float, Depth, false;
    Z32FS8 => "z32f-s8", 8, 1 x 1, Float, DepthStencil, false;
    Bc1 => "bc1", 8, 4 x 4, Unorm, Color, false;
    Bc1Srgb => "bc1-srgb", 8, 4 x 4, Unorm, Color, true;
    Bc2 => "bc2", 16, 4 x 4, Unorm, Color, false;
    Bc2Srgb => "bc2-srgb", 16, 4 x 4, Unorm, Color, true;
    Bc3 => "bc3", 16, 4 x 4, Unorm, Color, false;
    Bc3Srgb => "bc3-srgb", 16, 4 x 4, Unorm, Color, true;
    Bc4 => "bc4", 8, 4 x 4, Unorm, Color, false;
    Bc4Sn => "bc4-sn", 8, 4 x 4, Snorm, Color, false;
    Bc5 => "bc5", 16, 4 x 4, Unorm, Color, false;
    Bc5Sn => "bc5-sn", 16, 4 x 4, Snorm, Color, false;
    Bc6 => "bc6", 16, 4 x 4, Float, Color, false;
    Bc6Sf => "bc6-sf", 16, 4 x 4, Float, Color, false;
    Bc7 => "bc7", 16, 4 x 4, Unorm, Color, false;
    Bc7Srgb => "bc7-srgb", 16, 4 x 4, Unorm, Color, true;
    Astc4x4 => "astc-4x4", 16, 4 x 4, Unorm, Color, false;
    Astc5x4 => "astc-5x4", 16, 5 x 4, Unorm, Color, false;
    Astc5x5 => "astc-5x5", 16, 5 x 5, Unorm, Color, false;
    Astc6x5 => "astc-6x5", 16, 6 x 5, Unorm, Color, false;
    Astc6x6 => "astc-6x6", 16, 6 x 6, Unorm, Color, false;
    Astc8x5 => "astc-8x5", 16, 8 x 5, Unorm, Color, false;
    Astc8x6 => "astc-8x6", 16, 8 x 6, Unorm, Color, false;
    Astc8x8 => "astc-8x8", 16, 8 x 8, Unorm, Color, false;
    Astc10x5 => "astc-10x5", 16, 10 x 5, Unorm, Color, false;
    Astc10x6 => "astc-10x6", 16, 10 x 6, Unorm, Color, false;
    Astc10x8 => "astc-10x8", 16, 10 x 8, Unorm, Color, false;
    Astc10x10 => "astc-10x10", 16, 10 x 10, Unorm, Color, false;
    Astc12x10 => "astc-12x10", 16, 12 x 10, Unorm, Color, false;
    Astc12x12 => "astc-12x12", 16, 12 x 12, Unorm, Color, false;
    Astc4x4Srgb => "astc-4x4-srgb", 16, 4 x 4, Unorm, Color, true;
    Astc5x4Srgb => "astc-5x4-srgb", 16, 5 x 4, Unorm, Color, true;
    Astc5x5Srgb => "astc-5x5-srgb", 16, 5 x 5, Unorm, Color, true;
    Astc6x5Srgb => "astc-6x5-srgb", 16, 6 x 5, Unorm, Color, true;
    Astc6x6Srgb => "astc-6x6-srgb", 16, 6 x 6, Unorm, Color, true;
    Astc8x5Srgb => "astc-8x5-srgb", 16, 8 x 5, Unorm, Color, true;
    Astc8x6Srgb => "astc-8x6-srgb", 16, 8 x 6, Unorm, Color, true;
    Astc8x8Srgb => "astc-8x8-srgb", 16, 8 x 8, Unorm, Color, true;
    Astc10x5Srgb => "astc-10x5-srgb", 16, 10 x 5, Unorm, Color, true;
    Astc10x6Srgb => "astc-10x6-srgb", 16, 10 x 6, Unorm, Color, true;
    Astc10x8Srgb => "astc-10x8-srgb", 16, 10 x 8, Unorm, Color, true;
    Astc10x10Srgb => "astc-10x10-srgb", 16, 10 x 10, Unorm, Color, true;
    Astc12x10Srgb => "astc-12x10-srgb", 16, 12 x 10, Unorm, Color, true;
    Astc12x12Srgb => "astc-12x12-srgb", 16, 12 x 12, Unorm, Color, true;
    // Added after the first table (the C ABI numbers formats in table order).
    // X channels are stored but read as one (alpha) or ignored (the top 8 bits of depth).
    Rgbx8 => "rgbx8", 4, 1 x 1, Unorm, Color, false;
    Rgbx8Srgb => "rgbx8-srgb", 4, 1 x 1, Unorm, Color, true;
    Bgrx8 => "bgrx8", 4, 1 x 1, Unorm, Color, false;
    Bgrx8Srgb => "bgrx8-srgb", 4, 1 x 1, Unorm, Color, true;
    A1Bgr5 => "a1bgr5", 2, 1 x 1, Unorm, Color, false;
    Z24X8 => "z24x8", 4, 1 x 1, Unorm, Depth, false;
    Etc2Rgb => "etc2-rgb", 8, 4 x 4, Unorm, Color, false;
    Etc2RgbSrgb => "etc2-rgb-srgb", 8, 4 x 4, Unorm, Color, true;
    Etc2RgbPta => "etc2-rgb-pta", 8, 4 x 4, Unorm, Color, false;
    Etc2RgbPtaSrgb => "etc2-rgb-pta-srgb", 8, 4 x 4, Unorm, Color, true;
    Etc2Rgba => "etc2-rgba", 16, 4 x 4, Unorm, Color, false;
    Etc2RgbaSrgb => "etc2-rgba-srgb", 16, 4 x 4, Unorm, Color, true;
    // Three 32-bit channels: the one element size that is not a power of two.
    Rgb32Ui => "rgb32ui", 12, 1 x 1, Uint, Color, false;
    Rgb32I => "rgb32i", 12, 1 x 1, Sint, Color, false;
    Rgb32F => "rgb32f", 12, 1 x 1, Float, Color, false;
    // NVN's RGB-only BC1 (`NVN_FORMAT_RGB_DXT1`, deko3d's `DkImageFormat_RGB_BC1`): index 3
    // of a three-colour block is opaque black, where BC1 (RGBA) makes it transparent.
    Bc1Rgb => "bc1-rgb", 8, 4 x 4, Unorm, Color, false;
    Bc1RgbSrgb => "bc1-rgb-srgb", 8, 4 x 4, Unorm, Color, true;
}

//! Pure translations from NVN/`memory` terms to Vulkan ones: formats (with the fallbacks a
//! driver may need), aspects. No device calls here; the caller says what is supported.

use ash::vk;
use memory::{Format, FormatAspect};

/// How storage bytes become host image bytes for a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conversion {
    /// The storage's element bytes are the image's texel bytes.
    Direct,
    /// Block-compressed data decoded on the CPU to RGBA8 (the driver lacks the format): UNORM,
    /// SRGB for sRGB formats, SNORM for signed BC4/BC5 (`conversion::decode_level`).
    DecodeToRgba8,
    /// Z24S8 stored as D32_SFLOAT_S8_UINT (the driver lacks D24_UNORM_S8_UINT): depth as
    /// d24 / 0xFFFFFF (`conversion::split_depth_stencil`).
    Z24S8AsZ32FS8,
    /// RGB32 stored as RGBA32 of its kind (the driver cannot sample 96-bit texels): each
    /// texel's three words, then one (1.0 or 1) as alpha (`conversion::expand_rgb32`).
    Rgb32AsRgba32,
}

/// The Vulkan format a texture of `format` gets, and how its bytes get there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatMapping {
    pub vk: vk::Format,
    pub conversion: Conversion,
}

/// The Vulkan format with the same bytes as `format` (ignoring driver support).
pub fn native_format(format: Format) -> vk::Format {
    use vk::Format as V;
    use Format as F;
    match format {
        F::R8 => V::R8_UNORM,
        F::R8Sn => V::R8_SNORM,
        F::R8Ui => V::R8_UINT,
        F::R8I => V::R8_SINT,
        F::R16 => V::R16_UNORM,
        F::R16Sn => V::R16_SNORM,
        F::R16Ui => V::R16_UINT,
        F::R16I => V::R16_SINT,
        F::R16F => V::R16_SFLOAT,
        F::R32Ui => V::R32_UINT,
        F::R32I => V::R32_SINT,
        F::R32F => V::R32_SFLOAT,
        F::Rg8 => V::R8G8_UNORM,
        F::Rg8Sn => V::R8G8_SNORM,
        F::Rg8Ui => V::R8G8_UINT,
        F::Rg8I => V::R8G8_SINT,
        F::Rg16 => V::R16G16_UNORM,
        F::Rg16Sn => V::R16G16_SNORM,
        F::Rg16Ui => V::R16G16_UINT,
        F::Rg16I => V::R16G16_SINT,
        F::Rg16F => V::R16G16_SFLOAT,
        F::Rg32Ui => V::R32G32_UINT,
        F::Rg32I => V::R32G32_SINT,
        F::Rg32F => V::R32G32_SFLOAT,
        F::Rgba8 => V::R8G8B8A8_UNORM,
        F::Rgba8Sn => V::R8G8B8A8_SNORM,
        F::Rgba8Ui => V::R8G8B8A8_UINT,
        F::Rgba8I => V::R8G8B8A8_SINT,
        F::Rgba16 => V::R16G16B16A16_UNORM,
        F::Rgba16Sn => V::R16G16B16A16_SNORM,
        F::Rgba16Ui => V::R16G16B16A16_UINT,
        F::Rgba16I => V::R16G16B16A16_SINT,
        F::Rgba16F => V::R16G16B16A16_SFLOAT,
        F::Rgba32Ui => V::R32G32B32A32_UINT,
        F::Rgba32I => V::R32G32B32A32_SINT,
        F::Rgba32F => V::R32G32B32A32_SFLOAT,
        F::Rgba8Srgb => V::R8G8B8A8_SRGB,
        F::Bgra8 => V::B8G8R8A8_UNORM,
        F::Bgra8Srgb => V::B8G8R8A8_SRGB,
        // NVN names packed formats from the least significant bit; Vulkan's PACK16 names
        // from the most significant, so the channel order reads reversed.
        F::Rgb565 => V::B5G6R5_UNORM_PACK16,
        F::Bgr565 => V::R5G6B5_UNORM_PACK16,
        // Read through a view swizzle; `RGB5A1_AS_STORED` where the device has it.
        F::Rgb5A1 => V::A1R5G5B5_UNORM_PACK16,
        F::Bgr5A1 => V::A1R5G5B5_UNORM_PACK16,
        F::Rgba4 => V::A4B4G4R4_UNORM_PACK16,
        F::Rgb10A2 => V::A2B10G10R10_UNORM_PACK32,
        F::Rgb10A2Ui => V::A2B10G10R10_UINT_PACK32,
        F::Rg11B10F => V::B10G11R11_UFLOAT_PACK32,
        F::Rgb9E5F => V::E5B9G9R9_UFLOAT_PACK32,
        F::S8 => V::S8_UINT,
        F::Z16 => V::D16_UNORM,
        F::Z24S8 => V::D24_UNORM_S8_UINT,
        F::Z32F => V::D32_SFLOAT,
        F::Z32FS8 => V::D32_SFLOAT_S8_UINT,
        F::Bc1 => V::BC1_RGBA_UNORM_BLOCK,
        F::Bc1Srgb => V::BC1_RGBA_SRGB_BLOCK,
        F::Bc1Rgb => V::BC1_RGB_UNORM_BLOCK,
        F::Bc1RgbSrgb => V::BC1_RGB_SRGB_BLOCK,
        F::Bc2 => V::BC2_UNORM_BLOCK,
        F::Bc2Srgb => V::BC2_SRGB_BLOCK,
        F::Bc3 => V::BC3_UNORM_BLOCK,
        F::Bc3Srgb => V::BC3_SRGB_BLOCK,
        F::Bc4 => V::BC4_UNORM_BLOCK,
        F::Bc4Sn => V::BC4_SNORM_BLOCK,
        F::Bc5 => V::BC5_UNORM_BLOCK,
        F::Bc5Sn => V::BC5_SNORM_BLOCK,
        F::Bc6 => V::BC6H_UFLOAT_BLOCK,
        F::Bc6Sf => V::BC6H_SFLOAT_BLOCK,
        F::Bc7 => V::BC7_UNORM_BLOCK,
        F::Bc7Srgb => V::BC7_SRGB_BLOCK,
        F::Astc4x4 => V::ASTC_4X4_UNORM_BLOCK,
        F::Astc5x4 => V::ASTC_5X4_UNORM_BLOCK,
        F::Astc5x5 => V::ASTC_5X5_UNORM_BLOCK,
        F::Astc6x5 => V::ASTC_6X5_UNORM_BLOCK,
        F::Astc6x6 => V::ASTC_6X6_UNORM_BLOCK,
        F::Astc8x5 => V::ASTC_8X5_UNORM_BLOCK,
        F::Astc8x6 => V::ASTC_8X6_UNORM_BLOCK,
        F::Astc8x8 => V::ASTC_8X8_UNORM_BLOCK,
        F::Astc10x5 => V::ASTC_10X5_UNORM_BLOCK,
        F::Astc10x6 => V::ASTC_10X6_UNORM_BLOCK,
        F::Astc10x8 => V::ASTC_10X8_UNORM_BLOCK,
        F::Astc10x10 => V::ASTC_10X10_UNORM_BLOCK,
        F::Astc12x10 => V::ASTC_12X10_UNORM_BLOCK,
        F::Astc12x12 => V::ASTC_12X12_UNORM_BLOCK,
        F::Astc4x4Srgb => V::ASTC_4X4_SRGB_BLOCK,
        F::Astc5x4Srgb => V::ASTC_5X4_SRGB_BLOCK,
        F::Astc5x5Srgb => V::ASTC_5X5_SRGB_BLOCK,
        F::Astc6x5Srgb => V::ASTC_6X5_SRGB_BLOCK,
        F::Astc6x6Srgb => V::ASTC_6X6_SRGB_BLOCK,
        F::Astc8x5Srgb => V::ASTC_8X5_SRGB_BLOCK,
        F::Astc8x6Srgb => V::ASTC_8X6_SRGB_BLOCK,
        F::Astc8x8Srgb => V::ASTC_8X8_SRGB_BLOCK,
        F::Astc10x5Srgb => V::ASTC_10X5_SRGB_BLOCK,
        F::Astc10x6Srgb => V::ASTC_10X6_SRGB_BLOCK,
        F::Astc10x8Srgb => V::ASTC_10X8_SRGB_BLOCK,
        F::Astc10x10Srgb => V::ASTC_10X10_SRGB_BLOCK,
        F::Astc12x10Srgb => V::ASTC_12X10_SRGB_BLOCK,
        F::Astc12x12Srgb => V::ASTC_12X12_SRGB_BLOCK,
        // The X formats: the same bytes, alpha read as one by the view (`format_components`).
        F::Rgbx8 => V::R8G8B8A8_UNORM,
        F::Rgbx8Srgb => V::R8G8B8A8_SRGB,
        F::Bgrx8 => V::B8G8R8A8_UNORM,
        F::Bgrx8Srgb => V::B8G8R8A8_SRGB,
        // A in bit 0, then B, G and R: Vulkan's R5G5B5A1 named from the top.
        F::A1Bgr5 => V::R5G5B5A1_UNORM_PACK16,
        F::Z24X8 => V::X8_D24_UNORM_PACK32,
        F::Etc2Rgb => V::ETC2_R8G8B8_UNORM_BLOCK,
        F::Etc2RgbSrgb => V::ETC2_R8G8B8_SRGB_BLOCK,
        F::Etc2RgbPta => V::ETC2_R8G8B8A1_UNORM_BLOCK,
        F::Etc2RgbPtaSrgb => V::ETC2_R8G8B8A1_SRGB_BLOCK,
        F::Etc2Rgba => V::ETC2_R8G8B8A8_UNORM_BLOCK,
        F::Etc2RgbaSrgb => V::ETC2_R8G8B8A8_SRGB_BLOCK,
        F::Rgb32Ui => V::R32G32B32_UINT,
        F::Rgb32I => V::R32G32B32_SINT,
        F::Rgb32F => V::R32G32B32_SFLOAT,
    }
}

/// RGB5A1's own Vulkan format (VK_KHR_maintenance5): A in bit 15, B in 10-14, G in 5-9
/// and R in 0-4, as NVN stores RGB5A1. Where the device has it, RGB5A1 textures are
/// images of it (`executor::format_mapping`), sampled and rendered with no swizzle.
pub const RGB5A1_AS_STORED: vk::Format = vk::Format::A1B5G5R5_UNORM_PACK16_KHR;

/// Which image component each of a format's R, G, B and A reads, where the Vulkan format
/// `vk_format` it is stored in has components other than NVN's: the X formats' alpha
/// reads one, and RGB5A1 stored as A1R5G5B5 (which it shares with BGR5A1 on a device
/// without VK_KHR_maintenance5's A1B5G5R5) swaps R and B. `None` for the identity. A
/// render target cannot swizzle: `renders_as_stored` says whether writes land as NVN
/// stores them.
pub fn format_components(
    format: Format,
    vk_format: vk::Format,
) -> Option<[vk::ComponentSwizzle; 4]> {
    use vk::ComponentSwizzle as C;
    match format {
        Format::Rgbx8 | Format::Rgbx8Srgb | Format::Bgrx8 | Format::Bgrx8Srgb => {
            Some([C::R, C::G, C::B, C::ONE])
        }
        Format::Rgb5A1 if vk_format != RGB5A1_AS_STORED => Some([C::B, C::G, C::R, C::A]),
        _ => None,
    }
}

/// Whether colour written to an attachment of `format`, stored in `vk_format`, lands in
/// storage as NVN lays it out (false where only a view swizzle makes it read right).
pub fn renders_as_stored(format: Format, vk_format: vk::Format) -> bool {
    format != Format::Rgb5A1 || vk_format == RGB5A1_AS_STORED
}

/// The mapping for `format`, given which Vulkan formats the device can sample (and, for
/// depth, render to). `force_fallbacks` takes a format's fallback even where its own format
/// is supported (to run the conversions on a driver that does not need them). `None` when
/// neither the format nor a fallback is supported.
pub fn map_format(
    format: Format,
    force_fallbacks: bool,
    supported: impl Fn(vk::Format) -> bool,
) -> Option<FormatMapping> {
    let fallback = fallback(format);
    let native = native_format(format);
    if supported(native) && !(force_fallbacks && fallback.is_some()) {
        return Some(FormatMapping {
            vk: native,
            conversion: Conversion::Direct,
        });
    }
    fallback.filter(|fallback| supported(fallback.vk))
}

/// The format a driver without `format` gets instead, if any.
fn fallback(format: Format) -> Option<FormatMapping> {
    if format.is_compressed() {
        let rgba = match format {
            Format::Bc4Sn | Format::Bc5Sn => vk::Format::R8G8B8A8_SNORM,
            _ if format.is_srgb() => vk::Format::R8G8B8A8_SRGB,
            _ => vk::Format::R8G8B8A8_UNORM,
        };
        return Some(FormatMapping {
            vk: rgba,
            conversion: Conversion::DecodeToRgba8,
        });
    }
    let rgba32 = match format {
        Format::Rgb32Ui => vk::Format::R32G32B32A32_UINT,
        Format::Rgb32I => vk::Format::R32G32B32A32_SINT,
        Format::Rgb32F => vk::Format::R32G32B32A32_SFLOAT,
        _ => {
            return (format == Format::Z24S8).then_some(FormatMapping {
                vk: vk::Format::D32_SFLOAT_S8_UINT,
                conversion: Conversion::Z24S8AsZ32FS8,
            })
        }
    };
    Some(FormatMapping {
        vk: rgba32,
        conversion: Conversion::Rgb32AsRgba32,
    })
}

/// Whether textures of formats `a` and `b`, both stored converted, hold the same texels
/// for the same storage: the same format, or its sRGB twin (the one decoder, the image's
/// bytes read as sRGB or not).
pub fn converted_alike(a: Format, b: Format) -> bool {
    // The table names a format's sRGB twin by its name and `-srgb`.
    a.name().trim_end_matches("-srgb") == b.name().trim_end_matches("-srgb")
}

/// The image aspects of a format.
pub fn aspect_flags(format: Format) -> vk::ImageAspectFlags {
    match format.aspect() {
        FormatAspect::Color => vk::ImageAspectFlags::COLOR,
        FormatAspect::Depth => vk::ImageAspectFlags::DEPTH,
        FormatAspect::Stencil => vk::ImageAspectFlags::STENCIL,
        FormatAspect::DepthStencil => vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_maps_when_all_is_supported() {
        for &format in Format::ALL {
            let mapping = map_format(format, false, |_| true).unwrap();
            assert_eq!(mapping.conversion, Conversion::Direct, "{format:?}");
            assert_ne!(mapping.vk, vk::Format::UNDEFINED);
        }
    }

    #[test]
    fn native_formats_are_distinct_where_nvn_formats_are() {
        let mut seen = std::collections::HashMap::new();
        for &format in Format::ALL {
            if let Some(other) = seen.insert(native_format(format), format) {
                // Formats share a Vulkan format only where a component swizzle tells them
                // apart at view creation (the two 5551 orders, the X formats).
                let vk_format = native_format(format);
                assert!(
                    format_components(other, vk_format) != format_components(format, vk_format),
                    "{other:?} and {format:?} map to the same Vulkan format"
                );
            }
        }
    }

    #[test]
    fn compressed_formats_fall_back_to_rgba8_and_z24s8_to_z32fs8() {
        let no_bc =
            |f: vk::Format| !format!("{f:?}").contains("BC") && !format!("{f:?}").contains("ASTC");
        let bc3 = map_format(Format::Bc3, false, no_bc).unwrap();
        assert_eq!(bc3.vk, vk::Format::R8G8B8A8_UNORM);
        assert_eq!(bc3.conversion, Conversion::DecodeToRgba8);
        let astc = map_format(Format::Astc6x6Srgb, false, no_bc).unwrap();
        assert_eq!(astc.vk, vk::Format::R8G8B8A8_SRGB);
        let z24 = map_format(Format::Z24S8, false, |f| f != vk::Format::D24_UNORM_S8_UINT).unwrap();
        assert_eq!(z24.conversion, Conversion::Z24S8AsZ32FS8);
        assert_eq!(map_format(Format::R8, false, |_| false), None);
        let bc5_sn = map_format(Format::Bc5Sn, false, no_bc).unwrap();
        assert_eq!(bc5_sn.vk, vk::Format::R8G8B8A8_SNORM);
        // A fallback the driver lacks too is no mapping.
        let no_bc_nor_rgba8 = |f: vk::Format| no_bc(f) && f != vk::Format::R8G8B8A8_UNORM;
        assert_eq!(map_format(Format::Bc7, false, no_bc_nor_rgba8), None);
    }

    #[test]
    fn converted_textures_are_alike_only_with_their_srgb_twin() {
        assert!(converted_alike(Format::Bc1, Format::Bc1Srgb));
        assert!(converted_alike(Format::Astc6x5Srgb, Format::Astc6x5));
        assert!(converted_alike(Format::Bc7, Format::Bc7));
        assert!(!converted_alike(Format::Bc1, Format::Bc4));
        assert!(!converted_alike(Format::Bc4, Format::Bc4Sn));
        assert!(!converted_alike(Format::Astc4x4, Format::Bc7));
        for &format in Format::ALL.iter().filter(|format| format.is_srgb()) {
            let twin = Format::from_name(format.name().trim_end_matches("-srgb"));
            assert!(twin.is_some(), "{format} has an sRGB twin in the table");
        }
    }

    #[test]
    fn forced_fallbacks_apply_to_formats_that_have_one() {
        for &format in Format::ALL {
            let forced = map_format(format, true, |_| true).unwrap();
            let expected = if format.is_compressed() {
                Conversion::DecodeToRgba8
            } else if format == Format::Z24S8 {
                Conversion::Z24S8AsZ32FS8
            } else if format.bytes_per_element() == 12 {
                Conversion::Rgb32AsRgba32
            } else {
                Conversion::Direct
            };
            assert_eq!(forced.conversion, expected, "{format:?}");
        }
    }

    /// The write-back stores GPU texels into storage as they are in the image: a converted
    /// texture's are not storage's (RGBA8 is no BC block), so admission must refuse every
    /// format that can be converted.
    #[test]
    fn the_write_back_admits_no_format_that_can_be_converted() {
        use gpu::objects::TextureFlags;
        use memory::{LayoutDesc, PoolFlags};
        for &format in Format::ALL {
            if map_format(format, true, |_| true).unwrap().conversion == Conversion::Direct {
                continue;
            }
            let desc = LayoutDesc::new_2d(format, 64, 64, 1);
            let admitted = crate::writeback::admit(
                &desc,
                TextureFlags::NONE,
                PoolFlags::CPU_CACHED_GPU_CACHED,
            );
            assert!(admitted.is_err(), "{format:?} is converted yet admitted");
        }
    }
}

//! Texture formats: bytes per element, element footprint, numeric class and aspect.
//!
//! An element is one pixel of an uncompressed format, or one compressed block (BCn 4x4,
//! ASTC per footprint). Everything the layout and swizzle code needs comes from here.

mod table;

pub use table::Format;

/// How the channels of a format are interpreted (what a Vulkan format name ends with).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormatClass {
    Unorm,
    Snorm,
    Uint,
    Sint,
    Float,
}

/// Which aspects a format has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormatAspect {
    Color,
    Depth,
    Stencil,
    DepthStencil,
}

/// One row of the format table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FormatInfo {
    pub name: &'static str,
    pub bytes_per_element: u32,
    pub block_width_px: u32,
    pub block_height_px: u32,
    pub class: FormatClass,
    pub aspect: FormatAspect,
    pub srgb: bool,
}

impl Format {
    /// The format with this lower-case name (`rgba8`, `bc3`, `astc-6x6-srgb`, `z32f-s8`).
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL
            .iter()
            .copied()
            .find(|format| format.name() == name)
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Bytes of one element: a pixel, or a compressed block.
    pub fn bytes_per_element(self) -> u32 {
        self.info().bytes_per_element
    }

    /// Width in pixels of one element (1 for uncompressed formats).
    pub fn block_width_px(self) -> u32 {
        self.info().block_width_px
    }

    /// Height in pixels of one element (1 for uncompressed formats).
    pub fn block_height_px(self) -> u32 {
        self.info().block_height_px
    }

    pub fn is_compressed(self) -> bool {
        self.block_width_px() > 1 || self.block_height_px() > 1
    }

    pub fn is_depth_or_stencil(self) -> bool {
        self.aspect() != FormatAspect::Color
    }

    pub fn has_depth(self) -> bool {
        matches!(
            self.aspect(),
            FormatAspect::Depth | FormatAspect::DepthStencil
        )
    }

    pub fn has_stencil(self) -> bool {
        matches!(
            self.aspect(),
            FormatAspect::Stencil | FormatAspect::DepthStencil
        )
    }

    pub fn is_srgb(self) -> bool {
        self.info().srgb
    }

    /// Numeric interpretation of the channels; sRGB formats are `Unorm`.
    pub fn class(self) -> FormatClass {
        self.info().class
    }

    pub fn aspect(self) -> FormatAspect {
        self.info().aspect
    }

    /// Elements needed to cover `width_px` x `height_px` pixels.
    pub fn extent_el(self, width_px: u32, height_px: u32) -> (u32, u32) {
        (
            width_px.div_ceil(self.block_width_px()),
            height_px.div_ceil(self.block_height_px()),
        )
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        for (index, format) in Format::ALL.iter().enumerate() {
            assert_eq!(Format::from_name(format.name()), Some(*format));
            assert!(Format::ALL[..index]
                .iter()
                .all(|other| other.name() != format.name()));
        }
        assert_eq!(Format::from_name("RGBA8"), None);
    }

    #[test]
    fn table_spot_checks() {
        let rg8 = Format::from_name("rg8").unwrap();
        assert_eq!(rg8.bytes_per_element(), 2);
        let bc3 = Format::from_name("bc3").unwrap();
        assert_eq!((bc3.bytes_per_element(), bc3.block_width_px()), (16, 4));
        assert!(bc3.is_compressed());
        let bc1 = Format::from_name("bc1").unwrap();
        assert_eq!(bc1.bytes_per_element(), 8);
        let astc = Format::from_name("astc-12x10").unwrap();
        assert_eq!((astc.block_width_px(), astc.block_height_px()), (12, 10));
        let z32f_s8 = Format::from_name("z32f-s8").unwrap();
        assert_eq!(z32f_s8.bytes_per_element(), 8);
        assert!(z32f_s8.has_depth() && z32f_s8.has_stencil());
        assert!(Format::from_name("rgba8-srgb").unwrap().is_srgb());
        assert_eq!(
            Format::from_name("rgba32f").unwrap().class(),
            FormatClass::Float
        );
        assert_eq!(
            Format::from_name("rgba8ui").unwrap().class(),
            FormatClass::Uint
        );
    }

    #[test]
    fn every_element_size_is_a_power_of_two_but_rgb32s() {
        for format in Format::ALL {
            let rgb32 = matches!(format, Format::Rgb32Ui | Format::Rgb32I | Format::Rgb32F);
            assert_eq!(
                format.bytes_per_element().is_power_of_two(),
                !rgb32,
                "{format}"
            );
        }
        assert_eq!(Format::Rgb32F.bytes_per_element(), 12);
    }
}

//! The formats a compiled program's image slots may hold. Maxwell's image instructions
//! do not name one (`suld d` reads a texel's raw bytes, `sust p` converts the registers
//! to whatever the bound surface holds), so the port states each slot's in the
//! [`SlotMap`](super::slots::SlotMap); the translation declares the storage image with
//! it and converts between the texel and the bytes the code reads.
//!
//! These are the storage formats Vulkan's `Shader` capability covers (deko3d's and
//! NVN's 32-bit, 4x8-, 4x16- and 4x32-bit storage formats). The two-channel and 16-bit
//! formats, and `r11g11b10f`, need `shaderStorageImageExtendedFormats`, which Hookshot's
//! device does not enable: they are not listed here.

use rspirv::spirv;

/// What a texel's channels are to a shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelKind {
    /// Floats: float formats, and normalized integers as [0, 1] or [-1, 1].
    Float,
    Uint,
    Sint,
}

/// How the texel's channels sit in its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packing {
    /// One 32-bit word a channel (the word's bits are the channel's).
    Words,
    /// Two 16-bit halves a word (floats as half floats, integers in their low 16 bits).
    Halves,
    /// Four bytes a word: unsigned or signed normalized, or integers in their low bytes.
    Bytes,
}

/// A storage image format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageFormat {
    R32ui,
    R32i,
    R32f,
    Rgba8,
    Rgba8Snorm,
    Rgba8ui,
    Rgba8i,
    Rgba16f,
    Rgba16ui,
    Rgba16i,
    Rgba32f,
    Rgba32ui,
    Rgba32i,
}

impl ImageFormat {
    pub const ALL: [ImageFormat; 13] = [
        ImageFormat::R32ui,
        ImageFormat::R32i,
        ImageFormat::R32f,
        ImageFormat::Rgba8,
        ImageFormat::Rgba8Snorm,
        ImageFormat::Rgba8ui,
        ImageFormat::Rgba8i,
        ImageFormat::Rgba16f,
        ImageFormat::Rgba16ui,
        ImageFormat::Rgba16i,
        ImageFormat::Rgba32f,
        ImageFormat::Rgba32ui,
        ImageFormat::Rgba32i,
    ];

    /// The GLSL layout qualifier's name (and Hookshot's format name) of the format.
    pub fn name(self) -> &'static str {
        match self {
            ImageFormat::R32ui => "r32ui",
            ImageFormat::R32i => "r32i",
            ImageFormat::R32f => "r32f",
            ImageFormat::Rgba8 => "rgba8",
            ImageFormat::Rgba8Snorm => "rgba8_snorm",
            ImageFormat::Rgba8ui => "rgba8ui",
            ImageFormat::Rgba8i => "rgba8i",
            ImageFormat::Rgba16f => "rgba16f",
            ImageFormat::Rgba16ui => "rgba16ui",
            ImageFormat::Rgba16i => "rgba16i",
            ImageFormat::Rgba32f => "rgba32f",
            ImageFormat::Rgba32ui => "rgba32ui",
            ImageFormat::Rgba32i => "rgba32i",
        }
    }

    /// The format named `name` (as [`ImageFormat::name`] writes it).
    pub fn from_name(name: &str) -> Option<ImageFormat> {
        ImageFormat::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The image formats a GLSL source states for its image bindings (`layout(binding =
    /// N, FORMAT) ... image...`): what a port states for the slots of a program uam
    /// compiled from that source. Declarations it cannot read are skipped.
    pub fn stated_in_glsl(source: &str) -> Vec<(u32, ImageFormat)> {
        let mut out = Vec::new();
        for declaration in source.split(';') {
            let Some(open) = declaration.find("layout(") else {
                continue;
            };
            let rest = &declaration[open + "layout(".len()..];
            let Some(close) = rest.find(')') else {
                continue;
            };
            if !rest[close..].contains("image") {
                continue;
            }
            let mut binding = None;
            let mut format = None;
            for part in rest[..close].split(',') {
                let part = part.trim();
                if let Some(value) = part.strip_prefix("binding") {
                    binding = value.trim().trim_start_matches('=').trim().parse().ok();
                } else if let Some(found) = ImageFormat::from_name(part) {
                    format = Some(found);
                }
            }
            if let (Some(binding), Some(format)) = (binding, format) {
                out.push((binding, format));
            }
        }
        out
    }

    /// The texel's size in bytes.
    pub fn texel_b(self) -> u32 {
        match self.packing() {
            Packing::Words => 4 * self.channels(),
            Packing::Halves => 8,
            Packing::Bytes => 4,
        }
    }

    /// The channels a texel has.
    pub fn channels(self) -> u32 {
        match self {
            ImageFormat::R32ui | ImageFormat::R32i | ImageFormat::R32f => 1,
            _ => 4,
        }
    }

    pub fn packing(self) -> Packing {
        match self {
            ImageFormat::Rgba8
            | ImageFormat::Rgba8Snorm
            | ImageFormat::Rgba8ui
            | ImageFormat::Rgba8i => Packing::Bytes,
            ImageFormat::Rgba16f | ImageFormat::Rgba16ui | ImageFormat::Rgba16i => Packing::Halves,
            _ => Packing::Words,
        }
    }

    pub fn kind(self) -> ChannelKind {
        match self {
            ImageFormat::R32ui
            | ImageFormat::Rgba8ui
            | ImageFormat::Rgba16ui
            | ImageFormat::Rgba32ui => ChannelKind::Uint,
            ImageFormat::R32i
            | ImageFormat::Rgba8i
            | ImageFormat::Rgba16i
            | ImageFormat::Rgba32i => ChannelKind::Sint,
            _ => ChannelKind::Float,
        }
    }

    /// Whether a byte channel is normalized (unsigned or signed) rather than an integer.
    pub fn normalized(self) -> bool {
        matches!(self, ImageFormat::Rgba8 | ImageFormat::Rgba8Snorm)
    }

    /// Whether channels are signed (sign-extended when unpacked).
    pub fn signed(self) -> bool {
        matches!(
            self,
            ImageFormat::Rgba8Snorm | ImageFormat::Rgba8i | ImageFormat::Rgba16i
        )
    }

    /// SPIR-V's name of the format.
    pub fn spirv(self) -> spirv::ImageFormat {
        match self {
            ImageFormat::R32ui => spirv::ImageFormat::R32ui,
            ImageFormat::R32i => spirv::ImageFormat::R32i,
            ImageFormat::R32f => spirv::ImageFormat::R32f,
            ImageFormat::Rgba8 => spirv::ImageFormat::Rgba8,
            ImageFormat::Rgba8Snorm => spirv::ImageFormat::Rgba8Snorm,
            ImageFormat::Rgba8ui => spirv::ImageFormat::Rgba8ui,
            ImageFormat::Rgba8i => spirv::ImageFormat::Rgba8i,
            ImageFormat::Rgba16f => spirv::ImageFormat::Rgba16f,
            ImageFormat::Rgba16ui => spirv::ImageFormat::Rgba16ui,
            ImageFormat::Rgba16i => spirv::ImageFormat::Rgba16i,
            ImageFormat::Rgba32f => spirv::ImageFormat::Rgba32f,
            ImageFormat::Rgba32ui => spirv::ImageFormat::Rgba32ui,
            ImageFormat::Rgba32i => spirv::ImageFormat::Rgba32i,
        }
    }

    /// The operand type uam writes into `suatom`'s bits 36-38 for an atomic on this
    /// format: 1 (s32) for a signed min or max, 0 (u32) for every other operation (the
    /// bits are the same whatever the sign; a float exchange too); none for min and max
    /// on floats and for the formats GLSL has no image atomics on.
    pub fn atomic_type(self, min_or_max: bool) -> Option<u32> {
        match (self, min_or_max) {
            (ImageFormat::R32i, true) => Some(1),
            (ImageFormat::R32f, true) => None,
            (ImageFormat::R32ui | ImageFormat::R32i | ImageFormat::R32f, _) => Some(0),
            _ => None,
        }
    }
}

impl std::fmt::Display for ImageFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

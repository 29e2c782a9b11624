//! Vertex attributes and the streams they read.

coded_enum!(
    /// The type of each component of a vertex attribute.
    pub enum ComponentKind {
        Float32 = 0,
        Float16 = 1,
        Unorm8 = 2,
        Snorm8 = 3,
        Uint8 = 4,
        Sint8 = 5,
        Unorm16 = 6,
        Snorm16 = 7,
        Uint16 = 8,
        Sint16 = 9,
        Uint32 = 10,
        Sint32 = 11,
        /// Packed 10:10:10:2 (components must be 4).
        Unorm1010102 = 12,
        /// Packed 10:10:10:2 unsigned integers (components must be 4).
        Uint1010102 = 13,
        /// Four UNORM bytes in B, G, R, A order, read as (R, G, B, A) (components must
        /// be 4).
        Unorm8Bgra = 14,
        /// Packed unsigned floats: R in bits 0-10 and G in 11-21 (5-bit exponent, 6-bit
        /// mantissa), B in 22-31 (5-bit exponent, 5-bit mantissa), NVN's R11G11B10F
        /// (components must be 3).
        Ufloat111110 = 15,
        /// Packed 10:10:10:2 signed normalized (components must be 4).
        Snorm1010102 = 16,
        /// Packed 10:10:10:2 signed integers (components must be 4).
        Sint1010102 = 17,
        /// Packed 10:10:10:2 signed integers read as floats (components must be 4).
        Sscaled1010102 = 18,
    }
);

impl ComponentKind {
    pub fn bytes_per_component(self) -> u32 {
        match self {
            ComponentKind::Float32 | ComponentKind::Uint32 | ComponentKind::Sint32 => 4,
            ComponentKind::Float16
            | ComponentKind::Unorm16
            | ComponentKind::Snorm16
            | ComponentKind::Uint16
            | ComponentKind::Sint16 => 2,
            ComponentKind::Unorm8
            | ComponentKind::Snorm8
            | ComponentKind::Uint8
            | ComponentKind::Sint8 => 1,
            ComponentKind::Unorm1010102
            | ComponentKind::Uint1010102
            | ComponentKind::Unorm8Bgra
            | ComponentKind::Snorm1010102
            | ComponentKind::Sint1010102
            | ComponentKind::Sscaled1010102 => 1,
            // Three components in one 4-byte word: `size_b` is its own.
            ComponentKind::Ufloat111110 => 4,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VertexFormat {
    pub kind: ComponentKind,
    /// 1 to 4.
    pub components: u8,
}

impl VertexFormat {
    pub fn size_b(self) -> u32 {
        match self.kind {
            ComponentKind::Ufloat111110 => 4,
            kind => kind.bytes_per_component() * u32::from(self.components),
        }
    }
    pub fn is_valid(self) -> bool {
        match self.kind {
            ComponentKind::Unorm1010102
            | ComponentKind::Uint1010102
            | ComponentKind::Unorm8Bgra
            | ComponentKind::Snorm1010102
            | ComponentKind::Sint1010102
            | ComponentKind::Sscaled1010102 => self.components == 4,
            ComponentKind::Ufloat111110 => self.components == 3,
            _ => (1..=4).contains(&self.components),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VertexAttribute {
    pub location: u8,
    pub stream: u8,
    pub format: VertexFormat,
    pub offset_b: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VertexStream {
    pub stride_b: u32,
    /// 0: per vertex; n: advance once every n instances.
    pub divisor: u32,
}

//! Texture kinds (NVN's texture targets) and what each implies for storage.

/// The shape of a texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureKind {
    D1,
    D2,
    D3,
    D1Array,
    D2Array,
    D2Multisample,
    Cube,
    CubeArray,
    Rectangle,
    Buffer,
}

impl TextureKind {
    /// Every kind, in the order the command line lists them.
    pub const ALL: &'static [TextureKind] = &[
        TextureKind::D1,
        TextureKind::D2,
        TextureKind::D3,
        TextureKind::D1Array,
        TextureKind::D2Array,
        TextureKind::D2Multisample,
        TextureKind::Cube,
        TextureKind::CubeArray,
        TextureKind::Rectangle,
        TextureKind::Buffer,
    ];

    /// The command-line name: `1d`, `2d`, `3d`, `1d-array`, `2d-array`, `2d-ms`, `cube`,
    /// `cube-array`, `rect`, `buffer`.
    pub fn name(self) -> &'static str {
        match self {
            TextureKind::D1 => "1d",
            TextureKind::D2 => "2d",
            TextureKind::D3 => "3d",
            TextureKind::D1Array => "1d-array",
            TextureKind::D2Array => "2d-array",
            TextureKind::D2Multisample => "2d-ms",
            TextureKind::Cube => "cube",
            TextureKind::CubeArray => "cube-array",
            TextureKind::Rectangle => "rect",
            TextureKind::Buffer => "buffer",
        }
    }

    pub fn from_name(name: &str) -> Option<TextureKind> {
        TextureKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name() == name)
    }

    /// Kinds whose layers are separate 2D (or 1D) images at a fixed layer stride.
    pub fn is_layered(self) -> bool {
        matches!(
            self,
            TextureKind::D1Array
                | TextureKind::D2Array
                | TextureKind::Cube
                | TextureKind::CubeArray
        )
    }

    /// Kinds that are one row of texels.
    pub fn is_one_dimensional(self) -> bool {
        matches!(
            self,
            TextureKind::D1 | TextureKind::D1Array | TextureKind::Buffer
        )
    }

    /// Storage layers for `layers` as a description counts them (array layers, or cubes of
    /// a cube array).
    pub fn storage_layers(self, layers: u32) -> Option<u32> {
        match self {
            TextureKind::Cube => Some(6),
            TextureKind::CubeArray => layers.checked_mul(6),
            TextureKind::D1Array | TextureKind::D2Array => Some(layers),
            _ => Some(1),
        }
    }
}

impl std::fmt::Display for TextureKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

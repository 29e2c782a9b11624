//! What a texture is, before any storage is computed: format, kind, extent, levels,
//! layers, samples and tiling. `validate` says whether storage can be laid out for it.

use super::{LayoutError, TextureKind};
use crate::Format;

/// Largest width or height of a 1D/2D texture, in pixels.
pub const MAX_EXTENT_2D_PX: u32 = 16384;
/// Largest width, height or depth of a 3D texture, in pixels.
pub const MAX_EXTENT_3D_PX: u32 = 2048;
/// Largest number of array layers (or cubes of a cube array).
pub const MAX_LAYERS: u32 = 2048;
/// Largest width of a buffer texture, in texels.
pub const MAX_BUFFER_TEXELS: u32 = 1 << 27;

/// How texels are arranged in storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiling {
    /// Tegra block-linear. `block_height_gobs`: `None` for the default policy (see
    /// `block_size`), or an explicit 1, 2, 4, 8, 16 or 32 (texture files carry their own).
    /// As NVN's tile size, it is the block height of a 2D layer and the block depth of a
    /// 3D texture (whose blocks are one GOB tall); 1D textures have neither.
    BlockLinear { block_height_gobs: Option<u32> },
    /// Rows one after another at a padded stride: one level, one layer.
    PitchLinear,
}

/// A texture to lay out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LayoutDesc {
    pub format: Format,
    pub kind: TextureKind,
    pub width_px: u32,
    pub height_px: u32,
    /// Slices of a 3D texture; 1 for every other kind.
    pub depth_px: u32,
    pub levels: u32,
    /// Array layers of 1D/2D arrays, cubes of a cube array; 1 for every other kind (a cube
    /// has its 6 faces without saying so).
    pub layers: u32,
    /// Samples of a 2D multisample texture (2, 4, 8); 1 otherwise.
    pub samples: u32,
    pub tiling: Tiling,
    /// The texture is a render target: pitch-linear rows align to 128 bytes, not 32.
    pub render_target: bool,
}

impl LayoutDesc {
    /// A 2D block-linear texture with the default block height.
    pub fn new_2d(format: Format, width_px: u32, height_px: u32, levels: u32) -> LayoutDesc {
        LayoutDesc {
            format,
            kind: TextureKind::D2,
            width_px,
            height_px,
            depth_px: 1,
            levels,
            layers: 1,
            samples: 1,
            tiling: Tiling::BlockLinear {
                block_height_gobs: None,
            },
            render_target: false,
        }
    }

    /// Sample grid of one pixel (x, y): 2 samples are 2x1, 4 are 2x2, 8 are 4x2.
    pub fn samples_xy(&self) -> (u32, u32) {
        match self.samples {
            2 => (2, 1),
            4 => (2, 2),
            8 => (4, 2),
            _ => (1, 1),
        }
    }

    /// Storage layers: array layers, 6 per cube.
    pub fn storage_layers(&self) -> u32 {
        self.kind.storage_layers(self.layers).unwrap_or(u32::MAX)
    }

    /// Most levels this extent allows (down to 1x1x1).
    pub fn max_levels(&self) -> u32 {
        let depth_px = if self.kind == TextureKind::D3 {
            self.depth_px
        } else {
            1
        };
        let largest_px = self.width_px.max(self.height_px).max(depth_px).max(1);
        u32::BITS - largest_px.leading_zeros()
    }

    /// Checks every rule a layout relies on.
    pub fn validate(&self) -> Result<(), LayoutError> {
        let kind = self.kind;
        for (what, value) in [
            ("width", self.width_px),
            ("height", self.height_px),
            ("depth", self.depth_px),
            ("levels", self.levels),
            ("layers", self.layers),
            ("samples", self.samples),
        ] {
            if value == 0 {
                return Err(LayoutError::Zero { what });
            }
        }
        self.validate_extent()?;
        self.validate_kind_rules()?;
        self.validate_format()?;
        if self.levels > self.max_levels() {
            return Err(LayoutError::TooManyLevels {
                levels: self.levels,
                max: self.max_levels(),
                width_px: self.width_px,
                height_px: self.height_px,
                depth_px: self.depth_px,
            });
        }
        match self.tiling {
            Tiling::BlockLinear {
                block_height_gobs: Some(gobs),
            } if !(gobs.is_power_of_two() && gobs <= 32) => {
                Err(LayoutError::BadBlockHeight { gobs })
            }
            Tiling::PitchLinear => self.validate_pitch_linear(),
            Tiling::BlockLinear { .. } => Ok(()),
        }
        .map_err(|err| {
            tracing::debug!(target: "memory::layout", %kind, %err, "layout rejected");
            err
        })
    }

    fn validate_extent(&self) -> Result<(), LayoutError> {
        let max_px = match self.kind {
            TextureKind::Buffer => MAX_BUFFER_TEXELS,
            TextureKind::D3 => MAX_EXTENT_3D_PX,
            _ => MAX_EXTENT_2D_PX,
        };
        for (what, value, max) in [
            ("width", self.width_px, max_px),
            ("height", self.height_px, max_px),
            ("depth", self.depth_px, max_px),
            ("layers", self.layers, MAX_LAYERS),
        ] {
            if value > max {
                return Err(LayoutError::TooLarge {
                    what,
                    value,
                    max,
                    kind: self.kind,
                });
            }
        }
        Ok(())
    }

    fn validate_kind_rules(&self) -> Result<(), LayoutError> {
        let kind = self.kind;
        let require = |what: &'static str, value: u32, expected: u32| {
            if value == expected {
                Ok(())
            } else {
                Err(LayoutError::KindRequires {
                    kind,
                    what,
                    expected,
                    value,
                })
            }
        };
        if kind != TextureKind::D3 {
            require("depth", self.depth_px, 1)?;
        }
        if kind.is_one_dimensional() {
            require("height", self.height_px, 1)?;
        }
        if !kind.is_layered() || kind == TextureKind::Cube {
            require("layers", self.layers, 1)?;
        }
        if matches!(
            kind,
            TextureKind::Buffer | TextureKind::Rectangle | TextureKind::D2Multisample
        ) {
            require("levels", self.levels, 1)?;
        }
        if kind == TextureKind::D2Multisample {
            if !matches!(self.samples, 2 | 4 | 8) {
                return Err(LayoutError::BadSampleCount {
                    samples: self.samples,
                });
            }
        } else {
            require("samples", self.samples, 1)?;
        }
        if matches!(kind, TextureKind::Cube | TextureKind::CubeArray)
            && self.width_px != self.height_px
        {
            return Err(LayoutError::CubeNotSquare {
                width_px: self.width_px,
                height_px: self.height_px,
            });
        }
        Ok(())
    }

    fn validate_format(&self) -> Result<(), LayoutError> {
        let kind = self.kind;
        let compressed_allowed = matches!(
            kind,
            TextureKind::D2
                | TextureKind::D2Array
                | TextureKind::D3
                | TextureKind::Cube
                | TextureKind::CubeArray
                | TextureKind::Rectangle
        );
        let depth_allowed = !matches!(kind, TextureKind::D3 | TextureKind::Buffer);
        if (self.format.is_compressed() && !compressed_allowed)
            || (self.format.is_depth_or_stencil() && !depth_allowed)
        {
            return Err(LayoutError::FormatNotAllowed {
                format: self.format,
                kind,
            });
        }
        Ok(())
    }

    fn validate_pitch_linear(&self) -> Result<(), LayoutError> {
        let refuse = |detail: &'static str| LayoutError::TilingNotAllowed {
            tiling: self.tiling,
            kind: self.kind,
            detail,
        };
        if !matches!(
            self.kind,
            TextureKind::D1 | TextureKind::D2 | TextureKind::Rectangle | TextureKind::Buffer
        ) {
            return Err(refuse("layers, depth or samples"));
        }
        if self.levels != 1 {
            return Err(refuse("more than one level"));
        }
        Ok(())
    }
}

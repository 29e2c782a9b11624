//! Why a texture description has no storage layout.

use super::{TextureKind, Tiling};
use crate::Format;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    #[error("{what} must be at least 1")]
    Zero { what: &'static str },
    #[error("{what} {value} is larger than the maximum {max} for a {kind} texture")]
    TooLarge {
        what: &'static str,
        value: u32,
        max: u32,
        kind: TextureKind,
    },
    #[error("{levels} levels requested, but a {width_px}x{height_px}x{depth_px} texture has at most {max}")]
    TooManyLevels {
        levels: u32,
        max: u32,
        width_px: u32,
        height_px: u32,
        depth_px: u32,
    },
    #[error("a {kind} texture must have {what} {expected}, not {value}")]
    KindRequires {
        kind: TextureKind,
        what: &'static str,
        expected: u32,
        value: u32,
    },
    #[error("a 2d-ms texture has 2, 4 or 8 samples, not {samples}")]
    BadSampleCount { samples: u32 },
    #[error("a cube face is square; {width_px}x{height_px} is not")]
    CubeNotSquare { width_px: u32, height_px: u32 },
    #[error("format {format} cannot be used for a {kind} texture")]
    FormatNotAllowed { format: Format, kind: TextureKind },
    #[error("block height {gobs} GOBs is not one of 1, 2, 4, 8, 16, 32")]
    BadBlockHeight { gobs: u32 },
    #[error("{tiling:?} cannot describe a {kind} texture with {detail}")]
    TilingNotAllowed {
        tiling: Tiling,
        kind: TextureKind,
        detail: &'static str,
    },
    #[error("the storage size does not fit in 64 bits")]
    SizeOverflow,
    #[error("level {level} does not exist; the texture has {levels}")]
    NoSuchLevel { level: u32, levels: u32 },
    #[error("layer {layer} does not exist; the texture has {layers}")]
    NoSuchLayer { layer: u32, layers: u32 },
}

//! Texture storage layout: where every element of every level and layer lies.

pub mod block_size;
mod desc;
mod error;
pub mod gob;
mod kind;
mod level;
mod texture_layout;

pub use desc::{
    LayoutDesc, Tiling, MAX_BUFFER_TEXELS, MAX_EXTENT_2D_PX, MAX_EXTENT_3D_PX, MAX_LAYERS,
};
pub use error::LayoutError;
pub use kind::TextureKind;
pub use level::LevelLayout;
pub use texture_layout::{
    TextureLayout, BLOCK_LINEAR_ALIGNMENT_B, PITCH_ALIGNMENT_B, PITCH_ALIGNMENT_RENDER_TARGET_B,
};

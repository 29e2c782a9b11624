//! The byte work of each `conv::Conversion` and of combined depth/stencil uploads: pure
//! functions from a level's deswizzled storage to what a buffer-to-image copy takes. The
//! upload (`executor::resources::upload`) deswizzles, calls these, and records the copies.

mod blocks;
mod depth_stencil;
mod rgb32;

pub use blocks::{decode_level, decoded_size_b, DecodeError, DecodedLevel};
pub use depth_stencil::{split_depth_stencil, DepthStencilSplit, DEPTH_TEXEL_B, STENCIL_TEXEL_B};
pub use rgb32::{expand_rgb32, RGB32_TEXEL_B, RGBA32_TEXEL_B};

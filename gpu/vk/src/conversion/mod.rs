//! The byte work of each `conv::Conversion` and of combined depth/stencil uploads: pure
//! functions from a level's deswizzled storage to what a buffer-to-image copy takes. The
//! upload (`executor::resources::upload`) deswizzles, calls these, and records the copies.

mod blocks;
mod depth_stencil;

pub use blocks::{decode_level, decoded_size_b, DecodeError, DecodedLevel};
pub use depth_stencil::{split_depth_stencil, DepthStencilSplit, DEPTH_TEXEL_B, STENCIL_TEXEL_B};

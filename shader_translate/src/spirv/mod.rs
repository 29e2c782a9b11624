//! Reading and rewriting SPIR-V modules.

pub mod edit;
pub mod index;
pub mod module;
pub mod ops;
pub mod texture_sources;

pub use index::ModuleIndex;
pub use module::{words_from_bytes, words_to_bytes, Module, ParseError};

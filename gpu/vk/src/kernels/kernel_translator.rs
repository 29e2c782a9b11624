//! The translator for the executor's own kernels and shaders (write-back, upload, masked
//! clears): optimised, never cached on disk, not held to the portability subset (they
//! are checked against it when written, and the disk cache is for the game's shaders).

use shader_translate::{CacheLocation, TranslateOptions, Translator};

use crate::error::{VkError, VkResult};

/// A translator for the executor's shaders; `name` names them in an error.
pub fn kernel_translator(name: &'static str) -> VkResult<Translator> {
    Translator::new(TranslateOptions {
        optimise: true,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .map_err(|source| VkError::Kernel { name, source })
}

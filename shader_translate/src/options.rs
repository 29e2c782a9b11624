//! What the caller chooses: optimisation, where the cache lives, strict portability.
//! The program maps `RX_VK_SPIRV_OPT`, `RX_VK_SHADER_CACHE` and `RX_VK_PORTABILITY` here.

use std::path::PathBuf;

/// Where translated shaders are kept on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheLocation {
    /// `hookshot/shaders` in the user's cache directory.
    UserCacheDir,
    Off,
    Dir(PathBuf),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranslateOptions {
    /// Run SPIRV-Tools' optimiser (the passes of `spirv-opt -O`) after validation.
    pub optimise: bool,
    pub cache: CacheLocation,
    /// A shader that cannot go to Metal is an error instead of a warning.
    pub strict_portability: bool,
}

impl Default for TranslateOptions {
    /// The switches' defaults: optimised, cached in the user's cache directory, warnings.
    fn default() -> Self {
        TranslateOptions {
            optimise: true,
            cache: CacheLocation::UserCacheDir,
            strict_portability: false,
        }
    }
}

//! One target a kind of input.

pub mod cache_entry;
pub mod capi_calls;
pub mod dksh;
pub mod glsl;
pub mod null_backend;
pub mod recording;
pub mod switches;

use std::sync::OnceLock;

use shader_translate::{CacheLocation, TranslateOptions, Translator};

/// A translator without a disk cache, unoptimised (the front ends and checks are what is
/// fuzzed), shared by the targets.
pub fn translator() -> &'static Translator {
    static TRANSLATOR: OnceLock<Translator> = OnceLock::new();
    TRANSLATOR.get_or_init(|| {
        Translator::new(TranslateOptions {
            optimise: false,
            cache: CacheLocation::Off,
            strict_portability: false,
        })
        .expect("the translator starts")
    })
}

/// A file of the repository (seeds read from the project's own corpora).
pub fn repo_file(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

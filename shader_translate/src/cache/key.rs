//! The cache key: SHA-256 of the translator's version, the tools' versions, the options,
//! the stage, the front end and the source.

use sha2::{Digest, Sha256};

use crate::{ShaderSource, TranslateOptions};

/// Bumped whenever the translator's output for the same input changes (a compiled Maxwell
/// program's entry is keyed by its code, so a change in the Maxwell front end's output
/// bumps it too).
pub const TRANSLATOR_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+output.8");

#[cfg(test)]
pub(crate) fn cache_key(
    source: &ShaderSource,
    options: &TranslateOptions,
    tool_fingerprint: &str,
) -> String {
    cache_key_of(&KeyedInput::of(source), options, tool_fingerprint)
}

/// What a cache entry is keyed by: the stage, the front end that reads the input, and
/// the input's bytes.
pub(crate) struct KeyedInput<'a> {
    pub stage: crate::Stage,
    pub front_end: &'static str,
    pub bytes: std::borrow::Cow<'a, [u8]>,
}

impl<'a> KeyedInput<'a> {
    pub(crate) fn of(source: &'a ShaderSource) -> Self {
        KeyedInput {
            stage: source.stage,
            front_end: source.code.front_end_name(),
            bytes: source.code.key_bytes().into(),
        }
    }
}

/// [`cache_key`] of any keyed input (a compiled Maxwell program's is its code, slots and
/// geometry input class).
pub(crate) fn cache_key_of(
    input: &KeyedInput<'_>,
    options: &TranslateOptions,
    tool_fingerprint: &str,
) -> String {
    let mut hasher = Sha256::new();
    let mut field = |bytes: &[u8]| {
        // Length-prefixed, so no two field lists hash the same bytes.
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    };
    field(TRANSLATOR_VERSION.as_bytes());
    field(tool_fingerprint.as_bytes());
    field(&[
        u8::from(options.optimise),
        u8::from(options.strict_portability),
    ]);
    field(input.stage.short_name().as_bytes());
    field(input.front_end.as_bytes());
    field(&input.bytes);
    hex(hasher.finalize().as_slice())
}

fn hex(digest: &[u8]) -> String {
    digest.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// SHA-256 of what an input is: its stage, front end and bytes (not its name).
pub(crate) fn source_hash_of(input: &KeyedInput<'_>) -> String {
    let mut hasher = Sha256::new();
    for bytes in [
        input.stage.short_name().as_bytes(),
        input.front_end.as_bytes(),
        &input.bytes,
    ] {
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    }
    hex(hasher.finalize().as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CacheLocation, ShaderCode, Stage};

    #[test]
    fn every_input_changes_the_key() {
        let source = ShaderSource {
            name: "a.comp".into(),
            stage: Stage::Compute,
            code: ShaderCode::Glsl("void main() {}".into()),
        };
        let options = TranslateOptions {
            optimise: true,
            cache: CacheLocation::Off,
            strict_portability: false,
        };
        let base = cache_key(&source, &options, "tools 1");
        assert_eq!(base.len(), 64);
        assert_eq!(base, cache_key(&source, &options, "tools 1"));
        assert_ne!(base, cache_key(&source, &options, "tools 2"));
        let unoptimised = TranslateOptions {
            optimise: false,
            ..options.clone()
        };
        assert_ne!(base, cache_key(&source, &unoptimised, "tools 1"));
        let vertex = ShaderSource {
            stage: Stage::Vertex,
            ..source.clone()
        };
        assert_ne!(base, cache_key(&vertex, &options, "tools 1"));
        let kernel = ShaderSource {
            code: ShaderCode::KernelGlsl("void main() {}".into()),
            ..source.clone()
        };
        assert_ne!(base, cache_key(&kernel, &options, "tools 1"));
        // The name only labels diagnostics; it does not change the output.
        let renamed = ShaderSource {
            name: "b.comp".into(),
            ..source
        };
        assert_eq!(base, cache_key(&renamed, &options, "tools 1"));
    }
}

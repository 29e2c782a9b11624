//! The translator: front end, binding remap, validation, optimisation, reflection, the
//! Metal check (all in process), and the cache around all of it.

use std::path::Path;

use crate::buffer_reference::rewrite_buffer_references;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::cache::{cache_key_of, source_hash_of, Claim, Entry, KeyedInput, Lookup, ShaderCache};
use crate::front::glslang::Glslang;
use crate::front::naga_glsl::compile_kernel;
use crate::front::position::{binding_declaration, first_token};
use crate::limits;
use crate::metal::check_metal;
use crate::optimise::{fingerprint, optimise, Passes};
use crate::reflect::reflect;
use crate::remap::{remap_to_host, RemapError};
use crate::spirv::{Module, ModuleIndex};
use crate::validate::{has_entry_point, validate_spirv};
use crate::{
    Diagnostic, MetalCheck, Reflection, ShaderCode, ShaderSource, Stage, TranslateError,
    TranslateOptions,
};

const TARGET: &str = "shader_translate";

/// A module ready for the host: SPIR-V in the host layout, what it uses, and whether it
/// can go to Metal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranslatedShader {
    pub spirv: Vec<u32>,
    pub reflection: Reflection,
    pub metal: MetalCheck,
    /// Where the result came from.
    pub cache: CacheOutcome,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheOutcome {
    Off,
    Hit,
    Miss,
    /// The entry was damaged (the reason), so it was translated again and rewritten.
    Rebuilt(String),
}

pub struct Translator {
    options: TranslateOptions,
    glslang: Glslang,
    cache: Option<ShaderCache>,
    tool_fingerprint: String,
    /// Shaders go to Metal in this run (`set_metal_route`): a shader that cannot is a
    /// warning; elsewhere it is a debug line.
    metal_route: bool,
    /// Shaders whose front end ran (cache misses, rebuilt entries, or no cache), and
    /// those taken from the cache.
    translated: AtomicU64,
    cache_hits: AtomicU64,
}

/// What a translator has done since it was made ([`Translator::counts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TranslationCounts {
    /// Shaders translated (their front end and the pipeline ran).
    pub translated: u64,
    /// Shaders taken whole from the cache.
    pub cache_hits: u64,
}

impl Translator {
    /// Starts glslang and opens the cache; every tool is linked, so nothing has to be
    /// installed.
    pub fn new(options: TranslateOptions) -> Result<Self, TranslateError> {
        let tool_fingerprint = fingerprint();
        Ok(Translator {
            glslang: Glslang::new()?,
            cache: ShaderCache::open(&options.cache),
            options,
            tool_fingerprint,
            metal_route: false,
            translated: AtomicU64::new(0),
            cache_hits: AtomicU64::new(0),
        })
    }

    /// Says whether this run's shaders go to Metal (the device is MoltenVK, or
    /// `RX_VK_SIMULATE` stands in for it): only then is a shader that cannot a warning.
    /// Strict portability refuses such a shader either way.
    pub fn set_metal_route(&mut self, metal_route: bool) {
        self.metal_route = metal_route;
    }

    pub fn options(&self) -> &TranslateOptions {
        &self.options
    }

    /// The cache's folder, `None` when the cache is off.
    pub fn cache_dir(&self) -> Option<&Path> {
        self.cache.as_ref().map(ShaderCache::dir)
    }

    /// Translates one shader, from the cache when it holds a sound entry.
    pub fn translate(&self, source: &ShaderSource) -> Result<TranslatedShader, TranslateError> {
        self.translate_with(source, Passes::Performance)
    }

    /// [`Translator::translate`] with the optimiser's passes chosen for the module (a
    /// module written in SSA form needs fewer).
    pub(crate) fn translate_with(
        &self,
        source: &ShaderSource,
        passes: Passes,
    ) -> Result<TranslatedShader, TranslateError> {
        match &source.code {
            ShaderCode::Glsl(text) | ShaderCode::KernelGlsl(text) => {
                limits::check_glsl(&source.name, text)?
            }
            ShaderCode::Spirv(words) => limits::check_spirv(&source.name, words)?,
        }
        self.translate_keyed(
            &source.name,
            &KeyedInput::of(source),
            passes,
            || Ok(std::borrow::Cow::Borrowed(source)),
            |error| error,
        )
    }

    /// Translates the module `front` gives (asked for only when the cache holds no sound
    /// entry for `input`), keyed by `input`: a compiled program's entry is keyed by its
    /// code, so a hit runs no front end at all.
    pub(crate) fn translate_keyed<'s, E>(
        &self,
        name: &str,
        input: &KeyedInput<'_>,
        passes: Passes,
        front: impl FnOnce() -> Result<std::borrow::Cow<'s, ShaderSource>, E>,
        wrap: impl Fn(TranslateError) -> E,
    ) -> Result<TranslatedShader, E> {
        if name.contains('\0') {
            return Err(wrap(TranslateError::TooCostly(crate::Diagnostic {
                file: name.replace('\0', "\\0"),
                pos: None,
                message: "a NUL byte in the shader's name".into(),
            })));
        }
        let Some(cache) = &self.cache else {
            let source = front()?;
            let entry = self.translate_uncached(&source, passes).map_err(&wrap)?;
            return self.finish(name, entry, CacheOutcome::Off).map_err(wrap);
        };
        let tools = match passes {
            Passes::Performance => self.tool_fingerprint.clone(),
            Passes::Ssa => format!("{}passes: {}\n", self.tool_fingerprint, passes.key()),
        };
        let key = cache_key_of(input, &self.options, &tools);
        let source_sha256 = source_hash_of(input);
        let claim = Claim {
            key: &key,
            source_sha256: &source_sha256,
            stage: input.stage,
        };
        let outcome = match cache.load(&claim) {
            Lookup::Hit(entry) => {
                return self.finish(name, *entry, CacheOutcome::Hit).map_err(wrap)
            }
            Lookup::Miss => CacheOutcome::Miss,
            Lookup::Damaged(reason) => CacheOutcome::Rebuilt(reason),
        };
        let source = front()?;
        let entry = self.translate_uncached(&source, passes).map_err(&wrap)?;
        cache.store(&claim, &entry);
        self.finish(name, entry, outcome).map_err(wrap)
    }

    /// Shaders translated and cache hits since the translator was made.
    pub fn counts(&self) -> TranslationCounts {
        TranslationCounts {
            translated: self.translated.load(Ordering::Relaxed),
            cache_hits: self.cache_hits.load(Ordering::Relaxed),
        }
    }

    /// One of the renderer's own compute kernels (GLSL through naga: storage buffers,
    /// images, push constants).
    pub fn build_kernel(&self, name: &str, glsl: &str) -> Result<TranslatedShader, TranslateError> {
        self.translate(&ShaderSource {
            name: name.to_owned(),
            stage: Stage::Compute,
            code: ShaderCode::KernelGlsl(glsl.to_owned()),
        })
    }

    /// Applies the portability rule: a warning, or an error under strict portability.
    fn finish(
        &self,
        name: &str,
        entry: Entry,
        cache: CacheOutcome,
    ) -> Result<TranslatedShader, TranslateError> {
        let counter = match cache {
            CacheOutcome::Hit => &self.cache_hits,
            CacheOutcome::Off | CacheOutcome::Miss | CacheOutcome::Rebuilt(_) => &self.translated,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        if !entry.metal.portable() {
            if self.options.strict_portability {
                return Err(TranslateError::NotPortable {
                    name: name.to_owned(),
                    check: Box::new(entry.metal),
                });
            }
            let problems = entry.metal.problems().join("; ");
            if self.metal_route {
                tracing::warn!(target: TARGET, "{name}: cannot go to Metal (MoltenVK): {problems}");
            } else {
                tracing::debug!(target: TARGET, "{name}: cannot go to Metal (MoltenVK): {problems}");
            }
        }
        Ok(TranslatedShader {
            spirv: entry.spirv,
            reflection: entry.reflection,
            metal: entry.metal,
            cache,
        })
    }

    /// The front end's SPIR-V for `source` (glslang's or naga's, or the input module as
    /// is), before the binding remap and the rest of the pipeline: what the benchmark sets
    /// against the Maxwell front end.
    pub fn front_end(&self, source: &ShaderSource) -> Result<Vec<u32>, TranslateError> {
        let (name, stage) = (&source.name, source.stage);
        Ok(match &source.code {
            ShaderCode::Glsl(text) => self.glslang.compile(name, stage, text)?,
            ShaderCode::KernelGlsl(text) => compile_kernel(name, stage, text)?,
            ShaderCode::Spirv(words) => words.clone(),
        })
    }

    fn translate_uncached(
        &self,
        source: &ShaderSource,
        passes: Passes,
    ) -> Result<Entry, TranslateError> {
        let name = &source.name;
        let stage = source.stage;
        let words = self.front_end(source)?;
        let malformed = |reason: String| TranslateError::MalformedSpirv {
            name: name.clone(),
            reason,
        };
        let mut module = Module::parse(&words).map_err(|error| malformed(error.to_string()))?;
        if !has_entry_point(&module, stage) {
            return Err(TranslateError::StageMismatch {
                name: name.clone(),
                expected: stage,
            });
        }
        remap_to_host(&mut module, stage).map_err(|error| remap_error(source, &error))?;
        let mut translated = module.to_words();
        let tag = crate::pool_table::program_tag(source);
        match rewrite_buffer_references(&translated, tag) {
            Ok(Some(rewritten)) => translated = rewritten,
            Ok(None) => {}
            Err(error) => {
                return Err(TranslateError::Unsupported(Diagnostic {
                    file: name.clone(),
                    pos: None,
                    message: error.to_string(),
                }))
            }
        }
        validate_spirv(&translated).map_err(|log| TranslateError::Invalid {
            name: name.clone(),
            phase: "translated",
            log,
        })?;
        let final_words = if self.options.optimise {
            let optimised =
                optimise(&translated, passes, true).map_err(|log| TranslateError::Optimise {
                    name: name.clone(),
                    log,
                })?;
            validate_spirv(&optimised).map_err(|log| TranslateError::Invalid {
                name: name.clone(),
                phase: "optimised",
                log,
            })?;
            optimised
        } else {
            translated
        };
        let final_module =
            Module::parse(&final_words).map_err(|error| malformed(error.to_string()))?;
        let reflection = reflect(&final_module, stage).map_err(malformed)?;
        let metal = check_metal(&final_words, &ModuleIndex::new(&final_module), stage);
        Ok(Entry {
            spirv: final_words,
            reflection,
            metal,
        })
    }
}

/// A remap failure as a diagnostic at the declaration, where there is source text.
fn remap_error(source: &ShaderSource, error: &RemapError) -> TranslateError {
    let text = match &source.code {
        ShaderCode::Glsl(text) | ShaderCode::KernelGlsl(text) => Some(text.as_str()),
        ShaderCode::Spirv(_) => None,
    };
    let pos = text.and_then(|text| match error {
        RemapError::OutOfRange { slot, name, .. } => binding_declaration(text, *slot, name),
        RemapError::NoBinding { name } | RemapError::NonZeroSet { name, .. } => {
            first_token(text, name)
        }
        RemapError::Unsupported(unsupported) => first_token(text, &unsupported.name),
    });
    let diagnostic = Diagnostic {
        file: source.name.clone(),
        pos,
        message: error.message(),
    };
    match error {
        RemapError::OutOfRange { kind, slot, .. } => TranslateError::BindingOutOfRange {
            diagnostic,
            kind: *kind,
            slot: *slot,
        },
        _ => TranslateError::Unsupported(diagnostic),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_translator_can_be_shared_between_threads() {
        fn shareable<T: Send + Sync>() {}
        shareable::<Translator>();
    }
}

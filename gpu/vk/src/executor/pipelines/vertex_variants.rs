//! A graphics program's vertex stage as a draw's vertex formats need it. A compiled
//! (Maxwell) vertex program reads each attribute's raw words, integers or floats as the
//! format delivers them, so it is translated per kinds mask of the attributes it reads
//! (`shader_translate::maxwell::attribute_kinds`), each translation made once and kept
//! by (program code, kinds). A GLSL or SPIR-V vertex stage declares its inputs' types:
//! one that disagrees with the bound format's kind is refused (Vulkan leaves the read
//! undefined). The pipeline key holds the attributes, so a repeated draw finds its
//! pipeline as any other does. The translations go through the translator's cache
//! (`RX_VK_SHADER_CACHE`; keyed by the code and the kinds), so `hookshot warm`'s
//! entries for a recording's draws are hits.

use std::collections::HashMap;

use gpu::objects::program_attribute_kinds::{
    attribute_kinds, check_declared_types, compiled_vertex,
};
use gpu::objects::{Program, ShaderModule, Stage};
use gpu::state::VertexAttribute;
use shader_translate::maxwell::attribute_kinds::AttributeKinds;
use shader_translate::maxwell::compiled_source::CompiledSource;
use shader_translate::{CacheLocation, TranslateOptions, Translator};

use crate::error::{VkError, VkResult};

/// A graphics pipeline set's vertex stage translations by attribute kinds.
pub struct VertexVariants {
    options: TranslateOptions,
    /// By the program's identity bytes and the kinds' bits.
    made: HashMap<(Vec<u8>, u64), Vec<u32>>,
}

impl Default for VertexVariants {
    /// Optimised, no disk cache (tests and tools leave nothing in the user's cache).
    fn default() -> Self {
        VertexVariants::new(TranslateOptions {
            optimise: true,
            cache: CacheLocation::Off,
            strict_portability: false,
        })
    }
}

impl VertexVariants {
    /// Translating with `options` (the game's: `RX_VK_SPIRV_OPT`, `RX_VK_SHADER_CACHE`,
    /// `RX_VK_PORTABILITY`).
    pub fn new(options: TranslateOptions) -> VertexVariants {
        VertexVariants {
            options,
            made: HashMap::new(),
        }
    }

    /// `program` as a draw binding `attributes` runs it: its compiled vertex stage
    /// translated for the attributes' kinds (`None`: the program runs as it is, its
    /// vertex stage not compiled or every attribute it reads float). Refuses a GLSL or
    /// SPIR-V vertex stage whose input types disagree with the formats.
    pub fn for_attributes(
        &mut self,
        program: &Program,
        attributes: &[VertexAttribute],
    ) -> VkResult<Option<Program>> {
        let Some(vertex) = program.module(Stage::Vertex) else {
            return Ok(None);
        };
        let Some(source) = compiled_vertex(program) else {
            if !attributes.is_empty() {
                let reflection = shader_translate::reflect_words(
                    &vertex.spirv_words,
                    shader_translate::Stage::Vertex,
                )
                .map_err(|why| {
                    VkError::Unsupported(format!("{}: its vertex stage: {why}", program.id))
                })?;
                check_declared_types(
                    reflection
                        .inputs
                        .iter()
                        .map(|input| (input.location, input.ty.as_str())),
                    attributes,
                )?;
            }
            return Ok(None);
        };
        let kinds = attribute_kinds(attributes).only(vertex.reflection.input_locations);
        if kinds.is_float() {
            return Ok(None);
        }
        let words = self.words(source, kinds, program)?;
        let modules = program
            .modules
            .iter()
            .map(|module| match module.stage {
                Stage::Vertex => ShaderModule {
                    spirv_words: words.clone(),
                    ..module.clone()
                },
                _ => module.clone(),
            })
            .collect();
        Ok(Some(Program {
            modules,
            ..program.clone()
        }))
    }

    fn words(
        &mut self,
        source: &CompiledSource,
        kinds: AttributeKinds,
        program: &Program,
    ) -> VkResult<Vec<u32>> {
        let key = (source.identity_bytes(), kinds.bits());
        if let Some(words) = self.made.get(&key) {
            return Ok(words.clone());
        }
        let translator =
            Translator::new(self.options.clone()).map_err(|source| VkError::Kernel {
                name: "vertex attribute variant",
                source,
            })?;
        let translated = translator
            .translate_compiled_vertex(source, kinds)
            .map_err(|why| {
                VkError::Unsupported(format!(
                    "{}: its vertex stage for attribute kinds {:#x}: {why}",
                    program.id,
                    kinds.bits()
                ))
            })?;
        tracing::debug!(
            target: "gpu_vk::executor",
            program = %program.id,
            kinds = kinds.bits(),
            cache = ?translated.cache,
            "vertex program translated for its attributes' kinds"
        );
        self.made.insert(key, translated.spirv.clone());
        Ok(translated.spirv)
    }
}

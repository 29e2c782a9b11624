//! The vertex attribute variants `hookshot warm` adds to a title's shader cache. A
//! compiled vertex program is translated again, when a pipeline is made, for the kinds
//! (float, sint, uint) its draw's attribute formats deliver
//! (`shader_translate::maxwell::attribute_kinds`); those translations are cached under
//! the code and the kinds. A recording says which attribute states its lists set, so each
//! compiled vertex program is translated for each kinds mask of those states at the
//! locations it reads (a superset of the ones its own draws bind: which program a draw
//! runs follows binds across lists and submissions, and a spare entry costs only disk).

use std::collections::BTreeSet;

use anyhow::Context;
use gpu::command::Command;
use gpu::objects::program_attribute_kinds::attribute_kinds;
use gpu::objects::ShaderModule;
use gpu::state::StateChange;
use shader_translate::maxwell::attribute_kinds::AttributeKinds;
use shader_translate::maxwell::compiled_source::CompiledSource;
use shader_translate::{TranslatedShader, Translator};

/// What a pass over a recording gathers for the variants.
#[derive(Default)]
pub struct VariantInputs {
    /// Compiled vertex programs and the attribute locations each reads.
    programs: Vec<(CompiledSource, u32)>,
    /// The kinds of every vertex attribute state a list sets.
    kinds: BTreeSet<AttributeKinds>,
}

impl VariantInputs {
    /// Notes `module` where it is a compiled vertex program.
    pub fn note_module(&mut self, module: &ShaderModule) {
        if let Some(gpu::objects::ModuleSource::Compiled(source)) = &module.source {
            let known = self.programs.iter().any(|(other, _)| {
                other.kind == source.kind
                    && other.code == source.code
                    && other.slots == source.slots
            });
            if source.kind == shader_translate::maxwell::dksh::ProgramType::Vertex && !known {
                self.programs
                    .push((source.clone(), module.reflection.input_locations));
            }
        }
    }

    /// Notes the attribute states `commands` set.
    pub fn note_commands(&mut self, commands: impl Iterator<Item = Command>) {
        for command in commands {
            if let Command::SetState(StateChange::VertexAttributes(attributes)) = command {
                let kinds = attribute_kinds(&attributes);
                if !kinds.is_float() {
                    self.kinds.insert(kinds);
                }
            }
        }
    }

    /// Translates every noted program for every noted kinds mask that changes it.
    pub fn translate(&self, translator: &Translator) -> anyhow::Result<Vec<TranslatedShader>> {
        let mut shaders = Vec::new();
        for (source, locations) in &self.programs {
            let masks: BTreeSet<AttributeKinds> = self
                .kinds
                .iter()
                .map(|kinds| kinds.only(*locations))
                .filter(|kinds| !kinds.is_float())
                .collect();
            for kinds in masks {
                shaders.push(
                    translator
                        .translate_compiled_vertex(source, kinds)
                        .with_context(|| {
                            format!(
                                "translating compiled program {} for attribute kinds {:#x}",
                                source.name,
                                kinds.bits()
                            )
                        })?,
                );
            }
        }
        Ok(shaders)
    }
}

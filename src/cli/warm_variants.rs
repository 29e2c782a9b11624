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

#[cfg(test)]
mod tests {
    use gpu::state::{ComponentKind, VertexAttribute, VertexFormat};
    use shader_translate::maxwell::compiled_source::CompiledCode;
    use shader_translate::maxwell::slots::SlotMap;
    use shader_translate::{CacheLocation, CacheOutcome, TranslateOptions};

    use super::*;

    fn attributes(kinds: &[(u8, ComponentKind)]) -> Command {
        Command::SetState(StateChange::VertexAttributes(
            kinds
                .iter()
                .map(|&(location, kind)| VertexAttribute {
                    location,
                    stream: 0,
                    format: VertexFormat {
                        kind,
                        components: 4,
                    },
                    offset_b: 0,
                })
                .collect(),
        ))
    }

    /// The skinning program's joints (location 3) bound as UINT and as SINT, and an
    /// integer attribute at a location it does not read: two variants, each cached.
    #[test]
    fn each_kinds_mask_a_program_reads_is_translated_once() {
        let dir = tempfile::tempdir().unwrap();
        let translator = Translator::new(TranslateOptions {
            optimise: true,
            cache: CacheLocation::Dir(dir.path().to_path_buf()),
            strict_portability: false,
        })
        .unwrap();
        let dksh = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("shader_translate/tests/maxwell_games/g_vert_skinning/out.dksh"),
        )
        .unwrap();
        let source = CompiledSource {
            name: "skinning".into(),
            kind: shader_translate::maxwell::dksh::ProgramType::Vertex,
            code: CompiledCode::Dksh(dksh),
            slots: SlotMap::default(),
        };
        let translated = translator.translate_compiled_source(&source).unwrap();
        let module = ShaderModule::compiled_from(source, &translated);
        let mut inputs = VariantInputs::default();
        inputs.note_module(&module);
        inputs.note_module(&module);
        inputs.note_commands(
            [
                attributes(&[(0, ComponentKind::Float32), (3, ComponentKind::Uint8)]),
                attributes(&[(3, ComponentKind::Sint16)]),
                attributes(&[(3, ComponentKind::Uint32), (12, ComponentKind::Sint8)]),
                attributes(&[(12, ComponentKind::Uint8)]),
            ]
            .into_iter(),
        );
        let first = inputs.translate(&translator).unwrap();
        let outcomes: Vec<CacheOutcome> = first.iter().map(|shader| shader.cache.clone()).collect();
        assert_eq!(outcomes, [CacheOutcome::Miss, CacheOutcome::Miss]);
        let again = inputs.translate(&translator).unwrap();
        assert!(again.iter().all(|shader| shader.cache == CacheOutcome::Hit));
    }
}

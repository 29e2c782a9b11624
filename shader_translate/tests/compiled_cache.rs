//! Compiled programs in the disk cache, keyed by their code: a new translator (a new
//! process) finds every program of the Maxwell corpus there and translates none (the
//! counts say so), with the bytes the Maxwell front end gives; geometry programs hold one
//! entry per input class; any change to the code, the slot map or the program type misses.

mod common;

use shader_translate::maxwell::compiled_source::{
    CompiledCode, CompiledSource, CompiledTranslation,
};
use shader_translate::maxwell::corpus::MAXWELL_CORPUS;
use shader_translate::maxwell::dksh::{self, ProgramType};
use shader_translate::maxwell::slots::SlotMap;
use shader_translate::maxwell::translate::MaxwellError;
use shader_translate::{CacheOutcome, TranslationCounts};

fn source_of(name: &str, dksh_bytes: &[u8]) -> CompiledSource {
    let kind = dksh::parse(dksh_bytes).unwrap().programs[0].header.kind;
    CompiledSource {
        name: name.to_owned(),
        kind,
        code: CompiledCode::Dksh(dksh_bytes.to_vec()),
        slots: SlotMap::deko3d(),
    }
}

fn outcomes(translation: &CompiledTranslation) -> Vec<CacheOutcome> {
    translation
        .shaders()
        .iter()
        .map(|shader| shader.cache.clone())
        .collect()
}

#[test]
fn a_warm_cache_translates_no_compiled_program() {
    let dir = tempfile::tempdir().unwrap();
    let sources: Vec<CompiledSource> = MAXWELL_CORPUS
        .iter()
        .map(|program| source_of(program.name, program.dksh))
        .collect();
    let cold = common::cached_translator(dir.path());
    let mut modules = 0u64;
    let mut cold_translations = Vec::new();
    for source in &sources {
        let translation = cold.translate_compiled_source(source).unwrap();
        let expected = if source.kind == ProgramType::Geometry {
            5
        } else {
            1
        };
        assert_eq!(translation.shaders().len(), expected, "{}", source.name);
        assert!(
            outcomes(&translation)
                .iter()
                .all(|outcome| *outcome == CacheOutcome::Miss),
            "{}",
            source.name
        );
        modules += expected as u64;
        cold_translations.push(translation);
    }
    assert_eq!(
        cold.counts(),
        TranslationCounts {
            translated: modules,
            cache_hits: 0
        }
    );
    let warm = common::cached_translator(dir.path());
    for (source, cold_translation) in sources.iter().zip(&cold_translations) {
        let translation = warm.translate_compiled_source(source).unwrap();
        for (warm_shader, cold_shader) in
            translation.shaders().iter().zip(cold_translation.shaders())
        {
            assert_eq!(warm_shader.cache, CacheOutcome::Hit, "{}", source.name);
            assert_eq!(warm_shader.spirv, cold_shader.spirv, "{}", source.name);
            assert_eq!(warm_shader.reflection, cold_shader.reflection);
        }
    }
    assert_eq!(
        warm.counts(),
        TranslationCounts {
            translated: 0,
            cache_hits: modules
        }
    );
}

#[test]
fn the_cache_translates_what_the_front_end_gives() {
    let program = MAXWELL_CORPUS
        .iter()
        .find(|program| program.geometry.is_none())
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let source = source_of(program.name, program.dksh);
    let cached = common::cached_translator(dir.path());
    cached.translate_compiled_source(&source).unwrap();
    let hit = cached.translate_compiled_source(&source).unwrap();
    // The Maxwell front end's own route, with no cache.
    let direct = common::translator(true)
        .translate_dksh(program.name, program.dksh)
        .unwrap();
    assert_eq!(hit.shaders()[0].cache, CacheOutcome::Hit);
    assert_eq!(hit.shaders()[0].spirv, direct.spirv);
}

#[test]
fn any_change_to_what_is_translated_misses() {
    let program = MAXWELL_CORPUS
        .iter()
        .find(|program| program.geometry.is_none())
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let translator = common::cached_translator(dir.path());
    let source = source_of(program.name, program.dksh);
    translator.translate_compiled_source(&source).unwrap();
    let mut other_slots = source.clone();
    other_slots.slots.uniform_cbuf_base = 3;
    let mut renamed = source.clone();
    renamed.name = "another name".into();
    let first = |translation: CompiledTranslation| translation.shaders()[0].cache.clone();
    assert_eq!(
        first(translator.translate_compiled_source(&renamed).unwrap()),
        CacheOutcome::Hit,
        "the name is not part of the key"
    );
    match translator.translate_compiled_source(&other_slots) {
        Ok(translation) => assert_eq!(first(translation), CacheOutcome::Miss),
        // A slot map the code cannot use is refused, never taken from the cache.
        Err(error) => assert!(!matches!(error, MaxwellError::Kind(_)), "{error}"),
    }
    let mut wrong_kind = source.clone();
    wrong_kind.kind = if source.kind == ProgramType::Vertex {
        ProgramType::Fragment
    } else {
        ProgramType::Vertex
    };
    assert!(matches!(
        translator.translate_compiled_source(&wrong_kind),
        Err(MaxwellError::Kind(_))
    ));
}

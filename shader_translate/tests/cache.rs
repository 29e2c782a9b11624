//! The disk cache: a hit gives the same bytes; a truncated, altered or foreign entry is
//! detected, rebuilt and rewritten.

mod common;

use std::path::{Path, PathBuf};

use shader_translate::corpus::CORPUS;
use shader_translate::{CacheLocation, CacheOutcome, TranslateOptions, Translator};

fn entry_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "hsc"))
        .collect();
    files.sort();
    files
}

#[test]
fn a_hit_returns_identical_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let source = CORPUS[1].source();
    let cold = common::cached_translator(dir.path())
        .translate(&source)
        .unwrap();
    assert_eq!(cold.cache, CacheOutcome::Miss);
    // A new translator (as in a new process) reads what the first one wrote.
    let warm = common::cached_translator(dir.path())
        .translate(&source)
        .unwrap();
    assert_eq!(warm.cache, CacheOutcome::Hit);
    assert_eq!(warm.spirv, cold.spirv);
    assert_eq!(warm.reflection, cold.reflection);
    assert_eq!(warm.metal, cold.metal);
    assert_eq!(entry_files(dir.path()).len(), 1);
}

fn damaged_entry_is_rebuilt(damage: impl Fn(&Path), expected_reason: &str) {
    let dir = tempfile::tempdir().unwrap();
    let source = CORPUS[6].source();
    let translator = common::cached_translator(dir.path());
    let original = translator.translate(&source).unwrap();
    let [entry] = entry_files(dir.path()).try_into().unwrap();
    damage(&entry);

    let rebuilt = translator.translate(&source).unwrap();
    let CacheOutcome::Rebuilt(reason) = &rebuilt.cache else {
        panic!("expected a rebuild, got {:?}", rebuilt.cache);
    };
    assert!(reason.contains(expected_reason), "{reason}");
    assert_eq!(rebuilt.spirv, original.spirv);
    assert_eq!(rebuilt.reflection, original.reflection);
    // The rewritten entry is sound again.
    assert_eq!(
        translator.translate(&source).unwrap().cache,
        CacheOutcome::Hit
    );
}

#[test]
fn a_truncated_entry_is_rebuilt() {
    damaged_entry_is_rebuilt(
        |path| {
            let bytes = std::fs::read(path).unwrap();
            std::fs::write(path, &bytes[..bytes.len() / 2]).unwrap();
        },
        "payload bytes",
    );
}

#[test]
fn an_entry_cut_inside_its_header_is_rebuilt() {
    damaged_entry_is_rebuilt(
        |path| {
            let bytes = std::fs::read(path).unwrap();
            std::fs::write(path, &bytes[..20]).unwrap();
        },
        "shorter than the header",
    );
}

#[test]
fn an_altered_entry_is_rebuilt() {
    damaged_entry_is_rebuilt(
        |path| {
            let mut bytes = std::fs::read(path).unwrap();
            // A bit flipped inside the SPIR-V, the length untouched.
            bytes[48 + 4 + 100] ^= 0x01;
            std::fs::write(path, bytes).unwrap();
        },
        "checksum",
    );
}

#[test]
fn a_foreign_file_in_the_entry_s_place_is_rebuilt() {
    damaged_entry_is_rebuilt(
        |path| std::fs::write(path, vec![0x5a_u8; 4096]).unwrap(),
        "magic",
    );
}

#[test]
fn two_entries_swapped_are_both_rebuilt_never_used_under_the_wrong_key() {
    let dir = tempfile::tempdir().unwrap();
    let translator = common::cached_translator(dir.path());
    let (first, second) = (CORPUS[1].source(), CORPUS[6].source());
    let first_cold = translator.translate(&first).unwrap();
    let second_cold = translator.translate(&second).unwrap();
    assert_ne!(first_cold.spirv, second_cold.spirv);
    let [a, b] = entry_files(dir.path()).try_into().unwrap();
    let (a_bytes, b_bytes) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    std::fs::write(&a, b_bytes).unwrap();
    std::fs::write(&b, a_bytes).unwrap();
    for (source, cold) in [(&first, &first_cold), (&second, &second_cold)] {
        let again = translator.translate(source).unwrap();
        let CacheOutcome::Rebuilt(reason) = &again.cache else {
            panic!("a swapped entry was used: {:?}", again.cache);
        };
        assert!(reason.contains("written for key"), "{reason}");
        assert_eq!(again.spirv, cold.spirv);
    }
}

#[test]
fn options_and_sources_have_their_own_entries() {
    let dir = tempfile::tempdir().unwrap();
    let optimised = common::cached_translator(dir.path());
    let unoptimised = Translator::new(TranslateOptions {
        optimise: false,
        cache: CacheLocation::Dir(dir.path().to_owned()),
        strict_portability: false,
    })
    .unwrap();
    for shader in &CORPUS[..3] {
        assert_eq!(
            optimised.translate(&shader.source()).unwrap().cache,
            CacheOutcome::Miss
        );
        assert_eq!(
            unoptimised.translate(&shader.source()).unwrap().cache,
            CacheOutcome::Miss
        );
    }
    assert_eq!(entry_files(dir.path()).len(), 6);
}

#[test]
fn cache_off_writes_nothing() {
    let translator = common::translator(true);
    assert_eq!(translator.cache_dir(), None);
    let translated = translator.translate(&CORPUS[0].source()).unwrap();
    assert_eq!(translated.cache, CacheOutcome::Off);
}

#[test]
fn an_unwritable_cache_costs_no_translation() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-dir");
    std::fs::write(&blocker, b"a file where the cache folder should be").unwrap();
    let translator = common::cached_translator(&blocker);
    let translated = translator.translate(&CORPUS[0].source()).unwrap();
    assert_eq!(translated.cache, CacheOutcome::Miss);
}

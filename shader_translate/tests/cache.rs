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

/// A cache file's parts, to forge entries the way a person editing the cache would: the
/// payload changed, then its length and checksum written again so they hold.
struct EntryFile {
    words: Vec<u32>,
    metadata: serde_json::Value,
}

impl EntryFile {
    fn read(path: &Path) -> EntryFile {
        let bytes = std::fs::read(path).unwrap();
        let payload = &bytes[48..];
        let count = u32::from_le_bytes(payload[..4].try_into().unwrap()) as usize;
        let words = payload[4..4 + count * 4]
            .chunks_exact(4)
            .map(|word| u32::from_le_bytes(word.try_into().unwrap()))
            .collect();
        let metadata = serde_json::from_slice(&payload[4 + count * 4..]).unwrap();
        EntryFile { words, metadata }
    }

    fn payload(&self) -> Vec<u8> {
        let mut payload = (self.words.len() as u32).to_le_bytes().to_vec();
        payload.extend(self.words.iter().flat_map(|word| word.to_le_bytes()));
        payload.extend(serde_json::to_vec(&self.metadata).unwrap());
        payload
    }
}

/// `payload` under a header whose length and checksum hold.
fn write_sealed(path: &Path, payload: &[u8]) {
    use sha2::Digest;
    let mut file = b"HKSHDR03".to_vec();
    file.extend((payload.len() as u64).to_le_bytes());
    file.extend(sha2::Sha256::digest(payload));
    file.extend(payload);
    std::fs::write(path, file).unwrap();
}

fn hex_sha256(parts: &[&[u8]]) -> String {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    for part in parts {
        hasher.update(part);
    }
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Forges the entry of `CORPUS[1]` (a fragment shader) with `forge(own, other's file)`,
/// where the other is `CORPUS[5]` (another fragment shader), and checks the forgery is
/// rebuilt, never used, and the rebuilt entry is used again.
fn forged_entry_is_rebuilt(forge: impl Fn(&Path, &Path), expected_reason: &str) {
    let own_dir = tempfile::tempdir().unwrap();
    let other_dir = tempfile::tempdir().unwrap();
    let (own, other) = (CORPUS[1].source(), CORPUS[5].source());
    assert_eq!(own.stage, other.stage);
    let original = common::cached_translator(own_dir.path())
        .translate(&own)
        .unwrap();
    let other_translated = common::cached_translator(other_dir.path())
        .translate(&other)
        .unwrap();
    assert_ne!(original.spirv, other_translated.spirv);
    let [own_entry] = entry_files(own_dir.path()).try_into().unwrap();
    let [other_entry] = entry_files(other_dir.path()).try_into().unwrap();
    forge(&own_entry, &other_entry);

    // A new translator, as in the next run of the game.
    let translator = common::cached_translator(own_dir.path());
    let rebuilt = translator.translate(&own).unwrap();
    let CacheOutcome::Rebuilt(reason) = &rebuilt.cache else {
        panic!("a forged entry was used: {:?}", rebuilt.cache);
    };
    assert!(reason.contains(expected_reason), "{reason}");
    assert_eq!(rebuilt.spirv, original.spirv);
    assert_eq!(rebuilt.reflection, original.reflection);
    assert_eq!(translator.translate(&own).unwrap().cache, CacheOutcome::Hit);
}

#[test]
fn another_program_s_entry_under_this_key_is_rebuilt() {
    // The other program's whole entry, its key edited to this one's.
    forged_entry_is_rebuilt(
        |own, other| {
            let key = EntryFile::read(own).metadata["key"].clone();
            let mut forged = EntryFile::read(other);
            forged.metadata["key"] = key;
            write_sealed(own, &forged.payload());
        },
        "another source",
    );
}

#[test]
fn another_program_s_module_in_this_entry_is_rebuilt() {
    // This entry with the other program's SPIR-V in place of its own.
    forged_entry_is_rebuilt(
        |own, other| {
            let mut forged = EntryFile::read(own);
            forged.words = EntryFile::read(other).words;
            write_sealed(own, &forged.payload());
        },
        "not the one made from its source",
    );
}

#[test]
fn another_program_s_module_with_its_hashes_made_again_is_rebuilt() {
    // As above, and the module's hash made again for this source: the module's own
    // interface (made again from its words) is not the one the entry claims.
    forged_entry_is_rebuilt(
        |own, other| {
            let mut forged = EntryFile::read(own);
            forged.words = EntryFile::read(other).words;
            let source_sha256 = forged.metadata["source_sha256"]
                .as_str()
                .unwrap()
                .to_owned();
            let words: Vec<u8> = forged.words.iter().flat_map(|w| w.to_le_bytes()).collect();
            forged.metadata["module_sha256"] =
                hex_sha256(&[source_sha256.as_bytes(), &words]).into();
            write_sealed(own, &forged.payload());
        },
        "reflection is not its module's",
    );
}

#[test]
fn garbage_with_a_good_checksum_is_rebuilt() {
    forged_entry_is_rebuilt(
        |own, _| {
            let mut state = 0x2545_f491_u32;
            let garbage: Vec<u8> = (0..8192)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    state as u8
                })
                .collect();
            write_sealed(own, &garbage);
        },
        "SPIR-V",
    );
}

#[test]
fn a_truncated_payload_with_a_good_checksum_is_rebuilt() {
    forged_entry_is_rebuilt(
        |own, _| {
            let payload = EntryFile::read(own).payload();
            write_sealed(own, &payload[..payload.len() / 2]);
        },
        "SPIR-V",
    );
}

#[cfg(unix)]
#[test]
fn an_entry_linked_to_an_endless_file_is_rebuilt() {
    forged_entry_is_rebuilt(
        |own, _| {
            std::fs::remove_file(own).unwrap();
            std::os::unix::fs::symlink("/dev/zero", own).unwrap();
        },
        "larger than",
    );
}

//! Bad compiled shaders give typed errors, never a panic: cut files, broken headers, a
//! bad SPH, unknown instruction words, branches out of range; and random words and
//! random corruption of real files (property tests) never panic.

use std::path::Path;

use proptest::prelude::*;
use shader_translate::maxwell::decode::{self, Control, DecodeError};
use shader_translate::maxwell::dksh::{self, DkshError};
use shader_translate::maxwell::program::{Program, ProgramError};
use shader_translate::maxwell::sph::SphError;

fn corpus(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/maxwell_corpus")
        .join(name)
        .join("out.dksh");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn all_corpus() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_corpus");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("out.dksh").is_file())
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(path.join("out.dksh")).unwrap();
            (name, bytes)
        })
        .collect();
    out.sort();
    out
}

fn put_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

fn put_u64(bytes: &mut [u8], at: usize, value: u64) {
    bytes[at..at + 8].copy_from_slice(&value.to_le_bytes());
}

/// File offset of the first instruction bundle of a one-program module.
fn code_at(bytes: &[u8]) -> usize {
    dksh::parse(bytes).unwrap().programs[0].code_file_off_b
}

#[test]
fn every_corpus_program_reads_whole() {
    for (name, bytes) in all_corpus() {
        let program = Program::from_dksh(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!program.instructions.is_empty(), "{name}");
        assert_eq!(
            program.sph.is_some(),
            program.kind != dksh::ProgramType::Compute,
            "{name}"
        );
    }
}

#[test]
fn every_cut_of_a_file_is_a_typed_error() {
    for name in ["dk_color_fsh", "dkbasic_triangle_vsh", "dk_sinewave"] {
        let bytes = corpus(name);
        for len_b in 0..bytes.len() {
            match Program::from_dksh(&bytes[..len_b]) {
                Err(ProgramError::Dksh(DkshError::TooShort { len_b: found })) => {
                    assert!(len_b < dksh::HEADER_SIZE_B);
                    assert_eq!(found, len_b);
                }
                Err(ProgramError::Dksh(DkshError::Cut { len_b: found, .. })) => {
                    assert_eq!(found, len_b)
                }
                other => panic!("{name} cut to {len_b} bytes: {other:?}"),
            }
        }
    }
}

#[test]
fn broken_headers_are_named() {
    let good = corpus("dk_color_fsh");

    let mut bad = good.clone();
    bad[0] = b'X';
    assert!(matches!(
        dksh::parse(&bad),
        Err(DkshError::BadMagic { found }) if found == u32::from_le_bytes([b'X', b'K', b'S', b'H'])
    ));

    let mut bad = good.clone();
    put_u32(&mut bad, 0x14, 0);
    assert!(matches!(
        dksh::parse(&bad),
        Err(DkshError::BadHeader {
            field: "num_programs",
            ..
        })
    ));

    let mut bad = good.clone();
    put_u32(&mut bad, 0x14, 40);
    assert!(matches!(
        dksh::parse(&bad),
        Err(DkshError::BadHeader {
            field: "programs_off",
            ..
        })
    ));

    let mut bad = good.clone();
    put_u32(&mut bad, 0x18, 9);
    assert_eq!(
        dksh::parse(&bad).unwrap_err(),
        DkshError::BadProgramType { index: 0, value: 9 }
    );

    // An entry point whose SPH runs past the code section.
    let mut bad = good.clone();
    let code_sz = u32::from_le_bytes(good[0xc..0x10].try_into().unwrap());
    put_u32(&mut bad, 0x18 + 4, code_sz - 0x20);
    assert!(matches!(
        dksh::parse(&bad),
        Err(DkshError::BadProgram {
            field: "entrypoint",
            ..
        })
    ));

    // A constant buffer 1 past the end of the file.
    let mut bad = corpus("dkbasic_triangle_vsh");
    put_u32(&mut bad, 0x18 + 0x10, 0x10_0000);
    assert!(
        matches!(dksh::parse(&bad), Err(DkshError::Cut { .. })),
        "{:?}",
        dksh::parse(&bad)
    );
}

#[test]
fn a_bad_sph_is_named() {
    let good = corpus("dk_color_fsh");
    let sph_at = 0x100 + 0x30;
    let word0 = u32::from_le_bytes(good[sph_at..sph_at + 4].try_into().unwrap());

    let mut bad = good.clone();
    put_u32(&mut bad, sph_at, (word0 & !(0x1f << 5)) | (2 << 5));
    assert_eq!(
        Program::from_dksh(&bad).unwrap_err(),
        ProgramError::Sph(SphError::Version(2))
    );

    let mut bad = good.clone();
    put_u32(&mut bad, sph_at, word0 & !0x1f);
    assert_eq!(
        Program::from_dksh(&bad).unwrap_err(),
        ProgramError::Sph(SphError::Type(0))
    );

    // A pixel SPH type with a vertex shader type.
    let mut bad = good.clone();
    put_u32(&mut bad, sph_at, (word0 & !(0xf << 10)) | (1 << 10));
    assert_eq!(
        Program::from_dksh(&bad).unwrap_err(),
        ProgramError::Sph(SphError::Mismatch {
            sph_type: 2,
            shader_type: 1
        })
    );

    // A vertex program whose header says fragment: the vertex file's SPH in a
    // fragment program entry.
    let mut bad = corpus("dk_basic_vsh");
    put_u32(&mut bad, 0x18, 1);
    assert!(matches!(
        Program::from_dksh(&bad).unwrap_err(),
        ProgramError::Sph(SphError::WrongStage { .. })
    ));
}

#[test]
fn an_unknown_word_names_its_offset_and_word() {
    let mut bytes = corpus("dk_color_fsh");
    let at = code_at(&bytes);
    // The second instruction of the first bundle.
    put_u64(&mut bytes, at + 0x10, 0);
    assert_eq!(
        Program::from_dksh(&bytes).unwrap_err(),
        ProgramError::Decode(DecodeError::Unknown {
            offset_b: 0x10,
            word: 0
        })
    );
    let message = Program::from_dksh(&bytes).unwrap_err().to_string();
    assert!(
        message.contains("0x10") && message.contains("0x0000000000000000"),
        "{message}"
    );
}

/// `bra` with a 24-bit relative offset (from the next instruction) at bits 20-43.
fn bra(rel_b: i64) -> u64 {
    0xe240_0000_0000_000f | (7 << 16) | (((rel_b as u64) & 0xff_ffff) << 20)
}

#[test]
fn branches_out_of_the_code_are_refused() {
    let good = corpus("dk_color_fsh");
    let at = code_at(&good);
    let len_b = dksh::parse(&good).unwrap().programs[0].code.len();

    // The padding `bra` at 0x50 sent 0x1000 bytes on.
    let mut bad = good.clone();
    put_u64(&mut bad, at + 0x50, bra(0x1000 - 8));
    assert_eq!(
        Program::from_dksh(&bad).unwrap_err(),
        ProgramError::TargetOutOfRange {
            name: "bra",
            offset_b: 0x50,
            target_b: 0x1050,
            len_b
        }
    );

    // Backwards past the start.
    let mut bad = good.clone();
    put_u64(&mut bad, at + 0x50, bra(-0x60));
    assert!(matches!(
        Program::from_dksh(&bad).unwrap_err(),
        ProgramError::TargetOutOfRange { target_b, .. } if target_b == (-8i64) as u64
    ));

    // Into the middle of a word.
    let mut bad = good.clone();
    put_u64(&mut bad, at + 0x50, bra(0x4));
    assert_eq!(
        Program::from_dksh(&bad).unwrap_err(),
        ProgramError::TargetMisaligned {
            name: "bra",
            offset_b: 0x50,
            target_b: 0x5c
        }
    );

    // Onto a control word is fine (uam's own branches do it): the bundle's first
    // instruction.
    let mut ok = good.clone();
    put_u64(&mut ok, at + 0x50, bra(0x8));
    Program::from_dksh(&ok).unwrap();
    assert_eq!(
        shader_translate::maxwell::program::instruction_offset(0x60),
        0x68
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any word decodes or is an unknown encoding naming its offset and word.
    #[test]
    fn random_words_never_panic(word in any::<u64>(), slot in 0u32..1000) {
        let offset_b = slot * 32 + 8;
        match decode::decode(word, offset_b, Control::from_word(0, 0)) {
            Ok(instruction) => {
                prop_assert_eq!(instruction.word, word);
                let _ = decode::print_instruction(&instruction);
            }
            Err(DecodeError::Unknown { offset_b: at, word: found })
            | Err(DecodeError::UnknownField { offset_b: at, word: found, .. }) => {
                prop_assert_eq!(at, offset_b);
                prop_assert_eq!(found, word);
            }
            Err(other) => prop_assert!(false, "unexpected {other:?}"),
        }
    }

    /// Streams of random words (control words included) decode or fail cleanly, and the
    /// branch checks hold for whatever decodes.
    #[test]
    fn random_streams_never_panic(words in proptest::collection::vec(any::<u64>(), 0..64)) {
        let mut bytes: Vec<u8> = words.iter().flat_map(|word| word.to_le_bytes()).collect();
        let _ = shader_translate::maxwell::program::decode_checked(&bytes);
        bytes.truncate(bytes.len() / 32 * 32);
        let _ = shader_translate::maxwell::program::decode_checked(&bytes);
    }

    /// Corrupting bytes of a real module (header, SPH, code, constants) gives a program
    /// or a typed error.
    #[test]
    fn corrupted_modules_never_panic(
        file in 0usize..28,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
    ) {
        let corpus = all_corpus();
        let (_, mut bytes) = corpus[file % corpus.len()].clone();
        for (index, value) in edits {
            let at = index.index(bytes.len());
            bytes[at] = value;
        }
        let _ = Program::from_dksh(&bytes).map(|program| decode::listing(&program.instructions));
    }
}

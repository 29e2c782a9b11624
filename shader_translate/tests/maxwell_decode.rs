//! The Maxwell decoder against envydis (envytools' independent disassembler, `-m
//! gm107`): for every shader of `tests/maxwell_corpus/` (uam's output, with envydis's
//! listing committed next to it as `out.dis`) and every probe listing of
//! `tests/maxwell_corpus/probes/`, each instruction's word, guard, mnemonic, modifiers
//! and operands must print exactly as envydis printed them, and each control word's
//! fields likewise. envydis is not run here (CI has no copy); its listings are data.

use std::path::{Path, PathBuf};

use shader_translate::maxwell::decode::{self, Control, Instruction};
use shader_translate::maxwell::dksh;
use shader_translate::maxwell::sph::Sph;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_corpus")
}

/// Every corpus shader folder (those holding an `out.dksh`).
fn corpus_shaders() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("corpus folder")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.join("out.dksh").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// One line of an envydis listing: the byte offset, the word and the text after it,
/// with the label marker (`C`/`B`) and runs of spaces removed.
struct Line {
    offset_b: u32,
    word: u64,
    text: String,
}

fn parse_listing(text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    for raw in text.lines() {
        let raw = raw.trim_end();
        if raw.is_empty() {
            continue;
        }
        let (offset, rest) = raw.split_once(": ").expect("OFFSET: in listing line");
        let offset_b = u32::from_str_radix(offset.trim(), 16).expect("hex offset");
        let mut tokens = rest.split_whitespace();
        let lo = u64::from_str_radix(tokens.next().expect("low word"), 16).expect("hex");
        let hi = u64::from_str_radix(tokens.next().expect("high word"), 16).expect("hex");
        let mut rest: Vec<&str> = tokens.collect();
        if matches!(rest.first(), Some(&"C") | Some(&"B") | Some(&"CB")) {
            rest.remove(0);
        }
        lines.push(Line {
            offset_b,
            word: (hi << 32) | lo,
            text: rest.join(" "),
        });
    }
    lines
}

/// The control-word text of envydis (`sched (st 0x1 ...) (...) (...)`), rebuilt from
/// the decoder's fields.
fn sched_text(word: u64) -> String {
    let mut out = String::from("sched");
    for slot in 0..3 {
        let c = Control::from_word(word, slot);
        out.push_str(&format!(" (st {:#x}", c.stall));
        if c.yield_flag {
            out.push_str(" yl");
        }
        if c.write_barrier != 7 {
            out.push_str(&format!(" wr {:#x}", c.write_barrier));
        }
        if c.read_barrier != 7 {
            out.push_str(&format!(" rd {:#x}", c.read_barrier));
        }
        if c.wait_mask != 0 {
            out.push_str(&format!(" wt {:#x}", c.wait_mask));
        }
        if c.reuse != 0 {
            out.push_str(&format!(" ru {:#x}", c.reuse));
        }
        out.push(')');
    }
    out
}

/// Instructions envydis cannot name but the hardware has, each with why the decoder's
/// reading is right. The test requires both that envydis printed `???` for them and that
/// the decoder prints this text.
const ENVYDIS_GAPS: &[(u64, &str)] = &[
    // MUFU function 8 is the square root (Mesa's GM107 emitter, emitMUFU, OP_SQRT; uam
    // emits it for GLSL sqrt()). envydis's table stops at 7.
    (0x5080_0000_0087_0202, "mufu sqrt $r2 $r2"),
    (0x5080_0000_0087_0204, "mufu sqrt $r4 $r2"),
];

/// Compares a decoded stream with an envydis listing of the same words; returns the
/// number of instructions compared.
fn compare(name: &str, instructions: &[Instruction], listing: &[Line], code: &[u8]) -> usize {
    let mut compared = 0;
    let mut failures = Vec::new();
    for line in listing {
        let at = line.offset_b as usize;
        let word = u64::from_le_bytes(code[at..at + 8].try_into().unwrap());
        assert_eq!(
            word, line.word,
            "{name}: listing word at {at:#x} differs from the file"
        );
        if line.offset_b % 32 == 0 {
            let ours = sched_text(word);
            if ours != line.text {
                failures.push(format!(
                    "{at:#x}: control: ours `{ours}` envydis `{}`",
                    line.text
                ));
            }
            continue;
        }
        let instruction = instructions
            .iter()
            .find(|instruction| instruction.offset_b == line.offset_b)
            .unwrap_or_else(|| panic!("{name}: no decoded instruction at {at:#x}"));
        let ours = decode::print_instruction(instruction);
        if line.text.contains("???") {
            match ENVYDIS_GAPS.iter().find(|(gap, _)| *gap == word) {
                Some((_, text)) if *text == ours => {}
                _ => failures.push(format!(
                    "{at:#x}: envydis cannot decode {word:#018x} (`{}`); ours `{ours}` is not a listed gap",
                    line.text
                )),
            }
        } else if ours != line.text {
            failures.push(format!(
                "{at:#x}: {word:#018x}\n   ours    `{ours}`\n   envydis `{}`",
                line.text
            ));
        }
        compared += 1;
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {} lines differ from envydis:\n{}",
        failures.len(),
        listing.len(),
        failures.join("\n")
    );
    compared
}

#[test]
fn every_corpus_shader_decodes_as_envydis_lists_it() {
    let shaders = corpus_shaders();
    assert!(shaders.len() >= 23, "corpus has {} shaders", shaders.len());
    let mut total = 0;
    for dir in &shaders {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(dir.join("out.dksh")).unwrap();
        let module = dksh::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(module.programs.len(), 1, "{name}");
        let program = &module.programs[0];
        if let Some(sph) = program.sph {
            Sph::parse(sph).unwrap_or_else(|e| panic!("{name}: SPH: {e}"));
        }
        let instructions =
            decode::decode_stream(program.code).unwrap_or_else(|e| panic!("{name}: {e}"));
        let listing = parse_listing(&std::fs::read_to_string(dir.join("out.dis")).unwrap());
        // envydis lists the code as stored, padding included: the whole stream.
        assert_eq!(
            listing.len(),
            program.code.len() / 8,
            "{name}: listing and code differ in length"
        );
        total += compare(&name, &instructions, &listing, program.code);
    }
    eprintln!(
        "{} corpus shaders, {total} instructions agree with envydis",
        shaders.len()
    );
}

#[test]
fn probe_words_decode_as_envydis_lists_them() {
    let dir = corpus_dir().join("probes");
    let mut total = 0;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("probes folder")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "bin"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no probe listings in {}", dir.display());
    for bin in files {
        let name = bin.file_name().unwrap().to_string_lossy().into_owned();
        let code = std::fs::read(&bin).unwrap();
        let listing = parse_listing(&std::fs::read_to_string(bin.with_extension("dis")).unwrap());
        let instructions = decode::decode_stream(&code).unwrap_or_else(|e| panic!("{name}: {e}"));
        total += compare(&name, &instructions, &listing, &code);
    }
    assert!(total > 1000, "only {total} probe instructions");
    eprintln!("{total} probe instructions agree with envydis");
}

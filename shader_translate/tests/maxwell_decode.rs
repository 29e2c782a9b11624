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
/// with the label marker (`C`/`B`), runs of spaces and quotes removed.
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
        // envydis quotes one modifier name (`exit "keeprefcount"`): a typo in its table.
        lines.push(Line {
            offset_b,
            word: (hi << 32) | lo,
            text: rest.join(" ").replace('"', ""),
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

/// Encodings envydis cannot name but the hardware has: envydis prints `???` for the
/// modifier and the bits it could not place. For these the rest of its line must still
/// match ours with our name in place of `???` and its complaint removed.
struct Gap {
    /// The instruction word's bits that select the encoding, and their value.
    mask: u64,
    value: u64,
    /// Our name for the modifier envydis prints as `???`.
    ours: &'static str,
    /// The field envydis could not place (it lists these bits as unknown).
    field: u64,
    /// Why the decoder's reading is right.
    _why: &'static str,
}

const ENVYDIS_GAPS: &[Gap] = &[Gap {
    mask: 0xfff8_0000_00f0_0000,
    value: 0x5080_0000_0080_0000,
    ours: "sqrt",
    field: 0x00f0_0000,
    _why: "MUFU function 8 is the square root (Mesa's GM107 emitter, emitMUFU, OP_SQRT; uam \
           emits it for GLSL sqrt()); envydis's table stops at 7",
}];

/// Whether envydis's `???` line for a known gap is our instruction with the gap's name
/// unknown to it: the same text with `???` for our name, the field's bits added to the
/// unknown ones, and its `[unknown operand]` complaint.
fn agrees_but_for_gap(instruction: &Instruction, envydis: &str) -> bool {
    let Some(gap) = ENVYDIS_GAPS
        .iter()
        .find(|gap| instruction.word & gap.mask == gap.value)
    else {
        return false;
    };
    let mut unnamed = instruction.clone();
    unnamed.unread_bits |= instruction.word & gap.field;
    let text = decode::print_instruction(&unnamed).replacen(&format!(" {} ", gap.ours), " ??? ", 1);
    format!("{text} [unknown operand]") == envydis
}

/// Compares a decoded stream with an envydis listing of the same words; returns the
/// number of instructions compared.
fn compare(name: &str, listing: &[Line], code: &[u8]) -> usize {
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
        let bundle_at = at / 32 * 32;
        let control_word = u64::from_le_bytes(code[bundle_at..bundle_at + 8].try_into().unwrap());
        let control = Control::from_word(control_word, (at - bundle_at) / 8 - 1);
        let instruction = match decode::decode(word, line.offset_b, control) {
            Ok(instruction) => instruction,
            Err(error) => {
                failures.push(format!("{at:#x}: {error}; envydis `{}`", line.text));
                continue;
            }
        };
        let ours = decode::print_instruction(&instruction);
        if line.text.contains("???") {
            let agrees = agrees_but_for_gap(&instruction, &line.text);
            if !agrees {
                failures.push(format!(
                    "{at:#x}: envydis cannot decode {word:#018x} (`{}`); ours `{ours}` is not a known gap",
                    line.text
                ));
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
        assert_eq!(instructions.len(), program.code.len() / 32 * 3, "{name}");
        total += compare(&name, &listing, program.code);
    }
    eprintln!(
        "{} corpus shaders, {total} instructions agree with envydis",
        shaders.len()
    );
}

fn probe(name: &str) -> (Vec<u8>, Vec<Line>) {
    let base = corpus_dir().join("probes").join(name);
    let code = std::fs::read(base.with_extension("bin")).unwrap();
    let listing = parse_listing(&std::fs::read_to_string(base.with_extension("dis")).unwrap());
    assert_eq!(
        listing.len(),
        code.len() / 8,
        "{name}: listing and code differ in length"
    );
    (code, listing)
}

/// Random words over every form of the table (opcode bits fixed, the rest random, and
/// random control words) that envydis decodes: ours must print the same.
#[test]
fn probe_words_decode_as_envydis_lists_them() {
    let (code, listing) = probe("accepted");
    let total = compare("accepted probes", &listing, &code);
    assert!(total > 1500, "only {total} probe instructions");
    eprintln!("{total} probe instructions agree with envydis");
}

/// The words of the same sweep that envydis rejects (`???`): the decoder must reject
/// them too, with the byte offset and the word, or read them as a known gap.
#[test]
fn probe_words_envydis_rejects_are_rejected() {
    let (_, listing) = probe("rejected");
    let mut rejected = 0;
    let mut failures = Vec::new();
    for line in &listing {
        if line.offset_b % 32 == 0 || !line.text.contains("???") {
            continue;
        }
        let control = Control::from_word(0, 0);
        match decode::decode(line.word, line.offset_b, control) {
            Err(error) => {
                let text = error.to_string();
                let at = format!("{:#x}", line.offset_b);
                let word = format!("{:#018x}", line.word);
                assert!(
                    text.contains(&at) && text.contains(&word),
                    "error `{text}` lacks {at} or {word}"
                );
                rejected += 1;
            }
            Ok(instruction) => {
                let ours = decode::print_instruction(&instruction);
                let agrees = agrees_but_for_gap(&instruction, &line.text);
                if !agrees {
                    failures.push(format!(
                        "{:#x}: {:#018x}: envydis `{}`, ours `{ours}`",
                        line.offset_b, line.word, line.text
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} words envydis rejects decode:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(rejected > 100, "only {rejected} rejected probe words");
}

//! The Maxwell decoder against envydis (envytools' independent disassembler, `-m
//! gm107`): for every shader of `tests/maxwell_corpus/` (uam's output, with envydis's
//! listing committed next to it as `out.dis`) and every probe listing of
//! `tests/maxwell_corpus/probes/`, each instruction's word, guard, mnemonic, modifiers
//! and operands must print exactly as envydis printed them, and each control word's
//! fields likewise; those listings are data. The last test runs envydis itself
//! (`../shared/maxwell/bin/envydis` beside the repository, as CI has it) on random words
//! of every opcode class.

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

/// envydis, run live: `shared/maxwell/bin/envydis` beside the repository (or beside a
/// folder above it, for a worktree), as CI has it at `../shared/maxwell/bin/envydis`.
fn envydis() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .map(|folder| folder.join("shared/maxwell/bin/envydis"))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("no shared/maxwell/bin/envydis beside {}", root.display()))
}

/// A fixed-seed generator (splitmix64), so every run tests the same words.
struct Words(u64);

impl Words {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Lays instruction words out in bundles (a random control word before every three) and
/// has envydis list them for the Tegra X1's SM 5.3 (`-V sm60`: envydis keeps the
/// half-precision forms and `mufu sqrt`, which the X1 has, behind that variant).
fn envydis_listing(words: &[u64], rng: &mut Words, file: &Path) -> (Vec<u8>, Vec<Line>) {
    let mut code = Vec::with_capacity(words.len() / 3 * 32 + 32);
    for chunk in words.chunks(3) {
        code.extend_from_slice(&(rng.next() >> 1).to_le_bytes());
        for slot in 0..3 {
            // Padding: `nop`, which both read alike.
            let word = chunk.get(slot).copied().unwrap_or(0x50b0_0000_0007_0f00);
            code.extend_from_slice(&word.to_le_bytes());
        }
    }
    std::fs::write(file, &code).unwrap();
    let output = std::process::Command::new(envydis())
        .args(["-m", "gm107", "-V", "sm60", "-n", "-i"])
        .arg(file)
        .output()
        .expect("envydis runs");
    assert!(
        output.status.success(),
        "envydis failed on {}",
        file.display()
    );
    let text = String::from_utf8(output.stdout).expect("envydis prints text");
    let listing = parse_listing(&text);
    assert_eq!(listing.len(), code.len() / 8, "envydis listed every word");
    (code, listing)
}

/// The mnemonic of an envydis line: the first word after the guard (`never`, `not $pN`,
/// `$pN`); none for a word it does not know.
fn mnemonic(text: &str) -> Option<&str> {
    let mut tokens = text.split_whitespace().peekable();
    match tokens.peek() {
        Some(&"never") => {
            tokens.next();
        }
        Some(&"not") => {
            tokens.nth(1);
        }
        Some(token) if token.starts_with("$p") => {
            tokens.next();
        }
        _ => {}
    }
    tokens.next().filter(|&name| name != "???")
}

/// envydis's `-V sm60` text with the system registers whose names depend on the SM
/// version (0x0f and 0x2c-0x2f named from SM 6.0, 0x3e `ctxaddr` on SM 5.0 and
/// `barrieralloc` from SM 6.0) as the decoder prints them: unnamed.
fn sm53_spelling(text: &str) -> String {
    [
        ("$ordering_ticket", "$s15"),
        ("$sm_spa_version", "$s44"),
        ("$multipassshaderinfo", "$s45"),
        ("$lwinhi", "$s46"),
        ("$swinhi", "$s47"),
        ("$barrieralloc", "$s62"),
        ("$ctxaddr", "$s62"),
    ]
    .iter()
    .fold(text.to_string(), |text, (sm60, sm5x)| {
        text.replace(sm60, sm5x)
    })
}

/// The decoder's text of `vabsdiff4` in envydis's misspellings of it: A's signed type
/// `s28` (for `s8`, bit 48), and the lane masks y+z and y+z+w printed `xy` and `xyw`.
fn envydis_misspelling(instruction: &Instruction, ours: String) -> String {
    if instruction.name != "vabsdiff4" {
        return ours;
    }
    let mut tokens: Vec<String> = ours.split(' ').map(str::to_string).collect();
    let at = tokens
        .iter()
        .position(|t| t == "vabsdiff4")
        .expect("mnemonic")
        + 1;
    let a_type = if tokens[at] == "sd" { at + 1 } else { at };
    if instruction.word & (1 << 48) != 0 {
        tokens[a_type] = "s28".to_string();
    }
    for token in &mut tokens {
        match token.as_str() {
            "yz" => *token = "xy".to_string(),
            "yzw" => *token = "xyw".to_string(),
            _ => {}
        }
    }
    tokens.join(" ")
}

/// The opcode prefix of a word: its top 13 bits, the widest opcode field of the ISA.
const CLASS_SHIFT: u32 = 51;

/// Random words of every opcode class, decoded by envydis and by the decoder: every word
/// envydis names must print exactly as envydis prints it (mnemonic, modifiers, operands,
/// unknown bits), and every word it calls invalid must be a typed decode error carrying
/// the byte offset and the word. A first sweep (8 words under each of the 8192 13-bit
/// opcode prefixes) finds the classes, one per mnemonic; the second takes
/// `HOOKSHOT_ISA_WORDS` (200 by default) words of each, spread over its prefixes. The seed is fixed; `HOOKSHOT_ISA_SEED` picks another.
#[test]
fn random_words_of_every_class_decode_as_envydis_lists_them() {
    let seed = std::env::var("HOOKSHOT_ISA_SEED").map_or(31, |s| s.parse().expect("seed"));
    let per_class: usize =
        std::env::var("HOOKSHOT_ISA_WORDS").map_or(200, |s| s.parse().expect("count"));
    let mut rng = Words(seed);
    let dir = std::env::temp_dir().join(format!("hookshot-isa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();

    let random_word = |rng: &mut Words, class: u64| {
        let mut low = rng.next() & ((1u64 << CLASS_SHIFT) - 1);
        if rng.next().is_multiple_of(2) {
            // Most words unguarded, so that the other fields show.
            low = (low | (7 << 16)) & !(1 << 19);
        }
        (class << CLASS_SHIFT) | low
    };
    let sweep: Vec<u64> = (0..1u64 << (64 - CLASS_SHIFT))
        .flat_map(|prefix| (0..8).map(move |_| prefix))
        .map(|prefix| random_word(&mut rng, prefix))
        .collect();
    let (_, listing) = envydis_listing(&sweep, &mut rng, &dir.join("sweep.bin"));
    // A class: one mnemonic (envydis's, or the decoder's where envydis has none), with
    // every opcode prefix it was found under.
    let mut classes: std::collections::BTreeMap<&str, Vec<u64>> = Default::default();
    for line in listing.iter().filter(|line| line.offset_b % 32 != 0) {
        let ours = decode::decode(line.word, 0, Control::from_word(0, 0)).ok();
        let name = mnemonic(&line.text).or(ours.map(|instruction| instruction.name));
        if let Some(name) = name {
            classes
                .entry(name)
                .or_default()
                .push(line.word >> CLASS_SHIFT);
        }
    }
    for prefixes in classes.values_mut() {
        prefixes.sort_unstable();
        prefixes.dedup();
    }
    assert!(classes.len() > 140, "only {} opcode classes", classes.len());

    let words: Vec<u64> = classes
        .values()
        .flat_map(|prefixes| (0..per_class).map(move |k| prefixes[k % prefixes.len()]))
        .map(|prefix| random_word(&mut rng, prefix))
        .collect();
    let (code, listing) = envydis_listing(&words, &mut rng, &dir.join("words.bin"));
    let _ = std::fs::remove_dir_all(&dir);

    let mut failures: std::collections::BTreeMap<String, (usize, String)> = Default::default();
    let (mut agreed, mut rejected) = (0usize, 0usize);
    for line in listing.iter().filter(|line| line.offset_b % 32 != 0) {
        let at = line.offset_b as usize;
        let bundle_at = at / 32 * 32;
        let control_word = u64::from_le_bytes(code[bundle_at..bundle_at + 8].try_into().unwrap());
        let control = Control::from_word(control_word, (at - bundle_at) / 8 - 1);
        let key = |what: &str| what.to_string();
        let result = decode::decode(line.word, line.offset_b, control);
        let envydis_text = sm53_spelling(&line.text);
        let unnamed = envydis_text.contains("???") || envydis_text.contains(" what? ");
        let failure = match (&result, unnamed) {
            (Err(error), true) => {
                let text = error.to_string();
                if text.contains(&format!("{:#x}", line.offset_b))
                    && text.contains(&format!("{:#018x}", line.word))
                {
                    rejected += 1;
                    None
                } else {
                    Some((
                        key("error"),
                        format!("error `{text}` lacks the offset or word"),
                    ))
                }
            }
            (Err(error), false) => Some((
                key(mnemonic(&line.text).unwrap_or("?")),
                format!(
                    "{:#018x}: ours `{error}`, envydis `{}`",
                    line.word, line.text
                ),
            )),
            (Ok(instruction), true) => Some((
                key(instruction.name),
                format!(
                    "{:#018x}: ours `{}`, envydis rejects it: `{}`",
                    line.word,
                    decode::print_instruction(instruction),
                    line.text
                ),
            )),
            (Ok(instruction), false) => {
                let ours = envydis_misspelling(instruction, decode::print_instruction(instruction));
                if ours == envydis_text {
                    agreed += 1;
                    None
                } else {
                    Some((
                        key(instruction.name),
                        format!(
                            "{:#018x}\n   ours    `{ours}`\n   envydis `{envydis_text}`",
                            line.word
                        ),
                    ))
                }
            }
        };
        if let Some((key, example)) = failure {
            let entry = failures.entry(key).or_insert((0, example));
            entry.0 += 1;
        }
    }
    let report: Vec<String> = failures
        .iter()
        .map(|(key, (count, example))| format!("{key}: {count} words, e.g. {example}"))
        .collect();
    assert!(
        failures.is_empty(),
        "{} classes differ from envydis ({agreed} words agree, {rejected} rejected by both):\n{}",
        failures.len(),
        report.join("\n")
    );
    eprintln!(
        "{} opcode classes, {agreed} words print as envydis lists them, {rejected} rejected by both",
        classes.len()
    );
}

//! What stays refused is refused by name: each form below (its encoding checked with
//! envydis) put into the kernel fails to translate with an error naming its mnemonic,
//! never a guess. The reasons are in docs/maxwell.md's table.

use super::kernel::{self, PT_GUARD};

/// (mnemonic, word) of forms with a meaning the translation does not give yet (the
/// video family, directed roundings of doubles, the SM 6.0 `idp`, `fchk`, `imadsp`).
fn refused_forms() -> Vec<(&'static str, u64)> {
    let regs = 16 | 8 << 8 | 9 << 20 | 10 << 39;
    let pred = 7u64 << 39;
    vec![
        ("vadd", 0x2000 << 48 | 1 << 50 | regs),
        ("vset", 0x4000 << 48 | 1 << 50 | regs),
        ("vabsdiff", 0x5400 << 48 | 1 << 50 | regs),
        ("vshl", 0x5700 << 48 | regs),
        ("vshr", 0x5600 << 48 | regs),
        // The merge forms of vmnmx (a byte-wide A), the saturating vmad.
        ("vmnmx", 0x3a00 << 48 | 1 << 50 | regs),
        ("vmad", 0x5f00 << 48 | 1 << 55 | 1 << 50 | regs),
        // A shift form of iadd3 with a carry, shf hi, an lea with a predicate output, the
        // extended imnmx and xmad: no reference defines them.
        ("iadd3", 0x5cc0 << 48 | 1 << 47 | 1 << 37 | regs),
        ("shf", 0x5cf8 << 48 | 1 << 48 | regs),
        ("lea", 0x5bd0 << 48 | 2 << 48 | regs),
        ("imnmx", 0x5c20 << 48 | 1 << 43 | regs | pred),
        ("xmad", 0x5b00 << 48 | 1 << 38 | regs),
        // Doubles translate with the default rounding only.
        ("dadd", 0x5c70 << 48 | 1 << 39 | 16 | 8 << 8 | 10 << 20),
        ("idp", 0x53f8 << 48 | regs),
        ("fchk", 0x5c88 << 48 | 8 << 8 | 9 << 20),
        ("imadsp", 0x5a80 << 48 | regs),
    ]
    .into_iter()
    .map(|(name, word)| (name, word | PT_GUARD))
    .collect()
}

#[test]
fn forms_not_translated_are_refused_by_name() {
    let forms = refused_forms();
    let words: Vec<u64> = forms.iter().map(|&(_, word)| word).collect();
    for ((name, word), line) in forms.iter().zip(kernel::envydis(&words)) {
        assert!(
            line.split_whitespace().next() == Some(*name) && !line.contains("???"),
            "{word:#018x} is not `{name}`: `{line}`"
        );
        let error = match kernel::translate(&[*word], 1) {
            Ok(_) => panic!("`{line}` translates"),
            Err(error) => error.to_string(),
        };
        assert!(
            error.contains(&format!("`{name}")),
            "`{line}` is refused without its name: {error}"
        );
    }
}

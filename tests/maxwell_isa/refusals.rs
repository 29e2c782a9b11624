//! What stays refused is refused by name: each form below (its encoding checked with
//! envydis) put into the kernel fails to translate with an error naming its mnemonic,
//! never a guess. The reasons are in docs/maxwell.md's table.

use super::kernel::{self, PT_GUARD};

/// (mnemonic, word) of forms with a meaning the translation does not give yet (the
/// video family, directed roundings of doubles, condition-code tests, the SM 6.0 `idp`, `fchk`, `imadsp`,
/// `txa`, the condition-code `p2r`, absolute jumps).
fn refused_forms() -> Vec<(&'static str, u64)> {
    let regs = 16 | 8 << 8 | 9 << 20 | 10 << 39;
    let pred = 7u64 << 39;
    vec![
        ("vadd", 0x2000 << 48 | 1 << 50 | regs),
        ("vmnmx", 0x3a00 << 48 | 1 << 50 | regs),
        ("vset", 0x4000 << 48 | 1 << 50 | regs),
        ("vabsdiff", 0x5400 << 48 | 1 << 50 | regs),
        ("vmad", 0x5f00 << 48 | 1 << 50 | regs),
        ("vshl", 0x5700 << 48 | regs),
        ("vshr", 0x5600 << 48 | regs),
        (
            "vsetp",
            0x50f0 << 48 | 1 << 50 | 9 << 20 | 8 << 8 | 1 << 3 | pred,
        ),
        // Doubles translate with the default rounding only.
        ("dadd", 0x5c70 << 48 | 1 << 39 | 16 | 8 << 8 | 10 << 20),
        ("cset", 0x5098 << 48 | 16 | 0xf << 8 | pred),
        ("csetp", 0x50a0 << 48 | 1 << 3 | 0xf << 8 | pred),
        ("idp", 0x53f8 << 48 | regs),
        ("fchk", 0x5c88 << 48 | 8 << 8 | 9 << 20),
        ("imadsp", 0x5a80 << 48 | regs),
        ("p2r", 0x38e8 << 48 | 1 << 40 | 16 | 10 << 8 | 0x7f << 20),
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

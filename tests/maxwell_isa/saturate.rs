//! `iadd sat` and `iadd32i sat` in every source form, against PTX's `add.sat.s32` /
//! `sub.sat.s32`: the exact signed sum (a negated source subtracted) clamped to
//! MININT..MAXINT. Random forms and negations over edge and random inputs; exact.
//! `po` with `sat` is refused by name.

use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS, PT_GUARD};

#[derive(Clone, Copy, Debug)]
enum Source {
    /// r9.
    Reg,
    /// c2[word].
    Cbuf(u64),
    /// The 20-bit signed immediate of `iadd`.
    Imm20(i32),
    /// `iadd32i`'s 32-bit immediate.
    Imm32(u32),
}

#[derive(Clone, Copy, Debug)]
struct Add {
    b: Source,
    neg_a: bool,
    neg_b: bool,
}

impl Add {
    fn random(rng: &mut Rng) -> Add {
        let b = match rng.below(4) {
            0 => Source::Reg,
            1 => Source::Cbuf(rng.below(4)),
            2 => Source::Imm20(rng.below(1 << 20) as i32 - (1 << 19)),
            _ => Source::Imm32(edge(rng)),
        };
        let neg_a = rng.bit();
        // `iadd32i` negates A only; both negations of `iadd` are `po`.
        let neg_b = !neg_a && !matches!(b, Source::Imm32(_)) && rng.bit();
        Add { b, neg_a, neg_b }
    }

    /// `iadd sat rD r8 B` / `iadd32i sat rD r8 imm`.
    fn encode(&self, d: u8) -> u64 {
        let common = PT_GUARD | 8 << 8 | u64::from(d);
        if let Source::Imm32(value) = self.b {
            return 0x1c00 << 48
                | 1 << 54
                | u64::from(self.neg_a) << 56
                | u64::from(value) << 20
                | common;
        }
        let (op, operand) = match self.b {
            Source::Reg => (0x5c10u64, 9u64 << 20),
            Source::Cbuf(word) => (0x4c10, 2 << 34 | word << 20),
            Source::Imm20(value) => (
                0x3810,
                (value as u64 & 0x7_ffff) << 20 | u64::from(value < 0) << 56,
            ),
            Source::Imm32(_) => unreachable!(),
        };
        op << 48
            | 1 << 50
            | u64::from(self.neg_a) << 49
            | u64::from(self.neg_b) << 48
            | operand
            | common
    }

    fn model(&self, inputs: &[u32], cbuf: [u32; 4]) -> u32 {
        let b = match self.b {
            Source::Reg => inputs[1],
            Source::Cbuf(word) => cbuf[word as usize],
            Source::Imm20(value) => value as u32,
            Source::Imm32(value) => value,
        };
        let signed = |x: u32, neg: bool| {
            let x = i64::from(x as i32);
            if neg {
                -x
            } else {
                x
            }
        };
        let sum = signed(inputs[0], self.neg_a) + signed(b, self.neg_b);
        sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32 as u32
    }
}

/// An input near the edges of the signed range, or any.
fn edge(rng: &mut Rng) -> u32 {
    let near = [
        0,
        1,
        u32::MAX,
        i32::MAX as u32,
        i32::MIN as u32,
        0x4000_0000,
        0xc000_0000,
    ];
    match rng.below(3) {
        0 => rng.next() as u32,
        _ => near[rng.below(near.len() as u64) as usize]
            .wrapping_add(rng.below(5) as u32)
            .wrapping_sub(2),
    }
}

#[test]
fn saturating_adds_compute_as_ptx_defines_them() {
    let mut rng = Rng(0x7361_7400);
    let mut checked = 0;
    for _ in 0..3 {
        let adds: Vec<Add> = (0..32).map(|_| Add::random(&mut rng)).collect();
        let body: Vec<u64> = adds
            .iter()
            .enumerate()
            .map(|(k, add)| add.encode(FIRST_OUT + k as u8))
            .collect();
        for (add, line) in adds.iter().zip(kernel::envydis(&body)) {
            let name = if matches!(add.b, Source::Imm32(_)) {
                "iadd32i"
            } else {
                "iadd"
            };
            assert!(
                line.starts_with(&format!("{name} sat")) && !line.contains("???"),
                "{add:?} encodes as `{line}`"
            );
        }
        let cbuf = [0; 4].map(|_| edge(&mut rng));
        let inputs: Vec<u32> = (0..INPUTS * INVOCATIONS).map(|_| edge(&mut rng)).collect();
        let got = kernel::run(&body, adds.len(), &inputs, cbuf);
        for (invocation, got) in got.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            let want: Vec<u32> = adds.iter().map(|add| add.model(own, cbuf)).collect();
            assert_eq!(
                got, &want,
                "invocation {invocation} over {own:08x?}, c2 {cbuf:08x?}"
            );
            checked += want.len();
        }
    }
    assert_eq!(checked, 3 * 32 * INVOCATIONS);
}

#[test]
fn saturating_po_is_refused_by_name() {
    let word = 0x5c10 << 48 | PT_GUARD | 1 << 50 | 3 << 48 | 9 << 20 | 8 << 8 | 16;
    let line = &kernel::envydis(&[word])[0];
    // envydis prints `po` as both negations.
    assert_eq!(line, "iadd sat $r16 neg $r8 neg $r9");
    let error = match kernel::translate(&[word], 1) {
        Ok(_) => panic!("`{line}` translates"),
        Err(error) => error.to_string(),
    };
    assert!(
        error.contains("`iadd") && error.contains("`po` with `sat`"),
        "{error}"
    );
}

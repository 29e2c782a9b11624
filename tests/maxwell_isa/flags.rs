//! The condition-code flags (zero, sign, carry, overflow) in random chains: carry adds
//! (`iadd`/`iadd32i` with `cc`, `x`, `neg`; `iscadd cc`), the extended comparisons
//! (`isetp x`, `iset x`), `iset`/`cset`/`bfe`/`lop`/`lop3` `cc`, the flag tests (`cset`, `csetp`,
//! every test but the `csm` ones), and `r2p cc` setting them, some under guards; after
//! each, `p2r cc` writes the four flags to a register. The CPU model is written from the
//! definitions in `shader_translate/src/maxwell/ir/build/flags.rs` (Ryujinx's and yuzu's).
//! Beside it, wide adds made of `iadd cc` + `iadd x` are compared with 64-bit sums.

use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS, PT_GUARD};

#[path = "flags_encode.rs"]
mod encode;
#[path = "flags_model.rs"]
mod model;

use model::State;

const RZ: u8 = 255;

#[derive(Clone, Copy, Debug)]
enum Src {
    Reg(u8),
    Cbuf(u64),
    Imm(i32),
}

#[derive(Clone, Copy, Debug)]
enum Inst {
    Iadd {
        a: u8,
        b: Src,
        neg: [bool; 2],
        cc: bool,
        x: bool,
    },
    Iadd32 {
        a: u8,
        b: u32,
        neg: bool,
        cc: bool,
        x: bool,
    },
    Iscadd {
        a: u8,
        b: Src,
        neg: [bool; 2],
        shift: u32,
    },
    Isetp {
        a: u8,
        b: Src,
        test: u8,
        signed: bool,
        x: bool,
        op: u8,
        dst: u8,
        combine: (u8, bool),
    },
    Iset {
        a: u8,
        b: Src,
        test: u8,
        signed: bool,
        x: bool,
        cc: bool,
        bf: bool,
        op: u8,
        combine: (u8, bool),
    },
    Cset {
        test: u8,
        bf: bool,
        cc: bool,
        op: u8,
        combine: (u8, bool),
    },
    Csetp {
        test: u8,
        op: u8,
        dst: u8,
        combine: (u8, bool),
    },
    Bfe {
        a: u8,
        position: u32,
        width: u32,
    },
    /// `lop cc` (`lop3 lut cc` where `table` is given), `x` chaining Z.
    LogicCc {
        a: u8,
        b: u8,
        op: u8,
        table: Option<u8>,
        x: bool,
    },
    R2pCc {
        source: u8,
        byte: u64,
        mask: u32,
    },
}

fn imm20(value: i32) -> u64 {
    let bits = value as u32 as u64;
    (bits & 0x7ffff) << 20 | (bits >> 31 & 1) << 56
}

fn second(src: Src, reg_op: u64, cbuf_op: u64, imm_op: u64) -> (u64, u64) {
    match src {
        Src::Reg(r) => (reg_op, u64::from(r) << 20),
        Src::Cbuf(word) => (cbuf_op, 2 << 34 | word << 20),
        Src::Imm(v) => (imm_op, imm20(v)),
    }
}

fn pn39((p, not): (u8, bool)) -> u64 {
    u64::from(p) << 39 | u64::from(not) << 42
}

fn src(rng: &mut Rng, reg: u8) -> Src {
    match rng.below(3) {
        0 => Src::Reg(reg),
        1 => Src::Cbuf(rng.below(4)),
        _ => Src::Imm(match rng.below(3) {
            0 => rng.below(4) as i32,
            1 => -(rng.below(0x4_0000) as i32),
            _ => rng.below(0x4_0000) as i32,
        }),
    }
}

fn random_inst(rng: &mut Rng, pool: &[u8]) -> Inst {
    let reg = |rng: &mut Rng| pool[rng.below(pool.len() as u64) as usize];
    let combine = |rng: &mut Rng| {
        if rng.bit() {
            (7, false)
        } else {
            (rng.below(8) as u8, rng.bit())
        }
    };
    // Flow tests with a definition (the csm ones are refused).
    let test = |rng: &mut Rng| {
        let t = rng.below(26) as u8;
        if t >= 24 {
            t + 6
        } else {
            t
        }
    };
    match rng.below(9) {
        0 | 1 => {
            let r = reg(rng);
            Inst::Iadd {
                a: reg(rng),
                b: src(rng, r),
                neg: [rng.below(4) == 0, rng.below(4) == 0],
                cc: rng.below(4) != 0,
                x: rng.bit(),
            }
        }
        2 => Inst::Iadd32 {
            a: reg(rng),
            b: if rng.bit() {
                rng.next() as u32
            } else {
                rng.below(3) as u32
            },
            neg: rng.below(4) == 0,
            cc: rng.bit(),
            x: rng.bit(),
        },
        3 => {
            let r = reg(rng);
            Inst::Iscadd {
                a: reg(rng),
                b: src(rng, r),
                neg: [rng.below(4) == 0, rng.below(4) == 0],
                shift: rng.below(32) as u32,
            }
        }
        4 => {
            let r = reg(rng);
            Inst::Isetp {
                a: reg(rng),
                b: src(rng, r),
                test: rng.below(8) as u8,
                signed: rng.bit(),
                x: rng.below(4) != 0,
                op: rng.below(3) as u8,
                dst: rng.below(7) as u8,
                combine: combine(rng),
            }
        }
        5 => {
            let r = reg(rng);
            let x = rng.bit();
            Inst::Iset {
                a: reg(rng),
                b: src(rng, r),
                test: rng.below(8) as u8,
                signed: rng.bit(),
                x,
                cc: !x && rng.bit(),
                bf: rng.bit(),
                op: rng.below(3) as u8,
                combine: combine(rng),
            }
        }
        6 => {
            if rng.bit() {
                Inst::Cset {
                    test: test(rng),
                    bf: rng.bit(),
                    cc: rng.bit(),
                    op: rng.below(3) as u8,
                    combine: combine(rng),
                }
            } else {
                Inst::Csetp {
                    test: test(rng),
                    op: rng.below(3) as u8,
                    dst: rng.below(7) as u8,
                    combine: combine(rng),
                }
            }
        }
        8 if rng.bit() => Inst::LogicCc {
            a: reg(rng),
            b: reg(rng),
            op: rng.below(4) as u8,
            table: rng.bit().then(|| rng.below(256) as u8),
            x: rng.bit(),
        },
        7 => Inst::Bfe {
            a: reg(rng),
            position: rng.below(32) as u32,
            width: rng.below(33) as u32,
        },
        _ => Inst::R2pCc {
            source: reg(rng),
            byte: rng.below(4),
            mask: rng.below(16) as u32,
        },
    }
}

fn input(rng: &mut Rng) -> u32 {
    match rng.below(6) {
        0 => [0, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff, 0xffff_fffe][rng.below(6) as usize],
        1 => rng.below(4) as u32,
        _ => rng.next() as u32,
    }
}

fn seed() -> u64 {
    std::env::var("HOOKSHOT_ISA_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0xcc_f1a9)
}

/// `p2r cc`: the four flags into bits 0-3 of `d` (the rest of RZ).
/// An instruction's guard: the predicate and its `not`, or none.
type Guard = Option<(u8, bool)>;

fn flags_to_reg(d: u8) -> u64 {
    0x38e8 << 48 | PT_GUARD | 1 << 40 | 0xf << 20 | u64::from(RZ) << 8 | u64::from(d)
}

#[test]
fn condition_code_flags_compute_as_a_cpu_model_of_them() {
    let mut rng = Rng(seed());
    let mut checked = 0usize;
    for _round in 0..4 {
        let mut pool: Vec<u8> = (8..12).collect();
        // (instruction, output register, guard)
        let mut chain: Vec<(Inst, u8, Guard)> = Vec::new();
        let mut outputs = 0u8;
        while usize::from(outputs) + 2 <= kernel::MAX_OUTPUTS && chain.len() < 30 {
            let inst = random_inst(&mut rng, &pool);
            let guard = (rng.below(4) == 0).then(|| (rng.below(7) as u8, rng.bit()));
            let d = FIRST_OUT + outputs;
            outputs += 2;
            pool.push(d);
            chain.push((inst, d, guard));
        }
        // P0-P6 from r11, the flags from r10's low bits (`r2p cc $r10 0xf`).
        let mut body = vec![
            0x38f0_0000_0000_0000 | PT_GUARD | 11 << 8 | 0x7f << 20,
            0x38f0_0000_0000_0000 | PT_GUARD | 1 << 40 | 10 << 8 | 0xf << 20,
        ];
        let mut main_words = Vec::new();
        for &(inst, d, guard) in &chain {
            // The output starts as r10, so a guarded write that does not happen shows.
            body.push(kernel::mov(d, 10));
            let mut word = inst.encode(d);
            if let Some((p, not)) = guard {
                word = word & !(0xf << 16) | u64::from(p) << 16 | u64::from(not) << 19;
            } else {
                word |= PT_GUARD;
            }
            main_words.push(word);
            body.push(word);
            if let Some(p) = inst.pred_out() {
                body.push(kernel::pred_to_reg(d, p));
            }
            body.push(flags_to_reg(d + 1));
        }
        for ((inst, _, _), line) in chain.iter().zip(kernel::envydis(&main_words)) {
            assert!(
                line.split_whitespace().any(|w| w == inst.name()) && !line.contains("???"),
                "{inst:?} encodes as `{line}`"
            );
        }
        let cbuf = [0; 4].map(|_| input(&mut rng));
        let inputs: Vec<u32> = (0..INPUTS * INVOCATIONS).map(|_| input(&mut rng)).collect();
        let got = kernel::run(&body, usize::from(outputs), &inputs, cbuf);
        for (invocation, got) in got.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            let mut s = State {
                regs: [0; 256],
                preds: [false; 8],
                flags: [false; 4],
                cbuf,
            };
            s.regs[8..12].copy_from_slice(own);
            for index in 0..7 {
                s.preds[index] = own[3] >> index & 1 == 1;
            }
            for index in 0..4 {
                s.flags[index] = own[2] >> index & 1 == 1;
            }
            for (k, &(inst, d, guard)) in chain.iter().enumerate() {
                let old = s.reg(10);
                let runs = guard.is_none_or(|g| s.pred(g));
                let mut word = if runs { inst.model(&mut s, old) } else { old };
                if let Some(p) = inst.pred_out() {
                    word = u32::from(p == 7 || s.preds[p as usize]);
                }
                s.regs[d as usize] = word;
                let flags = s
                    .flags
                    .iter()
                    .enumerate()
                    .fold(0, |w, (i, &f)| w | u32::from(f) << i);
                s.regs[d as usize + 1] = flags;
                assert_eq!(
                    (got[2 * k], got[2 * k + 1]),
                    (word, flags),
                    "step {k} ({inst:?}, guard {guard:?}): (word, flags ZSCO), invocation \
                     {invocation} over {own:08x?}, c2 {cbuf:08x?}"
                );
                checked += 2;
            }
        }
    }
    assert!(checked > 5000, "{checked} words checked");
}

#[test]
fn carry_adds_make_wide_sums() {
    let mut rng = Rng(seed() ^ 0x64);
    // (r16, r17) = (r9:r8) + (r11:r10); (r18, r19) = (r9:r8) + c2[1]:c2[0], then a
    // 32-bit immediate added on top (iadd32i cc + iadd32i x).
    let iadd = |cc: bool, x: bool, d: u64, a: u64, second: u64| {
        second | PT_GUARD | u64::from(cc) << 47 | u64::from(x) << 43 | a << 8 | d
    };
    let body = vec![
        iadd(true, false, 16, 8, 0x5c10 << 48 | 10 << 20),
        iadd(false, true, 17, 9, 0x5c10 << 48 | 11 << 20),
        iadd(true, false, 18, 8, 0x4c10 << 48 | 2 << 34),
        iadd(false, true, 19, 9, 0x4c10 << 48 | 2 << 34 | 1 << 20),
        // iadd32i cc $r18 $r18 0x9abcdef1; iadd32i x $r19 $r19 0x0.
        0x1c00 << 48 | PT_GUARD | 1 << 52 | 0x9abc_def1u64 << 20 | 18 << 8 | 18,
        0x1c00 << 48 | PT_GUARD | 1 << 53 | 19 << 8 | 19,
    ];
    let lines = kernel::envydis(&body);
    for (line, want) in lines.iter().zip([
        "iadd cc",
        "iadd x",
        "iadd cc",
        "iadd x",
        "iadd32i cc",
        "iadd32i x",
    ]) {
        assert!(line.starts_with(want), "`{line}` is not `{want}`");
    }
    let mut cbuf = [0u32; 4];
    cbuf[0] = rng.next() as u32;
    cbuf[1] = rng.next() as u32;
    let inputs: Vec<u32> = (0..INPUTS * INVOCATIONS).map(|_| input(&mut rng)).collect();
    let got = kernel::run(&body, 4, &inputs, cbuf);
    for (invocation, got) in got.iter().enumerate() {
        let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
        let a = u64::from(own[1]) << 32 | u64::from(own[0]);
        let b = u64::from(own[3]) << 32 | u64::from(own[2]);
        let c = u64::from(cbuf[1]) << 32 | u64::from(cbuf[0]);
        let sum = a.wrapping_add(b);
        let second = a.wrapping_add(c).wrapping_add(0x9abc_def1);
        assert_eq!(
            got,
            &vec![
                sum as u32,
                (sum >> 32) as u32,
                second as u32,
                (second >> 32) as u32
            ],
            "invocation {invocation} over {own:08x?}"
        );
    }
}

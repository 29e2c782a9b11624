//! The integer forms NVIDIA's compiler emits beyond uam's (`iadd3`, `lea`, `lea hi`,
//! `lop3`, `shf`, `prmt`, `imul`, `imul32i`, `imad32i`, `psetp`, signed `xmad`, `lop`
//! with its predicate output, `shl`/`shr` with `w` and `brev`), in random chains:
//! each instruction reads registers the chain holds so far (the inputs r8-r11 and earlier
//! results) and writes a new one; predicates start as r11's low bits. Every encoding is
//! checked with envydis; the kernel runs on lavapipe; the results are compared exactly
//! with a CPU model written from the definitions in the translator's files (yuzu's,
//! Ryujinx's and PTX's).

use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS, PT_GUARD};

#[path = "integer_encode.rs"]
mod encode;
#[path = "integer_model.rs"]
mod model;

use model::State;

const RZ: u8 = 255;

/// A second source: a register, c2[word] or an immediate (20-bit signed unless noted).
#[derive(Clone, Copy, Debug)]
enum Src {
    Reg(u8),
    Cbuf(u64),
    Imm(i32),
}

#[derive(Clone, Copy, Debug)]
enum Inst {
    Iadd3 {
        a: u8,
        b: Src,
        c: u8,
        neg: [bool; 3],
        halves: [u8; 3],
        shift: u8,
    },
    Lea {
        a: u8,
        b: Src,
        neg: bool,
        scale: u32,
    },
    LeaHi {
        lo: u8,
        base: Src,
        hi: u8,
        neg: bool,
        scale: u32,
    },
    Lop3 {
        a: u8,
        b: Src,
        c: u8,
        table: u8,
        /// Register form: the predicate output and its test (0 f, 1 t, 2 z, 3 nz).
        pred: Option<(u8, u8)>,
    },
    Shf {
        left: bool,
        wrap: bool,
        kind: u8,
        lo: u8,
        count: Src,
        hi: u8,
    },
    Prmt {
        a: u8,
        sel: Src,
        b: u8,
        mode: u8,
        /// The form with a register selector and a constant-buffer B.
        rc: Option<u64>,
    },
    Imul {
        a: u8,
        b: Src,
        signed: [bool; 2],
        high: bool,
    },
    Imul32 {
        a: u8,
        b: u32,
        signed: [bool; 2],
        high: bool,
    },
    Imad32 {
        a: u8,
        b: u32,
        c: u8,
        signed: [bool; 2],
        neg: [bool; 2],
    },
    Xmad {
        a: u8,
        /// Register, c2[word] (`rc`: C is the constant and B the last register) or a
        /// 16-bit immediate.
        b: Src,
        c: u8,
        rc: bool,
        signed: [bool; 2],
        high: [bool; 2],
        psl: bool,
        mrg: bool,
        mode: u8,
    },
    Lop {
        a: u8,
        b: Src,
        inv: [bool; 2],
        op: u8,
        /// The predicate output and its test (0 f, 1 t, 2 z, 3 nz).
        pred: Option<(u8, u8)>,
    },
    Lop32 {
        a: u8,
        b: u32,
        inv: [bool; 2],
        op: u8,
    },
    Shift {
        left: bool,
        signed: bool,
        wrap: bool,
        brev: bool,
        a: u8,
        b: Src,
    },
    Psetp {
        dst: [u8; 2],
        src: [(u8, bool); 3],
        ops: [u8; 2],
    },
}

fn imm20(value: i32) -> u64 {
    let bits = value as u32 as u64;
    (bits & 0x7ffff) << 20 | (bits >> 31 & 1) << 56
}

/// The second-source bits of the usual three forms: (opcode to use, bits).
fn second(src: Src, reg_op: u64, cbuf_op: u64, imm_op: u64) -> (u64, u64) {
    match src {
        Src::Reg(r) => (reg_op, u64::from(r) << 20),
        Src::Cbuf(word) => (cbuf_op, 2 << 34 | word << 20),
        Src::Imm(v) => (imm_op, imm20(v)),
    }
}

/// Interesting shift counts and immediates beside random ones.
fn imm(rng: &mut Rng) -> i32 {
    match rng.below(4) {
        0 => rng.below(70) as i32,
        1 => -(rng.below(0x4_0000) as i32),
        _ => rng.below(0x4_0000) as i32,
    }
}

fn random_inst(rng: &mut Rng, pool: &[u8]) -> Inst {
    let reg = |rng: &mut Rng| -> u8 {
        if rng.below(12) == 0 {
            RZ
        } else {
            pool[rng.below(pool.len() as u64) as usize]
        }
    };
    let src = |rng: &mut Rng| -> Src {
        match rng.below(3) {
            0 => Src::Reg(reg(rng)),
            1 => Src::Cbuf(rng.below(4)),
            _ => Src::Imm(imm(rng)),
        }
    };
    let pred = |rng: &mut Rng| -> u8 { [0, 1, 2, 3, 4, 5, 6, 7][rng.below(8) as usize] };
    match rng.below(14) {
        11 => {
            let b = src(rng);
            Inst::Lop {
                a: reg(rng),
                b,
                inv: [rng.bit(), rng.bit()],
                op: rng.below(4) as u8,
                pred: rng.bit().then(|| (pred(rng), rng.below(4) as u8)),
            }
        }
        12 => Inst::Lop32 {
            a: reg(rng),
            b: rng.next() as u32,
            inv: [rng.bit(), rng.bit()],
            op: rng.below(4) as u8,
        },
        13 => {
            let b = match rng.below(3) {
                0 => Src::Reg(reg(rng)),
                1 => Src::Cbuf(rng.below(4)),
                _ => Src::Imm(rng.below(40) as i32),
            };
            Inst::Shift {
                left: rng.bit(),
                signed: rng.bit(),
                wrap: rng.bit(),
                brev: rng.bit(),
                a: reg(rng),
                b,
            }
        }
        10 => {
            let b = match rng.below(3) {
                0 => Src::Reg(reg(rng)),
                1 => Src::Cbuf(rng.below(4)),
                _ => Src::Imm(rng.below(0x1_0000) as i32),
            };
            let rc = matches!(b, Src::Cbuf(_)) && rng.bit();
            // cbcc only in the register and immediate forms.
            let modes = if matches!(b, Src::Cbuf(_)) { 4 } else { 5 };
            Inst::Xmad {
                a: reg(rng),
                b,
                c: reg(rng),
                rc,
                signed: [rng.bit(), rng.bit()],
                high: [rng.bit(), rng.bit()],
                psl: rng.bit(),
                mrg: rng.bit(),
                mode: rng.below(modes) as u8,
            }
        }
        0 => Inst::Iadd3 {
            a: reg(rng),
            b: src(rng),
            c: reg(rng),
            neg: [rng.bit(), rng.bit(), rng.bit()],
            halves: [0; 3].map(|_| rng.below(3) as u8),
            shift: rng.below(3) as u8,
        },
        1 => Inst::Lea {
            a: reg(rng),
            b: src(rng),
            neg: rng.bit(),
            scale: rng.below(32) as u32,
        },
        2 => Inst::LeaHi {
            lo: reg(rng),
            base: if rng.bit() {
                Src::Reg(reg(rng))
            } else {
                Src::Cbuf(rng.below(4))
            },
            hi: reg(rng),
            neg: rng.bit(),
            scale: rng.below(32) as u32,
        },
        3 => {
            let b = src(rng);
            let pred =
                (matches!(b, Src::Reg(_)) && rng.bit()).then(|| (pred(rng), rng.below(4) as u8));
            Inst::Lop3 {
                a: reg(rng),
                b,
                c: reg(rng),
                table: rng.below(256) as u8,
                pred,
            }
        }
        4 => {
            let left = rng.bit();
            let count = if rng.bit() {
                Src::Reg(reg(rng))
            } else {
                Src::Imm(rng.below(64) as i32)
            };
            Inst::Shf {
                left,
                wrap: rng.bit(),
                kind: [0, 2, 3][rng.below(3) as usize],
                lo: reg(rng),
                count,
                hi: reg(rng),
            }
        }
        5 => Inst::Prmt {
            a: reg(rng),
            sel: src(rng),
            b: reg(rng),
            mode: rng.below(7) as u8,
            rc: (rng.below(4) == 0).then(|| rng.below(4)),
        },
        6 => Inst::Imul {
            a: reg(rng),
            b: src(rng),
            signed: [rng.bit(), rng.bit()],
            high: rng.bit(),
        },
        7 => Inst::Imul32 {
            a: reg(rng),
            b: rng.next() as u32,
            signed: [rng.bit(), rng.bit()],
            high: rng.bit(),
        },
        8 => Inst::Imad32 {
            a: reg(rng),
            b: rng.next() as u32,
            c: reg(rng),
            signed: [rng.bit(), rng.bit()],
            neg: [rng.bit(), rng.bit()],
        },
        _ => {
            let mut p = || (rng.below(8) as u8, rng.bit());
            let src = [p(), p(), p()];
            Inst::Psetp {
                dst: [rng.below(7) as u8, rng.below(8) as u8],
                src,
                ops: [rng.below(3) as u8, rng.below(3) as u8],
            }
        }
    }
}

/// Random inputs with edge values mixed in.
fn input(rng: &mut Rng) -> u32 {
    match rng.below(6) {
        0 => [0, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff, 0xffff, 0x1_0000][rng.below(7) as usize],
        1 => rng.below(64) as u32,
        _ => rng.next() as u32,
    }
}

#[test]
fn integer_forms_compute_as_a_cpu_model_of_them() {
    let seed = std::env::var("HOOKSHOT_ISA_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x1a_dd3_u64);
    let mut rng = Rng(seed);
    let mut checked = 0usize;
    for _round in 0..4 {
        let mut pool: Vec<u8> = (8..12).collect();
        let mut chain = Vec::new();
        let mut outputs = 0u8;
        while (outputs as usize) < kernel::MAX_OUTPUTS - 2 && chain.len() < 40 {
            let inst = random_inst(&mut rng, &pool);
            let d = FIRST_OUT + outputs;
            outputs += inst.outputs();
            pool.push(d);
            chain.push((inst, d));
        }
        // P0-P6 start as r11's low bits.
        let mut body = vec![0x38f0_0000_0000_0000 | PT_GUARD | 11 << 8 | 0x7f << 20];
        let mut main_words = Vec::new();
        for (inst, d) in &chain {
            let words = inst.encode(*d);
            let main = match inst {
                Inst::Imad32 { .. } => words[1],
                _ => words[0],
            };
            main_words.push(main);
            body.extend(words);
        }
        for ((inst, _), line) in chain.iter().zip(kernel::envydis(&main_words)) {
            assert!(
                line.split_whitespace().next() == Some(inst.name()) && !line.contains("???"),
                "{inst:?} encodes as `{line}`"
            );
        }
        let cbuf = [0; 4].map(|_| input(&mut rng));
        let inputs: Vec<u32> = (0..INPUTS * INVOCATIONS).map(|_| input(&mut rng)).collect();
        let got = kernel::run(&body, usize::from(outputs), &inputs, cbuf);
        for (invocation, got) in got.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            let mut state = State {
                regs: [0; 256],
                preds: [false; 8],
                cbuf,
            };
            state.regs[8..12].copy_from_slice(own);
            for index in 0..7 {
                state.preds[index] = own[3] >> index & 1 == 1;
            }
            let mut want = Vec::new();
            for (inst, d) in &chain {
                let words = inst.model(&mut state);
                for (k, &w) in words.iter().enumerate() {
                    state.regs[*d as usize + k] = w;
                }
                want.extend(words);
            }
            for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                let (inst, _) = chain
                    .iter()
                    .scan(0u8, |n, c| {
                        *n += c.0.outputs();
                        Some((c, *n))
                    })
                    .find(|(_, n)| usize::from(*n) > k)
                    .map(|(c, _)| *c)
                    .unwrap();
                assert_eq!(
                    g, w,
                    "output {k} ({inst:?}), invocation {invocation} over {own:08x?}, c2 {cbuf:08x?}"
                );
            }
            checked += want.len();
        }
    }
    assert!(checked > 4000, "{checked} words checked");
}

//! The integer forms NVIDIA's compiler emits beyond uam's (`iadd3`, `lea`, `lea hi`,
//! `lop3`, `shf`, `prmt`, `imul`, `imul32i`, `imad32i`, `psetp`, signed `xmad`, `lop`
//! with its predicate output, `shl`/`shr` with `w` and `brev`), in random chains:
//! each instruction reads registers the chain holds so far (the inputs r8-r11 and earlier
//! results) and writes a new one; predicates start as r11's low bits. Every encoding is
//! checked with envydis; the kernel runs on lavapipe; the results are compared exactly
//! with a CPU model written from the definitions in the translator's files (yuzu's,
//! Ryujinx's and PTX's).

use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS, PT_GUARD};

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

impl Inst {
    fn encode(&self, d: u8) -> Vec<u64> {
        let d = u64::from(d);
        let r = |x: u8| u64::from(x);
        let word = match *self {
            Inst::Iadd3 {
                a,
                b,
                c,
                neg,
                halves,
                shift,
            } => {
                let (op, bits) = second(b, 0x5cc0, 0x4cc0, 0x38c0);
                let mut w = op << 48 | bits | r(a) << 8 | r(c) << 39 | d;
                w |= u64::from(neg[0]) << 51 | u64::from(neg[1]) << 50 | u64::from(neg[2]) << 49;
                if op == 0x5cc0 {
                    w |= u64::from(shift) << 37
                        | u64::from(halves[0]) << 35
                        | u64::from(halves[1]) << 33
                        | u64::from(halves[2]) << 31;
                }
                w
            }
            Inst::Lea { a, b, neg, scale } => {
                let (op, bits) = second(b, 0x5bd0, 0x4bd0, 0x36d0);
                op << 48
                    | bits
                    | 7 << 48
                    | u64::from(neg) << 45
                    | r(a) << 8
                    | u64::from(scale) << 39
                    | d
            }
            Inst::LeaHi {
                lo,
                base,
                hi,
                neg,
                scale,
            } => match base {
                Src::Cbuf(word) => {
                    0x1800 << 48
                        | 2 << 34
                        | word << 20
                        | 7 << 48
                        | u64::from(neg) << 56
                        | u64::from(scale) << 51
                        | r(lo) << 8
                        | r(hi) << 39
                        | d
                }
                Src::Reg(base) => {
                    0x5bd8 << 48
                        | r(base) << 20
                        | 7 << 48
                        | u64::from(neg) << 37
                        | u64::from(scale) << 28
                        | r(lo) << 8
                        | r(hi) << 39
                        | d
                }
                Src::Imm(_) => unreachable!(),
            },
            Inst::Lop3 {
                a,
                b,
                c,
                table,
                pred,
            } => match b {
                Src::Reg(b) => {
                    let (p, test) = pred.unwrap_or((7, 0));
                    0x5be0 << 48
                        | u64::from(test) << 36
                        | u64::from(p) << 48
                        | r(a) << 8
                        | r(b) << 20
                        | r(c) << 39
                        | u64::from(table) << 28
                        | d
                }
                Src::Cbuf(word) => {
                    0x0200 << 48
                        | 2 << 34
                        | word << 20
                        | r(a) << 8
                        | r(c) << 39
                        | u64::from(table) << 48
                        | d
                }
                Src::Imm(v) => {
                    0x3c00 << 48 | imm20(v) | r(a) << 8 | r(c) << 39 | u64::from(table) << 48 | d
                }
            },
            Inst::Shf {
                left,
                wrap,
                kind,
                lo,
                count,
                hi,
            } => {
                let (reg_op, imm_op) = if left {
                    (0x5bf8, 0x36f8)
                } else {
                    (0x5cf8, 0x38f8)
                };
                let (op, bits) = match count {
                    Src::Reg(c) => (reg_op, r(c) << 20),
                    Src::Imm(v) => (imm_op, (v as u64 & 0x3f) << 20),
                    Src::Cbuf(_) => unreachable!(),
                };
                op << 48
                    | bits
                    | u64::from(wrap) << 50
                    | u64::from(kind) << 37
                    | r(lo) << 8
                    | r(hi) << 39
                    | d
            }
            Inst::Prmt {
                a,
                sel,
                b,
                mode,
                rc,
            } => match rc {
                Some(word) => {
                    0x53c0 << 48
                        | u64::from(mode) << 48
                        | r(a) << 8
                        | r(b) << 39
                        | 2 << 34
                        | word << 20
                        | d
                }
                None => {
                    let (op, bits) = second(sel, 0x5bc0, 0x4bc0, 0x36c0);
                    op << 48 | bits | u64::from(mode) << 48 | r(a) << 8 | r(b) << 39 | d
                }
            },
            Inst::Imul { a, b, signed, high } => {
                let (op, bits) = second(b, 0x5c38, 0x4c38, 0x3838);
                op << 48
                    | bits
                    | u64::from(signed[0]) << 40
                    | u64::from(signed[1]) << 41
                    | u64::from(high) << 39
                    | r(a) << 8
                    | d
            }
            Inst::Imul32 { a, b, signed, high } => {
                0x1f00 << 48
                    | u64::from(b) << 20
                    | u64::from(signed[0]) << 54
                    | u64::from(signed[1]) << 55
                    | u64::from(high) << 53
                    | r(a) << 8
                    | d
            }
            Inst::Imad32 {
                a,
                b,
                c,
                signed,
                neg,
            } => {
                // C is the destination: set it first.
                return vec![
                    kernel::mov(d as u8, c),
                    0x1000 << 48
                        | u64::from(b) << 20
                        | u64::from(signed[0]) << 54
                        | u64::from(signed[1]) << 57
                        | u64::from(neg[0]) << 56
                        | u64::from(neg[1]) << 55
                        | r(a) << 8
                        | d
                        | PT_GUARD,
                ];
            }
            Inst::Xmad {
                a,
                b,
                c,
                rc,
                signed,
                high,
                psl,
                mrg,
                mode,
            } => {
                let types = u64::from(signed[0]) << 48 | u64::from(signed[1]) << 49;
                let common =
                    types | u64::from(mode) << 50 | u64::from(high[0]) << 53 | r(a) << 8 | d;
                match (b, rc) {
                    (Src::Reg(b), false) => {
                        0x5b00 << 48
                            | common
                            | u64::from(psl) << 36
                            | u64::from(mrg) << 37
                            | u64::from(high[1]) << 35
                            | r(b) << 20
                            | r(c) << 39
                    }
                    (Src::Imm(v), _) => {
                        0x3600 << 48
                            | common
                            | u64::from(psl) << 36
                            | u64::from(mrg) << 37
                            | (v as u64 & 0xffff) << 20
                            | r(c) << 39
                    }
                    (Src::Cbuf(word), false) => {
                        0x4e00 << 48
                            | common
                            | u64::from(psl) << 55
                            | u64::from(mrg) << 56
                            | u64::from(high[1]) << 52
                            | 2 << 34
                            | word << 20
                            | r(c) << 39
                    }
                    (Src::Cbuf(word), true) => {
                        0x5100 << 48
                            | common
                            | u64::from(high[1]) << 52
                            | 2 << 34
                            | word << 20
                            | r(c) << 39
                    }
                    (Src::Reg(_), true) => unreachable!(),
                }
            }
            Inst::Lop {
                a,
                b,
                inv,
                op,
                pred,
            } => {
                let (opcode, bits) = second(b, 0x5c40, 0x4c40, 0x3840);
                let (p, test) = pred.unwrap_or((7, 0));
                opcode << 48
                    | bits
                    | u64::from(op) << 41
                    | u64::from(test) << 44
                    | u64::from(p) << 48
                    | u64::from(inv[0]) << 39
                    | u64::from(inv[1]) << 40
                    | r(a) << 8
                    | d
            }
            Inst::Lop32 { a, b, inv, op } => {
                0x0400 << 48
                    | u64::from(b) << 20
                    | u64::from(op) << 53
                    | u64::from(inv[0]) << 55
                    | u64::from(inv[1]) << 56
                    | r(a) << 8
                    | d
            }
            Inst::Shift {
                left,
                signed,
                wrap,
                brev,
                a,
                b,
            } => {
                let (opcode, bits) = if left {
                    second(b, 0x5c48, 0x4c48, 0x3848)
                } else {
                    second(b, 0x5c28, 0x4c28, 0x3828)
                };
                let extra = if left {
                    0
                } else {
                    u64::from(signed) << 48 | u64::from(brev) << 40
                };
                opcode << 48 | bits | extra | u64::from(wrap) << 39 | r(a) << 8 | d
            }
            Inst::Psetp { dst, src, ops } => {
                let w = 0x5090 << 48
                    | u64::from(dst[0]) << 3
                    | u64::from(dst[1])
                    | u64::from(ops[0]) << 24
                    | u64::from(ops[1]) << 45
                    | u64::from(src[0].0) << 12
                    | u64::from(src[0].1) << 15
                    | u64::from(src[1].0) << 29
                    | u64::from(src[1].1) << 32
                    | u64::from(src[2].0) << 39
                    | u64::from(src[2].1) << 42;
                return vec![w | PT_GUARD, kernel::pred_to_reg(d as u8, dst[0])];
            }
        };
        let mut words = vec![word | PT_GUARD];
        if let Inst::Lop3 {
            pred: Some((p, _)), ..
        }
        | Inst::Lop {
            pred: Some((p, _)), ..
        } = self
        {
            words.push(kernel::pred_to_reg(d as u8 + 1, *p));
        }
        words
    }

    /// envydis's mnemonic of the instruction's main word.
    fn name(&self) -> &'static str {
        match self {
            Inst::Iadd3 { .. } => "iadd3",
            Inst::Lea { .. } | Inst::LeaHi { .. } => "lea",
            Inst::Lop3 { .. } => "lop3",
            Inst::Shf { .. } => "shf",
            Inst::Prmt { .. } => "prmt",
            Inst::Imul { .. } => "imul",
            Inst::Imul32 { .. } => "imul32i",
            Inst::Imad32 { .. } => "imad32i",
            Inst::Xmad { .. } => "xmad",
            Inst::Lop { .. } => "lop",
            Inst::Lop32 { .. } => "lop32i",
            Inst::Shift { left: true, .. } => "shl",
            Inst::Shift { .. } => "shr",
            Inst::Psetp { .. } => "psetp",
        }
    }

    /// Output registers it writes (the predicate forms add the predicate's 0/1).
    fn outputs(&self) -> u8 {
        match self {
            Inst::Lop3 { pred: Some(_), .. } | Inst::Lop { pred: Some(_), .. } => 2,
            _ => 1,
        }
    }
}

/// The chain's state in the model: registers and predicates.
struct State {
    regs: [u32; 256],
    preds: [bool; 8],
    cbuf: [u32; 4],
}

impl State {
    fn reg(&self, r: u8) -> u32 {
        if r == RZ {
            0
        } else {
            self.regs[r as usize]
        }
    }

    fn src(&self, src: Src) -> u32 {
        match src {
            Src::Reg(r) => self.reg(r),
            Src::Cbuf(word) => self.cbuf[word as usize],
            Src::Imm(v) => v as u32,
        }
    }

    fn pred(&self, (p, not): (u8, bool)) -> bool {
        (p == 7 || self.preds[p as usize]) != not
    }
}

fn logic(op: u8, a: bool, b: bool) -> bool {
    match op {
        0 => a && b,
        1 => a || b,
        _ => a != b,
    }
}

/// PTX's prmt.
fn prmt(a: u32, b: u32, sel: u32, mode: u8) -> u32 {
    let bytes = (u64::from(b) << 32 | u64::from(a)).to_le_bytes();
    let s = sel & 3;
    let pick: [u32; 4] = match mode {
        0 => {
            let mut out = 0u32;
            for lane in 0..4 {
                let nibble = sel >> (4 * lane) & 0xf;
                let byte = bytes[(nibble & 7) as usize];
                let value = if nibble & 8 != 0 {
                    if byte & 0x80 != 0 {
                        0xff
                    } else {
                        0
                    }
                } else {
                    byte
                };
                out |= u32::from(value) << (8 * lane);
            }
            return out;
        }
        1 => [s, (s + 1) % 8, (s + 2) % 8, (s + 3) % 8],
        2 => [s, (s + 7) % 8, (s + 6) % 8, (s + 5) % 8],
        3 => [s; 4],
        4 => [s, s.max(1), s.max(2), 3],
        5 => [0, s.min(1), s.min(2), s],
        _ => {
            let h = 2 * (sel & 1);
            [h, h + 1, h, h + 1]
        }
    };
    pick.iter().enumerate().fold(0, |out, (lane, &i)| {
        out | u32::from(bytes[i as usize]) << (8 * lane)
    })
}

fn half(value: u32, select: u8) -> u32 {
    match select {
        1 => value & 0xffff,
        2 => value >> 16,
        _ => value,
    }
}

fn neg_if(value: u32, neg: bool) -> u32 {
    if neg {
        value.wrapping_neg()
    } else {
        value
    }
}

/// High word of a product of two 32-bit values, each signed or not.
fn mul_hi(a: u32, b: u32, signed: [bool; 2]) -> u32 {
    let x = if signed[0] {
        i128::from(a as i32)
    } else {
        i128::from(a)
    };
    let y = if signed[1] {
        i128::from(b as i32)
    } else {
        i128::from(b)
    };
    ((x * y) >> 32) as u32
}

impl Inst {
    /// The model: the words written (in output order), updating `state`.
    fn model(&self, s: &mut State) -> Vec<u32> {
        match *self {
            Inst::Iadd3 {
                a,
                b,
                c,
                neg,
                halves,
                shift,
            } => {
                let halves = if matches!(b, Src::Reg(_)) {
                    halves
                } else {
                    [0; 3]
                };
                let shift = if matches!(b, Src::Reg(_)) { shift } else { 0 };
                let x = neg_if(half(s.reg(a), halves[0]), neg[0]);
                let y = neg_if(half(s.src(b), halves[1]), neg[1]);
                let z = neg_if(half(s.reg(c), halves[2]), neg[2]);
                let (sum, carry) = x.overflowing_add(y);
                let shifted = match shift {
                    1 => (sum >> 16).wrapping_add(if carry { 0x1_0000 } else { 0 }),
                    2 => sum << 16,
                    _ => sum,
                };
                vec![shifted.wrapping_add(z)]
            }
            Inst::Lea { a, b, neg, scale } => {
                vec![s.src(b).wrapping_add(neg_if(s.reg(a), neg) << scale)]
            }
            Inst::LeaHi {
                lo,
                base,
                hi,
                neg,
                scale,
            } => {
                let mut wide = u64::from(s.reg(hi)) << 32 | u64::from(s.reg(lo));
                if neg {
                    wide = wide.wrapping_neg();
                }
                vec![s.src(base).wrapping_add((wide >> (32 - scale)) as u32)]
            }
            Inst::Lop3 {
                a,
                b,
                c,
                table,
                pred,
            } => {
                let (x, y, z) = (s.reg(a), s.src(b), s.reg(c));
                let mut out = 0u32;
                for bit in 0..32 {
                    let index = (x >> bit & 1) << 2 | (y >> bit & 1) << 1 | (z >> bit & 1);
                    out |= u32::from(table >> index & 1) << bit;
                }
                let mut words = vec![out];
                if let Some((p, test)) = pred {
                    let value = match test {
                        0 => false,
                        1 => true,
                        2 => out == 0,
                        _ => out != 0,
                    };
                    if p != 7 {
                        s.preds[p as usize] = value;
                    }
                    words.push(u32::from(p == 7 || s.preds[p as usize]));
                }
                words
            }
            Inst::Shf {
                left,
                wrap,
                kind,
                lo,
                count,
                hi,
            } => {
                let wide = u64::from(s.reg(hi)) << 32 | u64::from(s.reg(lo));
                let raw = match count {
                    Src::Imm(v) => (v as u32) & 0x3f,
                    other => s.src(other),
                };
                let value = if kind == 0 {
                    let n = if wrap { raw & 31 } else { raw.min(32) };
                    if left {
                        ((u128::from(wide) << n) >> 32) as u32
                    } else {
                        (wide >> n) as u32
                    }
                } else {
                    let n = if wrap { raw & 63 } else { raw };
                    if n >= 64 {
                        0
                    } else if left {
                        ((wide << n) >> 32) as u32
                    } else if kind == 3 {
                        ((wide as i64) >> n) as u32
                    } else {
                        (wide >> n) as u32
                    }
                };
                vec![value]
            }
            Inst::Prmt {
                a,
                sel,
                b,
                mode,
                rc,
            } => {
                let (sel, b) = match rc {
                    Some(word) => (s.reg(b), s.cbuf[word as usize]),
                    None => (s.src(sel), s.reg(b)),
                };
                vec![prmt(s.reg(a), b, sel, mode)]
            }
            Inst::Imul { a, b, signed, high } => {
                let (x, y) = (s.reg(a), s.src(b));
                vec![if high {
                    mul_hi(x, y, signed)
                } else {
                    x.wrapping_mul(y)
                }]
            }
            Inst::Imul32 { a, b, signed, high } => {
                let x = s.reg(a);
                vec![if high {
                    mul_hi(x, b, signed)
                } else {
                    x.wrapping_mul(b)
                }]
            }
            Inst::Imad32 { a, b, c, neg, .. } => {
                let product = neg_if(s.reg(a), neg[0]).wrapping_mul(b);
                vec![product.wrapping_add(neg_if(s.reg(c), neg[1]))]
            }
            Inst::Xmad {
                a,
                b,
                c,
                rc,
                signed,
                high,
                psl,
                mrg,
                mode,
            } => {
                let ext = |v: u32, high: bool, signed: bool| match (high, signed) {
                    (true, true) => ((v as i32) >> 16) as u32,
                    (true, false) => v >> 16,
                    (false, true) => (v as u16 as i16) as i32 as u32,
                    (false, false) => v & 0xffff,
                };
                // The rc form: B is the last register, C the constant.
                let (b_register, c_value) = match (b, rc) {
                    (Src::Cbuf(word), true) => (s.reg(c), s.cbuf[word as usize]),
                    (Src::Imm(v), _) => (v as u32 & 0xffff, s.reg(c)),
                    (other, _) => (s.src(other), s.reg(c)),
                };
                let high_b = high[1] && !matches!(b, Src::Imm(_));
                let x = ext(s.reg(a), high[0], signed[0]);
                let y = ext(b_register, high_b, signed[1]);
                let mut product = x.wrapping_mul(y);
                if psl && !rc {
                    product <<= 16;
                }
                let c_value = match mode {
                    1 => c_value & 0xffff,
                    2 => c_value >> 16,
                    3 => c_value.wrapping_sub(((x >> 31) + (y >> 31)) << 16),
                    4 => c_value.wrapping_add(b_register << 16),
                    _ => c_value,
                };
                let mut value = product.wrapping_add(c_value);
                if mrg && !rc {
                    value = value & 0xffff | b_register << 16;
                }
                vec![value]
            }
            Inst::Lop {
                a,
                b,
                inv,
                op,
                pred,
            } => {
                let x = if inv[0] { !s.reg(a) } else { s.reg(a) };
                let y = if inv[1] { !s.src(b) } else { s.src(b) };
                let out = match op {
                    0 => x & y,
                    1 => x | y,
                    2 => x ^ y,
                    _ => y,
                };
                let mut words = vec![out];
                if let Some((p, test)) = pred {
                    let value = match test {
                        0 => false,
                        1 => true,
                        2 => out == 0,
                        _ => out != 0,
                    };
                    if p != 7 {
                        s.preds[p as usize] = value;
                    }
                    words.push(u32::from(p == 7 || s.preds[p as usize]));
                }
                words
            }
            Inst::Lop32 { a, b, inv, op } => {
                let x = if inv[0] { !s.reg(a) } else { s.reg(a) };
                let y = if inv[1] { !b } else { b };
                vec![match op {
                    0 => x & y,
                    1 => x | y,
                    2 => x ^ y,
                    _ => y,
                }]
            }
            Inst::Shift {
                left,
                signed,
                wrap,
                brev,
                a,
                b,
            } => {
                let mut x = s.reg(a);
                if brev && !left {
                    x = x.reverse_bits();
                }
                let mut n = s.src(b);
                if wrap {
                    n &= 31;
                }
                vec![match (left, signed) {
                    (true, _) => x.checked_shl(n).unwrap_or(0),
                    (false, false) => x.checked_shr(n).unwrap_or(0),
                    (false, true) => ((x as i32) >> n.min(31)) as u32,
                }]
            }
            Inst::Psetp { dst, src, ops } => {
                let (a, b, c) = (s.pred(src[0]), s.pred(src[1]), s.pred(src[2]));
                let first = logic(ops[1], logic(ops[0], a, b), c);
                let second = logic(ops[1], logic(ops[0], !a, b), c);
                if dst[0] != 7 {
                    s.preds[dst[0] as usize] = first;
                }
                if dst[1] != 7 {
                    s.preds[dst[1] as usize] = second;
                }
                vec![u32::from(dst[0] == 7 || s.preds[dst[0] as usize])]
            }
        }
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

//! The CPU model of the chains: each form as the translator's references define it.

use super::*;

/// The chain's state in the model: registers and predicates.
pub(super) struct State {
    pub(super) regs: [u32; 256],
    pub(super) preds: [bool; 8],
    pub(super) cbuf: [u32; 4],
}

impl State {
    pub(super) fn reg(&self, r: u8) -> u32 {
        if r == RZ {
            0
        } else {
            self.regs[r as usize]
        }
    }

    pub(super) fn src(&self, src: Src) -> u32 {
        match src {
            Src::Reg(r) => self.reg(r),
            Src::Cbuf(word) => self.cbuf[word as usize],
            Src::Imm(v) => v as u32,
        }
    }

    pub(super) fn pred(&self, (p, not): (u8, bool)) -> bool {
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
    pub(super) fn model(&self, s: &mut State) -> Vec<u32> {
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

//! The CPU model of the flag chains (Ryujinx's and yuzu's definitions).

use super::*;

/// Model state: registers, predicates, flags (Z, S, C, O).
pub(super) struct State {
    pub(super) regs: [u32; 256],
    pub(super) preds: [bool; 8],
    pub(super) flags: [bool; 4],
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

    /// Ryujinx's flagged add.
    fn add(&mut self, a: u32, b: u32, x: bool, cc: bool) -> u32 {
        let carry_in = self.flags[2];
        let d = a.wrapping_add(b).wrapping_add(u32::from(x && carry_in));
        if cc {
            let zero = d == 0 && (!x || self.flags[0]);
            let carry = d < a || (x && d == a && carry_in);
            let overflow = (d ^ a) & !(a ^ b) >> 31 << 31 != 0;
            self.flags = [zero, (d as i32) < 0, carry, overflow];
        }
        d
    }

    fn result_flags(&mut self, d: u32) {
        self.flags = [d == 0, (d as i32) < 0, false, false];
    }

    /// yuzu's flow tests.
    fn flow(&self, test: u8) -> bool {
        let [z, s, c, o] = self.flags;
        match test {
            0 => false,
            1 => (s && !z) != o,
            2 => !s && z,
            3 => s != (z || o),
            4 => s == o && !z,
            5 => !z,
            6 => s == o,
            7 => !s || !z,
            8 => s && z,
            9 => s != o,
            10 => z,
            11 => (s != o) || z,
            12 => s == (z || o),
            13 => s || !z,
            14 => (!s || z) != o,
            15 => true,
            16 => !o,
            17 => !c,
            18 => !s,
            19 => z || !c,
            20 => c && !z,
            21 => s,
            22 => c,
            23 => o,
            30 => s || z,
            _ => !s && !z,
        }
    }

    /// `isetp`/`iset`'s comparison, plain or extended (yuzu's formula).
    fn compare(&self, a: u32, b: u32, test: u8, signed: bool, x: bool) -> bool {
        if !x {
            let order = if signed {
                (a as i32).cmp(&(b as i32))
            } else {
                a.cmp(&b)
            };
            let (lt, eq, gt) = (test & 1 != 0, test & 2 != 0, test & 4 != 0);
            return match order {
                std::cmp::Ordering::Less => lt,
                std::cmp::Ordering::Equal => eq,
                std::cmp::Ordering::Greater => gt,
            };
        }
        let t = a.wrapping_add(!b).wrapping_add(u32::from(self.flags[2]));
        let z = self.flags[0];
        let flip = !signed && ((a as i32) < 0) != ((b as i32) < 0);
        let (negative, zero) = ((t as i32) < 0, t == 0);
        let less = negative != flip;
        let greater = (!negative && !zero) != flip;
        match test {
            0 => false,
            1 => less,
            2 => zero && z,
            3 => less || (zero && z),
            4 => greater || (zero && !z),
            5 => !zero || !z,
            6 => !less || (zero && z),
            _ => true,
        }
    }
}

fn logic(op: u8, a: bool, b: bool) -> bool {
    match op {
        0 => a && b,
        1 => a || b,
        _ => a != b,
    }
}

impl Inst {
    /// The model: the word written to the instruction's output register.
    pub(super) fn model(&self, s: &mut State, old: u32) -> u32 {
        let neg = |v: u32, n: bool| if n { v.wrapping_neg() } else { v };
        match *self {
            Inst::Iadd {
                a,
                b,
                neg: n,
                cc,
                x,
            } => {
                // Both negations together are `.po`: A plus one, nothing negated (yuzu).
                let (a, b) = if n == [true, true] {
                    (s.reg(a).wrapping_add(1), s.src(b))
                } else {
                    (neg(s.reg(a), n[0]), neg(s.src(b), n[1]))
                };
                s.add(a, b, x, cc)
            }
            Inst::Iadd32 {
                a,
                b,
                neg: n,
                cc,
                x,
            } => {
                let a = neg(s.reg(a), n);
                s.add(a, b, x, cc)
            }
            Inst::Iscadd {
                a,
                b,
                neg: n,
                shift,
            } => {
                // `.po` as `iadd`'s: B plus one, nothing negated (yuzu).
                let (a, b) = if n == [true, true] {
                    (s.reg(a) << shift, s.src(b).wrapping_add(1))
                } else {
                    (neg(s.reg(a), n[0]) << shift, neg(s.src(b), n[1]))
                };
                s.add(a, b, false, true)
            }
            Inst::Isetp {
                a,
                b,
                test,
                signed,
                x,
                op,
                dst,
                combine,
            } => {
                let result = s.compare(s.reg(a), s.src(b), test, signed, x);
                if dst != 7 {
                    s.preds[dst as usize] = logic(op, result, s.pred(combine));
                }
                old
            }
            Inst::Iset {
                a,
                b,
                test,
                signed,
                x,
                cc,
                bf,
                op,
                combine,
            } => {
                let result = s.compare(s.reg(a), s.src(b), test, signed, x);
                let holds = logic(op, result, s.pred(combine));
                let d = match (holds, bf) {
                    (false, _) => 0,
                    (true, true) => 1.0f32.to_bits(),
                    (true, false) => u32::MAX,
                };
                if cc {
                    s.result_flags(d);
                }
                d
            }
            Inst::Cset {
                test,
                bf,
                cc,
                op,
                combine,
            } => {
                let holds = logic(op, s.flow(test), s.pred(combine));
                let d = match (holds, bf) {
                    (false, _) => 0,
                    (true, true) => 1.0f32.to_bits(),
                    (true, false) => u32::MAX,
                };
                if cc {
                    s.result_flags(d);
                }
                d
            }
            Inst::Csetp {
                test,
                op,
                dst,
                combine,
            } => {
                if dst != 7 {
                    s.preds[dst as usize] = logic(op, s.flow(test), s.pred(combine));
                }
                old
            }
            Inst::Bfe { a, position, width } => {
                let field = if width == 0 {
                    0
                } else {
                    ((u64::from(s.reg(a)) >> position) & ((1u64 << width) - 1)) as u32
                };
                s.result_flags(field);
                field
            }
            Inst::LogicCc { a, b, op, table, x } => {
                let (p, q) = (s.reg(a), s.reg(b));
                let d = match table {
                    // C is A again.
                    Some(table) => (0..32).fold(0u32, |out, bit| {
                        let index = (p >> bit & 1) << 2 | (q >> bit & 1) << 1 | (p >> bit & 1);
                        out | u32::from(table >> index & 1) << bit
                    }),
                    None => match op {
                        0 => p & q,
                        1 => p | q,
                        2 => p ^ q,
                        _ => q,
                    },
                };
                s.flags[0] = d == 0 && (!x || s.flags[0]);
                s.flags[1] = (d as i32) < 0;
                d
            }
            Inst::R2pCc { source, byte, mask } => {
                let value = s.reg(source);
                for index in 0..4 {
                    if mask >> index & 1 == 1 {
                        s.flags[index] = value >> (index as u64 + 8 * byte) & 1 == 1;
                    }
                }
                old
            }
        }
    }
}

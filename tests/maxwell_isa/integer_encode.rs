//! How the chains' instructions are encoded (the fields as envydis prints them).

use super::*;

impl Inst {
    pub(super) fn encode(&self, d: u8) -> Vec<u64> {
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
    pub(super) fn name(&self) -> &'static str {
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
    pub(super) fn outputs(&self) -> u8 {
        match self {
            Inst::Lop3 { pred: Some(_), .. } | Inst::Lop { pred: Some(_), .. } => 2,
            _ => 1,
        }
    }
}

//! How the flag chains' instructions are encoded.

use super::*;

impl Inst {
    pub(super) fn encode(&self, d: u8) -> u64 {
        let d = u64::from(d);
        let r = |x: u8| u64::from(x);
        let b = u64::from;
        match *self {
            Inst::Iadd {
                a,
                b: src,
                neg,
                cc,
                x,
            } => {
                let (op, bits) = second(src, 0x5c10, 0x4c10, 0x3810);
                op << 48
                    | bits
                    | r(a) << 8
                    | b(neg[0]) << 49
                    | b(neg[1]) << 48
                    | b(cc) << 47
                    | b(x) << 43
                    | d
            }
            Inst::Iadd32 {
                a,
                b: value,
                neg,
                cc,
                x,
            } => {
                0x1c00 << 48
                    | u64::from(value) << 20
                    | r(a) << 8
                    | b(neg) << 56
                    | b(cc) << 52
                    | b(x) << 53
                    | d
            }
            Inst::Iscadd {
                a,
                b: src,
                neg,
                shift,
            } => {
                let (op, bits) = second(src, 0x5c18, 0x4c18, 0x3818);
                op << 48
                    | bits
                    | r(a) << 8
                    | b(neg[0]) << 49
                    | b(neg[1]) << 48
                    | 1 << 47
                    | u64::from(shift) << 39
                    | d
            }
            Inst::Isetp {
                a,
                b: src,
                test,
                signed,
                x,
                op,
                dst,
                combine,
            } => {
                let (opcode, bits) = second(src, 0x5b60, 0x4b60, 0x3660);
                opcode << 48
                    | bits
                    | r(a) << 8
                    | u64::from(test) << 49
                    | b(signed) << 48
                    | b(x) << 43
                    | u64::from(op) << 45
                    | u64::from(dst) << 3
                    | 7
                    | pn39(combine)
            }
            Inst::Iset {
                a,
                b: src,
                test,
                signed,
                x,
                cc,
                bf,
                op,
                combine,
            } => {
                let (opcode, bits) = second(src, 0x5b50, 0x4b50, 0x3650);
                opcode << 48
                    | bits
                    | r(a) << 8
                    | u64::from(test) << 49
                    | b(signed) << 48
                    | b(x) << 43
                    | b(cc) << 47
                    | b(bf) << 44
                    | u64::from(op) << 45
                    | pn39(combine)
                    | d
            }
            Inst::Cset {
                test,
                bf,
                cc,
                op,
                combine,
            } => {
                0x5098 << 48
                    | u64::from(test) << 8
                    | b(bf) << 44
                    | b(cc) << 47
                    | u64::from(op) << 45
                    | pn39(combine)
                    | d
            }
            Inst::Csetp {
                test,
                op,
                dst,
                combine,
            } => {
                0x50a0 << 48
                    | u64::from(test) << 8
                    | u64::from(op) << 45
                    | u64::from(dst) << 3
                    | 7
                    | pn39(combine)
            }
            Inst::Bfe { a, position, width } => {
                // `bfe u32 cc`: bit 48 clear is `u32`.
                0x3800 << 48 | u64::from(position | width << 8) << 20 | 1 << 47 | r(a) << 8 | d
            }
            Inst::LogicCc {
                a,
                b: src,
                op,
                table,
                x,
            } => match table {
                Some(table) => {
                    0x5be0 << 48
                        | 7 << 48
                        | 1 << 47
                        | b(x) << 38
                        | r(a) << 8
                        | r(src) << 20
                        | r(a) << 39
                        | u64::from(table) << 28
                        | d
                }
                None => {
                    0x5c40 << 48
                        | 7 << 48
                        | 1 << 47
                        | b(x) << 43
                        | u64::from(op) << 41
                        | r(a) << 8
                        | r(src) << 20
                        | d
                }
            },
            Inst::R2pCc { source, byte, mask } => {
                0x38f0 << 48 | 1 << 40 | byte << 41 | r(source) << 8 | u64::from(mask) << 20
            }
        }
    }

    pub(super) fn name(&self) -> &'static str {
        match self {
            Inst::Iadd { .. } => "iadd",
            Inst::Iadd32 { .. } => "iadd32i",
            Inst::Iscadd { .. } => "iscadd",
            Inst::Isetp { .. } => "isetp",
            Inst::Iset { .. } => "iset",
            Inst::Cset { .. } => "cset",
            Inst::Csetp { .. } => "csetp",
            Inst::Bfe { .. } => "bfe",
            Inst::LogicCc { table: Some(_), .. } => "lop3",
            Inst::LogicCc { .. } => "lop",
            Inst::R2pCc { .. } => "r2p",
        }
    }

    /// The predicate it writes (shown through a `sel`), if any.
    pub(super) fn pred_out(&self) -> Option<u8> {
        match *self {
            Inst::Isetp { dst, .. } | Inst::Csetp { dst, .. } => Some(dst),
            _ => None,
        }
    }
}

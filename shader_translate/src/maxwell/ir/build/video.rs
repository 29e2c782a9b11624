//! The video instructions a public reference defines: `vsetp`, `vmad` and word-wide
//! `vmnmx`, as yuzu's recompiler reads them, with envytools' field names where the two
//! overlap.
//!
//! Each source is a byte, a half-word or the whole word of its register, zero- or
//! sign-extended: A's width is bits 37-38 (0 byte, 1 byte, 2 half, 3 word) and its
//! select bits 36-37 (so widths 0 and 1 reach bytes 0-1 and 2-3, a half h0-h1, as
//! envytools' `b0`-`b3`/`h0`-`h1` names say), signed with bit 48; B, when a register
//! (bit 50), the same at bits 29-30 and 28-29, signed with bit 49; B's immediate is a
//! 16-bit half (its low half: yuzu's `vmad` reading), signed with bit 49.
//!
//! - `vsetp`: the comparison (envytools' bits 43-44 and 47: f, lt, eq, le, gt, ne, ge, t;
//!   signed where B is) combined with a predicate into two predicates, as `isetp`.
//! - `vmad`: `a * b + c` (32 bits); saturation, the `shr7`/`shr15` scales, the negations
//!   and `cc` are refused by name (yuzu leaves them undefined).
//! - `vmnmx`: `min` or `max` (bit 56) of A and B (signed where B is), then `min`
//!   (bit 51-53 = 5) or `max` (6) with C (signed unless `ud`); only word-wide A and a
//!   word-wide register B (yuzu's reading); the merges and `acc`, saturation and `cc`
//!   are refused by name.

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, Compare, Op, Value};

/// How wide a video source is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Width {
    Byte,
    Half,
    Word,
}

fn width(bits: u64) -> Width {
    match bits & 3 {
        0 | 1 => Width::Byte,
        2 => Width::Half,
        _ => Width::Word,
    }
}

impl Builder<'_> {
    /// Part `select` of `value` at `width`, zero- or sign-extended.
    fn video_part(&mut self, value: Value, width: Width, select: u32, signed: bool) -> Value {
        let bits = match width {
            Width::Byte => 8,
            Width::Half => 16,
            Width::Word => return value,
        };
        let up = self.constant(32 - bits * (select + 1));
        let raised = self.push(Op::Binary(Binary::Shl, value, up));
        let down = self.constant(32 - bits);
        let op = if signed { Binary::Sar } else { Binary::Shr };
        self.push(Op::Binary(op, raised, down))
    }

    /// A and B as the instruction selects them, and whether B is signed.
    fn video_sources(&mut self) -> Result<(Value, Value, bool, Width, Width), Unsupported> {
        let word = self.instruction.word;
        let a_width = width(word >> 37);
        let a_select = (word >> 36 & 3) as u32;
        let a_signed = word >> 48 & 1 == 1;
        let b_signed = word >> 49 & 1 == 1;
        let a = self.reg((word >> 8 & 0xff) as u8);
        let a = self.video_part(a, a_width, a_select, a_signed);
        let (b, b_width) = if word >> 50 & 1 == 1 {
            let b_width = width(word >> 29);
            let b = self.reg((word >> 20 & 0xff) as u8);
            (
                self.video_part(b, b_width, (word >> 28 & 3) as u32, b_signed),
                b_width,
            )
        } else {
            let b = self.constant((word >> 20 & 0xffff) as u32);
            (self.video_part(b, Width::Half, 0, b_signed), Width::Half)
        };
        Ok((a, b, b_signed, a_width, b_width))
    }

    pub(super) fn video_set_predicate(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let word = self.instruction.word;
        let (Some((_, Operand::Pred(first))), Some((_, Operand::Pred(second)))) =
            (ops.first(), ops.get(1))
        else {
            return Err(self.unsupported("its predicate destinations"));
        };
        let (first, second) = (*first, *second);
        let (a, b, signed, _, _) = self.video_sources()?;
        let test = (word >> 43 & 3) | (word >> 47 & 1) << 2;
        let (lt, eq, gt) = match test {
            0 => (false, false, false),
            1 => (true, false, false),
            2 => (false, true, false),
            3 => (true, true, false),
            4 => (false, false, true),
            5 => (true, false, true),
            6 => (false, true, true),
            _ => (true, true, true),
        };
        let result = self.push(Op::Compare(Compare::Int { signed, lt, eq, gt }, a, b));
        let logic = self.combining();
        let combine = match ops.last() {
            Some(last @ (_, Operand::Pred(_))) => self.pred_source(last)?,
            _ => return Err(self.unsupported("its predicate source")),
        };
        let inverse = self.push(Op::Not(result));
        let first_value = self.push(Op::Logic(logic, result, combine));
        let second_value = self.push(Op::Logic(logic, inverse, combine));
        self.set_pred(first, first_value);
        self.set_pred(second, second_value);
        Ok(())
    }

    pub(super) fn video_multiply_add(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let word = self.instruction.word;
        if word >> 47 & 1 == 1 || word >> 51 & 0x1f != 0 {
            return Err(self.unsupported(
                "a scale (`shr7`/`shr15`), negation, saturation or condition-code write \
                 (no reference defines them)",
            ));
        }
        let Some((_, Operand::Reg(dst))) = ops.first() else {
            return Err(self.unsupported("its destination"));
        };
        let (a, b, _, _, _) = self.video_sources()?;
        let c = self.reg((word >> 39 & 0xff) as u8);
        let product = self.push(Op::Binary(Binary::IMul, a, b));
        let value = self.push(Op::Binary(Binary::IAdd, product, c));
        self.set_reg(*dst, value);
        Ok(())
    }

    fn min_or_max(&mut self, a: Value, b: Value, max: bool, signed: bool) -> Value {
        let less = self.push(Op::Compare(
            Compare::Int {
                signed,
                lt: true,
                eq: false,
                gt: false,
            },
            a,
            b,
        ));
        let (smaller, larger) = (
            self.push(Op::Select { cond: less, a, b }),
            self.push(Op::Select {
                cond: less,
                a: b,
                b: a,
            }),
        );
        if max {
            larger
        } else {
            smaller
        }
    }

    pub(super) fn video_min_max(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let word = self.instruction.word;
        let second_op = word >> 51 & 7;
        if word >> 47 & 1 == 1 || word >> 55 & 1 == 1 || !matches!(second_op, 5 | 6) {
            return Err(self.unsupported(
                "a merge or `acc`, saturation or condition-code write (no reference defines \
                 them)",
            ));
        }
        let Some((_, Operand::Reg(dst))) = ops.first() else {
            return Err(self.unsupported("its destination"));
        };
        let (a, b, b_signed, a_width, b_width) = self.video_sources()?;
        if a_width != Width::Word || b_width != Width::Word || word >> 50 & 1 == 0 {
            return Err(
                self.unsupported("byte or half-word sources (yuzu reads only word-wide `vmnmx`)")
            );
        }
        let c = self.reg((word >> 39 & 0xff) as u8);
        let first = self.min_or_max(a, b, word >> 56 & 1 == 1, b_signed);
        let value = self.min_or_max(first, c, second_op == 6, word >> 54 & 1 == 1);
        self.set_reg(*dst, value);
        Ok(())
    }
}

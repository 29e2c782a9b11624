//! `shf`: the funnel shift of the 64-bit `hi:lo` (lo the first source register, hi the
//! last). `shf.r` gives the low word of `hi:lo >> n`, `shf.l` the high word of
//! `hi:lo << n`. The shift type says how far: without one (`u32`, PTX's `shf`) `n` is the
//! count masked to 0-31 (`w`, wrap) or clamped to 32 (PTX's `shf.clamp`: a count of 32
//! gives the other word whole); with `u64` or `s64` it is a 64-bit shift of `hi:lo`
//! (`s64` right shifts fill with the sign), `n` masked to 0-63 (`w`), or, unmasked, a
//! count of 64 or more giving 0 (Ryujinx's reading; no PTX form has a 64-bit funnel).
//! An immediate count is the word's bits 20-25 (Ryujinx) in both directions.
//! The `hi`/`x`/`xhi` modes and condition-code writes are refused by name (neither yuzu
//! nor Ryujinx defines them).

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, Compare, Op};

impl Builder<'_> {
    pub(super) fn funnel_shift(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.mods().any(|m| matches!(m, "hi" | "x" | "xhi" | "cc")) {
            return Err(self.unsupported(
                "a `hi`/`x`/`xhi` mode or condition-code write (no reference defines it)",
            ));
        }
        let [(mods, Operand::Reg(dst)), (_, low), (_, count), (_, high)] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let right = mods.contains(&"r");
        let wide = mods.contains(&"u64") || mods.contains(&"s64");
        let signed = mods.contains(&"s64");
        let low = self.value(*low)?;
        let high = self.value(*high)?;
        let count = match count {
            // Ryujinx's six-bit count: the left form's 20-bit immediate (as envydis and
            // yuzu read it) would take the shift type's bits 37-38 too.
            Operand::Imm { .. } => self.constant((i.word >> 20 & 0x3f) as u32),
            other => self.value(*other)?,
        };
        let limit: u32 = if wide { 64 } else { 32 };
        let n = if mods.contains(&"w") {
            let mask = self.constant(limit - 1);
            self.push(Op::Binary(Binary::And, count, mask))
        } else {
            let top = self.constant(limit);
            let below = self.push(Op::Compare(
                Compare::Int {
                    signed: false,
                    lt: true,
                    eq: false,
                    gt: false,
                },
                count,
                top,
            ));
            self.push(Op::Select {
                cond: below,
                a: count,
                b: top,
            })
        };
        // Within one word (n < 32): the word takes n bits from the other. The IR's
        // shifts give 0 for counts of 32 or more, so n = 0 and n = 32 need no care.
        let thirty_two = self.constant(32);
        let minus_n = self.negate_int(n);
        let rest = self.push(Op::Binary(Binary::IAdd, thirty_two, minus_n));
        let near = if right {
            let own = self.push(Op::Binary(Binary::Shr, low, n));
            let other = self.push(Op::Binary(Binary::Shl, high, rest));
            self.push(Op::Binary(Binary::Or, own, other))
        } else {
            let own = self.push(Op::Binary(Binary::Shl, high, n));
            let other = self.push(Op::Binary(Binary::Shr, low, rest));
            self.push(Op::Binary(Binary::Or, own, other))
        };
        let mut value = if wide {
            // n from 32 on: the other word shifted by n - 32 (a count past 31 gives 0,
            // or the sign for an arithmetic shift, as the IR's shifts do).
            let minus_thirty_two = self.constant(-32i32 as u32);
            let past = self.push(Op::Binary(Binary::IAdd, n, minus_thirty_two));
            let far = match (right, signed) {
                (true, true) => self.push(Op::Binary(Binary::Sar, high, past)),
                (true, false) => self.push(Op::Binary(Binary::Shr, high, past)),
                (false, _) => self.push(Op::Binary(Binary::Shl, low, past)),
            };
            let is_far = self.push(Op::Compare(
                Compare::Int {
                    signed: false,
                    lt: false,
                    eq: true,
                    gt: true,
                },
                n,
                thirty_two,
            ));
            self.push(Op::Select {
                cond: is_far,
                a: far,
                b: near,
            })
        } else {
            near
        };
        if wide && !mods.contains(&"w") {
            // Ryujinx: a clamped count of 64 or more shifts every bit out.
            let top = self.constant(64);
            let inside = self.push(Op::Compare(
                Compare::Int {
                    signed: false,
                    lt: true,
                    eq: false,
                    gt: false,
                },
                count,
                top,
            ));
            let zero = self.constant(0);
            value = self.push(Op::Select {
                cond: inside,
                a: value,
                b: zero,
            });
        }
        self.set_reg(*dst, value);
        Ok(())
    }
}

//! `iadd sat` / `iadd32i sat`: the signed sum clamped to the 32-bit range, as PTX's
//! `add.sat.s32` and `sub.sat.s32` define it (the exact sum or difference, limited to
//! MININT..MAXINT; ptxas writes them as this instruction, a negated source being the
//! subtraction). With `neg` on A the sum is B - A. yuzu and Ryujinx leave `sat` out.
//! `po` (both negations of `iadd`) with `sat` is refused: no reference says whether the
//! plus one is added before the clamp.

use super::{flags, Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, Compare, Op};

impl Builder<'_> {
    pub(super) fn saturating_add(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let [(_, Operand::Reg(dst)), (a_mods, a), (b_mods, b)] = ops else {
            return Err(self.unsupported("its operands"));
        };
        if self.instruction.name == "iadd" && flags::plus_one(a_mods, b_mods) {
            return Err(self.unsupported("`po` with `sat`"));
        }
        let a = self.value(*a)?;
        let b = self.value(*b)?;
        // x + y or x - y, exactly, then clamped.
        let (x, y, subtract) = match (a_mods.contains(&"neg"), b_mods.contains(&"neg")) {
            (false, false) => (a, b, false),
            (false, true) => (a, b, true),
            _ => (b, a, true),
        };
        let y_added = if subtract { self.negate_int(y) } else { y };
        let wrapped = self.push(Op::Binary(Binary::IAdd, x, y_added));
        // Overflow (the sign bit of `both`): for x + y, the result's sign differs from
        // both inputs'; for x - y, the inputs' signs differ and the result's differs
        // from x's.
        let d_x = self.push(Op::Binary(Binary::Xor, wrapped, x));
        let other = if subtract {
            self.push(Op::Binary(Binary::Xor, x, y))
        } else {
            self.push(Op::Binary(Binary::Xor, wrapped, y))
        };
        let both = self.push(Op::Binary(Binary::And, d_x, other));
        let zero = self.constant(0);
        let overflow = self.push(Op::Compare(
            Compare::Int {
                signed: true,
                lt: true,
                eq: false,
                gt: false,
            },
            both,
            zero,
        ));
        let thirty_one = self.constant(31);
        let sign = self.push(Op::Binary(Binary::Sar, x, thirty_one));
        let max = self.constant(i32::MAX as u32);
        let limit = self.push(Op::Binary(Binary::Xor, sign, max));
        let value = self.push(Op::Select {
            cond: overflow,
            a: limit,
            b: wrapped,
        });
        self.set_reg(*dst, value);
        Ok(())
    }
}

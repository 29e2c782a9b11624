//! `imul`, `imul32i`, `imad`, `imad32i`: the 32-bit product of A and B (each `u32` or
//! `s32`), its low word or (`hi`) its high word, plus C for the multiply-adds, as
//! Ryujinx's recompiler defines them: a high word of mixed signs is the unsigned high
//! word plus B times A's sign word (or A times B's); `imad32i`'s `neg` negates the
//! product's source or C (two's complement), and its C is the destination register.
//! Carries (`cc`, `c`, `x`), saturation and a negated high product are refused by name.

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, Op};

impl Builder<'_> {
    pub(super) fn multiply(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.mods().any(|m| matches!(m, "cc" | "c" | "x" | "sat")) {
            return Err(self.unsupported("a carry or saturation mode"));
        }
        let Some((types, Operand::Reg(dst))) = ops.first() else {
            return Err(self.unsupported("its destination"));
        };
        let signed_a = types.first() == Some(&"s32");
        let signed_b = types.get(1) == Some(&"s32");
        let high = types.contains(&"hi");
        let negated = ops.iter().any(|(mods, _)| mods.contains(&"neg"));
        if high && negated {
            return Err(self.unsupported("a negated high product"));
        }
        let a = self.int(&ops[1].0, ops[1].1)?;
        let b = self.value(ops[2].1)?;
        let product = if !high {
            self.push(Op::Binary(Binary::IMul, a, b))
        } else if signed_a && signed_b {
            self.push(Op::Binary(Binary::SMulHi, a, b))
        } else {
            let unsigned = self.push(Op::Binary(Binary::UMulHi, a, b));
            let thirty_one = self.constant(31);
            match (signed_a, signed_b) {
                (true, false) | (false, true) => {
                    let (signed, other) = if signed_a { (a, b) } else { (b, a) };
                    let sign = self.push(Op::Binary(Binary::Sar, signed, thirty_one));
                    let correction = self.push(Op::Binary(Binary::IMul, other, sign));
                    self.push(Op::Binary(Binary::IAdd, unsigned, correction))
                }
                _ => unsigned,
            }
        };
        let value = match ops.get(3) {
            Some((mods, operand)) if i.name.starts_with("imad") => {
                let c = self.int(mods, *operand)?;
                self.push(Op::Binary(Binary::IAdd, product, c))
            }
            _ => product,
        };
        self.set_reg(*dst, value);
        Ok(())
    }
}

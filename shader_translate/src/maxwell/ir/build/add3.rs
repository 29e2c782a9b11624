//! `iadd3` (three-input add) and `lea` / `lea hi` (scaled address add), as yuzu's and
//! Ryujinx's recompilers define them.
//!
//! IADD3 takes each source's 32 bits or one zero-extended half (`h0` low, `h1` high:
//! register form only), negates it (`neg`, two's complement), adds A and B, shifts that
//! sum left 16 (`ls`) or right 16 (`rs`, where the carry out of the A + B add lands in
//! bit 16: yuzu's 33-bit reading), and adds C. Its carry forms (`x`, `cc`) are refused by
//! name: neither reference defines their flags together with the shifts, and yuzu's
//! overflow flag for `cc` mixes an unsigned and a signed test.
//!
//! LEA: `d = b + (±a << s)`. LEA.HI: the 64-bit `hi:lo` (A the low word, the last
//! register the high one), negated as 64 bits with `neg`, shifted right `32 - s`; its low
//! word added to B. A predicate output or a carry (`x`, `cc`) is refused by name (neither
//! reference defines them).

use super::{Builder, Unsupported};
use crate::maxwell::decode::{Operand, PT};
use crate::maxwell::ir::{Binary, Compare, Op, Value};

impl Builder<'_> {
    /// A source of IADD3 with its half select and negation.
    fn add3_source(
        &mut self,
        (mods, operand): &(Vec<&'static str>, Operand),
    ) -> Result<Value, Unsupported> {
        let mut value = self.value(*operand)?;
        if mods.contains(&"h0") {
            let low = self.constant(0xffff);
            value = self.push(Op::Binary(Binary::And, value, low));
        } else if mods.contains(&"h1") {
            let sixteen = self.constant(16);
            value = self.push(Op::Binary(Binary::Shr, value, sixteen));
        }
        if mods.contains(&"neg") {
            value = self.negate_int(value);
        }
        Ok(value)
    }

    pub(super) fn add_three(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.has_mod("x") || i.has_mod("cc") {
            return Err(self.unsupported(
                "a carry (`x`/`cc`) of a three-input add (no reference defines its flags)",
            ));
        }
        let [(_, Operand::Reg(dst)), a, b, c] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let a = self.add3_source(a)?;
        let b = self.add3_source(b)?;
        let c = self.add3_source(c)?;
        let sum = self.push(Op::Binary(Binary::IAdd, a, b));
        let sixteen = self.constant(16);
        let shifted = if i.has_mod("ls") {
            self.push(Op::Binary(Binary::Shl, sum, sixteen))
        } else if i.has_mod("rs") {
            // The 33-bit sum shifted: its carry out becomes bit 16.
            let carried = self.push(Op::Compare(
                Compare::Int {
                    signed: false,
                    lt: true,
                    eq: false,
                    gt: false,
                },
                sum,
                a,
            ));
            let down = self.push(Op::Binary(Binary::Shr, sum, sixteen));
            let bit = self.constant(0x1_0000);
            let zero = self.constant(0);
            let extra = self.push(Op::Select {
                cond: carried,
                a: bit,
                b: zero,
            });
            self.push(Op::Binary(Binary::IAdd, down, extra))
        } else {
            sum
        };
        let value = self.push(Op::Binary(Binary::IAdd, shifted, c));
        self.set_reg(*dst, value);
        Ok(())
    }

    pub(super) fn load_effective_address(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.has_mod("x") || i.has_mod("cc") {
            return Err(self.unsupported("a carry (`x`/`cc`) of `lea` (no reference defines it)"));
        }
        let Some((_, Operand::Pred(pred))) = ops.first() else {
            return Err(self.unsupported("its operands"));
        };
        if *pred != PT {
            return Err(self.unsupported("a predicate output of `lea` (no reference defines it)"));
        }
        let high = i.has_mod("hi");
        let scale = match ops.last() {
            Some((_, Operand::Imm { value, .. })) => (*value & 31) as u32,
            _ => return Err(self.unsupported("its scale")),
        };
        let (Operand::Reg(dst), (neg, low_operand)) = (ops[1].1, &ops[2]) else {
            return Err(self.unsupported("its destination"));
        };
        let negate = neg.contains(&"neg");
        let low = self.value(*low_operand)?;
        let base = self.value(ops[3].1)?;
        let offset = if high {
            let mut high_word = self.value(ops[4].1)?;
            let mut low_word = low;
            if negate {
                // The 64-bit two's complement: the high word takes the carry of the low
                // word's `!lo + 1`, which is 1 only where lo is 0.
                low_word = self.negate_int(low);
                let ones = self.constant(u32::MAX);
                let inverted = self.push(Op::Binary(Binary::Xor, high_word, ones));
                let zero = self.constant(0);
                let low_zero = self.push(Op::Compare(
                    Compare::Int {
                        signed: false,
                        lt: false,
                        eq: true,
                        gt: false,
                    },
                    low,
                    zero,
                ));
                let one = self.constant(1);
                let carry = self.push(Op::Select {
                    cond: low_zero,
                    a: one,
                    b: zero,
                });
                high_word = self.push(Op::Binary(Binary::IAdd, inverted, carry));
            }
            if scale == 0 {
                high_word
            } else {
                let down = self.constant(32 - scale);
                let up = self.constant(scale);
                let from_low = self.push(Op::Binary(Binary::Shr, low_word, down));
                let from_high = self.push(Op::Binary(Binary::Shl, high_word, up));
                self.push(Op::Binary(Binary::Or, from_low, from_high))
            }
        } else {
            let source = if negate { self.negate_int(low) } else { low };
            let up = self.constant(scale);
            self.push(Op::Binary(Binary::Shl, source, up))
        };
        let value = self.push(Op::Binary(Binary::IAdd, base, offset));
        self.set_reg(dst, value);
        Ok(())
    }
}

//! `icmp` and `fcmp`: a choice between two words by comparing a third with zero,
//! `d = (c <cmp> 0) ? a : b` (integers signed unless `u32`; floats as `fsetp` compares
//! them, a denormal `c` counting as zero under `ftz`). uam makes `icmp` of GLSL's `mix`
//! with a boolean vector and of selects on a stored boolean.

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Compare, FloatUnary, Op};

/// The smallest normal f32 (2^-126): smaller magnitudes are denormal.
const MIN_NORMAL_BITS: u32 = 0x0080_0000;

impl Builder<'_> {
    pub(super) fn compare_select(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let Operand::Reg(dst) = ops[0].1 else {
            return Err(self.unsupported("its destination"));
        };
        let float = self.instruction.name == "fcmp";
        let compare = self.comparison(float);
        let a = self.value(ops[1].1)?;
        let b = self.value(ops[2].1)?;
        let mut tested = self.value(ops[3].1)?;
        let zero = self.constant(0);
        if float && self.instruction.has_mod("ftz") {
            let magnitude = self.push(Op::FloatUnary(FloatUnary::Abs, tested));
            let min_normal = self.constant(MIN_NORMAL_BITS);
            let below = Compare::Float {
                lt: true,
                eq: false,
                gt: false,
                unordered: false,
            };
            let denormal = self.push(Op::Compare(below, magnitude, min_normal));
            tested = self.push(Op::Select {
                cond: denormal,
                a: zero,
                b: tested,
            });
        }
        let holds = self.push(Op::Compare(compare, tested, zero));
        let value = self.push(Op::Select { cond: holds, a, b });
        self.set_reg(dst, value);
        Ok(())
    }
}

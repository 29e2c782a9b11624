//! A fragment quad's exchanges: uam writes `dFdx`/`dFdy` (and `fwidth`, and the
//! gradients of `textureGrad`) as a `shfl bfly` by 1 (across x) or 2 (across y) within
//! the quad, then an `fswzadd` whose per-lane modes subtract the invocation's value and
//! its neighbour's in the order that gives the derivative. That pair becomes the
//! derivative; a quad exchange used any other way is refused by name.
//!
//! FSWZADD's mode byte holds two bits a lane, the quad's upper-left lane in bits 6-7,
//! upper-right 4-5, lower-left 2-3, lower-right 0-1 (Mesa's nv50_ir `QUADOP`); mode 0 is
//! a + b, 1 is b - a, 2 is a - b, 3 is b. With a the neighbour's value and b the lane's
//! own, 0x99 is right minus left on both rows (`dFdx`), 0xa5 lower minus upper on both
//! columns (`dFdy`), and 0x66 / 0x5a their negations.

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{FloatUnary, Op};

/// The mode bytes of a derivative: (byte, axis, negated).
const DERIVATIVES: [(u64, u8, bool); 4] = [
    (0x99, 0, false),
    (0x66, 0, true),
    (0xa5, 1, false),
    (0x5a, 1, true),
];

impl Builder<'_> {
    /// `shfl bfly` by 1 or 2 inside a quad (clamp 3, segment mask 0x1c) in a fragment
    /// program: the neighbour's value, for the `fswzadd` that follows; any other
    /// fragment shuffle goes to the subgroup's.
    pub(super) fn quad_shuffle(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        // Any other shuffle, or one whose in-range predicate is read, is a subgroup
        // shuffle (`subgroup.rs`).
        let [(mods, Operand::Pred(crate::maxwell::decode::PT)), (_, Operand::Reg(dst)), (_, Operand::Reg(source)), (_, Operand::Imm { value: lanes, .. }), (_, Operand::Imm { value: 0x1c03, .. })] =
            ops
        else {
            return self.subgroup_shuffle(ops);
        };
        let axis = match (mods.first().copied(), lanes) {
            (Some("bfly"), 1) => 0,
            (Some("bfly"), 2) => 1,
            _ => return self.subgroup_shuffle(ops),
        };
        self.subgroup_origin(crate::maxwell::ir::SubgroupNeed::Quad);
        let value = self.reg(*source);
        let neighbour = self.push(Op::QuadSwap {
            vertical: axis == 1,
            value,
        });
        self.quad_neighbours.insert(neighbour, (axis, value));
        self.set_reg(*dst, neighbour);
        Ok(())
    }

    /// `fswzadd` of a quad neighbour's value and the lane's own in a derivative's modes.
    pub(super) fn swizzle_add(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.has_mod("cc") || i.mods().any(|m| matches!(m, "rm" | "rp" | "rz")) {
            return Err(self.unsupported("a condition-code write or a rounding mode"));
        }
        let [(_, Operand::Reg(dst)), (_, Operand::Reg(a)), (_, Operand::Reg(b)), (_, Operand::Imm { value: modes, .. })] =
            ops
        else {
            return Err(self.unsupported("its operands"));
        };
        let (a, b) = (self.reg(*a), self.reg(*b));
        let derivative = self.quad_neighbours.get(&a).and_then(|&(axis, source)| {
            DERIVATIVES
                .iter()
                .find(|&&(byte, on, _)| byte == *modes && on == axis && source == b)
        });
        let Some(&(_, axis, negated)) = derivative else {
            return Err(self.unsupported(format!(
                "a quad swizzle-add other than a derivative's (modes {modes:#x})"
            )));
        };
        let function = if axis == 0 {
            FloatUnary::DerivX
        } else {
            FloatUnary::DerivY
        };
        let mut value = self.push(Op::FloatUnary(function, b));
        if negated {
            value = self.push(Op::FloatUnary(FloatUnary::Neg, value));
        }
        self.set_reg(*dst, value);
        Ok(())
    }
}

//! `lop3` (three-input logic by an 8-bit truth table) and `psetp` (predicate logic), as
//! yuzu's recompiler defines them.
//!
//! LOP3.LUT: bit `k` of the result is bit `4a + 2b + c` of the table, where `a`, `b` and
//! `c` are bit `k` of the three sources. The immediate form's third source is the
//! register at bits 39-46 (yuzu; envydis prints no third operand for that form). The
//! register form's predicate output is false, true, whether the result is zero (`z`) or
//! not (`nz`). `cc` sets Z and S from the result (with `x`, Z also needs the Z before),
//! keeping C and O (Ryujinx); `x` changes nothing else.
//!
//! LOP and LOP32I (Ryujinx): `and`, `or`, `xor` or `pass_b` of the sources, each
//! inverted with `inv`; the predicate output and `cc`/`x` as LOP3's.
//!
//! PSETP: `P(first) = (A op1 B) op2 C` and `P(second) = (!A op1 B) op2 C`.

use super::{Builder, Unsupported};
use crate::maxwell::decode::{Operand, RZ};
use crate::maxwell::ir::{Binary, Compare, Logic, Op, Value};

/// The logic a modifier names (`and`, `or`, `xor`).
fn logic(name: &str) -> Option<Logic> {
    Some(match name {
        "and" => Logic::And,
        "or" => Logic::Or,
        "xor" => Logic::Xor,
        _ => return None,
    })
}

impl Builder<'_> {
    /// The truth table `table` applied bitwise to `a`, `b`, `c`: the OR of the minterms
    /// the table's set bits name.
    fn truth_table(&mut self, a: Value, b: Value, c: Value, table: u8) -> Value {
        let ones = self.constant(u32::MAX);
        let not = |s: &mut Self, v: Value| s.push(Op::Binary(Binary::Xor, v, ones));
        let inverted = [not(self, a), not(self, b), not(self, c)];
        let mut result = self.constant(0);
        for minterm in 0..8u8 {
            if table >> minterm & 1 == 0 {
                continue;
            }
            let pick = |index: usize, plain: Value| {
                if minterm >> (2 - index) & 1 == 1 {
                    plain
                } else {
                    inverted[index]
                }
            };
            let (x, y, z) = (pick(0, a), pick(1, b), pick(2, c));
            let xy = self.push(Op::Binary(Binary::And, x, y));
            let xyz = self.push(Op::Binary(Binary::And, xy, z));
            result = self.push(Op::Binary(Binary::Or, result, xyz));
        }
        result
    }

    pub(super) fn logic_three(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        let Some((_, Operand::Imm { value: table, .. })) = ops.last() else {
            return Err(self.unsupported("its truth table"));
        };
        let table = *table as u8;
        // The register form names its predicate output first.
        let (pred, rest) = match ops.first() {
            Some((mods, Operand::Pred(pred))) => (Some((mods, *pred)), &ops[1..]),
            _ => (None, ops),
        };
        let Some((_, Operand::Reg(dst))) = rest.first() else {
            return Err(self.unsupported("its destination"));
        };
        let a = self.value(rest[1].1)?;
        let b = self.value(rest[2].1)?;
        let c = match rest.get(3) {
            Some((_, operand @ (Operand::Reg(_) | Operand::Cbuf { .. }))) => {
                self.value(*operand)?
            }
            // The immediate form: C is the register at bits 39-46.
            _ => self.reg((i.word >> 39 & 0xff) as u8),
        };
        let value = self.truth_table(a, b, c, table);
        self.logic_result(pred, *dst, value);
        Ok(())
    }

    /// A logic result: the predicate output's test, the register, the flags (`cc`).
    fn logic_result(&mut self, pred: Option<(&Vec<&'static str>, u8)>, dst: u8, value: Value) {
        let i = self.instruction;
        if let Some((mods, pred)) = pred {
            let test = if mods.contains(&"t") {
                self.push(Op::BoolConst(true))
            } else if mods.contains(&"z") || mods.contains(&"nz") {
                let zero = self.constant(0);
                let nonzero = mods.contains(&"nz");
                self.push(Op::Compare(
                    Compare::Int {
                        signed: false,
                        lt: nonzero,
                        eq: !nonzero,
                        gt: nonzero,
                    },
                    value,
                    zero,
                ))
            } else {
                self.push(Op::BoolConst(false))
            };
            self.set_pred(pred, test);
        }
        if dst != RZ {
            self.set_reg(dst, value);
        }
        if i.has_mod("cc") {
            self.set_zero_sign(value, i.has_mod("x"));
        }
    }

    pub(super) fn logic_two(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let (pred, rest) = match ops.first() {
            Some((mods, Operand::Pred(pred))) => (Some((mods, *pred)), &ops[1..]),
            _ => (None, ops),
        };
        let [(_, Operand::Reg(dst)), a, b] = rest else {
            return Err(self.unsupported("its operands"));
        };
        let a = self.int(&a.0, a.1)?;
        let b = self.int(&b.0, b.1)?;
        let value = match ops[0].0.first() {
            Some(&"and") => self.push(Op::Binary(Binary::And, a, b)),
            Some(&"or") => self.push(Op::Binary(Binary::Or, a, b)),
            Some(&"xor") => self.push(Op::Binary(Binary::Xor, a, b)),
            Some(&"pass_b") => b,
            other => return Err(self.unsupported(format!("logic {other:?}"))),
        };
        self.logic_result(pred, *dst, value);
        Ok(())
    }

    pub(super) fn predicate_logic(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let [(mods, Operand::Pred(first)), (_, Operand::Pred(second)), a, b, c] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let (Some(inner), Some(outer)) = (
            mods.first().copied().and_then(logic),
            mods.get(1).copied().and_then(logic),
        ) else {
            return Err(self.unsupported("its logic operations"));
        };
        let a = self.pred_source(a)?;
        let b = self.pred_source(b)?;
        let c = self.pred_source(c)?;
        let not_a = self.push(Op::Not(a));
        let left = self.push(Op::Logic(inner, a, b));
        let left_inverse = self.push(Op::Logic(inner, not_a, b));
        let first_value = self.push(Op::Logic(outer, left, c));
        let second_value = self.push(Op::Logic(outer, left_inverse, c));
        self.set_pred(*first, first_value);
        self.set_pred(*second, second_value);
        Ok(())
    }
}

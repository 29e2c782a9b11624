//! The condition-code register: four flags, zero (Z), sign (S), carry (C) and overflow
//! (O), kept as predicates past P7 so that they cross blocks and loops as predicates do.
//! They start false. Who writes and reads them, as yuzu's and Ryujinx's recompilers
//! define it:
//!
//! - `iadd`/`iadd32i` `cc` (and `iscadd` `cc`, whose A is shifted first): each `neg`
//!   source negated (two's complement), `d = a + b` (`+ C` with `x`); Z = (d == 0), and
//!   with `x` also the Z before (the whole wide word is zero); S = d's sign; C = d < a
//!   unsigned, with `x` also where d == a and C was set; O = (d ^ a) & !(a ^ b) negative
//!   (Ryujinx's `SetIaddFlags`; yuzu leaves `x` with `cc` undefined).
//! - `bfe`, `bfi`, `iset`, `fset`, `cset` `cc`: Z = (d == 0), S = d's sign, C = O = false.
//! - `lop`, `lop32i`, `lop3` `cc`: Z (with `x` also the Z before) and S of the result, C
//!   and O kept (Ryujinx's `SetZnFlags`).
//! - `isetp`/`iset` `x`: the high-word step of a wide comparison, as yuzu's
//!   `ExtendedIntegerCompare`: `t = a + !b + C`; `eq` is t == 0 and Z; `lt` is t negative
//!   (for `u32`, flipped where a and b differ in sign); `le`, `gt`, `ne`, `ge` built from
//!   them with Z.
//! - `cset`/`csetp`: a test of the flags (yuzu's flow tests; `csm_*`/`fcsm_*` refused),
//!   combined with a predicate.
//! - `p2r`/`r2p` `cc`: the flags as bits 0-3 (Z, S, C, O) of the selected byte.

use super::{Builder, Unsupported};
use crate::maxwell::decode::{Instruction, Operand};
use crate::maxwell::ir::{Binary, Compare, Logic, Op, Value};

pub(super) const ZERO: u8 = 8;
pub(super) const SIGN: u8 = 9;
pub(super) const CARRY: u8 = 10;
pub(super) const OVERFLOW: u8 = 11;
/// The flags in the order `p2r`/`r2p` `cc` give them bits.
pub(super) const FLAGS: [u8; 4] = [ZERO, SIGN, CARRY, OVERFLOW];

/// Whether an instruction may write or read the flags.
pub(super) fn touches_flags(i: &Instruction) -> bool {
    matches!(i.name, "cset" | "csetp") || i.mods().any(|m| matches!(m, "cc" | "c" | "x"))
}

fn int(signed: bool, lt: bool, eq: bool, gt: bool) -> Compare {
    Compare::Int { signed, lt, eq, gt }
}

impl Builder<'_> {
    fn is_zero(&mut self, value: Value) -> Value {
        let zero = self.constant(0);
        self.push(Op::Compare(int(false, false, true, false), value, zero))
    }

    fn is_negative(&mut self, value: Value) -> Value {
        let zero = self.constant(0);
        self.push(Op::Compare(int(true, true, false, false), value, zero))
    }

    /// Z and S from `result` (Z also needing the Z before where `extended`).
    pub(super) fn set_zero_sign(&mut self, result: Value, extended: bool) {
        let mut zero = self.is_zero(result);
        if extended {
            let before = self.pred(ZERO);
            zero = self.push(Op::Logic(Logic::And, zero, before));
        }
        let sign = self.is_negative(result);
        self.set_pred(ZERO, zero);
        self.set_pred(SIGN, sign);
    }

    /// A result's flags where C and O are cleared (`bfe`, `bfi`, the set instructions).
    pub(super) fn set_result_flags(&mut self, result: Value) {
        self.set_zero_sign(result, false);
        let no = self.push(Op::BoolConst(false));
        self.set_pred(CARRY, no);
        self.set_pred(OVERFLOW, no);
    }

    /// C as a word (0 or 1).
    pub(super) fn carry_word(&mut self) -> Value {
        let carry = self.pred(CARRY);
        let (one, zero) = (self.constant(1), self.constant(0));
        self.push(Op::Select {
            cond: carry,
            a: one,
            b: zero,
        })
    }

    /// `a + b` (`+ C` where `extended`), the flags written where `write`.
    pub(super) fn flagged_add(&mut self, a: Value, b: Value, extended: bool, write: bool) -> Value {
        let mut sum = self.push(Op::Binary(Binary::IAdd, a, b));
        let carry_in = extended.then(|| self.pred(CARRY));
        if extended {
            let carry = self.carry_word();
            sum = self.push(Op::Binary(Binary::IAdd, sum, carry));
        }
        if write {
            self.set_zero_sign(sum, extended);
            let mut carry = self.push(Op::Compare(int(false, true, false, false), sum, a));
            if let Some(carry_in) = carry_in {
                let same = self.push(Op::Compare(int(false, false, true, false), sum, a));
                let kept = self.push(Op::Logic(Logic::And, same, carry_in));
                carry = self.push(Op::Logic(Logic::Or, carry, kept));
            }
            let ones = self.constant(u32::MAX);
            let changed = self.push(Op::Binary(Binary::Xor, sum, a));
            let apart = self.push(Op::Binary(Binary::Xor, a, b));
            let alike = self.push(Op::Binary(Binary::Xor, apart, ones));
            let both = self.push(Op::Binary(Binary::And, changed, alike));
            let overflow = self.is_negative(both);
            self.set_pred(CARRY, carry);
            self.set_pred(OVERFLOW, overflow);
        }
        sum
    }

    /// `iadd`/`iadd32i` with `cc` or `x` of plain values (not a storage binding's address
    /// words).
    pub(super) fn add_with_flags(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.has_mod("sat") {
            return Err(self.unsupported("a saturating carry add"));
        }
        let [(_, Operand::Reg(dst)), a, b] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let plus_one = i.name == "iadd" && plus_one(&a.0, &b.0);
        let mut a = self.int(&without_neg(&a.0, plus_one), a.1)?;
        let b = self.int(&without_neg(&b.0, plus_one), b.1)?;
        if plus_one {
            let one = self.constant(1);
            a = self.push(Op::Binary(Binary::IAdd, a, one));
        }
        let sum = self.flagged_add(a, b, i.has_mod("x"), i.has_mod("cc"));
        self.set_reg(*dst, sum);
        Ok(())
    }

    /// `iscadd`/`iscadd32i` `cc`: `(±a << s) + ±b` with the add's flags.
    pub(super) fn scaled_add_with_flags(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let [(_, Operand::Reg(dst)), a, b, (_, shift)] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let plus_one = self.instruction.name == "iscadd" && plus_one(&a.0, &b.0);
        let a = self.int(&without_neg(&a.0, plus_one), a.1)?;
        let mut b = self.int(&without_neg(&b.0, plus_one), b.1)?;
        if plus_one {
            let one = self.constant(1);
            b = self.push(Op::Binary(Binary::IAdd, b, one));
        }
        let shift = self.value(*shift)?;
        let shifted = self.push(Op::Binary(Binary::Shl, a, shift));
        let sum = self.flagged_add(shifted, b, false, true);
        self.set_reg(*dst, sum);
        Ok(())
    }

    /// A flow test of the flags (the condition-code names the decoder gives).
    pub(super) fn flow_test(&mut self, name: &str) -> Result<Value, Unsupported> {
        let z = self.pred(ZERO);
        let s = self.pred(SIGN);
        let c = self.pred(CARRY);
        let o = self.pred(OVERFLOW);
        let not = |b: &mut Self, x: Value| b.push(Op::Not(x));
        let and = |b: &mut Self, x: Value, y: Value| b.push(Op::Logic(Logic::And, x, y));
        let or = |b: &mut Self, x: Value, y: Value| b.push(Op::Logic(Logic::Or, x, y));
        let xor = |b: &mut Self, x: Value, y: Value| b.push(Op::Logic(Logic::Xor, x, y));
        let (nz, ns, nc, no) = (not(self, z), not(self, s), not(self, c), not(self, o));
        Ok(match name {
            "f" => self.push(Op::BoolConst(false)),
            "t" => self.push(Op::BoolConst(true)),
            "lt" => {
                let x = and(self, s, nz);
                xor(self, x, o)
            }
            "eq" => and(self, ns, z),
            "le" => {
                let x = or(self, z, o);
                xor(self, s, x)
            }
            "gt" => {
                let x = xor(self, ns, o);
                and(self, x, nz)
            }
            "ne" => nz,
            "ge" => {
                let x = xor(self, s, o);
                not(self, x)
            }
            "num" => or(self, ns, nz),
            "nan" => and(self, s, z),
            "ltu" => xor(self, s, o),
            "equ" => z,
            "leu" => {
                let x = xor(self, s, o);
                or(self, x, z)
            }
            "gtu" => {
                let x = or(self, z, o);
                xor(self, ns, x)
            }
            "neu" => or(self, s, nz),
            "geu" => {
                let x = or(self, ns, z);
                xor(self, x, o)
            }
            "off" => no,
            "lo" => nc,
            "sff" => ns,
            "ls" => or(self, z, nc),
            "hi" => and(self, c, nz),
            "sft" => s,
            "hs" => c,
            "oft" => o,
            "rle" => or(self, s, z),
            "rgt" => and(self, ns, nz),
            other => {
                return Err(
                    self.unsupported(format!("the flow test `{other}` (no reference defines it)"))
                )
            }
        })
    }

    /// `cset`/`csetp`: a flow test combined with a predicate; `cset` writes 1.0 (`bf`)
    /// or all ones where it holds, `csetp` the result and its complement's combination.
    pub(super) fn condition_set(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        const TESTS: [&str; 32] = [
            "f", "lt", "eq", "le", "gt", "ne", "ge", "num", "nan", "ltu", "equ", "leu", "gtu",
            "neu", "geu", "t", "off", "lo", "sff", "ls", "hi", "sft", "hs", "oft", "csm_ta",
            "csm_tr", "csm_mx", "fcsm_ta", "fcsm_tr", "fcsm_mx", "rle", "rgt",
        ];
        let test = i.mods().find(|m| TESTS.contains(m)).unwrap_or("t");
        let result = self.flow_test(test)?;
        let logic = self.combining();
        let combine = match ops.last() {
            Some(last @ (_, Operand::Pred(_))) => self.pred_source(last)?,
            _ => return Err(self.unsupported("its predicate source")),
        };
        let holds = self.push(Op::Logic(logic, result, combine));
        if i.name == "csetp" {
            let [(_, Operand::Pred(first)), (_, Operand::Pred(second)), ..] = ops else {
                return Err(self.unsupported("its predicate destinations"));
            };
            let inverse = self.push(Op::Not(result));
            let other = self.push(Op::Logic(logic, inverse, combine));
            self.set_pred(*first, holds);
            self.set_pred(*second, other);
            return Ok(());
        }
        let Some((_, Operand::Reg(dst))) = ops.first() else {
            return Err(self.unsupported("its destination"));
        };
        let true_bits = if i.has_mod("bf") {
            1.0f32.to_bits()
        } else {
            u32::MAX
        };
        let (yes, no) = (self.constant(true_bits), self.constant(0));
        let value = self.push(Op::Select {
            cond: holds,
            a: yes,
            b: no,
        });
        self.set_reg(*dst, value);
        // The flags after the test: `cc` is printed after the register, so look at the
        // encoding (bit 47).
        if i.word >> 47 & 1 == 1 {
            self.set_result_flags(value);
        }
        Ok(())
    }

    /// `isetp x` / `iset x`: yuzu's extended comparison of `a` and `b` with the flags.
    pub(super) fn extended_compare(&mut self, compare: Compare, a: Value, b: Value) -> Value {
        let Compare::Int { signed, lt, eq, gt } = compare else {
            return self.push(Op::Compare(compare, a, b));
        };
        let ones = self.constant(u32::MAX);
        let inverted = self.push(Op::Binary(Binary::Xor, b, ones));
        let partial = self.push(Op::Binary(Binary::IAdd, a, inverted));
        let carry = self.carry_word();
        let t = self.push(Op::Binary(Binary::IAdd, partial, carry));
        let z = self.pred(ZERO);
        let negative = self.is_negative(t);
        // Unsigned: the sign test flipped where a and b differ in sign.
        let flip = if signed {
            self.push(Op::BoolConst(false))
        } else {
            let a_negative = self.is_negative(a);
            let b_negative = self.is_negative(b);
            self.push(Op::Logic(Logic::Xor, a_negative, b_negative))
        };
        let less = self.push(Op::Logic(Logic::Xor, negative, flip));
        let t_zero = self.is_zero(t);
        let equal = self.push(Op::Logic(Logic::And, t_zero, z));
        let not_z = self.push(Op::Not(z));
        let t_zero_not_z = self.push(Op::Logic(Logic::And, t_zero, not_z));
        match (lt, eq, gt) {
            (false, false, false) => self.push(Op::BoolConst(false)),
            (true, true, true) => self.push(Op::BoolConst(true)),
            (true, false, false) => less,
            (false, true, false) => equal,
            (true, true, false) => self.push(Op::Logic(Logic::Or, less, equal)),
            (false, false, true) => {
                // t above zero (flipped for unsigned), or t zero with Z clear.
                let not_negative = self.push(Op::Not(negative));
                let t_nonzero = self.push(Op::Not(t_zero));
                let above = self.push(Op::Logic(Logic::And, not_negative, t_nonzero));
                let greater = self.push(Op::Logic(Logic::Xor, above, flip));
                self.push(Op::Logic(Logic::Or, greater, t_zero_not_z))
            }
            (true, false, true) => {
                let t_nonzero = self.push(Op::Not(t_zero));
                self.push(Op::Logic(Logic::Or, t_nonzero, t_zero_not_z))
            }
            (false, true, true) => {
                let at_least = self.push(Op::Not(less));
                self.push(Op::Logic(Logic::Or, at_least, equal))
            }
        }
    }
}

/// Whether both sources of an `iadd`/`iscadd` carry `neg`: the encoding of `.po` (the sum
/// plus one, nothing negated), as yuzu reads it.
pub(super) fn plus_one(a: &[&'static str], b: &[&'static str]) -> bool {
    a.contains(&"neg") && b.contains(&"neg")
}

/// `mods` without `neg` where `drop` (a `.po` form's sources).
pub(super) fn without_neg(mods: &[&'static str], drop: bool) -> Vec<&'static str> {
    mods.iter()
        .copied()
        .filter(|&m| !(drop && m == "neg"))
        .collect()
}

//! `p2r` and `r2p`: the predicates P0-P6 as bits of a register and back. P2R writes
//! `src` with the bits of `mask << 8 * byte` cleared and, for each of the mask's low
//! seven bits that is set, bit `i + 8 * byte` set where P`i` holds; R2P sets each P`i`
//! whose mask bit is set to whether bit `i + 8 * byte` of the source is set, leaving the
//! others. The mask is a register, a constant-buffer word or an immediate. The
//! condition-code forms (`cc`) move the four flags (zero, sign, carry, overflow: mask
//! bits 0-3) the same way (`flags.rs`). Semantics as yuzu's recompiler describes them.

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, Compare, Op, Value};

/// What a register's byte holds: P0-P6 (PT is not stored), or with `cc` the flags.
fn moved(mode: &[&str]) -> &'static [u8] {
    if mode.contains(&"cc") {
        &super::flags::FLAGS
    } else {
        &[0, 1, 2, 3, 4, 5, 6]
    }
}

impl Builder<'_> {
    fn byte_offset(&self) -> u32 {
        (self.instruction.word >> 41 & 3) as u32 * 8
    }

    /// Whether bit `bit` of `value` is set.
    fn bit_set(&mut self, value: Value, bit: u32) -> Value {
        let one = self.constant(1 << bit);
        let masked = self.push(Op::Binary(Binary::And, value, one));
        let zero = self.constant(0);
        self.push(Op::Compare(
            Compare::Int {
                signed: false,
                lt: true,
                eq: false,
                gt: true,
            },
            masked,
            zero,
        ))
    }

    pub(super) fn predicates_to_register(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let [(_, Operand::Reg(dst)), (mode, source), (_, mask)] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let moved = moved(mode);
        let offset = self.byte_offset();
        let source = self.value(*source)?;
        let mask = self.value(*mask)?;
        let shift = self.constant(offset);
        let placed_mask = self.push(Op::Binary(Binary::Shl, mask, shift));
        let ones = self.constant(u32::MAX);
        let keep = self.push(Op::Binary(Binary::Xor, placed_mask, ones));
        let mut value = self.push(Op::Binary(Binary::And, source, keep));
        for (index, &held) in moved.iter().enumerate() {
            let index = index as u8;
            let pred = self.pred(held);
            let wanted = self.bit_set(mask, u32::from(index));
            let both = self.push(Op::Logic(crate::maxwell::ir::Logic::And, pred, wanted));
            let bit = self.constant(1 << (u32::from(index) + offset));
            let zero = self.constant(0);
            let set = self.push(Op::Select {
                cond: both,
                a: bit,
                b: zero,
            });
            value = self.push(Op::Binary(Binary::Or, value, set));
        }
        self.set_reg(*dst, value);
        Ok(())
    }

    pub(super) fn register_to_predicates(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let [(mode, source), (_, mask)] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let moved = moved(mode);
        let offset = self.byte_offset();
        let source = self.value(*source)?;
        let mask = self.value(*mask)?;
        for (index, &held) in moved.iter().enumerate() {
            let index = index as u8;
            let wanted = self.bit_set(mask, u32::from(index));
            let bit = self.bit_set(source, u32::from(index) + offset);
            let old = self.pred(held);
            let value = self.push(Op::Select {
                cond: wanted,
                a: bit,
                b: old,
            });
            self.set_pred(held, value);
        }
        Ok(())
    }
}

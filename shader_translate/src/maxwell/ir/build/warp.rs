//! Warp-wide operations: `vote` (all / any / eq and the ballot in Rd), `shfl` (idx, up,
//! down, bfly with the clamp and segment mask of its c operand) and `$laneid`, plus the
//! bit operations uam builds `readFirstInvocationARB` from (`bfe brev`, `flo`) and
//! `pset`.
//!
//! Compute programs here; the other stages through the device's subgroups
//! (`subgroup.rs`). Maxwell runs 32 invocations a warp: invocation i of a workgroup (x
//! fastest) is lane i % 32 of warp i / 32. The emitter exchanges values through shared memory between
//! barriers (`spirv_out/warp.rs`), which gives exactly that warp on any device whatever
//! its subgroup size, but needs every invocation of the workgroup to take part: votes and
//! shuffles are taken in compute programs, unguarded, outside if-converted arms and loops
//! and before any early `exit` (where all of a warp's lanes are active, as the hardware's
//! result then assumes); anywhere else they are refused.

use super::{Builder, Unsupported};
use crate::maxwell::decode::{Guard, Operand};
use crate::maxwell::dksh::ProgramType;
use crate::maxwell::ir::{Binary, Builtin, Compare, IntUnary, Logic, Op, Value};

/// Lanes a warp.
const WARP_LANES: u32 = 32;

impl Builder<'_> {
    fn no_condition_code(&self) -> Result<(), Unsupported> {
        if self.instruction.has_mod("cc") {
            return Err(self.unsupported("a condition-code write"));
        }
        Ok(())
    }

    /// Whether `a == b` (32-bit words).
    pub(super) fn equals(&mut self, a: Value, b: Value) -> Value {
        let equal = Compare::Int {
            signed: false,
            lt: false,
            eq: true,
            gt: false,
        };
        self.push(Op::Compare(equal, a, b))
    }

    /// Refuses a warp-wide operation where not every invocation of the workgroup reaches
    /// it together.
    fn warp_uniform(&self) -> Result<(), Unsupported> {
        if self.kind != ProgramType::Compute || self.compute.is_none() {
            return Err(self.unsupported(
                "a warp-wide operation outside compute (a 32-wide warp is emulated through \
                 shared memory, which only compute programs have)",
            ));
        }
        if self.instruction.guard != Guard::Always
            || self.region.is_some()
            || !self.loops.is_empty()
            || !self.exits.is_empty()
        {
            return Err(self.unsupported(
                "a warp-wide operation in divergent control flow (under a guard, in a \
                 branch arm or loop, or after an early exit)",
            ));
        }
        Ok(())
    }

    /// The invocation's linear index in the workgroup (`gl_LocalInvocationIndex`).
    fn invocation_index(&mut self) -> Value {
        let dims = self.compute.map_or([1, 1, 1], |info| info.block_dims);
        let x = self.push(Op::Builtin(Builtin::LocalInvocationId, 0));
        let y = self.push(Op::Builtin(Builtin::LocalInvocationId, 1));
        let z = self.push(Op::Builtin(Builtin::LocalInvocationId, 2));
        let height = self.constant(dims[1]);
        let z_rows = self.push(Op::Binary(Binary::IMul, z, height));
        let rows = self.push(Op::Binary(Binary::IAdd, z_rows, y));
        let width = self.constant(dims[0]);
        let row_start = self.push(Op::Binary(Binary::IMul, rows, width));
        self.push(Op::Binary(Binary::IAdd, row_start, x))
    }

    /// `$laneid`: the invocation's lane in its warp.
    pub(super) fn lane_id(&mut self) -> Result<Value, Unsupported> {
        if self.kind != ProgramType::Compute {
            return Ok(self.subgroup_lane_id());
        }
        if self.compute.is_none() {
            return Err(self.unsupported("the lane id of a compute program without its sizes"));
        }
        let index = self.invocation_index();
        let mask = self.constant(WARP_LANES - 1);
        Ok(self.push(Op::Binary(Binary::And, index, mask)))
    }

    /// The lanes the invocation's warp has (all 32 but in a last, partial warp).
    fn warp_lanes_mask(&mut self, index: Value) -> Value {
        let total = self
            .compute
            .map_or(1, |info| info.block_dims.iter().product::<u32>());
        let lane_mask = self.constant(!(WARP_LANES - 1));
        let base = self.push(Op::Binary(Binary::And, index, lane_mask));
        let total = self.constant(total);
        let minus_base = self.negate_int(base);
        let present = self.push(Op::Binary(Binary::IAdd, total, minus_base));
        // (1 << present) - 1; a shift of 32 gives 0 (Binary::Shl clamps), so all ones.
        let one = self.constant(1);
        let bit = self.push(Op::Binary(Binary::Shl, one, present));
        let all = self.constant(u32::MAX);
        self.push(Op::Binary(Binary::IAdd, bit, all))
    }

    /// `vote all|any|eq Rd, Pd, Ps`: Rd the ballot of Ps, Pd the vote.
    pub(super) fn vote(&mut self, ops: &[(Vec<&'static str>, Operand)]) -> Result<(), Unsupported> {
        if self.kind != ProgramType::Compute {
            return self.subgroup_vote(ops);
        }
        self.warp_uniform()?;
        let [(mods, Operand::Reg(dst)), (_, Operand::Pred(pd)), source] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let mode = mods.first().copied();
        let pred = self.pred_source(source)?;
        let index = self.invocation_index();
        let lane_bits = self.constant(WARP_LANES - 1);
        let lane = self.push(Op::Binary(Binary::And, index, lane_bits));
        let five = self.constant(5);
        let warp = self.push(Op::Binary(Binary::Shr, index, five));
        let ballot = self.push(Op::Ballot { pred, lane, warp });
        let mask = self.warp_lanes_mask(index);
        let zero = self.constant(0);
        let none = self.equals(ballot, zero);
        let all = self.equals(ballot, mask);
        let vote = match mode {
            Some("all") => all,
            Some("any") => self.push(Op::Not(none)),
            Some("eq") => self.push(Op::Logic(Logic::Or, all, none)),
            other => return Err(self.unsupported(format!("vote mode {other:?}"))),
        };
        self.set_reg(*dst, ballot);
        self.set_pred(*pd, vote);
        Ok(())
    }

    /// `shfl MODE Pd, Rd, Ra, b, c`: Rd is Ra as lane j of the warp holds it, with j and
    /// Pd (whether j is in the segment) as PTX's `shfl` defines them: the segment mask in
    /// c's bits 8-12, the clamp lane in its bits 0-4.
    pub(super) fn shuffle(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        if self.kind != ProgramType::Compute {
            return self.subgroup_shuffle(ops);
        }
        self.warp_uniform()?;
        let [(mods, Operand::Pred(pd)), (_, Operand::Reg(dst)), (_, Operand::Reg(source)), (_, b), (_, c)] =
            ops
        else {
            return Err(self.unsupported("its operands"));
        };
        let mode = mods.first().copied();
        let value = self.reg(*source);
        let b = self.value(*b)?;
        let c = self.value(*c)?;
        let index = self.invocation_index();
        let lane_bits = self.constant(WARP_LANES - 1);
        let lane = self.push(Op::Binary(Binary::And, index, lane_bits));
        let (j, in_segment) = self.shuffle_lane(mode, lane, b, c)?;
        let warp_bits = self.constant(!(WARP_LANES - 1));
        let base = self.push(Op::Binary(Binary::And, index, warp_bits));
        let source_index = self.push(Op::Binary(Binary::IAdd, base, j));
        let result = self.push(Op::Shuffle {
            value,
            own: index,
            source: source_index,
        });
        self.set_reg(*dst, result);
        self.set_pred(*pd, in_segment);
        Ok(())
    }

    /// `flo u32|s32 [sh] Rd, [inv] B`: the highest set (or, signed, non-sign) bit's
    /// position, or with `sh` the shift that brings it to bit 31; `u32::MAX` where there
    /// is none.
    pub(super) fn find_leading_one(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        self.no_condition_code()?;
        let [(_, Operand::Reg(dst)), (mods, source)] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let mut value = self.value(*source)?;
        if mods.contains(&"inv") {
            let ones = self.constant(u32::MAX);
            value = self.push(Op::Binary(Binary::Xor, value, ones));
        }
        // Bit 48 clear is `u32`; set, the signed form (no modifier in the listing).
        let function = if !i.has_mod("u32") {
            IntUnary::FindSMsb
        } else {
            IntUnary::FindUMsb
        };
        let mut result = self.push(Op::IntUnary(function, value));
        if i.has_mod("sh") {
            let thirty_one = self.constant(31);
            let ones = self.constant(u32::MAX);
            let negated = self.negate_int(result);
            let shift = self.push(Op::Binary(Binary::IAdd, thirty_one, negated));
            let missing = self.equals(result, ones);
            result = self.push(Op::Select {
                cond: missing,
                a: ones,
                b: shift,
            });
        }
        self.set_reg(*dst, result);
        Ok(())
    }

    /// `pset [bf] OP1 OP2 Rd, Pa, Pb, Pc`: ((Pa OP1 Pb) OP2 Pc) as all ones (1.0 with
    /// `bf`) or 0.
    pub(super) fn predicate_to_register(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        self.no_condition_code()?;
        let logic: Vec<Logic> = i
            .mods()
            .filter_map(|m| match m {
                "and" => Some(Logic::And),
                "or" => Some(Logic::Or),
                "xor" => Some(Logic::Xor),
                _ => None,
            })
            .collect();
        let ([first, second], [(_, Operand::Reg(dst)), a, b, c]) = (logic.as_slice(), ops) else {
            return Err(self.unsupported("its operands"));
        };
        let a = self.pred_source(a)?;
        let b = self.pred_source(b)?;
        let c = self.pred_source(c)?;
        let ab = self.push(Op::Logic(*first, a, b));
        let cond = self.push(Op::Logic(*second, ab, c));
        let yes = self.constant(if i.has_mod("bf") {
            1.0f32.to_bits()
        } else {
            u32::MAX
        });
        let no = self.constant(0);
        let value = self.push(Op::Select {
            cond,
            a: yes,
            b: no,
        });
        self.set_reg(*dst, value);
        Ok(())
    }
}

//! Warp-wide operations in vertex, tessellation, geometry and fragment programs: `vote`
//! (all / any / eq and the ballot in Rd), `shfl` (idx, up, down, bfly) and `$laneid`
//! through the device's subgroups (compute programs emulate their 32-wide warp through
//! shared memory instead, `warp.rs`; graphics stages have no shared memory).
//!
//! The console's warp is 32 invocations; a device's subgroup may be narrower (lavapipe's
//! follows its vector width) or wider (64). Whatever its size, each run of 32 subgroup
//! invocations stands for one warp, as yuzu does where the host's subgroup may be wider
//! than the guest's: the lane is the subgroup index's low five bits, a ballot is the
//! 32-bit word of the subgroup's ballot holding the invocation's own bit, and a shuffle's
//! source lane is taken within the invocation's own run of 32. A narrower subgroup is a
//! warp whose upper lanes are inactive, which the console also has (a partly filled
//! warp): a vote and a ballot see the lanes present; a shuffle from a lane past the
//! subgroup gives an undefined value, as a shuffle from an inactive lane does on the
//! console. Which invocations share a warp is the hardware's choice in a graphics stage
//! (and the driver's for a subgroup), so a program can rely on neither.
//!
//! A vote takes part only where the instruction takes effect (its guard, the if-converted
//! arm it is in): lanes outside take no part in the ballot, as inactive lanes on the
//! console take none. Loops and early exits are structured control flow in the module,
//! where the subgroup's active invocations are those still running, as on the console.

use std::collections::btree_map::Entry;

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, Compare, Logic, Op, SubgroupNeed, Value};

/// Lanes a warp.
const WARP_LANES: u32 = 32;

impl Builder<'_> {
    /// Notes the first instruction needing `need` (for the device check's message).
    pub(super) fn subgroup_origin(&mut self, need: SubgroupNeed) {
        if let Entry::Vacant(entry) = self.subgroup_origins.entry(need) {
            entry.insert((self.instruction.name, self.instruction.offset_b));
        }
    }

    /// The invocation's index in its subgroup.
    fn subgroup_invocation(&mut self) -> Value {
        self.subgroup_origin(SubgroupNeed::Basic);
        self.push(Op::SubgroupInvocation)
    }

    /// `$laneid` (graphics stages): the subgroup index's low five bits.
    pub(super) fn subgroup_lane_id(&mut self) -> Value {
        let invocation = self.subgroup_invocation();
        let mask = self.constant(WARP_LANES - 1);
        self.push(Op::Binary(Binary::And, invocation, mask))
    }

    /// `vote all|any|eq Rd, Pd, Ps` (graphics stages): Rd the ballot of Ps over the lanes
    /// taking part, Pd the vote.
    pub(super) fn subgroup_vote(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let [(mods, Operand::Reg(dst)), (_, Operand::Pred(pd)), source] = ops else {
            return Err(self.unsupported("its operands"));
        };
        let mode = mods.first().copied();
        if !matches!(mode, Some("all" | "any" | "eq")) {
            return Err(self.unsupported(format!("vote mode {mode:?}")));
        }
        self.subgroup_origin(SubgroupNeed::Ballot);
        let pred = self.pred_source(source)?;
        let taking_part = match self.guard() {
            Some(cond) => cond,
            None => self.push(Op::BoolConst(true)),
        };
        let voted = self.push(Op::Logic(Logic::And, pred, taking_part));
        let ballot = self.push(Op::SubgroupBallot { pred: voted });
        let present = self.push(Op::SubgroupBallot { pred: taking_part });
        let zero = self.constant(0);
        let none = self.equals(ballot, zero);
        // The ballot is a subset of the lanes present: all hold where the two are equal.
        let all = self.equals(ballot, present);
        let vote = match mode {
            Some("all") => all,
            Some("any") => self.push(Op::Not(none)),
            _ => self.push(Op::Logic(Logic::Or, all, none)),
        };
        self.set_reg(*dst, ballot);
        self.set_pred(*pd, vote);
        Ok(())
    }

    /// `shfl MODE Pd, Rd, Ra, b, c` (graphics stages): Rd is Ra as lane j of the
    /// invocation's run of 32 subgroup invocations holds it, j and Pd as
    /// [`Builder::shuffle_lane`] computes them.
    pub(super) fn subgroup_shuffle(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let [(mods, Operand::Pred(pd)), (_, Operand::Reg(dst)), (_, Operand::Reg(source)), (_, b), (_, c)] =
            ops
        else {
            return Err(self.unsupported("its operands"));
        };
        let mode = mods.first().copied();
        self.subgroup_origin(SubgroupNeed::Shuffle);
        let value = self.reg(*source);
        let b = self.value(*b)?;
        let c = self.value(*c)?;
        let invocation = self.subgroup_invocation();
        let lane_bits = self.constant(WARP_LANES - 1);
        let lane = self.push(Op::Binary(Binary::And, invocation, lane_bits));
        let (j, in_segment) = self.shuffle_lane(mode, lane, b, c)?;
        let run_bits = self.constant(!(WARP_LANES - 1));
        let run = self.push(Op::Binary(Binary::And, invocation, run_bits));
        let from = self.push(Op::Binary(Binary::Or, run, j));
        let result = self.push(Op::SubgroupShuffle {
            value,
            source: from,
        });
        self.set_reg(*dst, result);
        self.set_pred(*pd, in_segment);
        Ok(())
    }

    /// A shuffle's source lane and whether it is in the segment, as PTX's `shfl` defines
    /// them: the segment mask in c's bits 8-12, the clamp lane in its bits 0-4; a lane
    /// outside the segment reads its own value (j = `lane`).
    pub(super) fn shuffle_lane(
        &mut self,
        mode: Option<&str>,
        lane: Value,
        b: Value,
        c: Value,
    ) -> Result<(Value, Value), Unsupported> {
        let lane_bits = self.constant(WARP_LANES - 1);
        let b = self.push(Op::Binary(Binary::And, b, lane_bits));
        let clamp = self.push(Op::Binary(Binary::And, c, lane_bits));
        let eight = self.constant(8);
        let segment = self.push(Op::Binary(Binary::Shr, c, eight));
        let segment = self.push(Op::Binary(Binary::And, segment, lane_bits));
        let outside = self.push(Op::Binary(Binary::Xor, segment, lane_bits));
        let min_lane = self.push(Op::Binary(Binary::And, lane, segment));
        let clamp_part = self.push(Op::Binary(Binary::And, clamp, outside));
        let max_lane = self.push(Op::Binary(Binary::Or, min_lane, clamp_part));
        let compare = |b: &mut Self, signed: bool, lt: bool, eq: bool, gt: bool, x, y| {
            b.push(Op::Compare(Compare::Int { signed, lt, eq, gt }, x, y))
        };
        let (j, in_segment) = match mode {
            Some("up") => {
                let negated = self.negate_int(b);
                let j = self.push(Op::Binary(Binary::IAdd, lane, negated));
                (j, compare(self, true, false, true, true, j, max_lane))
            }
            Some("down") => {
                let j = self.push(Op::Binary(Binary::IAdd, lane, b));
                (j, compare(self, false, true, true, false, j, max_lane))
            }
            Some("bfly") => {
                let j = self.push(Op::Binary(Binary::Xor, lane, b));
                (j, compare(self, false, true, true, false, j, max_lane))
            }
            Some("idx") => {
                let picked = self.push(Op::Binary(Binary::And, b, outside));
                let j = self.push(Op::Binary(Binary::Or, min_lane, picked));
                (j, compare(self, false, true, true, false, j, max_lane))
            }
            other => return Err(self.unsupported(format!("shuffle mode {other:?}"))),
        };
        let j = self.push(Op::Select {
            cond: in_segment,
            a: j,
            b: lane,
        });
        Ok((j, in_segment))
    }
}

//! Leaving a region early: `ret` goes to the innermost `pret` region's (or inlined
//! call's) target, and an `exit` inside a `pexit` region to the innermost such region's
//! (yuzu's reading of PEXIT: an `exit` while its token is pending branches to it). From
//! the region's own top level that is the region's break; from inside loops (or other
//! regions) nested in it, a [`Var::Leave`] flag each enclosing one tests as it ends.

use super::{Builder, End, Unsupported, Walk};
use crate::maxwell::decode::Instruction;
use crate::maxwell::ir::{LoopExit, Op, Value, Var};

impl<'a> Builder<'a> {
    /// Where control goes on is `next` when [`Self::leave`] says so (`Ok(None)`).
    pub(super) fn leave_region(
        &mut self,
        walk: &Walk<'a>,
        last: &'a Instruction,
        region: Option<Value>,
        next: Option<usize>,
        exit: bool,
    ) -> Result<Option<End>, Unsupported> {
        let depth = self
            .loops
            .iter()
            .rposition(|f| f.header.is_none() && f.exits == exit)
            .ok_or_else(|| self.control_flow(walk, last, "not inside its region"))?;
        if depth + 1 == self.loops.len() {
            let cond = self.guard();
            return self.leave(cond, LoopExit::Break, next);
        }
        let cond = match self.guard() {
            Some(cond) => cond,
            None => self.push(Op::BoolConst(true)),
        };
        self.push(Op::Store {
            var: Var::Leave(depth as u8),
            value: cond,
        });
        self.loops[depth].left_from_inside = true;
        let cond = Some(cond).filter(|_| self.guard_or_region(region));
        self.leave(cond, LoopExit::Break, next)
    }
}

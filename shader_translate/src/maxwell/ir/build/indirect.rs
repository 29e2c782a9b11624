//! Indirect branches (`brx`, `jmx`) through a recovered jump table
//! ([`crate::maxwell::ir::JumpTable`]): a switch over the table's targets. Inside an
//! `ssy` region every case runs to the region's reconvergence point as an arm of an
//! if/else does, under its condition: the branch's register equal to one of the entry
//! words that send control there (the clamped index makes it one of them). A guard on the
//! branch adds the fall-through as one more arm where it does not hold.

use std::collections::BTreeMap;

use super::{Builder, End, Unsupported, Walk};
use crate::maxwell::decode::Instruction;
use crate::maxwell::ir::{Compare, Logic, Op, Value};

impl<'a> Builder<'a> {
    pub(super) fn indirect_branch(
        &mut self,
        walk: &Walk<'a>,
        last: &'a Instruction,
        region: Option<Value>,
        join: Option<usize>,
        next: Option<usize>,
    ) -> Result<End, Unsupported> {
        let table = match walk.tables.get(&last.offset_b) {
            Some(Ok(table)) => table.clone(),
            Some(Err(why)) => {
                return Err(self.control_flow(walk, last, &format!("an indirect branch: {why}")))
            }
            None => {
                return Err(self.control_flow(walk, last, "an indirect branch without a table"))
            }
        };
        if let Some(modifier) = last.mods().next() {
            // A flow test of the flags or `lmt`: yuzu refuses both, no reference defines
            // them on an indirect branch.
            return Err(self.control_flow(
                walk,
                last,
                &format!("an indirect branch with `{modifier}`"),
            ));
        }
        let Some(join) = join else {
            return Err(self.control_flow(
                walk,
                last,
                "an indirect branch outside an `ssy` region (where its cases meet is not known)",
            ));
        };
        let key = self.reg(table.reg);
        self.region = None;
        let taken = self.own_guard();
        let mut arms: BTreeMap<usize, Value> = BTreeMap::new();
        for &(word, target_b) in &table.entries {
            let block = walk.block_at(target_b).ok_or_else(|| {
                self.control_flow(walk, last, "a jump table target outside the reachable code")
            })?;
            let word = self.constant(word);
            let equal = self.push(Op::Compare(
                Compare::Int {
                    signed: false,
                    lt: false,
                    eq: true,
                    gt: false,
                },
                key,
                word,
            ));
            let cond = match arms.get(&block) {
                Some(&before) => self.push(Op::Logic(Logic::Or, before, equal)),
                None => equal,
            };
            arms.insert(block, cond);
        }
        let mut arms: Vec<(usize, Value)> = arms.into_iter().collect();
        if let Some(taken) = taken {
            for (_, cond) in &mut arms {
                *cond = self.push(Op::Logic(Logic::And, *cond, taken));
            }
            let next = next.ok_or_else(|| self.control_flow(walk, last, "the last instruction"))?;
            let not_taken = self.push(Op::Not(taken));
            arms.push((next, not_taken));
        }
        for (block, cond) in arms {
            if block == join {
                continue;
            }
            let cond = self.both(Some(cond), region);
            match self.run(walk, block, cond, Some(join))? {
                End::Sync | End::Left => {}
                _ => return Err(self.control_flow(walk, last, "a case that exits")),
            }
        }
        Ok(End::Sync)
    }
}

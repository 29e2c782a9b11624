//! What a register held before a guarded write, seen where the write does not apply:
//! the selects earlier guarded writes and branch arms made, reduced by what is known
//! there (the write's condition false, and what follows from it through `Not` and `And`).
//! A value an earlier arm left behind that no invocation reaches there (a storage
//! address the arms of an if/else both replaced, say) drops out.

use super::Builder;
use crate::maxwell::ir::{Logic, Op, Value};

/// How deep the selects are followed.
const DEPTH: u32 = 4;
/// How many facts one reduction holds at most (past it nothing more is derived).
const MAX_FACTS: usize = 64;

impl Builder<'_> {
    /// `old` where `cond` does not hold.
    pub(super) fn where_not(&mut self, cond: Value, old: Value) -> Value {
        self.where_is(cond, false, old)
    }

    /// `value` where `cond` holds.
    pub(super) fn where_holds(&mut self, cond: Value, value: Value) -> Value {
        self.where_is(cond, true, value)
    }

    /// `value` where `cond == holds`; unchanged where no invocation gets there (nothing
    /// sees it then).
    fn where_is(&mut self, cond: Value, holds: bool, value: Value) -> Value {
        let mut facts = Vec::new();
        if !self.assume(cond, holds, &mut facts) {
            return value;
        }
        self.reduce(value, &mut facts, DEPTH)
    }

    /// `c`'s value where `facts` hold, if they settle it.
    fn known(&self, c: Value, facts: &[(Value, bool)], depth: u32) -> Option<bool> {
        for &(fact, holds) in facts {
            if fact == c {
                return Some(holds);
            }
            if self.negations(fact, c) {
                return Some(!holds);
            }
        }
        if depth == 0 {
            return None;
        }
        match self.ops[c.0 as usize] {
            Op::Not(x) => self.known(x, facts, depth - 1).map(|holds| !holds),
            Op::Logic(Logic::And, x, y) => {
                match (
                    self.known(x, facts, depth - 1),
                    self.known(y, facts, depth - 1),
                ) {
                    (Some(false), _) | (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Adds `c == holds` to `facts`, with what follows from it: through `Not`, the parts
    /// of an `And` that holds, and the other part of an `And` that fails where one part
    /// is known to hold (again for every fact, as later facts settle earlier ones).
    /// False where the facts contradict each other: no invocation gets there.
    fn assume(&self, c: Value, holds: bool, facts: &mut Vec<(Value, bool)>) -> bool {
        if let Some(known) = self.known(c, facts, DEPTH) {
            return known == holds;
        }
        if facts.len() >= MAX_FACTS {
            // Past the bound nothing more is derived: no contradiction is claimed.
            return true;
        }
        facts.push((c, holds));
        let consistent = match self.ops[c.0 as usize] {
            Op::Not(x) => self.assume(x, !holds, facts),
            Op::Logic(Logic::And, x, y) if holds => {
                self.assume(x, true, facts) && self.assume(y, true, facts)
            }
            _ => true,
        };
        if !consistent {
            return false;
        }
        let mut at = 0;
        while at < facts.len() {
            let (fact, fact_holds) = facts[at];
            at += 1;
            let Op::Logic(Logic::And, x, y) = self.ops[fact.0 as usize] else {
                continue;
            };
            if fact_holds {
                continue;
            }
            let other = match (self.known(x, facts, DEPTH), self.known(y, facts, DEPTH)) {
                (Some(true), Some(true)) => return false,
                (Some(true), None) => y,
                (None, Some(true)) => x,
                _ => continue,
            };
            if !self.assume(other, false, facts) {
                return false;
            }
            // What the new fact settles may be an earlier fact's part: look again.
            at = 0;
        }
        true
    }

    fn reduce(&mut self, value: Value, facts: &mut Vec<(Value, bool)>, depth: u32) -> Value {
        let Op::Select { cond, a, b } = self.ops[value.0 as usize] else {
            return value;
        };
        if depth == 0 {
            return value;
        }
        match self.known(cond, facts, DEPTH) {
            Some(true) => self.reduce(a, facts, depth - 1),
            Some(false) => self.reduce(b, facts, depth - 1),
            None => {
                let kept = facts.len();
                let a_reached = self.assume(cond, true, facts);
                let reduced_a = self.reduce(a, facts, depth - 1);
                facts.truncate(kept);
                let b_reached = self.assume(cond, false, facts);
                let reduced_b = self.reduce(b, facts, depth - 1);
                facts.truncate(kept);
                // A side no invocation reaches where the facts hold drops out.
                match (a_reached, b_reached) {
                    (true, false) => return reduced_a,
                    (false, true) => return reduced_b,
                    _ => {}
                }
                if reduced_a == reduced_b {
                    return reduced_a;
                }
                if (reduced_a, reduced_b) == (a, b) {
                    value
                } else {
                    self.push(Op::Select {
                        cond,
                        a: reduced_a,
                        b: reduced_b,
                    })
                }
            }
        }
    }
}

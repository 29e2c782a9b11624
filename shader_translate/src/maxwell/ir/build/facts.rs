//! What a register held before a guarded write, seen where the write does not apply:
//! the selects earlier guarded writes and branch arms made, reduced by what is known
//! there (the write's condition false, and what follows from it through `Not` and `And`).
//! A value an earlier arm left behind that no invocation reaches there (a storage
//! address the arms of an if/else both replaced, say) drops out.

use super::Builder;
use crate::maxwell::ir::{Logic, Op, Value};

/// How deep the selects are followed.
const DEPTH: u32 = 4;

impl Builder<'_> {
    /// `old` where `cond` does not hold.
    pub(super) fn where_not(&mut self, cond: Value, old: Value) -> Value {
        let mut facts = Vec::new();
        self.assume(cond, false, &mut facts);
        self.reduce(old, &mut facts, DEPTH)
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

    /// Adds `c == holds` to `facts`, with what follows for the parts of an `And`.
    fn assume(&self, c: Value, holds: bool, facts: &mut Vec<(Value, bool)>) {
        facts.push((c, holds));
        if let Op::Logic(Logic::And, x, y) = self.ops[c.0 as usize] {
            if holds {
                facts.push((x, true));
                facts.push((y, true));
            } else if self.known(x, facts, DEPTH) == Some(true) {
                facts.push((y, false));
            } else if self.known(y, facts, DEPTH) == Some(true) {
                facts.push((x, false));
            }
        }
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
                self.assume(cond, true, facts);
                let reduced_a = self.reduce(a, facts, depth - 1);
                facts.truncate(kept);
                self.assume(cond, false, facts);
                let reduced_b = self.reduce(b, facts, depth - 1);
                facts.truncate(kept);
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

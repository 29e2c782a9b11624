//! A register read under a condition, where guarded writes made it a chain of selects
//! (`select(c1, v1, select(c2, v2, ... old))`): where the chain's conditions together
//! hold wherever the reading instruction takes effect, `old` is never what it reads, and
//! the chain is rebuilt without it. uam's if-conversion writes a register under `p` and
//! again under `!p` inside a branch arm (`$p0 mov r0 0x0`, `not $p0 mov32i r0 0x1`):
//! each write's guard is the predicate and the arm, so no one write covers the other,
//! yet the two cover the arm. The register's older value (a storage address, say) then
//! stays out of what the arm computes.

use super::{Builder, Value};
use crate::maxwell::decode::Guard;
use crate::maxwell::ir::{Logic, Op};

/// Longest chain looked into, and most distinct conditions tried: 2^6 cases at most.
const MAX_ARMS: usize = 8;
const MAX_ATOMS: usize = 6;

impl Builder<'_> {
    /// `value` as the instruction reads it: without a select chain's fallback where the
    /// chain's conditions cover the instruction's own condition.
    pub(super) fn covered_under_guard(&mut self, value: Value) -> Value {
        if self.instruction.guard == Guard::Always && self.region.is_none() {
            return value;
        }
        if !matches!(self.ops[value.0 as usize], Op::Select { .. }) {
            return value;
        }
        let Some(condition) = self.guard() else {
            return value;
        };
        let mut arms: Vec<(Value, Value)> = Vec::new();
        let mut at = value;
        while let Op::Select { cond, a, b } = self.ops[at.0 as usize] {
            arms.push((cond, a));
            if arms.len() > MAX_ARMS {
                return value;
            }
            match self.covers(condition, &arms) {
                Some(true) => return self.rebuilt(&arms),
                Some(false) => at = b,
                None => return value,
            }
        }
        value
    }

    /// The chain of `arms` with the last arm's value as its fallback.
    fn rebuilt(&mut self, arms: &[(Value, Value)]) -> Value {
        let (last, earlier) = arms.split_last().expect("one arm at least");
        let mut value = last.1;
        for &(cond, a) in earlier.iter().rev() {
            value = self.push(Op::Select { cond, a, b: value });
        }
        value
    }

    /// Whether one of `arms`' conditions holds in every case where `condition` does
    /// (`None`: too many distinct conditions to try every case).
    fn covers(&self, condition: Value, arms: &[(Value, Value)]) -> Option<bool> {
        let mut atoms = Vec::new();
        self.atoms(condition, &mut atoms)?;
        for &(cond, _) in arms {
            self.atoms(cond, &mut atoms)?;
        }
        for case in 0u32..1 << atoms.len() {
            let holds = |b: &Self, v: Value| b.evaluate(v, &atoms, case);
            if holds(self, condition) && !arms.iter().any(|&(cond, _)| holds(self, cond)) {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Adds the values `v` combines with `and`, `or`, `xor` and `not` to `atoms`.
    fn atoms(&self, v: Value, atoms: &mut Vec<Value>) -> Option<()> {
        match self.ops[v.0 as usize] {
            Op::Logic(_, a, b) => {
                self.atoms(a, atoms)?;
                self.atoms(b, atoms)
            }
            Op::Not(a) => self.atoms(a, atoms),
            Op::Const(_) | Op::BoolConst(_) => Some(()),
            _ => {
                if !atoms.contains(&v) {
                    if atoms.len() == MAX_ATOMS {
                        return None;
                    }
                    atoms.push(v);
                }
                Some(())
            }
        }
    }

    /// `v` in the case where atom k holds when bit k of `case` is set.
    fn evaluate(&self, v: Value, atoms: &[Value], case: u32) -> bool {
        match self.ops[v.0 as usize] {
            Op::Logic(logic, a, b) => {
                let (a, b) = (self.evaluate(a, atoms, case), self.evaluate(b, atoms, case));
                match logic {
                    Logic::And => a && b,
                    Logic::Or => a || b,
                    Logic::Xor => a != b,
                }
            }
            Op::Not(a) => !self.evaluate(a, atoms, case),
            Op::Const(bits) => bits != 0,
            Op::BoolConst(b) => b,
            _ => {
                let k = atoms.iter().position(|&atom| atom == v).unwrap_or(0);
                case & (1 << k) != 0
            }
        }
    }
}

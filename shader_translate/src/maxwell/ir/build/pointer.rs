//! Raw global addresses (NVN's address model): a pointer in any register pair, made by
//! plain `iadd cc` / `iadd x` with the hardware's carry (`flags.rs`), loaded or passed
//! between stages.
//! `ldg` / `stg` / `ld` / `st` on `g[]` / `atom` / `red` through one become
//! [`Op::GlobalLoad`], [`Op::GlobalStore`] and [`Op::GlobalAtomic`], which the emitter looks
//! up in the pool table (`spirv_out/pointer.rs`).

use super::{Builder, Unsupported};
use crate::maxwell::decode::{Operand, PT};
use crate::maxwell::ir::{AtomicOp, GlobalAddress, Op, Value};

/// Where a global access goes.
#[derive(Clone, Copy, Debug)]
pub(super) enum Location {
    /// Byte `offset_b` of storage buffer binding `binding`.
    Binding(u32, Value),
    /// A raw address, looked up in the pool table when the program runs.
    Raw(GlobalAddress),
}

impl Builder<'_> {
    /// A global access through an address not followed from a storage binding's address
    /// words: a raw 64-bit pointer (NVN's address model), which the emitted code looks up
    /// in the pool table (a miss reads 0, drops the write and is counted).
    pub(super) fn raw_global_address(&self, low: Value, high: Value, extra_b: i64) -> Location {
        Location::Raw(GlobalAddress { low, high, extra_b })
    }

    /// Generic `ld` / `st` of global memory (`g[]`): as `ldg` / `stg`. The predicate
    /// operand must be PT (a predicated generic access is refused).
    pub(super) fn generic_global(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        reg: u8,
        (base, offset): (Option<u8>, Option<u64>),
        words: u32,
    ) -> Result<(), Unsupported> {
        if ops
            .iter()
            .any(|(_, operand)| matches!(operand, Operand::Pred(p) if *p != PT))
        {
            return Err(self.unsupported("a generic access with a predicate operand"));
        }
        let at = self.storage_address(base, offset)?;
        self.global_access(at, reg, words)
    }

    pub(super) fn global_access(
        &mut self,
        at: Location,
        reg: u8,
        words: u32,
    ) -> Result<(), Unsupported> {
        match at {
            Location::Binding(binding, offset_b) => self.access(Ok(binding), reg, offset_b, words),
            Location::Raw(at) => self.raw_access(at, reg, words),
        }
    }

    /// `words` words from `reg` on loaded from, or stored to, the raw address `at`.
    pub(super) fn raw_access(
        &mut self,
        at: GlobalAddress,
        reg: u8,
        words: u32,
    ) -> Result<(), Unsupported> {
        let load = matches!(self.instruction.name, "ld" | "ldg");
        let cond = self.guard();
        for word in 0..words {
            let at = GlobalAddress {
                extra_b: at.extra_b + 4 * i64::from(word),
                ..at
            };
            let reg = reg.wrapping_add(word as u8);
            if load {
                let value = self.push(Op::GlobalLoad { at, cond });
                self.set_reg(reg, value);
            } else {
                let value = self.reg(reg);
                self.push(Op::GlobalStore { at, value, cond });
            }
        }
        Ok(())
    }

    /// An atomic (a compare-and-swap where `compare` is given) on the word at the raw
    /// address `at`, the old word to `dst`.
    pub(super) fn raw_atomic(
        &mut self,
        op: AtomicOp,
        at: GlobalAddress,
        value: Value,
        compare: Option<Value>,
        dst: Option<u8>,
    ) -> Result<(), Unsupported> {
        let cond = self.guard();
        let old = self.push(Op::GlobalAtomic {
            op,
            at,
            value,
            compare,
            cond,
        });
        if let Some(dst) = dst {
            self.set_reg(dst, old);
        }
        Ok(())
    }
}

//! Memory outside the attribute space and constant buffers: storage buffers (deko3d's
//! binding N is a 64-bit address the driver puts in c0, added to a byte offset with
//! `iadd cc` / `iadd x` or loaded whole with `ld b64`, then `ldg` / `stg` / `red` /
//! `atom`), raw global addresses (any other 64-bit value: a pointer loaded from a uniform
//! buffer, computed, or passed between stages, which the emitted code finds through the
//! pool table; `pointer.rs`), shared memory (`ld` / `st` on s[]), barriers, and compute's invocation ids
//! and driver constants. A storage binding's address is followed from the c0 words to the
//! access; plain values added with `iadd cc` / `iadd x` carry as the hardware does.

use super::pointer::Location;
use super::{Builder, Unsupported};
use crate::maxwell::decode::{Guard, Operand, PT, RZ};
use crate::maxwell::dksh::ProgramType;
use crate::maxwell::ir::{AtomicOp, Builtin, Op, Scratch, Value};

/// An instruction's guard (with its predicate's value) and the arm it is in.
pub(super) type AccessCondition = (Guard, Option<Value>, Option<Value>);

/// What a value is, as part of a storage buffer address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AddressHalf {
    /// The low word: binding `binding`'s base plus `offset_b`.
    Low { binding: u32, offset_b: Value },
    /// The high word of binding `binding`'s base.
    High { binding: u32 },
}

impl Builder<'_> {
    /// A driver constant: compute's workgroup size and count, or (noted) a storage buffer base.
    pub(super) fn driver_constant(&mut self, offset_b: u64, value: Value) -> Value {
        if self.kind == ProgramType::Compute {
            if let Some(info) = self.compute {
                match offset_b {
                    0x0 | 0x4 | 0x8 => {
                        return self.constant(info.block_dims[(offset_b / 4) as usize])
                    }
                    0xc | 0x10 | 0x14 => {
                        return self.push(Op::Builtin(
                            Builtin::NumWorkgroups,
                            ((offset_b - 0xc) / 4) as u8,
                        ))
                    }
                    _ => {}
                }
            }
        }
        if let Some((binding, half)) = self.slots.storage_word(self.kind, offset_b) {
            let half = if half == 0 {
                let zero = self.constant(0);
                AddressHalf::Low {
                    binding,
                    offset_b: zero,
                }
            } else {
                AddressHalf::High { binding }
            };
            self.addresses.insert(value, half);
        }
        value
    }

    /// A system register read (`mov $rN $tidx` and the like).
    pub(super) fn system_register(&mut self, index: u8) -> Result<Value, Unsupported> {
        if let Some(value) = self.tess_system_register(index) {
            return Ok(value);
        }
        if index == crate::maxwell::decode::sysreg::LANE_ID {
            return self.lane_id();
        }
        if index == 0x20 && self.kind == ProgramType::Compute {
            // SR_TID: the local invocation id packed, x in bits 0-15, y in 16-25, z in
            // 26-31 (uam takes it apart with `bfe`).
            let mut packed = self.constant(0);
            for (component, shift) in [(0u8, 0u32), (1, 16), (2, 26)] {
                let id = self.push(Op::Builtin(Builtin::LocalInvocationId, component));
                let shift = self.constant(shift);
                let placed = self.push(Op::Binary(super::Binary::Shl, id, shift));
                packed = self.push(Op::Binary(super::Binary::Or, packed, placed));
            }
            return Ok(packed);
        }
        let (builtin, component) = match index {
            0x21..=0x23 => (Builtin::LocalInvocationId, index - 0x21),
            0x25..=0x27 => (Builtin::WorkgroupId, index - 0x25),
            _ => return Err(self.unsupported(format!("system register {index:#x}"))),
        };
        if self.kind != ProgramType::Compute {
            return Err(self.unsupported("an invocation id outside compute"));
        }
        Ok(self.push(Op::Builtin(builtin, component)))
    }

    /// `iadd cc` / `iadd x` of a storage buffer base: the address halves.
    pub(super) fn address_add(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        let refuse = |b: &Self| b.unsupported("a carry, wrap or bit-reverse mode");
        let Some((_, Operand::Reg(dst))) = ops.first() else {
            return Err(refuse(self));
        };
        if ops.len() != 3 {
            return Err(refuse(self));
        }
        let a = self.value(ops[1].1)?;
        let b = self.value(ops[2].1)?;
        let (base, other) = match (self.addresses.get(&a), self.addresses.get(&b)) {
            (_, Some(&half)) => (half, a),
            (Some(&half), None) => (half, b),
            // Plain values (a raw 64-bit address being computed, or any wide sum).
            _ => return self.add_with_flags(ops),
        };
        if ops
            .iter()
            .any(|(mods, _)| !mods.is_empty() && mods != &["cc"] && mods != &["x"])
        {
            return Err(refuse(self));
        }
        let half = match (base, i.has_mod("cc"), i.has_mod("x")) {
            (AddressHalf::Low { binding, offset_b }, true, false) => {
                // The address is used only where this instruction takes effect: an offset
                // chosen by the same condition is the chosen value.
                let other = self.where_guarded(other);
                let offset_b = self.push(Op::Binary(super::Binary::IAdd, offset_b, other));
                AddressHalf::Low { binding, offset_b }
            }
            (AddressHalf::High { binding }, false, true)
                if self.ops[other.0 as usize] == Op::Const(0) =>
            {
                AddressHalf::High { binding }
            }
            _ => return Err(refuse(self)),
        };
        // The register holds the sum as the hardware computes it (without the carry);
        // only a storage access reads it as an address. Its carry is the address's own
        // (the flags are left as they were: no plain `iadd x` could take it).
        let sum = self.push(Op::Binary(super::Binary::IAdd, a, b));
        self.addresses.insert(sum, half);
        self.set_reg(*dst, sum);
        if let Some(&held) = self.regs.get(dst).filter(|&&held| held != sum) {
            // Made under a guard or in an arm: an address only where that holds, so only
            // an access under the same condition may use it.
            self.addresses.insert(held, half);
            let condition = self.condition();
            self.address_conditions.insert(held, condition);
        }
        Ok(())
    }

    /// `value` as seen where the instruction takes effect: a register written under the
    /// same condition holds what was written.
    pub(super) fn where_guarded(&mut self, value: Value) -> Value {
        if self.instruction.guard == Guard::Always && self.region.is_none() {
            return value;
        }
        let Some(cond) = self.guard() else {
            return value;
        };
        let implies = |made: Value| {
            made == cond
                || matches!(self.ops[cond.0 as usize],
                    Op::Logic(super::Logic::And, x, y) if x == made || y == made)
        };
        match self.ops[value.0 as usize] {
            // Written where the instruction's condition (or a part of it) holds.
            Op::Select { cond: made, a, .. } if implies(made) => a,
            // `@p` and `@!p` writes in one arm: chosen by the arm, then by `p`.
            Op::Select {
                cond: shared, a, ..
            } => match (&self.ops[a.0 as usize], &self.ops[cond.0 as usize]) {
                (&Op::Select { cond: own, a, .. }, &Op::Logic(super::Logic::And, x, y))
                    if (x, y) == (own, shared) || (y, x) == (own, shared) =>
                {
                    a
                }
                _ => value,
            },
            _ => value,
        }
    }

    /// When the instruction takes effect, as something two instructions can share: its
    /// guard with the predicate's value, and the arm's condition.
    pub(super) fn condition(&self) -> AccessCondition {
        let pred = match self.instruction.guard {
            Guard::Pred { index, .. } => self.preds.get(&index).copied(),
            _ => None,
        };
        (self.instruction.guard, pred, self.region)
    }

    /// Where a `[$rN + offset]` global operand points: a storage binding's byte, where
    /// the address was followed from its c0 words, else the raw 64-bit address (`e`; a
    /// 32-bit one without it, zero-extended as the hardware does).
    pub(super) fn storage_address(
        &mut self,
        base: Option<u8>,
        offset: Option<u64>,
    ) -> Result<Location, Unsupported> {
        let extra_b = offset.unwrap_or(0) as i64;
        let wide = self.instruction.has_mod("e");
        let Some(base) = base.filter(|&r| r != RZ) else {
            // An absolute address: the immediate alone.
            let zero = self.constant(0);
            return Ok(self.raw_global_address(zero, zero, extra_b));
        };
        let low = self.reg(base);
        let high = if wide && base < RZ - 1 {
            self.reg(base + 1)
        } else {
            self.constant(0)
        };
        let condition = self.condition();
        for half in [low, high] {
            if self
                .address_conditions
                .get(&half)
                .is_some_and(|&made| made != condition)
            {
                return Err(self.unsupported("a storage address made under another condition"));
            }
        }
        match (self.addresses.get(&low), self.addresses.get(&high)) {
            (
                Some(&AddressHalf::Low { binding, offset_b }),
                Some(&AddressHalf::High { binding: b }),
            ) if binding == b && wide => {
                let extra = self.constant(extra_b as u32);
                Ok(Location::Binding(
                    binding,
                    self.push(Op::Binary(super::Binary::IAdd, offset_b, extra)),
                ))
            }
            _ => Ok(self.raw_global_address(low, high, extra_b)),
        }
    }

    fn word_at(&mut self, offset_b: Value, word: u32) -> Value {
        if word == 0 {
            return offset_b;
        }
        let step = self.constant(4 * word);
        self.push(Op::Binary(super::Binary::IAdd, offset_b, step))
    }

    /// `ldg` and `stg`.
    pub(super) fn global(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        let words = i
            .mods()
            .find_map(|m| self.words(m))
            .ok_or_else(|| self.unsupported("its size"))?;
        let (reg, memory) = if i.name == "ldg" {
            (ops[0].1, ops[1].1)
        } else {
            (ops[1].1, ops[0].1)
        };
        let (Operand::Reg(reg), Operand::Mem { base, offset, .. }) = (reg, memory) else {
            return Err(self.unsupported("its operands"));
        };
        let at = self.storage_address(base, offset)?;
        self.global_access(at, reg, words)
    }

    /// `red` and `atom` on a storage buffer word, `atoms` on a shared one (32-bit integers).
    pub(super) fn atomic(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.has_mod("cas") || i.has_mod("cast") {
            return self.compare_swap(ops);
        }
        let signed = i.has_mod("s32");
        if !(i.has_mod("u32") || signed) {
            return Err(self.unsupported("an atomic type other than u32 or s32"));
        }
        let op = match i.mods().next() {
            Some("add") => AtomicOp::Add,
            Some("and") => AtomicOp::And,
            Some("or") => AtomicOp::Or,
            Some("xor") => AtomicOp::Xor,
            Some("exch") => AtomicOp::Exchange,
            Some("min") if signed => AtomicOp::SMin,
            Some("max") if signed => AtomicOp::SMax,
            Some("min") => AtomicOp::UMin,
            Some("max") => AtomicOp::UMax,
            other => return Err(self.unsupported(format!("the atomic {other:?}"))),
        };
        let (dst, memory, source) = match (i.name, ops) {
            ("red", [(_, memory), (_, Operand::Reg(source))]) => (None, *memory, *source),
            (
                "atom" | "atoms",
                [(_, Operand::Reg(dst)), (_, memory), (_, Operand::Reg(source))],
            ) => (Some(*dst).filter(|&d| d != RZ), *memory, *source),
            _ => return Err(self.unsupported("its operands")),
        };
        let Operand::Mem { base, offset, .. } = memory else {
            return Err(self.unsupported("its memory operand"));
        };
        let (binding, offset_b) = if i.name == "atoms" {
            (None, self.shared_offset(base, offset)?)
        } else {
            match self.storage_address(base, offset)? {
                Location::Binding(binding, offset_b) => (Some(binding), offset_b),
                Location::Raw(at) => {
                    let value = self.reg(source);
                    return self.raw_atomic(op, at, value, None, dst);
                }
            }
        };
        let value = self.reg(source);
        let cond = self.guard();
        let old = self.push(Op::StorageAtomic {
            op,
            binding,
            offset_b,
            value,
            cond,
        });
        if let Some(dst) = dst {
            self.set_reg(dst, old);
        }
        Ok(())
    }

    /// `atom cas` on a storage buffer word, `atoms cas` on a shared one (32-bit): the
    /// compare value in Rb, the new value in Rb+1, the old word to Rd.
    fn compare_swap(&mut self, ops: &[(Vec<&'static str>, Operand)]) -> Result<(), Unsupported> {
        let i = self.instruction;
        if !i.has_mod("cas") || i.has_mod("cast") {
            return Err(self.unsupported("`cast` (compare and store)"));
        }
        if !i.has_mod("b32") {
            return Err(self.unsupported("a 64-bit compare-and-swap"));
        }
        let [(_, Operand::Reg(dst)), (_, Operand::Mem { base, offset, .. }), (_, Operand::Reg(source))] =
            ops
        else {
            return Err(self.unsupported("its operands"));
        };
        let compare = self.reg(*source);
        let value = if *source == RZ {
            self.constant(0)
        } else {
            self.reg(source.wrapping_add(1))
        };
        let dst = Some(*dst).filter(|&d| d != RZ);
        let (binding, offset_b) = if i.name == "atoms" {
            (None, self.shared_offset(*base, *offset)?)
        } else {
            match self.storage_address(*base, *offset)? {
                Location::Binding(binding, offset_b) => (Some(binding), offset_b),
                Location::Raw(at) => {
                    return self.raw_atomic(AtomicOp::Exchange, at, value, Some(compare), dst)
                }
            }
        };
        let cond = self.guard();
        let old = self.push(Op::AtomicCompareSwap {
            binding,
            offset_b,
            compare,
            value,
            cond,
        });
        if let Some(dst) = dst {
            self.set_reg(dst, old);
        }
        Ok(())
    }

    /// `ld` / `st` on shared memory (`s[]`, compute) or local memory (`l[]`, any stage).
    pub(super) fn scratch(
        &mut self,
        space: Scratch,
        reg: u8,
        (base, offset): (Option<u8>, Option<u64>),
        words: u32,
    ) -> Result<(), Unsupported> {
        let offset_b = match space {
            Scratch::Shared => self.shared_offset(base, offset)?,
            Scratch::Local => self.offset_from(base, offset),
        };
        self.access(Err(space), reg, offset_b, words)
    }

    /// The byte offset of an s[] operand (compute only).
    fn shared_offset(
        &mut self,
        base: Option<u8>,
        offset: Option<u64>,
    ) -> Result<Value, Unsupported> {
        if self.kind != ProgramType::Compute {
            return Err(self.unsupported("shared memory outside compute"));
        }
        Ok(self.offset_from(base, offset))
    }

    /// The byte offset `base register + offset` of a memory operand.
    fn offset_from(&mut self, base: Option<u8>, offset: Option<u64>) -> Value {
        let base = match base {
            Some(r) => self.reg(r),
            None => self.constant(0),
        };
        match offset {
            Some(offset) if offset != 0 => {
                let offset = self.constant(offset as u32);
                self.push(Op::Binary(super::Binary::IAdd, base, offset))
            }
            _ => base,
        }
    }

    /// `words` words from `reg` on loaded from, or stored to, byte `offset_b` of storage
    /// buffer `binding` (`Ok`) or of shared or local memory (`Err`).
    pub(super) fn access(
        &mut self,
        binding: Result<u32, Scratch>,
        reg: u8,
        offset_b: Value,
        words: u32,
    ) -> Result<(), Unsupported> {
        let load = matches!(self.instruction.name, "ld" | "ldg");
        // Under a guard or in an arm, a load reads only where it holds (an address the
        // other invocations hold may be out of range) and the register keeps its value.
        let cond = self.guard();
        for word in 0..words {
            let at = self.word_at(offset_b, word);
            let reg = reg.wrapping_add(word as u8);
            if load {
                let value = self.push(match binding {
                    Ok(binding) => Op::StorageLoad {
                        binding,
                        offset_b: at,
                        cond,
                    },
                    Err(space) => Op::ScratchLoad {
                        space,
                        offset_b: at,
                        cond,
                    },
                });
                self.set_reg(reg, value);
            } else {
                let value = self.reg(reg);
                self.push(match binding {
                    Ok(binding) => Op::StorageStore {
                        binding,
                        offset_b: at,
                        value,
                        cond,
                    },
                    Err(space) => Op::ScratchStore {
                        space,
                        offset_b: at,
                        value,
                        cond,
                    },
                });
            }
        }
        Ok(())
    }

    /// `bar sync 0` over the whole workgroup, unguarded and outside any arm.
    pub(super) fn barrier(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        // Barrier 0 and a thread count of 0 (the whole workgroup), as zero immediates or RZ.
        let zero =
            |operand: &Operand| matches!(operand, Operand::Imm { value: 0, .. } | Operand::Reg(RZ));
        let whole = matches!(ops, [(_, a), (_, b), (_, Operand::Pred(PT))] if zero(a) && zero(b));
        if !i.has_mod("sync") || !whole {
            return Err(
                self.unsupported("a barrier other than `bar sync 0` of the whole workgroup")
            );
        }
        if i.guard != Guard::Always || self.region.is_some() {
            return Err(self.unsupported("a barrier under a condition"));
        }
        if self.kind != ProgramType::Compute {
            return Err(self.unsupported("a barrier outside compute"));
        }
        self.push(Op::Barrier);
        Ok(())
    }

    /// `membar cta|gl|sys`: a memory barrier at the workgroup's scope (`cta`) or the
    /// device's (`gl`, and `sys`, whose host visibility Vulkan gives at submission).
    pub(super) fn memory_barrier(&mut self) -> Result<(), Unsupported> {
        let i = self.instruction;
        let device = match i.mods().next() {
            Some("cta") => false,
            Some("gl" | "sys") => true,
            other => return Err(self.unsupported(format!("the level {other:?}"))),
        };
        self.push(Op::MemoryBarrier { device });
        Ok(())
    }
}

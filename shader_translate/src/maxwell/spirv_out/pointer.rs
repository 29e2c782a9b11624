//! Raw global addresses in the emitted module: each access looks its address up in the
//! pool table (`crate::pool_table`) with a binary search of fixed depth (straight-line
//! code, so it ends whatever the address), then reads or writes through a
//! `PhysicalStorageBuffer64` pointer to the pool's device memory. An address in no live
//! pool, past its pool's end or not word-aligned reads 0 and drops the write, and adds one
//! to the table's miss count (and leaves the address beside it).

use rspirv::dr::Operand as SpirvOperand;
use rspirv::spirv::{self, Word};

use super::{spirv_error, Emitter};
use crate::maxwell::ir::{GlobalAddress, Op, Unsupported};
use crate::pool_lookup::PoolLookup;

/// Maxwell's global accesses are words: 4 bytes, 4-aligned.
const WORD_B: u64 = 4;

impl Emitter<'_> {
    /// Declares the pool table, the 64-bit addressing model and what it needs, when a
    /// live op dereferences a raw address.
    pub(super) fn declare_pool_table(&mut self) {
        let raw = self.live_ops().any(|op| {
            matches!(
                op,
                Op::GlobalLoad { .. } | Op::GlobalStore { .. } | Op::GlobalAtomic { .. }
            )
        });
        if !raw {
            return;
        }
        self.b.capability(spirv::Capability::Int64);
        self.b
            .capability(spirv::Capability::PhysicalStorageBufferAddresses);
        self.b.extension("SPV_KHR_physical_storage_buffer");
        self.b.memory_model(
            spirv::AddressingModel::PhysicalStorageBuffer64,
            spirv::MemoryModel::GLSL450,
        );
        let tag = crate::pool_table::COMPILED_PROGRAM_TAG;
        self.pool_lookup = Some(PoolLookup::declare(
            &mut self.b,
            self.t.u32,
            self.t.bool,
            spirv::Scope::Device,
            tag,
        ));
    }

    /// The raw-address ops; `None` for any other.
    pub(super) fn global_op(&mut self, op: &Op) -> Result<Option<Word>, Unsupported> {
        let id = |e: &Self, v: crate::maxwell::ir::Value| e.ids[v.0 as usize];
        let u32_ty = self.t.u32;
        Ok(Some(match *op {
            Op::GlobalLoad { at, cond } => self.made_where(cond, u32_ty, |e| {
                e.through_pointer(at, |e, pointer| {
                    e.b.load(
                        u32_ty,
                        None,
                        pointer,
                        Some(spirv::MemoryAccess::ALIGNED),
                        [SpirvOperand::LiteralBit32(4)],
                    )
                    .map_err(spirv_error)
                })
            })?,
            Op::GlobalStore { at, value, cond } => self.made_where(cond, u32_ty, |e| {
                let value = id(e, value);
                e.through_pointer(at, |e, pointer| {
                    e.b.store(
                        pointer,
                        value,
                        Some(spirv::MemoryAccess::ALIGNED),
                        [SpirvOperand::LiteralBit32(4)],
                    )
                    .map_err(spirv_error)?;
                    Ok(e.word(0))
                })
            })?,
            Op::GlobalAtomic {
                op,
                at,
                value,
                compare,
                cond,
            } => self.made_where(cond, u32_ty, |e| {
                let value = id(e, value);
                let compare = compare.map(|c| id(e, c));
                e.through_pointer(at, |e, pointer| {
                    // Relaxed, at the device's scope: Maxwell's `atom` / `red` on global
                    // memory.
                    let (scope, relaxed) = (e.word(spirv::Scope::Device as u32), e.word(0));
                    match compare {
                        Some(compare) => {
                            e.b.atomic_compare_exchange(
                                u32_ty, None, pointer, scope, relaxed, relaxed, value, compare,
                            )
                            .map_err(spirv_error)
                        }
                        None => e.atomic_word(op, pointer, scope, relaxed, value),
                    }
                })
            })?,
            _ => return Ok(None),
        }))
    }

    /// Runs `access` on a pointer to the word at `at` where the pool table has it, and
    /// counts a miss elsewhere; gives `access`'s word where it ran, 0 elsewhere.
    fn through_pointer(
        &mut self,
        at: GlobalAddress,
        access: impl FnOnce(&mut Self, Word) -> Result<Word, Unsupported>,
    ) -> Result<Word, Unsupported> {
        let u32_ty = self.t.u32;
        let address = self.address64(at)?;
        let lookup = self
            .pool_lookup
            .as_mut()
            .ok_or_else(|| spirv_error(rspirv::dr::Error::DetachedInstruction(None)))?;
        let (hit, device_address) = lookup
            .look_up(&mut self.b, address, WORD_B, WORD_B)
            .map_err(spirv_error)?;
        let (then, missed, merge) = (self.b.id(), self.b.id(), self.b.id());
        self.b
            .selection_merge(merge, spirv::SelectionControl::NONE)
            .map_err(spirv_error)?;
        self.b
            .branch_conditional(hit, then, missed, [])
            .map_err(spirv_error)?;
        self.b.begin_block(Some(then)).map_err(spirv_error)?;
        let pointer_ty =
            self.b
                .type_pointer(None, spirv::StorageClass::PhysicalStorageBuffer, u32_ty);
        let pointer = self
            .b
            .convert_u_to_ptr(pointer_ty, None, device_address)
            .map_err(spirv_error)?;
        let made = access(self, pointer)?;
        let made_in = self.current_label()?;
        self.b.branch(merge).map_err(spirv_error)?;
        self.b.begin_block(Some(missed)).map_err(spirv_error)?;
        if let Some(lookup) = self.pool_lookup.as_mut() {
            lookup
                .count_miss(&mut self.b, address)
                .map_err(spirv_error)?;
        }
        self.b.branch(merge).map_err(spirv_error)?;
        self.b.begin_block(Some(merge)).map_err(spirv_error)?;
        let zero = self.word(0);
        self.b
            .phi(u32_ty, None, [(made, made_in), (zero, missed)])
            .map_err(spirv_error)
    }

    /// `high:low + extra_b` as a 64-bit integer.
    fn address64(&mut self, at: GlobalAddress) -> Result<Word, Unsupported> {
        let u64_ty = self.b.type_int(64, 0);
        let low = self
            .b
            .u_convert(u64_ty, None, self.ids[at.low.0 as usize])
            .map_err(spirv_error)?;
        let high = self
            .b
            .u_convert(u64_ty, None, self.ids[at.high.0 as usize])
            .map_err(spirv_error)?;
        let thirty_two = self.word(32);
        let high = self
            .b
            .shift_left_logical(u64_ty, None, high, thirty_two)
            .map_err(spirv_error)?;
        let address = self
            .b
            .bitwise_or(u64_ty, None, high, low)
            .map_err(spirv_error)?;
        if at.extra_b == 0 {
            return Ok(address);
        }
        let extra = self.b.constant_bit64(u64_ty, at.extra_b as u64);
        self.b
            .i_add(u64_ty, None, address, extra)
            .map_err(spirv_error)
    }
}

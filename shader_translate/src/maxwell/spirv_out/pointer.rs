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
use crate::pool_table::{
    MISS_RECORD_ADDRESS_B, MISS_RECORD_COUNT_B, POOL_TABLE_COUNT_B, POOL_TABLE_DEPTH,
    POOL_TABLE_ENTRY_B, POOL_TABLE_HEADER_B, POOL_TABLE_HOST, POOL_TABLE_MISS_RECORD_B,
};

/// The pool table's key among the storage variables (no NVN slot is this high).
const POOL_TABLE_KEY: u32 = u32::MAX;
const ENTRY_FIELDS: u32 = (POOL_TABLE_ENTRY_B / 8) as u32;
const HEADER_FIELDS: u32 = (POOL_TABLE_HEADER_B / 8) as u32;

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
        // 64-bit fields, each read as a `uvec2` (one load) and taken as a `u64`.
        let uvec2 = self.b.type_vector(self.t.u32, 2);
        let pointer = self.block_pointer(uvec2, 8, false);
        let var = self
            .b
            .variable(pointer, None, spirv::StorageClass::StorageBuffer, None);
        for (decoration, value) in [
            (spirv::Decoration::DescriptorSet, POOL_TABLE_HOST.set),
            (spirv::Decoration::Binding, POOL_TABLE_HOST.binding),
        ] {
            self.b
                .decorate(var, decoration, [SpirvOperand::LiteralBit32(value)]);
        }
        self.b.name(var, "hookshot_pool_table");
        self.storage.insert(POOL_TABLE_KEY, var);
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
        let (hit, device_address) = self.look_up(address)?;
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
        self.count_miss(address)?;
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

    /// The pool table's 64-bit field `index` (a `u32` id: 8 bytes a field).
    fn table_u64(&mut self, index: Word) -> Result<Word, Unsupported> {
        let u64_ty = self.b.type_int(64, 0);
        let uvec2 = self.b.type_vector(self.t.u32, 2);
        let pointer_ty = self
            .b
            .type_pointer(None, spirv::StorageClass::StorageBuffer, uvec2);
        let zero = self.word(0);
        let var = self.storage[&POOL_TABLE_KEY];
        let pointer = self
            .b
            .access_chain(pointer_ty, None, var, [zero, index])
            .map_err(spirv_error)?;
        let halves = self
            .b
            .load(uvec2, None, pointer, None, [])
            .map_err(spirv_error)?;
        // Little-endian: the first word is the low half.
        self.b.bitcast(u64_ty, None, halves).map_err(spirv_error)
    }

    /// Field `field` (0 start, 1 end, 2 device address) of entry `entry` (a `u32` id):
    /// its index in the table's 64-bit fields.
    fn entry_field(&mut self, entry: Word, field: u32) -> Result<Word, Unsupported> {
        let u32_ty = self.t.u32;
        let stride = self.word(ENTRY_FIELDS);
        let scaled = self
            .b
            .i_mul(u32_ty, None, entry, stride)
            .map_err(spirv_error)?;
        let first = self.word(HEADER_FIELDS + field);
        self.b
            .i_add(u32_ty, None, scaled, first)
            .map_err(spirv_error)
    }

    /// Whether the word at `address` (a `u64` id) is in a live pool, and its device
    /// address there.
    fn look_up(&mut self, address: Word) -> Result<(Word, Word), Unsupported> {
        let (u32_ty, bool_ty) = (self.t.u32, self.t.bool);
        let u64_ty = self.b.type_int(64, 0);
        // The last entry starting at or before the address: entries are sorted by start,
        // and those past the live pools start at u64::MAX. A step whose probe is past the
        // live entries reads nothing (it would find padding): with few pools, few steps
        // load. Every step is straight-line code or one selection: no loop.
        // The count's field: the count, then a zero word.
        let count_field = self.word((POOL_TABLE_COUNT_B / 8) as u32);
        let count = self.table_u64(count_field)?;
        let live = self.b.u_convert(u32_ty, None, count).map_err(spirv_error)?;
        let no = self.b.constant_false(bool_ty);
        let mut entry = self.word(0);
        for step in (0..POOL_TABLE_DEPTH).rev() {
            let step = self.word(1 << step);
            let probe = self
                .b
                .i_add(u32_ty, None, entry, step)
                .map_err(spirv_error)?;
            let in_table = self
                .b
                .u_less_than(bool_ty, None, probe, live)
                .map_err(spirv_error)?;
            let skipped = self.current_label()?;
            let (load, merge) = (self.b.id(), self.b.id());
            self.b
                .selection_merge(merge, spirv::SelectionControl::NONE)
                .map_err(spirv_error)?;
            self.b
                .branch_conditional(in_table, load, merge, [])
                .map_err(spirv_error)?;
            self.b.begin_block(Some(load)).map_err(spirv_error)?;
            let at = self.entry_field(probe, 0)?;
            let start = self.table_u64(at)?;
            let before = self
                .b
                .u_less_than_equal(bool_ty, None, start, address)
                .map_err(spirv_error)?;
            let loaded = self.current_label()?;
            self.b.branch(merge).map_err(spirv_error)?;
            self.b.begin_block(Some(merge)).map_err(spirv_error)?;
            let before = self
                .b
                .phi(bool_ty, None, [(before, loaded), (no, skipped)])
                .map_err(spirv_error)?;
            entry = self
                .b
                .select(u32_ty, None, before, probe, entry)
                .map_err(spirv_error)?;
        }
        let mut fields = [0; 3];
        for (k, field) in fields.iter_mut().enumerate() {
            let at = self.entry_field(entry, k as u32)?;
            *field = self.table_u64(at)?;
        }
        let [start, end, device] = fields;
        let b = &mut self.b;
        let four = b.constant_bit64(u64_ty, 4);
        let three = b.constant_bit64(u64_ty, 3);
        let zero = b.constant_bit64(u64_ty, 0);
        // start <= address < end, a whole word before the end, and word-aligned.
        let in_start = b
            .u_less_than_equal(bool_ty, None, start, address)
            .map_err(spirv_error)?;
        let in_end = b
            .u_less_than(bool_ty, None, address, end)
            .map_err(spirv_error)?;
        let left = b.i_sub(u64_ty, None, end, address).map_err(spirv_error)?;
        let whole = b
            .u_less_than_equal(bool_ty, None, four, left)
            .map_err(spirv_error)?;
        let low_bits = b
            .bitwise_and(u64_ty, None, address, three)
            .map_err(spirv_error)?;
        let aligned = b
            .i_equal(bool_ty, None, low_bits, zero)
            .map_err(spirv_error)?;
        let mut hit = in_start;
        for also in [in_end, whole, aligned] {
            hit = b
                .logical_and(bool_ty, None, hit, also)
                .map_err(spirv_error)?;
        }
        // A miss computes a pointer it never uses (start may be u64::MAX): wrapping math.
        let offset = b.i_sub(u64_ty, None, address, start).map_err(spirv_error)?;
        let device_address = b.i_add(u64_ty, None, device, offset).map_err(spirv_error)?;
        Ok((hit, device_address))
    }

    /// Adds one to the miss record's count and leaves `address` beside it.
    fn count_miss(&mut self, address: Word) -> Result<(), Unsupported> {
        let (u32_ty, u64_ty) = (self.t.u32, self.b.type_int(64, 0));
        let at = self.word((POOL_TABLE_MISS_RECORD_B / 8) as u32);
        let record = self.table_u64(at)?;
        let pointer_ty =
            self.b
                .type_pointer(None, spirv::StorageClass::PhysicalStorageBuffer, u32_ty);
        let word_pointer = |e: &mut Self, offset_b: usize| -> Result<Word, Unsupported> {
            let offset = e.b.constant_bit64(u64_ty, offset_b as u64);
            let address =
                e.b.i_add(u64_ty, None, record, offset)
                    .map_err(spirv_error)?;
            e.b.convert_u_to_ptr(pointer_ty, None, address)
                .map_err(spirv_error)
        };
        let counter = word_pointer(self, MISS_RECORD_COUNT_B)?;
        let (scope, relaxed, one) = (
            self.word(spirv::Scope::Device as u32),
            self.word(0),
            self.word(1),
        );
        self.b
            .atomic_i_add(u32_ty, None, counter, scope, relaxed, one)
            .map_err(spirv_error)?;
        let low = self
            .b
            .u_convert(u32_ty, None, address)
            .map_err(spirv_error)?;
        let thirty_two = self.word(32);
        let high = self
            .b
            .shift_right_logical(u64_ty, None, address, thirty_two)
            .map_err(spirv_error)?;
        let high = self.b.u_convert(u32_ty, None, high).map_err(spirv_error)?;
        for (k, half) in [low, high].into_iter().enumerate() {
            let pointer = word_pointer(self, MISS_RECORD_ADDRESS_B + 4 * k)?;
            self.b
                .store(
                    pointer,
                    half,
                    Some(spirv::MemoryAccess::ALIGNED),
                    [SpirvOperand::LiteralBit32(4)],
                )
                .map_err(spirv_error)?;
        }
        Ok(())
    }
}

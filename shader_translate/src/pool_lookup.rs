//! The pool-table lookup as SPIR-V, written into a module being built: one way for every
//! translated program that dereferences a Hookshot address (the Maxwell translator's raw
//! `ldg` / `stg` / `atom`, and GLSL's buffer references, `crate::buffer_reference`).
//!
//! [`PoolLookup::look_up`] searches the table (`crate::pool_table`) with a binary search
//! of fixed depth (straight-line code and one selection a step: no loop, so it ends
//! whatever the address) and says whether an access's byte range lies in one live pool,
//! aligned as the access declares, and where it lies in device memory.
//! [`PoolLookup::count_miss`] adds one to the miss record and leaves the address and the
//! program's tag beside the count.

use std::collections::HashMap;

use rspirv::dr::{Builder, Error, Operand};
use rspirv::spirv::{self, Word};

use crate::pool_table::{
    MISS_RECORD_ADDRESS_B, MISS_RECORD_COUNT_B, MISS_RECORD_PROGRAM_B, POOL_TABLE_COUNT_B,
    POOL_TABLE_DEPTH, POOL_TABLE_ENTRY_B, POOL_TABLE_HEADER_B, POOL_TABLE_HOST,
    POOL_TABLE_MISS_RECORD_B,
};

const ENTRY_FIELDS: u32 = (POOL_TABLE_ENTRY_B / 8) as u32;
const HEADER_FIELDS: u32 = (POOL_TABLE_HEADER_B / 8) as u32;

/// The pool table declared in a module, and the ids its lookup uses.
pub(crate) struct PoolLookup {
    table: Word,
    u32_ty: Word,
    u64_ty: Word,
    bool_ty: Word,
    /// The scope of the miss count's atomic add: `Device`, or `QueueFamily` under the
    /// Vulkan memory model (where `Device` needs a capability of its own).
    scope: spirv::Scope,
    /// The program's tag, left in the miss record beside a missed address.
    program_tag: u32,
    words: HashMap<u32, Word>,
    doublewords: HashMap<u64, Word>,
}

impl PoolLookup {
    /// Declares the pool table at [`POOL_TABLE_HOST`] (read-only, 64-bit fields each read
    /// as a `uvec2`) and the `Int64` capability. The caller declares the physical storage
    /// buffer addressing model.
    pub(crate) fn declare(
        b: &mut Builder,
        u32_ty: Word,
        bool_ty: Word,
        scope: spirv::Scope,
        program_tag: u32,
    ) -> PoolLookup {
        let has_int64 = b.module_ref().capabilities.iter().any(|inst| {
            matches!(
                inst.operands.first(),
                Some(Operand::Capability(spirv::Capability::Int64))
            )
        });
        if !has_int64 {
            b.capability(spirv::Capability::Int64);
        }
        let u64_ty = b.type_int(64, 0);
        let uvec2 = b.type_vector(u32_ty, 2);
        // Fresh array and block types: their decorations are the table's alone.
        let array = b.id();
        b.type_runtime_array_id(Some(array), uvec2);
        b.decorate(
            array,
            spirv::Decoration::ArrayStride,
            [Operand::LiteralBit32(8)],
        );
        let block = b.id();
        b.type_struct_id(Some(block), [array]);
        b.decorate(block, spirv::Decoration::Block, []);
        b.member_decorate(
            block,
            0,
            spirv::Decoration::Offset,
            [Operand::LiteralBit32(0)],
        );
        b.member_decorate(block, 0, spirv::Decoration::NonWritable, []);
        let pointer = b.type_pointer(None, spirv::StorageClass::StorageBuffer, block);
        let table = b.variable(pointer, None, spirv::StorageClass::StorageBuffer, None);
        for (decoration, value) in [
            (spirv::Decoration::DescriptorSet, POOL_TABLE_HOST.set),
            (spirv::Decoration::Binding, POOL_TABLE_HOST.binding),
        ] {
            b.decorate(table, decoration, [Operand::LiteralBit32(value)]);
        }
        b.name(table, "hookshot_pool_table");
        PoolLookup {
            table,
            u32_ty,
            u64_ty,
            bool_ty,
            scope,
            program_tag,
            words: HashMap::new(),
            doublewords: HashMap::new(),
        }
    }

    pub(crate) fn u64_ty(&self) -> Word {
        self.u64_ty
    }

    fn word(&mut self, b: &mut Builder, bits: u32) -> Word {
        let u32_ty = self.u32_ty;
        *self
            .words
            .entry(bits)
            .or_insert_with(|| b.constant_bit32(u32_ty, bits))
    }

    fn doubleword(&mut self, b: &mut Builder, bits: u64) -> Word {
        let u64_ty = self.u64_ty;
        *self
            .doublewords
            .entry(bits)
            .or_insert_with(|| b.constant_bit64(u64_ty, bits))
    }

    /// The pool table's 64-bit field `index` (a `u32` id: 8 bytes a field).
    fn table_u64(&mut self, b: &mut Builder, index: Word) -> Result<Word, Error> {
        let uvec2 = b.type_vector(self.u32_ty, 2);
        let pointer_ty = b.type_pointer(None, spirv::StorageClass::StorageBuffer, uvec2);
        let zero = self.word(b, 0);
        let pointer = b.access_chain(pointer_ty, None, self.table, [zero, index])?;
        let halves = b.load(uvec2, None, pointer, None, [])?;
        // Little-endian: the first word is the low half.
        b.bitcast(self.u64_ty, None, halves)
    }

    /// Field `field` (0 start, 1 end, 2 device address) of entry `entry` (a `u32` id):
    /// its index in the table's 64-bit fields.
    fn entry_field(&mut self, b: &mut Builder, entry: Word, field: u32) -> Result<Word, Error> {
        let stride = self.word(b, ENTRY_FIELDS);
        let scaled = b.i_mul(self.u32_ty, None, entry, stride)?;
        let first = self.word(b, HEADER_FIELDS + field);
        b.i_add(self.u32_ty, None, scaled, first)
    }

    /// Whether the `size_b` bytes at `address` (a `u64` id) lie in one live pool and
    /// `address` is a multiple of `align_b` (a power of two), and the device address of
    /// `address` there (meaningless where they do not). Ends in a new block of the
    /// function being built.
    pub(crate) fn look_up(
        &mut self,
        b: &mut Builder,
        address: Word,
        size_b: u64,
        align_b: u64,
    ) -> Result<(Word, Word), Error> {
        let (u32_ty, u64_ty, bool_ty) = (self.u32_ty, self.u64_ty, self.bool_ty);
        // The last entry starting at or before the address: entries are sorted by start,
        // and those past the live pools start at u64::MAX. A step whose probe is past the
        // live entries reads nothing (it would find padding): with few pools, few steps
        // load. The count's field: the count, then a zero word.
        let count_field = self.word(b, (POOL_TABLE_COUNT_B / 8) as u32);
        let count = self.table_u64(b, count_field)?;
        let live = b.u_convert(u32_ty, None, count)?;
        let no = b.constant_false(bool_ty);
        let mut entry = self.word(b, 0);
        for step in (0..POOL_TABLE_DEPTH).rev() {
            let step = self.word(b, 1 << step);
            let probe = b.i_add(u32_ty, None, entry, step)?;
            let in_table = b.u_less_than(bool_ty, None, probe, live)?;
            let skipped = current_label(b)?;
            let (load, merge) = (b.id(), b.id());
            b.selection_merge(merge, spirv::SelectionControl::NONE)?;
            b.branch_conditional(in_table, load, merge, [])?;
            b.begin_block(Some(load))?;
            let at = self.entry_field(b, probe, 0)?;
            let start = self.table_u64(b, at)?;
            let before = b.u_less_than_equal(bool_ty, None, start, address)?;
            b.branch(merge)?;
            b.begin_block(Some(merge))?;
            let before = b.phi(bool_ty, None, [(before, load), (no, skipped)])?;
            entry = b.select(u32_ty, None, before, probe, entry)?;
        }
        let mut fields = [0; 3];
        for (k, field) in fields.iter_mut().enumerate() {
            let at = self.entry_field(b, entry, k as u32)?;
            *field = self.table_u64(b, at)?;
        }
        let [start, end, device] = fields;
        let size = self.doubleword(b, size_b);
        let low_mask = self.doubleword(b, align_b.max(1) - 1);
        let zero = self.doubleword(b, 0);
        // start <= address < end, the whole range before the end, and aligned.
        let in_start = b.u_less_than_equal(bool_ty, None, start, address)?;
        let in_end = b.u_less_than(bool_ty, None, address, end)?;
        let left = b.i_sub(u64_ty, None, end, address)?;
        let whole = b.u_less_than_equal(bool_ty, None, size, left)?;
        let low_bits = b.bitwise_and(u64_ty, None, address, low_mask)?;
        let aligned = b.i_equal(bool_ty, None, low_bits, zero)?;
        let mut hit = in_start;
        for also in [in_end, whole, aligned] {
            hit = b.logical_and(bool_ty, None, hit, also)?;
        }
        // A miss computes an address it never uses (start may be u64::MAX): wrapping math.
        let offset = b.i_sub(u64_ty, None, address, start)?;
        let device_address = b.i_add(u64_ty, None, device, offset)?;
        Ok((hit, device_address))
    }

    /// Adds one to the miss record's count and leaves `address` (a `u64` id) and the
    /// program's tag beside it.
    pub(crate) fn count_miss(&mut self, b: &mut Builder, address: Word) -> Result<(), Error> {
        let (u32_ty, u64_ty) = (self.u32_ty, self.u64_ty);
        let at = self.word(b, (POOL_TABLE_MISS_RECORD_B / 8) as u32);
        let record = self.table_u64(b, at)?;
        let pointer_ty = b.type_pointer(None, spirv::StorageClass::PhysicalStorageBuffer, u32_ty);
        let word_pointer = |lookup: &mut Self, b: &mut Builder, offset_b: usize| {
            let offset = lookup.doubleword(b, offset_b as u64);
            let address = b.i_add(u64_ty, None, record, offset)?;
            b.convert_u_to_ptr(pointer_ty, None, address)
        };
        let counter = word_pointer(self, b, MISS_RECORD_COUNT_B)?;
        let scope = self.word(b, self.scope as u32);
        let (relaxed, one) = (self.word(b, 0), self.word(b, 1));
        b.atomic_i_add(u32_ty, None, counter, scope, relaxed, one)?;
        let low = b.u_convert(u32_ty, None, address)?;
        let thirty_two = self.word(b, 32);
        let high = b.shift_right_logical(u64_ty, None, address, thirty_two)?;
        let high = b.u_convert(u32_ty, None, high)?;
        let tag = self.word(b, self.program_tag);
        let stores = [
            (MISS_RECORD_ADDRESS_B, low),
            (MISS_RECORD_ADDRESS_B + 4, high),
            (MISS_RECORD_PROGRAM_B, tag),
        ];
        for (offset_b, value) in stores {
            let pointer = word_pointer(self, b, offset_b)?;
            b.store(
                pointer,
                value,
                Some(spirv::MemoryAccess::ALIGNED),
                [Operand::LiteralBit32(4)],
            )?;
        }
        Ok(())
    }
}

/// The label of the block being built.
pub(crate) fn current_label(b: &Builder) -> Result<Word, Error> {
    let (Some(function), Some(block)) = (b.selected_function(), b.selected_block()) else {
        return Err(Error::DetachedInstruction(None));
    };
    b.module_ref().functions[function].blocks[block]
        .label_id()
        .ok_or(Error::DetachedInstruction(None))
}

//! GLSL's `GL_EXT_buffer_reference` (and any SPIR-V module's physical storage buffer
//! pointers) under Hookshot's address model. A game's pointers are Hookshot addresses,
//! not device addresses: every pointer the program makes from a 64-bit integer
//! (`OpConvertUToPtr`, `OpBitcast` of a `uvec2`) or loads from memory (a uniform or
//! storage block, push constants, another buffer reference) holds one.
//!
//! The pass leaves those values alone: access chains offset them, stores write them, and
//! `OpConvertPtrToU` reads them back, all in Hookshot's space as the game expects. It
//! rewrites each dereference (`OpLoad`, `OpStore`, the atomics) through such a pointer:
//! the address of the access (`OpConvertPtrToU`) is looked up in the pool table
//! (`crate::pool_lookup`, the same code as the Maxwell translator's raw pointers), and
//! the access runs through a pointer to the device address where its whole byte range
//! lies in one live pool and is aligned as it declares. Elsewhere a load gives zero, a
//! store or atomic is dropped, and the miss is counted with the address and the
//! program's tag. Any other instruction that takes such a pointer and may touch memory is
//! refused by name.

mod extent;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};

use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Instruction, Operand};
use rspirv::spirv::{self, Op, Word};

use crate::pool_lookup::PoolLookup;
use extent::Layouts;

/// Why a module's buffer references cannot be translated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BufferReferenceError {
    #[error("the module cannot be read: {0}")]
    Malformed(String),
    #[error("{what} through a buffer reference is not supported")]
    Unsupported { what: String },
    #[error("the access of %{pointer} through a buffer reference: {reason}")]
    Layout { pointer: Word, reason: String },
    #[error("writing the module: {0}")]
    Build(String),
}

fn build_error(error: rspirv::dr::Error) -> BufferReferenceError {
    BufferReferenceError::Build(error.to_string())
}

/// Rewrites the dereferences of physical storage buffer pointers in `words` into pool
/// table lookups; `None` when the module has none. `program_tag` is left in the miss
/// record beside a missed address (`crate::pool_table::program_tag`).
pub(crate) fn rewrite_buffer_references(
    words: &[u32],
    program_tag: u32,
) -> Result<Option<Vec<u32>>, BufferReferenceError> {
    let module = rspirv::dr::load_words(words)
        .map_err(|error| BufferReferenceError::Malformed(error.to_string()))?;
    let physical = module.capabilities.iter().any(|inst| {
        inst.operands.first()
            == Some(&Operand::Capability(
                spirv::Capability::PhysicalStorageBufferAddresses,
            ))
    });
    // A module that reads the pool table was written by the Maxwell translator: its
    // physical pointers are device addresses the lookup already gave.
    let translated = crate::pool_table::uses_pool_table(words)
        .map_err(|error| BufferReferenceError::Malformed(error.to_string()))?;
    if !physical || translated {
        return Ok(None);
    }
    let layouts = Layouts::new(&module);
    let vulkan_model = module.memory_model.as_ref().is_some_and(|inst| {
        inst.operands.get(1) == Some(&Operand::MemoryModel(spirv::MemoryModel::Vulkan))
    });
    // Under the Vulkan memory model, `Device` scope needs a capability of its own.
    let scope = if vulkan_model {
        spirv::Scope::QueueFamily
    } else {
        spirv::Scope::Device
    };
    let mut b = Builder::new_from_module(module);
    let (u32_ty, bool_ty) = (b.type_int(32, 0), b.type_bool());
    let mut lookup = PoolLookup::declare(&mut b, u32_ty, bool_ty, scope, program_tag);
    let mut rewriter = Rewriter {
        layouts: &layouts,
        nulls: HashMap::new(),
    };
    for function in 0..b.module_ref().functions.len() {
        rewriter.function(&mut b, &mut lookup, function)?;
    }
    Ok(Some(b.module().assemble()))
}

struct Rewriter<'a> {
    layouts: &'a Layouts,
    nulls: HashMap<Word, Word>,
}

/// What one dereference touches.
struct Access {
    pointer: Word,
    pointer_ty: Word,
    size_b: u64,
    align_b: u64,
}

impl Rewriter<'_> {
    /// The physical pointer `inst` dereferences, if it does; an error where it takes one
    /// in a way the pass does not translate.
    fn access(&self, inst: &Instruction) -> Result<Option<Access>, BufferReferenceError> {
        let physical_operand = inst.operands.iter().find_map(|operand| match operand {
            Operand::IdRef(id) => self
                .layouts
                .value_type(*id)
                .filter(|ty| self.layouts.is_physical_pointer(*ty))
                .map(|ty| (*id, ty)),
            _ => None,
        });
        let Some((first, first_ty)) = physical_operand else {
            return Ok(None);
        };
        let pointer_operand = match inst.operands.first() {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        };
        let through = pointer_operand
            .and_then(|id| self.layouts.value_type(id).map(|ty| (id, ty)))
            .filter(|(_, ty)| self.layouts.is_physical_pointer(*ty));
        let opcode = inst.class.opcode;
        let dereferences = matches!(
            opcode,
            Op::Load
                | Op::Store
                | Op::AtomicLoad
                | Op::AtomicStore
                | Op::AtomicExchange
                | Op::AtomicCompareExchange
                | Op::AtomicIIncrement
                | Op::AtomicIDecrement
                | Op::AtomicIAdd
                | Op::AtomicISub
                | Op::AtomicSMin
                | Op::AtomicUMin
                | Op::AtomicSMax
                | Op::AtomicUMax
                | Op::AtomicAnd
                | Op::AtomicOr
                | Op::AtomicXor
                | Op::AtomicFAddEXT
                | Op::AtomicFMinEXT
                | Op::AtomicFMaxEXT
        );
        let Some((pointer, pointer_ty)) = through.filter(|_| dereferences) else {
            // A pointer passed on as a value touches no memory.
            let value_use = matches!(
                opcode,
                Op::AccessChain
                    | Op::InBoundsAccessChain
                    | Op::PtrAccessChain
                    | Op::InBoundsPtrAccessChain
                    | Op::ConvertPtrToU
                    | Op::Bitcast
                    | Op::CopyObject
                    | Op::CopyLogical
                    | Op::Phi
                    | Op::Select
                    | Op::FunctionCall
                    | Op::ReturnValue
                    | Op::Store
                    | Op::CompositeConstruct
                    | Op::CompositeInsert
                    | Op::PtrEqual
                    | Op::PtrNotEqual
                    | Op::PtrDiff
            );
            if value_use {
                return Ok(None);
            }
            return Err(BufferReferenceError::Unsupported {
                what: format!("{opcode:?} of %{first} (a pointer of type %{first_ty})"),
            });
        };
        let pointee = self.layouts.pointee(pointer_ty).ok_or_else(|| {
            BufferReferenceError::Malformed(format!("%{pointer_ty} is not a pointer type"))
        })?;
        let size_b = self
            .layouts
            .access_extent_b(pointer, pointee)
            .map_err(|reason| BufferReferenceError::Layout { pointer, reason })?;
        let align_b = match opcode {
            Op::Load | Op::Store => aligned_operand(inst).unwrap_or(size_b.min(4)),
            _ => size_b,
        };
        if !align_b.is_power_of_two() {
            return Err(BufferReferenceError::Layout {
                pointer,
                reason: format!("Aligned {align_b} is not a power of two"),
            });
        }
        Ok(Some(Access {
            pointer,
            pointer_ty,
            size_b,
            align_b,
        }))
    }

    /// Rewrites function `index`'s dereferences, splitting the blocks they are in.
    fn function(
        &mut self,
        b: &mut Builder,
        lookup: &mut PoolLookup,
        index: usize,
    ) -> Result<(), BufferReferenceError> {
        let mut split = HashSet::new();
        for (k, block) in b.module_ref().functions[index].blocks.iter().enumerate() {
            for inst in &block.instructions {
                if self.access(inst)?.is_some() {
                    split.insert(k);
                }
            }
        }
        if split.is_empty() {
            return Ok(());
        }
        let blocks = std::mem::take(&mut b.module_mut().functions[index].blocks);
        b.select_function(Some(index)).map_err(build_error)?;
        // Where each original block's terminator now is: its successors' phis name it.
        let mut moved = HashMap::new();
        let mut original_phis = HashSet::new();
        for (k, block) in blocks.into_iter().enumerate() {
            let label = block
                .label_id()
                .ok_or_else(|| BufferReferenceError::Malformed("a block without a label".into()))?;
            b.begin_block(Some(label)).map_err(build_error)?;
            let mut instructions = block.instructions;
            let splits = split.contains(&k);
            // A loop header keeps its merge instruction with its branch: its other
            // instructions go to a block after it when an access splits them.
            if let Some(at) = instructions
                .iter()
                .position(|inst| inst.class.opcode == Op::LoopMerge)
                .filter(|_| splits)
            {
                let phis = instructions
                    .iter()
                    .take_while(|inst| inst.class.opcode == Op::Phi)
                    .count();
                let loop_merge = instructions.remove(at);
                for phi in instructions.drain(..phis) {
                    original_phis.extend(phi.result_id);
                    b.insert_into_block(rspirv::dr::InsertPoint::End, phi)
                        .map_err(build_error)?;
                }
                b.insert_into_block(rspirv::dr::InsertPoint::End, loop_merge)
                    .map_err(build_error)?;
                let body = b.id();
                b.branch(body).map_err(build_error)?;
                b.begin_block(Some(body)).map_err(build_error)?;
            }
            for inst in instructions {
                let access = if splits { self.access(&inst)? } else { None };
                if inst.class.opcode == Op::Phi {
                    original_phis.extend(inst.result_id);
                }
                let ends = is_terminator(inst.class.opcode);
                match access {
                    Some(access) => self.guarded(b, lookup, inst, &access)?,
                    None => b
                        .insert_into_block(rspirv::dr::InsertPoint::End, inst)
                        .map_err(build_error)?,
                }
                if ends {
                    let now = crate::pool_lookup::current_label(b).map_err(build_error)?;
                    moved.insert(label, now);
                    b.select_block(None).map_err(build_error)?;
                }
            }
        }
        b.select_function(None).map_err(build_error)?;
        // The original phis name the block their value comes from: where its branch is now.
        for block in &mut b.module_mut().functions[index].blocks {
            for inst in &mut block.instructions {
                if inst.class.opcode != Op::Phi
                    || !inst.result_id.is_some_and(|id| original_phis.contains(&id))
                {
                    continue;
                }
                for parent in inst.operands.iter_mut().skip(1).step_by(2) {
                    if let Operand::IdRef(id) = parent {
                        if let Some(now) = moved.get(id) {
                            *id = *now;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// `inst` through the device address of its pointer where the pool table has the
    /// range, a counted miss elsewhere; its result (0 on a miss) keeps its id.
    fn guarded(
        &mut self,
        b: &mut Builder,
        lookup: &mut PoolLookup,
        inst: Instruction,
        access: &Access,
    ) -> Result<(), BufferReferenceError> {
        let u64_ty = lookup.u64_ty();
        let address = b
            .convert_ptr_to_u(u64_ty, None, access.pointer)
            .map_err(build_error)?;
        let (hit, device_address) = lookup
            .look_up(b, address, access.size_b, access.align_b)
            .map_err(build_error)?;
        let (then, missed, merge) = (b.id(), b.id(), b.id());
        b.selection_merge(merge, spirv::SelectionControl::NONE)
            .map_err(build_error)?;
        b.branch_conditional(hit, then, missed, [])
            .map_err(build_error)?;
        b.begin_block(Some(then)).map_err(build_error)?;
        let device_pointer = b
            .convert_u_to_ptr(access.pointer_ty, None, device_address)
            .map_err(build_error)?;
        let result = inst.result_id.zip(inst.result_type);
        let mut through = inst;
        through.operands[0] = Operand::IdRef(device_pointer);
        let made = result.map(|_| b.id());
        through.result_id = made.or(through.result_id);
        b.insert_into_block(rspirv::dr::InsertPoint::End, through)
            .map_err(build_error)?;
        b.branch(merge).map_err(build_error)?;
        b.begin_block(Some(missed)).map_err(build_error)?;
        lookup.count_miss(b, address).map_err(build_error)?;
        let zero = match result {
            Some((_, ty)) => Some(self.zero(b, ty, u64_ty)?),
            None => None,
        };
        b.branch(merge).map_err(build_error)?;
        b.begin_block(Some(merge)).map_err(build_error)?;
        if let (Some((id, ty)), Some(made), Some(zero)) = (result, made, zero) {
            b.phi(ty, Some(id), [(made, then), (zero, missed)])
                .map_err(build_error)?;
        }
        Ok(())
    }

    /// A zero of `ty`, made in the block being built: a null constant, but a pointer is
    /// address 0 (a pointer type has no null) and a composite holding one is built.
    fn zero(
        &mut self,
        b: &mut Builder,
        ty: Word,
        u64_ty: Word,
    ) -> Result<Word, BufferReferenceError> {
        if self.layouts.is_physical_pointer(ty) {
            let zero = *self
                .nulls
                .entry(u64_ty)
                .or_insert_with(|| b.constant_null(u64_ty));
            return b.convert_u_to_ptr(ty, None, zero).map_err(build_error);
        }
        if let Some(parts) = self.layouts.parts_with_pointers(ty) {
            let mut zeros = Vec::with_capacity(parts.len());
            for part in parts {
                zeros.push(self.zero(b, part, u64_ty)?);
            }
            return b.composite_construct(ty, None, zeros).map_err(build_error);
        }
        Ok(*self.nulls.entry(ty).or_insert_with(|| b.constant_null(ty)))
    }
}

/// The `Aligned` literal of a load's or store's memory operands.
fn aligned_operand(inst: &Instruction) -> Option<u64> {
    let at = inst
        .operands
        .iter()
        .position(|operand| matches!(operand, Operand::MemoryAccess(_)))?;
    match (&inst.operands[at], inst.operands.get(at + 1)) {
        (Operand::MemoryAccess(mask), Some(Operand::LiteralBit32(align_b)))
            if mask.contains(spirv::MemoryAccess::ALIGNED) =>
        {
            Some(u64::from(*align_b))
        }
        _ => None,
    }
}

fn is_terminator(opcode: Op) -> bool {
    matches!(
        opcode,
        Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Kill
            | Op::Unreachable
            | Op::TerminateInvocation
            | Op::IgnoreIntersectionKHR
            | Op::TerminateRayKHR
    )
}

//! Storage buffers, shared memory, barriers, atomics and compute's built-ins in the
//! emitted module. Storage buffer binding N is a `uint` runtime array in a block at set 0,
//! binding N (NVN's slot; the translator remaps it), non-writable when the program never
//! writes it; shared memory a `uint` array of the size the program header gives.

use rspirv::dr::Operand as SpirvOperand;
use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::{global_variable, resource_variable, spirv_error, Emitter};
use crate::maxwell::ir::{AtomicOp, Builtin, Op, Scratch, Unsupported, Value};

impl Emitter<'_> {
    /// Declares every storage buffer binding and the shared memory the live code uses.
    pub(super) fn declare_memory(&mut self) {
        let mut written = std::collections::BTreeSet::new();
        let mut bindings = std::collections::BTreeSet::new();
        let mut shared = false;
        let mut local = false;
        for op in self.live_ops() {
            match op {
                Op::StorageLoad { binding, .. } => {
                    bindings.insert(*binding);
                }
                Op::StorageStore { binding, .. }
                | Op::StorageAtomic {
                    binding: Some(binding),
                    ..
                }
                | Op::AtomicCompareSwap {
                    binding: Some(binding),
                    ..
                } => {
                    bindings.insert(*binding);
                    written.insert(*binding);
                }
                Op::ScratchLoad {
                    space: Scratch::Local,
                    ..
                }
                | Op::ScratchStore {
                    space: Scratch::Local,
                    ..
                } => local = true,
                Op::ScratchLoad { .. }
                | Op::ScratchStore { .. }
                | Op::StorageAtomic { binding: None, .. }
                | Op::AtomicCompareSwap { binding: None, .. } => shared = true,
                _ => {}
            }
        }
        for binding in bindings {
            let u32_ty = self.t.u32;
            let pointer = self.block_pointer(u32_ty, 4, written.contains(&binding));
            let var = resource_variable(
                &mut self.b,
                pointer,
                spirv::StorageClass::StorageBuffer,
                binding,
            );
            self.storage.insert(binding, var);
        }
        self.declare_pool_table();
        if local {
            self.declare_local();
        }
        if shared {
            let words = self
                .program
                .header
                .compute()
                .map_or(1, |info| info.shared_mem_b.div_ceil(4).max(1));
            let len = self.word(words);
            let array = self.b.type_array(self.t.u32, len);
            let pointer = self
                .b
                .type_pointer(None, spirv::StorageClass::Workgroup, array);
            self.shared = Some(global_variable(
                &mut self.b,
                pointer,
                spirv::StorageClass::Workgroup,
                None,
            ));
        }
    }

    /// A pointer type to a storage block of one runtime array of `element` (`stride_b`
    /// apart), `NonWritable` unless `writable`. Fresh types each time (not deduplicated):
    /// the decorations differ, and each may be decorated only once.
    pub(super) fn block_pointer(&mut self, element: Word, stride_b: u32, writable: bool) -> Word {
        let array = self.b.id();
        self.b.type_runtime_array_id(Some(array), element);
        self.b.decorate(
            array,
            spirv::Decoration::ArrayStride,
            [SpirvOperand::LiteralBit32(stride_b)],
        );
        let block = self.b.id();
        self.b.type_struct_id(Some(block), [array]);
        self.b.decorate(block, spirv::Decoration::Block, []);
        self.b.member_decorate(
            block,
            0,
            spirv::Decoration::Offset,
            [SpirvOperand::LiteralBit32(0)],
        );
        if !writable {
            self.b
                .member_decorate(block, 0, spirv::Decoration::NonWritable, []);
        }
        self.b
            .type_pointer(None, spirv::StorageClass::StorageBuffer, block)
    }

    /// Local memory: a private `uint` array of the size the SPH (or the compute header)
    /// gives, at least one word.
    fn declare_local(&mut self) {
        let size_b = match &self.program.sph {
            Some(sph) => sph.local_mem_lo_b,
            None => self
                .program
                .header
                .compute()
                .map_or(0, |info| info.local_pos_mem_b),
        };
        let words = size_b.div_ceil(4).max(1);
        let len = self.word(words);
        let array = self.b.type_array(self.t.u32, len);
        let pointer = self
            .b
            .type_pointer(None, spirv::StorageClass::Private, array);
        self.local = Some((
            global_variable(&mut self.b, pointer, spirv::StorageClass::Private, None),
            words,
        ));
    }

    /// A pointer to the word at byte `offset_b` of storage buffer `binding`, or (`None`)
    /// of shared or local memory. A local word past the SPH's size is the last word (the
    /// array's bounds hold whatever the index).
    fn word_pointer(
        &mut self,
        binding: Option<u32>,
        space: Scratch,
        offset_b: Value,
    ) -> Result<Word, Unsupported> {
        let two = self.word(2);
        let index = self
            .b
            .shift_right_logical(self.t.u32, None, self.ids[offset_b.0 as usize], two)
            .map_err(spirv_error)?;
        Ok(match binding {
            Some(binding) => {
                let pointer =
                    self.b
                        .type_pointer(None, spirv::StorageClass::StorageBuffer, self.t.u32);
                let zero = self.word(0);
                let var = self.storage[&binding];
                self.b
                    .access_chain(pointer, None, var, [zero, index])
                    .map_err(spirv_error)?
            }
            None if space == Scratch::Local => {
                let (var, words) = self.local.expect("declared with the memory");
                let last = self.word(words - 1);
                let index = self.glsl(self.t.u32, GLOp::UMin, &[index, last])?;
                let pointer = self
                    .b
                    .type_pointer(None, spirv::StorageClass::Private, self.t.u32);
                self.b
                    .access_chain(pointer, None, var, [index])
                    .map_err(spirv_error)?
            }
            None => {
                let pointer = self
                    .b
                    .type_pointer(None, spirv::StorageClass::Workgroup, self.t.u32);
                let var = self.shared.expect("declared with the memory");
                self.b
                    .access_chain(pointer, None, var, [index])
                    .map_err(spirv_error)?
            }
        })
    }

    /// Runs `write` where `cond` holds (in a selection) or always.
    /// Atomic `op` on the `u32` at `pointer` with operand `v`, giving the old value.
    pub(super) fn atomic_word(
        &mut self,
        op: AtomicOp,
        pointer: Word,
        scope: Word,
        semantics: Word,
        v: Word,
    ) -> Result<Word, Unsupported> {
        self.atomic_typed(op, self.t.u32, pointer, scope, semantics, v)
    }

    /// An atomic on a `ty` (a 32-bit integer, or a float for exchange) at `pointer`.
    pub(super) fn atomic_typed(
        &mut self,
        op: AtomicOp,
        ty: Word,
        pointer: Word,
        scope: Word,
        semantics: Word,
        v: Word,
    ) -> Result<Word, Unsupported> {
        let b = &mut self.b;
        match op {
            AtomicOp::Add => b.atomic_i_add(ty, None, pointer, scope, semantics, v),
            AtomicOp::And => b.atomic_and(ty, None, pointer, scope, semantics, v),
            AtomicOp::Or => b.atomic_or(ty, None, pointer, scope, semantics, v),
            AtomicOp::Xor => b.atomic_xor(ty, None, pointer, scope, semantics, v),
            AtomicOp::Exchange => b.atomic_exchange(ty, None, pointer, scope, semantics, v),
            AtomicOp::UMin => b.atomic_u_min(ty, None, pointer, scope, semantics, v),
            AtomicOp::UMax => b.atomic_u_max(ty, None, pointer, scope, semantics, v),
            AtomicOp::SMin => b.atomic_s_min(ty, None, pointer, scope, semantics, v),
            AtomicOp::SMax => b.atomic_s_max(ty, None, pointer, scope, semantics, v),
        }
        .map_err(spirv_error)
    }

    pub(super) fn under(
        &mut self,
        cond: Option<Value>,
        write: impl FnOnce(&mut Self) -> Result<Word, Unsupported>,
    ) -> Result<Word, Unsupported> {
        let Some(cond) = cond else {
            return write(self);
        };
        let merge = self.open_selection(self.ids[cond.0 as usize])?;
        let result = write(self)?;
        self.b.branch(merge).map_err(spirv_error)?;
        self.b.begin_block(Some(merge)).map_err(spirv_error)?;
        Ok(result)
    }

    /// The word `make` gives where `cond` holds, 0 elsewhere: a phi after the selection
    /// (a load, or an atomic's old value, under a guard).
    fn word_where(
        &mut self,
        cond: Option<Value>,
        make: impl FnOnce(&mut Self) -> Result<Word, Unsupported>,
    ) -> Result<Word, Unsupported> {
        let u32_ty = self.t.u32;
        self.made_where(cond, u32_ty, make)
    }

    /// The value of type `ty` that `make` gives where `cond` holds, zero elsewhere.
    pub(super) fn made_where(
        &mut self,
        cond: Option<Value>,
        ty: Word,
        make: impl FnOnce(&mut Self) -> Result<Word, Unsupported>,
    ) -> Result<Word, Unsupported> {
        let Some(cond) = cond else {
            return make(self);
        };
        let zero = self.b.constant_null(ty);
        let skipped = self.current_label()?;
        let mut made = (0, 0);
        self.under(Some(cond), |e| {
            made = (make(e)?, e.current_label()?);
            Ok(0)
        })?;
        self.b
            .phi(ty, None, [made, (zero, skipped)])
            .map_err(spirv_error)
    }

    /// A word loaded where `cond` holds (0 elsewhere).
    fn load_word(
        &mut self,
        binding: Option<u32>,
        space: Scratch,
        offset_b: Value,
        cond: Option<Value>,
    ) -> Result<Word, Unsupported> {
        self.word_where(cond, |e| {
            let pointer = e.word_pointer(binding, space, offset_b)?;
            e.b.load(e.t.u32, None, pointer, None, [])
                .map_err(spirv_error)
        })
    }

    fn store_word(
        &mut self,
        binding: Option<u32>,
        space: Scratch,
        offset_b: Value,
        value: Value,
        cond: Option<Value>,
    ) -> Result<Word, Unsupported> {
        self.under(cond, |e| {
            let pointer = e.word_pointer(binding, space, offset_b)?;
            let value = e.ids[value.0 as usize];
            e.b.store(pointer, value, None, []).map_err(spirv_error)?;
            Ok(0)
        })
    }

    /// The memory operations, barriers and built-ins; `None` for any other op.
    pub(super) fn memory_op(&mut self, op: &Op) -> Result<Option<Word>, Unsupported> {
        let id = |e: &Self, v: Value| e.ids[v.0 as usize];
        Ok(Some(match *op {
            Op::Builtin(builtin @ (Builtin::SampleId | Builtin::SampleMask), _) => {
                self.sample_builtin(builtin)?
            }
            Op::Builtin(builtin, component) => {
                let (key, name) = match builtin {
                    Builtin::LocalInvocationId => (u32::MAX - 8, spirv::BuiltIn::LocalInvocationId),
                    Builtin::WorkgroupId => (u32::MAX - 9, spirv::BuiltIn::WorkgroupId),
                    Builtin::NumWorkgroups => (u32::MAX - 10, spirv::BuiltIn::NumWorkgroups),
                    Builtin::SampleId | Builtin::SampleMask => unreachable!("matched above"),
                };
                let uvec3 = self.b.type_vector(self.t.u32, 3);
                let var = self.input_variable(key, uvec3, |b, var| {
                    b.decorate(
                        var,
                        spirv::Decoration::BuiltIn,
                        [SpirvOperand::BuiltIn(name)],
                    );
                });
                let pointer = self
                    .b
                    .type_pointer(None, spirv::StorageClass::Input, self.t.u32);
                let index = self.word(u32::from(component));
                let element = self
                    .b
                    .access_chain(pointer, None, var, [index])
                    .map_err(spirv_error)?;
                self.b
                    .load(self.t.u32, None, element, None, [])
                    .map_err(spirv_error)?
            }
            Op::StorageLoad {
                binding,
                offset_b,
                cond,
            } => self.load_word(Some(binding), Scratch::Shared, offset_b, cond)?,
            Op::ScratchLoad {
                space,
                offset_b,
                cond,
            } => self.load_word(None, space, offset_b, cond)?,
            Op::StorageStore {
                binding,
                offset_b,
                value,
                cond,
            } => self.store_word(Some(binding), Scratch::Shared, offset_b, value, cond)?,
            Op::ScratchStore {
                space,
                offset_b,
                value,
                cond,
            } => self.store_word(None, space, offset_b, value, cond)?,
            Op::StorageAtomic {
                op,
                binding,
                offset_b,
                value,
                cond,
            } => self.word_where(cond, |e| {
                let pointer = e.word_pointer(binding, Scratch::Shared, offset_b)?;
                // Relaxed, at the scope of the memory: as Maxwell's `red`/`atom` on global
                // memory and `atoms` on shared memory.
                let (scope, semantics) = (e.word(memory_scope(binding) as u32), e.word(0));
                let v = id(e, value);
                e.atomic_word(op, pointer, scope, semantics, v)
            })?,
            Op::AtomicCompareSwap {
                binding,
                offset_b,
                compare,
                value,
                cond,
            } => self.word_where(cond, |e| {
                let pointer = e.word_pointer(binding, Scratch::Shared, offset_b)?;
                // Relaxed both ways, at the memory's scope, as `atom cas` / `atoms cas`.
                let (scope, relaxed) = (e.word(memory_scope(binding) as u32), e.word(0));
                let (ty, v, c) = (e.t.u32, id(e, value), id(e, compare));
                e.b.atomic_compare_exchange(ty, None, pointer, scope, relaxed, relaxed, v, c)
                    .map_err(spirv_error)
            })?,
            Op::Barrier => {
                // barrier(): the workgroup waits; shared memory writes before it are seen
                // after it (acquire-release on workgroup memory), as `bar sync` orders.
                let scope = self.word(spirv::Scope::Workgroup as u32);
                let semantics = self.word(
                    (spirv::MemorySemantics::ACQUIRE_RELEASE
                        | spirv::MemorySemantics::WORKGROUP_MEMORY)
                        .bits(),
                );
                self.b
                    .control_barrier(scope, scope, semantics)
                    .map_err(spirv_error)?;
                0
            }
            Op::MemoryBarrier { device } => {
                // memoryBarrier*(): this invocation's accesses to storage, image and
                // shared memory ordered around it at the scope `membar` names.
                let scope = if device {
                    spirv::Scope::Device
                } else {
                    spirv::Scope::Workgroup
                };
                let scope = self.word(scope as u32);
                let semantics = self.word(
                    (spirv::MemorySemantics::ACQUIRE_RELEASE
                        | spirv::MemorySemantics::WORKGROUP_MEMORY
                        | spirv::MemorySemantics::UNIFORM_MEMORY
                        | spirv::MemorySemantics::IMAGE_MEMORY)
                        .bits(),
                );
                self.b
                    .memory_barrier(scope, semantics)
                    .map_err(spirv_error)?;
                0
            }
            _ => return self.global_op(op),
        }))
    }
}

/// The scope of an atomic on a storage binding (`Some`: global memory, the device's) or
/// on shared memory (`None`: the workgroup's).
fn memory_scope(binding: Option<u32>) -> spirv::Scope {
    match binding {
        Some(_) => spirv::Scope::Device,
        None => spirv::Scope::Workgroup,
    }
}

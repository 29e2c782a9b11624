//! The emitted module made smaller before it leaves: the emitter writes each register as
//! a `u32` and casts around every float operation, and reads a constant-buffer vector
//! for every word of it, so a module comes out several times the size of glslang's for
//! the same GLSL, and every later step (the remap, spirv-val twice, spirv-opt,
//! reflection, the Metal check) pays for the size. Plain passes: within a block, the same
//! read-only operation twice becomes one (a block's earlier instruction dominates its
//! later ones); then results (phis among them) and constants no one uses are dropped.

use std::collections::{HashMap, HashSet};

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Op, StorageClass, Word};

/// Operations without side effects whose result depends only on their operands.
fn pure(op: Op) -> bool {
    matches!(
        op,
        Op::Bitcast
            | Op::CompositeExtract
            | Op::AccessChain
            | Op::VectorExtractDynamic
            | Op::ShiftRightLogical
            | Op::ShiftLeftLogical
            | Op::BitwiseAnd
            | Op::BitwiseOr
            | Op::IAdd
            | Op::ISub
    )
}

/// Storage that no invocation writes while the shader runs: a load of it gives the same
/// value anywhere.
fn read_only(class: StorageClass) -> bool {
    matches!(
        class,
        StorageClass::Uniform | StorageClass::Input | StorageClass::UniformConstant
    )
}

fn ids_mut(inst: &mut Instruction) -> impl Iterator<Item = &mut Word> {
    inst.operands.iter_mut().filter_map(Operand::id_ref_any_mut)
}

/// What a module does with `module`'s instructions, for the tidy passes.
struct Classes {
    /// Storage class by pointer type.
    pointer_class: HashMap<Word, StorageClass>,
    /// The pointer type of each variable and access chain.
    pointers: HashMap<Word, Word>,
    /// Ids with a decoration (left alone: `NoContraction` and the like).
    decorated: HashSet<Word>,
}

impl Classes {
    fn of(module: &Module) -> Self {
        let pointer_class = module
            .types_global_values
            .iter()
            .filter(|inst| inst.class.opcode == Op::TypePointer)
            .filter_map(|inst| match inst.operands.first() {
                Some(Operand::StorageClass(class)) => Some((inst.result_id?, *class)),
                _ => None,
            })
            .collect();
        let decorated = module
            .annotations
            .iter()
            .filter_map(|inst| inst.operands.first().and_then(Operand::id_ref_any))
            .collect();
        Self {
            pointer_class,
            pointers: pointer_types(module),
            decorated,
        }
    }

    /// Whether two copies of `inst` in one block give the same value.
    fn repeatable(&self, inst: &Instruction) -> bool {
        let op = inst.class.opcode;
        let readable = op == Op::Load && inst.operands.len() == 1 && self.load_is_read_only(inst);
        (pure(op) || readable)
            && !inst
                .result_id
                .is_some_and(|id| self.decorated.contains(&id))
    }

    fn load_is_read_only(&self, load: &Instruction) -> bool {
        load.operands
            .first()
            .and_then(Operand::id_ref_any)
            .and_then(|pointer| self.pointers.get(&pointer))
            .and_then(|ty| self.pointer_class.get(ty))
            .is_some_and(|&class| read_only(class))
    }

    /// Whether `inst` may go when its result is unused.
    fn droppable(&self, inst: &Instruction) -> bool {
        let op = inst.class.opcode;
        (pure(op) || op == Op::Load || op == Op::Phi)
            && inst
                .result_id
                .is_some_and(|id| !self.decorated.contains(&id))
    }
}

/// The type of every variable and access chain: the pointers loads read through.
fn pointer_types(module: &Module) -> HashMap<Word, Word> {
    let globals = module
        .types_global_values
        .iter()
        .filter(|inst| inst.class.opcode == Op::Variable);
    let locals = module
        .functions
        .iter()
        .flat_map(|function| &function.blocks)
        .flat_map(|block| &block.instructions)
        .filter(|inst| matches!(inst.class.opcode, Op::Variable | Op::AccessChain));
    globals
        .chain(locals)
        .filter_map(|inst| Some((inst.result_id?, inst.result_type?)))
        .collect()
}

/// Both passes, over every function of `module`.
pub fn tidy(module: &mut Module) {
    let classes = Classes::of(module);
    for function in &mut module.functions {
        let mut replaced: HashMap<Word, Word> = HashMap::new();
        for block in &mut function.blocks {
            let mut seen: HashMap<(Op, Option<Word>, Vec<Operand>), Word> = HashMap::new();
            block.instructions.retain_mut(|inst| {
                for id in ids_mut(inst) {
                    if let Some(&first) = replaced.get(id) {
                        *id = first;
                    }
                }
                let repeatable = classes.repeatable(inst);
                let Some(result) = inst.result_id.filter(|_| repeatable) else {
                    return true;
                };
                let key = (inst.class.opcode, inst.result_type, inst.operands.clone());
                match seen.get(&key) {
                    Some(&first) => {
                        replaced.insert(result, first);
                        false
                    }
                    None => {
                        seen.insert(key, result);
                        true
                    }
                }
            });
        }
        // A loop header's phis and merges name values of blocks written after it.
        if !replaced.is_empty() {
            for inst in function
                .blocks
                .iter_mut()
                .flat_map(|block| block.instructions.iter_mut())
            {
                for id in ids_mut(inst) {
                    if let Some(&first) = replaced.get(id) {
                        *id = first;
                    }
                }
            }
        }
    }
    drop_unused(module, &classes);
}

/// Drops results (and module constants) no instruction reads, until none is left.
fn drop_unused(module: &mut Module, classes: &Classes) {
    loop {
        let mut used: HashSet<Word> = HashSet::new();
        for inst in module.all_inst_iter() {
            used.extend(inst.operands.iter().filter_map(Operand::id_ref_any));
        }
        let mut dropped = false;
        for block in module
            .functions
            .iter_mut()
            .flat_map(|function| function.blocks.iter_mut())
        {
            block.instructions.retain(|inst| {
                let unused =
                    classes.droppable(inst) && inst.result_id.is_some_and(|id| !used.contains(&id));
                dropped |= unused;
                !unused
            });
        }
        module.types_global_values.retain(|inst| {
            let unused = matches!(
                inst.class.opcode,
                Op::Constant | Op::ConstantTrue | Op::ConstantFalse | Op::ConstantComposite
            ) && inst.result_id.is_some_and(|id| !used.contains(&id));
            dropped |= unused;
            !unused
        });
        if !dropped {
            return;
        }
    }
}

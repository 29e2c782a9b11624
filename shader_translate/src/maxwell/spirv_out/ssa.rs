//! Registers and predicates carried across loops as SSA values with `OpPhi`, not as
//! function variables: the IR's [`Op::Store`]/[`Op::Load`] of a [`Var`] set and read the
//! variable's current value while the module is written, and where control joins (a
//! loop's header, its continue block and its merge block) each variable that arrives
//! with different values gets a phi. A header phi whose value comes back unchanged from
//! every iteration is no phi: its uses take the value from before the loop. spirv-opt
//! then has no variables to promote (its SSA rewrite was most of its time on loops).
//!
//! Each loop is written as SPIR-V's structured loop: the header (phis, `OpLoopMerge`),
//! the body, a continue block that branches back to the header, and the merge block.
//! The edges into the continue and merge blocks (a `cont` or `brk` where its condition
//! holds, and the body's end) each carry a snapshot of every variable.

use std::collections::{BTreeMap, HashMap};

use rspirv::dr::{Instruction, Operand as SpirvOperand};
use rspirv::spirv::{self, Word};

use super::{malformed, no_loop, spirv_error, Emitter};
use crate::maxwell::ir::{LoopExit, Unsupported, Var};

/// The value of each carried variable at one point.
pub(super) type Snapshot = BTreeMap<Var, Word>;

/// A loop being written.
pub(super) struct OpenLoop {
    header: Word,
    /// The header block's index in the function (its phis go first in it).
    header_block: usize,
    merge: Word,
    cont: Word,
    /// The block that enters the loop, and each variable's value there.
    preheader: Word,
    entry: Snapshot,
    /// The header's phi for each variable (until the loop ends, the value inside).
    phis: BTreeMap<Var, Word>,
    /// The edges into the merge block and into the continue block: (from, values).
    breaks: Vec<(Word, Snapshot)>,
    continues: Vec<(Word, Snapshot)>,
}

impl Emitter<'_> {
    /// The label of the block being written.
    pub(super) fn current_label(&self) -> Result<Word, Unsupported> {
        let (Some(function), Some(block)) = (self.b.selected_function(), self.b.selected_block())
        else {
            return Err(malformed("no block being written"));
        };
        self.b.module_ref().functions[function].blocks[block]
            .label_id()
            .ok_or_else(|| malformed("a block without a label"))
    }

    /// What `id` stands for once trivial phis are gone.
    pub(super) fn settled(&self, mut id: Word) -> Word {
        while let Some(&to) = self.replaced.get(&id) {
            id = to;
        }
        id
    }

    fn var_type(&self, var: Var) -> Word {
        match var {
            Var::Reg(_) | Var::Attr(_) => self.t.u32,
            Var::Pred(_) | Var::Leave(_) => self.t.bool,
        }
    }

    /// The variable's value here (undefined where no path stored it, as a function
    /// variable without an initialiser would be).
    pub(super) fn load_var(&mut self, var: Var) -> Word {
        match self.current.get(&var) {
            Some(&value) => self.settled(value),
            None => {
                let ty = self.var_type(var);
                self.b.undef(ty, None)
            }
        }
    }

    pub(super) fn store_var(&mut self, var: Var, value: Word) {
        self.current.insert(var, value);
    }

    /// Opens a loop: the header with a phi for every carried variable, then the body.
    pub(super) fn loop_begin(&mut self) -> Result<(), Unsupported> {
        let (header, body, merge, cont) = (self.b.id(), self.b.id(), self.b.id(), self.b.id());
        let preheader = self.current_label()?;
        self.b.branch(header).map_err(spirv_error)?;
        self.b.begin_block(Some(header)).map_err(spirv_error)?;
        let header_block = self
            .b
            .selected_block()
            .ok_or_else(|| malformed("no header block"))?;
        self.b
            .loop_merge(merge, cont, spirv::LoopControl::NONE, [])
            .map_err(spirv_error)?;
        self.b.branch(body).map_err(spirv_error)?;
        self.b.begin_block(Some(body)).map_err(spirv_error)?;
        let entry: Snapshot = self
            .current
            .iter()
            .map(|(&var, &value)| (var, self.settled(value)))
            .collect();
        let phis: BTreeMap<Var, Word> = entry.keys().map(|&var| (var, self.b.id())).collect();
        self.current = phis.clone();
        self.loops.push(OpenLoop {
            header,
            header_block,
            merge,
            cont,
            preheader,
            entry,
            phis,
            breaks: Vec::new(),
            continues: Vec::new(),
        });
        self.saved_views.push(self.float_views.clone());
        Ok(())
    }

    /// Branches from the block being written to the innermost loop's merge or continue
    /// block, the variables' values going with it.
    pub(super) fn leave_loop(&mut self, to: LoopExit) -> Result<(), Unsupported> {
        let from = self.current_label()?;
        let values: Snapshot = self
            .current
            .iter()
            .map(|(&var, &value)| (var, self.settled(value)))
            .collect();
        let open = self.loops.last_mut().ok_or_else(no_loop)?;
        let target = match to {
            LoopExit::Break => {
                open.breaks.push((from, values));
                open.merge
            }
            LoopExit::Continue => {
                open.continues.push((from, values));
                open.cont
            }
        };
        self.b.branch(target).map_err(spirv_error)
    }

    /// Where control joins from `edges`: each variable is the one value every edge
    /// brings, or a phi at the start of the block being written (just begun).
    fn join(&mut self, edges: &[(Word, Snapshot)]) -> Result<Snapshot, Unsupported> {
        let mut joined = Snapshot::new();
        let Some((_, first)) = edges.first() else {
            return Ok(joined);
        };
        let (function, block) = match (self.b.selected_function(), self.b.selected_block()) {
            (Some(f), Some(b)) => (f, b),
            _ => return Err(malformed("no block to join in")),
        };
        let mut phis = Vec::new();
        for &var in first.keys() {
            let values: Vec<Option<Word>> = edges
                .iter()
                .map(|(_, values)| values.get(&var).map(|&v| self.settled(v)))
                .collect();
            if values.iter().any(Option::is_none) {
                // Not carried on every path in: undefined after the join, as before.
                continue;
            }
            let values: Vec<Word> = values.into_iter().flatten().collect();
            if values.iter().all(|&v| v == values[0]) {
                joined.insert(var, values[0]);
                continue;
            }
            let id = self.b.id();
            let operands = values
                .iter()
                .zip(edges)
                .flat_map(|(&value, (from, _))| {
                    [SpirvOperand::IdRef(value), SpirvOperand::IdRef(*from)]
                })
                .collect();
            phis.push(Instruction::new(
                spirv::Op::Phi,
                Some(self.var_type(var)),
                Some(id),
                operands,
            ));
            joined.insert(var, id);
        }
        let instructions = &mut self.b.module_mut().functions[function].blocks[block].instructions;
        instructions.splice(0..0, phis);
        Ok(joined)
    }

    /// Ends the innermost loop's body (on to the next iteration when `repeat`, out of the
    /// loop otherwise): writes the continue block and the header's phis, and goes on in
    /// the merge block.
    pub(super) fn loop_end(&mut self, repeat: bool) -> Result<(), Unsupported> {
        self.leave_loop(if repeat {
            LoopExit::Continue
        } else {
            LoopExit::Break
        })?;
        let open = self.loops.pop().ok_or_else(no_loop)?;
        self.b.begin_block(Some(open.cont)).map_err(spirv_error)?;
        let back = self.join(&open.continues)?;
        self.b.branch(open.header).map_err(spirv_error)?;
        let function = self
            .b
            .selected_function()
            .ok_or_else(|| malformed("no function"))?;
        let mut phis = Vec::new();
        for (&var, &phi) in &open.phis {
            let before = open.entry[&var];
            match back.get(&var).map(|&v| self.settled(v)) {
                // Unchanged by every iteration (or no iteration goes round): no phi.
                Some(again) if again == phi => {
                    self.replaced.insert(phi, before);
                }
                None => {
                    self.replaced.insert(phi, before);
                }
                Some(again) => phis.push(Instruction::new(
                    spirv::Op::Phi,
                    Some(self.var_type(var)),
                    Some(phi),
                    vec![
                        SpirvOperand::IdRef(before),
                        SpirvOperand::IdRef(open.preheader),
                        SpirvOperand::IdRef(again),
                        SpirvOperand::IdRef(open.cont),
                    ],
                )),
            }
        }
        let header =
            &mut self.b.module_mut().functions[function].blocks[open.header_block].instructions;
        header.splice(0..0, phis);
        self.b.begin_block(Some(open.merge)).map_err(spirv_error)?;
        self.current = self.join(&open.breaks)?;
        self.float_views = self.saved_views.pop().ok_or_else(no_loop)?;
        Ok(())
    }

    /// Points every use of a trivial phi at the value it stood for (once the function is
    /// written).
    pub(super) fn settle_phis(&mut self) {
        if self.replaced.is_empty() {
            return;
        }
        let replaced = std::mem::take(&mut self.replaced);
        let settle = |mut id: Word| {
            while let Some(&to) = replaced.get(&id) {
                id = to;
            }
            id
        };
        let settled: HashMap<Word, Word> = replaced.keys().map(|&id| (id, settle(id))).collect();
        for function in &mut self.b.module_mut().functions {
            for block in &mut function.blocks {
                for inst in &mut block.instructions {
                    for id in inst
                        .operands
                        .iter_mut()
                        .filter_map(SpirvOperand::id_ref_any_mut)
                    {
                        if let Some(&to) = settled.get(id) {
                            *id = to;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rspirv::spirv::{Op, StorageClass};

    use crate::maxwell::corpus::MAXWELL_CORPUS;
    use crate::validate::validate_spirv;

    /// Every corpus program comes out valid without a function variable (registers,
    /// predicates and guarded loads are SSA values), and each program with a loop whose
    /// registers change in it joins them with phis.
    #[test]
    fn loops_carry_registers_as_phis_not_variables() {
        let mut with_phis = 0;
        for program in MAXWELL_CORPUS {
            let words = program.spirv().unwrap();
            validate_spirv(&words).unwrap_or_else(|log| panic!("{}: {log}", program.name));
            let module = rspirv::dr::load_words(&words).unwrap();
            let body = || {
                module
                    .functions
                    .iter()
                    .flat_map(|f| &f.blocks)
                    .flat_map(|b| &b.instructions)
            };
            let function_variables = body()
                .filter(|inst| inst.class.opcode == Op::Variable)
                .filter(|inst| {
                    inst.operands.first()
                        == Some(&rspirv::dr::Operand::StorageClass(StorageClass::Function))
                })
                .count();
            assert_eq!(function_variables, 0, "{}", program.name);
            let loops = body()
                .filter(|inst| inst.class.opcode == Op::LoopMerge)
                .count();
            let phis = body().filter(|inst| inst.class.opcode == Op::Phi).count();
            if loops > 0 && phis > 0 {
                with_phis += 1;
            }
        }
        assert!(with_phis >= 5, "{with_phis} programs with loop phis");
    }
}

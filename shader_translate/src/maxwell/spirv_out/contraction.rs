//! Float adds, multiplies and fused multiply-adds rounded as the Maxwell instruction
//! rounds. `fadd`, `fmul` and `ffma` each round once; SPIR-V lets a driver fuse a
//! multiply into a later add (or split a fused one) unless the result is decorated
//! `NoContraction`, and NVIDIA's driver fuses: `x - floor(x)` of a product, an `fmul`,
//! an `f2f floor` and an `fadd` in the binary, became a fused multiply-add of the
//! unrounded product there, off by up to an ulp of the product. yuzu marks the same
//! three instructions with its `FpControl::no_contraction`.

use rspirv::spirv::{self, Word};

use super::Emitter;

impl Emitter<'_> {
    /// `id`, decorated to be computed and rounded on its own.
    pub(super) fn rounded_alone(&mut self, id: Word) -> Word {
        self.b.decorate(id, spirv::Decoration::NoContraction, []);
        id
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use rspirv::dr::Operand;
    use rspirv::spirv::{Decoration, Op};

    use crate::maxwell::corpus::MAXWELL_CORPUS;

    /// Every float add and multiply of a corpus program's module (each an `fadd` or
    /// `fmul` of the binary) is decorated `NoContraction`.
    #[test]
    fn every_float_add_and_multiply_rounds_alone() {
        let mut checked = 0;
        for program in MAXWELL_CORPUS {
            let words = program.spirv().unwrap();
            let module = rspirv::dr::load_words(&words).unwrap();
            let alone: HashSet<u32> = module
                .annotations
                .iter()
                .filter(|inst| inst.class.opcode == Op::Decorate)
                .filter(|inst| {
                    inst.operands.get(1) == Some(&Operand::Decoration(Decoration::NoContraction))
                })
                .filter_map(|inst| inst.operands.first().and_then(Operand::id_ref_any))
                .collect();
            for inst in module
                .functions
                .iter()
                .flat_map(|f| &f.blocks)
                .flat_map(|b| &b.instructions)
                .filter(|inst| inst.class.opcode == Op::FAdd)
            {
                let id = inst.result_id.unwrap();
                assert!(alone.contains(&id), "{}: %{id} may be fused", program.name);
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} float adds");
    }
}

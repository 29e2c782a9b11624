//! A module made exact: every float operation decorated `NoContraction`, as the Maxwell
//! translation's `fadd`, `fmul` and `ffma` are. Without it spirv-opt and the driver may
//! treat the arithmetic as reassociable and rewrite it (spirv-opt folds `(f4 - m) + m` to
//! `f4`, Mesa cancels `t` in `t + ((f0 - f2) + (y0 - t))`, NVIDIA's driver fuses a
//! product into an add), where a compiled Maxwell binary rounds each step as written.
//! The decoration is GLSL's `precise` on every float expression. `hookshot shader fuzz`
//! makes glslang's reference module so, and does not optimise it after.

use crate::spirv::module::{Instruction, Section};
use crate::spirv::ops::op;
use crate::spirv::{Module, ParseError};

/// `NoContraction`.
const NO_CONTRACTION: u32 = 42;
/// Float arithmetic whose result a driver may reassociate or fuse: `OpFNegate`,
/// `OpFAdd`, `OpFSub`, `OpFMul`, `OpFDiv`, `OpFRem`, `OpFMod`, `OpVectorTimesScalar`,
/// `OpMatrixTimesScalar`, `OpVectorTimesMatrix`, `OpMatrixTimesVector`,
/// `OpMatrixTimesMatrix`, `OpOuterProduct`, `OpDot`. Each has its result id second.
const FLOAT_ARITHMETIC: [u16; 14] = [
    127, 129, 131, 133, 136, 140, 141, 142, 143, 144, 145, 146, 147, 148,
];

/// `words` with an `OpDecorate %id NoContraction` for each float operation's result
/// that has none, in the annotation section.
pub fn add_no_contraction(words: &[u32]) -> Result<Vec<u32>, ParseError> {
    let mut module = Module::parse(words)?;
    let decorated: std::collections::BTreeSet<u32> = module
        .instructions
        .iter()
        .filter(|i| i.opcode == op::DECORATE && i.operands.get(1) == Some(&NO_CONTRACTION))
        .map(|i| i.operands[0])
        .collect();
    let added: Vec<Instruction> = module
        .instructions
        .iter()
        .filter(|i| FLOAT_ARITHMETIC.contains(&i.opcode))
        .filter_map(|i| i.operands.get(1).copied())
        .filter(|id| !decorated.contains(id))
        .map(|id| Instruction {
            opcode: op::DECORATE,
            operands: vec![id, NO_CONTRACTION],
        })
        .collect();
    module.insert_in_section(Section::Annotation, added);
    Ok(module.to_words())
}

#[cfg(test)]
mod tests {
    use super::*;

    const OP_DECORATE: u32 = op::DECORATE as u32;

    fn op(opcode: u32, operands: &[u32]) -> Vec<u32> {
        let mut words = vec![((operands.len() as u32 + 1) << 16) | opcode];
        words.extend_from_slice(operands);
        words
    }

    /// A header, an `OpName`, a binding decoration, an `OpFMul` already `NoContraction`
    /// (id 8), a float type, an `OpFAdd` (id 7), the `OpFMul` and an `OpIAdd` (id 9).
    fn module() -> Vec<u32> {
        let mut words = vec![0x0723_0203, 0x0001_0000, 0, 10, 0];
        words.extend(op(5, &[3, 0x6161]));
        words.extend(op(71, &[3, 33, 0]));
        words.extend(op(71, &[8, NO_CONTRACTION]));
        words.extend(op(22, &[2, 32]));
        words.extend(op(129, &[2, 7, 4, 5]));
        words.extend(op(133, &[2, 8, 7, 5]));
        words.extend(op(128, &[2, 9, 4, 5]));
        words
    }

    #[test]
    fn each_float_operation_gains_one_no_contraction_in_the_annotations() {
        let words = module();
        let out = add_no_contraction(&words).unwrap();
        assert_eq!(out.len(), words.len() + 3);
        // After the header, the 3-word `OpName` and the two decorations: the new
        // decoration of id 7, then the rest as it was.
        assert_eq!(&out[..15], &words[..15]);
        assert_eq!(&out[15..18], &[(3 << 16) | OP_DECORATE, 7, NO_CONTRACTION]);
        assert_eq!(&out[18..], &words[15..]);
        let again = add_no_contraction(&out).unwrap();
        assert_eq!(again, out, "a decorated module gains nothing");
    }

    #[test]
    fn a_damaged_module_is_an_error_with_its_place() {
        let mut words = module();
        words.truncate(words.len() - 1);
        assert_eq!(add_no_contraction(&words), Err(ParseError::Truncated(28)));
        let mut words = module();
        words[5] = 5;
        assert_eq!(add_no_contraction(&words), Err(ParseError::ZeroLength(5)));
        assert_eq!(
            add_no_contraction(&[0x0723_0203]),
            Err(ParseError::NoHeader)
        );
    }
}

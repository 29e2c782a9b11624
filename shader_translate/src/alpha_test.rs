//! NVN's alpha test, which Vulkan lacks: a fragment stage rewritten so that, before each
//! return of its entry point, the alpha of colour output 0 is compared with a reference
//! and the fragment is discarded where the compare fails.

use crate::spirv::edit::{entry_point, find_or_add_type, function_range, IdAllocator};
use crate::spirv::module::{Instruction, Section};
use crate::spirv::ops::{decoration, op, storage_class};
use crate::spirv::{Module, ParseError};

const OP_RETURN: u16 = 253;
const OP_KILL: u16 = 252;
const OP_F_ORD_EQUAL: u16 = 180;
const OP_F_ORD_NOT_EQUAL: u16 = 182;
const OP_F_ORD_LESS_THAN: u16 = 184;
const OP_F_ORD_GREATER_THAN: u16 = 186;
const OP_F_ORD_LESS_THAN_EQUAL: u16 = 188;
const OP_F_ORD_GREATER_THAN_EQUAL: u16 = 190;

/// When a fragment passes: `alpha COMPARE reference`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlphaCompare {
    Never,
    Less,
    Equal,
    LessEqual,
    Greater,
    NotEqual,
    GreaterEqual,
    Always,
}

#[derive(Clone, Debug, thiserror::Error, PartialEq)]
pub enum AlphaTestError {
    #[error("the module does not parse: {0}")]
    Parse(#[from] ParseError),
    #[error("the module has no entry point")]
    NoEntryPoint,
    #[error("the entry point's function {0} is not in the module")]
    NoFunction(u32),
    #[error("the fragment stage has no floating-point vec4 colour output at location 0 to test")]
    NoColourOutput,
}

/// `words` discarding fragments whose colour 0 alpha fails `alpha compare reference`.
pub fn write_alpha_test(
    words: &[u32],
    compare: AlphaCompare,
    reference: f32,
) -> Result<Vec<u32>, AlphaTestError> {
    if compare == AlphaCompare::Always {
        return Ok(words.to_vec());
    }
    let mut module = Module::parse(words)?;
    let mut ids = IdAllocator::new(&module);
    let (_, function) = entry_point(&module).ok_or(AlphaTestError::NoEntryPoint)?;
    let (colour, float) = colour_output(&module).ok_or(AlphaTestError::NoColourOutput)?;
    let float_output = find_or_add_type(
        &mut module,
        &mut ids,
        op::TYPE_POINTER,
        &[storage_class::OUTPUT, float],
    );
    let bool_type = find_or_add_type(&mut module, &mut ids, op::TYPE_BOOL, &[]);
    let int = find_or_add_type(&mut module, &mut ids, op::TYPE_INT, &[32, 1]);
    let (alpha_index, reference_id) = (ids.next(), ids.next());
    module.insert_in_section(
        Section::Global,
        vec![
            Instruction {
                opcode: op::CONSTANT,
                operands: vec![int, alpha_index, 3],
            },
            Instruction {
                opcode: op::CONSTANT,
                operands: vec![float, reference_id, reference.to_bits()],
            },
        ],
    );
    let (start, end) =
        function_range(&module, function).ok_or(AlphaTestError::NoFunction(function))?;
    let returns: Vec<usize> = (start..end)
        .filter(|&at| module.instructions[at].opcode == OP_RETURN)
        .collect();
    for at in returns.into_iter().rev() {
        let test = discard_unless_passing(
            &mut ids,
            [colour, float, float_output, bool_type, alpha_index],
            compare,
            reference_id,
        );
        module.instructions.splice(at..=at, test);
    }
    module.header[3] = ids.bound;
    Ok(module.to_words())
}

/// What replaces an `OpReturn`: the compare, a branch to a block that kills the
/// fragment where it fails, and the return in the block after.
fn discard_unless_passing(
    ids: &mut IdAllocator,
    [colour, float, float_output, bool_type, alpha_index]: [u32; 5],
    compare: AlphaCompare,
    reference: u32,
) -> Vec<Instruction> {
    let instruction = |opcode: u16, operands: Vec<u32>| Instruction { opcode, operands };
    if compare == AlphaCompare::Never {
        return vec![instruction(OP_KILL, vec![])];
    }
    let opcode = match compare {
        AlphaCompare::Less => OP_F_ORD_LESS_THAN,
        AlphaCompare::Equal => OP_F_ORD_EQUAL,
        AlphaCompare::LessEqual => OP_F_ORD_LESS_THAN_EQUAL,
        AlphaCompare::Greater => OP_F_ORD_GREATER_THAN,
        AlphaCompare::NotEqual => OP_F_ORD_NOT_EQUAL,
        AlphaCompare::GreaterEqual => OP_F_ORD_GREATER_THAN_EQUAL,
        AlphaCompare::Never | AlphaCompare::Always => unreachable!("handled above"),
    };
    let [pointer, alpha, passes, kill, pass] = [(); 5].map(|()| ids.next());
    vec![
        instruction(
            op::ACCESS_CHAIN,
            vec![float_output, pointer, colour, alpha_index],
        ),
        instruction(op::LOAD, vec![float, alpha, pointer]),
        instruction(opcode, vec![bool_type, passes, alpha, reference]),
        instruction(op::SELECTION_MERGE, vec![pass, 0]),
        instruction(op::BRANCH_CONDITIONAL, vec![passes, pass, kill]),
        instruction(op::LABEL, vec![kill]),
        instruction(OP_KILL, vec![]),
        instruction(op::LABEL, vec![pass]),
        instruction(OP_RETURN, vec![]),
    ]
}

/// The Output variable at location 0 of type vec4 of 32-bit float, and that float type.
fn colour_output(module: &Module) -> Option<(u32, u32)> {
    let at_zero: Vec<u32> = module
        .instructions
        .iter()
        .filter(|instruction| {
            instruction.opcode == op::DECORATE
                && instruction.operands.get(1..3) == Some(&[decoration::LOCATION, 0])
        })
        .map(|instruction| instruction.operands[0])
        .collect();
    let defined = |opcode: u16, id: u32| {
        module.instructions.iter().find(|instruction| {
            instruction.opcode == opcode && instruction.operands.first() == Some(&id)
        })
    };
    at_zero.iter().find_map(|&variable| {
        let declared = module.instructions.iter().find(|instruction| {
            instruction.opcode == op::VARIABLE
                && instruction.operands.get(1) == Some(&variable)
                && instruction.operands.get(2) == Some(&storage_class::OUTPUT)
        })?;
        let pointer = defined(op::TYPE_POINTER, declared.operands[0])?;
        let vector = defined(op::TYPE_VECTOR, *pointer.operands.get(2)?)?;
        let (component, count) = (*vector.operands.get(1)?, *vector.operands.get(2)?);
        let float = defined(op::TYPE_FLOAT, component)?;
        (count == 4 && float.operands == [component, 32]).then_some((variable, component))
    })
}

#[cfg(test)]
mod tests;

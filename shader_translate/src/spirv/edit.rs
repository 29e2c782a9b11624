//! Small edits of a module shared by the executor's rewrites: fresh ids, the entry
//! point, types found or added, a function's extent.

use super::module::{literal_string_words, Instruction, Section};
use super::ops::op;
use super::Module;

/// `OpFunctionEnd`.
const OP_FUNCTION_END: u16 = 56;

/// Hands out ids past the module's bound; `bound` is written back to the header.
pub struct IdAllocator {
    pub bound: u32,
}

impl IdAllocator {
    pub fn new(module: &Module) -> IdAllocator {
        IdAllocator {
            bound: module.header[3],
        }
    }

    pub fn next(&mut self) -> u32 {
        let id = self.bound;
        self.bound += 1;
        id
    }
}

/// The index of the (first) `OpEntryPoint` and its function's id.
pub fn entry_point(module: &Module) -> Option<(usize, u32)> {
    module
        .instructions
        .iter()
        .position(|instruction| instruction.opcode == op::ENTRY_POINT)
        .and_then(|at| {
            let function = *module.instructions[at].operands.get(1)?;
            Some((at, function))
        })
}

/// Adds `variable` to the entry point's interface unless it is there.
pub fn add_to_interface(module: &mut Module, entry_at: usize, variable: u32) {
    let operands = &mut module.instructions[entry_at].operands;
    let name_words = literal_string_words(operands.get(2..).unwrap_or(&[]));
    let interface_from = (2 + name_words).min(operands.len());
    if !operands[interface_from..].contains(&variable) {
        operands.push(variable);
    }
}

/// The id of the type `opcode operands...` (result id first), added when absent:
/// non-aggregate types must be unique in a module.
pub fn find_or_add_type(
    module: &mut Module,
    ids: &mut IdAllocator,
    opcode: u16,
    tail: &[u32],
) -> u32 {
    let end = module.functions_start();
    let found = module.instructions[..end].iter().find(|instruction| {
        instruction.opcode == opcode
            && instruction.operands.len() > tail.len()
            && instruction.operands[1..=tail.len()] == *tail
            // An OpTypeFloat with an encoding operand is another type.
            && (opcode != op::TYPE_FLOAT || instruction.operands.len() == 2)
    });
    if let Some(instruction) = found {
        return instruction.operands[0];
    }
    let id = ids.next();
    let mut operands = vec![id];
    operands.extend_from_slice(tail);
    module.insert_in_section(Section::Global, vec![Instruction { opcode, operands }]);
    id
}

/// `[OpFunction, OpFunctionEnd)` of `function`.
pub fn function_range(module: &Module, function: u32) -> Option<(usize, usize)> {
    let start = module.instructions.iter().position(|instruction| {
        instruction.opcode == op::FUNCTION && instruction.operands.get(1) == Some(&function)
    })?;
    let end = module.instructions[start..]
        .iter()
        .position(|instruction| instruction.opcode == OP_FUNCTION_END)
        .map_or(module.instructions.len(), |offset| start + offset);
    Some((start, end))
}

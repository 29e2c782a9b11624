//! NVN's point size for the last stage before the rasterizer where it makes points:
//! Vulkan has no fixed point size (that stage writes `PointSize`, and must), so a fixed
//! size is stored to `PointSize` before each return of the entry point (a vertex or
//! tessellation evaluation stage) or before each emitted vertex (a geometry stage), over
//! whatever the shader wrote; a size from the program gets 1.0 stored first, so a shader
//! that writes none draws 1 px points as the console does, and one that writes its own
//! keeps it.

use crate::spirv::edit::{
    add_to_interface, entry_point, find_or_add_type, function_range, IdAllocator,
};
use crate::spirv::module::{Instruction, Section};
use crate::spirv::ops::{decoration, op, storage_class};
use crate::spirv::{Module, ParseError};

/// `BuiltIn PointSize`.
const BUILT_IN_POINT_SIZE: u32 = 1;
const OP_FUNCTION_PARAMETER: u16 = 55;
const OP_RETURN: u16 = 253;
const OP_EMIT_VERTEX: u16 = 218;
const OP_EMIT_STREAM_VERTEX: u16 = 220;
/// `ExecutionModel Geometry`.
const EXECUTION_MODEL_GEOMETRY: u32 = 3;
const OP_NO_LINE: u16 = 317;

#[derive(Clone, Debug, thiserror::Error, PartialEq)]
pub enum PointSizeError {
    #[error("the module does not parse: {0}")]
    Parse(#[from] ParseError),
    #[error("the module has no entry point")]
    NoEntryPoint,
    #[error("the entry point's function {0} is not in the module")]
    NoFunction(u32),
    #[error("PointSize is a member of struct {0}, and no Output variable of that struct exists")]
    NoBlockVariable(u32),
}

/// Where `PointSize` is: a variable of its own, or member `member` of `variable`'s block.
enum Target {
    Variable(u32),
    Member { variable: u32, member: u32 },
}

/// `words` storing `size_px` to `PointSize` last (`Some`), or 1.0 first (`None`: the
/// shader's own write, if any, is what points take).
pub fn write_point_size(words: &[u32], size_px: Option<f32>) -> Result<Vec<u32>, PointSizeError> {
    let mut module = Module::parse(words)?;
    let mut ids = IdAllocator::new(&module);
    let (entry_at, function) = entry_point(&module).ok_or(PointSizeError::NoEntryPoint)?;
    let float = find_or_add_type(&mut module, &mut ids, op::TYPE_FLOAT, &[32]);
    let float_output = find_or_add_type(
        &mut module,
        &mut ids,
        op::TYPE_POINTER,
        &[storage_class::OUTPUT, float],
    );
    let target = match find_point_size(&module)? {
        Some(target) => target,
        None => {
            let variable = ids.next();
            module.insert_in_section(
                Section::Global,
                vec![Instruction {
                    opcode: op::VARIABLE,
                    operands: vec![float_output, variable, storage_class::OUTPUT],
                }],
            );
            module.insert_in_section(
                Section::Annotation,
                vec![Instruction {
                    opcode: op::DECORATE,
                    operands: vec![variable, decoration::BUILT_IN, BUILT_IN_POINT_SIZE],
                }],
            );
            Target::Variable(variable)
        }
    };
    let variable = match target {
        Target::Variable(variable) | Target::Member { variable, .. } => variable,
    };
    add_to_interface(&mut module, entry_at, variable);
    let value = ids.next();
    let bits = size_px.unwrap_or(1.0).to_bits();
    let mut globals = vec![Instruction {
        opcode: op::CONSTANT,
        operands: vec![float, value, bits],
    }];
    let member_index = match target {
        Target::Variable(_) => None,
        Target::Member { member, .. } => {
            let int = find_or_add_type(&mut module, &mut ids, op::TYPE_INT, &[32, 1]);
            let index = ids.next();
            globals.push(Instruction {
                opcode: op::CONSTANT,
                operands: vec![int, index, member],
            });
            Some(index)
        }
    };
    module.insert_in_section(Section::Global, globals);
    let store = |ids: &mut IdAllocator| -> Vec<Instruction> {
        let mut stores = Vec::new();
        let pointer = match member_index {
            None => variable,
            Some(index) => {
                let pointer = ids.next();
                stores.push(Instruction {
                    opcode: op::ACCESS_CHAIN,
                    operands: vec![float_output, pointer, variable, index],
                });
                pointer
            }
        };
        stores.push(Instruction {
            opcode: op::STORE,
            operands: vec![pointer, value],
        });
        stores
    };
    let (start, end) =
        function_range(&module, function).ok_or(PointSizeError::NoFunction(function))?;
    let geometry =
        module.instructions[entry_at].operands.first() == Some(&EXECUTION_MODEL_GEOMETRY);
    let emits = || {
        (0..module.instructions.len()).filter(|&at| {
            matches!(
                module.instructions[at].opcode,
                OP_EMIT_VERTEX | OP_EMIT_STREAM_VERTEX
            )
        })
    };
    // A geometry stage's outputs are undefined after each emit: a fixed size is stored
    // before every one (in any function), and the 1-pixel default first and again after
    // every one, so what the shader stores before its next emit is what that vertex takes.
    let sites: Vec<usize> = match (size_px, geometry) {
        (Some(_), true) => emits().collect(),
        (None, true) => std::iter::once(first_block_body(&module, start, end))
            .chain(emits().map(|at| at + 1))
            .collect(),
        (Some(_), false) => (start..end)
            .filter(|&at| module.instructions[at].opcode == OP_RETURN)
            .collect(),
        (None, false) => vec![first_block_body(&module, start, end)],
    };
    // From the last site back, so earlier indices stay valid.
    for at in sites.into_iter().rev() {
        let stores = store(&mut ids);
        module.instructions.splice(at..at, stores);
    }
    module.header[3] = ids.bound;
    Ok(module.to_words())
}

/// Where the module declares `PointSize`, if it does.
fn find_point_size(module: &Module) -> Result<Option<Target>, PointSizeError> {
    for instruction in &module.instructions {
        let operands = &instruction.operands;
        match instruction.opcode {
            op::DECORATE
                if operands.get(1..3) == Some(&[decoration::BUILT_IN, BUILT_IN_POINT_SIZE]) =>
            {
                return Ok(Some(Target::Variable(operands[0])));
            }
            op::MEMBER_DECORATE
                if operands.get(2..4) == Some(&[decoration::BUILT_IN, BUILT_IN_POINT_SIZE]) =>
            {
                let (block, member) = (operands[0], operands[1]);
                let variable =
                    block_variable(module, block).ok_or(PointSizeError::NoBlockVariable(block))?;
                return Ok(Some(Target::Member { variable, member }));
            }
            _ => {}
        }
    }
    Ok(None)
}

/// The Output variable whose type points at struct `block`.
fn block_variable(module: &Module, block: u32) -> Option<u32> {
    let pointers: Vec<u32> = module
        .instructions
        .iter()
        .filter(|instruction| {
            instruction.opcode == op::TYPE_POINTER
                && instruction.operands.get(1..3) == Some(&[storage_class::OUTPUT, block])
        })
        .map(|instruction| instruction.operands[0])
        .collect();
    module.instructions.iter().find_map(|instruction| {
        let operands = &instruction.operands;
        (instruction.opcode == op::VARIABLE
            && operands.get(2) == Some(&storage_class::OUTPUT)
            && pointers.contains(&operands[0]))
        .then(|| operands[1])
    })
}

/// The first instruction of the function's first block after its label and its
/// variables (which must come first).
fn first_block_body(module: &Module, start: usize, end: usize) -> usize {
    let mut at = start + 1;
    while at < end && module.instructions[at].opcode == OP_FUNCTION_PARAMETER {
        at += 1;
    }
    // The label.
    at += 1;
    while at < end
        && matches!(
            module.instructions[at].opcode,
            op::VARIABLE | op::LINE | OP_NO_LINE
        )
    {
        at += 1;
    }
    at.min(end)
}

#[cfg(test)]
pub(crate) mod tests;

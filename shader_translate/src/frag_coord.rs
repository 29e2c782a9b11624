//! `gl_FragCoord.y` under NVN's lower-left window origin: Vulkan's is measured down from
//! the target's first row whatever the viewport, the console's up from its last. Each
//! load of `FragCoord` (whole, or its y through an access chain) is followed by
//! `y = height - y`, the rewritten value taking the load's old id so no use changes.

use crate::spirv::edit::{find_or_add_type, IdAllocator};
use crate::spirv::module::{Instruction, Section};
use crate::spirv::ops::{decoration, op};
use crate::spirv::{Module, ParseError};

/// `BuiltIn FragCoord`.
const BUILT_IN_FRAG_COORD: u32 = 15;
const OP_F_SUB: u16 = 131;

#[derive(Clone, Debug, thiserror::Error, PartialEq)]
pub enum FragCoordError {
    #[error("the module does not parse: {0}")]
    Parse(#[from] ParseError),
    #[error("gl_FragCoord is indexed by a value not constant, which the y flip cannot follow")]
    DynamicIndex,
}

/// Whether `words` reads `gl_FragCoord` (a module that does not needs no flip).
pub fn reads_frag_coord(words: &[u32]) -> bool {
    Module::parse(words)
        .map(|module| frag_coord_variable(&module).is_some())
        .unwrap_or(false)
}

/// `words` seeing `gl_FragCoord.y` as `height_px - y` (`words` unchanged where it does
/// not read it).
pub fn flip_frag_coord_y(words: &[u32], height_px: f32) -> Result<Vec<u32>, FragCoordError> {
    let mut module = Module::parse(words)?;
    let Some(variable) = frag_coord_variable(&module) else {
        return Ok(words.to_vec());
    };
    let mut ids = IdAllocator::new(&module);
    let float = find_or_add_type(&mut module, &mut ids, op::TYPE_FLOAT, &[32]);
    let vec4 = find_or_add_type(&mut module, &mut ids, op::TYPE_VECTOR, &[float, 4]);
    let height = ids.next();
    module.insert_in_section(
        Section::Global,
        vec![Instruction {
            opcode: op::CONSTANT,
            operands: vec![float, height, height_px.to_bits()],
        }],
    );
    let y_pointers = y_pointers(&module, variable)?;
    let mut at = module.functions_start();
    while at < module.instructions.len() {
        let instruction = &module.instructions[at];
        let pointer = instruction.operands.get(2).copied();
        if instruction.opcode != op::LOAD {
            at += 1;
            continue;
        }
        let whole = pointer == Some(variable);
        if !whole && !pointer.is_some_and(|pointer| y_pointers.contains(&pointer)) {
            at += 1;
            continue;
        }
        let result = instruction.operands[1];
        let loaded = ids.next();
        module.instructions[at].operands[1] = loaded;
        let instruction = |opcode: u16, operands: Vec<u32>| Instruction { opcode, operands };
        let flip = if whole {
            let (y, flipped) = (ids.next(), ids.next());
            vec![
                instruction(op::COMPOSITE_EXTRACT, vec![float, y, loaded, 1]),
                instruction(OP_F_SUB, vec![float, flipped, height, y]),
                instruction(op::COMPOSITE_INSERT, vec![vec4, result, flipped, loaded, 1]),
            ]
        } else {
            vec![instruction(OP_F_SUB, vec![float, result, height, loaded])]
        };
        let count = flip.len();
        module.instructions.splice(at + 1..at + 1, flip);
        at += 1 + count;
    }
    module.header[3] = ids.bound;
    Ok(module.to_words())
}

/// The variable decorated `BuiltIn FragCoord`.
fn frag_coord_variable(module: &Module) -> Option<u32> {
    module.instructions.iter().find_map(|instruction| {
        (instruction.opcode == op::DECORATE
            && instruction.operands.get(1..3) == Some(&[decoration::BUILT_IN, BUILT_IN_FRAG_COORD]))
        .then(|| instruction.operands[0])
    })
}

/// The access chains into `variable` that point at its y (index 1); an error where one
/// indexes it by a value that is not a constant.
fn y_pointers(module: &Module, variable: u32) -> Result<Vec<u32>, FragCoordError> {
    let constant = |id: u32| {
        module.instructions.iter().find_map(|instruction| {
            (instruction.opcode == op::CONSTANT && instruction.operands.get(1) == Some(&id))
                .then(|| instruction.operands.get(2).copied())
                .flatten()
        })
    };
    let mut pointers = Vec::new();
    for instruction in &module.instructions {
        let chains = matches!(
            instruction.opcode,
            op::ACCESS_CHAIN | op::IN_BOUNDS_ACCESS_CHAIN
        );
        if !chains || instruction.operands.get(2) != Some(&variable) {
            continue;
        }
        let index = instruction.operands.get(3).copied();
        match index.map(constant) {
            Some(Some(1)) => pointers.push(instruction.operands[1]),
            Some(Some(_)) => {}
            _ => return Err(FragCoordError::DynamicIndex),
        }
    }
    Ok(pointers)
}

#[cfg(test)]
mod tests;

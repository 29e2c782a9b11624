//! A texture view's component swizzle done in the shader, for devices without
//! `imageViewFormatSwizzle` (MoltenVK): the result of each sample or fetch reading a
//! swizzled texture is shuffled (`OpVectorShuffle` with a constant (0, 0, 0, 1) of its
//! type for the Zero and One components), the view itself made with the identity.
//!
//! Textures are traced to their bindings (`spirv::texture_sources`); a sample or fetch
//! whose texture cannot be traced, and depth-compare, gather and sparse reads of a
//! swizzled texture are refused while any swizzle is to be applied.

use std::collections::HashMap;

use crate::spirv::edit::IdAllocator;
use crate::spirv::index::Type;
use crate::spirv::module::{Instruction, Section};
use crate::spirv::ops::op;
use crate::spirv::texture_sources::TextureSources;
use crate::spirv::{Module, ModuleIndex, ParseError};

/// A component of a swizzle: the texel's own (0 to 3: R, G, B, A), or a constant.
pub const SWIZZLE_ZERO: u32 = 4;
pub const SWIZZLE_ONE: u32 = 5;
const IDENTITY: [u32; 4] = [0, 1, 2, 3];

/// The swizzle of the view bound at `set`, `binding`, `element`: each result component's
/// source (0 to 3, `SWIZZLE_ZERO`, `SWIZZLE_ONE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewSwizzle {
    pub set: u32,
    pub binding: u32,
    pub element: u32,
    pub components: [u32; 4],
}

#[derive(Clone, Debug, thiserror::Error, PartialEq)]
pub enum ViewSwizzleError {
    #[error("the module does not parse: {0}")]
    Parse(#[from] ParseError),
    #[error(
        "instruction {at} (opcode {opcode}) reads a texture whose binding cannot be traced \
         (a view swizzle is to be applied in the shader)"
    )]
    Untraced { at: usize, opcode: u16 },
    #[error(
        "instruction {at} indexes the texture array at set {set}, binding {binding} at run \
         time, and its elements' views are swizzled differently"
    )]
    MixedArray { at: usize, set: u32, binding: u32 },
    #[error(
        "instruction {at} (opcode {opcode}) is a depth-compare, gather or sparse read of a \
         swizzled texture (not swizzled in the shader)"
    )]
    Unswizzled { at: usize, opcode: u16 },
    #[error("instruction {at} returns type {ty}, not a 4-component vector")]
    NotVec4 { at: usize, ty: u32 },
    #[error("swizzle component {0} is not 0 to 5")]
    BadComponent(u32),
}

/// Reads whose vec4 result is shuffled: OpImageSample{,Proj}{Implicit,Explicit}Lod and
/// OpImageFetch.
fn shuffled(opcode: u16) -> bool {
    matches!(opcode, 87 | 88 | 91 | 92 | 95)
}

/// Reads that return something else (Dref: a scalar; gathers; sparse: a struct).
fn refused(opcode: u16) -> bool {
    matches!(opcode, 89 | 90 | 93 | 94 | 96 | 97 | 305..=315)
}

/// `words` with each view's swizzle in `swizzles` applied in the shader. `swizzles`
/// names the stage's textures (an absent one is the identity); a texture array indexed at
/// run time takes the swizzle its named elements share.
pub fn apply_view_swizzle(
    words: &[u32],
    swizzles: &[ViewSwizzle],
) -> Result<Vec<u32>, ViewSwizzleError> {
    if let Some(&bad) = swizzles
        .iter()
        .flat_map(|swizzle| &swizzle.components)
        .find(|&&component| component > SWIZZLE_ONE)
    {
        return Err(ViewSwizzleError::BadComponent(bad));
    }
    if swizzles
        .iter()
        .all(|swizzle| swizzle.components == IDENTITY)
    {
        return Ok(words.to_vec());
    }
    let mut module = Module::parse(words)?;
    let index = ModuleIndex::new(&module);
    let mut ids = IdAllocator::new(&module);
    let mut sources = TextureSources::new(&index);
    let swizzle_of = |at: usize, set: u32, binding: u32, element: Option<u32>| {
        let mut named = swizzles
            .iter()
            .filter(|swizzle| swizzle.set == set && swizzle.binding == binding)
            .filter(|swizzle| element.is_none_or(|element| swizzle.element == element))
            .map(|swizzle| swizzle.components);
        let first = named.next().unwrap_or(IDENTITY);
        match named.all(|components| components == first) {
            true => Ok(first),
            false => Err(ViewSwizzleError::MixedArray { at, set, binding }),
        }
    };
    let functions_start = module.functions_start();
    let body = module.instructions.split_off(functions_start);
    let mut rewritten = Vec::with_capacity(body.len() + 8);
    // (0, 0, 0, 1) of each vec4 type shuffled, made once.
    let mut zero_one: HashMap<u32, u32> = HashMap::new();
    let mut constants = Vec::new();
    for (offset, mut instruction) in body.into_iter().enumerate() {
        let at = functions_start + offset;
        sources.note(&instruction);
        let opcode = instruction.opcode;
        if !(shuffled(opcode) || refused(opcode)) || instruction.operands.len() < 3 {
            rewritten.push(instruction);
            continue;
        }
        let source = sources
            .get(instruction.operands[2])
            .ok_or(ViewSwizzleError::Untraced { at, opcode })?;
        let components = swizzle_of(at, source.set, source.binding, source.element)?;
        if components == IDENTITY {
            rewritten.push(instruction);
            continue;
        }
        if refused(opcode) {
            return Err(ViewSwizzleError::Unswizzled { at, opcode });
        }
        let (ty, result) = (instruction.operands[0], instruction.operands[1]);
        let scalar = match index.types.get(&ty) {
            Some(Type::Vector {
                component,
                count: 4,
            }) => *component,
            _ => return Err(ViewSwizzleError::NotVec4 { at, ty }),
        };
        let constant = *zero_one.entry(ty).or_insert_with(|| {
            let (zero, one, vector) = (ids.next(), ids.next(), ids.next());
            let one_bits = match index.types.get(&scalar) {
                Some(Type::Float { .. }) => 1.0f32.to_bits(),
                _ => 1,
            };
            constants.extend([
                Instruction {
                    opcode: op::CONSTANT,
                    operands: vec![scalar, zero, 0],
                },
                Instruction {
                    opcode: op::CONSTANT,
                    operands: vec![scalar, one, one_bits],
                },
                Instruction {
                    opcode: op::CONSTANT_COMPOSITE,
                    operands: vec![ty, vector, zero, zero, zero, one],
                },
            ]);
            vector
        });
        let read = ids.next();
        instruction.operands[1] = read;
        rewritten.push(instruction);
        // The second vector's x is 0 (index 4), its w 1 (index 7).
        let lanes = components.map(|component| match component {
            SWIZZLE_ZERO => 4,
            SWIZZLE_ONE => 7,
            own => own,
        });
        let mut operands = vec![ty, result, read, constant];
        operands.extend(lanes);
        rewritten.push(Instruction {
            opcode: op::VECTOR_SHUFFLE,
            operands,
        });
    }
    module.instructions.extend(rewritten);
    module.insert_in_section(Section::Global, constants);
    module.header[3] = ids.bound;
    Ok(module.to_words())
}

#[cfg(test)]
mod tests;

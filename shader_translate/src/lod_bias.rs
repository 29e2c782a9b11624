//! A sampler's LOD bias done in the shader, for devices without `samplerMipLodBias`
//! (MoltenVK): each sampling instruction reading a biased texture gets the bias as its
//! `Bias` image operand (added to one it has), or added to its explicit `Lod`, as Vulkan
//! adds the sampler's bias to both. The bias is a constant of the module, so a pipeline
//! is made per bias the draws bind.
//!
//! Textures are traced to their bindings (`spirv::texture_sources`); a
//! sampling instruction whose texture cannot be traced, one with explicit gradients and
//! `OpImageQueryLod` are refused while any bias is to be applied.

use std::collections::HashMap;

use crate::spirv::edit::{find_or_add_type, IdAllocator};
use crate::spirv::module::{Instruction, Section};
use crate::spirv::ops::op;
use crate::spirv::texture_sources::{Source, TextureSources};
use crate::spirv::{Module, ModuleIndex, ParseError};

const OP_F_ADD: u16 = 129;
const OP_IMAGE_QUERY_LOD: u16 = 105;
/// Image operand bits.
const BIAS: u32 = 0x1;
const LOD: u32 = 0x2;
const GRAD: u32 = 0x4;

/// The LOD bias of the sampler bound with the texture at `set`, `binding`, `element`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerBias {
    pub set: u32,
    pub binding: u32,
    pub element: u32,
    pub bias: f32,
}

#[derive(Clone, Debug, thiserror::Error, PartialEq)]
pub enum LodBiasError {
    #[error("the module does not parse: {0}")]
    Parse(#[from] ParseError),
    #[error(
        "instruction {at} (opcode {opcode}) samples a texture whose binding cannot be traced \
         (a sampler LOD bias is to be applied in the shader)"
    )]
    Untraced { at: usize, opcode: u16 },
    #[error(
        "instruction {at} indexes the texture array at set {set}, binding {binding} at run \
         time, and its elements' samplers have different LOD biases"
    )]
    MixedArray { at: usize, set: u32, binding: u32 },
    #[error(
        "instruction {at} samples with explicit gradients from a texture whose sampler has a \
         LOD bias (not applied in the shader)"
    )]
    Gradients { at: usize },
    #[error(
        "instruction {at} queries the LOD of a texture whose sampler has a LOD bias (not \
         applied in the shader)"
    )]
    QueryLod { at: usize },
}

/// The index of the first image operand (the mask) of a sampling instruction, `None` for
/// other opcodes; and whether it takes an implicit LOD.
fn sampling(opcode: u16) -> Option<(usize, bool)> {
    match opcode {
        // OpImageSample{,Proj}{Implicit,Explicit}Lod and their sparse forms.
        87 | 91 | 305 | 309 => Some((4, true)),
        88 | 92 | 306 | 310 => Some((4, false)),
        // The Dref forms take the reference first.
        89 | 93 | 307 | 311 => Some((5, true)),
        90 | 94 | 308 | 312 => Some((5, false)),
        _ => None,
    }
}

/// `words` with each sampler's LOD bias in `biases` applied in the shader. `biases`
/// names the stage's textures (an absent one has no bias); a texture array indexed at
/// run time takes the bias its named elements share.
pub fn add_lod_bias(words: &[u32], biases: &[SamplerBias]) -> Result<Vec<u32>, LodBiasError> {
    if biases.iter().all(|bias| bias.bias == 0.0) {
        return Ok(words.to_vec());
    }
    let mut module = Module::parse(words)?;
    let index = ModuleIndex::new(&module);
    let mut ids = IdAllocator::new(&module);
    let float = find_or_add_type(&mut module, &mut ids, op::TYPE_FLOAT, &[32]);
    let mut sources = TextureSources::new(&index);
    let bias_of = |at: usize, source: Source| -> Result<f32, LodBiasError> {
        let named = biases
            .iter()
            .filter(|bias| bias.set == source.set && bias.binding == source.binding);
        match source.element {
            Some(element) => Ok(named
                .filter(|bias| bias.element == element)
                .map(|bias| bias.bias)
                .next()
                .unwrap_or(0.0)),
            None => {
                let mut values = named.map(|bias| bias.bias.to_bits());
                let first = values.next().unwrap_or(0);
                match values.all(|bits| bits == first) {
                    true => Ok(f32::from_bits(first)),
                    false => Err(LodBiasError::MixedArray {
                        at,
                        set: source.set,
                        binding: source.binding,
                    }),
                }
            }
        }
    };
    let functions_start = module.functions_start();
    let body = module.instructions.split_off(functions_start);
    let mut rewritten = Vec::with_capacity(body.len() + 8);
    let mut constants: HashMap<u32, u32> = HashMap::new();
    let mut new_constants = Vec::new();
    for (offset, mut instruction) in body.into_iter().enumerate() {
        let at = functions_start + offset;
        sources.note(&instruction);
        let operands = &instruction.operands;
        match instruction.opcode {
            OP_IMAGE_QUERY_LOD if operands.len() >= 3 => {
                let source = sources.get(operands[2]);
                let source = source.ok_or(LodBiasError::Untraced {
                    at,
                    opcode: instruction.opcode,
                })?;
                if bias_of(at, source)? != 0.0 {
                    return Err(LodBiasError::QueryLod { at });
                }
            }
            opcode => {
                if let Some((mask_at, implicit)) = sampling(opcode) {
                    let source = operands
                        .get(2)
                        .and_then(|&image| sources.get(image))
                        .ok_or(LodBiasError::Untraced { at, opcode })?;
                    let bias = bias_of(at, source)?;
                    if bias != 0.0 {
                        let constant = *constants.entry(bias.to_bits()).or_insert_with(|| {
                            let id = ids.next();
                            new_constants.push(Instruction {
                                opcode: op::CONSTANT,
                                operands: vec![float, id, bias.to_bits()],
                            });
                            id
                        });
                        let added = apply(&mut instruction, mask_at, implicit, constant, at)?;
                        if let Some(((value_at, value), sum)) = added.map(|at| (at, ids.next())) {
                            rewritten.push(Instruction {
                                opcode: OP_F_ADD,
                                operands: vec![float, sum, value, constant],
                            });
                            instruction.operands[value_at] = sum;
                        }
                    }
                }
            }
        }
        rewritten.push(instruction);
    }
    module.instructions.extend(rewritten);
    module.insert_in_section(Section::Global, new_constants);
    module.header[3] = ids.bound;
    Ok(module.to_words())
}

/// Gives `instruction` the bias `constant`: as a new `Bias` operand (`None` returned), or
/// `Some((operand index, value))` of the `Bias` or `Lod` operand the caller adds it to.
fn apply(
    instruction: &mut Instruction,
    mask_at: usize,
    implicit: bool,
    constant: u32,
    at: usize,
) -> Result<Option<(usize, u32)>, LodBiasError> {
    let operands = &mut instruction.operands;
    let Some(&mask) = operands.get(mask_at) else {
        if implicit {
            operands.extend([BIAS, constant]);
            return Ok(None);
        }
        return Err(LodBiasError::Untraced {
            at,
            opcode: instruction.opcode,
        });
    };
    // Bias and Lod are the lowest bits: either is the first operand after the mask.
    if mask & (BIAS | LOD) != 0 {
        let value = operands
            .get(mask_at + 1)
            .copied()
            .ok_or(LodBiasError::Untraced {
                at,
                opcode: instruction.opcode,
            })?;
        return Ok(Some((mask_at + 1, value)));
    }
    if mask & GRAD != 0 || !implicit {
        return Err(LodBiasError::Gradients { at });
    }
    operands[mask_at] = mask | BIAS;
    operands.insert(mask_at + 1, constant);
    Ok(None)
}

#[cfg(test)]
mod tests;

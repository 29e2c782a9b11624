//! The function-body half of the rewrite: each load of a texture (or of one element of a
//! texture array) becomes a read of its handle word and an `OpSampledImage` of the image
//! and sampler it names, under the load's own result id; any other use is refused.

use std::collections::HashMap;

use super::declarations::Declarations;
use super::tables::BindlessTables;
use super::textures::{HandleLayout, TextureVariable};
use super::uses::id_operands;
use super::IndexError;
use crate::spirv::index::Type;
use crate::spirv::module::Instruction;
use crate::spirv::ops::{decoration, op};
use crate::spirv::{Module, ModuleIndex};

/// `%chain = OpAccessChain %ptr %texture_array %index`, dropped once seen.
struct Chain {
    texture: usize,
    index_id: u32,
}

/// A rewritten load's result (an `OpSampledImage` now) and the block it sits in.
struct SampledImage {
    texture: usize,
    block: u32,
}

pub(super) struct LoadRewriter<'a> {
    index: &'a ModuleIndex,
    textures: &'a [TextureVariable],
    by_variable: HashMap<u32, usize>,
    layout: &'a HandleLayout,
    tables: &'a BindlessTables,
    /// Result type of each value that can index an array (constants, function values).
    value_types: HashMap<u32, u32>,
    /// `OpConstant` values (not specialisation constants, which may change).
    constant_values: HashMap<u32, u32>,
    chains: HashMap<u32, Chain>,
    sampled_images: HashMap<u32, SampledImage>,
}

impl<'a> LoadRewriter<'a> {
    pub(super) fn new(
        module: &Module,
        index: &'a ModuleIndex,
        textures: &'a [TextureVariable],
        layout: &'a HandleLayout,
        tables: &'a BindlessTables,
    ) -> Self {
        let functions_start = module.functions_start();
        let mut value_types = HashMap::new();
        let mut constant_values = HashMap::new();
        for (at, instruction) in module.instructions.iter().enumerate() {
            let operands = &instruction.operands[..];
            let is_constant = matches!(
                instruction.opcode,
                op::UNDEF | op::CONSTANT_TRUE..=op::SPEC_CONSTANT_OP
            );
            // In a function, an instruction whose first operand is a type has a result;
            // those without one start with a value, label or string.
            if (is_constant || at >= functions_start)
                && operands.len() >= 2
                && index.types.contains_key(&operands[0])
            {
                value_types.insert(operands[1], operands[0]);
            }
            if instruction.opcode == op::CONSTANT && operands.len() == 3 {
                constant_values.insert(operands[1], operands[2]);
            }
        }
        LoadRewriter {
            index,
            textures,
            by_variable: textures
                .iter()
                .enumerate()
                .map(|(position, texture)| (texture.id, position))
                .collect(),
            layout,
            tables,
            value_types,
            constant_values,
            chains: HashMap::new(),
            sampled_images: HashMap::new(),
        }
    }

    /// The access chains into texture arrays that the rewrite took out, each with its
    /// texture's position.
    pub(super) fn dropped_chains(&self) -> impl Iterator<Item = (u32, usize)> + '_ {
        self.chains.iter().map(|(id, chain)| (*id, chain.texture))
    }

    /// Rewrites `functions` (every instruction from the first `OpFunction` on).
    pub(super) fn rewrite(
        &mut self,
        functions: &[Instruction],
        declarations: &mut Declarations,
    ) -> Result<Vec<Instruction>, IndexError> {
        let mut out = Vec::with_capacity(functions.len());
        let mut block = 0;
        for instruction in functions {
            let operands = &instruction.operands[..];
            match instruction.opcode {
                op::LABEL => block = operands.first().copied().unwrap_or(0),
                op::ACCESS_CHAIN | op::IN_BOUNDS_ACCESS_CHAIN if operands.len() > 2 => {
                    if let Some(&texture) = self.by_variable.get(&operands[2]) {
                        self.record_chain(instruction, texture)?;
                        continue;
                    }
                }
                op::LOAD if operands.len() > 2 => {
                    if let Some(texture) = self.loaded_texture(operands[2]) {
                        let element =
                            self.handle_element(operands[2], texture, declarations, &mut out)?;
                        let textures = self.textures;
                        let variable = &textures[texture];
                        self.reject_non_uniform(operands[1], variable)?;
                        self.tables.sampled_image(
                            declarations,
                            element,
                            variable.image_type,
                            variable.sampled_image_type,
                            operands[1],
                            &mut out,
                        );
                        self.sampled_images
                            .insert(operands[1], SampledImage { texture, block });
                        continue;
                    }
                }
                _ => {}
            }
            self.check_uses(instruction, block)?;
            out.push(instruction.clone());
        }
        Ok(out)
    }

    fn record_chain(
        &mut self,
        instruction: &Instruction,
        texture: usize,
    ) -> Result<(), IndexError> {
        let variable = &self.textures[texture];
        let operands = &instruction.operands;
        if variable.array_length.is_none() || operands.len() != 4 {
            return Err(variable.unsupported_use(instruction.opcode));
        }
        self.reject_non_uniform(operands[1], variable)?;
        self.reject_non_uniform(operands[3], variable)?;
        self.chains.insert(
            operands[1],
            Chain {
                texture,
                index_id: operands[3],
            },
        );
        Ok(())
    }

    /// The texture a load through `pointer` reads one sampled image of, if any.
    fn loaded_texture(&self, pointer: u32) -> Option<usize> {
        if let Some(chain) = self.chains.get(&pointer) {
            return Some(chain.texture);
        }
        let &texture = self.by_variable.get(&pointer)?;
        // A whole array is no sampled image; the use check refuses it.
        self.textures[texture]
            .array_length
            .is_none()
            .then_some(texture)
    }

    /// The uint id of the push element holding the handle word a load through `pointer`
    /// reads, computed before the load where the index is not a constant.
    fn handle_element(
        &self,
        pointer: u32,
        texture: usize,
        declarations: &mut Declarations,
        out: &mut Vec<Instruction>,
    ) -> Result<u32, IndexError> {
        let variable = &self.textures[texture];
        let first_element = self.layout.element(variable.first_slot);
        let Some(chain) = self.chains.get(&pointer) else {
            return Ok(declarations.uint_constant(first_element));
        };
        let (index_type, signed) = match self.value_types.get(&chain.index_id) {
            Some(&type_id) => match self.index.types.get(&type_id) {
                Some(Type::Int {
                    width_bits: 32,
                    signed,
                }) => (type_id, *signed),
                _ => return Err(index_not_int32(variable)),
            },
            None => return Err(index_not_int32(variable)),
        };
        if let Some(&value) = self.constant_values.get(&chain.index_id) {
            let index = if signed {
                i64::from(value as i32)
            } else {
                i64::from(value)
            };
            let count = variable.slot_count();
            if !(0..i64::from(count)).contains(&index) {
                return Err(IndexError::ConstantIndexOutOfRange {
                    name: variable.name.clone(),
                    slot: variable.first_slot,
                    index,
                    count,
                });
            }
            return Ok(declarations.uint_constant(first_element + value));
        }
        let uint = self.tables.uint_type();
        let mut index_id = chain.index_id;
        if index_type != uint {
            let unsigned = declarations.fresh_id();
            out.push(Instruction {
                opcode: op::BITCAST,
                operands: vec![uint, unsigned, index_id],
            });
            index_id = unsigned;
        }
        let base = declarations.uint_constant(first_element);
        let element = declarations.fresh_id();
        out.push(Instruction {
            opcode: op::I_ADD,
            operands: vec![uint, element, base, index_id],
        });
        Ok(element)
    }

    fn reject_non_uniform(&self, id: u32, variable: &TextureVariable) -> Result<(), IndexError> {
        if self.index.decoration(id, decoration::NON_UNIFORM).is_some() {
            return Err(IndexError::NonUniformIndex {
                name: variable.name.clone(),
                slot: variable.first_slot,
            });
        }
        Ok(())
    }

    /// Refuses any use of a texture or a chain into one by an instruction the rewrite does
    /// not take, and a sampled image used outside the block that made it.
    fn check_uses(&self, instruction: &Instruction, block: u32) -> Result<(), IndexError> {
        for id in id_operands(instruction.opcode, &instruction.operands) {
            let texture = self
                .by_variable
                .get(&id)
                .copied()
                .or_else(|| self.chains.get(&id).map(|chain| chain.texture));
            if let Some(texture) = texture {
                return Err(self.textures[texture].unsupported_use(instruction.opcode));
            }
            if let Some(sampled) = self.sampled_images.get(&id) {
                let in_phi_or_select = matches!(instruction.opcode, op::PHI | op::SELECT);
                let variable = &self.textures[sampled.texture];
                if sampled.block != block || in_phi_or_select {
                    return Err(IndexError::UsedOutsideBlock {
                        name: variable.name.clone(),
                        slot: variable.first_slot,
                    });
                }
                // An OpSampledImage result may only be sampled, gathered, queried for
                // its LOD or taken apart by OpImage (a loaded one could also be passed
                // on, stored or copied).
                if !takes_sampled_image(instruction.opcode) {
                    return Err(variable.unsupported_use(instruction.opcode));
                }
            }
        }
        Ok(())
    }
}

/// The opcodes SPIR-V lets use an `OpSampledImage` result: the sampling and gather
/// instructions (sparse ones too), `OpImage` and `OpImageQueryLod`.
fn takes_sampled_image(opcode: u16) -> bool {
    const IMAGE_SAMPLE_IMPLICIT_LOD: u16 = 87;
    const IMAGE_SAMPLE_PROJ_DREF_EXPLICIT_LOD: u16 = 94;
    const IMAGE_GATHER: u16 = 96;
    const IMAGE_DREF_GATHER: u16 = 97;
    const IMAGE: u16 = 100;
    const IMAGE_QUERY_LOD: u16 = 105;
    const IMAGE_SPARSE_SAMPLE_IMPLICIT_LOD: u16 = 305;
    const IMAGE_SPARSE_SAMPLE_PROJ_DREF_EXPLICIT_LOD: u16 = 312;
    const IMAGE_SPARSE_GATHER: u16 = 314;
    const IMAGE_SPARSE_DREF_GATHER: u16 = 315;
    matches!(
        opcode,
        IMAGE_SAMPLE_IMPLICIT_LOD..=IMAGE_SAMPLE_PROJ_DREF_EXPLICIT_LOD
            | IMAGE_GATHER
            | IMAGE_DREF_GATHER
            | IMAGE
            | IMAGE_QUERY_LOD
            | IMAGE_SPARSE_SAMPLE_IMPLICIT_LOD..=IMAGE_SPARSE_SAMPLE_PROJ_DREF_EXPLICIT_LOD
            | IMAGE_SPARSE_GATHER
            | IMAGE_SPARSE_DREF_GATHER
    )
}

fn index_not_int32(variable: &TextureVariable) -> IndexError {
    IndexError::IndexNotInt32 {
        name: variable.name.clone(),
        slot: variable.first_slot,
    }
}

//! Which texture binding each value of a function body came from: variables with a
//! `DescriptorSet` and `Binding`, through access chains (a constant index names an
//! element), loads, copies, `OpSampledImage` and `OpImage`. Shared by the rewrites that
//! change what sampling one binding returns (`lod_bias`, `view_swizzle`).

use std::collections::HashMap;

use super::module::Instruction;
use super::ops::{decoration, op, storage_class};
use super::ModuleIndex;

const OP_IMAGE: u16 = 100;

/// A texture value's variable's set and binding, and its element (`None`: indexed at
/// run time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    pub set: u32,
    pub binding: u32,
    pub element: Option<u32>,
}

pub struct TextureSources<'a> {
    index: &'a ModuleIndex,
    sources: HashMap<u32, Source>,
}

impl<'a> TextureSources<'a> {
    pub fn new(index: &'a ModuleIndex) -> Self {
        let mut sources = HashMap::new();
        for variable in &index.variables {
            if variable.storage_class != storage_class::UNIFORM_CONSTANT {
                continue;
            }
            let set = index.decoration_literal(variable.id, decoration::DESCRIPTOR_SET);
            let binding = index.decoration_literal(variable.id, decoration::BINDING);
            if let (Some(set), Some(binding)) = (set, binding) {
                let element = Some(0);
                sources.insert(
                    variable.id,
                    Source {
                        set,
                        binding,
                        element,
                    },
                );
            }
        }
        TextureSources { index, sources }
    }

    /// Follows `instruction` (of a function body, in order).
    pub fn note(&mut self, instruction: &Instruction) {
        let operands = &instruction.operands;
        let from = match instruction.opcode {
            op::ACCESS_CHAIN | op::IN_BOUNDS_ACCESS_CHAIN if operands.len() >= 3 => {
                self.sources.get(&operands[2]).map(|&base| {
                    // A chain with no index is the variable itself.
                    let element = match operands.get(3) {
                        None => base.element,
                        Some(index_id) => self.index.constants.get(index_id).copied(),
                    };
                    Source { element, ..base }
                })
            }
            op::LOAD | op::COPY_OBJECT | OP_IMAGE if operands.len() >= 3 => {
                self.sources.get(&operands[2]).copied()
            }
            op::SAMPLED_IMAGE if operands.len() >= 4 => self
                .sources
                .get(&operands[2])
                .or_else(|| self.sources.get(&operands[3]))
                .copied(),
            _ => None,
        };
        if let Some(source) = from {
            self.sources.insert(operands[1], source);
        }
    }

    pub fn get(&self, id: u32) -> Option<Source> {
        self.sources.get(&id).copied()
    }
}

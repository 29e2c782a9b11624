//! The push-constant block of handle words, the bindless image and sampler arrays, and
//! the instructions that turn a handle word into a sampled image.

use std::collections::HashMap;

use super::declarations::Declarations;
use super::{
    BINDLESS_IMAGE_BINDING, BINDLESS_IMAGE_INDEX_BITS, BINDLESS_SAMPLER_BINDING, BINDLESS_SET,
    MAX_BINDLESS_IMAGES,
};
use crate::spirv::index::Type;
use crate::spirv::module::{literal_string, literal_string_to_words, Instruction, Section};
use crate::spirv::ops::{capability, decoration, op, storage_class};
use crate::spirv::{Module, ModuleIndex};

const DESCRIPTOR_INDEXING_EXTENSION: &str = "SPV_EXT_descriptor_indexing";

/// A runtime array of opaque handles in [`BINDLESS_SET`].
struct ArrayVariable {
    variable: u32,
    element_type: u32,
    /// UniformConstant pointer to one element (an access chain's result type).
    element_pointer_type: u32,
}

pub(super) struct BindlessTables {
    uint_type: u32,
    handles_variable: u32,
    /// PushConstant pointer to one handle word.
    handle_pointer_type: u32,
    member_zero: u32,
    image_index_mask: u32,
    sampler_index_shift: u32,
    samplers: ArrayVariable,
    images: HashMap<u32, ArrayVariable>,
}

impl BindlessTables {
    /// Declares the push block of `handle_count` words and one image array per type in
    /// `image_types`, beside the sampler array.
    pub(super) fn declare(
        declarations: &mut Declarations,
        index: &ModuleIndex,
        handle_count: u32,
        image_types: &[u32],
    ) -> Self {
        let uint_type = declarations.uint_type();
        let length = declarations.uint_constant(handle_count);
        let words_type = declarations.aggregate_type(op::TYPE_ARRAY, &[uint_type, length]);
        declarations.decorate(words_type, decoration::ARRAY_STRIDE, &[4]);
        let block_type = declarations.aggregate_type(op::TYPE_STRUCT, &[words_type]);
        declarations.decorate(block_type, decoration::BLOCK, &[]);
        declarations.decorate_member(block_type, 0, decoration::OFFSET, 0);
        declarations.name(block_type, "BindlessHandles");
        declarations.name_member(block_type, 0, "handles");
        let handles_variable = declarations.variable(storage_class::PUSH_CONSTANT, block_type);
        declarations.name(handles_variable, "bindless_handles");
        let handle_pointer_type =
            declarations.pointer_type(storage_class::PUSH_CONSTANT, uint_type);

        let sampler_type = declarations.sampler_type();
        let samplers = array_variable(
            declarations,
            sampler_type,
            BINDLESS_SAMPLER_BINDING,
            "bindless_samplers",
        );
        let images = image_types
            .iter()
            .map(|&image_type| {
                let name = format!("bindless_images{}", image_suffix(index, image_type));
                let array = array_variable(declarations, image_type, BINDLESS_IMAGE_BINDING, &name);
                (image_type, array)
            })
            .collect();
        BindlessTables {
            uint_type,
            handles_variable,
            handle_pointer_type,
            member_zero: declarations.uint_constant(0),
            image_index_mask: declarations.uint_constant(MAX_BINDLESS_IMAGES - 1),
            sampler_index_shift: declarations.uint_constant(BINDLESS_IMAGE_INDEX_BITS),
            samplers,
            images,
        }
    }

    pub(super) fn uint_type(&self) -> u32 {
        self.uint_type
    }

    /// The variables declared, for entry-point interfaces.
    pub(super) fn variables(&self) -> Vec<u32> {
        let mut variables = vec![self.handles_variable, self.samplers.variable];
        let mut images: Vec<u32> = self.images.values().map(|array| array.variable).collect();
        images.sort_unstable();
        variables.extend(images);
        variables
    }

    /// Instructions that read handle word `element` (a uint id) and define `result` as
    /// the sampled image of type `sampled_image_type` over `image_type` it names.
    pub(super) fn sampled_image(
        &self,
        declarations: &mut Declarations,
        element: u32,
        image_type: u32,
        sampled_image_type: u32,
        result: u32,
        out: &mut Vec<Instruction>,
    ) {
        let images = &self.images[&image_type];
        let mut emit = |opcode: u16, type_id: u32, operands: &[u32]| {
            let id = declarations.fresh_id();
            let mut all = vec![type_id, id];
            all.extend_from_slice(operands);
            out.push(Instruction {
                opcode,
                operands: all,
            });
            id
        };
        let uint = self.uint_type;
        let handle_pointer = emit(
            op::ACCESS_CHAIN,
            self.handle_pointer_type,
            &[self.handles_variable, self.member_zero, element],
        );
        let handle = emit(op::LOAD, uint, &[handle_pointer]);
        let image_index = emit(op::BITWISE_AND, uint, &[handle, self.image_index_mask]);
        let sampler_index = emit(
            op::SHIFT_RIGHT_LOGICAL,
            uint,
            &[handle, self.sampler_index_shift],
        );
        let image_pointer = emit(
            op::ACCESS_CHAIN,
            images.element_pointer_type,
            &[images.variable, image_index],
        );
        let image = emit(op::LOAD, images.element_type, &[image_pointer]);
        let sampler_pointer = emit(
            op::ACCESS_CHAIN,
            self.samplers.element_pointer_type,
            &[self.samplers.variable, sampler_index],
        );
        let sampler = emit(op::LOAD, self.samplers.element_type, &[sampler_pointer]);
        out.push(Instruction {
            opcode: op::SAMPLED_IMAGE,
            operands: vec![sampled_image_type, result, image, sampler],
        });
    }
}

fn array_variable(
    declarations: &mut Declarations,
    element_type: u32,
    binding: u32,
    name: &str,
) -> ArrayVariable {
    let array_type = declarations.aggregate_type(op::TYPE_RUNTIME_ARRAY, &[element_type]);
    let variable = declarations.variable(storage_class::UNIFORM_CONSTANT, array_type);
    declarations.decorate(variable, decoration::DESCRIPTOR_SET, &[BINDLESS_SET]);
    declarations.decorate(variable, decoration::BINDING, &[binding]);
    declarations.name(variable, name);
    ArrayVariable {
        variable,
        element_type,
        element_pointer_type: declarations
            .pointer_type(storage_class::UNIFORM_CONSTANT, element_type),
    }
}

/// `_2d`, `_cube_array`, `_2d_shadow`, `_3d_uint`: an image type as GLSL would name it,
/// for the arrays' debug names.
fn image_suffix(index: &ModuleIndex, image_type: u32) -> String {
    let Some(Type::Image {
        sampled_type,
        dim,
        depth,
        arrayed,
        multisampled,
        ..
    }) = index.types.get(&image_type)
    else {
        return String::new();
    };
    // Dim: 1D, 2D, 3D, Cube, Rect, Buffer, SubpassData.
    let dim_name = ["1d", "2d", "3d", "cube", "rect", "buffer", "subpass"]
        .get(*dim as usize)
        .copied()
        .unwrap_or("other");
    let mut suffix = format!("_{dim_name}");
    if *multisampled {
        suffix.push_str("_ms");
    }
    if *arrayed {
        suffix.push_str("_array");
    }
    if *depth == 1 {
        suffix.push_str("_shadow");
    }
    match index.types.get(sampled_type) {
        Some(Type::Int { signed: true, .. }) => suffix.push_str("_int"),
        Some(Type::Int { signed: false, .. }) => suffix.push_str("_uint"),
        _ => {}
    }
    suffix
}

/// Adds the capabilities and extension runtime descriptor arrays need, where absent.
pub(super) fn require_descriptor_indexing(module: &mut Module, index: &ModuleIndex) {
    let capabilities: Vec<Instruction> = [
        capability::SAMPLED_IMAGE_ARRAY_DYNAMIC_INDEXING,
        capability::RUNTIME_DESCRIPTOR_ARRAY,
    ]
    .into_iter()
    .filter(|wanted| !index.capabilities.contains(wanted))
    .map(|wanted| Instruction {
        opcode: op::CAPABILITY,
        operands: vec![wanted],
    })
    .collect();
    module.insert_in_section(Section::Capability, capabilities);
    let has_extension = module.instructions.iter().any(|instruction| {
        instruction.opcode == op::EXTENSION
            && literal_string(&instruction.operands) == DESCRIPTOR_INDEXING_EXTENSION
    });
    if !has_extension {
        let extension = Instruction {
            opcode: op::EXTENSION,
            operands: literal_string_to_words(DESCRIPTOR_INDEXING_EXTENSION),
        };
        module.insert_in_section(Section::Extension, vec![extension]);
    }
}

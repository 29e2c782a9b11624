//! Which of a module's variables are NVN resources, and of which kind.

use crate::spirv::index::Type;
use crate::spirv::ops::{decoration, storage_class, DIM_SUBPASS_DATA};
use crate::spirv::ModuleIndex;
use crate::ResourceKind;

/// A variable that takes a descriptor.
#[derive(Clone, Debug)]
pub(crate) struct ResourceVariable {
    pub id: u32,
    pub kind: ResourceKind,
    /// Array length (1 for a single resource); it takes that many consecutive slots.
    pub count: u32,
    pub set: Option<u32>,
    pub binding: Option<u32>,
    /// The variable's name, else its block's name.
    pub name: String,
}

/// A descriptor NVN's binding model has no slot for.
#[derive(Clone, Debug)]
pub(crate) struct UnsupportedResource {
    pub name: String,
    pub reason: &'static str,
}

/// Every descriptor-taking variable of the module, classified.
pub(crate) fn resource_variables(
    index: &ModuleIndex,
) -> Result<Vec<ResourceVariable>, UnsupportedResource> {
    let mut resources = Vec::new();
    for variable in &index.variables {
        let class = variable.storage_class;
        if ![
            storage_class::UNIFORM_CONSTANT,
            storage_class::UNIFORM,
            storage_class::STORAGE_BUFFER,
        ]
        .contains(&class)
        {
            continue;
        }
        // Hookshot's own table for raw addresses, not an NVN resource.
        if crate::pool_table::is_pool_table(index, variable.id) {
            continue;
        }
        let Some(mut type_id) = index.pointee(variable.pointer_type) else {
            continue;
        };
        let mut count = 1;
        let mut runtime_array = false;
        loop {
            match index.types.get(&type_id) {
                Some(Type::Array { element, length_id }) => {
                    count *= index.constants.get(length_id).copied().unwrap_or(1);
                    type_id = *element;
                }
                Some(Type::RuntimeArray { element }) => {
                    runtime_array = true;
                    type_id = *element;
                }
                _ => break,
            }
        }
        // An anonymous block's variable has no name; its block type has.
        let name = index
            .name(variable.id)
            .or_else(|| index.name(type_id))
            .unwrap_or("(unnamed)")
            .to_owned();
        let unsupported = |reason| UnsupportedResource {
            name: name.clone(),
            reason,
        };
        if runtime_array {
            return Err(unsupported(
                "a runtime-sized array of resources has no NVN slots",
            ));
        }
        let kind = match (class, index.types.get(&type_id)) {
            (storage_class::UNIFORM_CONSTANT, Some(Type::SampledImage { .. })) => {
                ResourceKind::Texture
            }
            (storage_class::UNIFORM_CONSTANT, Some(Type::Image { dim, .. }))
                if *dim == DIM_SUBPASS_DATA =>
            {
                return Err(unsupported("input attachments (subpassInput) have no NVN slots"))
            }
            (storage_class::UNIFORM_CONSTANT, Some(Type::Image { sampled: 2, .. })) => {
                ResourceKind::Image
            }
            (storage_class::UNIFORM_CONSTANT, Some(Type::Image { .. })) => {
                return Err(unsupported(
                    "a texture without a sampler is outside NVN's model; use a combined sampler (sampler2D)",
                ))
            }
            (storage_class::UNIFORM_CONSTANT, Some(Type::Sampler)) => {
                return Err(unsupported(
                    "a separate sampler is outside NVN's model; use a combined sampler (sampler2D)",
                ))
            }
            (storage_class::UNIFORM_CONSTANT, _) => {
                return Err(unsupported("this kind of uniform has no NVN slot"))
            }
            (storage_class::UNIFORM, _)
                if index.decoration(type_id, decoration::BUFFER_BLOCK).is_some() =>
            {
                ResourceKind::StorageBuffer
            }
            (storage_class::UNIFORM, _) => ResourceKind::UniformBuffer,
            _ => ResourceKind::StorageBuffer,
        };
        resources.push(ResourceVariable {
            id: variable.id,
            kind,
            count,
            set: index.decoration_literal(variable.id, decoration::DESCRIPTOR_SET),
            binding: index.decoration_literal(variable.id, decoration::BINDING),
            name,
        });
    }
    Ok(resources)
}

//! The reflection record of a translated module: which NVN slots it uses (and where they
//! land in the host layout), push constants, workgroup size, inputs and outputs.

use crate::resources::resource_variables;
use crate::spirv::ops::{built_in, decoration, execution_mode, storage_class};
use crate::spirv::{Module, ModuleIndex};
use crate::{nvn_slot, HostBinding, ResourceKind, Stage};

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Reflection {
    pub stage: Stage,
    pub entry_point: String,
    /// Sorted by kind, then slot.
    pub resources: Vec<ResourceUse>,
    pub push_constants: Option<PushConstants>,
    /// Compute only: `local_size_x/y/z`.
    pub workgroup_size: Option<[u32; 3]>,
    /// User inputs and outputs by location (built-ins left out), sorted by location.
    pub inputs: Vec<InterfaceVariable>,
    pub outputs: Vec<InterfaceVariable>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ResourceUse {
    pub kind: ResourceKind,
    /// The NVN slot, first of `count` for an array.
    pub slot: u32,
    pub count: u32,
    pub host: HostBinding,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PushConstants {
    pub name: String,
    pub size_b: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct InterfaceVariable {
    pub location: u32,
    pub component: u32,
    pub name: String,
    /// GLSL-like: `vec4`, `uvec2`, `vec3[3]`.
    pub ty: String,
}

impl Reflection {
    /// The slots of one kind this stage uses (array elements included).
    pub fn slots(&self, kind: ResourceKind) -> Vec<u32> {
        self.resources
            .iter()
            .filter(|resource| resource.kind == kind)
            .flat_map(|resource| resource.slot..resource.slot + resource.count)
            .collect()
    }
}

/// The reflection record of a module already in the host layout, from its words (a
/// backend reading what the record in its program does not keep: input types).
pub fn reflect_words(words: &[u32], stage: Stage) -> Result<Reflection, String> {
    let module = Module::parse(words).map_err(|error| error.to_string())?;
    reflect(&module, stage)
}

/// Reads the reflection record of a module already in the host layout.
pub(crate) fn reflect(module: &Module, stage: Stage) -> Result<Reflection, String> {
    let index = ModuleIndex::new(module);
    let entry = index
        .entry_points
        .iter()
        .find(|entry| Stage::from_execution_model(entry.execution_model) == Some(stage))
        .ok_or_else(|| format!("no {stage} entry point"))?;

    let mut resources = Vec::new();
    for resource in resource_variables(&index).map_err(|problem| problem.reason.to_owned())? {
        let host = HostBinding {
            set: resource.set.unwrap_or(0),
            binding: resource.binding.unwrap_or(0),
        };
        let (host_stage, kind, slot) = nvn_slot(host)
            .filter(|(host_stage, kind, _)| *host_stage == stage && *kind == resource.kind)
            .ok_or_else(|| format!("'{}' is at {host:?}, not in the host layout", resource.name))?;
        debug_assert_eq!(host_stage, stage);
        resources.push(ResourceUse {
            kind,
            slot,
            count: resource.count,
            host,
            name: resource.name,
        });
    }
    resources.sort_by_key(|resource| (resource.host.set, resource.slot));

    let push_constants = index
        .variables
        .iter()
        .find(|variable| variable.storage_class == storage_class::PUSH_CONSTANT)
        .and_then(|variable| {
            let block = index.pointee(variable.pointer_type)?;
            Some(PushConstants {
                name: index
                    .name(variable.id)
                    .or_else(|| index.name(block))
                    .unwrap_or("(unnamed)")
                    .to_owned(),
                size_b: index.size_b(block, None)?,
            })
        });

    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    for variable in &index.variables {
        let list = match variable.storage_class {
            storage_class::INPUT => &mut inputs,
            storage_class::OUTPUT => &mut outputs,
            _ => continue,
        };
        if !entry.interface.contains(&variable.id) {
            continue;
        }
        let Some(location) = index.decoration_literal(variable.id, decoration::LOCATION) else {
            continue;
        };
        list.push(InterfaceVariable {
            location,
            component: index
                .decoration_literal(variable.id, decoration::COMPONENT)
                .unwrap_or(0),
            name: index.name(variable.id).unwrap_or("(unnamed)").to_owned(),
            ty: index.type_name(variable.pointer_type),
        });
    }
    inputs.sort_by_key(|variable| (variable.location, variable.component));
    outputs.sort_by_key(|variable| (variable.location, variable.component));

    let workgroup_size = if stage == Stage::Compute {
        workgroup_size(&index, entry.function)
    } else {
        None
    };

    Ok(Reflection {
        stage,
        entry_point: entry.name.clone(),
        resources,
        push_constants,
        workgroup_size,
        inputs,
        outputs,
    })
}

fn workgroup_size(index: &ModuleIndex, function: u32) -> Option<[u32; 3]> {
    // A constant decorated `BuiltIn WorkgroupSize` overrides the execution mode.
    let from_builtin = index.composites.iter().find_map(|(id, parts)| {
        let builtin = index.decoration_literal(*id, decoration::BUILT_IN)?;
        (builtin == built_in::WORKGROUP_SIZE).then_some(parts)?;
        constants_of(index, parts)
    });
    from_builtin.or_else(|| {
        index.execution_modes.iter().find_map(|mode| {
            if mode.entry_point != function {
                return None;
            }
            match (mode.mode, mode.operands_are_ids) {
                (execution_mode::LOCAL_SIZE, false) => mode.operands.get(..3)?.try_into().ok(),
                (execution_mode::LOCAL_SIZE_ID, true) => constants_of(index, &mode.operands),
                _ => None,
            }
        })
    })
}

fn constants_of(index: &ModuleIndex, ids: &[u32]) -> Option<[u32; 3]> {
    let values: Vec<u32> = ids
        .iter()
        .map(|id| index.constants.get(id).copied())
        .collect::<Option<_>>()?;
    values.try_into().ok()
}

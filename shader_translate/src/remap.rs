//! Rewrites a module's descriptor decorations from NVN slots (set 0, binding = slot) to
//! the host layout of [`crate::host_binding`].

use std::collections::HashMap;

use crate::resources::{resource_variables, UnsupportedResource};
use crate::spirv::ops::{decoration, op};
use crate::spirv::{Module, ModuleIndex};
use crate::{host_binding, HostBinding, ResourceKind, Stage};

#[derive(Clone, Debug)]
pub(crate) enum RemapError {
    OutOfRange {
        kind: ResourceKind,
        slot: u32,
        count: u32,
        name: String,
    },
    NoBinding {
        name: String,
    },
    NonZeroSet {
        name: String,
        set: u32,
    },
    Unsupported(UnsupportedResource),
}

impl RemapError {
    pub(crate) fn message(&self) -> String {
        match self {
            RemapError::OutOfRange {
                kind,
                slot,
                count,
                name,
            } => {
                let last = kind.slots_per_stage() - 1;
                let what = if *count > 1 {
                    format!("slots {slot}-{}", slot + count - 1)
                } else {
                    format!("slot {slot}")
                };
                format!(
                    "{} '{name}' uses {what}, outside NVN's {} slots 0-{last}",
                    kind.as_str(),
                    kind.as_str()
                )
            }
            RemapError::NoBinding { name } => {
                format!("'{name}' has no binding; NVN resources need layout(binding = SLOT)")
            }
            RemapError::NonZeroSet { name, set } => format!(
                "'{name}' is in descriptor set {set}; NVN-model shaders use set 0 and the slot as binding"
            ),
            RemapError::Unsupported(unsupported) => {
                format!("'{}': {}", unsupported.name, unsupported.reason)
            }
        }
    }
}

/// Moves every resource of `module` (a `stage` shader) to its host set and binding.
pub(crate) fn remap_to_host(module: &mut Module, stage: Stage) -> Result<(), RemapError> {
    let index = ModuleIndex::new(module);
    let resources = resource_variables(&index).map_err(RemapError::Unsupported)?;
    let mut host_of: HashMap<u32, HostBinding> = HashMap::new();
    for resource in resources {
        if let Some(set) = resource.set.filter(|set| *set != 0) {
            return Err(RemapError::NonZeroSet {
                name: resource.name,
                set,
            });
        }
        let slot = resource.binding.ok_or_else(|| RemapError::NoBinding {
            name: resource.name.clone(),
        })?;
        let last_slot = slot.checked_add(resource.count.saturating_sub(1));
        let host = host_binding(stage, resource.kind, slot);
        let last_in_range = last_slot.and_then(|last| host_binding(stage, resource.kind, last));
        let (Some(host), Some(_)) = (host, last_in_range) else {
            return Err(RemapError::OutOfRange {
                kind: resource.kind,
                slot,
                count: resource.count,
                name: resource.name,
            });
        };
        host_of.insert(resource.id, host);
    }
    let mut has_set: Vec<u32> = Vec::new();
    for instruction in &mut module.instructions {
        if instruction.opcode != op::DECORATE || instruction.operands.len() < 3 {
            continue;
        }
        let target = instruction.operands[0];
        let Some(host) = host_of.get(&target) else {
            continue;
        };
        match instruction.operands[1] {
            decoration::BINDING => instruction.operands[2] = host.binding,
            decoration::DESCRIPTOR_SET => {
                instruction.operands[2] = host.set;
                has_set.push(target);
            }
            _ => {}
        }
    }
    let mut missing_set: Vec<(u32, u32)> = host_of
        .iter()
        .filter(|(id, _)| !has_set.contains(id))
        .map(|(id, host)| (*id, host.set))
        .collect();
    missing_set.sort_unstable();
    for (id, set) in missing_set {
        module.insert_decoration(id, decoration::DESCRIPTOR_SET, set);
    }
    Ok(())
}

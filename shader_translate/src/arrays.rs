//! Resource arrays of a translated module: an array takes consecutive NVN slots, but on
//! the host it is one binding (its first slot's) with one descriptor an element, so a
//! pipeline layout declares that binding with the array's length.

use crate::resources::resource_variables;
use crate::spirv::{Module, ModuleIndex, ParseError};
use crate::{nvn_slot, HostBinding, ResourceKind};

/// A resource array at its host binding: it holds NVN slots `first_slot..first_slot +
/// count` of its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceArray {
    pub kind: ResourceKind,
    pub host: HostBinding,
    pub first_slot: u32,
    pub count: u32,
}

/// Every resource array (more than one element) of a module the translator produced
/// (resources at host bindings).
pub fn resource_arrays(spirv_words: &[u32]) -> Result<Vec<ResourceArray>, ParseError> {
    let module = Module::parse(spirv_words)?;
    let index = ModuleIndex::new(&module);
    // A translated module holds no resource outside NVN's model (the translator refused
    // those), so an error here means no arrays to report.
    let Ok(resources) = resource_variables(&index) else {
        return Ok(Vec::new());
    };
    Ok(resources
        .into_iter()
        .filter(|resource| resource.count > 1)
        .filter_map(|resource| {
            let host = HostBinding {
                set: resource.set?,
                binding: resource.binding?,
            };
            let (_, kind, first_slot) = nvn_slot(host)?;
            Some(ResourceArray {
                kind,
                host,
                first_slot,
                count: resource.count,
            })
        })
        .collect())
}

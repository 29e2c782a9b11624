//! NVN's binding model and the one mapping from it to the host's descriptor layout.
//!
//! NVN gives every stage its own slots: uniform buffers 0-15, storage buffers 0-15,
//! combined textures 0-31 and images 0-7. The host layout puts each kind in its own
//! descriptor set and gives every stage its own run of bindings inside it:
//!
//! | kind            | set | binding                    | range per set |
//! | --------------- | --- | -------------------------- | ------------- |
//! | uniform buffer  | 0   | stage_index * 16 + slot    | 0-95          |
//! | storage buffer  | 1   | stage_index * 16 + slot    | 0-95          |
//! | texture         | 2   | stage_index * 32 + slot    | 0-191         |
//! | image           | 3   | stage_index * 8 + slot     | 0-47          |
//!
//! with stage_index vertex 0, tess control 1, tess eval 2, geometry 3, fragment 4,
//! compute 5. Four sets is Vulkan's guaranteed minimum of bound sets, and one set per
//! kind lets a pipeline layout declare only the bindings its stages reflect. Push
//! constants are outside this mapping (one range per pipeline).

use crate::Stage;

/// The kinds of NVN resource slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResourceKind {
    UniformBuffer,
    StorageBuffer,
    /// A combined texture and sampler (`uniform sampler2D`).
    Texture,
    /// A storage image (`uniform image2D`).
    Image,
}

impl ResourceKind {
    pub const ALL: [ResourceKind; 4] = [
        ResourceKind::UniformBuffer,
        ResourceKind::StorageBuffer,
        ResourceKind::Texture,
        ResourceKind::Image,
    ];

    /// How many slots of this kind each NVN stage has.
    pub const fn slots_per_stage(self) -> u32 {
        match self {
            ResourceKind::UniformBuffer => 16,
            ResourceKind::StorageBuffer => 16,
            ResourceKind::Texture => 32,
            ResourceKind::Image => 8,
        }
    }

    /// The host descriptor set that holds this kind.
    pub const fn host_set(self) -> u32 {
        match self {
            ResourceKind::UniformBuffer => 0,
            ResourceKind::StorageBuffer => 1,
            ResourceKind::Texture => 2,
            ResourceKind::Image => 3,
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            ResourceKind::UniformBuffer => "uniform buffer",
            ResourceKind::StorageBuffer => "storage buffer",
            ResourceKind::Texture => "texture",
            ResourceKind::Image => "image",
        }
    }
}

/// Number of descriptor sets the host layout uses (sets 0 to 3).
pub const HOST_SET_COUNT: u32 = 4;

/// A descriptor set and binding in the host's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct HostBinding {
    pub set: u32,
    pub binding: u32,
}

/// The mapping (stage, kind, slot) -> (set, binding) documented above; `None` when the
/// slot is outside NVN's range for that kind.
pub const fn host_binding(stage: Stage, kind: ResourceKind, slot: u32) -> Option<HostBinding> {
    if slot >= kind.slots_per_stage() {
        return None;
    }
    Some(HostBinding {
        set: kind.host_set(),
        binding: stage.index() * kind.slots_per_stage() + slot,
    })
}

/// The inverse of [`host_binding`]: which stage, kind and slot a host binding serves.
pub fn nvn_slot(host: HostBinding) -> Option<(Stage, ResourceKind, u32)> {
    let kind = ResourceKind::ALL
        .into_iter()
        .find(|kind| kind.host_set() == host.set)?;
    let stage_index = host.binding / kind.slots_per_stage();
    let stage = Stage::ALL.into_iter().find(|s| s.index() == stage_index)?;
    Some((stage, kind, host.binding % kind.slots_per_stage()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_has_its_own_binding_and_maps_back() {
        let mut seen = std::collections::HashSet::new();
        for stage in Stage::ALL {
            for kind in ResourceKind::ALL {
                for slot in 0..kind.slots_per_stage() {
                    let host = host_binding(stage, kind, slot).unwrap();
                    assert!(host.set < HOST_SET_COUNT);
                    assert!(seen.insert(host), "{host:?} given twice");
                    assert_eq!(nvn_slot(host), Some((stage, kind, slot)));
                }
                assert_eq!(host_binding(stage, kind, kind.slots_per_stage()), None);
            }
        }
    }

    #[test]
    fn documented_examples() {
        let texture_31 = host_binding(Stage::Fragment, ResourceKind::Texture, 31).unwrap();
        assert_eq!(
            texture_31,
            HostBinding {
                set: 2,
                binding: 159
            }
        );
        let ubo_15 = host_binding(Stage::Vertex, ResourceKind::UniformBuffer, 15).unwrap();
        assert_eq!(
            ubo_15,
            HostBinding {
                set: 0,
                binding: 15
            }
        );
        let image_0 = host_binding(Stage::Compute, ResourceKind::Image, 0).unwrap();
        assert_eq!(
            image_0,
            HostBinding {
                set: 3,
                binding: 40
            }
        );
    }
}

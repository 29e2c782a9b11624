//! What the device offers for sparse binding, the path virtual pools take from it: pure
//! logic over what the driver reported. The memory-type probe that completes the choice
//! needs the device (`gpu_memory::sparse_pool`).

use ash::vk;
use gpu::address::{SparseResidency, SparseSwitch};

/// The driver's answers that the sparse path needs, each one named when missing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SparseSupport {
    /// `sparseBinding`: buffers bound with `vkQueueBindSparse`.
    pub binding: bool,
    /// `sparseResidencyBuffer`: a buffer partly bound (unmapped pages stay unbound).
    pub residency_buffer: bool,
    /// `residencyNonResidentStrict`: unbound pages read zero and drop writes, as an
    /// unmapped virtual page does on the copy path.
    pub non_resident_strict: bool,
    /// The graphics and compute queue Hookshot submits to has `SPARSE_BINDING`.
    pub queue: bool,
}

impl SparseSupport {
    pub fn query(
        core: &vk::PhysicalDeviceFeatures,
        sparse_properties: &vk::PhysicalDeviceSparseProperties,
        families: &[vk::QueueFamilyProperties],
    ) -> SparseSupport {
        let wanted = vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE;
        // The family `device::probe` picks: the first with graphics and compute.
        let queue = families
            .iter()
            .find(|family| family.queue_flags.contains(wanted))
            .is_some_and(|family| family.queue_flags.contains(vk::QueueFlags::SPARSE_BINDING));
        SparseSupport {
            binding: core.sparse_binding == vk::TRUE,
            residency_buffer: core.sparse_residency_buffer == vk::TRUE,
            non_resident_strict: sparse_properties.residency_non_resident_strict == vk::TRUE,
            queue,
        }
    }

    /// Every part offered, strict residency included.
    pub fn complete(&self) -> bool {
        self.missing().is_none()
    }

    /// The features the sparse path enables (`sparseBinding`, `sparseResidencyBuffer`) and
    /// the queue it binds on are offered: the device is made with them enabled, on either
    /// residency (strictness is a property of the device, nothing to enable).
    pub fn features_offered(&self) -> bool {
        self.binding && self.residency_buffer && self.queue
    }

    /// What the device lacks of sparse binding with strict residency, by the names Vulkan
    /// gives them.
    pub fn missing(&self) -> Option<String> {
        self.missing_for(SparseSwitch::Strict)
    }

    /// What the device lacks of what `switch` takes sparse binding with: strict residency
    /// is not asked for under `relaxed`. `Off` asks nothing of the device.
    pub fn missing_for(&self, switch: SparseSwitch) -> Option<String> {
        let strict_asked = switch == SparseSwitch::Strict;
        let missing: Vec<&str> = [
            (self.binding, "sparseBinding"),
            (self.residency_buffer, "sparseResidencyBuffer"),
            (
                self.non_resident_strict || !strict_asked,
                "residencyNonResidentStrict",
            ),
            (self.queue, "a graphics queue with SPARSE_BINDING"),
        ]
        .into_iter()
        .filter(|(offered, _)| !offered)
        .map(|(_, name)| name)
        .collect();
        (!missing.is_empty()).then(|| format!("the device lacks {}", missing.join(", ")))
    }

    /// What the GPU reads at unbound pages on this device.
    pub fn residency(&self) -> SparseResidency {
        match self.non_resident_strict {
            true => SparseResidency::Strict,
            false => SparseResidency::Relaxed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_missing_part_is_named() {
        let all = SparseSupport {
            binding: true,
            residency_buffer: true,
            non_resident_strict: true,
            queue: true,
        };
        assert!(all.complete());
        let none = SparseSupport::default();
        let why = none.missing().expect("nothing offered");
        for name in [
            "sparseBinding",
            "sparseResidencyBuffer",
            "residencyNonResidentStrict",
            "SPARSE_BINDING",
        ] {
            assert!(why.contains(name), "{why}");
        }
        let no_strict = SparseSupport {
            non_resident_strict: false,
            ..all
        };
        assert_eq!(
            no_strict.missing().as_deref(),
            Some("the device lacks residencyNonResidentStrict")
        );
        // Relaxed asks everything but strictness, and the features are enabled without it.
        assert_eq!(no_strict.missing_for(SparseSwitch::Relaxed), None);
        assert!(no_strict.features_offered());
        assert_eq!(no_strict.residency(), SparseResidency::Relaxed);
        assert_eq!(all.residency(), SparseResidency::Strict);
        let no_binding = SparseSupport {
            binding: false,
            ..no_strict
        };
        assert!(!no_binding.features_offered());
        assert_eq!(
            no_binding.missing_for(SparseSwitch::Relaxed).as_deref(),
            Some("the device lacks sparseBinding")
        );
    }

    #[test]
    fn the_queue_is_the_first_graphics_and_compute_family() {
        let family = |flags| vk::QueueFamilyProperties {
            queue_flags: flags,
            ..Default::default()
        };
        let graphics = vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE;
        let features = vk::PhysicalDeviceFeatures {
            sparse_binding: vk::TRUE,
            sparse_residency_buffer: vk::TRUE,
            ..Default::default()
        };
        let strict = vk::PhysicalDeviceSparseProperties {
            residency_non_resident_strict: vk::TRUE,
            ..Default::default()
        };
        let sparse_later = [
            family(graphics),
            family(vk::QueueFlags::TRANSFER | vk::QueueFlags::SPARSE_BINDING),
        ];
        assert!(!SparseSupport::query(&features, &strict, &sparse_later).queue);
        let sparse_first = [family(graphics | vk::QueueFlags::SPARSE_BINDING)];
        assert!(SparseSupport::query(&features, &strict, &sparse_first).complete());
    }
}

//! What the chosen device offers that changes Hookshot's code paths. Every `true` here has
//! a fallback for `false`, because drivers differ (lavapipe: no descriptor indexing, one
//! memory type; MoltenVK: the portability subset).

use std::ffi::CStr;

use ash::vk;

use crate::portability::PortabilitySubset;

/// Device extensions Hookshot enables when offered.
pub const EXT_EXTERNAL_MEMORY_HOST: &CStr = c"VK_EXT_external_memory_host";
pub const EXT_MEMORY_BUDGET: &CStr = c"VK_EXT_memory_budget";
pub const KHR_PORTABILITY_SUBSET: &CStr = c"VK_KHR_portability_subset";
pub const KHR_PUSH_DESCRIPTOR: &CStr = c"VK_KHR_push_descriptor";
pub const KHR_SWAPCHAIN: &CStr = c"VK_KHR_swapchain";

#[derive(Clone, Debug, Default)]
pub struct Capabilities {
    /// Pools can be imported as buffers (`VK_EXT_external_memory_host`); else host-visible
    /// memory mirrors them.
    pub external_memory_host: bool,
    pub min_imported_host_pointer_alignment_b: u64,
    /// `VK_EXT_memory_budget`: the texture budget's default comes from the driver.
    pub memory_budget: bool,
    /// The driver is a portability implementation (MoltenVK): `VK_KHR_portability_subset`
    /// is enabled, with every feature in `portability` it offers.
    pub portability_subset: bool,
    /// What the portability subset leaves out (all present on a full implementation, or
    /// less under `RX_VK_SIMULATE`); the executor honours each feature it depends on.
    pub portability: PortabilitySubset,
    /// Bindless textures: runtime arrays of sampled images and samplers, indexed by a
    /// dynamically uniform value, partially bound and written after they are bound.
    pub descriptor_indexing: bool,
    /// The most sampled images, and samplers, one stage may see through sets written
    /// after bind (0 without descriptor indexing).
    pub max_bindless_images: u32,
    pub max_bindless_samplers: u32,
    /// `VK_KHR_push_descriptor`; else descriptor sets come from per-frame pools.
    pub push_descriptor: bool,
    /// `VK_KHR_swapchain`: presenting to a window; else headless only.
    pub swapchain: bool,
    /// BC1-BC7 can be sampled; else they are decoded on upload.
    pub texture_compression_bc: bool,
    pub geometry_shader: bool,
    pub tessellation_shader: bool,
    /// Each memory type's flags, in the driver's order.
    pub memory_types: Vec<vk::MemoryPropertyFlags>,
    /// The largest device-local heap.
    pub device_local_heap_b: u64,
    pub min_storage_buffer_offset_alignment_b: u64,
    pub min_uniform_buffer_offset_alignment_b: u64,
    pub max_storage_buffer_range_b: u64,
    pub max_uniform_buffer_range_b: u64,
    pub max_push_constants_size_b: u32,
    pub timestamp_period_ns: f32,
    pub timestamps: bool,
}

impl Capabilities {
    /// Reads the capabilities of `physical`, given the device extensions it offers.
    pub fn query(
        instance: &ash::Instance,
        physical: vk::PhysicalDevice,
        offered: &[&CStr],
    ) -> Capabilities {
        let has = |name: &CStr| offered.contains(&name);
        let mut indexing = vk::PhysicalDeviceDescriptorIndexingFeatures::default();
        let mut features = vk::PhysicalDeviceFeatures2::default().push_next(&mut indexing);
        let mut host_props = vk::PhysicalDeviceExternalMemoryHostPropertiesEXT::default();
        let mut indexing_props = vk::PhysicalDeviceDescriptorIndexingProperties::default();
        let mut properties =
            vk::PhysicalDeviceProperties2::default().push_next(&mut indexing_props);
        if has(EXT_EXTERNAL_MEMORY_HOST) {
            properties = properties.push_next(&mut host_props);
        }
        // SAFETY: `physical` came from this instance and the chained structs live across
        // the calls.
        let (memory, queue_families) = unsafe {
            instance.get_physical_device_features2(physical, &mut features);
            instance.get_physical_device_properties2(physical, &mut properties);
            (
                instance.get_physical_device_memory_properties(physical),
                instance.get_physical_device_queue_family_properties(physical),
            )
        };
        let core = features.features;
        let limits = properties.properties.limits;
        let memory_types = memory.memory_types_as_slice();
        let device_local_heap_b = memory
            .memory_heaps_as_slice()
            .iter()
            .filter(|heap| heap.flags.contains(vk::MemoryHeapFlags::DEVICE_LOCAL))
            .map(|heap| heap.size)
            .max()
            .unwrap_or(0);
        let descriptor_indexing = core.shader_sampled_image_array_dynamic_indexing == vk::TRUE
            && indexing.descriptor_binding_partially_bound == vk::TRUE
            && indexing.runtime_descriptor_array == vk::TRUE
            && indexing.descriptor_binding_sampled_image_update_after_bind == vk::TRUE;
        let (max_bindless_images, max_bindless_samplers) = if descriptor_indexing {
            (
                indexing_props
                    .max_per_stage_descriptor_update_after_bind_sampled_images
                    .min(indexing_props.max_descriptor_set_update_after_bind_sampled_images)
                    .min(indexing_props.max_per_stage_update_after_bind_resources),
                indexing_props
                    .max_per_stage_descriptor_update_after_bind_samplers
                    .min(indexing_props.max_descriptor_set_update_after_bind_samplers),
            )
        } else {
            (0, 0)
        };
        Capabilities {
            external_memory_host: has(EXT_EXTERNAL_MEMORY_HOST),
            min_imported_host_pointer_alignment_b: host_props.min_imported_host_pointer_alignment,
            memory_budget: has(EXT_MEMORY_BUDGET),
            portability_subset: has(KHR_PORTABILITY_SUBSET),
            portability: if has(KHR_PORTABILITY_SUBSET) {
                crate::portability::query(instance, physical)
            } else {
                PortabilitySubset::default()
            },
            descriptor_indexing,
            max_bindless_images,
            max_bindless_samplers,
            push_descriptor: has(KHR_PUSH_DESCRIPTOR),
            swapchain: has(KHR_SWAPCHAIN),
            texture_compression_bc: core.texture_compression_bc == vk::TRUE,
            geometry_shader: core.geometry_shader == vk::TRUE,
            tessellation_shader: core.tessellation_shader == vk::TRUE,
            memory_types: memory_types.iter().map(|t| t.property_flags).collect(),
            device_local_heap_b,
            min_storage_buffer_offset_alignment_b: limits.min_storage_buffer_offset_alignment,
            min_uniform_buffer_offset_alignment_b: limits.min_uniform_buffer_offset_alignment,
            max_storage_buffer_range_b: u64::from(limits.max_storage_buffer_range),
            max_uniform_buffer_range_b: u64::from(limits.max_uniform_buffer_range),
            max_push_constants_size_b: limits.max_push_constants_size,
            timestamp_period_ns: limits.timestamp_period,
            timestamps: limits.timestamp_compute_and_graphics == vk::TRUE
                && queue_families.iter().any(|q| q.timestamp_valid_bits > 0),
        }
    }

    /// The device extensions to enable for these capabilities.
    pub fn extensions(&self) -> Vec<&'static CStr> {
        let mut names = Vec::new();
        if self.external_memory_host {
            names.push(EXT_EXTERNAL_MEMORY_HOST);
        }
        if self.memory_budget {
            names.push(EXT_MEMORY_BUDGET);
        }
        if self.portability_subset {
            names.push(KHR_PORTABILITY_SUBSET);
        }
        if self.push_descriptor {
            names.push(KHR_PUSH_DESCRIPTOR);
        }
        if self.swapchain {
            names.push(KHR_SWAPCHAIN);
        }
        names
    }

    /// `(name, value)` pairs for `hookshot info` and the start-up log.
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let yes_no = |b: bool| if b { "yes" } else { "no" }.to_owned();
        vec![
            (
                "external memory host import",
                yes_no(self.external_memory_host),
            ),
            ("memory budget", yes_no(self.memory_budget)),
            ("portability subset", yes_no(self.portability_subset)),
            (
                "portability features missing",
                match self.portability.missing() {
                    missing if missing.is_empty() => "none".into(),
                    missing => missing.join(", "),
                },
            ),
            ("descriptor indexing", yes_no(self.descriptor_indexing)),
            ("push descriptors", yes_no(self.push_descriptor)),
            ("swapchain (windows)", yes_no(self.swapchain)),
            (
                "BC texture compression",
                yes_no(self.texture_compression_bc),
            ),
            ("geometry shaders", yes_no(self.geometry_shader)),
            ("tessellation shaders", yes_no(self.tessellation_shader)),
            ("memory types", self.memory_types.len().to_string()),
            (
                "largest device-local heap",
                format!("{} MiB", self.device_local_heap_b >> 20),
            ),
            ("timestamps", yes_no(self.timestamps)),
        ]
    }
}

//! What the chosen device offers that changes Hookshot's code paths. Every `true` here has
//! a fallback for `false`, because drivers differ (lavapipe: no descriptor indexing, one
//! memory type; MoltenVK: the portability subset).

use std::ffi::CStr;

use ash::vk;

use crate::bringup::portability::PortabilitySubset;

/// Device extensions Hookshot enables when offered.
pub const EXT_EXTERNAL_MEMORY_HOST: &CStr = c"VK_EXT_external_memory_host";
pub const EXT_MEMORY_BUDGET: &CStr = c"VK_EXT_memory_budget";
pub const KHR_PORTABILITY_SUBSET: &CStr = c"VK_KHR_portability_subset";
pub const KHR_PUSH_DESCRIPTOR: &CStr = c"VK_KHR_push_descriptor";
pub const KHR_SWAPCHAIN: &CStr = c"VK_KHR_swapchain";
pub const EXT_DEPTH_CLIP_CONTROL: &CStr = c"VK_EXT_depth_clip_control";
pub const EXT_PROVOKING_VERTEX: &CStr = c"VK_EXT_provoking_vertex";
pub const EXT_VERTEX_ATTRIBUTE_DIVISOR: &CStr = c"VK_EXT_vertex_attribute_divisor";
pub const EXT_INDEX_TYPE_UINT8: &CStr = c"VK_EXT_index_type_uint8";
pub const EXT_CUSTOM_BORDER_COLOR: &CStr = c"VK_EXT_custom_border_color";
pub const EXT_SHADER_VIEWPORT_INDEX_LAYER: &CStr = c"VK_EXT_shader_viewport_index_layer";
pub const EXT_PRIMITIVES_GENERATED_QUERY: &CStr = c"VK_EXT_primitives_generated_query";
/// Required by `VK_EXT_primitives_generated_query`.
pub const EXT_TRANSFORM_FEEDBACK: &CStr = c"VK_EXT_transform_feedback";
/// Float image atomics (`shaderImageFloat32Atomics`).
pub const EXT_SHADER_ATOMIC_FLOAT: &CStr = c"VK_EXT_shader_atomic_float";
pub const EXT_LINE_RASTERIZATION: &CStr = c"VK_EXT_line_rasterization";
pub const KHR_MAINTENANCE5: &CStr = c"VK_KHR_maintenance5";

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
    /// `VK_KHR_maintenance5`'s `maintenance5`: RGB5A1 textures are images of
    /// `A1B5G5R5_UNORM_PACK16_KHR` (sampled as stored, which the extension guarantees;
    /// rendered where `state.formats.rgb5a1_attachment`); else A1R5G5B5 read through a
    /// view swizzle, and never rendered.
    pub maintenance5: bool,
    /// The fixed-function features NVN state needs, each enabled when offered: the
    /// command buffer refuses state needing the others when it is recorded.
    pub state: gpu::DeviceFeatures,
    /// Each memory type's flags, in the driver's order.
    pub memory_types: Vec<vk::MemoryPropertyFlags>,
    /// The largest device-local heap.
    pub device_local_heap_b: u64,
    pub min_storage_buffer_offset_alignment_b: u64,
    pub min_uniform_buffer_offset_alignment_b: u64,
    pub max_storage_buffer_range_b: u64,
    pub max_uniform_buffer_range_b: u64,
    pub max_push_constants_size_b: u32,
    /// The limits programs' modules are checked against when made (interface locations,
    /// workgroup size); push constants are `max_push_constants_size_b`.
    pub module_limits: gpu::ModuleLimits,
    /// `maxPerStageDescriptorSamplers`: the most samplers one stage may see (16 on Metal).
    pub max_per_stage_samplers: u32,
    /// The host page size pools, write tracking and imports work in: the OS's, or a
    /// larger one under `RX_VK_SIMULATE` (16 KiB for Apple Silicon).
    pub host_page_size_b: u64,
    /// Vertex buffer bindings a pipeline may use (at least 16, NVN's streams; one more
    /// feeds vertex inputs no attribute feeds).
    pub max_vertex_input_bindings: u32,
    /// `shaderDrawParameters`: OpenGL's `gl_InstanceID` (from `gl_BaseInstanceARB`).
    pub shader_draw_parameters: bool,
    /// `shaderStorageImageArrayDynamicIndexing`: storage image arrays indexed at run time
    /// (a compiled program's image handles in registers, GLSL image arrays).
    pub storage_image_array_dynamic_indexing: bool,
    /// `samplerMirrorClampToEdge`: NVN's mirror-clamp-to-edge wrap mode.
    pub sampler_mirror_clamp_to_edge: bool,
    /// `VK_EXT_custom_border_color` with `customBorderColorWithoutFormat`: border colours
    /// other than transparent black, opaque black and opaque white.
    pub custom_border_colors: bool,
    pub timestamp_period_ns: f32,
    pub timestamps: bool,
    /// Sample counts render targets and sampled images may have, and whether samples
    /// lie at Vulkan's standard locations.
    pub samples: crate::bringup::sample_counts::SampleCounts,
    /// Dynamic state past Vulkan 1.3's and graphics pipeline libraries, where offered.
    pub pipeline: crate::bringup::pipeline_features::PipelineFeatures,
    /// Sparse binding, for virtual pools (`VirtualPoolPath`); its features are enabled
    /// when every part is offered.
    pub sparse: crate::bringup::sparse::SparseSupport,
}

impl Capabilities {
    /// Whether a vertex stage may write gl_Layer or gl_ViewportIndex (as the profile left
    /// them): one extension and one pair of Vulkan 1.2 features serve both.
    pub fn vertex_stage_outputs(&self) -> bool {
        self.state.shader_output_layer || self.state.shader_output_viewport_index
    }

    /// Reads the capabilities of `physical`, given the device extensions it offers.
    pub fn query(
        instance: &ash::Instance,
        physical: vk::PhysicalDevice,
        offered: &[&CStr],
    ) -> Capabilities {
        let has = |name: &CStr| offered.contains(&name);
        let mut indexing = vk::PhysicalDeviceDescriptorIndexingFeatures::default();
        let mut v11 = vk::PhysicalDeviceVulkan11Features::default();
        let mut clip_control = vk::PhysicalDeviceDepthClipControlFeaturesEXT::default();
        let mut provoking = vk::PhysicalDeviceProvokingVertexFeaturesEXT::default();
        let mut divisor = vk::PhysicalDeviceVertexAttributeDivisorFeaturesKHR::default();
        let mut uint8 = vk::PhysicalDeviceIndexTypeUint8FeaturesKHR::default();
        let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
        let mut border = vk::PhysicalDeviceCustomBorderColorFeaturesEXT::default();
        let mut transform_feedback = vk::PhysicalDeviceTransformFeedbackFeaturesEXT::default();
        let mut generated = vk::PhysicalDevicePrimitivesGeneratedQueryFeaturesEXT::default();
        let mut lines = vk::PhysicalDeviceLineRasterizationFeaturesEXT::default();
        let mut maintenance5 = vk::PhysicalDeviceMaintenance5FeaturesKHR::default();
        let mut atomic_float = vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT::default();
        let mut divisor_props = vk::PhysicalDeviceVertexAttributeDivisorPropertiesEXT::default();
        let mut features = vk::PhysicalDeviceFeatures2::default()
            .push_next(&mut indexing)
            .push_next(&mut v11);
        if has(EXT_DEPTH_CLIP_CONTROL) {
            features = features.push_next(&mut clip_control);
        }
        if has(EXT_PROVOKING_VERTEX) {
            features = features.push_next(&mut provoking);
        }
        if has(EXT_VERTEX_ATTRIBUTE_DIVISOR) {
            features = features.push_next(&mut divisor);
        }
        if has(EXT_INDEX_TYPE_UINT8) {
            features = features.push_next(&mut uint8);
        }
        features = features.push_next(&mut v12);
        if has(EXT_CUSTOM_BORDER_COLOR) {
            features = features.push_next(&mut border);
        }
        if has(EXT_TRANSFORM_FEEDBACK) {
            features = features.push_next(&mut transform_feedback);
        }
        if has(EXT_PRIMITIVES_GENERATED_QUERY) && has(EXT_TRANSFORM_FEEDBACK) {
            features = features.push_next(&mut generated);
        }
        if has(EXT_SHADER_ATOMIC_FLOAT) {
            features = features.push_next(&mut atomic_float);
        }
        if has(EXT_LINE_RASTERIZATION) {
            features = features.push_next(&mut lines);
        }
        if has(KHR_MAINTENANCE5) {
            features = features.push_next(&mut maintenance5);
        }
        let mut host_props = vk::PhysicalDeviceExternalMemoryHostPropertiesEXT::default();
        let mut indexing_props = vk::PhysicalDeviceDescriptorIndexingProperties::default();
        let mut resolve_props = vk::PhysicalDeviceDepthStencilResolveProperties::default();
        let mut driver_props = vk::PhysicalDeviceDriverProperties::default();
        let mut subgroup_props = vk::PhysicalDeviceSubgroupProperties::default();
        let mut properties = vk::PhysicalDeviceProperties2::default()
            .push_next(&mut subgroup_props)
            .push_next(&mut indexing_props)
            .push_next(&mut resolve_props)
            .push_next(&mut driver_props);
        if has(EXT_EXTERNAL_MEMORY_HOST) {
            properties = properties.push_next(&mut host_props);
        }
        if has(EXT_VERTEX_ATTRIBUTE_DIVISOR) {
            properties = properties.push_next(&mut divisor_props);
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
        let sparse_properties = properties.properties.sparse_properties;
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
        // glslang declares ShaderViewportIndexLayerEXT for gl_Layer and gl_ViewportIndex in
        // a vertex stage (SPIR-V for Vulkan 1.1): that needs the extension, and the
        // extension needs Vulkan 1.2's two output features, whichever of the two is written.
        let maintenance5 = maintenance5.maintenance5 == vk::TRUE;
        let vertex_stage_outputs = has(EXT_SHADER_VIEWPORT_INDEX_LAYER)
            && v12.shader_output_layer == vk::TRUE
            && v12.shader_output_viewport_index == vk::TRUE;
        Capabilities {
            pipeline: crate::bringup::pipeline_features::PipelineFeatures::query(
                instance, physical, offered,
            ),
            external_memory_host: has(EXT_EXTERNAL_MEMORY_HOST),
            min_imported_host_pointer_alignment_b: host_props.min_imported_host_pointer_alignment,
            memory_budget: has(EXT_MEMORY_BUDGET),
            portability_subset: has(KHR_PORTABILITY_SUBSET),
            portability: if has(KHR_PORTABILITY_SUBSET) {
                crate::bringup::portability::query(instance, physical)
            } else {
                PortabilitySubset::default()
            },
            descriptor_indexing,
            max_bindless_images,
            max_bindless_samplers,
            push_descriptor: has(KHR_PUSH_DESCRIPTOR),
            swapchain: has(KHR_SWAPCHAIN),
            texture_compression_bc: core.texture_compression_bc == vk::TRUE,
            maintenance5,
            state: gpu::DeviceFeatures {
                depth_clamp: core.depth_clamp == vk::TRUE,
                sample_rate_shading: core.sample_rate_shading == vk::TRUE,
                alpha_to_one: core.alpha_to_one == vk::TRUE,
                // Filled from VK_EXT_sample_locations when the device is opened
                // (`bringup::sample_locations`).
                sample_locations: false,
                sample_location_counts: 0,
                sample_location_grid_counts: 0,
                depth_resolve: resolve_props
                    .supported_depth_resolve_modes
                    .contains(vk::ResolveModeFlags::SAMPLE_ZERO)
                    && resolve_props
                        .supported_stencil_resolve_modes
                        .contains(vk::ResolveModeFlags::SAMPLE_ZERO),
                sampled_color_sample_counts: limits.sampled_image_color_sample_counts.as_raw(),
                sampled_integer_sample_counts: limits.sampled_image_integer_sample_counts.as_raw(),
                sampled_depth_sample_counts: limits.sampled_image_depth_sample_counts.as_raw(),
                depth_bias_clamp: core.depth_bias_clamp == vk::TRUE,
                fill_mode_non_solid: core.fill_mode_non_solid == vk::TRUE,
                wide_lines: core.wide_lines == vk::TRUE,
                line_width_range_px: limits.line_width_range,
                logic_op: core.logic_op == vk::TRUE,
                dual_src_blend: core.dual_src_blend == vk::TRUE,
                depth_clip_control: clip_control.depth_clip_control == vk::TRUE,
                provoking_vertex_last: provoking.provoking_vertex_last == vk::TRUE,
                depth_bounds: core.depth_bounds == vk::TRUE,
                index_type_uint8: uint8.index_type_uint8 == vk::TRUE,
                multi_draw_indirect: core.multi_draw_indirect == vk::TRUE,
                tessellation_shader: core.tessellation_shader == vk::TRUE,
                geometry_shader: core.geometry_shader == vk::TRUE,
                tessellation_geometry_point_size: core.shader_tessellation_and_geometry_point_size
                    == vk::TRUE,
                shader_output_layer: vertex_stage_outputs,
                transform_feedback: transform_feedback.transform_feedback == vk::TRUE,
                // Set from the portability subset once the profile is applied
                // (`Capabilities::record_features`).
                portability: gpu::PortabilityFeatures::FULL,
                timestamps: limits.timestamp_compute_and_graphics == vk::TRUE
                    && queue_families.iter().any(|q| q.timestamp_valid_bits > 0),
                occlusion_query_precise: core.occlusion_query_precise == vk::TRUE,
                pipeline_statistics_query: core.pipeline_statistics_query == vk::TRUE,
                // With rasterizer discard too: a discarding draw may run while one counts.
                primitives_generated_query: generated.primitives_generated_query == vk::TRUE
                    && generated.primitives_generated_query_with_rasterizer_discard == vk::TRUE,
                large_points: core.large_points == vk::TRUE,
                point_size_range_px: limits.point_size_range,
                multi_viewport: core.multi_viewport == vk::TRUE
                    && limits.max_viewports as usize >= gpu::state::MAX_VIEWPORTS,
                shader_output_viewport_index: vertex_stage_outputs,
                smooth_lines: lines.smooth_lines == vk::TRUE,
                // Mesa's llvmpipe (lavapipe) draws a tessellated draw's smoothed line-mode
                // edges from stale vertex data on the second and later draws of a pipeline
                // (docs/nvn-conventions.md, "Smoothed lines after tessellation").
                smooth_tessellated_lines: lines.smooth_lines == vk::TRUE
                    && driver_props.driver_id != vk::DriverId::MESA_LLVMPIPE,
                shader_image_float32_atomics: atomic_float.shader_image_float32_atomics == vk::TRUE,
                // The miss count is a store from whichever stage missed.
                buffer_device_address: v12.buffer_device_address == vk::TRUE
                    && core.shader_int64 == vk::TRUE
                    && core.fragment_stores_and_atomics == vk::TRUE
                    && core.vertex_pipeline_stores_and_atomics == vk::TRUE,
                shader_float64: core.shader_float64 == vk::TRUE,
                subgroup_stages: subgroup_props.supported_stages.as_raw(),
                subgroup_operations: subgroup_props.supported_operations.as_raw(),
                formats: crate::bringup::format_support::format_features(
                    instance,
                    physical,
                    maintenance5,
                ),
                max_instance_divisor: match divisor.vertex_attribute_instance_rate_divisor {
                    vk::TRUE => divisor_props.max_vertex_attrib_divisor.max(1),
                    _ => 1,
                },
            },
            memory_types: memory_types.iter().map(|t| t.property_flags).collect(),
            device_local_heap_b,
            min_storage_buffer_offset_alignment_b: limits.min_storage_buffer_offset_alignment,
            min_uniform_buffer_offset_alignment_b: limits.min_uniform_buffer_offset_alignment,
            max_storage_buffer_range_b: u64::from(limits.max_storage_buffer_range),
            max_uniform_buffer_range_b: u64::from(limits.max_uniform_buffer_range),
            max_push_constants_size_b: limits.max_push_constants_size,
            module_limits: crate::bringup::module_limits::from_vulkan(&limits),
            max_per_stage_samplers: limits.max_per_stage_descriptor_samplers,
            host_page_size_b: memory::host_page_size_b(),
            max_vertex_input_bindings: limits.max_vertex_input_bindings,
            shader_draw_parameters: v11.shader_draw_parameters == vk::TRUE,
            storage_image_array_dynamic_indexing: core.shader_storage_image_array_dynamic_indexing
                == vk::TRUE,
            sampler_mirror_clamp_to_edge: v12.sampler_mirror_clamp_to_edge == vk::TRUE,
            custom_border_colors: border.custom_border_colors == vk::TRUE
                && border.custom_border_color_without_format == vk::TRUE,
            timestamp_period_ns: limits.timestamp_period,
            timestamps: limits.timestamp_compute_and_graphics == vk::TRUE
                && queue_families.iter().any(|q| q.timestamp_valid_bits > 0),
            samples: crate::bringup::sample_counts::SampleCounts::from_limits(&limits),
            sparse: crate::bringup::sparse::SparseSupport::query(
                &core,
                &sparse_properties,
                &queue_families,
            ),
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
        if self.state.depth_clip_control {
            names.push(EXT_DEPTH_CLIP_CONTROL);
        }
        if self.state.provoking_vertex_last {
            names.push(EXT_PROVOKING_VERTEX);
        }
        if self.state.primitives_generated_query {
            names.push(EXT_PRIMITIVES_GENERATED_QUERY);
            // Its required extension, enabled once.
            if !names.contains(&EXT_TRANSFORM_FEEDBACK) {
                names.push(EXT_TRANSFORM_FEEDBACK);
            }
        }
        if self.state.max_instance_divisor > 1 {
            names.push(EXT_VERTEX_ATTRIBUTE_DIVISOR);
        }
        if self.state.index_type_uint8 {
            names.push(EXT_INDEX_TYPE_UINT8);
        }
        if self.custom_border_colors {
            names.push(EXT_CUSTOM_BORDER_COLOR);
        }
        if self.vertex_stage_outputs() {
            names.push(EXT_SHADER_VIEWPORT_INDEX_LAYER);
        }
        if self.state.transform_feedback && !names.contains(&EXT_TRANSFORM_FEEDBACK) {
            names.push(EXT_TRANSFORM_FEEDBACK);
        }
        if self.state.smooth_lines {
            names.push(EXT_LINE_RASTERIZATION);
        }
        if self.maintenance5 {
            names.push(KHR_MAINTENANCE5);
        }
        if self.state.shader_image_float32_atomics {
            names.push(EXT_SHADER_ATOMIC_FLOAT);
        }
        if self.state.sample_locations {
            names.push(crate::bringup::sample_locations::EXT_SAMPLE_LOCATIONS);
        }
        names.extend(self.pipeline.extensions());
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
            (
                "sparse binding (virtual pools)",
                match (self.sparse.missing(), self.sparse.features_offered()) {
                    (None, _) => "yes (strict residency)".into(),
                    (Some(why), true) => format!("{why} (RX_VK_VIRTUAL_SPARSE=relaxed binds)"),
                    (Some(why), false) => why,
                },
            ),
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
            ("geometry shaders", yes_no(self.state.geometry_shader)),
            (
                "tessellation shaders",
                yes_no(self.state.tessellation_shader),
            ),
            (
                "gl_Layer from vertex stages",
                yes_no(self.state.shader_output_layer),
            ),
            ("transform feedback", yes_no(self.state.transform_feedback)),
            (
                "raw pointers in shaders (bufferDeviceAddress, shaderInt64)",
                yes_no(self.state.buffer_device_address),
            ),
            (
                "double precision in shaders (shaderFloat64)",
                yes_no(self.state.shader_float64),
            ),
            (
                "subgroups (VkShaderStageFlags, VkSubgroupFeatureFlags)",
                format!(
                    "stages {:#x}, operations {:#x}",
                    self.state.subgroup_stages, self.state.subgroup_operations
                ),
            ),
            (
                "float image atomics",
                yes_no(self.state.shader_image_float32_atomics),
            ),
            ("depth clamp", yes_no(self.state.depth_clamp)),
            ("depth bias clamp", yes_no(self.state.depth_bias_clamp)),
            (
                "line and point polygon modes",
                yes_no(self.state.fill_mode_non_solid),
            ),
            (
                "wide lines",
                format!(
                    "{} ({}-{} px)",
                    yes_no(self.state.wide_lines),
                    self.state.line_width_range_px[0],
                    self.state.line_width_range_px[1]
                ),
            ),
            (
                "large points",
                format!(
                    "{} ({}-{} px)",
                    yes_no(self.state.large_points),
                    self.state.point_size_range_px[0],
                    self.state.point_size_range_px[1]
                ),
            ),
            ("viewports 1-15", yes_no(self.state.multi_viewport)),
            ("smooth lines", yes_no(self.state.smooth_lines)),
            ("sample shading", yes_no(self.state.sample_rate_shading)),
            ("alpha to one", yes_no(self.state.alpha_to_one)),
            ("depth resolve", yes_no(self.state.depth_resolve)),
            (
                "programmable sample locations",
                if self.state.sample_locations {
                    format!(
                        "sample counts {:#b}, on the 2x2 grid {:#b}",
                        self.state.sample_location_counts, self.state.sample_location_grid_counts
                    )
                } else {
                    "no".into()
                },
            ),
            (
                "viewport index from the vertex stage",
                yes_no(self.state.shader_output_viewport_index),
            ),
            ("logic op", yes_no(self.state.logic_op)),
            ("dual-source blending", yes_no(self.state.dual_src_blend)),
            ("depth bounds test", yes_no(self.state.depth_bounds)),
            ("8-bit indices", yes_no(self.state.index_type_uint8)),
            (
                "multi-draw indirect",
                yes_no(self.state.multi_draw_indirect),
            ),
            ("depth mode [-1, 1]", yes_no(self.state.depth_clip_control)),
            (
                "RGB5A1 as A1B5G5R5 (maintenance5)",
                yes_no(self.maintenance5),
            ),
            (
                "RGB5A1 render targets",
                yes_no(self.state.formats.rgb5a1_attachment),
            ),
            (
                "last provoking vertex",
                yes_no(self.state.provoking_vertex_last),
            ),
            (
                "largest instance divisor",
                self.state.max_instance_divisor.to_string(),
            ),
            ("memory types", self.memory_types.len().to_string()),
            (
                "largest device-local heap",
                format!("{} MiB", self.device_local_heap_b >> 20),
            ),
            ("timestamps", yes_no(self.timestamps)),
            (
                "exact occlusion queries",
                yes_no(self.state.occlusion_query_precise),
            ),
            (
                "pipeline statistics queries",
                yes_no(self.state.pipeline_statistics_query),
            ),
            (
                "primitives generated queries",
                yes_no(self.state.primitives_generated_query),
            ),
            (
                "shader draw parameters (gl_InstanceID)",
                yes_no(self.shader_draw_parameters),
            ),
            (
                "storage image arrays indexed at run time",
                yes_no(self.storage_image_array_dynamic_indexing),
            ),
            (
                "mirror clamp to edge",
                yes_no(self.sampler_mirror_clamp_to_edge),
            ),
            ("custom border colours", yes_no(self.custom_border_colors)),
            (
                "colour target sample counts",
                crate::bringup::sample_counts::describe(self.samples.color_targets),
            ),
            (
                "depth target sample counts",
                crate::bringup::sample_counts::describe(self.samples.depth_targets),
            ),
        ]
        .into_iter()
        .chain(self.pipeline.summary())
        .collect()
    }
}

impl Capabilities {
    /// The limits this device's programs are held to, as its profile left them
    /// (`gpu::module_limits`).
    pub fn module_limits(&self) -> gpu::ModuleLimits {
        gpu::ModuleLimits {
            max_push_constants_size_b: self.max_push_constants_size_b,
            ..self.module_limits
        }
    }

    /// What command buffers may record on this device: the portability subset's features and
    /// Metal's per-stage sampler limit, for the record-time checks (`gpu::PortabilityFeatures`).
    pub fn record_features(&self) -> gpu::PortabilityFeatures {
        let caps = self;
        let subset = &caps.portability;
        gpu::PortabilityFeatures {
            separate_stencil_mask_ref: subset.separate_stencil_mask_ref,
            point_polygons: subset.point_polygons,
            multisample_array_image: subset.multisample_array_image,
            constant_alpha_color_blend_factors: subset.constant_alpha_color_blend_factors,
            vertex_attribute_access_beyond_stride: subset.vertex_attribute_access_beyond_stride,
            mutable_comparison_samplers: subset.mutable_comparison_samplers,
            sampler_mirror_clamp_to_edge: caps.sampler_mirror_clamp_to_edge,
            sampler_mip_lod_bias: subset.sampler_mip_lod_bias,
            image_view_format_swizzle: subset.image_view_format_swizzle,
            max_samplers_per_stage: caps.max_per_stage_samplers,
            host_page_b: caps.host_page_size_b,
        }
    }
}

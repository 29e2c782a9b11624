//! The logical device: chosen by `adapter`, with the Vulkan 1.3 features Hookshot builds on,
//! the optional extensions in `Capabilities`, one graphics+compute queue and an allocator.

use std::ffi::CStr;
use std::mem::ManuallyDrop;
use std::sync::Arc;

use ash::vk;
use gpu::switches::Switches;
use gpu_allocator::vulkan::{Allocator, AllocatorCreateDesc};
use parking_lot::Mutex;

use crate::bringup::adapter::{choose, Candidate, DeviceKind};
use crate::bringup::capabilities::Capabilities;
use crate::bringup::instance::Instance;
use crate::bringup::validation::ValidationLog;
use crate::error::{map_allocation, map_vk, VkError, VkResult};

/// What the driver says about the device, for `hookshot info` and the logs.
#[derive(Clone, Debug)]
pub struct DeviceInfo {
    pub name: String,
    pub kind: DeviceKind,
    pub vendor_id: u32,
    pub device_id: u32,
    pub driver_name: String,
    pub driver_info: String,
    pub api_version: u32,
}

impl DeviceInfo {
    pub fn api_version_string(&self) -> String {
        format!(
            "{}.{}.{}",
            vk::api_version_major(self.api_version),
            vk::api_version_minor(self.api_version),
            vk::api_version_patch(self.api_version)
        )
    }
}

pub struct Device {
    pub raw: ash::Device,
    pub physical: vk::PhysicalDevice,
    pub queue_family_index: u32,
    /// Submissions are serialised: `vkQueueSubmit2` needs external synchronisation.
    pub queue: Mutex<vk::Queue>,
    pub info: DeviceInfo,
    pub caps: Capabilities,
    pub allocator: ManuallyDrop<Mutex<Allocator>>,
    /// `VK_EXT_debug_utils`'s command-buffer labels, where the instance has it.
    pub debug_utils: Option<ash::ext::debug_utils::Device>,
    /// `VK_EXT_extended_dynamic_state2`/`3`'s commands, where `caps.pipeline` has them.
    pub dynamic_state2: Option<ash::ext::extended_dynamic_state2::Device>,
    pub dynamic_state3: Option<ash::ext::extended_dynamic_state3::Device>,
    /// `VK_EXT_sample_locations`'s command, where `caps.state.sample_locations`.
    pub sample_locations: Option<ash::ext::sample_locations::Device>,
    /// Dropped after the device (field order plus `Drop` below).
    pub instance: Instance,
}

/// Per-device facts gathered while choosing.
struct Probe {
    physical: vk::PhysicalDevice,
    info: DeviceInfo,
    extensions: Vec<vk::ExtensionProperties>,
    queue_family_index: Option<u32>,
}

impl Device {
    /// Whether shaders take the Metal route in this run: the device is a portability
    /// implementation (MoltenVK), or `RX_VK_SIMULATE` masks it down to a profile of one.
    pub fn metal_route(&self, switches: &Switches) -> bool {
        self.caps.portability_subset || switches.simulate != gpu::switches::Simulate::Off
    }

    /// Opens the device the switches select. No window or surface is needed.
    pub fn open(switches: &Switches) -> VkResult<Arc<Device>> {
        let instance = Instance::new(
            switches.validation,
            &switches.loader,
            switches.title.as_ref(),
        )?;
        // SAFETY: a plain query on a live instance.
        let physicals = unsafe { instance.raw.enumerate_physical_devices() }
            .map_err(map_vk("listing physical devices"))?;
        let probes: Vec<Probe> = physicals
            .iter()
            .map(|&physical| probe(&instance.raw, physical))
            .collect::<VkResult<_>>()?;
        let candidates: Vec<Candidate> = probes
            .iter()
            .map(|p| Candidate {
                name: p.info.name.clone(),
                kind: p.info.kind,
                unsuitable: unsuitable_reason(&instance.raw, p),
            })
            .collect();
        let index = choose(&candidates, &switches.device).map_err(VkError::NoDevice)?;
        let probe = &probes[index];
        let offered: Vec<&CStr> = probe
            .extensions
            .iter()
            .filter_map(|e| e.extension_name_as_c_str().ok())
            .collect();
        let mut caps = Capabilities::query(&instance.raw, probe.physical, &offered);
        crate::bringup::sample_locations::query(
            &instance.entry,
            &instance.raw,
            probe.physical,
            &offered,
        )
        .apply(&mut caps.state);
        crate::bringup::simulate::apply(&switches.simulate, &mut caps).map_err(VkError::Profile)?;
        if !switches.pipeline_library {
            caps.pipeline.without_libraries();
        }
        caps.state.portability = caps.record_features();
        if switches.simulate != gpu::switches::Simulate::Off {
            tracing::info!(target: "gpu_vk::bringup::device", profile = ?switches.simulate,
                missing = ?caps.portability.missing(), "device capabilities masked by a profile");
        }
        let queue_family_index = probe
            .queue_family_index
            .expect("a suitable device has a graphics+compute queue");
        let raw = create_device(&instance.raw, probe.physical, queue_family_index, &caps)?;
        // SAFETY: the queue family and index were requested at device creation.
        let queue = unsafe { raw.get_device_queue(queue_family_index, 0) };
        let allocator = Allocator::new(&AllocatorCreateDesc {
            instance: instance.raw.clone(),
            device: raw.clone(),
            physical_device: probe.physical,
            debug_settings: Default::default(),
            buffer_device_address: caps.state.buffer_device_address,
            allocation_sizes: Default::default(),
        })
        .map_err(map_allocation("creating the allocator"))?;
        tracing::info!(
            device = %probe.info.name,
            driver = %probe.info.driver_info,
            api = %probe.info.api_version_string(),
            validation = switches.validation,
            "Vulkan device opened"
        );
        let debug_utils = instance
            .debug_utils
            .then(|| ash::ext::debug_utils::Device::new(&instance.raw, &raw));
        let dynamic_state2 = caps
            .pipeline
            .dynamic2_logic_op
            .then(|| ash::ext::extended_dynamic_state2::Device::new(&instance.raw, &raw));
        let dynamic_state3 = caps
            .pipeline
            .dynamic3
            .any()
            .then(|| ash::ext::extended_dynamic_state3::Device::new(&instance.raw, &raw));
        let sample_locations = caps
            .state
            .sample_locations
            .then(|| ash::ext::sample_locations::Device::new(&instance.raw, &raw));
        Ok(Arc::new(Device {
            sample_locations,
            debug_utils,
            dynamic_state2,
            dynamic_state3,
            raw,
            physical: probe.physical,
            queue_family_index,
            queue: Mutex::new(queue),
            info: probe.info.clone(),
            caps,
            allocator: ManuallyDrop::new(Mutex::new(allocator)),
            instance,
        }))
    }

    /// The validation layer's message counts (all zero when the layer is off).
    pub fn validation(&self) -> &ValidationLog {
        &self.instance.validation
    }

    pub fn validation_enabled(&self) -> bool {
        self.instance.validation_enabled
    }

    /// Waits until the device is idle; used before teardown and by tests.
    pub fn wait_idle(&self) -> VkResult<()> {
        let _queue = self.queue.lock();
        // SAFETY: the queue lock is held, so no submission races the wait.
        unsafe { self.raw.device_wait_idle() }.map_err(map_vk("waiting for the device"))
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: the allocator's memory is freed before the device goes; every object made
        // from the device is owned by structures holding an `Arc<Device>`, so none remain.
        unsafe {
            let _ = self.raw.device_wait_idle();
            ManuallyDrop::drop(&mut self.allocator);
            self.raw.destroy_device(None);
        }
    }
}

fn probe(instance: &ash::Instance, physical: vk::PhysicalDevice) -> VkResult<Probe> {
    let mut driver = vk::PhysicalDeviceDriverProperties::default();
    let mut properties = vk::PhysicalDeviceProperties2::default().push_next(&mut driver);
    // SAFETY: `physical` came from this instance; the chained struct outlives the call.
    let (extensions, families) = unsafe {
        instance.get_physical_device_properties2(physical, &mut properties);
        (
            instance
                .enumerate_device_extension_properties(physical)
                .map_err(map_vk("listing device extensions"))?,
            instance.get_physical_device_queue_family_properties(physical),
        )
    };
    let props = properties.properties;
    let wanted = vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE;
    let queue_family_index = families
        .iter()
        .position(|family| family.queue_flags.contains(wanted))
        .map(|index| index as u32);
    let text = |bytes: Result<&CStr, _>| {
        bytes.map_or_else(
            |_| String::new(),
            |s: &CStr| s.to_string_lossy().into_owned(),
        )
    };
    Ok(Probe {
        physical,
        info: DeviceInfo {
            name: text(props.device_name_as_c_str()),
            kind: DeviceKind::from_vk(props.device_type),
            vendor_id: props.vendor_id,
            device_id: props.device_id,
            driver_name: text(driver.driver_name_as_c_str()),
            driver_info: text(driver.driver_info_as_c_str()),
            api_version: props.api_version,
        },
        extensions,
        queue_family_index,
    })
}

/// Why a device cannot run Hookshot, or `None` when it can.
fn unsuitable_reason(instance: &ash::Instance, probe: &Probe) -> Option<String> {
    let version = probe.info.api_version;
    if vk::api_version_major(version) == 1 && vk::api_version_minor(version) < 3 {
        return Some(format!(
            "Vulkan {} (1.3 is required)",
            probe.info.api_version_string()
        ));
    }
    if probe.queue_family_index.is_none() {
        return Some("no queue family with graphics and compute".into());
    }
    let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
    let mut v13 = vk::PhysicalDeviceVulkan13Features::default();
    let mut features = vk::PhysicalDeviceFeatures2::default()
        .push_next(&mut v12)
        .push_next(&mut v13);
    // SAFETY: `probe.physical` came from this instance; the chain outlives the call.
    unsafe { instance.get_physical_device_features2(probe.physical, &mut features) };
    let missing: Vec<&str> = [
        (v13.dynamic_rendering, "dynamicRendering"),
        (v13.synchronization2, "synchronization2"),
        (v13.maintenance4, "maintenance4"),
        (v12.timeline_semaphore, "timelineSemaphore"),
    ]
    .iter()
    .filter(|(supported, _)| *supported != vk::TRUE)
    .map(|(_, name)| *name)
    .collect();
    (!missing.is_empty()).then(|| format!("missing {}", missing.join(", ")))
}

fn create_device(
    instance: &ash::Instance,
    physical: vk::PhysicalDevice,
    queue_family_index: u32,
    caps: &Capabilities,
) -> VkResult<ash::Device> {
    // SAFETY: a plain query on a device from this instance.
    let offered = unsafe { instance.get_physical_device_features(physical) };
    // Optional core features: enabled when offered, never required.
    let core = vk::PhysicalDeviceFeatures {
        sampler_anisotropy: offered.sampler_anisotropy,
        independent_blend: offered.independent_blend,
        fragment_stores_and_atomics: offered.fragment_stores_and_atomics,
        vertex_pipeline_stores_and_atomics: offered.vertex_pipeline_stores_and_atomics,
        shader_storage_image_write_without_format: offered
            .shader_storage_image_write_without_format,
        multi_draw_indirect: offered.multi_draw_indirect,
        // Counters (`command::counters`): exact samples passed, pipeline statistics.
        occlusion_query_precise: offered.occlusion_query_precise,
        pipeline_statistics_query: offered.pipeline_statistics_query,
        draw_indirect_first_instance: offered.draw_indirect_first_instance,
        depth_clamp: offered.depth_clamp,
        // Multisample state (`state::MultisampleState`).
        sample_rate_shading: offered.sample_rate_shading,
        alpha_to_one: offered.alpha_to_one,
        depth_bias_clamp: offered.depth_bias_clamp,
        fill_mode_non_solid: offered.fill_mode_non_solid,
        wide_lines: offered.wide_lines,
        large_points: offered.large_points,
        multi_viewport: offered.multi_viewport,
        logic_op: offered.logic_op,
        dual_src_blend: offered.dual_src_blend,
        depth_bounds: offered.depth_bounds,
        geometry_shader: offered.geometry_shader,
        // Points a geometry or tessellation stage makes take NVN's point size.
        shader_tessellation_and_geometry_point_size: offered
            .shader_tessellation_and_geometry_point_size,
        tessellation_shader: offered.tessellation_shader,
        texture_compression_bc: offered.texture_compression_bc,
        shader_int16: offered.shader_int16,
        shader_sampled_image_array_dynamic_indexing: offered
            .shader_sampled_image_array_dynamic_indexing,
        // Image arrays indexed at run time (`program_support` refuses them without it).
        shader_storage_image_array_dynamic_indexing: offered
            .shader_storage_image_array_dynamic_indexing,
        // Cube-array views (`TextureKind::CubeArray`) and shaders sampling them.
        image_cube_array: offered.image_cube_array,
        // Raw pointers in shaders: the pool table's 64-bit addresses.
        shader_int64: vk::Bool32::from(caps.state.buffer_device_address),
        // Double-precision shader arithmetic (compiled Maxwell doubles, GLSL `double`).
        shader_float64: vk::Bool32::from(caps.state.shader_float64),
        // Virtual pools' pages bound under their buffers (`VirtualPoolPath`), on either
        // residency: `RX_VK_VIRTUAL_SPARSE=relaxed` binds without strict residency.
        sparse_binding: vk::Bool32::from(caps.sparse.features_offered()),
        sparse_residency_buffer: vk::Bool32::from(caps.sparse.features_offered()),
        ..Default::default()
    };
    let mut v11 = vk::PhysicalDeviceVulkan11Features::default()
        .shader_draw_parameters(caps.shader_draw_parameters);
    let mut v12 = vk::PhysicalDeviceVulkan12Features::default()
        .timeline_semaphore(true)
        .sampler_mirror_clamp_to_edge(caps.sampler_mirror_clamp_to_edge)
        .shader_output_layer(caps.vertex_stage_outputs())
        .shader_output_viewport_index(caps.vertex_stage_outputs())
        .buffer_device_address(caps.state.buffer_device_address);
    let mut border = vk::PhysicalDeviceCustomBorderColorFeaturesEXT::default()
        .custom_border_colors(true)
        .custom_border_color_without_format(true);
    if caps.descriptor_indexing {
        // What the bindless texture table needs (`executor::pipelines::bindless_layout`).
        v12 = v12
            .descriptor_binding_partially_bound(true)
            .runtime_descriptor_array(true)
            .descriptor_binding_sampled_image_update_after_bind(true);
    }
    // maintenance4 (required of every Vulkan 1.3 device) lets a stage write a wider
    // vector than the next stage reads at a location: translated Maxwell programs write
    // every attribute as a vec4, whatever the GLSL of the stage they feed declared.
    let mut v13 = vk::PhysicalDeviceVulkan13Features::default()
        .dynamic_rendering(true)
        .synchronization2(true)
        .maintenance4(true);
    // The fixed-function extensions' features, each only where offered (`caps.state`).
    let mut clip_control =
        vk::PhysicalDeviceDepthClipControlFeaturesEXT::default().depth_clip_control(true);
    let mut provoking =
        vk::PhysicalDeviceProvokingVertexFeaturesEXT::default().provoking_vertex_last(true);
    let mut uint8 = vk::PhysicalDeviceIndexTypeUint8FeaturesKHR::default().index_type_uint8(true);
    let mut lines = vk::PhysicalDeviceLineRasterizationFeaturesEXT::default().smooth_lines(true);
    let mut maintenance5 = vk::PhysicalDeviceMaintenance5FeaturesKHR::default().maintenance5(true);
    let mut divisor = vk::PhysicalDeviceVertexAttributeDivisorFeaturesKHR::default()
        .vertex_attribute_instance_rate_divisor(true);
    let mut transform_feedback =
        vk::PhysicalDeviceTransformFeedbackFeaturesEXT::default().transform_feedback(true);
    let mut atomic_float = vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT::default()
        .shader_image_float32_atomics(true);
    let mut generated = vk::PhysicalDevicePrimitivesGeneratedQueryFeaturesEXT::default()
        .primitives_generated_query(true)
        .primitives_generated_query_with_rasterizer_discard(true);
    let priorities = [1.0_f32];
    let queue_info = [vk::DeviceQueueCreateInfo::default()
        .queue_family_index(queue_family_index)
        .queue_priorities(&priorities)];
    let extension_names: Vec<*const std::ffi::c_char> =
        caps.extensions().iter().map(|name| name.as_ptr()).collect();
    // Every portability feature the device offers (and a simulated profile left on).
    let mut portability = caps.portability.to_vk();
    let mut create_info = vk::DeviceCreateInfo::default()
        .queue_create_infos(&queue_info)
        .enabled_extension_names(&extension_names)
        .enabled_features(&core)
        .push_next(&mut v11)
        .push_next(&mut v12)
        .push_next(&mut v13);
    if caps.state.depth_clip_control {
        create_info = create_info.push_next(&mut clip_control);
    }
    if caps.state.provoking_vertex_last {
        create_info = create_info.push_next(&mut provoking);
    }
    if caps.state.max_instance_divisor > 1 {
        create_info = create_info.push_next(&mut divisor);
    }
    if caps.state.index_type_uint8 {
        create_info = create_info.push_next(&mut uint8);
    }
    if caps.custom_border_colors {
        create_info = create_info.push_next(&mut border);
    }
    if caps.state.shader_image_float32_atomics {
        create_info = create_info.push_next(&mut atomic_float);
    }
    if caps.state.transform_feedback {
        create_info = create_info.push_next(&mut transform_feedback);
    }
    if caps.state.primitives_generated_query {
        create_info = create_info.push_next(&mut generated);
    }
    if caps.state.smooth_lines {
        create_info = create_info.push_next(&mut lines);
    }
    if caps.maintenance5 {
        create_info = create_info.push_next(&mut maintenance5);
    }
    if caps.portability_subset {
        create_info = create_info.push_next(&mut portability);
    }
    let (mut dynamic2, mut dynamic3, mut library) = caps.pipeline.to_vk();
    if caps.pipeline.libraries() {
        create_info = create_info.push_next(&mut library);
    }
    if caps.pipeline.dynamic2_logic_op {
        create_info = create_info.push_next(&mut dynamic2);
    }
    if caps.pipeline.dynamic3.any() {
        create_info = create_info.push_next(&mut dynamic3);
    }
    // SAFETY: every pointer in `create_info` refers to locals that outlive the call, and
    // only features and extensions the device reported are requested.
    unsafe { instance.create_device(physical, &create_info, None) }
        .map_err(map_vk("creating the Vulkan device"))
}

//! The device's limits that programs' modules are checked against
//! (`gpu::module_limits`), from `VkPhysicalDeviceLimits`, and by name for device profiles
//! (`RX_VK_SIMULATE`'s `maximum` lines).

use ash::vk;

pub fn from_vulkan(limits: &vk::PhysicalDeviceLimits) -> gpu::ModuleLimits {
    gpu::ModuleLimits {
        max_vertex_input_attributes: limits.max_vertex_input_attributes,
        max_vertex_output_components: limits.max_vertex_output_components,
        max_tess_control_input_components: limits
            .max_tessellation_control_per_vertex_input_components,
        max_tess_control_output_components: limits
            .max_tessellation_control_per_vertex_output_components,
        max_tess_eval_input_components: limits.max_tessellation_evaluation_input_components,
        max_tess_eval_output_components: limits.max_tessellation_evaluation_output_components,
        max_geometry_input_components: limits.max_geometry_input_components,
        max_geometry_output_components: limits.max_geometry_output_components,
        max_fragment_input_components: limits.max_fragment_input_components,
        max_fragment_output_attachments: limits.max_fragment_output_attachments,
        max_push_constants_size_b: limits.max_push_constants_size,
        max_compute_work_group_size: limits.max_compute_work_group_size,
        max_compute_work_group_invocations: limits.max_compute_work_group_invocations,
    }
}

/// The limit Vulkan calls `name`, for a profile to lower.
pub fn named_mut<'a>(limits: &'a mut gpu::ModuleLimits, name: &str) -> Option<&'a mut u32> {
    Some(match name {
        "maxVertexInputAttributes" => &mut limits.max_vertex_input_attributes,
        "maxVertexOutputComponents" => &mut limits.max_vertex_output_components,
        "maxTessellationControlPerVertexInputComponents" => {
            &mut limits.max_tess_control_input_components
        }
        "maxTessellationControlPerVertexOutputComponents" => {
            &mut limits.max_tess_control_output_components
        }
        "maxTessellationEvaluationInputComponents" => &mut limits.max_tess_eval_input_components,
        "maxTessellationEvaluationOutputComponents" => &mut limits.max_tess_eval_output_components,
        "maxGeometryInputComponents" => &mut limits.max_geometry_input_components,
        "maxGeometryOutputComponents" => &mut limits.max_geometry_output_components,
        "maxFragmentInputComponents" => &mut limits.max_fragment_input_components,
        "maxFragmentOutputAttachments" => &mut limits.max_fragment_output_attachments,
        "maxComputeWorkGroupInvocations" => &mut limits.max_compute_work_group_invocations,
        _ => return None,
    })
}

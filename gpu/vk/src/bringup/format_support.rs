//! The optional format features of a physical device that NVN state depends on
//! (`gpu::FormatFeatures`), from `vkGetPhysicalDeviceFormatProperties`.

use ash::vk;

/// What `physical` can do with the formats Vulkan leaves optional, as this backend uses
/// them; `maintenance5`: whether VK_KHR_maintenance5 is enabled (its A1B5G5R5 format
/// exists only with it).
pub fn format_features(
    instance: &ash::Instance,
    physical: vk::PhysicalDevice,
    maintenance5: bool,
) -> gpu::FormatFeatures {
    // SAFETY: a plain query on a physical device of this instance.
    let properties = |format: vk::Format| unsafe {
        instance.get_physical_device_format_properties(physical, format)
    };
    let vertex = |format: vk::Format| {
        properties(format)
            .buffer_features
            .contains(vk::FormatFeatureFlags::VERTEX_BUFFER)
    };
    let sampled_and_rendered = |format: vk::Format| {
        properties(format).optimal_tiling_features.contains(
            vk::FormatFeatureFlags::COLOR_ATTACHMENT | vk::FormatFeatureFlags::SAMPLED_IMAGE,
        )
    };
    gpu::FormatFeatures {
        // RGB5A1 is made as A1B5G5R5 where VK_KHR_maintenance5 is enabled (else A1R5G5B5
        // read through a view swizzle, which an attachment cannot have); the extension
        // leaves rendering to it, and blending, optional.
        rgb5a1_attachment: maintenance5
            && properties(crate::conv::RGB5A1_AS_STORED)
                .optimal_tiling_features
                .contains(
                    vk::FormatFeatureFlags::COLOR_ATTACHMENT
                        | vk::FormatFeatureFlags::COLOR_ATTACHMENT_BLEND,
                ),
        // Where the three are sampled and rendered natively a texture maps to its own
        // format (not the RGBA32 fallback), which renders as stored.
        rgb32_attachment: [
            vk::Format::R32G32B32_UINT,
            vk::Format::R32G32B32_SINT,
            vk::Format::R32G32B32_SFLOAT,
        ]
        .into_iter()
        .all(sampled_and_rendered),
        vertex_ufloat_11_11_10: vertex(vk::Format::B10G11R11_UFLOAT_PACK32),
        vertex_snorm_10_10_10_2: vertex(vk::Format::A2B10G10R10_SNORM_PACK32),
        vertex_sint_10_10_10_2: vertex(vk::Format::A2B10G10R10_SINT_PACK32),
        vertex_sscaled_10_10_10_2: vertex(vk::Format::A2B10G10R10_SSCALED_PACK32),
    }
}

//! The optional format features of a physical device that NVN state depends on
//! (`gpu::FormatFeatures`), from `vkGetPhysicalDeviceFormatProperties`.

use ash::vk;

/// What `physical` can do with the formats Vulkan leaves optional, as this backend uses
/// them.
pub fn format_features(
    _instance: &ash::Instance,
    _physical: vk::PhysicalDevice,
) -> gpu::FormatFeatures {
    gpu::FormatFeatures {
        // RGB5A1 is made as A1R5G5B5 read through a view swizzle: this backend does not
        // enable VK_KHR_maintenance5, whose A1B5G5R5 would render it as stored.
        rgb5a1_attachment: false,
    }
}

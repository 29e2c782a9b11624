//! The bindless texture table's set layout (descriptor-indexing path), sized within the
//! device's limits and shared by every bindless program's pipeline layout; the frames'
//! tables are `resources::bindless_table`.

use std::sync::Arc;

use ash::vk;
use shader_translate::{
    BINDLESS_IMAGE_BINDING, BINDLESS_SAMPLER_BINDING, MAX_BINDLESS_IMAGES, MAX_BINDLESS_SAMPLERS,
};

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};

/// Sampled images one table holds (fewer where the driver's limits are lower).
const TABLE_IMAGES: u32 = 16 * 1024;

/// Samplers one table holds.
const TABLE_SAMPLERS: u32 = 1024;

/// Room a stage keeps for the program's other descriptors within the driver's
/// per-stage limit of update-after-bind resources.
const OTHER_DESCRIPTORS: u32 = 512;

/// The table's set layout, shared by every bindless program's pipeline layout.
pub struct BindlessLayout {
    pub raw: vk::DescriptorSetLayout,
    pub images: u32,
    pub samplers: u32,
    pub(in crate::executor) device: Arc<Device>,
}

impl BindlessLayout {
    /// The layout, sized within the device's limits (and `image_cap`, where given);
    /// `None` where the device has no descriptor indexing or too low limits for a useful
    /// table.
    pub fn new(
        device: &Arc<Device>,
        image_cap: Option<u32>,
    ) -> VkResult<Option<Arc<BindlessLayout>>> {
        let caps = &device.caps;
        if !caps.descriptor_indexing {
            return Ok(None);
        }
        if caps.portability_subset {
            // The rewritten modules alias image arrays of several types on one binding;
            // the Metal route (SPIRV-Cross, argument buffers) is not checked for that.
            tracing::info!(target: "gpu_vk::executor",
                "portability driver: per-draw texture sets, not the bindless table");
            return Ok(None);
        }
        let samplers = TABLE_SAMPLERS
            .min(caps.max_bindless_samplers)
            .min(MAX_BINDLESS_SAMPLERS);
        let images = TABLE_IMAGES
            .min(
                caps.max_bindless_images
                    .saturating_sub(samplers + OTHER_DESCRIPTORS),
            )
            .min(MAX_BINDLESS_IMAGES);
        if images < 64 || samplers < 16 {
            tracing::info!(target: "gpu_vk::executor", images, samplers,
                "descriptor indexing limits too low for a bindless table; per-draw sets are used");
            return Ok(None);
        }
        let images = images.min(image_cap.unwrap_or(u32::MAX)).max(1);
        let stages = vk::ShaderStageFlags::VERTEX | vk::ShaderStageFlags::FRAGMENT;
        let bindings = [
            vk::DescriptorSetLayoutBinding::default()
                .binding(BINDLESS_SAMPLER_BINDING)
                .descriptor_type(vk::DescriptorType::SAMPLER)
                .descriptor_count(samplers)
                .stage_flags(stages),
            vk::DescriptorSetLayoutBinding::default()
                .binding(BINDLESS_IMAGE_BINDING)
                .descriptor_type(vk::DescriptorType::SAMPLED_IMAGE)
                .descriptor_count(images)
                .stage_flags(stages),
        ];
        let flags = [vk::DescriptorBindingFlags::PARTIALLY_BOUND
            | vk::DescriptorBindingFlags::UPDATE_AFTER_BIND; 2];
        let mut binding_flags =
            vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags);
        let info = vk::DescriptorSetLayoutCreateInfo::default()
            .flags(vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL)
            .bindings(&bindings)
            .push_next(&mut binding_flags);
        // SAFETY: valid create info; the counts are within the device's update-after-bind
        // limits and the features the flags need were enabled with the device.
        let raw = unsafe { device.raw.create_descriptor_set_layout(&info, None) }
            .map_err(map_vk("creating the bindless texture table's set layout"))?;
        tracing::debug!(target: "gpu_vk::executor", images, samplers, "bindless texture table");
        Ok(Some(Arc::new(BindlessLayout {
            raw,
            images,
            samplers,
            device: device.clone(),
        })))
    }

    /// (images, samplers) one table holds.
    pub fn capacity(&self) -> (u32, u32) {
        (self.images, self.samplers)
    }
}

impl Drop for BindlessLayout {
    fn drop(&mut self) {
        // SAFETY: dropped with the executor, after every pipeline layout and set using it.
        unsafe {
            self.device
                .raw
                .destroy_descriptor_set_layout(self.raw, None)
        };
    }
}

//! Samplers: one `VkSampler` per NVN sampler in use, made on first use and released
//! after its last use once finalized.

use gpu::id_map::IdMap;
use std::sync::Arc;

use ash::vk;
use gpu::objects::{Filter, MipFilter, Sampler, SamplerMaker, WrapMode};
use gpu::SamplerId;

use crate::bringup::capabilities::Capabilities;
use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::retire::RetireList;

use crate::executor::pipelines::graphics_conv::compare_op;

pub struct HostSampler {
    pub raw: vk::Sampler,
    pub last_use: u64,
    device: Arc<Device>,
}

impl Drop for HostSampler {
    fn drop(&mut self) {
        // SAFETY: samplers are dropped after their last use (parked until its fence).
        unsafe { self.device.raw.destroy_sampler(self.raw, None) };
    }
}

fn filter(filter: Filter) -> vk::Filter {
    match filter {
        Filter::Nearest => vk::Filter::NEAREST,
        Filter::Linear => vk::Filter::LINEAR,
    }
}

fn address_mode(wrap: WrapMode) -> vk::SamplerAddressMode {
    match wrap {
        WrapMode::Repeat => vk::SamplerAddressMode::REPEAT,
        WrapMode::MirroredRepeat => vk::SamplerAddressMode::MIRRORED_REPEAT,
        WrapMode::ClampToEdge => vk::SamplerAddressMode::CLAMP_TO_EDGE,
        WrapMode::ClampToBorder => vk::SamplerAddressMode::CLAMP_TO_BORDER,
        // `samplerMirrorClampToEdge` (`sampler_refusal` refuses it where absent).
        WrapMode::MirrorClampToEdge => vk::SamplerAddressMode::MIRROR_CLAMP_TO_EDGE,
    }
}

/// The standard border colour equal to `colour`, if it is one; else a custom one.
fn border_color(colour: [f32; 4]) -> Option<vk::BorderColor> {
    match colour {
        [0.0, 0.0, 0.0, 0.0] => Some(vk::BorderColor::FLOAT_TRANSPARENT_BLACK),
        [0.0, 0.0, 0.0, 1.0] => Some(vk::BorderColor::FLOAT_OPAQUE_BLACK),
        [1.0, 1.0, 1.0, 1.0] => Some(vk::BorderColor::FLOAT_OPAQUE_WHITE),
        _ => None,
    }
}

fn custom_border(maker: &SamplerMaker) -> Option<[f32; 4]> {
    let clamps_to_border = maker.wrap.contains(&WrapMode::ClampToBorder);
    (clamps_to_border && border_color(maker.border_color).is_none()).then_some(maker.border_color)
}

/// Why the device cannot make `maker`'s sampler, if it cannot: asked when the sampler is
/// made, so it is refused then.
pub fn sampler_refusal(maker: &SamplerMaker, caps: &Capabilities) -> Option<String> {
    if maker.wrap.contains(&WrapMode::MirrorClampToEdge) && !caps.sampler_mirror_clamp_to_edge {
        return Some("the mirror-clamp-to-edge wrap mode needs samplerMirrorClampToEdge".into());
    }
    if custom_border(maker).is_some() && !caps.custom_border_colors {
        return Some(format!(
            "the border colour {:?} needs VK_EXT_custom_border_color",
            maker.border_color
        ));
    }
    None
}

/// The Vulkan sampler for an NVN sampler (a custom border colour, if any, is chained by
/// the caller); `anisotropy` says whether the device enabled anisotropic filtering.
pub fn sampler_info(
    maker: &SamplerMaker,
    anisotropy: bool,
) -> VkResult<vk::SamplerCreateInfo<'static>> {
    let modes = maker.wrap.map(address_mode);
    let border = match border_color(maker.border_color) {
        Some(border) => border,
        None if custom_border(maker).is_some() => vk::BorderColor::FLOAT_CUSTOM_EXT,
        None => vk::BorderColor::FLOAT_TRANSPARENT_BLACK,
    };
    // No mip filter: sample the base level only (a LOD range that rounds to it).
    let (mipmap_mode, max_lod) = match maker.mip_filter {
        MipFilter::None => (vk::SamplerMipmapMode::NEAREST, maker.min_lod.min(0.25)),
        MipFilter::Nearest => (vk::SamplerMipmapMode::NEAREST, maker.max_lod),
        MipFilter::Linear => (vk::SamplerMipmapMode::LINEAR, maker.max_lod),
    };
    let use_anisotropy = anisotropy && maker.max_anisotropy > 1.0;
    Ok(vk::SamplerCreateInfo::default()
        .mag_filter(filter(maker.mag_filter))
        .min_filter(filter(maker.min_filter))
        .mipmap_mode(mipmap_mode)
        .address_mode_u(modes[0])
        .address_mode_v(modes[1])
        .address_mode_w(modes[2])
        .mip_lod_bias(maker.lod_bias)
        .anisotropy_enable(use_anisotropy)
        .max_anisotropy(if use_anisotropy {
            maker.max_anisotropy
        } else {
            1.0
        })
        .compare_enable(maker.compare.is_some())
        .compare_op(maker.compare.map_or(vk::CompareOp::NEVER, compare_op))
        .min_lod(maker.min_lod.min(max_lod))
        .max_lod(max_lod)
        .border_color(border))
}

pub struct SamplerCache {
    samplers: IdMap<SamplerId, HostSampler>,
    retired: RetireList<HostSampler>,
    anisotropy: bool,
    device: Arc<Device>,
}

impl SamplerCache {
    pub fn new(device: &Arc<Device>) -> SamplerCache {
        // SAFETY: a plain query on the device's physical device.
        let features = unsafe {
            device
                .instance
                .raw
                .get_physical_device_features(device.physical)
        };
        SamplerCache {
            samplers: IdMap::default(),
            retired: RetireList::default(),
            anisotropy: features.sampler_anisotropy == vk::TRUE,
            device: device.clone(),
        }
    }

    pub fn get_or_make(&mut self, sampler: &Sampler) -> VkResult<&mut HostSampler> {
        if !self.samplers.contains_key(&sampler.id) {
            if let Some(why) = sampler_refusal(&sampler.maker, &self.device.caps) {
                return Err(VkError::Unsupported(format!("{}: {why}", sampler.id)));
            }
            let mut info = sampler_info(&sampler.maker, self.anisotropy)?;
            // Without samplerMipLodBias the bias must be 0: draws and dispatches apply it
            // in their shaders instead (`prepare::patches`).
            if !self.device.caps.portability.sampler_mip_lod_bias {
                info = info.mip_lod_bias(0.0);
            }
            let mut custom = vk::SamplerCustomBorderColorCreateInfoEXT::default();
            if let Some(colour) = custom_border(&sampler.maker) {
                custom.custom_border_color = vk::ClearColorValue { float32: colour };
                info = info.push_next(&mut custom);
            }
            // SAFETY: valid create info (the custom border struct outlives the call);
            // anisotropy, mirror clamp and custom borders only where the device enabled
            // them (`sampler_refusal`).
            let raw = unsafe { self.device.raw.create_sampler(&info, None) }
                .map_err(map_vk("creating a sampler"))?;
            self.samplers.insert(
                sampler.id,
                HostSampler {
                    raw,
                    last_use: 0,
                    device: self.device.clone(),
                },
            );
        }
        Ok(self.samplers.get_mut(&sampler.id).expect("inserted above"))
    }

    pub fn mark_used(&mut self, sampler: SamplerId, value: u64) {
        if let Some(host) = self.samplers.get_mut(&sampler) {
            host.last_use = value;
        }
    }

    pub fn finalize(&mut self, sampler: SamplerId) {
        if let Some(host) = self.samplers.remove(&sampler) {
            self.retired.park(host.last_use, host);
        }
    }

    pub fn retire(&mut self, completed: u64) {
        self.retired.release(completed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_mip_filter_samples_the_base_level_only() {
        let info = sampler_info(&SamplerMaker::default(), true).unwrap();
        assert_eq!(info.max_lod, 0.0);
        assert_eq!(info.anisotropy_enable, vk::FALSE);
        let linear = sampler_info(
            &SamplerMaker {
                mip_filter: MipFilter::Linear,
                max_anisotropy: 8.0,
                ..Default::default()
            },
            true,
        )
        .unwrap();
        assert_eq!(linear.mipmap_mode, vk::SamplerMipmapMode::LINEAR);
        assert_eq!(linear.max_lod, 1000.0);
        assert_eq!(linear.anisotropy_enable, vk::TRUE);
    }

    #[test]
    fn custom_borders_and_mirror_clamp_need_their_features_only_when_used() {
        let (none, all) = (
            Capabilities::default(),
            Capabilities {
                sampler_mirror_clamp_to_edge: true,
                custom_border_colors: true,
                ..Capabilities::default()
            },
        );
        let odd_border = SamplerMaker {
            border_color: [0.5; 4],
            ..Default::default()
        };
        assert_eq!(
            sampler_refusal(&odd_border, &none),
            None,
            "not clamped to it"
        );
        let clamped = SamplerMaker {
            wrap: [WrapMode::ClampToBorder; 3],
            ..odd_border
        };
        assert!(sampler_refusal(&clamped, &none).is_some());
        assert_eq!(sampler_refusal(&clamped, &all), None);
        let info = sampler_info(&clamped, false).unwrap();
        assert_eq!(info.border_color, vk::BorderColor::FLOAT_CUSTOM_EXT);
        let mirror = SamplerMaker {
            wrap: [WrapMode::MirrorClampToEdge; 3],
            ..Default::default()
        };
        assert!(sampler_refusal(&mirror, &none).is_some());
        assert_eq!(sampler_refusal(&mirror, &all), None);
    }
}

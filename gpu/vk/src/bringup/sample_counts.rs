//! The sample counts a device renders and samples (its `VkPhysicalDeviceLimits`), and
//! why a multisample texture of a count it lacks is refused when made.

use ash::vk;

/// What the device does with multisample images.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SampleCounts {
    /// `framebufferColorSampleCounts`.
    pub color_targets: vk::SampleCountFlags,
    /// `framebufferDepthSampleCounts`.
    pub depth_targets: vk::SampleCountFlags,
    /// `sampledImageColorSampleCounts`.
    pub sampled_color: vk::SampleCountFlags,
    /// `sampledImageDepthSampleCounts`.
    pub sampled_depth: vk::SampleCountFlags,
    /// `standardSampleLocations`: samples lie where Vulkan's table puts them.
    pub standard_locations: bool,
}

impl SampleCounts {
    pub fn from_limits(limits: &vk::PhysicalDeviceLimits) -> SampleCounts {
        SampleCounts {
            color_targets: limits.framebuffer_color_sample_counts,
            depth_targets: limits.framebuffer_depth_sample_counts,
            sampled_color: limits.sampled_image_color_sample_counts,
            sampled_depth: limits.sampled_image_depth_sample_counts,
            standard_locations: limits.standard_sample_locations == vk::TRUE,
        }
    }

    /// The render-target counts for a colour or a depth/stencil texture, and the limit's
    /// name.
    pub fn targets(&self, depth: bool) -> (vk::SampleCountFlags, &'static str) {
        match depth {
            true => (self.depth_targets, "framebufferDepthSampleCounts"),
            false => (self.color_targets, "framebufferColorSampleCounts"),
        }
    }

    /// The counts a shader may sample a colour or depth/stencil image of.
    pub fn sampled(&self, depth: bool) -> vk::SampleCountFlags {
        match depth {
            true => self.sampled_depth,
            false => self.sampled_color,
        }
    }

    /// Why a texture of `samples` samples is refused when made: a count its kind of
    /// render target (colour, depth) cannot have here, naming the count, the limit and
    /// the counts the device has. `None` for single-sample textures and counts it has.
    pub fn refusal(&self, samples: u32, depth: bool) -> Option<String> {
        if samples <= 1 {
            return None;
        }
        let (counts, limit) = self.targets(depth);
        let flag = flag_of(samples)?;
        if counts.contains(flag) {
            return None;
        }
        Some(format!(
            "a {samples}-sample texture needs {samples} in {limit}, which this device lacks \
             (it renders {} samples)",
            describe(counts)
        ))
    }
}

/// The Vulkan flag of `samples` (1 to 64, a power of two).
pub fn flag_of(samples: u32) -> Option<vk::SampleCountFlags> {
    (samples.is_power_of_two() && samples <= 64).then(|| vk::SampleCountFlags::from_raw(samples))
}

/// "1, 4": the counts in `flags`.
pub fn describe(flags: vk::SampleCountFlags) -> String {
    let counts: Vec<String> = [1u32, 2, 4, 8, 16, 32, 64]
        .into_iter()
        .filter(|&count| flags.contains(vk::SampleCountFlags::from_raw(count)))
        .map(|count| count.to_string())
        .collect();
    counts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lavapipe_like() -> SampleCounts {
        let one_and_four = vk::SampleCountFlags::TYPE_1 | vk::SampleCountFlags::TYPE_4;
        SampleCounts {
            color_targets: one_and_four,
            depth_targets: one_and_four,
            sampled_color: one_and_four,
            sampled_depth: one_and_four,
            standard_locations: true,
        }
    }

    #[test]
    fn counts_the_device_renders_are_made() {
        let counts = lavapipe_like();
        assert_eq!(counts.refusal(1, false), None);
        assert_eq!(counts.refusal(4, false), None);
        assert_eq!(counts.refusal(4, true), None);
    }

    #[test]
    fn other_counts_name_the_count_and_the_limit() {
        let mut counts = lavapipe_like();
        let why = counts.refusal(8, false).unwrap();
        assert!(why.contains("8-sample"), "{why}");
        assert!(why.contains("framebufferColorSampleCounts"), "{why}");
        assert!(why.contains("renders 1, 4 samples"), "{why}");
        counts.depth_targets = vk::SampleCountFlags::TYPE_1;
        let why = counts.refusal(4, true).unwrap();
        assert!(why.contains("framebufferDepthSampleCounts"), "{why}");
        assert!(why.contains("renders 1 samples"), "{why}");
    }
}

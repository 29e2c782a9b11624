//! `VK_EXT_sample_locations` for NVN's programmable sample locations: which sample counts
//! take them, which on NVN's 2x2 pixel grid, and whether the device can hold NVN's
//! locations at all (16ths of a pixel from 0 to 15/16, changed from draw to draw within a
//! pass). What it cannot do is refused when recorded (`gpu::command::sample_locations`).

use std::ffi::CStr;

use ash::vk;

pub const EXT_SAMPLE_LOCATIONS: &CStr = c"VK_EXT_sample_locations";

/// Sub-pixel bits NVN's locations need (a 16x16 grid).
const NVN_SUBPIXEL_BITS: u32 = 4;
/// The largest coordinate NVN's locations take (15/16 of a pixel).
const NVN_LAST_COORDINATE: f32 = 15.0 / 16.0;

/// What the device does with programmable sample locations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SampleLocationSupport {
    /// The extension is offered, with `variableSampleLocations`, the sub-pixel precision
    /// and the coordinate range NVN's locations need.
    pub usable: bool,
    /// Bit n: n-sample draws take them (`sampleLocationSampleCounts`).
    pub counts: u32,
    /// Bit n: n-sample draws take them on a 2x2 grid (`maxSampleLocationGridSize`).
    pub grid_counts: u32,
}

/// Reads the extension's properties from `physical` (nothing where it is not offered).
pub fn query(
    entry: &ash::Entry,
    instance: &ash::Instance,
    physical: vk::PhysicalDevice,
    offered: &[&CStr],
) -> SampleLocationSupport {
    if !offered.contains(&EXT_SAMPLE_LOCATIONS) {
        return SampleLocationSupport::default();
    }
    let mut props = vk::PhysicalDeviceSampleLocationsPropertiesEXT::default();
    let mut properties = vk::PhysicalDeviceProperties2::default().push_next(&mut props);
    // SAFETY: `physical` came from this instance; `props` outlives the call.
    unsafe { instance.get_physical_device_properties2(physical, &mut properties) };
    let range = props.sample_location_coordinate_range;
    let usable = props.variable_sample_locations == vk::TRUE
        && props.sample_location_sub_pixel_bits >= NVN_SUBPIXEL_BITS
        && range[0] <= 0.0
        && range[1] >= NVN_LAST_COORDINATE;
    let functions = ash::ext::sample_locations::Instance::new(entry, instance);
    let mut counts = 0;
    let mut grid_counts = 0;
    for samples in [1u32, 2, 4, 8, 16] {
        let flag = vk::SampleCountFlags::from_raw(samples);
        if !props.sample_location_sample_counts.contains(flag) {
            continue;
        }
        let mut multisample = vk::MultisamplePropertiesEXT::default();
        // SAFETY: the extension is offered by `physical`, whose instance loaded
        // `functions`; `multisample` outlives the call.
        unsafe {
            functions.get_physical_device_multisample_properties(physical, flag, &mut multisample)
        };
        let grid = multisample.max_sample_location_grid_size;
        if grid.width >= 1 && grid.height >= 1 {
            counts |= samples;
        }
        if grid.width >= 2 && grid.height >= 2 {
            grid_counts |= samples;
        }
    }
    SampleLocationSupport {
        usable: usable && counts != 0,
        counts,
        grid_counts,
    }
}

impl SampleLocationSupport {
    /// Writes what the command buffer checks into `state`.
    pub fn apply(&self, state: &mut gpu::DeviceFeatures) {
        state.sample_locations = self.usable;
        state.sample_location_counts = if self.usable { self.counts } else { 0 };
        state.sample_location_grid_counts = if self.usable { self.grid_counts } else { 0 };
    }
}

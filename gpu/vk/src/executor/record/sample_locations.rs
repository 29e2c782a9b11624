//! NVN's programmable sample locations as `vkCmdSetSampleLocationsEXT` takes them: one
//! location per sample of each pixel of the grid (1x1, or NVN's 2x2 grid), pixels in
//! row-major order and each pixel's samples in turn, which is the order NVN fills its 16
//! locations in (`SampleLocations::index_of`), in fractions of a pixel from its top-left
//! corner (NVN's 16ths, which `VK_EXT_sample_locations` holds exactly where the device has
//! 4 sub-pixel bits: `bringup::sample_locations`).

use ash::vk;
use gpu::state::{SampleLocations, SAMPLE_GRID_STEPS};

/// The grid's side in pixels.
fn grid_side_px(locations: &SampleLocations) -> u32 {
    if locations.grid {
        2
    } else {
        1
    }
}

/// Each sample's location, in the order Vulkan takes them, for `samples` samples a pixel.
pub fn vulkan_locations(locations: &SampleLocations, samples: u32) -> Vec<vk::SampleLocationEXT> {
    let side_px = grid_side_px(locations);
    let step = f32::from(SAMPLE_GRID_STEPS);
    let mut out = Vec::with_capacity((side_px * side_px * samples) as usize);
    for y_px in 0..side_px {
        for x_px in 0..side_px {
            for sample in 0..samples {
                let location = locations.locations[locations.index_of(x_px, y_px, sample, samples)];
                out.push(vk::SampleLocationEXT {
                    x: f32::from(location.x_16ths) / step,
                    y: f32::from(location.y_16ths) / step,
                });
            }
        }
    }
    out
}

/// Records `locations` for a pass of `samples` samples (Vulkan's flag bits).
///
/// # Safety
/// `cmd` is recording, and the bound graphics pipeline takes sample locations as dynamic
/// state (made with them on); the command buffer checked the count and grid against the
/// device when the draw was recorded.
pub unsafe fn record(
    functions: &ash::ext::sample_locations::Device,
    cmd: vk::CommandBuffer,
    locations: &SampleLocations,
    samples: u32,
) {
    let per_pixel = samples.max(1);
    let points = vulkan_locations(locations, per_pixel);
    let side_px = grid_side_px(locations);
    let info = vk::SampleLocationsInfoEXT::default()
        .sample_locations_per_pixel(vk::SampleCountFlags::from_raw(per_pixel))
        .sample_location_grid_size(vk::Extent2D {
            width: side_px,
            height: side_px,
        })
        .sample_locations(&points);
    // SAFETY: as the caller promises; `info` and `points` outlive the call.
    unsafe { functions.cmd_set_sample_locations(cmd, &info) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use gpu::state::SampleLocation;

    #[test]
    fn the_grid_lists_each_pixels_samples_in_nvn_order() {
        let given: Vec<SampleLocation> = (0..16)
            .map(|index| SampleLocation {
                x_16ths: index,
                y_16ths: 15 - index,
            })
            .collect();
        let grid = SampleLocations::repeating(&given, true).unwrap();
        let points = vulkan_locations(&grid, 4);
        assert_eq!(points.len(), 16);
        for (index, point) in points.iter().enumerate() {
            assert_eq!(point.x, index as f32 / 16.0);
            assert_eq!(point.y, (15 - index) as f32 / 16.0);
        }
        let flat = SampleLocations::repeating(&given[..2], false).unwrap();
        let points = vulkan_locations(&flat, 4);
        let xs: Vec<f32> = points.iter().map(|point| point.x * 16.0).collect();
        assert_eq!(xs, [0.0, 1.0, 0.0, 1.0]);
    }
}

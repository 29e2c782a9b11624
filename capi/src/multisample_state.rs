//! NVN's multisample state in the C ABI: `hsCommandBufferSetMultisampleState` sets the
//! sample mask (bit `i`: sample `i` may be written), alpha to coverage, alpha to one
//! (`alphaToOne`) and sample shading (`sample_shading` 1: the fragment stage runs for at
//! least `min_sample_shading`, 0 to 1, of a pixel's samples; `sampleRateShading`). What
//! the device lacks, and a fraction outside 0..=1, is `HS_ERROR_REFUSED` when recorded.

use gpu::state::{
    MultisampleState, SampleLocation, SampleLocations, StateChange, MAX_SAMPLE_LOCATIONS,
};

use crate::builder::{boolean, check_array};
use crate::objects::HSCommandBuffer;
use crate::render_state::set_state;
use crate::result::{CapiError, CapiResult, HSresult};

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetMultisampleState(
    command_buffer: *const HSCommandBuffer,
    sample_mask: u32,
    alpha_to_coverage: u32,
    alpha_to_one: u32,
    sample_shading: u32,
    min_sample_shading: f32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        set_state("hsCommandBufferSetMultisampleState", command_buffer, || {
            let shading = boolean(sample_shading, "sample_shading")?;
            Ok(StateChange::Multisample(MultisampleState {
                sample_mask,
                alpha_to_coverage: boolean(alpha_to_coverage, "alpha_to_coverage")?,
                alpha_to_one: boolean(alpha_to_one, "alpha_to_one")?,
                min_sample_shading: shading.then_some(min_sample_shading),
            }))
        })
    }
}

/// One programmable sample location: `x` across and `y` down a pixel, each in
/// `0.0..1.0` (NVN's and deko3d's `DkSampleLocation`), rounded to the nearest 1/16.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct HSSampleLocation {
    pub x: f32,
    pub y: f32,
}

/// NVN's `SetSampleLocations`, `SetSampleLocationsEnable` and
/// `SetSampleLocationsGridEnable` in one call. `enable` 0: the device's standard pattern
/// (the default; `locations` is not read). `enable` 1: `count` (1 to 16) locations,
/// repeated in order to fill the hardware's 16 as deko3d does; `grid_enable` 1 spreads the
/// 16 over a 2x2 block of pixels (each pixel's samples in turn), 0 gives every pixel
/// locations `0..samples`. A coordinate outside `0.0..1.0` or a count outside 1..=16 is
/// `HS_ERROR_OUT_OF_RANGE`. Enabled locations need `VK_EXT_sample_locations` (with
/// `variableSampleLocations`, 4 sub-pixel bits and coordinates 0..=15/16), the grid a 2x2
/// `maxSampleLocationGridSize`: where the device lacks them, `HS_ERROR_REFUSED` naming
/// them. A draw with them on is refused where the device takes none for its targets'
/// sample count, or with the grid on for more than 4 samples a pixel.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetSampleLocations(
    command_buffer: *const HSCommandBuffer,
    enable: u32,
    grid_enable: u32,
    count: u32,
    locations: *const HSSampleLocation,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        set_state("hsCommandBufferSetSampleLocations", command_buffer, || {
            let grid = boolean(grid_enable, "grid_enable")?;
            if !boolean(enable, "enable")? {
                return Ok(StateChange::SampleLocations(SampleLocations {
                    grid,
                    ..SampleLocations::default()
                }));
            }
            let given = check_array(locations, count, MAX_SAMPLE_LOCATIONS, "sample locations")?
                .iter()
                .enumerate()
                .map(|(index, location)| {
                    SampleLocation::from_fractions(location.x, location.y).ok_or_else(|| {
                        CapiError::OutOfRange(format!(
                            "sample location {index} ({}, {}) is outside 0.0..1.0",
                            location.x, location.y
                        ))
                    })
                })
                .collect::<CapiResult<Vec<_>>>()?;
            SampleLocations::repeating(&given, grid)
                .map(StateChange::SampleLocations)
                .ok_or_else(|| {
                    CapiError::OutOfRange("no sample locations (count 0) while enabled".into())
                })
        })
    }
}

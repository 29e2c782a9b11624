//! Programmable sample locations against the targets a draw writes: the device must take
//! them for the targets' sample count (`sampleLocationSampleCounts`), on NVN's 2x2 pixel
//! grid where the grid is on (`maxSampleLocationGridSize` for that count), and the grid's
//! 16 locations cover four pixels, so at most 4 samples a pixel (deko3d's rule). Checked
//! when a draw is recorded against targets this list bound; targets from an earlier list
//! on the queue are checked by the backend when it prepares the draw.

use crate::error::RecordError;
use crate::features::DeviceFeatures;
use crate::objects::ObjectTables;
use crate::state::MAX_SAMPLE_LOCATIONS;

use super::bound::BoundState;

/// Pixels the grid's locations cover.
const GRID_PIXELS: u32 = 4;

/// The sample count of the targets `bound` holds (`None`: none bound, or unknown here).
fn target_samples(bound: &BoundState, tables: &ObjectTables) -> Option<u32> {
    let view = bound.targets.views().next()?;
    let texture = tables.views.get(view)?.texture;
    Some(tables.textures.get(texture)?.desc.samples.max(1))
}

/// Refuses a draw with sample locations on that the device cannot place for its targets.
pub fn check_sample_locations(
    bound: &BoundState,
    tables: &ObjectTables,
    features: &DeviceFeatures,
) -> Result<(), RecordError> {
    if !bound.sample_locations_on {
        return Ok(());
    }
    let Some(samples) = target_samples(bound, tables) else {
        return Ok(());
    };
    check_count(samples, bound.sample_location_grid, features)
}

/// The rule for `samples` samples a pixel, the grid on or off.
pub fn check_count(samples: u32, grid: bool, features: &DeviceFeatures) -> Result<(), RecordError> {
    if grid && samples * GRID_PIXELS > MAX_SAMPLE_LOCATIONS as u32 {
        return Err(RecordError::BadArgument {
            what: "sample locations on the 2x2 grid",
            why: "the grid's 16 locations cover four pixels: at most 4 samples a pixel",
        });
    }
    let counts = if grid {
        features.sample_location_grid_counts
    } else {
        features.sample_location_counts
    };
    if counts & samples == 0 {
        return Err(RecordError::MissingCapability {
            what: if grid {
                "sample locations on a 2x2 grid for the targets' sample count"
            } else {
                "sample locations for the targets' sample count"
            },
            capability: if grid {
                "maxSampleLocationGridSize 2x2 for this sample count (VK_EXT_sample_locations)"
            } else {
                "sampleLocationSampleCounts with this count (VK_EXT_sample_locations)"
            },
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_the_grid_follow_the_device() {
        let mut features = crate::test_backend::CAPABLE;
        features.sample_location_counts = 0b1110;
        features.sample_location_grid_counts = 0b0110;
        assert!(check_count(4, false, &features).is_ok());
        assert!(check_count(4, true, &features).is_ok());
        assert!(check_count(8, false, &features).is_ok());
        assert!(matches!(
            check_count(8, true, &features),
            Err(RecordError::BadArgument { .. })
        ));
        assert!(matches!(
            check_count(1, false, &features),
            Err(RecordError::MissingCapability { .. })
        ));
        features.sample_location_grid_counts = 0b0010;
        assert!(matches!(
            check_count(4, true, &features),
            Err(RecordError::MissingCapability { capability, .. }) if capability.contains("2x2")
        ));
    }
}

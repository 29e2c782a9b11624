//! NVN's programmable sample locations (`nvnMultisampleStateSetSampleLocations`,
//! `SetSampleLocationsEnable`, `SetSampleLocationsGridEnable`; deko3d's
//! `dkMultisampleStateSetLocations`). The hardware holds 16 locations, each a point on a
//! pixel's 16x16 sub-pixel grid (4 bits of x and 4 of y: deko3d rounds `x * 16` and clamps
//! it to 0..=15, so a coordinate is a multiple of 1/16 in 0..=15/16). Given fewer than 16,
//! deko3d repeats them in order until all 16 are filled. Without the grid, sample `i` of
//! every pixel sits at location `i`; with it, the 16 cover a 2x2 block of pixels, the
//! samples of each pixel in turn (so at most 4 samples a pixel).

/// Locations the hardware holds.
pub const MAX_SAMPLE_LOCATIONS: usize = 16;
/// Steps of the sub-pixel grid along each axis.
pub const SAMPLE_GRID_STEPS: u8 = 16;

/// A point on a pixel's 16x16 grid: `x_16ths / 16` across, `y_16ths / 16` down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SampleLocation {
    pub x_16ths: u8,
    pub y_16ths: u8,
}

impl SampleLocation {
    /// The pixel's centre, where the 1x pattern puts its sample (deko3d's 0x88).
    pub const CENTRE: SampleLocation = SampleLocation {
        x_16ths: 8,
        y_16ths: 8,
    };

    /// The location nearest to `(x, y)` (fractions of a pixel, each in `0.0..1.0`), as
    /// deko3d rounds it; `None` for a coordinate outside that range or not a number.
    pub fn from_fractions(x: f32, y: f32) -> Option<SampleLocation> {
        let steps = |value: f32| {
            (0.0..1.0).contains(&value).then(|| {
                let rounded = (value * f32::from(SAMPLE_GRID_STEPS)).round() as u8;
                rounded.min(SAMPLE_GRID_STEPS - 1)
            })
        };
        Some(SampleLocation {
            x_16ths: steps(x)?,
            y_16ths: steps(y)?,
        })
    }
}

/// The sample locations draws are made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SampleLocations {
    /// NVN's `SetSampleLocationsEnable`: off, the device's standard pattern is used.
    pub enabled: bool,
    /// NVN's `SetSampleLocationsGridEnable`: the 16 locations cover a 2x2 pixel block.
    pub grid: bool,
    pub locations: [SampleLocation; MAX_SAMPLE_LOCATIONS],
}

impl Default for SampleLocations {
    fn default() -> SampleLocations {
        SampleLocations {
            enabled: false,
            grid: false,
            locations: [SampleLocation::CENTRE; MAX_SAMPLE_LOCATIONS],
        }
    }
}

impl SampleLocations {
    /// Enabled locations from `given` (1 to 16 of them), repeated in order to fill all
    /// 16 as deko3d does; `None` when `given` is empty or longer than 16.
    pub fn repeating(given: &[SampleLocation], grid: bool) -> Option<SampleLocations> {
        if given.is_empty() || given.len() > MAX_SAMPLE_LOCATIONS {
            return None;
        }
        let mut locations = [SampleLocation::CENTRE; MAX_SAMPLE_LOCATIONS];
        for (index, location) in locations.iter_mut().enumerate() {
            *location = given[index % given.len()];
        }
        Some(SampleLocations {
            enabled: true,
            grid,
            locations,
        })
    }

    /// The index of the first location off the 16x16 grid.
    pub fn first_off_grid(&self) -> Option<usize> {
        self.locations.iter().position(|location| {
            location.x_16ths >= SAMPLE_GRID_STEPS || location.y_16ths >= SAMPLE_GRID_STEPS
        })
    }

    /// Where sample `sample` of pixel `(x_px, y_px)` sits, as a location index, for a
    /// target of `samples` samples a pixel (the rule above).
    pub fn index_of(&self, x_px: u32, y_px: u32, sample: u32, samples: u32) -> usize {
        let within = if self.grid {
            ((y_px % 2) * 2 + (x_px % 2)) * samples + sample
        } else {
            sample
        };
        within as usize % MAX_SAMPLE_LOCATIONS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_round_to_the_grid_as_deko3d_encodes_them() {
        // deko3d: unsigned(x * 16 + 0.5), clamped to 15.
        for step in 0..1000u32 {
            let value = step as f32 / 1000.0;
            let location = SampleLocation::from_fractions(value, 0.0).unwrap();
            let expected = ((value * 16.0 + 0.5) as u32).min(15) as u8;
            assert_eq!(location.x_16ths, expected, "{value}");
        }
        assert!(SampleLocation::from_fractions(1.0, 0.0).is_none());
        assert!(SampleLocation::from_fractions(0.0, -0.01).is_none());
        assert!(SampleLocation::from_fractions(f32::NAN, 0.0).is_none());
    }

    #[test]
    fn fewer_than_sixteen_repeat_in_order() {
        let given: Vec<SampleLocation> = (0..3)
            .map(|i| SampleLocation {
                x_16ths: i,
                y_16ths: 15 - i,
            })
            .collect();
        let locations = SampleLocations::repeating(&given, false).unwrap();
        for (index, location) in locations.locations.iter().enumerate() {
            assert_eq!(*location, given[index % 3]);
        }
        assert!(SampleLocations::repeating(&[], false).is_none());
        assert!(SampleLocations::repeating(&[SampleLocation::CENTRE; 17], false).is_none());
    }

    #[test]
    fn the_grid_gives_each_pixel_of_a_two_by_two_block_its_own_samples() {
        let locations = SampleLocations {
            grid: true,
            ..SampleLocations::default()
        };
        assert_eq!(locations.index_of(0, 0, 3, 4), 3);
        assert_eq!(locations.index_of(1, 0, 0, 4), 4);
        assert_eq!(locations.index_of(0, 1, 1, 4), 9);
        assert_eq!(locations.index_of(3, 3, 3, 4), 15);
        let flat = SampleLocations::default();
        assert_eq!(flat.index_of(3, 3, 2, 4), 2);
    }
}

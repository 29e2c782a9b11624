//! Tessellation state (NVN's `SetPatchSize`, `SetInnerTessellationLevels`,
//! `SetOuterTessellationLevels`): how many vertices make a patch, and the levels a
//! program without a control stage tessellates each patch with.

/// The largest patch NVN and every Vulkan device with tessellation take
/// (`maxTessellationPatchSize` is at least 32).
pub const MAX_PATCH_VERTICES: u32 = 32;

/// The most a tessellation level may be (`maxTessellationGenerationLevel` is at least 64,
/// NVN's limit).
pub const MAX_TESSELLATION_LEVEL: f32 = 64.0;

/// NVN's defaults: patches of 3 vertices, every level 1.
pub const DEFAULT_PATCH_VERTICES: u32 = 3;
pub const DEFAULT_INNER_LEVELS: [f32; 2] = [1.0; 2];
pub const DEFAULT_OUTER_LEVELS: [f32; 4] = [1.0; 4];

/// Whether every level is a number within 0..=`MAX_TESSELLATION_LEVEL`.
pub fn levels_valid(levels: &[f32]) -> bool {
    levels
        .iter()
        .all(|level| (0.0..=MAX_TESSELLATION_LEVEL).contains(level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_numbers_within_nvns_range() {
        assert!(levels_valid(&[0.0, 64.0, 3.5]));
        assert!(!levels_valid(&[f32::NAN]));
        assert!(!levels_valid(&[-1.0]));
        assert!(!levels_valid(&[64.5]));
    }
}

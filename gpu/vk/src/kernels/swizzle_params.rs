//! The parameters of the `swz`/`deswz` kernels for one region of one level and layer, and
//! the staging geometry around it. Pure arithmetic over `memory`'s layout, mirrored by
//! `kernels/block_linear.glsl`; unit-tested against `memory`'s element addresses.

use ash::vk;
use memory::layout::LevelLayout;
use memory::swizzle::Region;

/// Bytes one kernel thread moves: one run of a GOB.
pub const RUN_B: u32 = 16;

/// The kernels' push constants; the field order is the GLSL block's.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct KernelParams {
    pub run_x0: u32,
    pub region_x0_b: u32,
    pub region_x1_b: u32,
    pub region_y0: u32,
    pub region_z0: u32,
    pub runs_per_row: u32,
    pub rows: u32,
    pub slices: u32,
    pub staging_pitch_b: u32,
    pub staging_slice_b: u32,
    pub block_height_log2: u32,
    pub block_depth_log2: u32,
    pub block_b: u32,
    pub row_of_blocks_b: u32,
    pub slab_b: u32,
    pub base_b: u32,
    pub limit_b: u32,
}

/// Where a region sits in staging, and which texels the image copy moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StagingGeometry {
    /// The first element column the staging rows start at (run-aligned).
    pub x0_el: u32,
    /// Elements the image copy moves per row: from `x0_el` to the region's run-aligned
    /// end, clipped to the level's width.
    pub copy_width_el: u32,
    /// `bufferRowLength` of the image copy, in elements.
    pub row_length_el: u32,
    pub size_b: u64,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum KernelParamError {
    #[error("the GPU swizzle covers block-linear levels only")]
    PitchLinear,
    #[error("element size {0} B does not divide a 16-byte run")]
    ElementSize(u32),
    #[error("region {region:?} lies outside level {level} ({width}x{height}x{depth} elements)")]
    OutsideLevel {
        region: Region,
        level: u32,
        width: u32,
        height: u32,
        depth: u32,
    },
    #[error("storage window of {0} bytes is beyond the kernel's 32-bit addressing")]
    TooLarge(u64),
}

/// The kernel's parameters for `region` of `level`, whose first byte is `base_b` into the
/// bound storage window, and where the texture's storage ends at `limit_b` in that window.
pub fn kernel_params(
    level: &LevelLayout,
    region: &Region,
    base_b: u64,
    limit_b: u64,
) -> Result<(KernelParams, StagingGeometry), KernelParamError> {
    if level.is_pitch_linear() {
        return Err(KernelParamError::PitchLinear);
    }
    let bpe = level.bytes_per_element;
    if bpe == 0 || !RUN_B.is_multiple_of(bpe) {
        return Err(KernelParamError::ElementSize(bpe));
    }
    let inside = region.width_el > 0
        && region.height_el > 0
        && region.depth_el > 0
        && u64::from(region.x_el) + u64::from(region.width_el) <= u64::from(level.width_el)
        && u64::from(region.y_el) + u64::from(region.height_el) <= u64::from(level.height_el)
        && u64::from(region.z_el) + u64::from(region.depth_el) <= u64::from(level.depth_el);
    if !inside {
        return Err(KernelParamError::OutsideLevel {
            region: *region,
            level: level.level,
            width: level.width_el,
            height: level.height_el,
            depth: level.depth_el,
        });
    }
    let fits = |value: u64| u32::try_from(value).map_err(|_| KernelParamError::TooLarge(limit_b));
    let x0_b = region.x_el * bpe;
    let x1_b = (region.x_el + region.width_el) * bpe;
    let run_x0 = x0_b / RUN_B;
    let run_x1 = x1_b.div_ceil(RUN_B);
    let runs_per_row = run_x1 - run_x0;
    let staging_pitch_b = runs_per_row * RUN_B;
    let staging_slice_b = staging_pitch_b * region.height_el;
    let elements_per_run = RUN_B / bpe;
    let x0_el = run_x0 * elements_per_run;
    let copy_end_el = (run_x1 * elements_per_run).min(level.width_el);
    let params = KernelParams {
        run_x0,
        region_x0_b: x0_b,
        region_x1_b: x1_b,
        region_y0: region.y_el,
        region_z0: region.z_el,
        runs_per_row,
        rows: region.height_el,
        slices: region.depth_el,
        staging_pitch_b,
        staging_slice_b,
        block_height_log2: level.block_height_gobs.trailing_zeros(),
        block_depth_log2: level.block_depth_gobs.trailing_zeros(),
        block_b: fits(level.block_size_b())?,
        row_of_blocks_b: fits(level.row_of_blocks_b())?,
        slab_b: fits(level.slab_b())?,
        base_b: fits(base_b)?,
        limit_b: fits(limit_b)?,
    };
    let geometry = StagingGeometry {
        x0_el,
        copy_width_el: copy_end_el - x0_el,
        row_length_el: runs_per_row * elements_per_run,
        size_b: u64::from(staging_slice_b) * u64::from(region.depth_el),
    };
    Ok((params, geometry))
}

/// The address the kernel computes for the run at byte `x_b` of row `y`, slice `z`: the
/// same arithmetic as `run_address` in `block_linear.glsl`.
pub fn run_address_b(params: &KernelParams, x_b: u32, y: u32, z: u32) -> u64 {
    let bh = params.block_height_log2;
    let bd = params.block_depth_log2;
    let gob_row = y >> 3;
    let in_gob = ((y & 1) << 4) | ((x_b & 16) << 1) | ((y & 6) << 5) | ((x_b & 32) << 3);
    let gob_in_block = ((z & ((1 << bd) - 1)) << bh) + (gob_row & ((1 << bh) - 1));
    u64::from(params.base_b)
        + u64::from(z >> bd) * u64::from(params.slab_b)
        + u64::from(gob_row >> bh) * u64::from(params.row_of_blocks_b)
        + u64::from(x_b >> 6) * u64::from(params.block_b)
        + u64::from(gob_in_block) * 512
        + u64::from(in_gob)
}

#[cfg(test)]
mod tests {
    use memory::layout::{LayoutDesc, TextureLayout};
    use memory::Format;

    use super::*;

    fn level(format: Format, width: u32, height: u32, levels: u32, index: u32) -> LevelLayout {
        let layout =
            TextureLayout::new(&LayoutDesc::new_2d(format, width, height, levels)).unwrap();
        layout.levels[index as usize]
    }

    #[test]
    fn kernel_addresses_match_memorys_element_addresses() {
        for (format, width, height, levels) in [
            (Format::Rg8, 260, 260, 9),
            (Format::Rgba8, 1280, 720, 1),
            (Format::R8, 33, 17, 3),
            (Format::Rgba32F, 100, 70, 2),
        ] {
            for index in 0..levels {
                let level = level(format, width, height, levels, index);
                let region = Region::whole(&level);
                let (params, _) = kernel_params(&level, &region, 4096, u64::MAX >> 40).unwrap();
                let bpe = level.bytes_per_element;
                for y in (0..level.height_el).step_by(3) {
                    for x_el in (0..level.width_el).step_by((RUN_B / bpe) as usize) {
                        let x_b = x_el * bpe;
                        assert_eq!(
                            run_address_b(&params, x_b, y, 0),
                            4096 + level.element_offset_b(x_el, y, 0),
                            "{format:?} level {index} at ({x_el}, {y})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn staging_is_run_aligned_and_clipped_to_the_level() {
        let level = level(Format::Rg8, 260, 260, 9, 0);
        let region = Region {
            x_el: 13,
            y_el: 5,
            z_el: 0,
            width_el: 247,
            height_el: 7,
            depth_el: 1,
        };
        let (params, geometry) = kernel_params(&level, &region, 0, level.size_b).unwrap();
        assert_eq!(params.run_x0, 1); // byte 26 lies in the second run
        assert_eq!(params.region_x0_b, 26);
        assert_eq!(params.region_x1_b, 520);
        assert_eq!(params.runs_per_row, 33 - 1);
        assert_eq!(geometry.x0_el, 8);
        assert_eq!(geometry.row_length_el, 32 * 8);
        assert_eq!(geometry.copy_width_el, 260 - 8); // the last run is clipped
        assert_eq!(geometry.size_b, 32 * 16 * 7);
    }

    #[test]
    fn bad_regions_and_layouts_are_refused() {
        let level = level(Format::Rg8, 64, 64, 1, 0);
        let outside = Region {
            x_el: 60,
            y_el: 0,
            z_el: 0,
            width_el: 8,
            height_el: 1,
            depth_el: 1,
        };
        assert!(matches!(
            kernel_params(&level, &outside, 0, 1 << 20),
            Err(KernelParamError::OutsideLevel { .. })
        ));
        let mut pitch = level;
        pitch.block_height_gobs = 0;
        assert_eq!(
            kernel_params(&pitch, &Region::whole(&level), 0, 1 << 20),
            Err(KernelParamError::PitchLinear)
        );
        assert!(matches!(
            kernel_params(&level, &Region::whole(&level), 0, 1 << 40),
            Err(KernelParamError::TooLarge(_))
        ));
    }
}

/// A buffer range bound to a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferRange {
    pub buffer: vk::Buffer,
    pub offset_b: u64,
    pub size_b: u64,
}

const GROUP_RUNS: u32 = 4;
const GROUP_ROWS: u32 = 16;

/// Work groups across and down for a region: the grid starts at the gob-aligned run and
/// row at or before the region's first, and covers its last.
pub fn kernel_groups(params: &KernelParams) -> [u32; 2] {
    let runs_from_aligned = params.run_x0 % GROUP_RUNS + params.runs_per_row;
    let rows_from_aligned = params.region_y0 % GROUP_ROWS + params.rows;
    [
        runs_from_aligned.div_ceil(GROUP_RUNS),
        rows_from_aligned.div_ceil(GROUP_ROWS),
    ]
}

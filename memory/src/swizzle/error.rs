//! Why a swizzle or deswizzle did not run. Nothing is written when one of these is returned.

use super::Region;
use crate::layout::LayoutError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SwizzleError {
    #[error(transparent)]
    Layout(#[from] LayoutError),
    #[error(
        "region {region:?} is outside level {level} ({width_el}x{height_el}x{depth_el} elements)"
    )]
    RegionOutside {
        region: Region,
        level: u32,
        width_el: u32,
        height_el: u32,
        depth_el: u32,
    },
    #[error("linear data is {actual_b} bytes; {needed_b} are needed")]
    LinearTooShort { needed_b: u64, actual_b: u64 },
    #[error("storage is {actual_b} bytes; {needed_b} are needed")]
    StorageTooShort { needed_b: u64, actual_b: u64 },
}

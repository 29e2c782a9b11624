//! Block-linear (and pitch-linear) swizzle on the CPU: linear elements to storage and
//! back, for whole levels and for regions of one level and layer.
//!
//! Linear data is always tightly packed: rows of `width_el * bytes_per_element` bytes,
//! then slices. Storage arguments start at the texture's first byte (or, for the `level_`
//! pair, at the level's). Every check happens before the first byte moves, so an error
//! leaves the destination untouched.

mod error;
mod region;
mod transfer;
mod traverse;

pub use error::SwizzleError;
pub use region::Region;

use crate::layout::{LevelLayout, TextureLayout};
use transfer::{ToLinear, ToStorage};

/// Writes `region` of one level into that level's storage. `linear` holds the region's
/// elements tightly packed; `level_storage` starts at the level's first byte and holds at
/// least `level.size_b` bytes. Bytes outside the region are not written.
pub fn swizzle_level_region(
    level: &LevelLayout,
    region: &Region,
    linear: &[u8],
    level_storage: &mut [u8],
) -> Result<(), SwizzleError> {
    check(level, region, linear.len(), level_storage.len())?;
    traverse::transfer_region(
        level,
        region,
        &mut ToStorage {
            linear,
            storage: level_storage,
        },
    );
    Ok(())
}

/// Reads `region` of one level out of that level's storage into tightly packed `linear`.
pub fn deswizzle_level_region(
    level: &LevelLayout,
    region: &Region,
    level_storage: &[u8],
    linear: &mut [u8],
) -> Result<(), SwizzleError> {
    check(level, region, linear.len(), level_storage.len())?;
    traverse::transfer_region(level, region, &mut ToLinear::new(level_storage, linear));
    Ok(())
}

/// Writes `region` of `level` of `layer` into the texture's `storage`.
pub fn swizzle_region(
    layout: &TextureLayout,
    level: u32,
    layer: u32,
    region: &Region,
    linear: &[u8],
    storage: &mut [u8],
) -> Result<(), SwizzleError> {
    let (level_layout, level_storage) = level_range(layout, level, layer, storage.len())?;
    swizzle_level_region(level_layout, region, linear, &mut storage[level_storage])
}

/// Reads `region` of `level` of `layer` out of the texture's `storage`.
pub fn deswizzle_region(
    layout: &TextureLayout,
    level: u32,
    layer: u32,
    region: &Region,
    storage: &[u8],
    linear: &mut [u8],
) -> Result<(), SwizzleError> {
    let (level_layout, level_storage) = level_range(layout, level, layer, storage.len())?;
    deswizzle_level_region(level_layout, region, &storage[level_storage], linear)
}

/// Writes all of `level` of `layer`; `linear` is that level tightly packed.
pub fn swizzle_level(
    layout: &TextureLayout,
    level: u32,
    layer: u32,
    linear: &[u8],
    storage: &mut [u8],
) -> Result<(), SwizzleError> {
    let region = Region::whole(layout.level(level)?);
    swizzle_region(layout, level, layer, &region, linear, storage)
}

/// Reads all of `level` of `layer` into tightly packed `linear`.
pub fn deswizzle_level(
    layout: &TextureLayout,
    level: u32,
    layer: u32,
    storage: &[u8],
    linear: &mut [u8],
) -> Result<(), SwizzleError> {
    let region = Region::whole(layout.level(level)?);
    deswizzle_region(layout, level, layer, &region, storage, linear)
}

/// Writes the whole texture; `linear` holds layers one after another, each its levels in
/// order, tightly packed (`TextureLayout::linear_size_b` bytes).
pub fn swizzle_texture(
    layout: &TextureLayout,
    linear: &[u8],
    storage: &mut [u8],
) -> Result<(), SwizzleError> {
    check_texture(layout, linear.len(), storage.len())?;
    for_each_subresource(layout, |level, layer, linear_range| {
        swizzle_level(layout, level, layer, &linear[linear_range], storage)
    })
}

/// Reads the whole texture into `linear` (the form `swizzle_texture` takes).
pub fn deswizzle_texture(
    layout: &TextureLayout,
    storage: &[u8],
    linear: &mut [u8],
) -> Result<(), SwizzleError> {
    check_texture(layout, linear.len(), storage.len())?;
    for_each_subresource(layout, |level, layer, linear_range| {
        deswizzle_level(layout, level, layer, storage, &mut linear[linear_range])
    })
}

fn check(
    level: &LevelLayout,
    region: &Region,
    linear_len_b: usize,
    storage_len_b: usize,
) -> Result<(), SwizzleError> {
    if !region.fits(level) {
        return Err(SwizzleError::RegionOutside {
            region: *region,
            level: level.level,
            width_el: level.width_el,
            height_el: level.height_el,
            depth_el: level.depth_el,
        });
    }
    let needed_b = region.linear_size_b(level.bytes_per_element);
    if (linear_len_b as u64) < needed_b {
        return Err(SwizzleError::LinearTooShort {
            needed_b,
            actual_b: linear_len_b as u64,
        });
    }
    if (storage_len_b as u64) < level.size_b {
        return Err(SwizzleError::StorageTooShort {
            needed_b: level.size_b,
            actual_b: storage_len_b as u64,
        });
    }
    Ok(())
}

/// The level's layout and the byte range of its storage inside the texture's.
fn level_range(
    layout: &TextureLayout,
    level: u32,
    layer: u32,
    storage_len_b: usize,
) -> Result<(&LevelLayout, std::ops::Range<usize>), SwizzleError> {
    let level_layout = layout.level(level)?;
    let start_b = layout.subresource_offset_b(level, layer)?;
    let end_b = start_b + level_layout.size_b;
    if (storage_len_b as u64) < end_b {
        return Err(SwizzleError::StorageTooShort {
            needed_b: end_b,
            actual_b: storage_len_b as u64,
        });
    }
    Ok((level_layout, start_b as usize..end_b as usize))
}

fn check_texture(
    layout: &TextureLayout,
    linear_len_b: usize,
    storage_len_b: usize,
) -> Result<(), SwizzleError> {
    if (linear_len_b as u64) < layout.linear_size_b() {
        return Err(SwizzleError::LinearTooShort {
            needed_b: layout.linear_size_b(),
            actual_b: linear_len_b as u64,
        });
    }
    if (storage_len_b as u64) < layout.size_b {
        return Err(SwizzleError::StorageTooShort {
            needed_b: layout.size_b,
            actual_b: storage_len_b as u64,
        });
    }
    Ok(())
}

/// Calls `visit(level, layer, linear byte range)` for every level of every layer.
fn for_each_subresource(
    layout: &TextureLayout,
    mut visit: impl FnMut(u32, u32, std::ops::Range<usize>) -> Result<(), SwizzleError>,
) -> Result<(), SwizzleError> {
    let mut linear_b = 0usize;
    for layer in 0..layout.layer_count {
        for level in &layout.levels {
            let len_b = level.linear_size_b() as usize;
            visit(level.level, layer, linear_b..linear_b + len_b)?;
            linear_b += len_b;
        }
    }
    Ok(())
}

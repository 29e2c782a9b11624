//! Storage of a whole texture: every level of every layer, its size and alignment.

use super::block_size::{
    default_block_depth_log2, default_block_height_log2, shrink_block_depth_log2,
    shrink_block_height_log2,
};
use super::gob::{GOB_HEIGHT_ROWS, GOB_SIZE_B, GOB_WIDTH_B};
use super::{LayoutDesc, LayoutError, LevelLayout, TextureKind, Tiling};

/// Alignment of block-linear storage.
pub const BLOCK_LINEAR_ALIGNMENT_B: u64 = 512;
/// Row alignment of pitch-linear storage.
pub const PITCH_ALIGNMENT_B: u32 = 32;
/// Row alignment of pitch-linear render targets.
pub const PITCH_ALIGNMENT_RENDER_TARGET_B: u32 = 128;

/// Where every level of every layer of a texture lies in its storage.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TextureLayout {
    pub desc: LayoutDesc,
    /// Bytes of storage the texture needs.
    pub size_b: u64,
    /// Alignment its storage offset needs.
    pub alignment_b: u64,
    /// Bytes from one layer (array layer, cube face) to the next.
    pub layer_stride_b: u64,
    /// Layers in storage: array layers, 6 faces per cube, 1 otherwise.
    pub layer_count: u32,
    pub levels: Vec<LevelLayout>,
}

impl TextureLayout {
    pub fn new(desc: &LayoutDesc) -> Result<TextureLayout, LayoutError> {
        desc.validate()?;
        match desc.tiling {
            Tiling::PitchLinear => Ok(pitch_linear(desc)),
            Tiling::BlockLinear { block_height_gobs } => block_linear(desc, block_height_gobs),
        }
    }

    pub fn is_pitch_linear(&self) -> bool {
        self.desc.tiling == Tiling::PitchLinear
    }

    pub fn level(&self, level: u32) -> Result<&LevelLayout, LayoutError> {
        self.levels
            .get(level as usize)
            .ok_or(LayoutError::NoSuchLevel {
                level,
                levels: self.levels.len() as u32,
            })
    }

    /// Byte offset in storage of `level` of `layer`.
    pub fn subresource_offset_b(&self, level: u32, layer: u32) -> Result<u64, LayoutError> {
        let level_offset_b = self.level(level)?.offset_b;
        if layer >= self.layer_count {
            return Err(LayoutError::NoSuchLayer {
                layer,
                layers: self.layer_count,
            });
        }
        Ok(u64::from(layer) * self.layer_stride_b + level_offset_b)
    }

    /// Bytes of `level` of one layer tightly packed.
    pub fn linear_level_size_b(&self, level: u32) -> Result<u64, LayoutError> {
        Ok(self.level(level)?.linear_size_b())
    }

    /// Bytes of every level of one layer tightly packed.
    pub fn linear_layer_size_b(&self) -> u64 {
        self.levels.iter().map(LevelLayout::linear_size_b).sum()
    }

    /// Bytes of the whole texture tightly packed: layers, each its levels in order.
    pub fn linear_size_b(&self) -> u64 {
        self.linear_layer_size_b() * u64::from(self.layer_count)
    }

    /// Offset of `level` of `layer` in the tightly packed form of `linear_size_b`.
    pub fn linear_subresource_offset_b(&self, level: u32, layer: u32) -> Result<u64, LayoutError> {
        self.subresource_offset_b(level, layer)?;
        let before_b: u64 = self.levels[..level as usize]
            .iter()
            .map(LevelLayout::linear_size_b)
            .sum();
        Ok(u64::from(layer) * self.linear_layer_size_b() + before_b)
    }
}

fn pitch_linear(desc: &LayoutDesc) -> TextureLayout {
    let format = desc.format;
    let (width_el, height_el) = format.extent_el(desc.width_px, desc.height_px);
    let row_bytes = width_el * format.bytes_per_element();
    let row_alignment_b = if desc.render_target {
        PITCH_ALIGNMENT_RENDER_TARGET_B
    } else {
        PITCH_ALIGNMENT_B
    };
    let pitch_b = row_bytes.next_multiple_of(row_alignment_b);
    let size_b = u64::from(pitch_b) * u64::from(height_el);
    let level = LevelLayout {
        level: 0,
        offset_b: 0,
        size_b,
        width_px: desc.width_px,
        height_px: desc.height_px,
        depth_px: 1,
        width_el,
        height_el,
        depth_el: 1,
        bytes_per_element: format.bytes_per_element(),
        row_bytes,
        pitch_b,
        block_height_gobs: 0,
        block_depth_gobs: 0,
    };
    TextureLayout {
        desc: *desc,
        size_b,
        alignment_b: u64::from(row_alignment_b),
        layer_stride_b: size_b,
        layer_count: 1,
        levels: vec![level],
    }
}

fn block_linear(
    desc: &LayoutDesc,
    explicit_block_height_gobs: Option<u32>,
) -> Result<TextureLayout, LayoutError> {
    let format = desc.format;
    let bytes_per_element = format.bytes_per_element();
    let (samples_x, samples_y) = desc.samples_xy();
    let is_3d = desc.kind == TextureKind::D3;
    let depth_px = if is_3d { desc.depth_px } else { 1 };

    let base_rows_el = (desc.height_px * samples_y).div_ceil(format.block_height_px());
    // NVN's (and deko3d's) rule: an explicit block size is the block height of a 1D or 2D
    // layer and the block depth of a 3D texture, whose blocks stay one GOB tall
    // (deko3d's `DkImageFlags_CustomTileSize` sets `m_tileD` for three dimensions).
    let base_block_height_log2 = match explicit_block_height_gobs {
        _ if is_3d || desc.kind.is_one_dimensional() => 0,
        Some(gobs) => gobs.trailing_zeros(),
        None => default_block_height_log2(base_rows_el),
    };
    let base_block_depth_log2 = match explicit_block_height_gobs {
        _ if !is_3d => 0,
        Some(gobs) => gobs.trailing_zeros(),
        None => default_block_depth_log2(depth_px),
    };

    let mut levels = Vec::with_capacity(desc.levels as usize);
    let mut offset_b = 0u64;
    for level in 0..desc.levels {
        let width_px = (desc.width_px >> level).max(1);
        let height_px = (desc.height_px >> level).max(1);
        let level_depth_px = (depth_px >> level).max(1);
        let width_el = (width_px * samples_x).div_ceil(format.block_width_px());
        let height_el = (height_px * samples_y).div_ceil(format.block_height_px());
        let block_height_log2 = shrink_block_height_log2(base_block_height_log2, height_el);
        let block_depth_log2 = shrink_block_depth_log2(base_block_depth_log2, level_depth_px);
        let row_bytes = width_el * bytes_per_element;
        let gobs_per_row = row_bytes.div_ceil(GOB_WIDTH_B);
        let blocks_tall = height_el
            .div_ceil(GOB_HEIGHT_ROWS)
            .div_ceil(1 << block_height_log2);
        let blocks_deep = level_depth_px.div_ceil(1 << block_depth_log2);
        let size_b = u64::from(gobs_per_row)
            * u64::from(blocks_tall)
            * u64::from(blocks_deep)
            * (u64::from(GOB_SIZE_B) << (block_height_log2 + block_depth_log2));
        levels.push(LevelLayout {
            level,
            offset_b,
            size_b,
            width_px,
            height_px,
            depth_px: level_depth_px,
            width_el,
            height_el,
            depth_el: level_depth_px,
            bytes_per_element,
            row_bytes,
            pitch_b: gobs_per_row * GOB_WIDTH_B,
            block_height_gobs: 1 << block_height_log2,
            block_depth_gobs: 1 << block_depth_log2,
        });
        offset_b = offset_b
            .checked_add(size_b)
            .ok_or(LayoutError::SizeOverflow)?;
    }

    let layer_count = desc.storage_layers();
    let layer_stride_b = if desc.kind.is_layered() {
        // One layer rounds up to the base level's block (already shrunk against its rows).
        offset_b.next_multiple_of(levels[0].block_size_b())
    } else {
        offset_b
    };
    let size_b = layer_stride_b
        .checked_mul(u64::from(layer_count))
        .ok_or(LayoutError::SizeOverflow)?;
    tracing::trace!(
        target: "memory::layout",
        format = %format,
        kind = %desc.kind,
        size_b,
        block_height_gobs = levels[0].block_height_gobs,
        "laid out"
    );
    Ok(TextureLayout {
        desc: *desc,
        size_b,
        alignment_b: BLOCK_LINEAR_ALIGNMENT_B,
        layer_stride_b,
        layer_count,
        levels,
    })
}

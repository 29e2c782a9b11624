//! One level of a texture as it lies in one layer's storage.

use super::gob::{gob_offset_b, GOB_HEIGHT_ROWS, GOB_SIZE_B, GOB_WIDTH_B};

/// Placement and shape of one level inside one layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelLayout {
    pub level: u32,
    /// From the start of the layer.
    pub offset_b: u64,
    pub size_b: u64,
    pub width_px: u32,
    pub height_px: u32,
    pub depth_px: u32,
    /// Elements across (pixels, samples of a multisample texture, or compressed blocks).
    pub width_el: u32,
    /// Element rows.
    pub height_el: u32,
    pub depth_el: u32,
    pub bytes_per_element: u32,
    /// Bytes of one row of elements, unpadded: `width_el * bytes_per_element`.
    pub row_bytes: u32,
    /// Bytes from one row to the next in storage: the padded stride of a pitch-linear
    /// level, or the GOB-padded row of a block-linear one.
    pub pitch_b: u32,
    /// Block height in GOBs after the per-level shrink; 0 for pitch-linear storage.
    pub block_height_gobs: u32,
    /// Block depth in GOBs after the per-level shrink; 0 for pitch-linear storage.
    pub block_depth_gobs: u32,
}

impl LevelLayout {
    pub fn is_pitch_linear(&self) -> bool {
        self.block_height_gobs == 0
    }

    /// GOBs across one row of blocks.
    pub fn gobs_per_row(&self) -> u32 {
        self.row_bytes.div_ceil(GOB_WIDTH_B)
    }

    /// Bytes of one block: 1 GOB wide, `block_height_gobs` tall, `block_depth_gobs` deep.
    pub fn block_size_b(&self) -> u64 {
        u64::from(GOB_SIZE_B) * u64::from(self.block_height_gobs) * u64::from(self.block_depth_gobs)
    }

    /// Bytes of one row of blocks (all GOB columns, one block tall and deep).
    pub fn row_of_blocks_b(&self) -> u64 {
        u64::from(self.gobs_per_row()) * self.block_size_b()
    }

    /// Bytes of one slab: every row of blocks, `block_depth_gobs` slices deep.
    pub fn slab_b(&self) -> u64 {
        let gob_rows = self.height_el.div_ceil(GOB_HEIGHT_ROWS);
        u64::from(gob_rows.div_ceil(self.block_height_gobs.max(1))) * self.row_of_blocks_b()
    }

    /// Bytes of this level tightly packed (rows of `row_bytes`, no padding).
    pub fn linear_size_b(&self) -> u64 {
        u64::from(self.row_bytes) * u64::from(self.height_el) * u64::from(self.depth_el)
    }

    /// Byte offset, from the start of the level, of element (x, y, z). The reference
    /// formula, one element at a time; the swizzle works in whole runs instead. An
    /// element's bytes follow it contiguously where its size divides 16 (every format but
    /// RGB32, whose 12-byte texels may straddle a 16-byte run or a GOB: `byte_offset_b`).
    pub fn element_offset_b(&self, x_el: u32, y_el: u32, z_el: u32) -> u64 {
        self.byte_offset_b(
            u64::from(x_el) * u64::from(self.bytes_per_element),
            y_el,
            z_el,
        )
    }

    /// Byte offset, from the start of the level, of byte `x_b` of row `y_el` of slice
    /// `z_el` (rows counted in bytes, as the console addresses them).
    pub fn byte_offset_b(&self, x_b: u64, y_el: u32, z_el: u32) -> u64 {
        let (y, z) = (u64::from(y_el), u64::from(z_el));
        if self.is_pitch_linear() {
            let pitch_b = u64::from(self.pitch_b);
            return (z * u64::from(self.height_el) + y) * pitch_b + x_b;
        }
        let block_height = u64::from(self.block_height_gobs);
        let block_depth = u64::from(self.block_depth_gobs);
        let gob_y = y / u64::from(GOB_HEIGHT_ROWS);
        (z / block_depth) * self.slab_b()
            + (gob_y / block_height) * self.row_of_blocks_b()
            + (x_b / u64::from(GOB_WIDTH_B)) * self.block_size_b()
            + ((z % block_depth) * block_height + gob_y % block_height) * u64::from(GOB_SIZE_B)
            + u64::from(gob_offset_b(
                (x_b % u64::from(GOB_WIDTH_B)) as u32,
                (y % u64::from(GOB_HEIGHT_ROWS)) as u32,
            ))
    }
}

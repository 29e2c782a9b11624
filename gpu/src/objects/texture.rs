//! Textures: storage in a pool at an offset, plus a layout. The layout is computed apart
//! from placement (`TextureBuilder::layout`); placement only checks that it fits.
//! Finalizing a texture ends the object; its storage keeps its bytes.

use crate::error::ObjectError;
use crate::ids::{PoolId, TextureId};
use crate::mem::{Format, LayoutDesc, TextureKind, TextureLayout, Tiling};

flag_set!(
    /// NVN's texture flags that change what the backend may do with the storage.
    pub struct TextureFlags {
        DISPLAY = 1,
        VIDEO_DECODE = 2,
        /// Shader load/store.
        IMAGE = 4,
        COMPRESSIBLE = 8,
        SPARSE = 16,
        LINEAR_RENDER_TARGET = 32,
    }
);

/// deko3d's layout maker: a plain description with defaults, turned into a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextureBuilder {
    pub desc: LayoutDesc,
    pub flags: TextureFlags,
}

impl TextureBuilder {
    /// A single-level block-linear 2D texture with the default block height.
    pub fn new_2d(format: Format, width_px: u32, height_px: u32) -> TextureBuilder {
        TextureBuilder {
            desc: LayoutDesc::new_2d(format, width_px, height_px, 1),
            flags: TextureFlags::NONE,
        }
    }

    pub fn from_desc(desc: LayoutDesc) -> TextureBuilder {
        TextureBuilder {
            desc,
            flags: TextureFlags::NONE,
        }
    }

    pub fn kind(mut self, kind: TextureKind) -> TextureBuilder {
        self.desc.kind = kind;
        self
    }
    pub fn levels(mut self, levels: u32) -> TextureBuilder {
        self.desc.levels = levels;
        self
    }
    pub fn layers(mut self, layers: u32) -> TextureBuilder {
        self.desc.layers = layers;
        self
    }
    pub fn depth_px(mut self, depth_px: u32) -> TextureBuilder {
        self.desc.depth_px = depth_px;
        self
    }
    pub fn samples(mut self, samples: u32) -> TextureBuilder {
        self.desc.samples = samples;
        self
    }
    pub fn tiling(mut self, tiling: Tiling) -> TextureBuilder {
        self.desc.tiling = tiling;
        self
    }
    pub fn flags(mut self, flags: TextureFlags) -> TextureBuilder {
        self.flags = flags;
        self
    }

    /// Size, alignment and level placement, independent of any pool.
    pub fn layout(&self) -> Result<TextureLayout, ObjectError> {
        Ok(TextureLayout::new(&self.desc)?)
    }
}

/// Checks that a layout placed at `offset_b` fits in the pool and is aligned.
pub fn check_placement(
    layout: &TextureLayout,
    pool: PoolId,
    pool_size_b: u64,
    offset_b: u64,
) -> Result<(), ObjectError> {
    if layout.alignment_b != 0 && !offset_b.is_multiple_of(layout.alignment_b) {
        return Err(ObjectError::TextureMisaligned {
            pool,
            offset_b,
            alignment_b: layout.alignment_b,
        });
    }
    match offset_b.checked_add(layout.size_b) {
        Some(end_b) if end_b <= pool_size_b => Ok(()),
        _ => Err(ObjectError::TexturePastPoolEnd {
            pool,
            offset_b,
            size_b: layout.size_b,
            pool_size_b,
        }),
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Texture {
    pub id: TextureId,
    pub pool: PoolId,
    pub offset_b: u64,
    pub desc: LayoutDesc,
    pub flags: TextureFlags,
    pub layout: TextureLayout,
}

impl Texture {
    pub fn format(&self) -> Format {
        self.desc.format
    }

    /// The storage range in the pool: `offset_b..offset_b + size_b`.
    pub fn storage_range_b(&self) -> std::ops::Range<u64> {
        self.offset_b..self.offset_b + self.layout.size_b
    }

    /// Array layers as views and copies count them: faces for cubes.
    pub fn array_layers(&self) -> u32 {
        match self.desc.kind {
            TextureKind::Cube => 6,
            TextureKind::CubeArray => self.desc.layers.saturating_mul(6),
            _ => self.desc.layers,
        }
    }

    /// Width, height and depth in pixels of `level`; `None` past the last level.
    pub fn level_extent_px(&self, level: u32) -> Option<[u32; 3]> {
        if level >= self.desc.levels {
            return None;
        }
        let shrink = |px: u32| (px >> level).max(1);
        let depth_px = match self.desc.kind {
            TextureKind::D3 => shrink(self.desc.depth_px),
            _ => 1,
        };
        Some([
            shrink(self.desc.width_px),
            shrink(self.desc.height_px),
            depth_px,
        ])
    }

    /// How far a copy region's z may reach: depth slices for 3D, layers otherwise.
    pub fn level_z_limit(&self, level: u32) -> Option<u32> {
        let [_, _, depth_px] = self.level_extent_px(level)?;
        Some(match self.desc.kind {
            TextureKind::D3 => depth_px,
            _ => self.array_layers(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rg8_tile() -> TextureBuilder {
        TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 260, 260).levels(9)
    }

    #[test]
    fn placement_checks_end_and_alignment() {
        let layout = rg8_tile().layout().unwrap();
        let pool = PoolId::from_raw(1).unwrap();
        assert!(check_placement(&layout, pool, layout.size_b, 0).is_ok());
        assert!(matches!(
            check_placement(&layout, pool, layout.size_b, layout.alignment_b),
            Err(ObjectError::TexturePastPoolEnd { .. })
        ));
        assert!(matches!(
            check_placement(&layout, pool, layout.size_b * 4, 1),
            Err(ObjectError::TextureMisaligned { offset_b: 1, .. })
        ));
        assert!(matches!(
            check_placement(&layout, pool, u64::MAX, u64::MAX - layout.alignment_b + 1),
            Err(ObjectError::TexturePastPoolEnd { .. })
        ));
    }

    #[test]
    fn builder_reports_layout_errors() {
        let builder = TextureBuilder::new_2d(Format::from_name("rg8").unwrap(), 0, 4);
        assert!(matches!(builder.layout(), Err(ObjectError::Layout(_))));
    }
}

//! Texture views: a level range, a layer range, a format of the same element size and
//! a component swizzle over one texture.

use crate::error::ObjectError;
use crate::ids::{TextureId, ViewId};
use crate::mem::{Format, TextureKind};

use super::texture::Texture;

coded_enum!(
    /// Where a view's component comes from.
    pub enum Swizzle {
        Zero = 0,
        One = 1,
        R = 2,
        G = 3,
        B = 4,
        A = 5,
    }
);

coded_enum!(
    /// Which aspect a view of a depth/stencil texture samples (NVN's texture view
    /// depth-stencil mode). Stencil is read as an unsigned integer texture (`usampler*`).
    pub enum DepthStencilMode {
        Depth = 0,
        Stencil = 1,
    }
);

impl Swizzle {
    pub const IDENTITY: [Swizzle; 4] = [Swizzle::R, Swizzle::G, Swizzle::B, Swizzle::A];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewMaker {
    pub texture: TextureId,
    pub base_level: u32,
    /// `ViewMaker::ALL` means every level from `base_level` on.
    pub level_count: u32,
    pub base_layer: u32,
    /// `ViewMaker::ALL` means every layer from `base_layer` on.
    pub layer_count: u32,
    /// `None`: the texture's format.
    pub format: Option<Format>,
    /// `None`: the texture's kind.
    pub kind: Option<TextureKind>,
    pub swizzle: [Swizzle; 4],
    /// What a shader samples of a texture with depth and stencil (`Depth` otherwise).
    pub depth_stencil_mode: DepthStencilMode,
}

impl ViewMaker {
    pub const ALL: u32 = u32::MAX;

    /// The whole texture, as it is.
    pub fn whole(texture: TextureId) -> ViewMaker {
        ViewMaker {
            texture,
            base_level: 0,
            level_count: ViewMaker::ALL,
            base_layer: 0,
            layer_count: ViewMaker::ALL,
            format: None,
            kind: None,
            swizzle: Swizzle::IDENTITY,
            depth_stencil_mode: DepthStencilMode::Depth,
        }
    }

    pub fn levels(mut self, base_level: u32, level_count: u32) -> ViewMaker {
        self.base_level = base_level;
        self.level_count = level_count;
        self
    }
    pub fn layers(mut self, base_layer: u32, layer_count: u32) -> ViewMaker {
        self.base_layer = base_layer;
        self.layer_count = layer_count;
        self
    }
    pub fn format(mut self, format: Format) -> ViewMaker {
        self.format = Some(format);
        self
    }
    pub fn kind(mut self, kind: TextureKind) -> ViewMaker {
        self.kind = Some(kind);
        self
    }
    pub fn swizzle(mut self, swizzle: [Swizzle; 4]) -> ViewMaker {
        self.swizzle = swizzle;
        self
    }
    pub fn depth_stencil_mode(mut self, mode: DepthStencilMode) -> ViewMaker {
        self.depth_stencil_mode = mode;
        self
    }

    /// Resolves `ALL`, checks the ranges and the format against the texture.
    pub fn resolve(&self, id: ViewId, texture: &Texture) -> Result<TextureView, ObjectError> {
        let levels = resolve_range(
            texture.id,
            "levels",
            self.base_level,
            self.level_count,
            texture.desc.levels,
        )?;
        let layers = resolve_range(
            texture.id,
            "layers",
            self.base_layer,
            self.layer_count,
            texture.array_layers(),
        )?;
        let format = self.format.unwrap_or(texture.desc.format);
        let texture_format = texture.desc.format;
        let same_element = format.bytes_per_element() == texture_format.bytes_per_element()
            && format.block_width_px() == texture_format.block_width_px()
            && format.block_height_px() == texture_format.block_height_px();
        if !same_element {
            return Err(ObjectError::ViewFormatSize {
                texture: texture.id,
                texture_format: texture_format.name(),
                view_format: format.name(),
            });
        }
        if self.depth_stencil_mode == DepthStencilMode::Stencil && !format.has_stencil() {
            return Err(ObjectError::ViewStencilMode {
                texture: texture.id,
                view_format: format.name(),
            });
        }
        Ok(TextureView {
            id,
            texture: texture.id,
            levels,
            layers,
            format,
            kind: self.kind.unwrap_or(texture.desc.kind),
            swizzle: self.swizzle,
            depth_stencil_mode: self.depth_stencil_mode,
        })
    }
}

fn resolve_range(
    texture: TextureId,
    what: &'static str,
    first: u32,
    count: u32,
    available: u32,
) -> Result<std::ops::Range<u32>, ObjectError> {
    let count = if count == ViewMaker::ALL {
        available.saturating_sub(first)
    } else {
        count
    };
    match first.checked_add(count) {
        Some(end) if count > 0 && end <= available => Ok(first..end),
        _ => Err(ObjectError::ViewOutsideTexture {
            texture,
            what,
            first,
            count,
            available,
        }),
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextureView {
    pub id: ViewId,
    pub texture: TextureId,
    pub levels: std::ops::Range<u32>,
    pub layers: std::ops::Range<u32>,
    pub format: Format,
    pub kind: TextureKind,
    pub swizzle: [Swizzle; 4],
    pub depth_stencil_mode: DepthStencilMode,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mem::LayoutDesc;
    use crate::objects::texture::TextureBuilder;

    fn texture(levels: u32, layers: u32) -> Texture {
        let builder = TextureBuilder::from_desc(LayoutDesc {
            layers,
            kind: TextureKind::D2Array,
            ..LayoutDesc::new_2d(Format::from_name("rgba8").unwrap(), 64, 64, levels)
        });
        Texture {
            id: TextureId::from_raw(3).unwrap(),
            pool: crate::ids::PoolId::from_raw(1).unwrap(),
            offset_b: 0,
            desc: builder.desc,
            flags: builder.flags,
            layout: builder.layout().unwrap(),
        }
    }

    #[test]
    fn whole_view_covers_every_level_and_layer() {
        let texture = texture(4, 3);
        let view_id = ViewId::from_raw(1).unwrap();
        let view = ViewMaker::whole(texture.id)
            .resolve(view_id, &texture)
            .unwrap();
        assert_eq!(view.levels, 0..4);
        assert_eq!(view.layers, 0..3);
        let tail = ViewMaker::whole(texture.id)
            .levels(2, ViewMaker::ALL)
            .layers(1, 2)
            .resolve(view_id, &texture)
            .unwrap();
        assert_eq!((tail.levels, tail.layers), (2..4, 1..3));
    }

    #[test]
    fn views_outside_the_texture_are_refused() {
        let texture = texture(4, 3);
        let view_id = ViewId::from_raw(1).unwrap();
        for maker in [
            ViewMaker::whole(texture.id).levels(3, 2),
            ViewMaker::whole(texture.id).levels(4, ViewMaker::ALL),
            ViewMaker::whole(texture.id).layers(0, 4),
            ViewMaker::whole(texture.id).layers(1, 0),
            ViewMaker::whole(texture.id).levels(u32::MAX - 1, 3),
        ] {
            let error = maker.resolve(view_id, &texture).unwrap_err();
            assert!(
                matches!(error, ObjectError::ViewOutsideTexture { texture: t, .. } if t == texture.id),
                "{error}"
            );
        }
    }

    #[test]
    fn view_format_must_keep_the_element_size() {
        let texture = texture(1, 1);
        let view_id = ViewId::from_raw(1).unwrap();
        let same = ViewMaker::whole(texture.id).format(Format::from_name("rgba8-srgb").unwrap());
        assert!(same.resolve(view_id, &texture).is_ok());
        let other = ViewMaker::whole(texture.id).format(Format::from_name("rg8").unwrap());
        let error = other.resolve(view_id, &texture).unwrap_err();
        assert!(matches!(error, ObjectError::ViewFormatSize { .. }));
        assert!(error.to_string().contains("texture #3"));
    }
}

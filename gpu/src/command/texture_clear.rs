//! NVN's `ClearTexture` (`Command::ClearTexture`): a colour or depth/stencil value
//! written into a region of a texture view outside render passes, and its record-time
//! checks.
//!
//! The region lies in the view's first level: `x_px`/`y_px`/`width_px`/`height_px` in
//! pixels, `z`/`depth` in layers of the view from its first (faces for cubes). A 3D
//! texture's level is cleared whole (every depth slice); Vulkan clears part of one only
//! through an attachment, which a 3D image is not here.

use crate::error::RecordError;
use crate::ids::ViewId;
use crate::mem::{FormatClass, TextureKind};
use crate::objects::ObjectTables;
use crate::state::ComponentMask;

use super::verbs::ClearValue;

/// What a texture clear writes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TextureClearValue {
    /// A colour in the numeric kind of the view's format; components outside `mask` keep
    /// their texels.
    Color {
        value: ClearValue,
        mask: ComponentMask,
    },
    /// A depth (0 to 1) and a stencil value; `None` leaves that aspect alone.
    DepthStencil {
        depth: Option<f32>,
        stencil: Option<u8>,
    },
}

/// NVN's `ClearTexture`: `value` over a box of a view's first level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextureClear {
    pub view: ViewId,
    pub x_px: u32,
    pub y_px: u32,
    pub width_px: u32,
    pub height_px: u32,
    /// The first layer, counted from the view's first (a 3D texture's first slice).
    pub z: u32,
    /// Layers (a 3D texture's slices).
    pub depth: u32,
    pub value: TextureClearValue,
}

impl TextureClear {
    /// The whole of `view`'s first level and layers, `width_px` x `height_px`, `layers`
    /// deep.
    pub fn whole(
        view: ViewId,
        [width_px, height_px]: [u32; 2],
        layers: u32,
        value: TextureClearValue,
    ) -> TextureClear {
        TextureClear {
            view,
            x_px: 0,
            y_px: 0,
            width_px,
            height_px,
            z: 0,
            depth: layers,
            value,
        }
    }

    /// Whether the clear writes nothing (an empty mask, or neither aspect).
    pub fn writes_nothing(&self) -> bool {
        match self.value {
            TextureClearValue::Color { mask, .. } => mask == ComponentMask::NONE,
            TextureClearValue::DepthStencil { depth, stencil } => {
                depth.is_none() && stencil.is_none()
            }
        }
    }
}

fn out_of_bounds(
    view: ViewId,
    what: &'static str,
    start: u32,
    count: u32,
    limit: u32,
) -> RecordError {
    RecordError::TextureClearOutOfBounds {
        view,
        what,
        end: u64::from(start) + u64::from(count),
        limit: u64::from(limit),
    }
}

/// Checks a texture clear against the view and its texture as they are now: the region
/// is inside the view's first level and layers, the format can be cleared (not
/// compressed), and the value's kind is the format's (float for float and normalized
/// formats, signed or unsigned integers for integer formats, depth/stencil for depth and
/// stencil formats, each aspect one the format has).
pub fn check_texture_clear(clear: &TextureClear, tables: &ObjectTables) -> Result<(), RecordError> {
    let view_id = clear.view;
    let (view, texture) = match tables.views.get(view_id) {
        None => return Err(RecordError::UnknownObject(view_id.into())),
        Some(view) => match tables.textures.get(view.texture) {
            None => return Err(RecordError::UnknownObject(view.texture.into())),
            Some(texture) => (view, texture),
        },
    };
    let format = view.format;
    let refuse = |why: &'static str| RecordError::TextureClearFormat {
        view: view_id,
        format: format.name(),
        why,
    };
    if format.is_compressed() {
        return Err(refuse("a compressed format cannot be cleared"));
    }
    if clear.width_px == 0 || clear.height_px == 0 || clear.depth == 0 {
        return Err(RecordError::BadArgument {
            what: "texture clear region",
            why: "empty (a width, height or depth of 0)",
        });
    }
    let level = view.levels.start;
    let Some([width_px, height_px, depth_px]) = texture.level_extent_px(level) else {
        return Err(RecordError::UnknownObject(view.texture.into()));
    };
    let is_3d = texture.desc.kind == TextureKind::D3;
    let z_limit = if is_3d {
        depth_px
    } else {
        view.layers.end - view.layers.start
    };
    let axes = [
        ("x", clear.x_px, clear.width_px, width_px),
        ("y", clear.y_px, clear.height_px, height_px),
        (
            if is_3d { "slices" } else { "layers" },
            clear.z,
            clear.depth,
            z_limit,
        ),
    ];
    for (what, start, count, limit) in axes {
        if u64::from(start) + u64::from(count) > u64::from(limit) {
            return Err(out_of_bounds(view_id, what, start, count, limit));
        }
    }
    let whole_level = clear.x_px == 0
        && clear.y_px == 0
        && clear.width_px == width_px
        && clear.height_px == height_px
        && clear.z == 0
        && clear.depth == depth_px;
    if is_3d && !whole_level {
        return Err(RecordError::TextureClearFormat {
            view: view_id,
            format: format.name(),
            why: "part of a 3D texture's level (a 3D level is cleared whole)",
        });
    }
    let kind = |value: &'static str| RecordError::TextureClearValueKind {
        view: view_id,
        format: format.name(),
        value,
    };
    match clear.value {
        TextureClearValue::Color { value, mask } => {
            if !mask.is_valid() {
                return Err(RecordError::BadArgument {
                    what: "texture clear mask",
                    why: "bits other than R, G, B, A",
                });
            }
            if format.is_depth_or_stencil() {
                return Err(kind("colour"));
            }
            let partial = mask != ComponentMask::ALL && mask != ComponentMask::NONE;
            if partial && view.layers.end - view.layers.start > 1 {
                return Err(RecordError::TextureClearFormat {
                    view: view_id,
                    format: format.name(),
                    why: "a partial component mask over a view of several layers (clear \
                          through a view of each layer)",
                });
            }
            let fits = matches!(
                (value, format.class()),
                (
                    ClearValue::Float(_),
                    FormatClass::Float | FormatClass::Unorm | FormatClass::Snorm
                ) | (ClearValue::Int(_), FormatClass::Sint)
                    | (ClearValue::Uint(_), FormatClass::Uint)
            );
            if !fits {
                return Err(kind(match value {
                    ClearValue::Float(_) => "float",
                    ClearValue::Int(_) => "signed integer",
                    ClearValue::Uint(_) => "unsigned integer",
                }));
            }
        }
        TextureClearValue::DepthStencil { depth, stencil } => {
            if !format.is_depth_or_stencil() {
                return Err(kind("depth/stencil"));
            }
            if depth.is_some() && !format.has_depth() {
                return Err(kind("depth"));
            }
            if stencil.is_some() && !format.has_stencil() {
                return Err(kind("stencil"));
            }
            if depth.is_some_and(|depth| !(0.0..=1.0).contains(&depth)) {
                return Err(RecordError::BadArgument {
                    what: "texture clear depth",
                    why: "outside 0..=1",
                });
            }
        }
    }
    Ok(())
}

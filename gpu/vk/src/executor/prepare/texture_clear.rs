//! Texture clears outside passes (NVN's `ClearTexture`, `Op::ClearTexture`): the Vulkan
//! form of each, chosen before anything is recorded.
//!
//! A clear of the whole first level of its view (every layer it names), with every
//! component and in the texture's own format, is `vkCmdClearColorImage` or
//! `vkCmdClearDepthStencilImage` on the subresources. Any other (a sub-rectangle, a
//! partial component mask, a view in another format of the same size) is a pass of its
//! own over the view's attachment: `vkCmdClearAttachments` over the rectangle and layers,
//! or the masked clear's draw for a partial mask. Either way the texels land in the
//! texture's image, which the write-back stores and later samplers read.

use ash::vk;
use gpu::command::{TextureClear, TextureClearValue};
use gpu::objects::ObjectTables;
use gpu::state::ComponentMask;
use memory::TextureKind;

use crate::conv::renders_as_stored;
use crate::error::{VkError, VkResult};
use crate::executor::pipelines::graphics_conv::clear_color;
use crate::executor::pipelines::graphics_state::TargetFormats;
use crate::executor::pipelines::masked_clear::MaskedClears;
use crate::executor::prepared::texture_clear::{PreparedTextureClear, TextureClearWay};
use crate::executor::resources::textures::ImageTable;

/// The aspects a depth/stencil clear writes, and its value.
fn depth_stencil_clear(
    depth: Option<f32>,
    stencil: Option<u8>,
) -> (vk::ImageAspectFlags, vk::ClearDepthStencilValue) {
    let mut aspect_mask = vk::ImageAspectFlags::empty();
    if depth.is_some() {
        aspect_mask |= vk::ImageAspectFlags::DEPTH;
    }
    if stencil.is_some() {
        aspect_mask |= vk::ImageAspectFlags::STENCIL;
    }
    let value = vk::ClearDepthStencilValue {
        depth: depth.unwrap_or(0.0),
        stencil: u32::from(stencil.unwrap_or(0)),
    };
    (aspect_mask, value)
}

/// The Vulkan form of `clear` (checked when recorded; checked again here for decoded
/// lists). The texture's image must be ensured for this submission.
pub fn prepare_texture_clear(
    clear: &TextureClear,
    tables: &ObjectTables,
    images: &mut ImageTable,
    masked_clears: &mut MaskedClears,
) -> VkResult<PreparedTextureClear> {
    gpu::command::texture_clear::check_texture_clear(clear, tables)
        .map_err(|error| VkError::Unsupported(error.to_string()))?;
    let (view, texture) = tables
        .view_texture(clear.view)
        .ok_or_else(|| VkError::UnknownObject(clear.view.into()))?;
    let level = view.levels.start;
    let [width_px, height_px, depth_px] = texture
        .level_extent_px(level)
        .ok_or_else(|| VkError::UnknownObject(view.texture.into()))?;
    let tracked = images.get(view.texture)?;
    let image = tracked.image.raw;
    let image_aspect = tracked.image.desc.aspect;
    let usage = tracked.image.usage;
    let is_3d = texture.desc.kind == TextureKind::D3;
    let full_mask = match clear.value {
        TextureClearValue::Color { mask, .. } => mask == ComponentMask::ALL,
        TextureClearValue::DepthStencil { .. } => true,
    };
    let whole_level = clear.x_px == 0
        && clear.y_px == 0
        && clear.width_px == width_px
        && clear.height_px == height_px
        && (!is_3d || clear.depth == depth_px);
    // The image holds texels in the texture's format: a view in another one clears
    // through its own attachment view.
    let own_format = view.format == texture.format();
    let range = |aspect_mask| vk::ImageSubresourceRange {
        aspect_mask,
        base_mip_level: level,
        level_count: 1,
        base_array_layer: if is_3d {
            0
        } else {
            view.layers.start + clear.z
        },
        layer_count: if is_3d { 1 } else { clear.depth },
    };
    let whole = |way| PreparedTextureClear {
        image,
        view: vk::ImageView::null(),
        aspect: image_aspect,
        extent_px: [width_px, height_px],
        layers: clear.depth,
        way,
    };
    if whole_level && full_mask && own_format {
        return Ok(whole(match clear.value {
            TextureClearValue::Color { value, .. } => {
                let mut value = clear_color(value);
                if !renders_as_stored(view.format, tracked.mapping.vk) {
                    // Stored with red and blue swapped, read right through a view
                    // swizzle (RGB5A1 as A1R5G5B5): the clear swaps them too.
                    // SAFETY: every member of the union is four 32-bit words.
                    unsafe { value.uint32.swap(0, 2) };
                }
                TextureClearWay::ColorImage {
                    value,
                    range: range(vk::ImageAspectFlags::COLOR),
                }
            }
            TextureClearValue::DepthStencil { depth, stencil } => {
                let (aspect_mask, value) = depth_stencil_clear(depth, stencil);
                TextureClearWay::DepthStencilImage {
                    value,
                    range: range(aspect_mask & image_aspect),
                }
            }
        }));
    }
    let needed = if image_aspect.contains(vk::ImageAspectFlags::COLOR) {
        vk::ImageUsageFlags::COLOR_ATTACHMENT
    } else {
        vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT
    };
    if !usage.contains(needed) {
        return Err(VkError::Unsupported(format!(
            "{}: a clear of part of a {} texture (the driver cannot render to the format; a \
             whole level in the texture's format clears)",
            clear.view,
            view.format.name()
        )));
    }
    let attachment = images.attachment(view)?;
    let (view_raw, format, aspect, layers) = (
        attachment.raw,
        attachment.format,
        attachment.aspect,
        attachment.layers,
    );
    let rect = vk::Rect2D {
        offset: vk::Offset2D {
            x: clear.x_px as i32,
            y: clear.y_px as i32,
        },
        extent: vk::Extent2D {
            width: clear.width_px,
            height: clear.height_px,
        },
    };
    let way = match clear.value {
        TextureClearValue::Color { value, mask } if mask != ComponentMask::ALL => {
            let mut formats = TargetFormats::default();
            formats.colors[0] = format.as_raw();
            // A partial mask over several layers is refused when recorded.
            let clear = masked_clears.prepare(formats, 1, 0, value, mask)?;
            TextureClearWay::Masked { clear, rect }
        }
        TextureClearValue::Color { value, .. } => TextureClearWay::Attachments {
            attachment: vk::ClearAttachment {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                color_attachment: 0,
                clear_value: vk::ClearValue {
                    color: clear_color(value),
                },
            },
            rect: vk::ClearRect {
                rect,
                base_array_layer: clear.z,
                layer_count: clear.depth,
            },
        },
        TextureClearValue::DepthStencil { depth, stencil } => {
            let (aspect_mask, value) = depth_stencil_clear(depth, stencil);
            TextureClearWay::Attachments {
                attachment: vk::ClearAttachment {
                    aspect_mask: aspect_mask & aspect,
                    color_attachment: 0,
                    clear_value: vk::ClearValue {
                        depth_stencil: value,
                    },
                },
                rect: vk::ClearRect {
                    rect,
                    base_array_layer: clear.z,
                    layer_count: clear.depth,
                },
            }
        }
    };
    Ok(PreparedTextureClear {
        image,
        view: view_raw,
        aspect,
        extent_px: [width_px, height_px],
        layers,
        way,
    })
}

//! Clears outside render passes in the C ABI: `hsCommandBufferClearBuffer` (NVN's
//! `ClearBuffer`): `size_b` bytes of a buffer from `offset_b` hold a 32-bit value
//! repeated (little-endian), in order with the work around it; the CPU reads them from the
//! pool after a fence that follows. The pool address and the size are multiples of 4
//! (`HS_ERROR_REFUSED` otherwise, as for every record-time check); a range past the
//! buffer's end is `HS_ERROR_OUT_OF_RANGE`.
//!
//! `hsCommandBufferClearTexture` (and its `i`, `ui` and `DepthStencil` twins, NVN's
//! `ClearTexture`): a value over a region of a texture view's first level, outside
//! passes; a region past the view is `HS_ERROR_OUT_OF_RANGE`, a compressed format or a
//! value of another kind than the format's `HS_ERROR_REFUSED`.

use gpu::command::{ClearValue, TextureClear, TextureClearValue};

use crate::builder::{check_array, check_struct};
use crate::command_buffer::with_recording;
use crate::commands::{component_mask, HSCopyRegion, HSclearColorMask};
use crate::objects::{resolve, HSBuffer, HSCommandBuffer, HSTexture};
use crate::result::{CapiError, CapiResult, HSresult};
use crate::texture::{view_of, HSTextureView};

/// Fills `size_b` bytes of `buffer` from `offset_b` with `value` repeated.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearBuffer(
    command_buffer: *const HSCommandBuffer,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
    value: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferClearBuffer",
            command_buffer,
            move |device, recording| {
                let buffer = recording.buffer_id(device, buffer, "buffer")?;
                recording
                    .buffer()
                    .fill_buffer(buffer, offset_b, size_b, value)?;
                Ok(())
            },
        )
    }
}

/// NVN's `ClearTexture`: `value` over `region` of the first level of `view` of `texture`
/// (`view` NULL: the whole texture): x, y, width and height in pixels, z and depth in
/// layers from the view's first (a 3D texture's slices, cleared whole).
unsafe fn clear_texture(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    texture: *const HSTexture,
    view: *const HSTextureView,
    region: *const HSCopyRegion,
    value: impl FnOnce() -> CapiResult<TextureClearValue>,
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(function, command_buffer, move |device, recording| {
            let state = resolve(texture, "texture")?;
            device.check_same(&state.device, "texture")?;
            let view = view_of(&state, view)?;
            let region = check_struct(region, "region")?;
            recording.buffer().clear_texture(TextureClear {
                view,
                x_px: region.x_px,
                y_px: region.y_px,
                width_px: region.width_px,
                height_px: region.height_px,
                z: region.z,
                depth: region.depth,
                value: value()?,
            })?;
            Ok(())
        })
    }
}

/// The colour value and mask of a texture clear.
unsafe fn colour<T: Copy>(
    color: *const T,
    mask: HSclearColorMask,
    kind: impl FnOnce([T; 4]) -> ClearValue,
) -> CapiResult<TextureClearValue> {
    // SAFETY: passed on from the caller.
    let values = unsafe { check_array(color, 4, 4, "color") }?;
    Ok(TextureClearValue::Color {
        value: kind([values[0], values[1], values[2], values[3]]),
        mask: component_mask(mask)?,
    })
}

/// Clears `region` of `texture` (through `view`, or whole) to `color[0..4]` (float and
/// normalized formats), the components in `mask`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearTexture(
    command_buffer: *const HSCommandBuffer,
    texture: *const HSTexture,
    view: *const HSTextureView,
    region: *const HSCopyRegion,
    color: *const f32,
    mask: HSclearColorMask,
) -> HSresult {
    // SAFETY: the header's contract for objects, structs and arrays.
    unsafe {
        clear_texture(
            "hsCommandBufferClearTexture",
            command_buffer,
            texture,
            view,
            region,
            || colour(color, mask, ClearValue::Float),
        )
    }
}

/// `hsCommandBufferClearTexture` for signed integer formats.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearTexturei(
    command_buffer: *const HSCommandBuffer,
    texture: *const HSTexture,
    view: *const HSTextureView,
    region: *const HSCopyRegion,
    color: *const i32,
    mask: HSclearColorMask,
) -> HSresult {
    // SAFETY: the header's contract for objects, structs and arrays.
    unsafe {
        clear_texture(
            "hsCommandBufferClearTexturei",
            command_buffer,
            texture,
            view,
            region,
            || colour(color, mask, ClearValue::Int),
        )
    }
}

/// `hsCommandBufferClearTexture` for unsigned integer formats.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearTextureui(
    command_buffer: *const HSCommandBuffer,
    texture: *const HSTexture,
    view: *const HSTextureView,
    region: *const HSCopyRegion,
    color: *const u32,
    mask: HSclearColorMask,
) -> HSresult {
    // SAFETY: the header's contract for objects, structs and arrays.
    unsafe {
        clear_texture(
            "hsCommandBufferClearTextureui",
            command_buffer,
            texture,
            view,
            region,
            || colour(color, mask, ClearValue::Uint),
        )
    }
}

/// Clears `region` of a depth/stencil `texture`: the depth to `depth` (0 to 1) where
/// `depth_mask` is 1, the stencil to `stencil` where `stencil_mask` is 0xFF (0 leaves it;
/// other masks are refused: the clear writes every stencil bit).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearTextureDepthStencil(
    command_buffer: *const HSCommandBuffer,
    texture: *const HSTexture,
    view: *const HSTextureView,
    region: *const HSCopyRegion,
    depth: f32,
    depth_mask: u32,
    stencil: u32,
    stencil_mask: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects and structs.
    unsafe {
        clear_texture(
            "hsCommandBufferClearTextureDepthStencil",
            command_buffer,
            texture,
            view,
            region,
            || {
                let write_depth = crate::builder::boolean(depth_mask, "depth_mask")?;
                let stencil = u8::try_from(stencil)
                    .map_err(|_| CapiError::argument("stencil is past 8 bits"))?;
                let write_stencil = match stencil_mask {
                    0 => false,
                    0xff => true,
                    _ => {
                        return Err(CapiError::argument(
                            "stencil_mask is neither 0 nor 0xFF (a texture clear writes \
                             every stencil bit)",
                        ))
                    }
                };
                Ok(TextureClearValue::DepthStencil {
                    depth: write_depth.then_some(depth),
                    stencil: write_stencil.then_some(stencil),
                })
            },
        )
    }
}

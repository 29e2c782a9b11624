//! The commands a command buffer records (NVN's verbs): render targets, clears, binds,
//! draws, dispatches, copies, barriers, syncs, discards. Each is checked as it is
//! recorded; a refused command leaves the buffer as it was. State setters are in
//! `render_state`.

use gpu::command::{
    BarrierOrder, BufferBinding, BufferImage, ClearValue, CopyOp, DiscardTarget, DrawArrays,
    DrawIndexed, DrawIndirect, Invalidate, RenderTargets, TextureRegion,
};
use gpu::objects::{ImageHandle, Stage, TextureHandle};
use gpu::state::{ComponentMask, IndexType, PrimitiveKind, MAX_COLOR_TARGETS};
use gpu::{BufferId, FlagSet};

use crate::builder::{check_array, check_struct, coded, known_code};
use crate::command_buffer::{short_way, with_recording};
use crate::objects::{
    resolve, HSBuffer, HSCommandBuffer, HSProgram, HSSamplerPool, HSSync, HSTexture, HSTexturePool,
};
use crate::program::HSshaderStage;
use crate::result::{CapiError, CapiResult, HSresult};
use crate::state::{DeviceState, Recording};
use crate::sync::HSsyncCondition;
use crate::texture::{view_of, HSTextureView};

pub type HSdrawPrimitive = u32;
pub const HS_DRAW_PRIMITIVE_POINTS: HSdrawPrimitive = 0;
pub const HS_DRAW_PRIMITIVE_LINES: HSdrawPrimitive = 1;
pub const HS_DRAW_PRIMITIVE_LINE_LOOP: HSdrawPrimitive = 2;
pub const HS_DRAW_PRIMITIVE_LINE_STRIP: HSdrawPrimitive = 3;
pub const HS_DRAW_PRIMITIVE_TRIANGLES: HSdrawPrimitive = 4;
pub const HS_DRAW_PRIMITIVE_TRIANGLE_STRIP: HSdrawPrimitive = 5;
pub const HS_DRAW_PRIMITIVE_TRIANGLE_FAN: HSdrawPrimitive = 6;
pub const HS_DRAW_PRIMITIVE_QUADS: HSdrawPrimitive = 7;
pub const HS_DRAW_PRIMITIVE_QUAD_STRIP: HSdrawPrimitive = 8;
pub const HS_DRAW_PRIMITIVE_POLYGON: HSdrawPrimitive = 9;
pub const HS_DRAW_PRIMITIVE_LINES_ADJACENCY: HSdrawPrimitive = 10;
pub const HS_DRAW_PRIMITIVE_LINE_STRIP_ADJACENCY: HSdrawPrimitive = 11;
pub const HS_DRAW_PRIMITIVE_TRIANGLES_ADJACENCY: HSdrawPrimitive = 12;
pub const HS_DRAW_PRIMITIVE_TRIANGLE_STRIP_ADJACENCY: HSdrawPrimitive = 13;
pub const HS_DRAW_PRIMITIVE_PATCHES: HSdrawPrimitive = 14;

pub type HSindexType = u32;
pub const HS_INDEX_TYPE_UNSIGNED_BYTE: HSindexType = 0;
pub const HS_INDEX_TYPE_UNSIGNED_SHORT: HSindexType = 1;
pub const HS_INDEX_TYPE_UNSIGNED_INT: HSindexType = 2;

/// Colour channel bits of clears and write masks.
pub type HSclearColorMask = u32;
pub const HS_CLEAR_COLOR_MASK_R: HSclearColorMask = 1;
pub const HS_CLEAR_COLOR_MASK_G: HSclearColorMask = 2;
pub const HS_CLEAR_COLOR_MASK_B: HSclearColorMask = 4;
pub const HS_CLEAR_COLOR_MASK_A: HSclearColorMask = 8;
pub const HS_CLEAR_COLOR_MASK_RGBA: HSclearColorMask = 15;

/// What later work waits for (NVN's barrier order bits).
pub type HSbarrierBits = u32;
pub const HS_BARRIER_ORDER_PRIMITIVES: HSbarrierBits = 1;
pub const HS_BARRIER_ORDER_FRAGMENTS: HSbarrierBits = 2;
pub const HS_BARRIER_ORDER_FRAGMENTS_TILED: HSbarrierBits = 4;
pub const HS_BARRIER_ORDER_INDIRECT_DATA: HSbarrierBits = 8;
/// Caches a barrier invalidates, in the bits above the order bits.
pub const HS_BARRIER_INVALIDATE_TEXTURE: HSbarrierBits = 0x100;
pub const HS_BARRIER_INVALIDATE_SHADER: HSbarrierBits = 0x200;
pub const HS_BARRIER_INVALIDATE_TEXTURE_DESCRIPTOR: HSbarrierBits = 0x400;
pub const HS_BARRIER_INVALIDATE_ZCULL: HSbarrierBits = 0x800;
pub const HS_BARRIER_INVALIDATE_L2_CACHE: HSbarrierBits = 0x1000;

/// A box of one level of a texture, in pixels; `z` and `depth` count slices of a 3D
/// texture and layers (faces of cubes) otherwise.
#[repr(C)]
pub struct HSCopyRegion {
    pub x_px: u32,
    pub y_px: u32,
    pub z: u32,
    pub width_px: u32,
    pub height_px: u32,
    pub depth: u32,
}

/// `stage_slot` for a short way, which builds no failure.
#[inline(always)]
fn known_stage_slot(stage: HSshaderStage, slot: u32) -> Option<(Stage, u8)> {
    Some((known_code(stage)?, u8::try_from(slot).ok()?))
}

/// A stage and a slot of it, for binds.
#[inline(always)]
fn stage_slot(stage: HSshaderStage, slot: u32, what: &str) -> CapiResult<(Stage, u8)> {
    let Ok(slot) = u8::try_from(slot) else {
        return Err(slot_out_of_range(what, slot));
    };
    Ok((coded(stage, "stage")?, slot))
}

/// `stage_slot`'s failure, out of the way of the binds that pass.
#[cold]
#[inline(never)]
fn slot_out_of_range(what: &str, slot: u32) -> CapiError {
    CapiError::OutOfRange(format!("{what} slot {slot}"))
}

/// The buffer of a copy, checked to be of the command buffer's device.
///
/// # Safety
/// The header's contract for objects.
#[inline]
unsafe fn buffer_of(
    device: &DeviceState,
    buffer: *const HSBuffer,
    arg: &str,
) -> CapiResult<BufferId> {
    // SAFETY: passed on from the caller.
    let state = unsafe { resolve(buffer, arg) }?;
    device.check_same(&state.device, arg)?;
    Ok(state.id)
}

/// Sets the colour targets (`colors[0..color_count]`, each with its view or NULL for
/// the whole texture; `color_views` itself may be NULL) and the depth/stencil target
/// (NULL for none).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetRenderTargets(
    command_buffer: *const HSCommandBuffer,
    color_count: u32,
    colors: *const *const HSTexture,
    color_views: *const *const HSTextureView,
    depth_stencil: *const HSTexture,
    depth_stencil_view: *const HSTextureView,
) -> HSresult {
    // SAFETY: the header's contract for objects, arrays and plain structs.
    unsafe {
        with_recording(
            "hsCommandBufferSetRenderTargets",
            command_buffer,
            move |device, recording| {
                if color_count as usize > MAX_COLOR_TARGETS {
                    return Err(CapiError::OutOfRange(format!(
                        "{color_count} colour targets; at most {MAX_COLOR_TARGETS}"
                    )));
                }
                let textures = check_array(colors, color_count, MAX_COLOR_TARGETS, "colors")?;
                let views = if color_views.is_null() {
                    None
                } else {
                    Some(check_array(
                        color_views,
                        color_count,
                        MAX_COLOR_TARGETS,
                        "color_views",
                    )?)
                };
                let mut targets = RenderTargets::default();
                for (index, &texture) in textures.iter().enumerate() {
                    if texture.is_null() {
                        continue;
                    }
                    let state = resolve(texture, "a colour target")?;
                    device.check_same(&state.device, "a colour target")?;
                    let view = views.map_or(std::ptr::null(), |views| views[index]);
                    targets.colors[index] = Some(view_of(&state, view)?);
                }
                if !depth_stencil.is_null() {
                    let state = resolve(depth_stencil, "the depth/stencil target")?;
                    device.check_same(&state.device, "the depth/stencil target")?;
                    targets.depth_stencil = Some(view_of(&state, depth_stencil_view)?);
                }
                recording.buffer().bind_render_targets(targets)?;
                Ok(())
            },
        )
    }
}

pub(crate) fn component_mask(mask: HSclearColorMask) -> CapiResult<ComponentMask> {
    u8::try_from(mask)
        .ok()
        .map(ComponentMask)
        .filter(|mask| mask.is_valid())
        .ok_or_else(|| CapiError::argument(format!("mask {mask:#x} has bits past RGBA")))
}

unsafe fn clear_color(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    index: u32,
    mask: HSclearColorMask,
    value: impl FnOnce() -> CapiResult<ClearValue>,
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            let target = u8::try_from(index)
                .map_err(|_| CapiError::OutOfRange(format!("colour target {index}")))?;
            recording
                .buffer()
                .clear_color(target, value()?, component_mask(mask)?)?;
            Ok(())
        })
    }
}

/// Clears colour target `index` to `color[0..4]` (float formats).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearColor(
    command_buffer: *const HSCommandBuffer,
    index: u32,
    color: *const f32,
    mask: HSclearColorMask,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        clear_color(
            "hsCommandBufferClearColor",
            command_buffer,
            index,
            mask,
            || {
                let values = check_array(color, 4, 4, "color")?;
                Ok(ClearValue::Float([
                    values[0], values[1], values[2], values[3],
                ]))
            },
        )
    }
}

/// Clears colour target `index` to `color[0..4]` (signed integer formats).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearColori(
    command_buffer: *const HSCommandBuffer,
    index: u32,
    color: *const i32,
    mask: HSclearColorMask,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        clear_color(
            "hsCommandBufferClearColori",
            command_buffer,
            index,
            mask,
            || {
                let values = check_array(color, 4, 4, "color")?;
                Ok(ClearValue::Int([
                    values[0], values[1], values[2], values[3],
                ]))
            },
        )
    }
}

/// Clears colour target `index` to `color[0..4]` (unsigned integer formats).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearColorui(
    command_buffer: *const HSCommandBuffer,
    index: u32,
    color: *const u32,
    mask: HSclearColorMask,
) -> HSresult {
    // SAFETY: the header's contract for objects and arrays.
    unsafe {
        clear_color(
            "hsCommandBufferClearColorui",
            command_buffer,
            index,
            mask,
            || {
                let values = check_array(color, 4, 4, "color")?;
                Ok(ClearValue::Uint([
                    values[0], values[1], values[2], values[3],
                ]))
            },
        )
    }
}

/// Clears the depth/stencil target: depth to `depth` if `depth_mask` is 1, the stencil
/// bits in `stencil_mask` to `stencil`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearDepthStencil(
    command_buffer: *const HSCommandBuffer,
    depth: f32,
    depth_mask: u32,
    stencil: u32,
    stencil_mask: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferClearDepthStencil",
            command_buffer,
            move |_, recording| {
                let write_depth = crate::builder::boolean(depth_mask, "depth_mask")?;
                let stencil_mask = u8::try_from(stencil_mask)
                    .map_err(|_| CapiError::argument("stencil_mask is past 8 bits"))?;
                let stencil = u8::try_from(stencil)
                    .map_err(|_| CapiError::argument("stencil is past 8 bits"))?;
                recording.buffer().clear_depth_stencil(
                    write_depth.then_some(depth),
                    (stencil_mask != 0).then_some(stencil),
                    stencil_mask,
                )?;
                Ok(())
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindProgram(
    command_buffer: *const HSCommandBuffer,
    program: *const HSProgram,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferBindProgram",
            command_buffer,
            move |device, recording| {
                let state = resolve(program, "program")?;
                device.check_same(&state.device, "the program")?;
                let id = (*state.id.lock()).ok_or_else(|| {
                    CapiError::Refused("the program has no shaders (hsProgramSetShaders)".into())
                })?;
                recording.buffer().bind_program(id)?;
                Ok(())
            },
        )
    }
}

/// NVN's `SetTexturePool`: the texture pool texture and image handles index. It stays in
/// force on the queue for later lists; the sampler pool is set on its own and may come
/// from an earlier list.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetTexturePool(
    command_buffer: *const HSCommandBuffer,
    pool: *const HSTexturePool,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferSetTexturePool",
            command_buffer,
            move |device, recording| {
                let state = resolve(pool, "texture pool")?;
                device.check_same(&state.device, "the texture pool")?;
                recording.buffer().bind_texture_table(state.id)?;
                Ok(())
            },
        )
    }
}

/// NVN's `SetSamplerPool`: the sampler pool texture handles index, set on its own as the
/// texture pool is.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetSamplerPool(
    command_buffer: *const HSCommandBuffer,
    pool: *const HSSamplerPool,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferSetSamplerPool",
            command_buffer,
            move |device, recording| {
                let state = resolve(pool, "sampler pool")?;
                device.check_same(&state.device, "the sampler pool")?;
                recording.buffer().bind_sampler_table(state.id)?;
                Ok(())
            },
        )
    }
}

/// NVN's inline uniform update: `size_b` bytes of `data` (at most 65536, a multiple of
/// 4) written into `buffer` at `offset_b` when the list reaches this point. Draws recorded
/// after it see them, draws before it do not, and the pool's storage holds them after the
/// fence. `data` is copied now.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferUpdateUniformBuffer(
    command_buffer: *const HSCommandBuffer,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
    data: *const std::ffi::c_void,
) -> HSresult {
    // SAFETY: the header's contract for objects and for `data`'s `size_b` bytes.
    unsafe {
        with_recording(
            "hsCommandBufferUpdateUniformBuffer",
            command_buffer,
            move |device, recording| {
                let bytes = crate::pool::bytes_in(
                    data,
                    size_b,
                    gpu::command::verbs::MAX_UNIFORM_UPDATE_B as u64,
                    "data",
                )?;
                let buffer = recording.buffer_id(device, buffer, "buffer")?;
                recording
                    .buffer()
                    .update_uniform_buffer(buffer, offset_b, bytes)?;
                Ok(())
            },
        )
    }
}

/// Binds `size_b` bytes of `buffer` from `offset_b` as vertex stream `stream`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindVertexBuffer(
    command_buffer: *const HSCommandBuffer,
    stream: u32,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { bind_entry::<VertexBind>(command_buffer, stream, 0, buffer, offset_b, size_b) }
}

/// Binds the index buffer `hsCommandBufferDrawElements` reads.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindIndexBuffer(
    command_buffer: *const HSCommandBuffer,
    index_type: HSindexType,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { bind_entry::<IndexBind>(command_buffer, index_type, 0, buffer, offset_b, size_b) }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindUniformBuffer(
    command_buffer: *const HSCommandBuffer,
    stage: HSshaderStage,
    slot: u32,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { bind_entry::<UniformBind>(command_buffer, stage, slot, buffer, offset_b, size_b) }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindStorageBuffer(
    command_buffer: *const HSCommandBuffer,
    stage: HSshaderStage,
    slot: u32,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { bind_entry::<StorageBind>(command_buffer, stage, slot, buffer, offset_b, size_b) }
}

/// What a buffer bind's entry point binds: its name, and the binding its two arguments
/// make (a stage and a slot; a stream or an index type, and 0).
pub(crate) trait BufferBindKind {
    const FUNCTION: &'static str;
    /// The binding, `None` where the arguments make none (for the short way, which
    /// builds no failure).
    fn known(first: u32, second: u32) -> Option<BufferBinding>;
    /// The binding, or what is wrong with the arguments (for the full way).
    fn checked(first: u32, second: u32) -> CapiResult<BufferBinding>;
}

pub(crate) struct VertexBind;
pub(crate) struct IndexBind;
/// A stage's uniform (`STORAGE` false) or storage buffer slot.
pub(crate) struct StageBind<const STORAGE: bool>;
pub(crate) type UniformBind = StageBind<false>;
pub(crate) type StorageBind = StageBind<true>;

impl BufferBindKind for VertexBind {
    const FUNCTION: &'static str = "hsCommandBufferBindVertexBuffer";
    #[inline(always)]
    fn known(stream: u32, _: u32) -> Option<BufferBinding> {
        let stream = u8::try_from(stream).ok()?;
        Some(BufferBinding::Vertex { stream })
    }
    fn checked(stream: u32, _: u32) -> CapiResult<BufferBinding> {
        let stream = u8::try_from(stream)
            .map_err(|_| CapiError::OutOfRange(format!("vertex stream {stream}")))?;
        Ok(BufferBinding::Vertex { stream })
    }
}

impl BufferBindKind for IndexBind {
    const FUNCTION: &'static str = "hsCommandBufferBindIndexBuffer";
    #[inline(always)]
    fn known(index_type: u32, _: u32) -> Option<BufferBinding> {
        let index_type = known_code(index_type)?;
        Some(BufferBinding::Index { index_type })
    }
    fn checked(index_type: u32, _: u32) -> CapiResult<BufferBinding> {
        let index_type = coded::<IndexType>(index_type, "index_type")?;
        Ok(BufferBinding::Index { index_type })
    }
}

impl<const STORAGE: bool> BufferBindKind for StageBind<STORAGE> {
    const FUNCTION: &'static str = match STORAGE {
        false => "hsCommandBufferBindUniformBuffer",
        true => "hsCommandBufferBindStorageBuffer",
    };
    #[inline(always)]
    fn known(stage: u32, slot: u32) -> Option<BufferBinding> {
        let (stage, slot) = known_stage_slot(stage, slot)?;
        Some(Self::binding(stage, slot))
    }
    fn checked(stage: u32, slot: u32) -> CapiResult<BufferBinding> {
        let what = if STORAGE { "storage" } else { "uniform" };
        let (stage, slot) = stage_slot(stage, slot, what)?;
        Ok(Self::binding(stage, slot))
    }
}

impl<const STORAGE: bool> StageBind<STORAGE> {
    #[inline(always)]
    fn binding(stage: Stage, slot: u8) -> BufferBinding {
        match STORAGE {
            false => BufferBinding::Uniform { stage, slot },
            true => BufferBinding::Storage { stage, slot },
        }
    }
}

/// A buffer bind's entry point: its short way (`Recording::try_bind_buffer`) in line,
/// else a jump to its full way. Generic over the kind, so each entry point has its own
/// short way, in line (one shared by four entry points was kept out of line, with a
/// frame).
///
/// # Safety
/// The header's contract for objects.
#[inline(always)]
unsafe fn bind_entry<K: BufferBindKind>(
    command_buffer: *const HSCommandBuffer,
    first: u32,
    second: u32,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    let record = move |recording: &mut Recording| {
        K::known(first, second)
            .is_some_and(|binding| recording.try_bind_buffer(binding, buffer, offset_b, size_b))
    };
    // SAFETY: passed on from the caller.
    unsafe { short_way(K::FUNCTION, command_buffer, record) }.unwrap_or_else(|| {
        // SAFETY: passed on from the caller.
        unsafe { bind_full::<K>(command_buffer, first, second, buffer, offset_b, size_b) }
    })
}

/// A buffer bind's full way: every check, and the failure reported.
///
/// # Safety
/// The header's contract for objects.
#[inline(never)]
unsafe extern "C" fn bind_full<K: BufferBindKind>(
    command_buffer: *const HSCommandBuffer,
    first: u32,
    second: u32,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(K::FUNCTION, command_buffer, move |device, recording| {
            let range = recording.buffer_range(device, buffer, "buffer", offset_b, size_b)?;
            recording
                .buffer()
                .bind_buffer(K::checked(first, second)?, range)?;
            Ok(())
        })
    }
}

/// Binds texture handle `handle` (`hsDeviceGetTextureHandle`) at texture slot `slot`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindTexture(
    command_buffer: *const HSCommandBuffer,
    stage: HSshaderStage,
    slot: u32,
    handle: u64,
) -> HSresult {
    let record = move |recording: &mut Recording| {
        known_stage_slot(stage, slot).is_some_and(|(stage, slot)| {
            recording.try_bind_texture(stage, slot, TextureHandle::from_bits(handle))
        })
    };
    // SAFETY: the header's contract for objects; the full way is this entry point's.
    unsafe { short_way("hsCommandBufferBindTexture", command_buffer, record) }
        .unwrap_or_else(|| unsafe { bind_texture(command_buffer, stage, slot, handle) })
}

/// `hsCommandBufferBindTexture`'s full way.
#[inline(never)]
unsafe extern "C" fn bind_texture(
    command_buffer: *const HSCommandBuffer,
    stage: HSshaderStage,
    slot: u32,
    handle: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferBindTexture",
            command_buffer,
            move |_, recording| {
                let (stage, slot) = stage_slot(stage, slot, "texture")?;
                recording
                    .buffer()
                    .bind_texture(stage, slot, TextureHandle::from_bits(handle))?;
                Ok(())
            },
        )
    }
}

/// Binds image handle `handle` (`hsDeviceGetImageHandle`) at image slot `slot`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindImage(
    command_buffer: *const HSCommandBuffer,
    stage: HSshaderStage,
    slot: u32,
    handle: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferBindImage",
            command_buffer,
            move |_, recording| {
                let (stage, slot) = stage_slot(stage, slot, "image")?;
                let texture_slot = u32::try_from(handle)
                    .ok()
                    .filter(|&slot| slot < gpu::objects::descriptor::MAX_TEXTURE_SLOTS)
                    .ok_or_else(|| {
                        CapiError::argument(format!("{handle:#x} is no image handle"))
                    })?;
                recording
                    .buffer()
                    .bind_image(stage, slot, ImageHandle { texture_slot })?;
                Ok(())
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDrawArrays(
    command_buffer: *const HSCommandBuffer,
    primitive: HSdrawPrimitive,
    first_vertex: u32,
    vertex_count: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects; the full way is this entry point's.
    unsafe {
        short_draw::<false>(
            "hsCommandBufferDrawArrays",
            command_buffer,
            primitive,
            [first_vertex, vertex_count, 0, 1],
        )
    }
    .unwrap_or_else(|| unsafe {
        draw_arrays_full(command_buffer, primitive, first_vertex, vertex_count)
    })
}

/// `hsCommandBufferDrawArrays`'s full way.
#[inline(never)]
unsafe extern "C" fn draw_arrays_full(
    command_buffer: *const HSCommandBuffer,
    primitive: HSdrawPrimitive,
    first_vertex: u32,
    vertex_count: u32,
) -> HSresult {
    // SAFETY: passed on.
    unsafe {
        draw_arrays::<false>(
            "hsCommandBufferDrawArrays",
            command_buffer,
            primitive,
            [first_vertex, vertex_count, 0, 1],
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDrawArraysInstanced(
    command_buffer: *const HSCommandBuffer,
    primitive: HSdrawPrimitive,
    first_vertex: u32,
    vertex_count: u32,
    first_instance: u32,
    instance_count: u32,
) -> HSresult {
    let draw = [first_vertex, vertex_count, first_instance, instance_count];
    // SAFETY: the header's contract for objects; the full way is this entry point's.
    unsafe {
        short_draw::<true>(
            "hsCommandBufferDrawArraysInstanced",
            command_buffer,
            primitive,
            draw,
        )
    }
    .unwrap_or_else(|| unsafe {
        draw_arrays_instanced(
            command_buffer,
            primitive,
            first_vertex,
            vertex_count,
            first_instance,
            instance_count,
        )
    })
}

/// `hsCommandBufferDrawArraysInstanced`'s full way.
#[inline(never)]
unsafe extern "C" fn draw_arrays_instanced(
    command_buffer: *const HSCommandBuffer,
    primitive: HSdrawPrimitive,
    first_vertex: u32,
    vertex_count: u32,
    first_instance: u32,
    instance_count: u32,
) -> HSresult {
    // SAFETY: passed on.
    unsafe {
        draw_arrays::<true>(
            "hsCommandBufferDrawArraysInstanced",
            command_buffer,
            primitive,
            [first_vertex, vertex_count, first_instance, instance_count],
        )
    }
}

/// A direct draw's short way (`Recording::try_draw`), where `primitive` is one. Generic
/// over the entry point (`INSTANCED`), as `draw_arrays` is, so each has its own, in line.
///
/// # Safety
/// The header's contract for objects.
#[inline(always)]
unsafe fn short_draw<const INSTANCED: bool>(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    primitive: HSdrawPrimitive,
    [first_vertex, vertex_count, first_instance, instance_count]: [u32; 4],
) -> Option<HSresult> {
    // SAFETY: passed on from the caller.
    unsafe {
        short_way(function, command_buffer, move |recording| {
            let draw = known_code(primitive).map(|primitive| DrawArrays {
                primitive,
                first_vertex,
                vertex_count,
                first_instance,
                instance_count,
            });
            draw.is_some_and(|draw| recording.try_draw(draw))
        })
    }
}

/// Records a draw of the caller's `primitive` and `[first_vertex, vertex_count,
/// first_instance, instance_count]`, checked. Inlined, and the draw made where it is
/// recorded: a draw built by one call and read whole by the next waits for its stores.
/// Generic over the entry point (`INSTANCED`) so that each has a frame of its own: the
/// body's closure and its panic guard are then called from one place and inlined (with
/// one closure type for both, the guard's call of it was kept out of line).
///
/// # Safety
/// The header's contract for objects.
#[inline(always)]
unsafe fn draw_arrays<const INSTANCED: bool>(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    primitive: HSdrawPrimitive,
    [first_vertex, vertex_count, first_instance, instance_count]: [u32; 4],
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            let primitive = coded::<PrimitiveKind>(primitive, "primitive")?;
            recording.buffer().draw(DrawArrays {
                primitive,
                first_vertex,
                vertex_count,
                first_instance,
                instance_count,
            })?;
            Ok(())
        })
    }
}

/// Draws `index_count` indices of the bound index buffer from `first_index`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDrawElements(
    command_buffer: *const HSCommandBuffer,
    primitive: HSdrawPrimitive,
    first_index: u32,
    index_count: u32,
    base_vertex: i32,
    first_instance: u32,
    instance_count: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferDrawElements",
            command_buffer,
            move |_, recording| {
                recording.buffer().draw_indexed(DrawIndexed {
                    primitive: coded(primitive, "primitive")?,
                    first_index,
                    index_count,
                    base_vertex,
                    first_instance,
                    instance_count,
                })?;
                Ok(())
            },
        )
    }
}

/// `draw_count` draws whose arguments the GPU reads from `buffer` at `offset_b`,
/// `stride_b` apart (Vulkan's indirect command layouts); `indexed` 1 for elements.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDrawIndirect(
    command_buffer: *const HSCommandBuffer,
    primitive: HSdrawPrimitive,
    indexed: u32,
    buffer: *const HSBuffer,
    offset_b: u64,
    draw_count: u32,
    stride_b: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferDrawIndirect",
            command_buffer,
            move |device, recording| {
                recording.buffer().draw_indirect(DrawIndirect {
                    primitive: coded(primitive, "primitive")?,
                    indexed: crate::builder::boolean(indexed, "indexed")?,
                    buffer: buffer_of(device, buffer, "buffer")?,
                    offset_b,
                    draw_count,
                    stride_b,
                })?;
                Ok(())
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDispatchCompute(
    command_buffer: *const HSCommandBuffer,
    groups_x: u32,
    groups_y: u32,
    groups_z: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferDispatchCompute",
            command_buffer,
            move |_, recording| {
                recording
                    .buffer()
                    .dispatch([groups_x, groups_y, groups_z])?;
                Ok(())
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDispatchComputeIndirect(
    command_buffer: *const HSCommandBuffer,
    buffer: *const HSBuffer,
    offset_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferDispatchComputeIndirect",
            command_buffer,
            move |device, recording| {
                let buffer = buffer_of(device, buffer, "buffer")?;
                recording.buffer().dispatch_indirect(buffer, offset_b)?;
                Ok(())
            },
        )
    }
}

unsafe fn copy(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    op: impl FnOnce(&DeviceState) -> CapiResult<CopyOp>,
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(function, command_buffer, move |device, recording| {
            let op = op(device)?;
            recording.buffer().copy(op)?;
            Ok(())
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferCopyBufferToBuffer(
    command_buffer: *const HSCommandBuffer,
    source: *const HSBuffer,
    source_offset_b: u64,
    destination: *const HSBuffer,
    destination_offset_b: u64,
    size_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        copy(
            "hsCommandBufferCopyBufferToBuffer",
            command_buffer,
            |device| {
                Ok(CopyOp::BufferToBuffer {
                    source: buffer_of(device, source, "source")?,
                    source_offset_b,
                    destination: buffer_of(device, destination, "destination")?,
                    destination_offset_b,
                    size_b,
                })
            },
        )
    }
}

/// Texels in `buffer` from `offset_b`, checked to be of `device`.
unsafe fn buffer_image(
    device: &DeviceState,
    buffer: *const HSBuffer,
    offset_b: u64,
    row_pitch_b: u32,
    rows_per_image: u32,
) -> CapiResult<BufferImage> {
    Ok(BufferImage {
        // SAFETY: passed on from the caller.
        buffer: unsafe { buffer_of(device, buffer, "buffer") }?,
        offset_b,
        row_pitch_b,
        rows_per_image,
    })
}

/// A region of `level` of `texture`, checked to be of `device`.
pub(crate) unsafe fn region_of(
    device: &DeviceState,
    texture: *const HSTexture,
    level: u32,
    region: *const HSCopyRegion,
    arg: &str,
) -> CapiResult<TextureRegion> {
    // SAFETY: passed on from the caller.
    let state = unsafe { resolve(texture, arg) }?;
    device.check_same(&state.device, arg)?;
    let region = unsafe { check_struct(region, "region") }?;
    Ok(TextureRegion {
        texture: state.id,
        level,
        x_px: region.x_px,
        y_px: region.y_px,
        z: region.z,
        width_px: region.width_px,
        height_px: region.height_px,
        depth: region.depth,
    })
}

/// Texels from `buffer` at `offset_b` (rows `row_pitch_b` apart, images `rows_per_image`
/// rows apart; 0: tight) into `region` of `level` of `texture`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferCopyBufferToTexture(
    command_buffer: *const HSCommandBuffer,
    buffer: *const HSBuffer,
    offset_b: u64,
    row_pitch_b: u32,
    rows_per_image: u32,
    texture: *const HSTexture,
    level: u32,
    region: *const HSCopyRegion,
) -> HSresult {
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        copy(
            "hsCommandBufferCopyBufferToTexture",
            command_buffer,
            |device| {
                Ok(CopyOp::BufferToTexture {
                    source: buffer_image(device, buffer, offset_b, row_pitch_b, rows_per_image)?,
                    destination: region_of(device, texture, level, region, "texture")?,
                })
            },
        )
    }
}

/// `region` of `level` of `texture` into `buffer` at `offset_b` (pitches as above).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferCopyTextureToBuffer(
    command_buffer: *const HSCommandBuffer,
    texture: *const HSTexture,
    level: u32,
    region: *const HSCopyRegion,
    buffer: *const HSBuffer,
    offset_b: u64,
    row_pitch_b: u32,
    rows_per_image: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        copy(
            "hsCommandBufferCopyTextureToBuffer",
            command_buffer,
            |device| {
                Ok(CopyOp::TextureToBuffer {
                    source: region_of(device, texture, level, region, "texture")?,
                    destination: buffer_image(
                        device,
                        buffer,
                        offset_b,
                        row_pitch_b,
                        rows_per_image,
                    )?,
                })
            },
        )
    }
}

/// A copy between textures; regions of other sizes scale (`linear_filter` 1: linearly).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferCopyTextureToTexture(
    command_buffer: *const HSCommandBuffer,
    source: *const HSTexture,
    source_level: u32,
    source_region: *const HSCopyRegion,
    destination: *const HSTexture,
    destination_level: u32,
    destination_region: *const HSCopyRegion,
    linear_filter: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        copy(
            "hsCommandBufferCopyTextureToTexture",
            command_buffer,
            |device| {
                Ok(CopyOp::TextureToTexture {
                    source: region_of(device, source, source_level, source_region, "source")?,
                    destination: region_of(
                        device,
                        destination,
                        destination_level,
                        destination_region,
                        "destination",
                    )?,
                    linear_filter: crate::builder::boolean(linear_filter, "linear_filter")?,
                })
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBarrier(
    command_buffer: *const HSCommandBuffer,
    bits: HSbarrierBits,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferBarrier",
            command_buffer,
            move |_, recording| {
                let order = BarrierOrder::from_bits(bits & 0xff);
                let invalidate = Invalidate::from_bits(bits >> 8);
                let (Some(order), Some(invalidate)) = (order, invalidate) else {
                    return Err(CapiError::argument(format!(
                        "barrier bits {bits:#x} has unknown bits"
                    )));
                };
                recording.buffer().barrier(order, invalidate)?;
                Ok(())
            },
        )
    }
}

/// Signals `sync` once the work before it reaches `condition`; `flush` 1 sends the work
/// on without waiting for a queue flush.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferFenceSync(
    command_buffer: *const HSCommandBuffer,
    sync: *const HSSync,
    condition: HSsyncCondition,
    flush: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferFenceSync",
            command_buffer,
            move |device, recording| {
                let state = resolve(sync, "sync")?;
                device.check_same(&state.device, "the sync")?;
                recording.buffer().signal_sync(
                    state.id,
                    coded(condition, "condition")?,
                    crate::builder::boolean(flush, "flush")?,
                )?;
                Ok(())
            },
        )
    }
}

/// Makes the work after it wait for the last signal of `sync` issued before it.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferWaitSync(
    command_buffer: *const HSCommandBuffer,
    sync: *const HSSync,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferWaitSync",
            command_buffer,
            move |device, recording| {
                let state = resolve(sync, "sync")?;
                device.check_same(&state.device, "the sync")?;
                recording.buffer().wait_sync(state.id)?;
                Ok(())
            },
        )
    }
}

/// Colour target `index`'s contents are no longer needed.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDiscardColor(
    command_buffer: *const HSCommandBuffer,
    index: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferDiscardColor",
            command_buffer,
            move |_, recording| {
                let index = u8::try_from(index)
                    .map_err(|_| CapiError::OutOfRange(format!("colour target {index}")))?;
                recording.buffer().discard(DiscardTarget::Color(index))?;
                Ok(())
            },
        )
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDiscardDepthStencil(
    command_buffer: *const HSCommandBuffer,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferDiscardDepthStencil",
            command_buffer,
            move |_, recording| {
                recording.buffer().discard(DiscardTarget::DepthStencil)?;
                Ok(())
            },
        )
    }
}

//! NVN's address forms of the commands other than the binds (`addresses`): indirect
//! draws and dispatches, buffer copies, buffer-texture copies, buffer clears, counter and
//! value reports, conditional render, inline uniform updates and transform feedback
//! buffers, each in NVN's argument order. An address in no live pool, or a range past its
//! pool's end or across two pools, is refused naming the address and the nearest pool.

use gpu::address::GpuAddress;
use gpu::command::TransformFeedbackVerb;

use crate::addresses::HSgpuAddress;
use crate::builder::{boolean, coded};
use crate::command_buffer::with_recording;
use crate::commands::{region_of, HSCopyRegion, HSdrawPrimitive};
use crate::counters::{counter, HSconditionalRenderMode, HScounter};
use crate::objects::{HSCommandBuffer, HSTexture};
use crate::result::{CapiError, HSresult};

/// NVN's `DrawArraysIndirect` (`indexed` 0) and `DrawElementsIndirect` (`indexed` 1,
/// with the index buffer bound): `draw_count` argument records `stride_b` apart from
/// `address`, laid out as in `hsCommandBufferDrawIndirect`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDrawIndirectAddress(
    command_buffer: *const HSCommandBuffer,
    primitive: HSdrawPrimitive,
    indexed: u32,
    address: HSgpuAddress,
    draw_count: u32,
    stride_b: u32,
) -> HSresult {
    let function = "hsCommandBufferDrawIndirectAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            let primitive = coded(primitive, "primitive")?;
            let indexed = boolean(indexed, "indexed")?;
            recording.buffer().draw_indirect_address(
                primitive,
                indexed,
                GpuAddress(address),
                draw_count,
                stride_b,
            )?;
            Ok(())
        })
    }
}

/// NVN's `DispatchComputeIndirect`: the three group counts at `address`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferDispatchComputeIndirectAddress(
    command_buffer: *const HSCommandBuffer,
    address: HSgpuAddress,
) -> HSresult {
    let function = "hsCommandBufferDispatchComputeIndirectAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            recording
                .buffer()
                .dispatch_indirect_address(GpuAddress(address))?;
            Ok(())
        })
    }
}

/// NVN's `CopyBufferToBuffer`: `size_b` bytes from `source` to `destination`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferCopyBufferToBufferAddress(
    command_buffer: *const HSCommandBuffer,
    source: HSgpuAddress,
    destination: HSgpuAddress,
    size_b: u64,
) -> HSresult {
    let function = "hsCommandBufferCopyBufferToBufferAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            recording.buffer().copy_buffer_address(
                GpuAddress(source),
                GpuAddress(destination),
                size_b,
            )?;
            Ok(())
        })
    }
}

/// NVN's `CopyBufferToTexture`: texels at `address` (rows `row_pitch_b` apart, images
/// `rows_per_image` rows apart; 0: tight) into `region` of `level` of `texture`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferCopyBufferToTextureAddress(
    command_buffer: *const HSCommandBuffer,
    address: HSgpuAddress,
    row_pitch_b: u32,
    rows_per_image: u32,
    texture: *const HSTexture,
    level: u32,
    region: *const HSCopyRegion,
) -> HSresult {
    let function = "hsCommandBufferCopyBufferToTextureAddress";
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        with_recording(function, command_buffer, move |device, recording| {
            let destination = region_of(device, texture, level, region, "texture")?;
            recording.buffer().copy_buffer_to_texture_address(
                GpuAddress(address),
                row_pitch_b,
                rows_per_image,
                destination,
            )?;
            Ok(())
        })
    }
}

/// NVN's `CopyTextureToBuffer`: `region` of `level` of `texture` to `address` (pitches
/// as above).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferCopyTextureToBufferAddress(
    command_buffer: *const HSCommandBuffer,
    texture: *const HSTexture,
    level: u32,
    region: *const HSCopyRegion,
    address: HSgpuAddress,
    row_pitch_b: u32,
    rows_per_image: u32,
) -> HSresult {
    let function = "hsCommandBufferCopyTextureToBufferAddress";
    // SAFETY: the header's contract for objects and plain structs.
    unsafe {
        with_recording(function, command_buffer, move |device, recording| {
            let source = region_of(device, texture, level, region, "texture")?;
            recording.buffer().copy_texture_to_buffer_address(
                source,
                GpuAddress(address),
                row_pitch_b,
                rows_per_image,
            )?;
            Ok(())
        })
    }
}

/// NVN's `ClearBuffer`: `size_b` bytes at `address` hold `value` repeated.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearBufferAddress(
    command_buffer: *const HSCommandBuffer,
    address: HSgpuAddress,
    size_b: u64,
    value: u32,
) -> HSresult {
    let function = "hsCommandBufferClearBufferAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            recording
                .buffer()
                .clear_buffer_address(GpuAddress(address), size_b, value)?;
            Ok(())
        })
    }
}

/// NVN's `ReportCounter`: the counter's value and the GPU time into 16 bytes at
/// `address` (a multiple of 16).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferReportCounterAddress(
    command_buffer: *const HSCommandBuffer,
    counter_kind: HScounter,
    address: HSgpuAddress,
) -> HSresult {
    let function = "hsCommandBufferReportCounterAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            let counter = counter(counter_kind)?;
            recording
                .buffer()
                .report_counter_address(counter, GpuAddress(address))?;
            Ok(())
        })
    }
}

/// NVN's `ReportValue`: `value` into 4 bytes at `address` (a multiple of 4).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferReportValueAddress(
    command_buffer: *const HSCommandBuffer,
    value: u32,
    address: HSgpuAddress,
) -> HSresult {
    let function = "hsCommandBufferReportValueAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            recording
                .buffer()
                .report_value_address(value, GpuAddress(address))?;
            Ok(())
        })
    }
}

/// NVN's `SetRenderEnableConditional`: the two 16-byte reports at `address`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetRenderEnableConditionalAddress(
    command_buffer: *const HSCommandBuffer,
    mode: HSconditionalRenderMode,
    address: HSgpuAddress,
) -> HSresult {
    let function = "hsCommandBufferSetRenderEnableConditionalAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            let mode = gpu::command::ConditionalRender::from_raw(mode).ok_or_else(|| {
                CapiError::argument(format!("mode: {mode} is no HS_CONDITIONAL_RENDER_MODE_*"))
            })?;
            recording
                .buffer()
                .set_render_enable_conditional_address(mode, GpuAddress(address))?;
            Ok(())
        })
    }
}

/// NVN's `UpdateUniformBuffer`: `update_size_b` bytes of `data` into the uniform buffer
/// of `buffer_size_b` bytes at `address`, from `update_offset_b` in it, when the list
/// reaches this point.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferUpdateUniformBufferAddress(
    command_buffer: *const HSCommandBuffer,
    address: HSgpuAddress,
    buffer_size_b: u64,
    update_offset_b: u64,
    update_size_b: u64,
    data: *const std::ffi::c_void,
) -> HSresult {
    let function = "hsCommandBufferUpdateUniformBufferAddress";
    // SAFETY: the header's contract for objects and for `data`'s `update_size_b` bytes.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            let bytes = crate::pool::bytes_in(
                data,
                update_size_b,
                gpu::command::verbs::MAX_UNIFORM_UPDATE_B as u64,
                "data",
            )?;
            recording.buffer().update_uniform_buffer_address(
                GpuAddress(address),
                buffer_size_b,
                update_offset_b,
                bytes,
            )?;
            Ok(())
        })
    }
}

/// NVN's `BindTransformFeedbackBuffer`: capture buffer `index` is `size_b` bytes at
/// `address`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindTransformFeedbackBufferAddress(
    command_buffer: *const HSCommandBuffer,
    index: u32,
    address: HSgpuAddress,
    size_b: u64,
) -> HSresult {
    let function = "hsCommandBufferBindTransformFeedbackBufferAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            let index = u8::try_from(index)
                .map_err(|_| CapiError::OutOfRange(format!("transform feedback buffer {index}")))?;
            recording.buffer().bind_transform_feedback_buffer_address(
                index,
                GpuAddress(address),
                size_b,
            )?;
            Ok(())
        })
    }
}

/// A transform feedback verb with its control buffer at `address`.
unsafe fn transform_feedback_address(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    verb: TransformFeedbackVerb,
    address: HSgpuAddress,
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(function, command_buffer, move |_, recording| {
            recording
                .buffer()
                .transform_feedback_address(verb, GpuAddress(address))?;
            Ok(())
        })
    }
}

/// NVN's `BeginTransformFeedback`: capturing starts; the control buffer is at `address`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBeginTransformFeedbackAddress(
    command_buffer: *const HSCommandBuffer,
    address: HSgpuAddress,
) -> HSresult {
    let function = "hsCommandBufferBeginTransformFeedbackAddress";
    let verb = TransformFeedbackVerb::Begin;
    // SAFETY: the header's contract for objects.
    unsafe { transform_feedback_address(function, command_buffer, verb, address) }
}

/// NVN's `PauseTransformFeedback`: the byte counts go to the control buffer at `address`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferPauseTransformFeedbackAddress(
    command_buffer: *const HSCommandBuffer,
    address: HSgpuAddress,
) -> HSresult {
    let function = "hsCommandBufferPauseTransformFeedbackAddress";
    let verb = TransformFeedbackVerb::Pause;
    // SAFETY: the header's contract for objects.
    unsafe { transform_feedback_address(function, command_buffer, verb, address) }
}

/// NVN's `ResumeTransformFeedback`: capturing goes on from the byte counts at `address`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferResumeTransformFeedbackAddress(
    command_buffer: *const HSCommandBuffer,
    address: HSgpuAddress,
) -> HSresult {
    let function = "hsCommandBufferResumeTransformFeedbackAddress";
    let verb = TransformFeedbackVerb::Resume;
    // SAFETY: the header's contract for objects.
    unsafe { transform_feedback_address(function, command_buffer, verb, address) }
}

/// NVN's `EndTransformFeedback`: the byte counts go to the control buffer at `address`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferEndTransformFeedbackAddress(
    command_buffer: *const HSCommandBuffer,
    address: HSgpuAddress,
) -> HSresult {
    let function = "hsCommandBufferEndTransformFeedbackAddress";
    let verb = TransformFeedbackVerb::End;
    // SAFETY: the header's contract for objects.
    unsafe { transform_feedback_address(function, command_buffer, verb, address) }
}

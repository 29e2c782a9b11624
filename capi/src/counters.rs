//! NVN's counters and render enable in the C ABI: `hsCommandBufferReportCounter` (a 16-byte report, the
//! 64-bit value then the 64-bit timestamp in 19.2 MHz ticks, little-endian, at a
//! 16-byte-aligned address, readable after the fence), `hsCommandBufferReportValue` (4
//! bytes) and `hsCommandBufferResetCounter`. Counter numbers are NVN's; a counter the
//! device cannot give is refused when recorded (`HS_ERROR_REFUSED`).
//! `hsCommandBufferSetRenderEnable` and `hsCommandBufferSetRenderEnableConditional`
//! (on two reports' values) turn later draws and clears on or off.

use gpu::command::Counter;

use crate::command_buffer::with_recording;
use crate::objects::{HSBuffer, HSCommandBuffer};
use crate::result::{CapiError, CapiResult, HSresult};

pub type HScounter = u32;
pub const HS_COUNTER_TIMESTAMP_PIPELINE_TOP: HScounter = 0;
pub const HS_COUNTER_TIMESTAMP: HScounter = 1;
pub const HS_COUNTER_SAMPLES_PASSED: HScounter = 2;
pub const HS_COUNTER_ZCULL_STATS: HScounter = 3;
pub const HS_COUNTER_INPUT_VERTICES: HScounter = 4;
pub const HS_COUNTER_INPUT_PRIMITIVES: HScounter = 5;
pub const HS_COUNTER_VERTEX_SHADER_INVOCATIONS: HScounter = 6;
pub const HS_COUNTER_TESS_CONTROL_SHADER_INVOCATIONS: HScounter = 7;
pub const HS_COUNTER_TESS_EVALUATION_SHADER_INVOCATIONS: HScounter = 8;
pub const HS_COUNTER_GEOMETRY_SHADER_INVOCATIONS: HScounter = 9;
pub const HS_COUNTER_FRAGMENT_SHADER_INVOCATIONS: HScounter = 10;
pub const HS_COUNTER_TESS_EVALUATION_SHADER_PRIMITIVES: HScounter = 11;
pub const HS_COUNTER_GEOMETRY_SHADER_PRIMITIVES: HScounter = 12;
pub const HS_COUNTER_CLIPPER_INPUT_PRIMITIVES: HScounter = 13;
pub const HS_COUNTER_CLIPPER_OUTPUT_PRIMITIVES: HScounter = 14;
pub const HS_COUNTER_PRIMITIVES_GENERATED: HScounter = 15;
pub const HS_COUNTER_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: HScounter = 16;

pub(crate) fn counter(raw: HScounter) -> CapiResult<Counter> {
    Counter::from_raw(raw)
        .ok_or_else(|| CapiError::argument(format!("counter: {raw} is no HS_COUNTER_*")))
}

/// Writes `counter`'s value and the GPU time into 16 bytes of `buffer` at `offset_b`
/// once the work recorded before it has completed; the CPU reads them from the pool after
/// a fence that follows. Accumulating counters count from their last reset (or from the
/// first command buffer that used them).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferReportCounter(
    command_buffer: *const HSCommandBuffer,
    counter_kind: HScounter,
    buffer: *const HSBuffer,
    offset_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferReportCounter",
            command_buffer,
            move |device, recording| {
                let counter = counter(counter_kind)?;
                let buffer = recording.buffer_id(device, buffer, "buffer")?;
                recording
                    .buffer()
                    .report_counter(counter, buffer, offset_b)?;
                Ok(())
            },
        )
    }
}

/// Writes `value` into 4 bytes of `buffer` at `offset_b` (a 4-byte-aligned address), in
/// order with the work around it.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferReportValue(
    command_buffer: *const HSCommandBuffer,
    value: u32,
    buffer: *const HSBuffer,
    offset_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferReportValue",
            command_buffer,
            move |device, recording| {
                let buffer = recording.buffer_id(device, buffer, "buffer")?;
                recording.buffer().report_value(value, buffer, offset_b)?;
                Ok(())
            },
        )
    }
}

/// Sets an accumulating counter back to zero (a timestamp's reset resets samples passed,
/// as NVN's does).
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferResetCounter(
    command_buffer: *const HSCommandBuffer,
    counter_kind: HScounter,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferResetCounter",
            command_buffer,
            move |_, recording| {
                let counter = counter(counter_kind)?;
                recording.buffer().reset_counter(counter)?;
                Ok(())
            },
        )
    }
}

pub type HSconditionalRenderMode = u32;
/// Draws and clears run when the two reports' values are equal.
pub const HS_CONDITIONAL_RENDER_MODE_RENDER_IF_EQUAL: HSconditionalRenderMode = 0;
/// Draws and clears run when they differ.
pub const HS_CONDITIONAL_RENDER_MODE_RENDER_IF_NOT_EQUAL: HSconditionalRenderMode = 1;

/// NVN's render enable: later draws and clears run (`enabled` non-zero) or are left out;
/// copies and dispatches are not affected. Carries into later command buffers.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetRenderEnable(
    command_buffer: *const HSCommandBuffer,
    enabled: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferSetRenderEnable",
            command_buffer,
            move |_, recording| {
                recording.buffer().set_render_enable(enabled != 0)?;
                Ok(())
            },
        )
    }
}

/// Later draws and clears run as `mode` finds the values of the two 16-byte reports at
/// `offset_b` of `buffer` (a 16-byte-aligned address), as the work recorded before left
/// them. The executor decides it by waiting for that work on the CPU: exact, at the cost
/// of a stall.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferSetRenderEnableConditional(
    command_buffer: *const HSCommandBuffer,
    mode: HSconditionalRenderMode,
    buffer: *const HSBuffer,
    offset_b: u64,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferSetRenderEnableConditional",
            command_buffer,
            move |device, recording| {
                let mode = gpu::command::ConditionalRender::from_raw(mode).ok_or_else(|| {
                    CapiError::argument(format!("mode: {mode} is no HS_CONDITIONAL_RENDER_MODE_*"))
                })?;
                let buffer = recording.buffer_id(device, buffer, "buffer")?;
                recording
                    .buffer()
                    .set_render_enable_conditional(mode, buffer, offset_b)?;
                Ok(())
            },
        )
    }
}

//! Transform feedback (NVN's `BindTransformFeedbackBuffers`, `Begin`/`Pause`/`Resume`/
//! `EndTransformFeedback`): up to four capture buffers as buffer ranges, and a control
//! buffer of `HS_TRANSFORM_FEEDBACK_CONTROL_SIZE` bytes where each binding's byte count
//! is written (pause, end; a little-endian uint32_t per binding, binding 0 first) and
//! read (resume). The CPU reads the captured bytes and counts after the fence. Refused
//! (`HS_ERROR_REFUSED`) on a device without VK_EXT_transform_feedback; while
//! capturing, only binds, state and draws may be recorded, all of one program and state.

use gpu::command::{TransformFeedbackControl, TransformFeedbackVerb};
use gpu::objects::BufferRange;

use crate::command_buffer::with_recording;
use crate::objects::{HSBuffer, HSCommandBuffer};
use crate::result::{CapiError, HSresult};

/// Bytes of a transform feedback control buffer: four bindings' byte counts.
pub const HS_TRANSFORM_FEEDBACK_CONTROL_SIZE: u64 = 16;
const _: () =
    assert!(HS_TRANSFORM_FEEDBACK_CONTROL_SIZE == gpu::command::TRANSFORM_FEEDBACK_CONTROL_B);

/// Capture buffer `index` (0 to 3) is `size_b` bytes of `buffer` from `offset_b`
/// (multiples of 4 into the pool). Refused while capturing.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindTransformFeedbackBuffer(
    command_buffer: *const HSCommandBuffer,
    index: u32,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    let function = "hsCommandBufferBindTransformFeedbackBuffer";
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(function, command_buffer, move |device, recording| {
            let index = u8::try_from(index)
                .map_err(|_| CapiError::OutOfRange(format!("transform feedback buffer {index}")))?;
            let range = BufferRange {
                buffer: recording.buffer_id(device, buffer, "buffer")?,
                offset_b,
                size_b,
            };
            recording
                .buffer()
                .bind_transform_feedback_buffer(index, range)?;
            Ok(())
        })
    }
}

/// Records `verb` with the control buffer at `offset_b` of `control`.
unsafe fn transform_feedback(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    verb: TransformFeedbackVerb,
    control: *const HSBuffer,
    offset_b: u64,
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(function, command_buffer, move |device, recording| {
            let control = TransformFeedbackControl {
                buffer: recording.buffer_id(device, control, "control")?,
                offset_b,
            };
            recording.buffer().transform_feedback(verb, control)?;
            Ok(())
        })
    }
}

/// Starts capturing at each capture buffer's start.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBeginTransformFeedback(
    command_buffer: *const HSCommandBuffer,
    control: *const HSBuffer,
    offset_b: u64,
) -> HSresult {
    let function = "hsCommandBufferBeginTransformFeedback";
    let verb = TransformFeedbackVerb::Begin;
    // SAFETY: the header's contract for objects.
    unsafe { transform_feedback(function, command_buffer, verb, control, offset_b) }
}

/// Stops capturing; each binding's byte count goes to the control buffer.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferPauseTransformFeedback(
    command_buffer: *const HSCommandBuffer,
    control: *const HSBuffer,
    offset_b: u64,
) -> HSresult {
    let function = "hsCommandBufferPauseTransformFeedback";
    let verb = TransformFeedbackVerb::Pause;
    // SAFETY: the header's contract for objects.
    unsafe { transform_feedback(function, command_buffer, verb, control, offset_b) }
}

/// Captures again, from the byte counts in the control buffer.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferResumeTransformFeedback(
    command_buffer: *const HSCommandBuffer,
    control: *const HSBuffer,
    offset_b: u64,
) -> HSresult {
    let function = "hsCommandBufferResumeTransformFeedback";
    let verb = TransformFeedbackVerb::Resume;
    // SAFETY: the header's contract for objects.
    unsafe { transform_feedback(function, command_buffer, verb, control, offset_b) }
}

/// Stops capturing; each binding's byte count goes to the control buffer.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferEndTransformFeedback(
    command_buffer: *const HSCommandBuffer,
    control: *const HSBuffer,
    offset_b: u64,
) -> HSresult {
    let function = "hsCommandBufferEndTransformFeedback";
    let verb = TransformFeedbackVerb::End;
    // SAFETY: the header's contract for objects.
    unsafe { transform_feedback(function, command_buffer, verb, control, offset_b) }
}

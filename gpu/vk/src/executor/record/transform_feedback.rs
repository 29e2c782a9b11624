//! Recording transform feedback (`VK_EXT_transform_feedback`): a begin or resume binds
//! the capture buffers and a capturing pipeline, then begins (a resume from the control
//! buffer's counts); a pause or end ends, writing the counts there.

use ash::vk;
use gpu::command::TransformFeedbackVerb;

use crate::bringup::device::Device;
use crate::executor::prepared::transform_feedback::PreparedTransformFeedback;

/// NULL for no counters (a begin from the buffers' starts), else the array.
fn counters_or_null<T>(values: &[T]) -> *const T {
    if values.is_empty() {
        std::ptr::null()
    } else {
        values.as_ptr()
    }
}

pub fn record_transform_feedback(
    device: &Device,
    cmd: vk::CommandBuffer,
    prepared: &PreparedTransformFeedback,
) {
    let functions = ash::ext::transform_feedback::Device::new(&device.instance.raw, &device.raw);
    // SAFETY: `cmd` is recording inside the pass the capture's draws are in (the command
    // buffer refused what would end it), the extension is enabled (commands needing it
    // are refused when recorded without it), and every buffer is a live pool buffer made
    // with the capture and counter uses, the ranges checked when recorded.
    unsafe {
        match prepared.verb {
            TransformFeedbackVerb::Begin | TransformFeedbackVerb::Resume => {
                if let Some(pipeline) = prepared.pipeline {
                    device
                        .raw
                        .cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, pipeline);
                }
                (functions.fp().cmd_bind_transform_feedback_buffers_ext)(
                    cmd,
                    0,
                    prepared.buffers.len() as u32,
                    prepared.buffers.as_ptr(),
                    prepared.offsets_b.as_ptr(),
                    prepared.sizes_b.as_ptr(),
                );
                (functions.fp().cmd_begin_transform_feedback_ext)(
                    cmd,
                    0,
                    prepared.counter_buffers.len() as u32,
                    counters_or_null(&prepared.counter_buffers),
                    counters_or_null(&prepared.counter_offsets_b),
                );
            }
            TransformFeedbackVerb::Pause | TransformFeedbackVerb::End => {
                (functions.fp().cmd_end_transform_feedback_ext)(
                    cmd,
                    0,
                    prepared.counter_buffers.len() as u32,
                    counters_or_null(&prepared.counter_buffers),
                    counters_or_null(&prepared.counter_offsets_b),
                );
            }
        }
    }
}

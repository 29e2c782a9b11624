//! A transform feedback begin, pause, resume or end resolved for recording: the capture
//! buffers bound when capturing starts, the control buffer's counters, and the pipeline
//! bound before a begin (Vulkan begins with a capturing pipeline bound; it is the last
//! draw's of the capture, which is in the same pass).

use ash::vk;
use gpu::command::TransformFeedbackVerb;

#[derive(Clone, Debug)]
pub struct PreparedTransformFeedback {
    pub verb: TransformFeedbackVerb,
    /// Capture bindings from 0: pool buffer, absolute offset and size (begin and resume).
    pub buffers: Vec<vk::Buffer>,
    pub offsets_b: Vec<u64>,
    pub sizes_b: Vec<u64>,
    /// Each capture binding's counter: the control buffer, at 4 bytes a binding (none for
    /// a begin, which starts every binding at its start).
    pub counter_buffers: Vec<vk::Buffer>,
    pub counter_offsets_b: Vec<u64>,
    /// Bound before a begin or resume: a pipeline of the capture's draws.
    pub pipeline: Option<vk::Pipeline>,
}

//! Preparing transform feedback: each begin, pause, resume or end resolved against the
//! capture buffers bound and the pools, the bytes it writes noted as GPU writes (so the
//! CPU finds them in storage after the fence, mirrors and write tracking included), and
//! the order kept: a capture must hold a draw, and a list must not end capturing.

use gpu::command::{
    Op, TransformFeedbackControl, TransformFeedbackVerb, TRANSFORM_FEEDBACK_CONTROL_B,
};
use gpu::objects::{BufferRange, ObjectTables};
use gpu::PoolId;

use crate::error::{VkError, VkResult};
use crate::executor::prepared::copy::PoolWrite;
use crate::executor::prepared::transform_feedback::PreparedTransformFeedback;
use crate::executor::resources::pools::PoolTable;

use super::bindings::Bindings;

/// The capture open in the pass being prepared: the begin's (or resume's) op, and how
/// many draws were prepared before it.
#[derive(Clone, Copy, Debug)]
pub struct OpenCapture {
    pub op: usize,
    pub draws_before: usize,
}

fn unsupported(why: impl Into<String>) -> VkError {
    VkError::Unsupported(why.into())
}

/// The pool, its buffer and the absolute offset of `offset_b` into `buffer`.
fn locate(
    tables: &ObjectTables,
    pools: &PoolTable,
    buffer: gpu::BufferId,
    offset_b: u64,
) -> VkResult<(PoolId, ash::vk::Buffer, u64)> {
    let object = tables
        .buffers
        .get(buffer)
        .ok_or_else(|| VkError::UnknownObject(buffer.into()))?;
    let pool = pools.get(object.pool)?;
    Ok((object.pool, pool.buffer.raw, object.offset_b + offset_b))
}

/// Resolves op `op` (a transform feedback verb) with the capture buffers `bindings`
/// holds; pushes the pool bytes it may write to `writes`.
pub fn prepare_transform_feedback(
    op: &Op,
    bindings: &Bindings,
    tables: &ObjectTables,
    pools: &PoolTable,
    writes: &mut Vec<PoolWrite>,
) -> VkResult<PreparedTransformFeedback> {
    let Op::TransformFeedback { verb, control } = *op else {
        unreachable!("the plan makes transform feedback steps of transform feedback ops");
    };
    let TransformFeedbackControl { buffer, offset_b } = control;
    let bound: Vec<BufferRange> = bindings
        .transform_feedback
        .iter()
        .map_while(|range| *range)
        .collect();
    if bound.is_empty() {
        return Err(unsupported(
            "transform feedback with no capture buffer bound at binding 0",
        ));
    }
    if bindings.transform_feedback[bound.len()..]
        .iter()
        .any(Option::is_some)
    {
        return Err(unsupported(
            "transform feedback capture buffers bound with a gap (bindings must run from 0)",
        ));
    }
    let (control_pool, control_buffer, control_b) = locate(tables, pools, buffer, offset_b)?;
    let mut prepared = PreparedTransformFeedback {
        verb,
        buffers: Vec::new(),
        offsets_b: Vec::new(),
        sizes_b: Vec::new(),
        counter_buffers: Vec::new(),
        counter_offsets_b: Vec::new(),
        pipeline: None,
    };
    if verb.activates() {
        for range in &bound {
            let (pool, raw, at_b) = locate(tables, pools, range.buffer, range.offset_b)?;
            prepared.buffers.push(raw);
            prepared.offsets_b.push(at_b);
            prepared.sizes_b.push(range.size_b);
            writes.push((pool, at_b, range.size_b));
        }
    }
    if verb != TransformFeedbackVerb::Begin {
        for binding in 0..bound.len() as u64 {
            prepared.counter_buffers.push(control_buffer);
            prepared.counter_offsets_b.push(control_b + 4 * binding);
        }
    }
    if !verb.activates() {
        writes.push((control_pool, control_b, TRANSFORM_FEEDBACK_CONTROL_B));
    }
    Ok(prepared)
}

/// Closes `open` at a pause or end, given the pipelines of the draws prepared since it:
/// the capture's draws must share one pipeline (Vulkan binds none while capturing), which
/// is bound before its begin.
pub fn close_capture(
    open: Option<OpenCapture>,
    pipelines: &[ash::vk::Pipeline],
) -> VkResult<(usize, ash::vk::Pipeline)> {
    let open =
        open.ok_or_else(|| unsupported("transform feedback paused or ended while not active"))?;
    match pipelines {
        [] => Err(unsupported(
            "transform feedback begun or resumed with no draw before its pause or end \
             (Vulkan begins with a capturing pipeline bound)",
        )),
        [first, rest @ ..] if rest.iter().all(|pipeline| pipeline == first) => {
            Ok((open.op, *first))
        }
        _ => Err(unsupported(
            "draws of more than one pipeline (program or baked state) in one transform \
             feedback capture: Vulkan binds no pipeline while capturing (pause, change, \
             resume)",
        )),
    }
}

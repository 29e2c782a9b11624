//! NVN barriers as synchronization2 memory barriers, and the barrier the executor puts
//! between its own units of work (passes, copies, clears). Pure mappings.

use ash::vk;
use gpu::command::{BarrierOrder, Invalidate};

/// Stages and accesses of one side of a barrier.
pub type Scope = (vk::PipelineStageFlags2, vk::AccessFlags2);

/// Every earlier write, made available.
pub const EVERY_WRITE: Scope = (
    vk::PipelineStageFlags2::ALL_COMMANDS,
    vk::AccessFlags2::MEMORY_WRITE,
);

/// Every later access: the barrier between the executor's units of work. Images stay in
/// GENERAL, so a global memory barrier covers them.
pub const EVERY_ACCESS: Scope = (
    vk::PipelineStageFlags2::ALL_COMMANDS,
    vk::AccessFlags2::from_raw(
        vk::AccessFlags2::MEMORY_READ.as_raw() | vk::AccessFlags2::MEMORY_WRITE.as_raw(),
    ),
);

/// A transform feedback pause's counter writes (`vkCmdEndTransformFeedbackEXT`)...
pub const COUNTERS_WRITTEN: Scope = (
    vk::PipelineStageFlags2::TRANSFORM_FEEDBACK_EXT,
    vk::AccessFlags2::TRANSFORM_FEEDBACK_COUNTER_WRITE_EXT,
);

/// ...and the resume's reads of them (`vkCmdBeginTransformFeedbackEXT`): the extension
/// asks for a pipeline barrier between the two.
pub const COUNTERS_READ: Scope = (
    vk::PipelineStageFlags2::from_raw(
        vk::PipelineStageFlags2::TRANSFORM_FEEDBACK_EXT.as_raw()
            | vk::PipelineStageFlags2::DRAW_INDIRECT.as_raw(),
    ),
    vk::AccessFlags2::TRANSFORM_FEEDBACK_COUNTER_READ_EXT,
);

/// Host reads after the submission's fence (pool mirrors, read-backs).
pub const HOST_READ: Scope = (vk::PipelineStageFlags2::HOST, vk::AccessFlags2::HOST_READ);

/// The destination scope of an NVN barrier: the stages `order` says must wait, and the
/// caches `invalidate` names (plus every read and write of those stages, because NVN
/// orders all later work of a kind, not only its cached reads).
pub fn nvn_barrier_scope(order: BarrierOrder, invalidate: Invalidate) -> Scope {
    type S = vk::PipelineStageFlags2;
    type A = vk::AccessFlags2;
    // Copies and dispatches recorded after the barrier wait whatever the order.
    let mut stages = S::ALL_TRANSFER | S::COMPUTE_SHADER;
    if order.is_empty() || order.contains(BarrierOrder::PRIMITIVES) {
        stages = S::ALL_COMMANDS;
    } else {
        if order.contains(BarrierOrder::INDIRECT_DATA) {
            stages |= S::DRAW_INDIRECT;
        }
        if order.intersects(BarrierOrder::FRAGMENTS | BarrierOrder::FRAGMENTS_TILED) {
            stages |= S::FRAGMENT_SHADER
                | S::EARLY_FRAGMENT_TESTS
                | S::LATE_FRAGMENT_TESTS
                | S::COLOR_ATTACHMENT_OUTPUT;
        }
    }
    let mut accesses = A::MEMORY_READ | A::MEMORY_WRITE;
    if invalidate.intersects(Invalidate::TEXTURES | Invalidate::TEXTURE_DESCRIPTORS) {
        accesses |= A::SHADER_SAMPLED_READ;
    }
    if invalidate.contains(Invalidate::SHADERS) {
        accesses |= A::SHADER_STORAGE_READ | A::UNIFORM_READ;
    }
    (stages, accesses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primitive_order_or_none_waits_everything() {
        for order in [BarrierOrder::PRIMITIVES, BarrierOrder::NONE] {
            let (stages, accesses) = nvn_barrier_scope(order, Invalidate::NONE);
            assert_eq!(stages, vk::PipelineStageFlags2::ALL_COMMANDS);
            assert!(accesses.contains(vk::AccessFlags2::MEMORY_READ));
        }
    }

    #[test]
    fn fragment_order_lets_vertex_work_run_but_holds_copies() {
        let (stages, accesses) = nvn_barrier_scope(BarrierOrder::FRAGMENTS, Invalidate::TEXTURES);
        assert!(stages.contains(vk::PipelineStageFlags2::FRAGMENT_SHADER));
        assert!(stages.contains(vk::PipelineStageFlags2::ALL_TRANSFER));
        assert!(!stages.contains(vk::PipelineStageFlags2::VERTEX_SHADER));
        assert!(accesses.contains(vk::AccessFlags2::SHADER_SAMPLED_READ));
        let (indirect, _) = nvn_barrier_scope(BarrierOrder::INDIRECT_DATA, Invalidate::NONE);
        assert!(indirect.contains(vk::PipelineStageFlags2::DRAW_INDIRECT));
        assert!(!indirect.contains(vk::PipelineStageFlags2::FRAGMENT_SHADER));
    }
}

//! Compute dispatches: the bound compute program's pipeline, its slots resolved
//! (`slots`), and the recording: descriptor sets from the frame's pools, bind, dispatch.

use ash::vk;
use gpu::command::Op;
use gpu::{PoolId, ProgramId};

use crate::device::Device;
use crate::error::{VkError, VkResult};

use super::bindings::Bindings;
use super::compute::ComputePipelines;
use super::descriptors::DescriptorPools;
use super::slots::{write_sets, Resolved, SlotContext};

#[derive(Clone, Copy, Debug)]
pub enum Launch {
    Groups([u32; 3]),
    Indirect { buffer: vk::Buffer, offset_b: u64 },
}

#[derive(Clone, Debug)]
pub struct PreparedDispatch {
    pub program: ProgramId,
    pub pipeline: vk::Pipeline,
    pub layout: vk::PipelineLayout,
    pub set_layouts: Vec<vk::DescriptorSetLayout>,
    pub resolved: Resolved,
    pub launch: Launch,
    /// The pool of an indirect argument buffer.
    pub argument_pool: Option<PoolId>,
}

/// Resolves a `Dispatch` or `DispatchIndirect` against what is bound.
pub fn prepare_dispatch(
    context: &mut SlotContext<'_>,
    pipelines: &mut ComputePipelines,
    bindings: &Bindings,
    op: &Op,
) -> VkResult<PreparedDispatch> {
    let tables = context.tables;
    let program_id = bindings
        .compute_program
        .ok_or_else(|| VkError::Unsupported("a dispatch with no compute program bound".into()))?;
    let program = tables
        .programs
        .get(program_id)
        .ok_or_else(|| VkError::UnknownObject(program_id.into()))?;
    let pipeline = pipelines.get_or_make(program)?;
    let resolved = context.resolve(program_id, &pipeline.layout.slots, bindings)?;
    let mut argument_pool = None;
    let launch = match *op {
        Op::Dispatch { groups } => Launch::Groups(groups),
        Op::DispatchIndirect { buffer, offset_b } => {
            let object = tables
                .buffers
                .get(buffer)
                .ok_or_else(|| VkError::UnknownObject(buffer.into()))?;
            let offset_b = object.offset_b + offset_b;
            if !offset_b.is_multiple_of(4) {
                return Err(VkError::Unsupported(format!(
                    "indirect dispatch arguments at {offset_b:#x}, not 4-byte aligned"
                )));
            }
            argument_pool = Some(object.pool);
            Launch::Indirect {
                buffer: context.pools.get(object.pool)?.buffer.raw,
                offset_b,
            }
        }
        _ => unreachable!("prepare_dispatch is called for dispatches"),
    };
    Ok(PreparedDispatch {
        program: program_id,
        pipeline: pipeline.raw,
        layout: pipeline.layout.raw,
        set_layouts: pipeline.layout.set_layouts.clone(),
        resolved,
        launch,
        argument_pool,
    })
}

pub fn record_dispatch(
    device: &Device,
    cmd: vk::CommandBuffer,
    descriptors: &mut DescriptorPools,
    dispatch: &PreparedDispatch,
) -> VkResult<()> {
    let sets = write_sets(
        device,
        descriptors,
        &dispatch.set_layouts,
        &dispatch.resolved.descriptors,
    )?;
    let raw = &device.raw;
    // SAFETY: `cmd` is recording outside any pass; pipeline, layout and sets are live and
    // match (the sets were allocated with the layout's set layouts).
    unsafe {
        raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, dispatch.pipeline);
        if !sets.is_empty() {
            raw.cmd_bind_descriptor_sets(
                cmd,
                vk::PipelineBindPoint::COMPUTE,
                dispatch.layout,
                0,
                &sets,
                &[],
            );
        }
        match dispatch.launch {
            Launch::Groups([x, y, z]) => raw.cmd_dispatch(cmd, x, y, z),
            Launch::Indirect { buffer, offset_b } => {
                raw.cmd_dispatch_indirect(cmd, buffer, offset_b)
            }
        }
    }
    Ok(())
}

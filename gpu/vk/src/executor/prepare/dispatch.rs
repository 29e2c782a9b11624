//! Compute dispatches: the bound compute program's pipeline (with the bound textures'
//! LOD biases and swizzles in its shader where the device lacks them, `patches`) and its
//! slots resolved (`slots`). The recording (descriptor sets from the frame's pools, bind, dispatch) is
//! `record::dispatch`.

use gpu::command::Op;

use crate::error::{VkError, VkResult};
use crate::executor::pipelines::compute::ComputePipelines;
use crate::executor::pipelines::graphics_state::BoundPatches;
use crate::executor::prepared::dispatch::{Launch, PreparedDispatch};

use super::bindings::Bindings;
use super::patches::{bound_patches, patches_needed};
use super::slots::SlotContext;

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
    let mut patches = BoundPatches::default();
    if patches_needed(&context.device.caps) {
        bound_patches(
            &context.device.caps,
            tables,
            program,
            bindings,
            &mut patches,
        );
    }
    let pipeline = pipelines.get_or_make(program, &patches)?;
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

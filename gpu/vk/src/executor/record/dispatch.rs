//! Recording prepared dispatches: descriptor sets from the frame's pools, bind, dispatch.

use ash::vk;

use crate::bringup::device::Device;
use crate::error::VkResult;
use crate::executor::prepared::dispatch::{Launch, PreparedDispatch};
use crate::executor::resources::descriptors::DescriptorPools;

use super::sets::write_sets;

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

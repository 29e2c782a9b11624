//! `--change uniform` through ash: a renderer that writes a draw's constants inline
//! between draws (NVN's `UpdateUniformBuffer`) in Vulkan ends the pass, records
//! `vkCmdUpdateBuffer`, orders it after the reads before and before the reads after, and
//! begins the pass again loading what was drawn: Vulkan allows no buffer update inside a
//! pass.

use gpu_vk::ash::vk;
use gpu_vk::Device;

/// Records the update of `bytes` at `offset_b` of `buffer` between two halves of the
/// pass; `again` begins the second half (its colour loaded).
///
/// # Safety
/// `cmd` is recording inside a pass begun with `vkCmdBeginRendering`; `buffer` is live,
/// takes transfer writes and holds `offset_b + bytes.len()` bytes.
pub unsafe fn record(
    device: &Device,
    cmd: vk::CommandBuffer,
    again: &vk::RenderingInfo<'_>,
    (buffer, offset_b): (vk::Buffer, u64),
    bytes: &[u8],
) {
    let raw = &device.raw;
    let shaders = vk::PipelineStageFlags2::VERTEX_SHADER | vk::PipelineStageFlags2::FRAGMENT_SHADER;
    let colour = vk::PipelineStageFlags2::COLOR_ATTACHMENT_OUTPUT;
    // The draws before read the old bytes and wrote colour the second half loads.
    let before = [vk::MemoryBarrier2::default()
        .src_stage_mask(shaders | colour)
        .src_access_mask(vk::AccessFlags2::COLOR_ATTACHMENT_WRITE)
        .dst_stage_mask(vk::PipelineStageFlags2::TRANSFER | colour)
        .dst_access_mask(
            vk::AccessFlags2::TRANSFER_WRITE
                | vk::AccessFlags2::COLOR_ATTACHMENT_READ
                | vk::AccessFlags2::COLOR_ATTACHMENT_WRITE,
        )];
    let after = [vk::MemoryBarrier2::default()
        .src_stage_mask(vk::PipelineStageFlags2::TRANSFER)
        .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
        .dst_stage_mask(shaders)
        .dst_access_mask(vk::AccessFlags2::UNIFORM_READ)];
    // SAFETY: as the caller promises; the pass is ended before the update and begun
    // after it, and bound state persists across the command buffer's passes.
    unsafe {
        raw.cmd_end_rendering(cmd);
        raw.cmd_pipeline_barrier2(cmd, &vk::DependencyInfo::default().memory_barriers(&before));
        raw.cmd_update_buffer(cmd, buffer, offset_b, bytes);
        raw.cmd_pipeline_barrier2(cmd, &vk::DependencyInfo::default().memory_barriers(&after));
        raw.cmd_begin_rendering(cmd, again);
    }
}

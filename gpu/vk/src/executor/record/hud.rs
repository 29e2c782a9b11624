//! The HUD's pass: the panel (`crate::present::hud`) written over the top left of a presented
//! image, after the image's copy into its read-back buffer and before the host reads it,
//! by a transfer of its own (one `vkCmdUpdateBuffer` a row); the game's texture is not
//! touched. A present whose snapshot the CPU made (a texture never drawn) gets the same
//! rows on the CPU.

use ash::vk;
use memory::Format;

use crate::bringup::device::Device;
use crate::kernels::swizzle_kernel::memory_barrier;
use crate::present::hud::Panel;

use super::barrier::HOST_READ;

/// `vkCmdUpdateBuffer` writes are transfers (the clear stage among them).
const TRANSFER_WRITE: (vk::PipelineStageFlags2, vk::AccessFlags2) = (
    vk::PipelineStageFlags2::ALL_TRANSFER,
    vk::AccessFlags2::TRANSFER_WRITE,
);

/// The part of the panel that fits an image of `width_px` x `height_px`.
fn visible(panel: &Panel, width_px: u32, height_px: u32) -> (u32, u32) {
    (panel.width_px.min(width_px), panel.height_px.min(height_px))
}

/// Records the panel's rows into `buffer`, which holds the image's texels (rows of
/// `width_px` 4-byte texels of `format`) once the commands before have run.
pub(in crate::executor) fn record_panel(
    device: &Device,
    cmd: vk::CommandBuffer,
    buffer: vk::Buffer,
    (width_px, height_px): (u32, u32),
    format: Format,
    panel: &Panel,
) {
    let (shown_w_px, shown_h_px) = visible(panel, width_px, height_px);
    // After the image's copy wrote the same bytes.
    memory_barrier(cmd, device, TRANSFER_WRITE, TRANSFER_WRITE);
    for y in 0..shown_h_px {
        let row = panel.row_as(format, y, shown_w_px);
        let offset_b = u64::from(y) * u64::from(width_px) * 4;
        // SAFETY: `cmd` is recording outside a pass; the buffer holds width x height
        // 4-byte texels, so the row (a multiple of 4 bytes, at most 64 KiB for any image
        // a device makes) lies inside it at a 4-byte aligned offset.
        unsafe { device.raw.cmd_update_buffer(cmd, buffer, offset_b, &row) };
    }
    memory_barrier(cmd, device, TRANSFER_WRITE, HOST_READ);
}

/// Writes the panel's rows over `texels` (rows of `width_px` 4-byte texels of `format`).
pub(in crate::executor) fn write_panel(
    texels: &mut [u8],
    (width_px, height_px): (u32, u32),
    format: Format,
    panel: &Panel,
) {
    let (shown_w_px, shown_h_px) = visible(panel, width_px, height_px);
    for y in 0..shown_h_px {
        let row = panel.row_as(format, y, shown_w_px);
        let start = (y * width_px * 4) as usize;
        texels[start..start + row.len()].copy_from_slice(&row);
    }
}

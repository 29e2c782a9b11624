//! The HUD's pass: the panel (`crate::present::hud`) written over the top left of a presented
//! image's read-back buffer, after the image's copy and before the host reads it, by
//! transfers of their own; the game's texture is not touched. The image's copy leaves the
//! panel's rectangle out, so a read-back buffer reused from the window's last present
//! keeps the panel it held, and only the rows drawn since are written
//! (`vkCmdUpdateBuffer`, one a row). A present whose snapshot the CPU made (a texture
//! never drawn) gets the whole panel on the CPU.

use ash::vk;
use memory::Format;

use crate::bringup::device::Device;
use crate::kernels::swizzle_record::memory_barrier;
use crate::present::hud::cache::{PanelCache, PanelStamp};
use crate::present::hud::Panel;

/// The part of the panel that fits an image of `width_px` x `height_px`.
pub(in crate::executor) fn visible(panel: &Panel, width_px: u32, height_px: u32) -> (u32, u32) {
    (panel.width_px.min(width_px), panel.height_px.min(height_px))
}

/// Records the rows of the panel `buffer` lacks (it holds the panel as stamped `seen`, in
/// `format`, or none) into `buffer`, which holds the image's texels (rows of `width_px`
/// 4-byte texels of `format`); returns what it holds after. The caller orders these
/// transfers after earlier writes of the buffer and before the host's read.
pub(in crate::executor) fn record_panel(
    device: &Device,
    cmd: vk::CommandBuffer,
    buffer: vk::Buffer,
    (width_px, height_px): (u32, u32),
    format: Format,
    cache: &PanelCache,
    seen: Option<(PanelStamp, Format)>,
) -> Option<(PanelStamp, Format)> {
    let panel = cache.panel()?;
    let (shown_w_px, shown_h_px) = visible(panel, width_px, height_px);
    let seen = seen
        .filter(|(_, held)| *held == format)
        .map(|(stamp, _)| stamp);
    let mut rows = cache
        .rows_after(seen)
        .filter(|y| *y < shown_h_px)
        .peekable();
    if rows.peek().is_none() {
        // Most presents: the buffer holds the panel as it is.
        return Some((cache.stamp(), format));
    }
    // The image's copy wrote around the panel's rows, not into them, but a copy's
    // footprint is its first byte to its last: ordered, as synchronization validation
    // requires.
    let write = (
        vk::PipelineStageFlags2::ALL_TRANSFER,
        vk::AccessFlags2::TRANSFER_WRITE,
    );
    memory_barrier(cmd, device, write, write);
    let mut row = vec![0; shown_w_px as usize * 4];
    for y in rows {
        panel.write_row_as(format, y, &mut row);
        let offset_b = u64::from(y) * u64::from(width_px) * 4;
        // SAFETY: `cmd` is recording outside a pass; the buffer holds width x height
        // 4-byte texels, so the row (a multiple of 4 bytes, at most 64 KiB for any image
        // a device makes) lies inside it at a 4-byte aligned offset.
        unsafe { device.raw.cmd_update_buffer(cmd, buffer, offset_b, &row) };
    }
    Some((cache.stamp(), format))
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
        let start = (y * width_px * 4) as usize;
        panel.write_row_as(
            format,
            y,
            &mut texels[start..start + shown_w_px as usize * 4],
        );
    }
}

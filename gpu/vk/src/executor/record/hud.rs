//! The HUD's pass: the panel (`crate::present::hud`) written over the top left of a presented
//! image, after the image's copy into its read-back buffer and before the host reads it,
//! by a transfer of its own; the game's texture is not touched. The panel's rows live in a
//! buffer of the executor's, in the presented format: a present uploads only the rows the
//! panel cache drew again (`vkCmdUpdateBuffer`) and copies the visible part over the
//! read-back buffer in one `vkCmdCopyBuffer`. A present whose snapshot the CPU made (a
//! texture never drawn) gets the same rows on the CPU.

use ash::vk;
use gpu_allocator::MemoryLocation;
use memory::Format;

use crate::bringup::device::Device;
use crate::error::VkResult;
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;
use crate::gpu_memory::retire::RetireList;
use crate::kernels::swizzle_kernel::memory_barrier;
use crate::present::hud::cache::PanelCache;
use crate::present::hud::Panel;

use super::barrier::HOST_READ;

/// Transfers reading or writing (`vkCmdUpdateBuffer` and copies; the clear stage among them).
const TRANSFERS: (vk::PipelineStageFlags2, vk::AccessFlags2) = (
    vk::PipelineStageFlags2::ALL_TRANSFER,
    vk::AccessFlags2::from_raw(
        vk::AccessFlags2::TRANSFER_WRITE.as_raw() | vk::AccessFlags2::TRANSFER_READ.as_raw(),
    ),
);
const TRANSFER_WRITE: (vk::PipelineStageFlags2, vk::AccessFlags2) = (
    vk::PipelineStageFlags2::ALL_TRANSFER,
    vk::AccessFlags2::TRANSFER_WRITE,
);
/// The most `vkCmdUpdateBuffer` takes at once.
const UPDATE_MAX_B: usize = 65536;

/// The panel's rows on the GPU, in one presented format, as wide as the panel.
pub struct PanelRows {
    buffer: AllocatedBuffer,
    size_b: u64,
    width_px: u32,
    format: Format,
    /// The dirty rows converted to `format` before their upload (kept to spare an
    /// allocation a present).
    scratch: Vec<u8>,
}

/// The part of the panel that fits an image of `width_px` x `height_px`.
fn visible(panel: &Panel, width_px: u32, height_px: u32) -> (u32, u32) {
    (panel.width_px.min(width_px), panel.height_px.min(height_px))
}

/// Records the panel's changed rows into `rows` (made again, and every row uploaded, when
/// the panel's width or the format changed) and the visible panel over `buffer`, which
/// holds the image's texels (rows of `width_px` 4-byte texels of `format`) once the
/// commands before have run. A replaced rows buffer is parked until `value` completes.
#[allow(clippy::too_many_arguments)]
pub(in crate::executor) fn record_panel(
    device: &std::sync::Arc<Device>,
    cmd: vk::CommandBuffer,
    buffer: vk::Buffer,
    (width_px, height_px): (u32, u32),
    format: Format,
    cache: &mut PanelCache,
    rows: &mut Option<PanelRows>,
    (retired, value): (&mut RetireList<AllocatedBuffer>, u64),
) -> VkResult<()> {
    let Some(panel) = cache.panel() else {
        return Ok(());
    };
    let (shown_w_px, shown_h_px) = visible(panel, width_px, height_px);
    if shown_w_px == 0 || shown_h_px == 0 {
        return Ok(());
    }
    let panel_w_px = panel.width_px;
    let size_b = u64::from(panel.width_px) * u64::from(panel.height_px) * 4;
    let fits = rows.as_ref().is_some_and(|rows| {
        rows.size_b >= size_b && rows.width_px == panel_w_px && rows.format == format
    });
    if !fits {
        if let Some(old) = rows.take() {
            retired.park(value, old.buffer);
        }
        *rows = Some(PanelRows {
            buffer: AllocatedBuffer::new(
                device,
                size_b,
                vk::BufferUsageFlags::TRANSFER_SRC | vk::BufferUsageFlags::TRANSFER_DST,
                MemoryLocation::GpuOnly,
                "the HUD's rows",
            )?,
            size_b,
            width_px: panel_w_px,
            format,
            scratch: Vec::new(),
        });
        cache.invalidate();
    }
    let rows = rows.as_mut().expect("made above");
    let dirty = cache.take_dirty();
    let panel = cache.panel().expect("checked above");
    // After the image's copy into `buffer`, and after the last present's copy read the rows.
    memory_barrier(cmd, device, TRANSFERS, TRANSFERS);
    if let Some(dirty) = dirty {
        let row_b = panel_w_px as usize * 4;
        rows.scratch
            .resize((dirty.end - dirty.start) as usize * row_b, 0);
        for (y, out) in dirty.clone().zip(rows.scratch.chunks_exact_mut(row_b)) {
            panel.write_row_as(format, y, out);
        }
        // Whole rows a call, each call at most `UPDATE_MAX_B`.
        let rows_a_call = (UPDATE_MAX_B / row_b).max(1);
        for (index, chunk) in rows.scratch.chunks(rows_a_call * row_b).enumerate() {
            let offset_b = (u64::from(dirty.start) + (index * rows_a_call) as u64) * row_b as u64;
            // SAFETY: `cmd` is recording outside a pass; the rows buffer holds the whole
            // panel, so `chunk` (whole 4-byte texels, at most 64 KiB: a row is at most
            // 16 KiB for a panel of any text a HUD shows) lies inside it, 4-byte aligned.
            unsafe {
                device
                    .raw
                    .cmd_update_buffer(cmd, rows.buffer.raw, offset_b, chunk)
            };
        }
        memory_barrier(cmd, device, TRANSFER_WRITE, TRANSFERS);
    }
    let regions: Vec<vk::BufferCopy> = (0..shown_h_px)
        .map(|y| vk::BufferCopy {
            src_offset: u64::from(y) * u64::from(panel_w_px) * 4,
            dst_offset: u64::from(y) * u64::from(width_px) * 4,
            size: u64::from(shown_w_px) * 4,
        })
        .collect();
    // SAFETY: `cmd` is recording outside a pass; each region lies inside the rows buffer
    // (a panel row) and inside `buffer` (a row of the image's texels).
    unsafe {
        device
            .raw
            .cmd_copy_buffer(cmd, rows.buffer.raw, buffer, &regions)
    };
    memory_barrier(cmd, device, TRANSFER_WRITE, HOST_READ);
    Ok(())
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

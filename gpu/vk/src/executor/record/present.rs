//! Presentation without a display (the default): a window's textures are ordinary
//! textures the game draws into. Presenting one takes a snapshot of its first level on
//! the queue, into the window's read-back buffer, so drawing into the texture after the
//! present does not change what was shown; `read_presented` hands the snapshot to the
//! program as RGBA8 once its fence has passed.

use std::collections::HashMap;

use ash::vk;
use gpu::objects::{ObjectTables, Texture};
use gpu::{TextureId, WindowId};
use gpu_allocator::MemoryLocation;
use memory::{Format, MemoryPool, WriteStamp};

use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;
use crate::gpu_memory::retire::RetireList;
use crate::kernels::swizzle_record::memory_barrier;

use super::barrier::{EVERY_WRITE, HOST_READ};
use crate::executor::resources::frames::Frame;
use crate::executor::resources::pools::storage_of;
use crate::executor::resources::textures::TrackedImage;
use crate::executor::{VkBackend, FINISH_TIMEOUT, TARGET};

/// The last image presented to a window, as the program reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresentedImage {
    pub width_px: u32,
    pub height_px: u32,
    /// Rows top to bottom, 4 bytes a pixel, no padding.
    pub rgba8: Vec<u8>,
}

/// Where a presented image's texels are.
enum Texels {
    /// Copied by the GPU into `buffer`; readable once the timeline reaches `ready_at`.
    Gpu {
        buffer: AllocatedBuffer,
        ready_at: u64,
    },
    /// Deswizzled from storage on the CPU (the GPU never drew the texture).
    Cpu(Vec<u8>),
}

struct Snapshot {
    format: Format,
    width_px: u32,
    height_px: u32,
    texels: Texels,
    /// The HUD's panel a GPU read-back buffer holds over its top left.
    hud: Option<(crate::present::hud::cache::PanelStamp, Format)>,
}

/// The executor's windows: the next texture each hands out, and what each last showed.
#[derive(Default)]
pub struct Presentation {
    next_index: HashMap<WindowId, u32>,
    /// Windows on a display: each present is also blitted to the window's swapchain.
    surfaces: HashMap<WindowId, crate::present::window_surface::WindowSurface>,
    snapshots: HashMap<WindowId, Snapshot>,
    /// Windows whose presents take no snapshot (`set_present_snapshots`).
    without_snapshots: std::collections::HashSet<WindowId>,
    retired: RetireList<AllocatedBuffer>,
    frames: crate::executor::frame_stats::FrameClock,
    /// `RX_VK_HUD`'s items, drawn over every snapshot.
    hud: Vec<gpu::switches::hud_items::HudItem>,
    /// The memory figures the HUD shows, and when they were taken.
    memory_sample: Option<(std::time::Instant, (u64, u64))>,
    /// The HUD's panel as last drawn, and its rows on the GPU.
    hud_panel: crate::present::hud::cache::PanelCache,
}

impl Presentation {
    pub fn with_hud(hud: Vec<gpu::switches::hud_items::HudItem>) -> Presentation {
        Presentation {
            hud,
            ..Presentation::default()
        }
    }

    pub fn set_hud(&mut self, hud: Vec<gpu::switches::hud_items::HudItem>) {
        self.hud = hud;
    }

    /// The memory figures, taken again with `sample` when the last are half a second old.
    fn sampled_memory(
        &mut self,
        now: std::time::Instant,
        sample: impl FnOnce() -> (u64, u64),
    ) -> (u64, u64) {
        const EVERY: std::time::Duration = std::time::Duration::from_millis(500);
        match self.memory_sample {
            Some((at, memory)) if now.saturating_duration_since(at) < EVERY => memory,
            _ => {
                let memory = sample();
                self.memory_sample = Some((now, memory));
                memory
            }
        }
    }

    pub fn frame_stats(&self) -> &crate::executor::frame_stats::FrameStats {
        self.frames.stats()
    }

    pub fn retire(&mut self, completed: u64) {
        self.retired.release(completed);
    }

    /// Ends a window: its read-back buffer goes once the GPU has passed its last copy.
    pub fn finalize(&mut self, window: WindowId) {
        self.next_index.remove(&window);
        // Its drop waits for the device, so nothing of the swapchain is in use after.
        self.surfaces.remove(&window);
        if let Some(snapshot) = self.snapshots.remove(&window) {
            park(&mut self.retired, snapshot);
        }
    }
}

fn park(retired: &mut RetireList<AllocatedBuffer>, snapshot: Snapshot) {
    if let Texels::Gpu { buffer, ready_at } = snapshot.texels {
        retired.park(ready_at, buffer);
    }
}

/// The formats a window can show, with their texel order.
fn presentable(format: Format) -> bool {
    matches!(
        format,
        Format::Rgba8 | Format::Rgba8Srgb | Format::Bgra8 | Format::Bgra8Srgb | Format::Rgb10A2
    )
}

/// Tightly packed texels of a presentable format as RGBA8 (sRGB bytes stay as stored:
/// what a display would show). `None` for a format `presentable` refuses.
pub fn texels_to_rgba8(format: Format, texels: &[u8]) -> Option<Vec<u8>> {
    let pixels = texels.chunks_exact(4);
    let rgba8 = match format {
        Format::Rgba8 | Format::Rgba8Srgb => texels.to_vec(),
        Format::Bgra8 | Format::Bgra8Srgb => pixels
            .flat_map(|bgra| [bgra[2], bgra[1], bgra[0], bgra[3]])
            .collect(),
        Format::Rgb10A2 => pixels
            .flat_map(|bytes| {
                let packed = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
                let ten_to_8 = |shift: u32| (((packed >> shift) & 0x3ff) * 255 + 511) / 1023;
                [
                    ten_to_8(0) as u8,
                    ten_to_8(10) as u8,
                    ten_to_8(20) as u8,
                    ((packed >> 30) * 85) as u8,
                ]
            })
            .collect(),
        _ => return None,
    };
    Some(rgba8)
}

/// Whether the image holds the texture's contents: filled, and not older than storage.
fn image_current(tracked: &TrackedImage, last_storage_write: WriteStamp) -> bool {
    !tracked.needs_layout && tracked.synced_at.is_some_and(|at| last_storage_write <= at)
}

impl VkBackend {
    /// The window's next texture: its textures in turn (nothing is on a display, so
    /// every texture is free once its snapshot is on the queue).
    pub(in crate::executor) fn acquire_index(
        &mut self,
        window: WindowId,
        tables: &ObjectTables,
    ) -> VkResult<u32> {
        let count = tables
            .windows
            .get(window)
            .ok_or_else(|| VkError::UnknownObject(window.into()))?
            .textures
            .len() as u32;
        let next = self.presentation.next_index.entry(window).or_insert(0);
        let index = *next % count;
        *next = (index + 1) % count;
        Ok(index)
    }

    /// Presents texture `index` of `window`: a snapshot of its first level. The present's
    /// own work ends the frame whose GPU time is measured.
    pub(in crate::executor) fn present_index(
        &mut self,
        window: WindowId,
        index: u32,
        tables: &ObjectTables,
    ) -> VkResult<()> {
        let presented = self.present_frame(window, index, tables);
        let completed = self.timeline.completed()?;
        self.gpu_frames.end_frame(completed)?;
        presented
    }

    fn present_frame(
        &mut self,
        window: WindowId,
        index: u32,
        tables: &ObjectTables,
    ) -> VkResult<()> {
        self.retire()?;
        let totals = self.frame_totals();
        self.presentation
            .frames
            .on_present(std::time::Instant::now(), totals);
        let texture_id = *tables
            .windows
            .get(window)
            .ok_or_else(|| VkError::UnknownObject(window.into()))?
            .textures
            .get(index as usize)
            .ok_or_else(|| VkError::Unsupported(format!("{window}: no texture {index}")))?;
        let texture = tables
            .textures
            .get(texture_id)
            .ok_or_else(|| VkError::UnknownObject(texture_id.into()))?;
        let format = texture.format();
        if !presentable(format) {
            return Err(VkError::Unsupported(format!(
                "{window}: presenting a {} texture",
                format.name()
            )));
        }
        let storage = storage_of(tables, texture_id)?;
        let range = texture.storage_range_b();
        let len_b = range.end - range.start;
        let last_write = storage
            .last_cpu_write(range.start, len_b)?
            .max(storage.last_device_write(range.start, len_b)?);
        let from_image = self
            .cached_image(texture_id)
            .is_some_and(|tracked| image_current(tracked, last_write));
        let now = std::time::Instant::now();
        let mut hud_panel = std::mem::take(&mut self.presentation.hud_panel);
        let items = std::mem::take(&mut self.presentation.hud);
        hud_panel.update(&items, now, || {
            // The allocator's report walks every allocation: the HUD samples it twice a
            // second, and only when it shows memory.
            let memory = if items.contains(&gpu::switches::hud_items::HudItem::Memory) {
                let device = &self.device;
                self.presentation
                    .sampled_memory(now, || crate::executor::stats::allocated_b(device))
            } else {
                (0, 0)
            };
            self.hud_figures_with(memory)
        });
        self.presentation.hud = items;
        let shown = self.show(window, index, texture, from_image, &storage, &mut hud_panel);
        self.presentation.hud_panel = hud_panel;
        shown
    }

    /// Puts the presented texture on the window's display, if it has one, and takes its
    /// snapshot, with the HUD's panel over both.
    fn show(
        &mut self,
        window: WindowId,
        index: u32,
        texture: &Texture,
        from_image: bool,
        storage: &MemoryPool,
        hud_panel: &mut crate::present::hud::cache::PanelCache,
    ) -> VkResult<()> {
        let texture_id = texture.id;
        let format = texture.format();
        let panel = hud_panel.panel();
        if from_image && self.presentation.surfaces.contains_key(&window) {
            let source = self
                .cached_image(texture_id)
                .map(|tracked| tracked.image.raw)
                .expect("a current image was found above");
            if let Some(surface) = self.presentation.surfaces.get_mut(&window) {
                let hud = panel.map(|_| &*hud_panel);
                surface.present(source, texture.desc.width_px, texture.desc.height_px, hud)?;
            }
        } else if self.presentation.surfaces.contains_key(&window) {
            tracing::debug!(target: TARGET, %window,
                "the presented texture was never drawn: the window keeps its picture");
        }
        if self.presentation.without_snapshots.contains(&window) {
            tracing::trace!(target: TARGET, %window, index, texture = %texture_id,
                "presented without a snapshot");
            return Ok(());
        }
        let size_px = (texture.desc.width_px, texture.desc.height_px);
        let (texels, hud) = if from_image {
            self.snapshot_image(window, texture, hud_panel)?
        } else {
            let mut texels = self.deswizzle_storage(texture, storage)?;
            if let Some(panel) = panel {
                super::hud::write_panel(&mut texels, size_px, format, panel);
            }
            (Texels::Cpu(texels), None)
        };
        let snapshot = Snapshot {
            format,
            width_px: texture.desc.width_px,
            height_px: texture.desc.height_px,
            texels,
            hud,
        };
        tracing::trace!(target: TARGET, %window, index, texture = %texture_id, from_image,
            "presented");
        if let Some(previous) = self.presentation.snapshots.insert(window, snapshot) {
            park(&mut self.presentation.retired, previous);
        }
        Ok(())
    }

    /// Shows `window`'s presents on a display window too (`surface` made from its handles).
    pub fn attach_surface(
        &mut self,
        window: WindowId,
        surface: crate::present::window_surface::WindowSurface,
    ) {
        self.presentation.surfaces.insert(window, surface);
    }

    /// The display window of `window`, to tell it about resizes.
    pub fn surface_mut(
        &mut self,
        window: WindowId,
    ) -> Option<&mut crate::present::window_surface::WindowSurface> {
        self.presentation.surfaces.get_mut(&window)
    }

    /// Whether presents of `window` keep a snapshot for `read_presented` (the default).
    /// A port that shows frames only in a display window turns it off and saves a copy of
    /// the presented texture (or a CPU deswizzle of its storage) every present.
    pub fn set_present_snapshots(&mut self, window: WindowId, on: bool) {
        if on {
            self.presentation.without_snapshots.remove(&window);
        } else {
            self.presentation.without_snapshots.insert(window);
            if let Some(previous) = self.presentation.snapshots.remove(&window) {
                park(&mut self.presentation.retired, previous);
            }
        }
    }

    /// The last image presented to `window`, waiting for its copy; `None` before the
    /// first present (with snapshots on). With snapshots off, a typed error.
    pub fn read_presented(&mut self, window: WindowId) -> VkResult<Option<PresentedImage>> {
        if self.presentation.without_snapshots.contains(&window) {
            return Err(VkError::Unsupported(format!(
                "{window}: reading a present back with snapshots off (set_present_snapshots)"
            )));
        }
        let ready_at = match self.presentation.snapshots.get(&window) {
            None => return Ok(None),
            Some(Snapshot {
                texels: Texels::Gpu { ready_at, .. },
                ..
            }) => Some(*ready_at),
            Some(_) => None,
        };
        if let Some(value) = ready_at {
            if self.wait_timeline(value, FINISH_TIMEOUT)?
                != crate::gpu_memory::timeline::WaitOutcome::Reached
            {
                return Err(VkError::DeviceLost("a present's copy that did not finish"));
            }
        }
        let snapshot = &self.presentation.snapshots[&window];
        let texels = match &snapshot.texels {
            Texels::Gpu { buffer, .. } => buffer.mapped().ok_or(VkError::Unsupported(
                "a read-back buffer the host cannot map".into(),
            ))?,
            Texels::Cpu(texels) => texels.as_slice(),
        };
        let len_b = snapshot.width_px as usize * snapshot.height_px as usize * 4;
        let rgba8 = texels_to_rgba8(snapshot.format, &texels[..len_b])
            .expect("snapshots are taken of presentable formats only");
        Ok(Some(PresentedImage {
            width_px: snapshot.width_px,
            height_px: snapshot.height_px,
            rgba8,
        }))
    }

    /// Copies the texture's first level from its image into a read-back buffer (the
    /// window's previous one when the size fits), in a submission of its own.
    fn snapshot_image(
        &mut self,
        window: WindowId,
        texture: &Texture,
        hud_panel: &crate::present::hud::cache::PanelCache,
    ) -> VkResult<(
        Texels,
        Option<(crate::present::hud::cache::PanelStamp, Format)>,
    )> {
        let (width_px, height_px) = (texture.desc.width_px, texture.desc.height_px);
        let size_b = u64::from(width_px) * u64::from(height_px) * 4;
        let reusable = match self.presentation.snapshots.remove(&window) {
            Some(Snapshot {
                texels: Texels::Gpu { buffer, .. },
                width_px: w,
                height_px: h,
                hud,
                ..
            }) if u64::from(w) * u64::from(h) * 4 == size_b => {
                // The panel's rows are where they were only at the same width.
                Some((buffer, hud.filter(|_| w == width_px)))
            }
            Some(other) => {
                park(&mut self.presentation.retired, other);
                None
            }
            None => None,
        };
        let (buffer, seen) = match reusable {
            Some(reused) => reused,
            None => (
                AllocatedBuffer::new(
                    &self.device,
                    size_b,
                    vk::BufferUsageFlags::TRANSFER_DST,
                    MemoryLocation::GpuToCpu,
                    "a window's read-back buffer",
                )?,
                None,
            ),
        };
        let value = self.submitted + 1;
        let hud = (hud_panel, texture.format(), seen);
        let held = match self.submit_snapshot(texture.id, buffer.raw, value, hud) {
            Ok(held) => held,
            Err(error) => {
                // A reused buffer may still be the target of the previous present's copy.
                self.presentation.retired.park(self.submitted, buffer);
                return Err(error);
            }
        };
        self.submitted = value;
        if let Some(image) = self.images.cache.texture_image(texture.id) {
            if let Some(tracked) = self.images.images.get_mut(&image) {
                tracked.last_use = tracked.last_use.max(value);
            }
        }
        self.pools.mark_used(texture.pool, value);
        Ok((
            Texels::Gpu {
                buffer,
                ready_at: value,
            },
            held,
        ))
    }

    /// Records and submits the copy of the texture's image into `buffer`, signalling
    /// `value`, with the HUD's panel over it (the buffer holding the panel as `seen`
    /// before); returns the panel the buffer holds after.
    #[allow(clippy::type_complexity)]
    fn submit_snapshot(
        &mut self,
        texture: TextureId,
        buffer: vk::Buffer,
        value: u64,
        (hud_panel, format, seen): (
            &crate::present::hud::cache::PanelCache,
            Format,
            Option<(crate::present::hud::cache::PanelStamp, Format)>,
        ),
    ) -> VkResult<Option<(crate::present::hud::cache::PanelStamp, Format)>> {
        let tracked = self
            .cached_image(texture)
            .ok_or_else(|| VkError::UnknownObject(texture.into()))?;
        let (image, width_px, height_px) = (
            tracked.image.raw,
            tracked.image.desc.width_px,
            tracked.image.desc.height_px,
        );
        let mut frame = self.frames.begin()?;
        self.gpu_frames.open(frame.cmd);
        let panel_px = hud_panel
            .panel()
            .map(|panel| super::hud::visible(panel, width_px, height_px));
        record_snapshot(self, &frame, image, buffer, (width_px, height_px), panel_px);
        let held = super::hud::record_panel(
            &self.device,
            frame.cmd,
            buffer,
            (width_px, height_px),
            format,
            hud_panel,
            seen,
        );
        memory_barrier(frame.cmd, &self.device, TRANSFER_WRITE, HOST_READ);
        if let Err(error) = self.submit_own(&mut frame, value) {
            self.gpu_frames.abandoned();
            self.frames.abandon(frame);
            return Err(error);
        }
        self.frames.park(value, frame);
        Ok(held)
    }

    /// Ends and submits a frame recorded outside `submit_list`, signalling `value`.
    fn submit_own(&mut self, frame: &mut Frame, value: u64) -> VkResult<()> {
        self.gpu_frames.close(frame.cmd);
        // SAFETY: `frame.cmd` is recording, outside any pass.
        unsafe { self.device.raw.end_command_buffer(frame.cmd) }
            .map_err(map_vk("ending a present's command buffer"))?;
        self.queue_submit(frame.cmd, value)
    }

    /// The host image the image cache holds for the texture's storage, if any.
    fn cached_image(&self, texture: TextureId) -> Option<&TrackedImage> {
        let image = self.images.cache.texture_image(texture)?;
        self.images.images.get(&image)
    }

    /// The texture's first level read from storage, tightly packed.
    fn deswizzle_storage(&mut self, texture: &Texture, pool: &MemoryPool) -> VkResult<Vec<u8>> {
        let range = texture.storage_range_b();
        let len_b = range.end - range.start;
        // A GPU write still landing in storage (a mirror's copy-back) is waited for.
        if let Some(value) = self
            .pools
            .pending_write_until(texture.pool, range.start, len_b)
        {
            self.wait_timeline(value, FINISH_TIMEOUT)?;
        }
        let mut stored = vec![0; len_b as usize];
        pool.read_for_device(range.start, len_b, |bytes| stored.copy_from_slice(bytes))?;
        // Presentable formats are 4 bytes a pixel, uncompressed.
        let level_b = texture.desc.width_px as usize * texture.desc.height_px as usize * 4;
        let mut linear = vec![0; level_b];
        memory::swizzle::deswizzle_level(&texture.layout, 0, 0, &stored, &mut linear)?;
        Ok(linear)
    }
}

/// Waits for every earlier write, copies level 0 layer 0 into `buffer`, and makes the
/// copy visible to the host after the fence.
/// Copies and writes into a read-back buffer: the image's copy and the HUD's rows.
const TRANSFER_WRITE: (vk::PipelineStageFlags2, vk::AccessFlags2) = (
    vk::PipelineStageFlags2::ALL_TRANSFER,
    vk::AccessFlags2::TRANSFER_WRITE,
);

/// Copies the image into `buffer` (rows of `width_px` texels), all of it but the top
/// left `panel_px` rectangle where the HUD's panel goes.
fn record_snapshot(
    backend: &VkBackend,
    frame: &Frame,
    image: vk::Image,
    buffer: vk::Buffer,
    (width_px, height_px): (u32, u32),
    panel_px: Option<(u32, u32)>,
) {
    let device = &backend.device;
    // Reads the image, and writes the buffer an earlier present may have written (its
    // copy and its HUD rows).
    let transfers = (
        vk::PipelineStageFlags2::ALL_TRANSFER,
        vk::AccessFlags2::TRANSFER_READ | vk::AccessFlags2::TRANSFER_WRITE,
    );
    memory_barrier(frame.cmd, device, EVERY_WRITE, transfers);
    let (panel_w_px, panel_h_px) = panel_px.unwrap_or((0, 0));
    // Beside the panel (the rows it covers), then the rows below it.
    let rects = [
        (panel_w_px, 0, width_px - panel_w_px, panel_h_px),
        (0, panel_h_px, width_px, height_px - panel_h_px),
    ];
    let regions: Vec<vk::BufferImageCopy> = rects
        .into_iter()
        .filter(|(_, _, w, h)| *w > 0 && *h > 0)
        .map(|(x, y, w, h)| vk::BufferImageCopy {
            buffer_offset: (u64::from(y) * u64::from(width_px) + u64::from(x)) * 4,
            buffer_row_length: width_px,
            buffer_image_height: 0,
            image_subresource: vk::ImageSubresourceLayers {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                mip_level: 0,
                base_array_layer: 0,
                layer_count: 1,
            },
            image_offset: vk::Offset3D {
                x: x as i32,
                y: y as i32,
                z: 0,
            },
            image_extent: vk::Extent3D {
                width: w,
                height: h,
                depth: 1,
            },
        })
        .collect();
    if regions.is_empty() {
        return;
    }
    // SAFETY: `frame.cmd` is recording; the image is live and in GENERAL (host images
    // keep it for life); each region lies inside the image and, at a row length of
    // `width_px`, inside the buffer of width x height 4-byte texels.
    unsafe {
        device.raw.cmd_copy_image_to_buffer(
            frame.cmd,
            image,
            vk::ImageLayout::GENERAL,
            buffer,
            &regions,
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bgra_and_rgb10a2_become_rgba8() {
        assert_eq!(
            texels_to_rgba8(Format::Bgra8, &[1, 2, 3, 4]),
            Some(vec![3, 2, 1, 4])
        );
        assert_eq!(
            texels_to_rgba8(Format::Rgba8Srgb, &[1, 2, 3, 4]),
            Some(vec![1, 2, 3, 4])
        );
        // R = 1023, G = 0, B = 512, A = 2.
        let packed: u32 = 1023 | (512 << 20) | (2 << 30);
        assert_eq!(
            texels_to_rgba8(Format::Rgb10A2, &packed.to_le_bytes()),
            Some(vec![255, 0, 128, 170])
        );
        assert_eq!(texels_to_rgba8(Format::R8, &[0; 4]), None);
    }
}

//! Presenting to a window: a surface made from the window's raw handles (ash-window), a
//! swapchain of three images recreated when the window resizes, its present interval
//! changes (`present_mode`) or the swapchain turns suboptimal, and each present a blit
//! from the presented texture's host image, the HUD's pass over it (`swapchain_hud`),
//! and, when asked, a copy of what the display is given (`display_capture`). A surface
//! with no display (`VK_EXT_headless_surface`) runs the same path without a window.

use std::sync::Arc;

use ash::vk;
use raw_window_handle::{RawDisplayHandle, RawWindowHandle};

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;
use crate::present::display_capture::{self, Capture};
use crate::present::hud::cache::PanelCache;
use crate::present::present_mode::present_mode_for;
use crate::present::swapchain_hud::{self, panel_format};

/// Frames the window may have in flight before a present waits for the oldest.
const SLOTS: usize = 2;
const WANTED_IMAGES: u32 = 3;

struct Slot {
    pool: vk::CommandPool,
    cmd: vk::CommandBuffer,
    image_available: vk::Semaphore,
    done: vk::Fence,
    /// The HUD's rows, written by the host for this slot's present, and the panel they
    /// hold (in the swapchain's format, at its size then).
    hud: Option<AllocatedBuffer>,
    hud_held: Option<swapchain_hud::RowsHeld>,
    capture: Capture,
}

pub struct WindowSurface {
    surface_fn: ash::khr::surface::Instance,
    swapchain_fn: ash::khr::swapchain::Device,
    surface: vk::SurfaceKHR,
    swapchain: vk::SwapchainKHR,
    images: Vec<vk::Image>,
    /// One per swapchain image: a present waits on the semaphore of the image it shows.
    render_finished: Vec<vk::Semaphore>,
    format: vk::SurfaceFormatKHR,
    extent: vk::Extent2D,
    wanted_extent: vk::Extent2D,
    /// The swapchain's present mode, from the window's present interval (FIFO at first).
    present_mode: vk::PresentModeKHR,
    stale: bool,
    slots: Vec<Slot>,
    next_slot: usize,
    pub presents: u64,
    pub recreations: u64,
    /// Presents copy the swapchain image for `read_displayed` (`set_capture`).
    capture: bool,
    /// The slot whose capture is the latest.
    captured_slot: Option<usize>,
    /// The swapchain's format has no HUD texel order (said once, in the log).
    hud_refused: bool,
    device: Arc<Device>,
}

impl WindowSurface {
    /// A surface and swapchain for the window behind `display` and `window`.
    ///
    /// # Safety
    /// The handles must name a live window that outlives this surface.
    pub unsafe fn new(
        device: &Arc<Device>,
        display: RawDisplayHandle,
        window: RawWindowHandle,
        size_px: (u32, u32),
    ) -> VkResult<WindowSurface> {
        if !device.instance.surfaces || !device.caps.swapchain {
            return Err(VkError::Unsupported(
                "this driver offers no surface or swapchain extension: run headless".into(),
            ));
        }
        let instance = &device.instance;
        // SAFETY: the caller guarantees the handles name a live window.
        let surface = unsafe {
            ash_window::create_surface(&instance.entry, &instance.raw, display, window, None)
        }
        .map_err(map_vk("creating a window surface"))?;
        // SAFETY: the surface was just made on this device's instance.
        unsafe { WindowSurface::from_surface(device, surface, size_px) }
    }

    /// A surface with no display (`VK_EXT_headless_surface`), `size_px` large: presents
    /// run the window path in full (acquire, blit, the HUD, present) and show nowhere;
    /// `set_capture` reads what they gave. For tests and tools on machines with no display.
    pub fn headless(device: &Arc<Device>, size_px: (u32, u32)) -> VkResult<WindowSurface> {
        let missing = if !device.instance.headless_surface {
            Some("VK_EXT_headless_surface (a swapchain with no display)")
        } else if !device.caps.swapchain {
            Some("VK_KHR_swapchain (a swapchain with no display)")
        } else {
            None
        };
        if let Some(what) = missing {
            return Err(VkError::MissingFeature {
                device: device.info.name.clone(),
                what: what.into(),
            });
        }
        let instance = &device.instance;
        let headless_fn = ash::ext::headless_surface::Instance::new(&instance.entry, &instance.raw);
        // SAFETY: valid create info on the live instance that enabled the extension.
        let surface = unsafe {
            headless_fn.create_headless_surface(&vk::HeadlessSurfaceCreateInfoEXT::default(), None)
        }
        .map_err(map_vk("creating a headless surface"))?;
        // SAFETY: the surface was just made on this device's instance.
        unsafe { WindowSurface::from_surface(device, surface, size_px) }
    }

    /// The swapchain for `surface`, which this takes over (destroyed on failure too).
    ///
    /// # Safety
    /// `surface` must be made on `device`'s instance and used by nothing else.
    unsafe fn from_surface(
        device: &Arc<Device>,
        surface: vk::SurfaceKHR,
        size_px: (u32, u32),
    ) -> VkResult<WindowSurface> {
        let instance = &device.instance;
        let surface_fn = ash::khr::surface::Instance::new(&instance.entry, &instance.raw);
        // SAFETY: a plain query on a live surface and the device's physical device.
        let supported = unsafe {
            surface_fn.get_physical_device_surface_support(
                device.physical,
                device.queue_family_index,
                surface,
            )
        }
        .map_err(map_vk("asking whether the queue can present"));
        let supported = match supported {
            Ok(supported) => supported,
            Err(error) => {
                // SAFETY: the surface is unused.
                unsafe { surface_fn.destroy_surface(surface, None) };
                return Err(error);
            }
        };
        if !supported {
            // SAFETY: the surface is unused.
            unsafe { surface_fn.destroy_surface(surface, None) };
            return Err(VkError::Unsupported(
                "the device's queue cannot present to this window".into(),
            ));
        }
        let mut slots = Vec::with_capacity(SLOTS);
        for _ in 0..SLOTS {
            slots.push(make_slot(device)?);
        }
        let mut window_surface = WindowSurface {
            surface_fn,
            swapchain_fn: ash::khr::swapchain::Device::new(&instance.raw, &device.raw),
            surface,
            swapchain: vk::SwapchainKHR::null(),
            images: Vec::new(),
            render_finished: Vec::new(),
            format: vk::SurfaceFormatKHR::default(),
            extent: vk::Extent2D::default(),
            wanted_extent: vk::Extent2D {
                width: size_px.0,
                height: size_px.1,
            },
            present_mode: vk::PresentModeKHR::FIFO,
            stale: true,
            slots,
            next_slot: 0,
            presents: 0,
            recreations: 0,
            capture: false,
            captured_slot: None,
            hud_refused: false,
            device: device.clone(),
        };
        window_surface.recreate()?;
        Ok(window_surface)
    }

    /// The window's new size; the swapchain is made again before the next present.
    pub fn resize(&mut self, size_px: (u32, u32)) {
        self.wanted_extent = vk::Extent2D {
            width: size_px.0,
            height: size_px.1,
        };
        self.stale = true;
    }

    /// NVN's present interval: 1 waits for each vertical blank (FIFO), 0 for none
    /// (MAILBOX where the surface offers it, else IMMEDIATE). A mode the surface lacks is
    /// refused here, the swapchain unchanged; a new mode remakes it before the next
    /// present. Returns the mode chosen.
    pub fn set_present_interval(&mut self, interval: u8) -> VkResult<vk::PresentModeKHR> {
        // SAFETY: a plain query on a live surface.
        let offered = unsafe {
            self.surface_fn
                .get_physical_device_surface_present_modes(self.device.physical, self.surface)
        }
        .map_err(map_vk("reading the surface's present modes"))?;
        let mode = present_mode_for(interval, &offered)?;
        if mode != self.present_mode {
            self.present_mode = mode;
            self.stale = true;
        }
        tracing::debug!(interval, ?mode, "present interval set");
        Ok(mode)
    }

    /// The present mode presents use (or will, from the next present on).
    pub fn present_mode(&self) -> vk::PresentModeKHR {
        self.present_mode
    }

    /// Whether presents copy what the display is given, for `read_displayed`. On, the
    /// swapchain is made again with images that can be copied from; a surface whose
    /// images cannot is refused here.
    pub fn set_capture(&mut self, on: bool) -> VkResult<()> {
        if on {
            // SAFETY: a plain query on a live surface.
            let caps = unsafe {
                self.surface_fn
                    .get_physical_device_surface_capabilities(self.device.physical, self.surface)
            }
            .map_err(map_vk("reading the surface's capabilities"))?;
            if !caps
                .supported_usage_flags
                .contains(vk::ImageUsageFlags::TRANSFER_SRC)
            {
                return Err(VkError::Unsupported(
                    "capturing a window: its swapchain images cannot be copied from".into(),
                ));
            }
        }
        if on != self.capture {
            self.capture = on;
            self.captured_slot = None;
            self.stale = true;
        }
        Ok(())
    }

    /// What the display was given at the latest present with capture on (the texture
    /// scaled to the window, the HUD over it), as RGBA8 rows, waiting for that present's
    /// commands; `None` before such a present.
    pub fn read_displayed(&self) -> VkResult<Option<crate::executor::PresentedImage>> {
        let Some(slot) = self.captured_slot.map(|index| &self.slots[index]) else {
            return Ok(None);
        };
        // SAFETY: the slot's fence belongs to this device.
        unsafe {
            self.device
                .raw
                .wait_for_fences(&[slot.done], true, u64::MAX)
                .map_err(map_vk("waiting for a window's capture"))?;
        }
        let capture = &slot.capture;
        let format = panel_format(capture.format).ok_or_else(|| {
            VkError::Unsupported(format!(
                "reading a capture of a {:?} swapchain",
                capture.format
            ))
        })?;
        let texels = display_capture::texels(capture).ok_or(VkError::Unsupported(
            "a capture buffer the host cannot map".into(),
        ))?;
        let rgba8 = crate::executor::texels_to_rgba8(format, texels)
            .expect("panel formats are presentable");
        Ok(Some(crate::executor::PresentedImage {
            width_px: capture.extent.width,
            height_px: capture.extent.height,
            rgba8,
        }))
    }

    /// The swapchain's size and format now.
    pub fn extent_and_format(&self) -> (vk::Extent2D, vk::Format) {
        (self.extent, self.format.format)
    }

    fn recreate(&mut self) -> VkResult<()> {
        let raw = &self.device.raw;
        // SAFETY: waiting for the queue to drain makes the old swapchain's images unused.
        unsafe { raw.device_wait_idle() }.map_err(map_vk("waiting before a swapchain"))?;
        // SAFETY: plain queries on a live surface.
        let (caps, formats) = unsafe {
            (
                self.surface_fn
                    .get_physical_device_surface_capabilities(self.device.physical, self.surface)
                    .map_err(map_vk("reading the surface's capabilities"))?,
                self.surface_fn
                    .get_physical_device_surface_formats(self.device.physical, self.surface)
                    .map_err(map_vk("reading the surface's formats"))?,
            )
        };
        if !caps
            .supported_usage_flags
            .contains(vk::ImageUsageFlags::TRANSFER_DST)
        {
            return Err(VkError::Unsupported(
                "the window's swapchain images cannot be blitted to".into(),
            ));
        }
        self.format = formats
            .iter()
            .copied()
            .find(|f| {
                f.format == vk::Format::B8G8R8A8_UNORM || f.format == vk::Format::R8G8B8A8_UNORM
            })
            .or_else(|| formats.first().copied())
            .ok_or_else(|| VkError::Unsupported("the surface offers no format".into()))?;
        self.extent = if caps.current_extent.width != u32::MAX {
            caps.current_extent
        } else {
            vk::Extent2D {
                width: self
                    .wanted_extent
                    .width
                    .clamp(caps.min_image_extent.width, caps.max_image_extent.width),
                height: self
                    .wanted_extent
                    .height
                    .clamp(caps.min_image_extent.height, caps.max_image_extent.height),
            }
        };
        let mut image_count = WANTED_IMAGES.max(caps.min_image_count);
        if caps.max_image_count > 0 {
            image_count = image_count.min(caps.max_image_count);
        }
        let old = self.swapchain;
        let info = vk::SwapchainCreateInfoKHR::default()
            .surface(self.surface)
            .min_image_count(image_count)
            .image_format(self.format.format)
            .image_color_space(self.format.color_space)
            .image_extent(self.extent)
            .image_array_layers(1)
            .image_usage(if self.capture {
                vk::ImageUsageFlags::TRANSFER_DST | vk::ImageUsageFlags::TRANSFER_SRC
            } else {
                vk::ImageUsageFlags::TRANSFER_DST
            })
            .image_sharing_mode(vk::SharingMode::EXCLUSIVE)
            .pre_transform(caps.current_transform)
            .composite_alpha(vk::CompositeAlphaFlagsKHR::OPAQUE)
            .present_mode(self.present_mode)
            .clipped(true)
            .old_swapchain(old);
        // SAFETY: valid create info; the old swapchain is retired by this call and
        // destroyed below, its images unused after the wait above.
        self.swapchain = unsafe { self.swapchain_fn.create_swapchain(&info, None) }
            .map_err(map_vk("creating a swapchain"))?;
        // SAFETY: as above; the semaphores of the old images are unused after the wait.
        unsafe {
            if old != vk::SwapchainKHR::null() {
                self.swapchain_fn.destroy_swapchain(old, None);
            }
            for semaphore in self.render_finished.drain(..) {
                raw.destroy_semaphore(semaphore, None);
            }
        }
        // SAFETY: a plain query on the new swapchain.
        self.images = unsafe { self.swapchain_fn.get_swapchain_images(self.swapchain) }
            .map_err(map_vk("listing swapchain images"))?;
        for _ in &self.images {
            // SAFETY: valid create info.
            let semaphore =
                unsafe { raw.create_semaphore(&vk::SemaphoreCreateInfo::default(), None) }
                    .map_err(map_vk("creating a present semaphore"))?;
            self.render_finished.push(semaphore);
        }
        self.stale = false;
        self.recreations += 1;
        tracing::debug!(
            width = self.extent.width,
            height = self.extent.height,
            images = self.images.len(),
            present_mode = ?self.present_mode,
            "swapchain made"
        );
        Ok(())
    }

    /// Shows `source` (a host image in GENERAL layout, `width_px` x `height_px`) in the
    /// window, scaled to it, with `hud`'s panel over its top left at the window's scale.
    /// Work submitted earlier on the queue finishes first.
    pub fn present(
        &mut self,
        source: vk::Image,
        width_px: u32,
        height_px: u32,
        hud: Option<&PanelCache>,
    ) -> VkResult<()> {
        if self.stale {
            self.recreate()?;
        }
        let (done, image_available) = {
            let slot = &self.slots[self.next_slot];
            (slot.done, slot.image_available)
        };
        // SAFETY: the fence belongs to this device; waiting makes the slot's buffer free.
        unsafe {
            self.device
                .raw
                .wait_for_fences(&[done], true, u64::MAX)
                .map_err(map_vk("waiting for a window slot"))?;
        }
        // A swapchain found out of date (the window changed since) is made again and
        // asked once more, so the frame still reaches the display.
        let mut remade = false;
        let image_index = loop {
            // SAFETY: a live swapchain and an unsignalled semaphore of this slot (a
            // failed acquire signals nothing).
            let acquired = unsafe {
                self.swapchain_fn.acquire_next_image(
                    self.swapchain,
                    u64::MAX,
                    image_available,
                    vk::Fence::null(),
                )
            };
            match acquired {
                Ok((index, suboptimal)) => {
                    self.stale |= suboptimal;
                    break index;
                }
                Err(vk::Result::ERROR_OUT_OF_DATE_KHR) if !remade => {
                    remade = true;
                    self.recreate()?;
                }
                Err(vk::Result::ERROR_OUT_OF_DATE_KHR) => {
                    tracing::debug!(target: "gpu_vk::window", "swapchain out of date twice; frame not shown");
                    self.stale = true;
                    return Ok(());
                }
                Err(result) => return Err(map_vk("acquiring a swapchain image")(result)),
            }
        };
        let hud_format = panel_format(self.format.format);
        if hud.is_some() && hud_format.is_none() && !self.hud_refused {
            tracing::warn!(target: "gpu_vk::window", format = ?self.format.format,
                "the HUD is not drawn on this window: its swapchain format has no HUD texel order");
            self.hud_refused = true;
        }
        // What may fail comes before anything is recorded; the acquired image is then
        // given back unshown.
        let extras = self.prepare_extras(hud, hud_format);
        let (hud_rect, capture_buffer) = match extras {
            Ok(extras) => extras,
            Err(error) => {
                self.give_back_unshown(image_available)?;
                return Err(error);
            }
        };
        let raw = &self.device.raw;
        let slot = &mut self.slots[self.next_slot];
        let target = self.images[image_index as usize];
        // SAFETY: the slot's previous use is complete (fence above); `cmd` is re-recorded.
        unsafe {
            raw.reset_fences(&[slot.done])
                .map_err(map_vk("resetting a window fence"))?;
            raw.reset_command_pool(slot.pool, vk::CommandPoolResetFlags::empty())
                .map_err(map_vk("resetting a window command pool"))?;
            raw.begin_command_buffer(
                slot.cmd,
                &vk::CommandBufferBeginInfo::default()
                    .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
            )
            .map_err(map_vk("beginning a present"))?;
            let subresource = vk::ImageSubresourceRange {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                base_mip_level: 0,
                level_count: 1,
                base_array_layer: 0,
                layer_count: 1,
            };
            let earlier_writes = [vk::MemoryBarrier2::default()
                .src_stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)
                .src_access_mask(vk::AccessFlags2::MEMORY_WRITE)
                .dst_stage_mask(vk::PipelineStageFlags2::BLIT)
                .dst_access_mask(vk::AccessFlags2::TRANSFER_READ)];
            let to_transfer = [vk::ImageMemoryBarrier2::default()
                .src_stage_mask(vk::PipelineStageFlags2::BLIT)
                .src_access_mask(vk::AccessFlags2::NONE)
                .dst_stage_mask(vk::PipelineStageFlags2::BLIT)
                .dst_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
                .old_layout(vk::ImageLayout::UNDEFINED)
                .new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
                .image(target)
                .subresource_range(subresource)];
            raw.cmd_pipeline_barrier2(
                slot.cmd,
                &vk::DependencyInfo::default()
                    .memory_barriers(&earlier_writes)
                    .image_memory_barriers(&to_transfer),
            );
            let layers = vk::ImageSubresourceLayers {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                mip_level: 0,
                base_array_layer: 0,
                layer_count: 1,
            };
            let corner = |w: u32, h: u32| vk::Offset3D {
                x: w as i32,
                y: h as i32,
                z: 1,
            };
            let blit = vk::ImageBlit {
                src_subresource: layers,
                src_offsets: [vk::Offset3D::default(), corner(width_px, height_px)],
                dst_subresource: layers,
                dst_offsets: [
                    vk::Offset3D::default(),
                    corner(self.extent.width, self.extent.height),
                ],
            };
            raw.cmd_blit_image(
                slot.cmd,
                source,
                vk::ImageLayout::GENERAL,
                target,
                vk::ImageLayout::TRANSFER_DST_OPTIMAL,
                &[blit],
                vk::Filter::LINEAR,
            );
        }
        if let (Some(rect), Some(rows)) = (hud_rect, slot.hud.as_ref()) {
            swapchain_hud::record_panel(&self.device, slot.cmd, rows.raw, target, rect);
        }
        if let Some(buffer) = capture_buffer {
            display_capture::record_capture(&self.device, slot.cmd, buffer, target, self.extent);
        } else {
            let to_present = [vk::ImageMemoryBarrier2::default()
                .src_stage_mask(vk::PipelineStageFlags2::ALL_TRANSFER)
                .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
                .dst_stage_mask(vk::PipelineStageFlags2::NONE)
                .dst_access_mask(vk::AccessFlags2::NONE)
                .old_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
                .new_layout(vk::ImageLayout::PRESENT_SRC_KHR)
                .image(target)
                .subresource_range(swapchain_hud::COLOUR)];
            // SAFETY: `cmd` is recording; the image is the acquired one.
            unsafe {
                raw.cmd_pipeline_barrier2(
                    slot.cmd,
                    &vk::DependencyInfo::default().image_memory_barriers(&to_present),
                )
            };
        }
        // SAFETY: `cmd` is recording, outside any pass.
        unsafe { raw.end_command_buffer(slot.cmd) }.map_err(map_vk("ending a present"))?;
        let slot = &self.slots[self.next_slot];
        let waits = [vk::SemaphoreSubmitInfo::default()
            .semaphore(slot.image_available)
            .stage_mask(vk::PipelineStageFlags2::BLIT)];
        let signals = [vk::SemaphoreSubmitInfo::default()
            .semaphore(self.render_finished[image_index as usize])
            .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
        let commands = [vk::CommandBufferSubmitInfo::default().command_buffer(slot.cmd)];
        let submit = [vk::SubmitInfo2::default()
            .wait_semaphore_infos(&waits)
            .command_buffer_infos(&commands)
            .signal_semaphore_infos(&signals)];
        let present_waits = [self.render_finished[image_index as usize]];
        let swapchains = [self.swapchain];
        let indices = [image_index];
        let present = vk::PresentInfoKHR::default()
            .wait_semaphores(&present_waits)
            .swapchains(&swapchains)
            .image_indices(&indices);
        let queue = self.device.queue.lock();
        // SAFETY: the queue lock serialises queue use; every handle is live and the arrays
        // outlive the calls.
        let presented = unsafe {
            raw.queue_submit2(*queue, &submit, slot.done)
                .map_err(map_vk("submitting a present"))?;
            self.swapchain_fn.queue_present(*queue, &present)
        };
        drop(queue);
        match presented {
            Ok(suboptimal) => self.stale |= suboptimal,
            Err(vk::Result::ERROR_OUT_OF_DATE_KHR) => self.stale = true,
            Err(result) => return Err(map_vk("presenting")(result)),
        }
        if self.capture {
            self.captured_slot = Some(self.next_slot);
        }
        self.next_slot = (self.next_slot + 1) % SLOTS;
        self.presents += 1;
        Ok(())
    }

    /// The slot's HUD rows and capture buffer for this present: the HUD's visible size
    /// (`None`: nothing to draw) and the capture's buffer (`None`: capture off).
    #[allow(clippy::type_complexity)]
    fn prepare_extras(
        &mut self,
        hud: Option<&PanelCache>,
        hud_format: Option<memory::Format>,
    ) -> VkResult<(Option<(u32, u32)>, Option<vk::Buffer>)> {
        let slot = &mut self.slots[self.next_slot];
        let hud_rect = match (hud, hud_format) {
            (Some(cache), Some(format)) => swapchain_hud::prepare_panel(
                &self.device,
                (&mut slot.hud, &mut slot.hud_held),
                self.extent,
                format,
                cache,
            )?,
            _ => None,
        };
        let capture = if self.capture {
            Some(display_capture::prepare_capture(
                &self.device,
                &mut slot.capture,
                self.extent,
                self.format.format,
            )?)
        } else {
            None
        };
        Ok((hud_rect, capture))
    }

    /// An acquired image that will not be shown: a submission of no commands waits on its
    /// acquire semaphore (so the semaphore is free again), and the swapchain is made
    /// again before the next present, which returns the image.
    fn give_back_unshown(&mut self, image_available: vk::Semaphore) -> VkResult<()> {
        let waits = [vk::SemaphoreSubmitInfo::default()
            .semaphore(image_available)
            .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
        let submit = [vk::SubmitInfo2::default().wait_semaphore_infos(&waits)];
        let queue = self.device.queue.lock();
        // SAFETY: the queue lock serialises queue use; the semaphore has a pending signal
        // from the acquire and no other wait.
        unsafe {
            self.device
                .raw
                .queue_submit2(*queue, &submit, vk::Fence::null())
        }
        .map_err(map_vk("giving back an unshown swapchain image"))?;
        self.stale = true;
        Ok(())
    }
}

fn make_slot(device: &Device) -> VkResult<Slot> {
    let raw = &device.raw;
    let pool_info = vk::CommandPoolCreateInfo::default()
        .queue_family_index(device.queue_family_index)
        .flags(vk::CommandPoolCreateFlags::TRANSIENT);
    // SAFETY: valid create infos on a live device; the fence starts signalled so the first
    // present does not wait.
    unsafe {
        let pool = raw
            .create_command_pool(&pool_info, None)
            .map_err(map_vk("creating a window command pool"))?;
        let cmd = raw
            .allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default()
                    .command_pool(pool)
                    .level(vk::CommandBufferLevel::PRIMARY)
                    .command_buffer_count(1),
            )
            .map_err(map_vk("allocating a window command buffer"))?[0];
        let image_available = raw
            .create_semaphore(&vk::SemaphoreCreateInfo::default(), None)
            .map_err(map_vk("creating an acquire semaphore"))?;
        let done = raw
            .create_fence(
                &vk::FenceCreateInfo::default().flags(vk::FenceCreateFlags::SIGNALED),
                None,
            )
            .map_err(map_vk("creating a window fence"))?;
        Ok(Slot {
            pool,
            cmd,
            image_available,
            done,
            hud: None,
            hud_held: None,
            capture: Capture::default(),
        })
    }
}

impl Drop for WindowSurface {
    fn drop(&mut self) {
        let raw = &self.device.raw;
        // SAFETY: after the device is idle nothing uses the swapchain, its semaphores or
        // the slots; the surface goes after the swapchain made from it.
        unsafe {
            let _ = raw.device_wait_idle();
            for slot in self.slots.drain(..) {
                raw.destroy_fence(slot.done, None);
                raw.destroy_semaphore(slot.image_available, None);
                raw.destroy_command_pool(slot.pool, None);
            }
            for semaphore in self.render_finished.drain(..) {
                raw.destroy_semaphore(semaphore, None);
            }
            if self.swapchain != vk::SwapchainKHR::null() {
                self.swapchain_fn.destroy_swapchain(self.swapchain, None);
            }
            self.surface_fn.destroy_surface(self.surface, None);
        }
    }
}

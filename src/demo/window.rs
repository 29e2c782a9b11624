//! The demo's window on a display: winit's event loop pumped once a frame from the demo's
//! own loop, so the same frame code runs headless and windowed. Closing the window ends the
//! run early; a resize remakes the swapchain.

use std::time::Duration;

use anyhow::Context;
use gpu_vk::executor::gpu_frame_time::GpuFrameTime;
use raw_window_handle::{HasDisplayHandle, HasWindowHandle};
use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::platform::pump_events::EventLoopExtPumpEvents;
use winit::window::{Window, WindowId};

struct Handler {
    size_px: (u32, u32),
    window: Option<Window>,
    closed: bool,
    resized: Option<(u32, u32)>,
    error: Option<winit::error::OsError>,
}

impl ApplicationHandler for Handler {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        let attributes = Window::default_attributes()
            .with_title("Hookshot demo")
            .with_inner_size(PhysicalSize::new(self.size_px.0, self.size_px.1));
        match event_loop.create_window(attributes) {
            Ok(window) => self.window = Some(window),
            Err(error) => self.error = Some(error),
        }
    }

    fn window_event(&mut self, _: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested | WindowEvent::Destroyed => self.closed = true,
            WindowEvent::Resized(size) if size.width > 0 && size.height > 0 => {
                self.resized = Some((size.width, size.height))
            }
            _ => {}
        }
    }
}

pub struct DisplayWindow {
    event_loop: EventLoop<()>,
    handler: Handler,
    /// When the title last changed: it shows the figures once a second.
    titled_at: Option<std::time::Instant>,
}

impl DisplayWindow {
    /// Opens a window of `size_px` on the display.
    pub fn open(size_px: (u32, u32)) -> anyhow::Result<DisplayWindow> {
        let event_loop = EventLoop::new().context("connecting to the display")?;
        let mut window = DisplayWindow {
            event_loop,
            handler: Handler {
                size_px,
                window: None,
                closed: false,
                resized: None,
                error: None,
            },
            titled_at: None,
        };
        // The window is made when the loop first resumes.
        for _ in 0..100 {
            window.pump();
            if let Some(error) = window.handler.error.take() {
                return Err(error).context("opening the demo's window");
            }
            if window.handler.window.is_some() {
                return Ok(window);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        anyhow::bail!("the display did not open a window within a second")
    }

    /// Handles what the display sent since the last call.
    pub fn pump(&mut self) {
        let _ = self
            .event_loop
            .pump_app_events(Some(Duration::ZERO), &mut self.handler);
    }

    /// Shows the HUD's main figures in the window's title, at most once a second.
    pub fn show_figures(&mut self, frames: &gpu_vk::executor::frame_stats::FrameStats) {
        let now = std::time::Instant::now();
        if self
            .titled_at
            .is_some_and(|at| now.duration_since(at) < Duration::from_secs(1))
        {
            return;
        }
        if let Some(window) = &self.handler.window {
            let gpu = match frames.gpu {
                GpuFrameTime::Measured { ms, .. } => format!("{ms:.2} ms GPU"),
                GpuFrameTime::Pending => "GPU time pending".to_owned(),
                GpuFrameTime::NoTimestamps => "no GPU time (no timestamps)".to_owned(),
            };
            window.set_title(&format!(
                "Hookshot demo - {:.1} fps, {:.2} ms, {gpu}, {} pipelines compiled last frame",
                frames.fps, frames.frame_ms, frames.last_frame.pipelines
            ));
            self.titled_at = Some(now);
        }
    }

    pub fn closed(&self) -> bool {
        self.handler.closed
    }

    /// The new size, once, after a resize.
    pub fn take_resize(&mut self) -> Option<(u32, u32)> {
        self.handler.resized.take()
    }

    /// A swapchain for the window on `device`.
    pub fn surface(
        &self,
        device: &std::sync::Arc<gpu_vk::Device>,
    ) -> anyhow::Result<gpu_vk::present::window_surface::WindowSurface> {
        let window = self.handler.window.as_ref().context("the window is open")?;
        let display = window
            .display_handle()
            .context("the display's handle")?
            .as_raw();
        let handle = window
            .window_handle()
            .context("the window's handle")?
            .as_raw();
        let size = window.inner_size();
        // SAFETY: the window lives in `self`, and the demo drops the surface (by ending
        // the NVN window, which drops it in the executor) before it drops `self`.
        let surface = unsafe {
            gpu_vk::present::window_surface::WindowSurface::new(
                device,
                display,
                handle,
                (size.width, size.height),
            )
        }?;
        Ok(surface)
    }
}

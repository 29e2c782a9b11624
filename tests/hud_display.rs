//! The HUD in the image a swapchain presents, on the real driver with validation and
//! synchronization validation on: an X window of the test's own on Xvfb runs the window
//! path in full (acquire, the texture's blit, the HUD's pass, present), and the capture
//! of each presented swapchain image is read back: its panel reads as the stats query's
//! lines, glyph for glyph against a CPU rendering of the font, at the display's scale
//! whatever the blit's; past the panel it is the game's picture. The `gpu` line is the
//! GPU frame time the stats give, measured from timestamps. A swapchain with no display
//! (`VK_EXT_headless_surface`) runs the same checks where the driver offers it, and is
//! refused by name where it does not (Debian 12's lavapipe).

mod common;

use common::device::{cached_pool, executor_device};
use common::draw::colour;
use common::hud_text::{check_text, pixel, read_line};
use common::virtual_display::VirtualDisplay;
use common::TestGpu;
use gpu::command::ClearValue;
use gpu::objects::{TextureBuilder, TextureFlags, ViewMaker, WindowMaker};
use gpu::state::ComponentMask;
use gpu::switches::hud_items::parse_items;
use gpu_vk::executor::gpu_frame_time::GpuFrameTime;
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::present::hud::font::CELL_W_PX;
use gpu_vk::present::hud::lines;
use gpu_vk::present::hud::panel::{BACKGROUND, PADDING_PX};
use gpu_vk::present::window_surface::WindowSurface;
use memory::Format;
use raw_window_handle::{XcbDisplayHandle, XcbWindowHandle};
use std::num::NonZeroU32;
use std::ptr::NonNull;
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ConnectionExt, CreateWindowAux, WindowClass};
use x11rb::xcb_ffi::XCBConnection;
use x11rb::COPY_DEPTH_FROM_PARENT;

const TEXTURE_W_PX: u32 = 240;
const TEXTURE_H_PX: u32 = 120;
const CLEAR: [u8; 4] = [0, 0, 255, 255];
const ITEMS: &str = "fps,gpu,frametime,pipelines,cache";

/// An X window, mapped, on its own connection to the display `DISPLAY` names.
struct XWindow {
    connection: XCBConnection,
    screen: usize,
    window: u32,
}

impl XWindow {
    fn open((width_px, height_px): (u32, u32)) -> XWindow {
        let (connection, screen) = XCBConnection::connect(None).expect("a connection to Xvfb");
        let root = &connection.setup().roots[screen];
        let (root_window, visual) = (root.root, root.root_visual);
        let window = connection.generate_id().unwrap();
        connection
            .create_window(
                COPY_DEPTH_FROM_PARENT,
                window,
                root_window,
                0,
                0,
                width_px as u16,
                height_px as u16,
                0,
                WindowClass::INPUT_OUTPUT,
                visual,
                &CreateWindowAux::new(),
            )
            .unwrap();
        connection.map_window(window).unwrap();
        connection.flush().unwrap();
        XWindow {
            connection,
            screen,
            window,
        }
    }

    fn surface(
        &self,
        device: &std::sync::Arc<gpu_vk::Device>,
        size_px: (u32, u32),
    ) -> WindowSurface {
        let display = XcbDisplayHandle::new(
            NonNull::new(self.connection.get_raw_xcb_connection()),
            self.screen as i32,
        );
        let window = XcbWindowHandle::new(NonZeroU32::new(self.window).unwrap());
        // SAFETY: the connection and window outlive the surface (the caller drops the
        // executor, and with it the surface, first).
        unsafe { WindowSurface::new(device, display.into(), window.into(), size_px) }.unwrap()
    }
}

/// Where the swapchain comes from.
enum Surface<'a> {
    X(&'a XWindow),
    Headless,
}

/// Presents `frames` cleared frames to a swapchain of `display_px` and checks each
/// presented swapchain image.
fn present_to_a_swapchain(
    gpu: &TestGpu,
    surface: Surface<'_>,
    texture_format: &str,
    display_px: (u32, u32),
    frames: u64,
) {
    let backend = VkBackend::new(&gpu.device, ExecutorOptions::default()).unwrap();
    let (device, backend) = executor_device(backend);
    let items = parse_items(ITEMS).unwrap();
    backend.lock().set_hud(items.clone());
    let pool = cached_pool(&device, 4 << 20);
    let builder = TextureBuilder::new_2d(
        Format::from_name(texture_format).unwrap(),
        TEXTURE_W_PX,
        TEXTURE_H_PX,
    )
    .flags(TextureFlags::DISPLAY);
    let texture = device.create_texture(&builder, pool, 0).unwrap();
    let view = device.create_view(&ViewMaker::whole(texture)).unwrap();
    let window = device
        .create_window(&WindowMaker {
            textures: vec![texture],
            present_interval: 1,
        })
        .unwrap();
    let mut surface = match surface {
        Surface::X(window) => window.surface(&gpu.device, display_px),
        Surface::Headless => WindowSurface::headless(&gpu.device, display_px).unwrap(),
    };
    surface.set_capture(true).unwrap();
    backend.lock().attach_surface(window, surface);
    // Presents show only in the swapchain: the snapshot path draws nothing here.
    backend.lock().set_present_snapshots(window, false);

    let mut measured = 0;
    for frame in 1..=frames {
        let mut commands = device.command_buffer();
        commands.bind_render_targets(colour(view)).unwrap();
        commands
            .clear_color(
                0,
                ClearValue::Float([0.0, 0.0, 1.0, 1.0]),
                ComponentMask::ALL,
            )
            .unwrap();
        device.queue().submit(&commands.finish()).unwrap();
        // The HUD's text is drawn again four times a second: each present here is one
        // that draws it.
        std::thread::sleep(gpu_vk::present::hud::cache::TEXT_EVERY);
        // The GPU figure changes only at presents: the one drawn is the one before.
        let gpu_before = backend.lock().frame_stats().gpu;
        device.queue().present(window, 0).unwrap();
        let (image, mut figures) = {
            let mut backend = backend.lock();
            let surface = backend.surface_mut(window).unwrap();
            let image = surface.read_displayed().unwrap().expect("a capture");
            (image, backend.hud_figures())
        };
        assert_eq!((image.width_px, image.height_px), display_px);
        assert_eq!(figures.frames.frames, frame);
        figures.frames.gpu = gpu_before;
        let expected = lines(&items, &figures);
        check_text(&image, &expected);
        let gpu_line = read_line(&image, 1, 24);
        match gpu_before {
            GpuFrameTime::Measured { ms, .. } => {
                measured += 1;
                assert_eq!(gpu_line, format!("GPU {ms:.2} MS"));
                assert!(ms >= 0.0);
            }
            GpuFrameTime::Pending => assert_eq!(gpu_line, "GPU -- MS"),
            GpuFrameTime::NoTimestamps => panic!("lavapipe writes timestamps"),
        }
        // Past the panel, the game's clear colour, scaled to the display.
        let panel_w_px =
            expected.iter().map(|l| l.len() as u32).max().unwrap() * CELL_W_PX + 2 * PADDING_PX;
        for y in 0..display_px.1 {
            assert_eq!(pixel(&image, display_px.0 - 1, y), CLEAR, "y {y}");
        }
        for x in panel_w_px.max(128)..display_px.0 {
            assert_eq!(pixel(&image, x, 0), CLEAR, "x {x}");
        }
        assert_eq!(pixel(&image, 0, display_px.1 - 1), CLEAR);
        assert_eq!(pixel(&image, 0, 0), BACKGROUND);
    }
    assert!(
        measured >= frames - 3,
        "{measured} of {frames} frames measured"
    );
    let presents = backend.lock().surface_mut(window).unwrap().presents;
    assert_eq!(presents, frames);
    drop(device);
    drop(backend);
}

#[test]
fn the_hud_is_drawn_into_presented_swapchain_images() {
    let display = VirtualDisplay::start(7);
    // Read once, at instance creation: the X surface extensions are enabled with it. This
    // test is the file's only one, so no other thread reads the environment meanwhile.
    std::env::set_var("DISPLAY", &display.name);
    std::env::remove_var("WAYLAND_DISPLAY");
    let gpu = TestGpu::open();
    let same_size = (TEXTURE_W_PX, TEXTURE_H_PX);
    let window = XWindow::open(same_size);
    present_to_a_swapchain(&gpu, Surface::X(&window), "rgba8", same_size, 6);
    // The texture blitted at twice its size: the panel's glyphs stay one pixel a display
    // pixel.
    let twice = (TEXTURE_W_PX * 2, TEXTURE_H_PX * 2);
    let large_window = XWindow::open(twice);
    present_to_a_swapchain(&gpu, Surface::X(&large_window), "bgra8", twice, 4);

    if gpu.device.instance.headless_surface {
        present_to_a_swapchain(&gpu, Surface::Headless, "rgba8", same_size, 4);
    } else {
        let refused = WindowSurface::headless(&gpu.device, same_size)
            .err()
            .unwrap();
        assert!(
            refused.to_string().contains("VK_EXT_headless_surface"),
            "{refused}"
        );
    }
    drop(gpu);
    drop(window);
    drop(large_window);
}

//! The HUD in the image a swapchain presents, on the real driver with validation and
//! synchronization validation on: a swapchain on a surface with no display
//! (`VK_EXT_headless_surface`, which Mesa offers) runs the window path in full (acquire,
//! the texture's blit, the HUD's pass, present), and the capture of each presented
//! swapchain image is read back: its panel reads as the stats query's lines, glyph for
//! glyph against a CPU rendering of the font, at the display's scale whatever the
//! blit's; past the panel it is the game's picture. The `gpu` line is the GPU frame time
//! the stats give, measured from timestamps.

mod common;

use common::device::{cached_pool, executor_device};
use common::draw::colour;
use common::hud_text::{check_text, pixel, read_line};
use common::TestGpu;
use gpu::command::ClearValue;
use gpu::objects::{TextureBuilder, TextureFlags, ViewMaker, WindowMaker};
use gpu::state::ComponentMask;
use gpu::switches::hud_items::parse_items;
use gpu_vk::executor::gpu_frame_time::GpuFrameTime;
use gpu_vk::executor::{ExecutorOptions, VkBackend};
use gpu_vk::present::hud::lines;
use gpu_vk::present::hud::font::CELL_W_PX;
use gpu_vk::present::hud::panel::{BACKGROUND, PADDING_PX};
use gpu_vk::present::window_surface::WindowSurface;
use memory::Format;

const TEXTURE_W_PX: u32 = 240;
const TEXTURE_H_PX: u32 = 120;
const CLEAR: [u8; 4] = [0, 0, 255, 255];
const ITEMS: &str = "fps,gpu,frametime,pipelines,cache";

/// Presents `frames` cleared frames to a headless swapchain of `display_px` and checks
/// each presented swapchain image.
fn present_to_a_headless_swapchain(texture_format: &str, display_px: (u32, u32), frames: u64) {
    let gpu = TestGpu::open();
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
    let mut surface = WindowSurface::headless(&gpu.device, display_px).unwrap_or_else(|error| {
        panic!("a swapchain with no display (Mesa offers VK_EXT_headless_surface): {error}")
    });
    surface.set_capture(true).unwrap();
    backend.lock().attach_surface(window, surface);
    // Presents show only in the swapchain: the snapshot path draws nothing here.
    backend.lock().set_present_snapshots(window, false);

    let mut measured = 0;
    for frame in 1..=frames {
        let mut commands = device.command_buffer();
        commands.bind_render_targets(colour(view)).unwrap();
        commands
            .clear_color(0, ClearValue::Float([0.0, 0.0, 1.0, 1.0]), ComponentMask::ALL)
            .unwrap();
        device.queue().submit(&commands.finish()).unwrap();
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
    assert!(measured >= frames - 3, "{measured} of {frames} frames measured");
    let presents = backend.lock().surface_mut(window).unwrap().presents;
    assert_eq!(presents, frames);
    drop(device);
    drop(backend);
    drop(gpu);
}

#[test]
fn the_hud_is_drawn_into_the_presented_swapchain_image() {
    present_to_a_headless_swapchain("rgba8", (TEXTURE_W_PX, TEXTURE_H_PX), 6);
}

#[test]
fn the_hud_keeps_the_display_scale_when_the_texture_is_scaled() {
    // The texture is blitted at twice its size; the panel's glyphs stay one pixel a
    // display pixel.
    present_to_a_headless_swapchain("bgra8", (TEXTURE_W_PX * 2, TEXTURE_H_PX * 2), 4);
}

#[test]
fn a_frames_gpu_time_is_measured_from_its_timestamps() {
    let gpu = TestGpu::open();
    let backend = VkBackend::new(&gpu.device, ExecutorOptions::default()).unwrap();
    let (device, backend) = executor_device(backend);
    let pool = cached_pool(&device, 4 << 20);
    let builder = TextureBuilder::new_2d(Format::Rgba8, 512, 512).flags(TextureFlags::DISPLAY);
    let texture = device.create_texture(&builder, pool, 0).unwrap();
    let view = device.create_view(&ViewMaker::whole(texture)).unwrap();
    let window = device
        .create_window(&WindowMaker {
            textures: vec![texture],
            present_interval: 1,
        })
        .unwrap();
    assert_eq!(backend.lock().frame_stats().gpu, GpuFrameTime::Pending);
    let mut walls_ms = Vec::new();
    for frame in 1..=5u64 {
        let started = std::time::Instant::now();
        for _ in 0..frame {
            let mut commands = device.command_buffer();
            commands.bind_render_targets(colour(view)).unwrap();
            commands
                .clear_color(0, ClearValue::Float([0.5, 0.0, 1.0, 1.0]), ComponentMask::ALL)
                .unwrap();
            device.queue().submit(&commands.finish()).unwrap();
        }
        device.queue().present(window, 0).unwrap();
        device.queue().finish().unwrap();
        walls_ms.push(started.elapsed().as_secs_f64() * 1000.0);
        // Every earlier frame finished before this present: the figure is the previous
        // frame's, read without waiting
        // (This frame's own, where the GPU was done with it by its present.)
        let stats = backend.lock().frame_stats();
        if frame == 1 && stats.gpu == GpuFrameTime::Pending {
            continue;
        }
        let GpuFrameTime::Measured { ms, frame: of } = stats.gpu else {
            panic!("frame {frame}: {:?}", stats.gpu);
        };
        assert!(of == frame || of + 1 == frame, "frame {frame}: frame {of}'s figure");
        // The frame's submissions ran within its wall time (submit to finish).
        let wall_ms = walls_ms[(of - 1) as usize];
        assert!(ms > 0.0 && f64::from(ms) <= wall_ms, "{ms} ms of {wall_ms} ms");
    }
    drop(device);
    drop(backend);
    drop(gpu);
}

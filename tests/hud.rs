//! The HUD (`RX_VK_HUD`) in presented frames on the real driver (lavapipe in CI), with
//! validation on: the panel lies over the top left of what was presented, its text reads
//! back (each glyph cell matched against the font) as the figures the stats query gives
//! for that frame, its pixels are those of a CPU rendering of those lines, the frame-time
//! graph has one bar a frame, and the rest of the image is the game's.

mod common;

use common::device::{cached_pool, executor_device};
use common::draw::colour;
use common::hud_text::{check_text, pixel};
use common::TestGpu;
use gpu::command::ClearValue;
use gpu::objects::{TextureBuilder, TextureFlags, ViewMaker, WindowMaker};
use gpu::state::ComponentMask;
use gpu::switches::hud_items::parse_items;
use gpu_vk::executor::gpu_frame_time::GpuFrameTime;
use gpu_vk::executor::{ExecutorOptions, PresentedImage, VkBackend};
use gpu_vk::present::hud::font::{CELL_H_PX, CELL_W_PX};
use gpu_vk::present::hud::panel::{BACKGROUND, GRAPH_H_PX, PADDING_PX};
use gpu_vk::present::hud::{lines, HudFigures};
use memory::Format;

const WIDTH_PX: u32 = 320;
const HEIGHT_PX: u32 = 160;
const CLEAR: [u8; 4] = [0, 0, 255, 255];

#[test]
fn the_hud_is_drawn_over_presented_frames_and_reads_as_the_stats() {
    for format in ["rgba8", "bgra8"] {
        let gpu = TestGpu::open();
        let backend = VkBackend::new(&gpu.device, ExecutorOptions::default()).unwrap();
        let (device, backend) = executor_device(backend);
        backend
            .lock()
            .set_hud(parse_items("fps,frametime,pipelines,budget,cache,writeback,traps").unwrap());
        let items = parse_items("fps,frametime,pipelines,budget,cache,writeback,traps").unwrap();
        let pool = cached_pool(&device, 4 << 20);
        let builder =
            TextureBuilder::new_2d(Format::from_name(format).unwrap(), WIDTH_PX, HEIGHT_PX)
                .flags(TextureFlags::DISPLAY);
        let texture = device.create_texture(&builder, pool, 0).unwrap();
        let view = device.create_view(&ViewMaker::whole(texture)).unwrap();
        let window = device
            .create_window(&WindowMaker {
                textures: vec![texture],
                present_interval: 1,
            })
            .unwrap();
        for frame in 0..4 {
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
            // The HUD's text is drawn again four times a second: each present here is
            // one that draws it.
            std::thread::sleep(gpu_vk::present::hud::cache::TEXT_EVERY);
            device.queue().present(window, 0).unwrap();
            let (image, figures): (PresentedImage, HudFigures) = {
                let mut backend = backend.lock();
                let image = backend.read_presented(window).unwrap().unwrap();
                (image, backend.hud_figures())
            };
            assert_eq!(figures.frames.frames, frame + 1);
            let expected = lines(&items, &figures);
            check_text(&image, &expected);
            // The FPS figure reads back as the stats query's, to its one decimal.
            assert_eq!(expected[0], format!("FPS {:.1}", figures.frames.fps));
            // The graph: one bar a frame after the first, bottom-aligned, left to right.
            let graph_top = PADDING_PX + expected.len() as u32 * CELL_H_PX;
            let bottom = graph_top + GRAPH_H_PX - 1;
            let bars = (0..WIDTH_PX)
                .take_while(|x| pixel(&image, PADDING_PX + x, bottom) != BACKGROUND)
                .count();
            assert_eq!(bars, figures.frames.frame_ms_history.len(), "frame {frame}");
            // Past the panel, the game's clear colour.
            let panel_w =
                PADDING_PX * 2 + expected.iter().map(|l| l.len() as u32).max().unwrap() * CELL_W_PX;
            for y in 0..HEIGHT_PX {
                assert_eq!(pixel(&image, WIDTH_PX - 1, y), CLEAR);
            }
            for x in panel_w.max(128)..WIDTH_PX {
                assert_eq!(pixel(&image, x, 0), CLEAR);
            }
            assert_eq!(pixel(&image, 0, HEIGHT_PX - 1), CLEAR);
        }
        drop(device);
        drop(backend);
        drop(gpu);
    }
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
                .clear_color(
                    0,
                    ClearValue::Float([0.5, 0.0, 1.0, 1.0]),
                    ComponentMask::ALL,
                )
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
        assert!(
            of == frame || of + 1 == frame,
            "frame {frame}: frame {of}'s figure"
        );
        // The frame's submissions ran within its wall time (submit to finish).
        let wall_ms = walls_ms[(of - 1) as usize];
        assert!(
            ms > 0.0 && f64::from(ms) <= wall_ms,
            "{ms} ms of {wall_ms} ms"
        );
    }
    drop(device);
    drop(backend);
    drop(gpu);
}

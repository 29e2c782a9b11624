//! `examples/display_hud.c`: a C program's XCB window (under Xvfb) with the HUD on and
//! display capture on: the swapchain image its last present gave the display carries the
//! HUD's panel, whose lines are the ones the HUD's CPU model renders from the stats the
//! program printed (`hsDeviceGetStats`), pixel for pixel against the font; past the panel,
//! the game's clear colour. The GPU line is the GPU frame time, measured from the second
//! frame on. A headless window is made or refused by name of the driver's extension.

mod common;

use gpu::switches::hud_items::parse_items;
use gpu_vk::executor::frame_stats::{FrameStats, Totals};
use gpu_vk::executor::gpu_frame_time::GpuFrameTime;
use gpu_vk::present::hud::font::{lit, CELL_H_PX, CELL_W_PX};
use gpu_vk::present::hud::panel::{BACKGROUND, PADDING_PX, TEXT};
use gpu_vk::present::hud::{lines, HudFigures};

const SIZE_PX: u32 = 200;

/// The figures of one printed line.
fn figures(line: &str) -> HudFigures {
    let words: Vec<&str> = line.split_whitespace().collect();
    let value = |name: &str| -> &str {
        let at = words.iter().position(|word| *word == name).expect(name);
        words[at + 1]
    };
    let gpu = match value("gpu_state") {
        "0" => GpuFrameTime::Pending,
        "1" => GpuFrameTime::Measured {
            ms: value("gpu_ms").parse().unwrap(),
            frame: 0,
        },
        "2" => GpuFrameTime::NoTimestamps,
        other => panic!("gpu_state {other}"),
    };
    HudFigures {
        frames: FrameStats {
            fps: value("fps").parse().unwrap(),
            frame_ms: value("frame_ms").parse().unwrap(),
            last_frame: Totals {
                pipelines: value("pipelines").parse().unwrap(),
                ..Totals::default()
            },
            total: Totals {
                pipelines: value("total").parse().unwrap(),
                ..Totals::default()
            },
            gpu,
            ..FrameStats::default()
        },
        ..HudFigures::default()
    }
}

#[test]
fn the_hud_reaches_what_the_display_window_is_given() {
    let program = common::build("display_hud");
    let (_dir, out) = common::temp_file("display.rgba");
    let output = common::run_on_virtual_display_with(&program, &[out.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let frames: Vec<&str> = stdout.lines().filter(|l| l.starts_with("frame ")).collect();
    assert_eq!(frames.len(), 5, "{stdout}");
    let last = figures(frames[4]);
    assert!(
        matches!(last.frames.gpu, GpuFrameTime::Measured { ms, .. } if ms > 0.0),
        "lavapipe writes timestamps: {stdout}"
    );
    assert!(
        stdout.contains("headless: made") || stdout.contains("headless: refused"),
        "{stdout}"
    );

    let image = std::fs::read(&out).unwrap();
    assert_eq!(image.len(), (SIZE_PX * SIZE_PX * 4) as usize);
    let pixel = |x: u32, y: u32| -> [u8; 4] {
        let at = ((y * SIZE_PX + x) * 4) as usize;
        image[at..at + 4].try_into().unwrap()
    };
    let expected = lines(&parse_items("fps,gpu,pipelines").unwrap(), &last);
    assert!(expected[1].starts_with("GPU ") && expected[1].ends_with(" MS"));
    for (row, line) in expected.iter().enumerate() {
        let top = PADDING_PX + row as u32 * CELL_H_PX;
        for (column, c) in line.chars().enumerate() {
            let left = PADDING_PX + column as u32 * CELL_W_PX;
            for y in 0..CELL_H_PX {
                for x in 0..CELL_W_PX {
                    let want = if lit(c, x, y) { TEXT } else { BACKGROUND };
                    assert_eq!(
                        pixel(left + x, top + y),
                        want,
                        "{line:?}: {c:?} at ({x}, {y})"
                    );
                }
            }
        }
    }
    // Past the panel, the game's blue.
    assert_eq!(pixel(SIZE_PX - 1, SIZE_PX - 1), [0, 0, 255, 255]);
    assert_eq!(pixel(SIZE_PX - 1, 0), [0, 0, 255, 255]);
    assert_eq!(pixel(0, SIZE_PX - 1), [0, 0, 255, 255]);
}

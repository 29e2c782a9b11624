//! `examples/stats.c`: `hsDeviceGetStats` counts the pipelines compiled during each
//! frame (a frame drawn with a program new to it compiles, a frame that repeats one does
//! not), the frames and their time, the submissions' CPU time and its stages; and
//! `RX_VK_HUD`, set through the device builder, puts the HUD's panel on the presented
//! image a C program reads back.

mod common;

use gpu_vk::present::hud::font::{lit, CELL_H_PX, CELL_W_PX};
use gpu_vk::present::hud::panel::{BACKGROUND, PADDING_PX, TEXT};

const SIZE_PX: usize = 160;

#[derive(Debug)]
struct Frame {
    frames: u64,
    pipelines: u64,
    total: u64,
    time_ms: f64,
    submit_ns: u64,
    prepare_ns: u64,
    record_ns: u64,
    split_lists: u64,
    body_ns: u64,
}

fn parse(line: &str) -> Frame {
    let words: Vec<&str> = line.split_whitespace().collect();
    let value = |name: &str| -> &str {
        let at = words.iter().position(|word| *word == name).expect(name);
        words[at + 1]
    };
    Frame {
        frames: value("frames").parse().unwrap(),
        pipelines: value("pipelines").parse().unwrap(),
        total: value("total").parse().unwrap(),
        time_ms: value("time_ms").parse().unwrap(),
        submit_ns: value("submit_ns").parse().unwrap(),
        prepare_ns: value("prepare_ns").parse().unwrap(),
        record_ns: value("record_ns").parse().unwrap(),
        split_lists: value("split_lists").parse().unwrap(),
        body_ns: value("body_ns").parse().unwrap(),
    }
}

#[test]
fn stats_count_each_frames_pipelines_and_the_hud_reaches_the_present() {
    let program = common::build("stats");
    let (_dir, out) = common::temp_file("stats.rgba");
    let output = common::run(&program, &[out.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let frames: Vec<Frame> = stdout
        .lines()
        .filter(|line| line.starts_with("frame "))
        .map(parse)
        .collect();
    assert_eq!(frames.len(), 4, "{stdout}");
    for (index, frame) in frames.iter().enumerate() {
        assert_eq!(frame.frames, index as u64 + 1, "{stdout}");
    }
    // New programs at frames 1 and 3 compile; frames 2 and 4 reuse.
    assert!(frames[0].pipelines > 0, "{stdout}");
    assert_eq!(frames[1].pipelines, 0, "{stdout}");
    assert!(frames[2].pipelines > 0, "{stdout}");
    assert_eq!(frames[3].pipelines, 0, "{stdout}");
    assert_eq!(frames[3].total, frames[2].total);
    assert_eq!(frames[2].total, frames[1].total + frames[2].pipelines);
    assert_eq!(
        frames[0].time_ms, 0.0,
        "no frame time before the second present"
    );
    assert!(
        frames[1..].iter().all(|frame| frame.time_ms > 0.0),
        "{stdout}"
    );

    // Each frame submits once more: its submit's time adds to the totals, and the two
    // stages are parts of it.
    for pair in frames.windows(2) {
        assert!(pair[1].submit_ns > pair[0].submit_ns, "{stdout}");
        assert!(pair[1].prepare_ns > pair[0].prepare_ns, "{stdout}");
        assert!(pair[1].record_ns > pair[0].record_ns, "{stdout}");
        // Each frame's list binds its target and program before its draw: its passes
        // and draws are recorded by the submitting thread, off the lock.
        assert_eq!(pair[1].split_lists, pair[0].split_lists + 1, "{stdout}");
        assert!(pair[1].body_ns > pair[0].body_ns, "{stdout}");
    }
    for frame in &frames {
        assert!(frame.prepare_ns > 0 && frame.record_ns > 0, "{stdout}");
        assert!(
            frame.prepare_ns + frame.record_ns <= frame.submit_ns,
            "{stdout}"
        );
    }

    let image = std::fs::read(&out).unwrap();
    let pixel = |x: usize, y: usize| -> [u8; 4] {
        let at = (y * SIZE_PX + x) * 4;
        image[at..at + 4].try_into().unwrap()
    };
    assert_eq!(pixel(0, 0), BACKGROUND);
    // The panel's first line starts "FPS", glyph for glyph.
    for (column, c) in "FPS".chars().enumerate() {
        let left = PADDING_PX as usize + column * CELL_W_PX as usize;
        for y in 0..CELL_H_PX {
            for x in 0..CELL_W_PX {
                let want = if lit(c, x, y) { TEXT } else { BACKGROUND };
                let top = PADDING_PX as usize;
                assert_eq!(pixel(left + x as usize, top + y as usize), want, "{c}");
            }
        }
    }
    // Below the panel, the game's last frame: its red triangle over black.
    assert_eq!(pixel(10, 100), [255, 0, 0, 255]);
    assert_eq!(pixel(SIZE_PX - 1, SIZE_PX - 1), [0, 0, 0, 255]);
}

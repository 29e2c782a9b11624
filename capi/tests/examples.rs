//! The C examples, built against the header and the static library, run on the driver
//! with validation on, their pixels compared with CPU references.

mod common;

/// `examples/triangle.c`: green over the upper-left half of a black 64x64 target.
#[test]
fn triangle_draws_its_half_of_the_target() {
    const SIZE_PX: u32 = 64;
    let program = common::build("triangle");
    let (_dir, out) = common::temp_file("triangle.rgba");
    common::run(&program, &[out.to_str().unwrap()]);
    let texels = std::fs::read(&out).expect("the example wrote its image");
    common::check_triangle_image(&texels, SIZE_PX, [0, 255, 0, 255], [0, 0, 0, 255]);
}

/// `examples/errors.c`: each bad input fails with its code and one callback message.
#[test]
fn every_bad_input_fails_with_a_message() {
    let program = common::build("errors");
    let output = common::run(&program, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout
        .lines()
        .find(|line| line.starts_with("error cases:"))
        .unwrap_or_else(|| panic!("no summary in:\n{stdout}"));
    assert!(summary.ends_with(", 0 failed"), "{stdout}");
    let passed: u32 = summary
        .trim_start_matches("error cases: ")
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a count");
    assert!(passed >= 30, "{stdout}");
    assert!(!stdout.contains("FAIL"), "{stdout}");
}

/// `examples/threads.c`: four threads record at once; each target has its thread's clear
/// and tint, so a command recorded into another thread's buffer would show.
#[test]
fn four_threads_record_command_buffers_at_once() {
    const SIZE_PX: u32 = 64;
    let program = common::build("threads");
    let (_dir, out) = common::temp_file("threads.rgba");
    common::run(&program, &[out.to_str().unwrap()]);
    let texels = std::fs::read(&out).expect("the example wrote its images");
    let image_b = (SIZE_PX * SIZE_PX * 4) as usize;
    assert_eq!(texels.len(), 4 * image_b);
    for (index, image) in texels.chunks(image_b).enumerate() {
        let step = index as u8 + 1;
        common::check_triangle_image(
            image,
            SIZE_PX,
            [50 * step, 200, 0, 255],
            [0, 0, 60 * step, 255],
        );
    }
}

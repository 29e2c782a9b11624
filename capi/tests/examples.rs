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
    assert_eq!(texels.len(), (SIZE_PX * SIZE_PX * 4) as usize);
    let corners = [[-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]];
    let mut checked = 0;
    for y in 0..SIZE_PX {
        for x in 0..SIZE_PX {
            let (inside, margin) = common::triangle_coverage(SIZE_PX, corners, x, y);
            if margin < 0.75 {
                continue;
            }
            let at = ((y * SIZE_PX + x) * 4) as usize;
            let expected: [u8; 4] = if inside {
                [0, 255, 0, 255]
            } else {
                [0, 0, 0, 255]
            };
            assert_eq!(texels[at..at + 4], expected, "pixel ({x}, {y})");
            checked += 1;
        }
    }
    assert!(checked > 3600, "only {checked} pixels away from the edges");
}

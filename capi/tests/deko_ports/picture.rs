//! CPU models of deko3d's samples' pictures as the console draws them into a 1280x720
//! framebuffer (NVN's default window: clip-space y up, +1 on the first row), written from
//! the samples' description: the clears of Example01, the triangle of Example02, the cube
//! of Examples 03, 04 and 06. Shared by the C ports' tests and the Rust API's
//! (`tests/deko_samples.rs` includes this file).

pub const WIDTH_PX: usize = 1280;
pub const HEIGHT_PX: usize = 720;

pub fn pixel(image: &[u8], x: usize, row: usize) -> [u8; 4] {
    let at = (row * WIDTH_PX + x) * 4;
    image[at..at + 4].try_into().unwrap()
}

pub fn unorm8(value: f64) -> u8 {
    (value.clamp(0.0, 1.0) * 255.0).round() as u8
}

pub fn close(got: [u8; 4], expected: [u8; 4], steps: u8) -> bool {
    got.iter()
        .zip(expected)
        .all(|(&g, e)| g.abs_diff(e) <= steps)
}

/// Barycentric weights of clip-space point `p` in triangle `t`.
pub fn barycentric(t: [[f64; 2]; 3], p: [f64; 2]) -> [f64; 3] {
    let [a, b, c] = t;
    let det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
    let l0 = ((b[1] - c[1]) * (p[0] - c[0]) + (c[0] - b[0]) * (p[1] - c[1])) / det;
    let l1 = ((c[1] - a[1]) * (p[0] - c[0]) + (a[0] - c[0]) * (p[1] - c[1])) / det;
    [l0, l1, 1.0 - l0 - l1]
}

/// Pixel (x, row)'s centre in clip space under NVN's default window over the whole
/// framebuffer: +y on the first row.
pub fn clip_of(x: usize, row: usize) -> [f64; 2] {
    [
        (x as f64 + 0.5) / (WIDTH_PX as f64 / 2.0) - 1.0,
        1.0 - (row as f64 + 0.5) / (HEIGHT_PX as f64 / 2.0),
    ]
}

/// Example01: nested scissored clears, rows counted from the first: dark green, a pale
/// 400x400 box in the middle, and in it (5x4 tiles of 80x100) one tile of the second row's
/// third column and three of the third row from the second column in mid green.
pub fn check_simple_setup(image: &[u8], what: &str) {
    let (box_px, tile_w, tile_h) = (400, 80, 100);
    let (box_x, box_y) = (WIDTH_PX / 2 - box_px / 2, HEIGHT_PX / 2 - box_px / 2);
    let within = |x: usize, row: usize, left: usize, top: usize, w: usize, h: usize| {
        (left..left + w).contains(&x) && (top..top + h).contains(&row)
    };
    let dark = [0, unorm8(0.25), 0, 255];
    let pale = [229, 255, 232, 255];
    let mid = [0, unorm8(0.5), 0, 255];
    for row in 0..HEIGHT_PX {
        for x in 0..WIDTH_PX {
            let expected = if within(x, row, box_x + 2 * tile_w, box_y + tile_h, tile_w, tile_h)
                || within(
                    x,
                    row,
                    box_x + tile_w,
                    box_y + 2 * tile_h,
                    3 * tile_w,
                    tile_h,
                ) {
                mid
            } else if within(x, row, box_x, box_y, box_px, box_px) {
                pale
            } else {
                dark
            };
            let got = pixel(image, x, row);
            assert!(
                close(got, expected, 1),
                "{what} ({x}, row {row}): {got:?}, the console's {expected:?}"
            );
        }
    }
}

/// Example02: the triangle stands upright (apex at the top, red), green at the bottom
/// left, blue at the bottom right, colours interpolated; transparent black outside. Pixels
/// on an edge are the rasterizer's tie rule's and not compared.
pub fn check_triangle(image: &[u8], what: &str) {
    let corners = [[0.0, 1.0], [-1.0, -1.0], [1.0, -1.0]];
    let mut inside = 0usize;
    for row in 0..HEIGHT_PX {
        for x in 0..WIDTH_PX {
            let weights = barycentric(corners, clip_of(x, row));
            let nearest = weights.iter().copied().fold(f64::MAX, f64::min);
            if nearest.abs() < 2e-3 {
                continue;
            }
            let expected = if nearest > 0.0 {
                inside += 1;
                [weights[0], weights[1], weights[2], 1.0].map(unorm8)
            } else {
                [0; 4]
            };
            let got = pixel(image, x, row);
            assert!(
                close(got, expected, 2),
                "{what} ({x}, row {row}): {got:?}, the console's {expected:?}"
            );
        }
    }
    // Half of the framebuffer is the triangle.
    assert!(
        inside > WIDTH_PX * HEIGHT_PX * 9 / 20,
        "{what}: {inside} pixels inside"
    );
}

/// The cube of Examples 03, 04 and 06: each face's corners (clip-space order as drawn)
/// and their colours.
pub const CUBE: [[f64; 3]; 24] = [
    [1., 1., 1.],
    [1., -1., 1.],
    [1., -1., -1.],
    [1., 1., -1.],
    [-1., 1., -1.],
    [-1., -1., -1.],
    [-1., -1., 1.],
    [-1., 1., 1.],
    [-1., 1., -1.],
    [-1., 1., 1.],
    [1., 1., 1.],
    [1., 1., -1.],
    [-1., -1., 1.],
    [-1., -1., -1.],
    [1., -1., -1.],
    [1., -1., 1.],
    [-1., 1., 1.],
    [-1., -1., 1.],
    [1., -1., 1.],
    [1., 1., 1.],
    [1., 1., -1.],
    [1., -1., -1.],
    [-1., -1., -1.],
    [-1., 1., -1.],
];
pub const CORNER_COLOURS: [[f64; 3]; 4] = [[1., 0., 0.], [0., 1., 0.], [0., 0., 1.], [1., 1., 0.]];

/// Row-major 4x4 matrices, written from the samples' description (not from the port):
/// the model-view is T(0, 0, -3) Rx(a) Ry(b) S(0.5), the projection OpenGL's perspective
/// with depth 0 to 1.
type Mat = [[f64; 4]; 4];

fn mat_mul(a: &Mat, b: &Mat) -> Mat {
    let mut out = [[0.0; 4]; 4];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, value) in row.iter_mut().enumerate() {
            *value = (0..4).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    out
}

fn cube_frame(time_s: f64) -> Mat {
    let tau = std::f64::consts::TAU;
    let fract = |v: f64| v - v.floor();
    let a = (fract(time_s / 4.0) * tau).sin() * tau / 8.0;
    let b = -fract(time_s / 8.0) * tau;
    let translate = [
        [1., 0., 0., 0.],
        [0., 1., 0., 0.],
        [0., 0., 1., -3.],
        [0., 0., 0., 1.],
    ];
    let rx = [
        [1., 0., 0., 0.],
        [0., a.cos(), -a.sin(), 0.],
        [0., a.sin(), a.cos(), 0.],
        [0., 0., 0., 1.],
    ];
    let ry = [
        [b.cos(), 0., b.sin(), 0.],
        [0., 1., 0., 0.],
        [-b.sin(), 0., b.cos(), 0.],
        [0., 0., 0., 1.],
    ];
    let scale = [
        [0.5, 0., 0., 0.],
        [0., 0.5, 0., 0.],
        [0., 0., 0.5, 0.],
        [0., 0., 0., 1.],
    ];
    let (near, far) = (0.01, 1000.0);
    let f = 1.0 / (20.0f64.to_radians()).tan();
    let aspect = WIDTH_PX as f64 / HEIGHT_PX as f64;
    let projection = [
        [f / aspect, 0., 0., 0.],
        [0., f, 0., 0.],
        [0., 0., far / (near - far), -(far * near) / (far - near)],
        [0., 0., -1., 0.],
    ];
    let model_view = mat_mul(&mat_mul(&mat_mul(&translate, &rx), &ry), &scale);
    mat_mul(&projection, &model_view)
}

/// Each cube corner in framebuffer pixels (x, rows from the first), NVN's default window.
fn cube_in_pixels(time_s: f64) -> Vec<[f64; 2]> {
    let m = cube_frame(time_s);
    CUBE.iter()
        .map(|p| {
            let v = [p[0], p[1], p[2], 1.0];
            let clip: Vec<f64> = (0..4)
                .map(|i| (0..4).map(|k| m[i][k] * v[k]).sum())
                .collect();
            let (x, y) = (clip[0] / clip[3], clip[1] / clip[3]);
            [
                (x + 1.0) / 2.0 * WIDTH_PX as f64,
                (1.0 - y) / 2.0 * HEIGHT_PX as f64,
            ]
        })
        .collect()
}

/// Twice the signed area of a polygon in (x, row) coordinates: negative is
/// counter-clockwise as the framebuffer is looked at, its first row at the top.
fn signed_area(points: &[[f64; 2]]) -> f64 {
    (0..points.len())
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % points.len()]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum()
}

/// The distance from `p` into convex polygon `face` (negative outside).
fn depth_inside(face: &[[f64; 2]], p: [f64; 2]) -> f64 {
    let sign = signed_area(face).signum();
    (0..face.len())
        .map(|i| {
            let (a, b) = (face[i], face[(i + 1) % face.len()]);
            let length = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
            sign * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) / length
        })
        .fold(f64::MAX, f64::min)
}

/// The cube's picture at `time_s` against `image`: front faces (counter-clockwise; back
/// faces culled) cover what they cover, opaque, near each corner its colour; outside them
/// the transparent clear. `steps`: how far a corner's colour may be. Returns the pixels
/// compared inside faces.
pub fn check_cube(image: &[u8], time_s: f64, what: &str) -> usize {
    let corners = cube_in_pixels(time_s);
    let faces: Vec<(Vec<[f64; 2]>, usize)> = (0..6)
        .map(|f| (corners[f * 4..f * 4 + 4].to_vec(), f * 4))
        .filter(|(face, _)| signed_area(face) < 0.0)
        .collect();
    assert!(!faces.is_empty(), "{what}: the model sees no face");
    let mut inside = 0;
    for row in 0..HEIGHT_PX {
        for x in 0..WIDTH_PX {
            let p = [x as f64 + 0.5, row as f64 + 0.5];
            let depth = faces
                .iter()
                .map(|(face, _)| depth_inside(face, p))
                .fold(f64::MIN, f64::max);
            let got = pixel(image, x, row);
            if depth > 1.5 {
                inside += 1;
                assert_eq!(
                    got[3], 255,
                    "{what} ({x}, row {row}): {got:?} should be the cube"
                );
            } else if depth < -1.5 {
                assert_eq!(got, [0, 0, 0, 0], "{what} ({x}, row {row}) should be clear");
            }
        }
    }
    // Near each visible corner, inside its face, the corner's colour.
    for (face, first) in &faces {
        let centre = [
            face.iter().map(|p| p[0]).sum::<f64>() / 4.0,
            face.iter().map(|p| p[1]).sum::<f64>() / 4.0,
        ];
        for (corner, colour) in face.iter().zip(CORNER_COLOURS) {
            let length = ((centre[0] - corner[0]).powi(2) + (centre[1] - corner[1]).powi(2)).sqrt();
            let t = 8.0 / length;
            let p = [
                corner[0] + (centre[0] - corner[0]) * t,
                corner[1] + (centre[1] - corner[1]) * t,
            ];
            let got = pixel(image, p[0] as usize, p[1] as usize);
            let expected = [colour[0], colour[1], colour[2], 1.0].map(unorm8);
            assert!(
                close(got, expected, 48),
                "{what}: face of vertex {first}, near its corner at {corner:?}: {got:?}, \
                 the console's {expected:?}"
            );
        }
    }
    inside
}

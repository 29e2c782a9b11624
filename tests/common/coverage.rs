//! A CPU model of a triangle's coverage of a multisample target: which of each pixel's
//! samples, at the locations a test gives, lie inside the triangle, leaving out pixels
//! where a sample is too near an edge for the rasterizer's rounding to be predicted.

// capi's tests include this file for part of it.
#![allow(dead_code)]

/// A sample this close to an edge (in pixels) is left out of the comparison: the
/// rasterizer's fixed-point vertices and tie-breaking rule may place it on either side.
pub const EDGE_MARGIN_PX: f64 = 1.0 / 64.0;

/// The triangle's corners in pixels: multiples of 1/256 (8 bits below the pixel, as the
/// rasterizer snaps them), so clip space holds them exactly and snapping moves nothing.
pub fn triangle_px() -> [[f64; 2]; 3] {
    let snap = |v: f64| (v * 256.0).round() / 256.0;
    [[1.3, 2.1], [14.7, 5.35], [4.2, 13.9]].map(|[x, y]| [snap(x), snap(y)])
}

/// The corners in Vulkan's clip space (y down) of a `side_px` square target.
pub fn triangle_ndc(side_px: u32) -> Vec<f32> {
    let half = f64::from(side_px) / 2.0;
    triangle_px()
        .iter()
        .flat_map(|[x, y]| [(x / half - 1.0) as f32, (y / half - 1.0) as f32])
        .collect()
}

/// A point's signed distance (pixels) inside the triangle's three edges; all positive:
/// covered.
pub fn edge_distances_px(corners: &[[f64; 2]; 3], point: [f64; 2]) -> [f64; 3] {
    let area = (corners[1][0] - corners[0][0]) * (corners[2][1] - corners[0][1])
        - (corners[1][1] - corners[0][1]) * (corners[2][0] - corners[0][0]);
    let mut out = [0.0; 3];
    for edge in 0..3 {
        let [ax, ay] = corners[edge];
        let [bx, by] = corners[(edge + 1) % 3];
        let cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax);
        let length = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
        out[edge] = cross * area.signum() / length;
    }
    out
}

/// Per pixel of a `side_px` square target (rows from the top), how many of its `samples`
/// samples the triangle covers, sample `s` of pixel `(x, y)` lying at
/// `location(x, y, s)` (from the pixel's top-left corner); `None` where a sample lies
/// within `EDGE_MARGIN_PX` of an edge.
pub fn covered_samples(
    side_px: u32,
    samples: u32,
    location: impl Fn(u32, u32, u32) -> [f64; 2],
) -> Vec<Option<u32>> {
    let corners = triangle_px();
    let mut out = Vec::new();
    for y in 0..side_px {
        for x in 0..side_px {
            let mut covered = Some(0);
            for sample in 0..samples {
                let [sx, sy] = location(x, y, sample);
                let distances = edge_distances_px(&corners, [f64::from(x) + sx, f64::from(y) + sy]);
                if distances.iter().any(|d| d.abs() < EDGE_MARGIN_PX) {
                    covered = None;
                    break;
                }
                if distances.iter().all(|&d| d > 0.0) {
                    covered = covered.map(|count| count + 1);
                }
            }
            out.push(covered);
        }
    }
    out
}

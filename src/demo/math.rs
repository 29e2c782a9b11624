//! The little matrix arithmetic the demo's uniforms need: column-major 4x4 as std140 lays
//! it out.

/// A column-major 4x4 matrix.
pub type Mat4 = [[f32; 4]; 4];

/// Maps `x_min..x_max`, `y_min..y_max` to clip space -1..1 and keeps `z` (0..1).
pub fn orthographic(x_min: f32, x_max: f32, y_min: f32, y_max: f32) -> Mat4 {
    let sx = 2.0 / (x_max - x_min);
    let sy = 2.0 / (y_max - y_min);
    [
        [sx, 0.0, 0.0, 0.0],
        [0.0, sy, 0.0, 0.0],
        [0.0, 0.0, 1.0, 0.0],
        [
            -(x_max + x_min) * 0.5 * sx,
            -(y_max + y_min) * 0.5 * sy,
            0.0,
            1.0,
        ],
    ]
}

/// The bytes of a std140 block of matrices and vec4s, in order.
pub fn std140(matrices: &[Mat4], vectors: &[[f32; 4]]) -> Vec<u8> {
    let floats = matrices
        .iter()
        .flat_map(|m| m.iter().flatten())
        .chain(vectors.iter().flatten());
    floats.flat_map(|f| f.to_le_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(m: &Mat4, p: [f32; 4]) -> [f32; 4] {
        let mut out = [0.0; 4];
        for (column, value) in m.iter().zip(p) {
            for row in 0..4 {
                out[row] += column[row] * value;
            }
        }
        out
    }

    #[test]
    fn orthographic_maps_the_box_corners_to_clip_corners() {
        let m = orthographic(-1.0, 3.0, 2.0, 4.0);
        assert_eq!(apply(&m, [-1.0, 2.0, 0.5, 1.0]), [-1.0, -1.0, 0.5, 1.0]);
        assert_eq!(apply(&m, [3.0, 4.0, 0.0, 1.0]), [1.0, 1.0, 0.0, 1.0]);
        assert_eq!(std140(&[m], &[[1.0; 4]]).len(), 80);
    }
}

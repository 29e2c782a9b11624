//! The teapot mesh Examples 07 and 08 load (`romfs:/teapot-vtx.bin`, `teapot-idx.bin`),
//! made here from Newell's patches (`teapot_patches.rs`): each bicubic Bezier patch
//! evaluated on a grid, normals from the cross product of the parametric derivatives,
//! then placed as the samples' mesh is: y up, the bottom on y = 0, the lid's top at
//! y = 1.005 (a uniform scale of 0.319), the handle towards -x. Vertices are the samples'
//! `Vertex` (position, normal: six floats), indices 16-bit, triangles counter-clockwise
//! seen from outside.

use super::teapot_patches::{PATCHES, POINTS};

pub type Vec3 = [f64; 3];

/// The samples' mesh's scale from Newell's units (its lid's top, z = 3.15, at y = 1.005).
const SCALE: f64 = 0.319;

pub struct Mesh {
    pub positions: Vec<Vec3>,
    pub normals: Vec<Vec3>,
    pub indices: Vec<u16>,
}

pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

pub fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

pub fn normalize(a: Vec3) -> Vec3 {
    let length = dot(a, a).sqrt();
    a.map(|c| c / length)
}

/// The cubic Bernstein weights at `t` and their derivatives.
fn bernstein(t: f64) -> ([f64; 4], [f64; 4]) {
    let s = 1.0 - t;
    (
        [s * s * s, 3.0 * t * s * s, 3.0 * t * t * s, t * t * t],
        [
            -3.0 * s * s,
            3.0 * s * s - 6.0 * t * s,
            6.0 * t * s - 3.0 * t * t,
            3.0 * t * t,
        ],
    )
}

/// Patch `patch`'s point at (u, v) and its derivatives along u and v.
fn evaluate(patch: &[u16; 16], u: f64, v: f64) -> (Vec3, Vec3, Vec3) {
    let ((bu, du), (bv, dv)) = (bernstein(u), bernstein(v));
    let (mut p, mut pu, mut pv) = ([0.0; 3], [0.0; 3], [0.0; 3]);
    for i in 0..4 {
        for j in 0..4 {
            let point = POINTS[usize::from(patch[i * 4 + j])];
            for c in 0..3 {
                p[c] += bu[i] * bv[j] * point[c];
                pu[c] += du[i] * bv[j] * point[c];
                pv[c] += bu[i] * dv[j] * point[c];
            }
        }
    }
    (p, pu, pv)
}

/// The surface normal at (u, v) (Newell's orientation); at a cusp, where one derivative
/// vanishes, the normal just inside the patch.
fn normal_at(patch: &[u16; 16], u: f64, v: f64) -> Vec3 {
    let (_, pu, pv) = evaluate(patch, u, v);
    let n = cross(pu, pv);
    if dot(n, n) > 1e-12 {
        return normalize(n);
    }
    let nudge = |t: f64| if t < 0.5 { t + 1e-4 } else { t - 1e-4 };
    let (_, pu, pv) = evaluate(patch, nudge(u), nudge(v));
    normalize(cross(pu, pv))
}

/// Newell's (x, y, z), z up, into the samples' frame: (x, z, -y) scaled (a rotation, so
/// windings keep their sense).
fn placed(p: Vec3) -> Vec3 {
    [p[0] * SCALE, p[2] * SCALE, -p[1] * SCALE]
}

/// The teapot with each patch cut into `segments` x `segments` cells of two triangles;
/// triangles that a cusp makes degenerate are left out.
pub fn teapot(segments: usize) -> Mesh {
    let mut mesh = Mesh {
        positions: Vec::new(),
        normals: Vec::new(),
        indices: Vec::new(),
    };
    let side = segments + 1;
    for patch in &PATCHES {
        let first = mesh.positions.len();
        for row in 0..side {
            for col in 0..side {
                let (u, v) = (row as f64 / segments as f64, col as f64 / segments as f64);
                let (p, _, _) = evaluate(patch, u, v);
                mesh.positions.push(placed(p));
                mesh.normals
                    .push(placed(normal_at(patch, u, v)).map(|c| c / SCALE));
            }
        }
        for row in 0..segments {
            for col in 0..segments {
                let at = |r: usize, c: usize| first + r * side + c;
                let cell = [
                    at(row, col),
                    at(row + 1, col),
                    at(row + 1, col + 1),
                    at(row, col + 1),
                ];
                for triangle in [[cell[0], cell[1], cell[2]], [cell[0], cell[2], cell[3]]] {
                    let [a, b, c] = triangle.map(|i| mesh.positions[i]);
                    let area = cross(sub(b, a), sub(c, a));
                    if dot(area, area) > 1e-14 {
                        mesh.indices
                            .extend(triangle.map(|i| u16::try_from(i).expect("16-bit indices")));
                    }
                }
            }
        }
    }
    orient_outwards(&mut mesh);
    mesh
}

/// Newell's patches share one orientation; which way it faces is read from the mesh's
/// signed volume (positive: triangles counter-clockwise seen from outside), and the mesh
/// turned round if it faces in.
fn orient_outwards(mesh: &mut Mesh) {
    let volume: f64 = mesh
        .indices
        .chunks_exact(3)
        .map(|t| {
            let [a, b, c] = [0, 1, 2].map(|k| mesh.positions[usize::from(t[k])]);
            dot(a, cross(b, c))
        })
        .sum();
    if volume < 0.0 {
        for triangle in mesh.indices.chunks_exact_mut(3) {
            triangle.swap(1, 2);
        }
        for normal in &mut mesh.normals {
            *normal = normal.map(|c| -c);
        }
    }
}

impl Mesh {
    /// The samples' vertex buffer: position and normal, six little-endian floats a vertex.
    pub fn vertex_bytes(&self) -> Vec<u8> {
        self.positions
            .iter()
            .zip(&self.normals)
            .flat_map(|(p, n)| p.iter().chain(n))
            .flat_map(|&c| (c as f32).to_le_bytes())
            .collect()
    }

    /// The samples' index buffer: 16-bit little-endian indices.
    pub fn index_bytes(&self) -> Vec<u8> {
        self.indices.iter().flat_map(|i| i.to_le_bytes()).collect()
    }
}

//! CPU model of Example07's picture (the teapot, lit per fragment): the mesh's triangles
//! transformed by the sample's matrices for the frame (written here from the sample's
//! description), rasterised at pixel centres under NVN's default window (clip-space y up,
//! +1 on the first row), back faces culled (counter-clockwise is front), depth LESS; each
//! covered pixel's colour the sample's Blinn-Phong formula with Reinhard tone mapping on
//! the perspective-correct interpolated eye-space position and normal, sRGB-encoded.

use super::picture::{pixel, HEIGHT_PX, WIDTH_PX};
use super::teapot::{cross, dot, normalize, sub, Mesh, Vec3};

type Mat = [[f64; 4]; 4];

fn mul(a: &Mat, b: &Mat) -> Mat {
    std::array::from_fn(|i| std::array::from_fn(|j| (0..4).map(|k| a[i][k] * b[k][j]).sum()))
}

fn translate(t: Vec3) -> Mat {
    [
        [1., 0., 0., t[0]],
        [0., 1., 0., t[1]],
        [0., 0., 1., t[2]],
        [0., 0., 0., 1.],
    ]
}

fn rotate_x(a: f64) -> Mat {
    [
        [1., 0., 0., 0.],
        [0., a.cos(), -a.sin(), 0.],
        [0., a.sin(), a.cos(), 0.],
        [0., 0., 0., 1.],
    ]
}

fn rotate_y(a: f64) -> Mat {
    [
        [a.cos(), 0., a.sin(), 0.],
        [0., 1., 0., 0.],
        [-a.sin(), 0., a.cos(), 0.],
        [0., 0., 0., 1.],
    ]
}

/// Examples 07 and 08's model-view at `time_s`: T(x, 0, -3) Rx(sin(tau p2) tau / 8)
/// Ry(-tau p1) T(0, -0.5, 0), p1 = fract(t / 8), p2 = fract(t / 4); x is 0 in Example07,
/// sin(tau p1) in Example08.
pub fn model_view(time_s: f64, sway_x: bool) -> Mat {
    let tau = std::f64::consts::TAU;
    let fract = |v: f64| v - v.floor();
    let (p1, p2) = (fract(time_s / 8.0), fract(time_s / 4.0));
    let x = if sway_x { (p1 * tau).sin() } else { 0.0 };
    let m = mul(
        &translate([x, 0.0, -3.0]),
        &rotate_x((p2 * tau).sin() * tau / 8.0),
    );
    let m = mul(&m, &rotate_y(-p1 * tau));
    mul(&m, &translate([0.0, -0.5, 0.0]))
}

/// glm's perspectiveRH_ZO: 40 degrees, the framebuffer's aspect, near 0.01, far 1000.
fn projection() -> Mat {
    let (near, far) = (0.01, 1000.0);
    let f = 1.0 / 20.0f64.to_radians().tan();
    let aspect = WIDTH_PX as f64 / HEIGHT_PX as f64;
    [
        [f / aspect, 0., 0., 0.],
        [0., f, 0., 0.],
        [0., 0., far / (near - far), -(far * near) / (far - near)],
        [0., 0., -1., 0.],
    ]
}

fn apply(m: &Mat, p: Vec3, w: f64) -> [f64; 4] {
    std::array::from_fn(|i| m[i][0] * p[0] + m[i][1] * p[1] + m[i][2] * p[2] + m[i][3] * w)
}

/// The sample's Lighting block.
pub struct Lighting {
    pub light_position: Vec3,
    pub ambient: Vec3,
    pub diffuse: Vec3,
    pub specular: Vec3,
    pub shininess: f64,
}

pub const LIGHTING: Lighting = Lighting {
    light_position: [0.0, 4.0, 1.0],
    ambient: [0.046227, 0.028832, 0.003302],
    diffuse: [0.564963, 0.367818, 0.051293],
    specular: [24.0 * 0.394737, 24.0 * 0.308916, 24.0 * 0.134004],
    shininess: 64.0,
};

/// The lighting shaders' formula (a positional light; `albedo` 1 in Example07): linear
/// colour after Reinhard tone mapping.
pub fn shade(position: Vec3, normal: Vec3, albedo: f64) -> Vec3 {
    let l = &LIGHTING;
    let normal = normalize(normal);
    let light = normalize(sub(l.light_position, position));
    let view = normalize(position.map(|c| -c));
    let diffuse = dot(normal, light).max(0.0);
    let halfway = normalize([light[0] + view[0], light[1] + view[1], light[2] + view[2]]);
    let specular = dot(normal, halfway).max(0.0).powf(l.shininess);
    std::array::from_fn(|c| {
        let colour = l.ambient[c] + albedo * l.diffuse[c] * diffuse + l.specular[c] * specular;
        albedo * colour / (1.0 + colour)
    })
}

/// `value` rounded to the nearest binary16 (11 significant bits; subnormal spacing below
/// 2^-14).
fn half(value: f64) -> f64 {
    if value == 0.0 {
        return 0.0;
    }
    let step = 2f64.powf(value.abs().log2().floor().max(-14.0) - 10.0);
    (value / step).round() * step
}

pub fn srgb8(linear: f64) -> u8 {
    let l = linear.clamp(0.0, 1.0);
    let encoded = if l <= 0.003_130_8 {
        12.92 * l
    } else {
        1.055 * l.powf(1.0 / 2.4) - 0.055
    };
    (encoded * 255.0).round() as u8
}

/// Where in a pixel the model looks: its centre (where the fragment shader runs, no sample
/// shading), then the standard 4-sample positions (Vulkan's, NVN's and deko3d's 4x).
const POINTS: [[f64; 2]; 5] = [
    [0.5, 0.5],
    [0.375, 0.125],
    [0.875, 0.375],
    [0.125, 0.625],
    [0.625, 0.875],
];

/// What the model sees at each pixel: at its centre, the front-most front-facing
/// triangle's interpolated eye-space position and normal, or nothing; how many of the
/// four sample positions a front-facing triangle covers.
pub struct Raster {
    pub surface: Vec<Option<(Vec3, Vec3)>>,
    pub samples: Vec<u8>,
}

pub fn rasterise(mesh: &Mesh, model_view: &Mat) -> Raster {
    let projection = projection();
    let eye: Vec<Vec3> = mesh
        .positions
        .iter()
        .map(|&p| {
            let e = apply(model_view, p, 1.0);
            [e[0], e[1], e[2]]
        })
        .collect();
    let eye_normals: Vec<Vec3> = mesh
        .normals
        .iter()
        .map(|&n| {
            let e = apply(model_view, n, 0.0);
            normalize([e[0], e[1], e[2]])
        })
        .collect();
    // Window position (x, row), depth and 1/w of each vertex.
    let window: Vec<([f64; 2], f64, f64)> = eye
        .iter()
        .map(|&e| {
            let clip = apply(&projection, e, 1.0);
            assert!(clip[3] > 0.1, "the teapot lies in front of the camera");
            let (x, y, z) = (clip[0] / clip[3], clip[1] / clip[3], clip[2] / clip[3]);
            let point = [
                (x + 1.0) / 2.0 * WIDTH_PX as f64,
                (1.0 - y) / 2.0 * HEIGHT_PX as f64,
            ];
            (point, z, 1.0 / clip[3])
        })
        .collect();
    let mut depth = vec![f64::MAX; WIDTH_PX * HEIGHT_PX * POINTS.len()];
    let mut surface = vec![None; WIDTH_PX * HEIGHT_PX];
    let mut samples = vec![0u8; WIDTH_PX * HEIGHT_PX];
    for triangle in mesh.indices.chunks_exact(3) {
        let v = [0, 1, 2].map(|k| usize::from(triangle[k]));
        let [a, b, c] = v.map(|i| window[i].0);
        // Twice the signed area in (x, row): negative is counter-clockwise as seen.
        let area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        if area >= 0.0 {
            continue;
        }
        let (left, right) = (a[0].min(b[0]).min(c[0]), a[0].max(b[0]).max(c[0]));
        let (top, bottom) = (a[1].min(b[1]).min(c[1]), a[1].max(b[1]).max(c[1]));
        let columns =
            (left.floor().max(0.0) as usize)..(right.ceil().min(WIDTH_PX as f64) as usize);
        for row in (top.floor().max(0.0) as usize)..(bottom.ceil().min(HEIGHT_PX as f64) as usize) {
            for x in columns.clone() {
                for (point, offset) in POINTS.iter().enumerate() {
                    let p = [x as f64 + offset[0], row as f64 + offset[1]];
                    let edge = |s: [f64; 2], t: [f64; 2]| {
                        ((t[0] - s[0]) * (p[1] - s[1]) - (t[1] - s[1]) * (p[0] - s[0])) / area
                    };
                    let weights = [edge(b, c), edge(c, a), edge(a, b)];
                    if weights.iter().any(|&w| w < 0.0) {
                        continue;
                    }
                    let z: f64 = (0..3).map(|k| weights[k] * window[v[k]].1).sum();
                    let at = row * WIDTH_PX + x;
                    let depth_at = at * POINTS.len() + point;
                    if z >= depth[depth_at] || !(0.0..=1.0).contains(&z) {
                        continue;
                    }
                    if depth[depth_at] == f64::MAX && point > 0 {
                        samples[at] += 1;
                    }
                    depth[depth_at] = z;
                    if point > 0 {
                        continue;
                    }
                    // Perspective-correct: weights over w, renormalised.
                    let perspective = [0, 1, 2].map(|k| weights[k] * window[v[k]].2);
                    let total: f64 = perspective.iter().sum();
                    let blend = |values: &[Vec3]| -> Vec3 {
                        std::array::from_fn(|c| {
                            (0..3)
                                .map(|k| perspective[k] * values[v[k]][c])
                                .sum::<f64>()
                                / total
                        })
                    };
                    surface[at] = Some((blend(&eye), blend(&eye_normals)));
                }
            }
        }
    }
    Raster { surface, samples }
}

impl Raster {
    fn at(&self, x: usize, row: usize) -> Option<(Vec3, Vec3)> {
        self.surface[row * WIDTH_PX + x]
    }

    /// The model's sRGB colour at a covered pixel: lit straight from the interpolated
    /// values (Example07), or (`gbuffer`, Example08) from the normal and the view
    /// direction as the RGBA16F G-buffer holds them (albedo 1).
    pub fn colour(&self, x: usize, row: usize, gbuffer: bool) -> Option<[u8; 3]> {
        self.at(x, row).map(|(position, normal)| {
            let (position, normal) = if gbuffer {
                (position.map(half), normalize(normal).map(half))
            } else {
                (position, normal)
            };
            shade(position, normal, 1.0).map(srgb8)
        })
    }
}

/// Whether the model covers (x, row)'s 3x3 neighbourhood wholly (every sample and centre
/// of every pixel), not at all, or partly (the edge band, `None`: where an edge passes,
/// the rasterizer's tie rule decides a sample on it).
fn neighbourhood(raster: &Raster, x: usize, row: usize) -> Option<bool> {
    let mut seen = [false; 2];
    for r in row.saturating_sub(1)..(row + 2).min(HEIGHT_PX) {
        for c in x.saturating_sub(1)..(x + 2).min(WIDTH_PX) {
            let samples = raster.samples[r * WIDTH_PX + c];
            let centre = raster.at(c, r).is_some();
            seen[0] |= samples < 4 || !centre;
            seen[1] |= samples > 0 || centre;
        }
    }
    match seen {
        [true, false] => Some(false),
        [false, true] => Some(true),
        _ => None,
    }
}

/// Checks `image` (sRGB, resolved) against the model: coverage agrees outside the 1-pixel
/// edge band (opaque inside, the transparent clear outside), and where the lit colour is
/// smooth (each neighbour within 3 steps of the centre) the pixel is within `steps` of it.
/// Returns (pixels inside, smooth pixels compared).
pub fn check_lit_mesh(
    image: &[u8],
    raster: &Raster,
    gbuffer: bool,
    steps: u8,
    what: &str,
) -> (usize, usize) {
    let (mut inside, mut smooth) = (0, 0);
    for row in 0..HEIGHT_PX {
        for x in 0..WIDTH_PX {
            let got = pixel(image, x, row);
            match neighbourhood(raster, x, row) {
                Some(false) => {
                    assert_eq!(got, [0, 0, 0, 0], "{what} ({x}, row {row}) off the teapot")
                }
                Some(true) => {
                    inside += 1;
                    assert_eq!(
                        got[3], 255,
                        "{what} ({x}, row {row}): {got:?} on the teapot"
                    );
                    let centre = raster.colour(x, row, gbuffer).unwrap();
                    let border = x == 0 || row == 0 || x == WIDTH_PX - 1 || row == HEIGHT_PX - 1;
                    let even = !border
                        && (row - 1..row + 2).all(|r| {
                            (x - 1..x + 2).all(|c| {
                                let near = raster.colour(c, r, gbuffer).unwrap();
                                (0..3).all(|k| near[k].abs_diff(centre[k]) <= 3)
                            })
                        });
                    if even {
                        smooth += 1;
                        assert!(
                            (0..3).all(|k| got[k].abs_diff(centre[k]) <= steps),
                            "{what} ({x}, row {row}): {got:?}, the console's {centre:?}"
                        );
                    }
                }
                None => {}
            }
        }
    }
    (inside, smooth)
}

/// How many of the mesh's triangles wind counter-clockwise about their vertices' mean
/// normal (all of them, for a mesh whose windings and normals agree).
pub fn facing_outwards(mesh: &Mesh) -> usize {
    mesh.indices
        .chunks_exact(3)
        .filter(|t| {
            let [a, b, c] = [0, 1, 2].map(|k| mesh.positions[usize::from(t[k])]);
            let n = cross(sub(b, a), sub(c, a));
            let mean: Vec3 = std::array::from_fn(|k| {
                (0..3)
                    .map(|i| mesh.normals[usize::from(t[i])][k])
                    .sum::<f64>()
            });
            dot(n, mean) > 0.0
        })
        .count()
}

//! NVN's window origins and clip-space y axis, executed on the real driver (lavapipe in
//! CI, the validation layer on) and read back against a CPU model written from deko3d's
//! rules (`DkDeviceFlags_Origin*`, `DkDeviceFlags_YAxisPoints*`; docs/nvn-conventions.md):
//! - a viewport (x, y, w, h) maps clip-space y through scale ±h/2 about y + h/2, the
//!   sign negative (+y to the viewport's first row) with an upper-left origin and the y
//!   axis up, or a lower-left origin and the y axis down;
//! - viewports, scissors and `gl_FragCoord` are measured from the target's first row in
//!   every mode;
//! - windings are taken in the target's rows (y growing downwards), reversed under a
//!   lower-left origin, and compared with the front face.
//!
//! Triangles are generated from a fixed seed; pixels whose centre lies within a hair of an
//! edge are left out of the comparison (the rasterizer's tie rule is not what is tested).

mod common;

use common::draw::{bind_positions, positions_at, triangle};
use common::programs::{program, GREEN_FRAG};
use common::readback::region;
use common::rig::Rig;
use gpu::command::DrawArrays;
use gpu::objects::TextureBuilder;
use gpu::state::{
    ClipYAxis, CullMode, FrontFace, RasterizerState, Scissor, StateChange, Viewport, WindowOrigin,
};
use memory::Format;
use shader_translate::Stage;

const SIZE_PX: u32 = 16;
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLACK: [u8; 4] = [0, 0, 0, 255];

const CLIP_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
void main() { gl_Position = vec4(position, 0.5, 1.0); }
";

/// `gl_FragCoord.xy / 16` in red and green.
const FRAG_COORD_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
void main() { colour = vec4(gl_FragCoord.xy / 16.0, 0.0, 1.0); }
";

/// One mode of the window: NVN's origin, deko3d's y axis, the front face, a viewport.
#[derive(Clone, Copy, Debug)]
struct Window {
    origin: WindowOrigin,
    axis: ClipYAxis,
    front: FrontFace,
    viewport: Viewport,
    scissor: Scissor,
}

impl Window {
    fn states(&self) -> Vec<StateChange> {
        vec![
            StateChange::WindowOrigin(self.origin),
            StateChange::ClipYAxis(self.axis),
            StateChange::Rasterizer(RasterizerState {
                cull: CullMode::Back,
                front_face: self.front,
                ..RasterizerState::default()
            }),
            StateChange::Viewports {
                first: 0,
                viewports: vec![self.viewport],
            },
            StateChange::Scissors {
                first: 0,
                scissors: vec![self.scissor],
            },
        ]
    }

    /// Clip-space (x, y) in the target's pixels, rows counted from the first: deko3d's
    /// `dkCmdBufSetViewports` arithmetic.
    fn target_point(&self, clip: [f32; 2]) -> [f32; 2] {
        let v = self.viewport;
        let up_first = matches!(
            (self.origin, self.axis),
            (WindowOrigin::UpperLeft, ClipYAxis::Up) | (WindowOrigin::LowerLeft, ClipYAxis::Down)
        );
        let scale_y = if up_first {
            -v.height_px / 2.0
        } else {
            v.height_px / 2.0
        };
        [
            v.x_px + v.width_px / 2.0 + clip[0] * v.width_px / 2.0,
            v.y_px + v.height_px / 2.0 + clip[1] * scale_y,
        ]
    }

    /// Whether the pixel (x, row) is green, `None` where its centre is on an edge.
    fn covers(&self, clip: &[[f32; 2]; 3], x: u32, row: u32) -> Option<bool> {
        let p = clip.map(|c| self.target_point(c));
        let centre = [x as f32 + 0.5, row as f32 + 0.5];
        let s = self.scissor;
        let in_scissor = (x as i32) >= s.x_px
            && (x as i32) < s.x_px + s.width_px as i32
            && (row as i32) >= s.y_px
            && (row as i32) < s.y_px + s.height_px as i32;
        // Twice the signed area in rows that grow downwards: negative is counter-clockwise
        // as the target is looked at, the first row at the top.
        let cross = |a: [f32; 2], b: [f32; 2], c: [f32; 2]| {
            (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        };
        let area = cross(p[0], p[1], p[2]);
        let counter_clockwise = (area < 0.0) != (self.origin == WindowOrigin::LowerLeft);
        let front = counter_clockwise == (self.front == FrontFace::Ccw);
        let mut inside = true;
        for i in 0..3 {
            let (a, b) = (p[i], p[(i + 1) % 3]);
            let length = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
            let distance = cross(a, b, centre) / length;
            if distance.abs() < 0.05 {
                return None;
            }
            inside &= (distance > 0.0) == (area > 0.0);
        }
        // Clipping to the view volume keeps what lies inside the viewport's rectangle.
        let v = self.viewport;
        let (top, bottom) = (
            v.y_px.min(v.y_px + v.height_px),
            v.y_px.max(v.y_px + v.height_px),
        );
        let in_viewport = centre[0] > v.x_px
            && centre[0] < v.x_px + v.width_px
            && centre[1] > top
            && centre[1] < bottom;
        Some(inside && in_scissor && in_viewport && front)
    }
}

/// A small generator (numerical recipes' LCG): the same cases on every run.
struct Lcg(u64);

impl Lcg {
    fn unit(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 40) as f32) / ((1u64 << 24) as f32)
    }
    fn range(&mut self, low: f32, high: f32) -> f32 {
        low + (high - low) * self.unit()
    }
}

fn draw(rig: &Rig, fragment: &str, states: &[StateChange], clip: &[f32]) -> Vec<u8> {
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let program = program(
        &rig.device,
        &[(Stage::Vertex, CLIP_VERT), (Stage::Fragment, fragment)],
    );
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, clip);
    let mut commands = rig.cleared(view, [0.0, 0.0, 0.0, 1.0]);
    bind_positions(&mut commands, program, positions);
    // NVN's default y axis unless `states` say otherwise (the helper sets Vulkan's).
    commands
        .set_state(StateChange::ClipYAxis(ClipYAxis::Up))
        .unwrap();
    for state in states {
        commands.set_state(state.clone()).unwrap();
    }
    commands
        .draw(DrawArrays {
            vertex_count: clip.len() as u32 / 2,
            ..triangle()
        })
        .unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b)
}

fn at(pixels: &[u8], x: u32, row: u32) -> [u8; 4] {
    let at = ((row * SIZE_PX + x) * 4) as usize;
    pixels[at..at + 4].try_into().unwrap()
}

/// Generated triangles under both origins, both y axes, both front faces, viewports of
/// either sign of height and scissors, each picture against the CPU model.
#[test]
fn origins_axes_windings_viewports_and_scissors_follow_deko3d() {
    let rig = Rig::new(true);
    let mut rng = Lcg(0x5eed_0032);
    let mut compared = 0u32;
    let mut green = 0u32;
    for case in 0..24u32 {
        let clip: Vec<f32> = (0..6).map(|_| rng.range(-1.2, 1.2)).collect();
        let triangle = [[clip[0], clip[1]], [clip[2], clip[3]], [clip[4], clip[5]]];
        let height_px = if case % 3 == 2 { -12.0 } else { 12.0 };
        let window = Window {
            origin: [WindowOrigin::UpperLeft, WindowOrigin::LowerLeft][(case % 2) as usize],
            axis: [ClipYAxis::Up, ClipYAxis::Down][((case / 2) % 2) as usize],
            front: [FrontFace::Ccw, FrontFace::Cw][((case / 4) % 2) as usize],
            viewport: Viewport {
                x_px: 1.0,
                y_px: if height_px < 0.0 { 14.0 } else { 2.0 },
                width_px: 14.0,
                height_px,
                min_depth: 0.0,
                max_depth: 1.0,
            },
            scissor: Scissor {
                x_px: 0,
                y_px: if case % 5 == 0 { 3 } else { 0 },
                width_px: SIZE_PX,
                height_px: if case % 5 == 0 { 9 } else { SIZE_PX },
            },
        };
        let pixels = draw(&rig, GREEN_FRAG, &window.states(), &clip);
        for row in 0..SIZE_PX {
            for x in 0..SIZE_PX {
                let Some(expected) = window.covers(&triangle, x, row) else {
                    continue;
                };
                let expected = if expected { GREEN } else { BLACK };
                assert_eq!(
                    at(&pixels, x, row),
                    expected,
                    "case {case} {window:?} {triangle:?}: ({x}, row {row})"
                );
                compared += 1;
                green += u32::from(expected == GREEN);
            }
        }
    }
    // The cases drew something, and left something undrawn.
    assert!(
        green > 100 && green + 100 < compared,
        "{green} of {compared}"
    );
}

/// deko3d's triangle sample's picture: a counter-clockwise triangle (top, bottom left,
/// bottom right in clip space, y up) with deko3d's rasterizer defaults (back faces culled,
/// counter-clockwise in front) and NVN's default window: drawn, apex in the first rows.
#[test]
fn the_default_window_draws_an_upright_triangle_with_back_faces_culled() {
    let rig = Rig::new(true);
    let apex_up = [0.0, 1.0, -1.0, -1.0, 1.0, -1.0];
    let culled = StateChange::Rasterizer(RasterizerState {
        cull: CullMode::Back,
        front_face: FrontFace::Ccw,
        ..RasterizerState::default()
    });
    let pixels = draw(&rig, GREEN_FRAG, &[culled], &apex_up);
    // The apex is at the top edge: the first row's centres lie outside, the second's
    // two middle ones inside, and the last row is all green.
    for x in 0..SIZE_PX {
        assert_eq!(at(&pixels, x, 0), BLACK, "first row, x {x}");
        let second = at(&pixels, x, 1);
        assert_eq!(second == GREEN, x == 7 || x == 8, "second row, x {x}");
        assert_eq!(at(&pixels, x, SIZE_PX - 1), GREEN, "last row, x {x}");
    }
}

/// `gl_FragCoord` is the pixel's centre counted from the target's first row under every
/// origin and axis (a lower-left image is stored upside down: its first row is its
/// bottom, where OpenGL's window y starts).
#[test]
fn gl_frag_coord_counts_from_the_first_row_in_every_mode() {
    let rig = Rig::new(true);
    let covering = [-1.0, -1.0, 3.0, -1.0, -1.0, 3.0];
    for origin in [WindowOrigin::LowerLeft, WindowOrigin::UpperLeft] {
        for axis in [ClipYAxis::Up, ClipYAxis::Down] {
            let states = [
                StateChange::WindowOrigin(origin),
                StateChange::ClipYAxis(axis),
            ];
            let pixels = draw(&rig, FRAG_COORD_FRAG, &states, &covering);
            for row in 0..SIZE_PX {
                for x in 0..SIZE_PX {
                    let unorm = |v: f32| (v * 255.0).round() as u8;
                    let expected = [
                        unorm((x as f32 + 0.5) / 16.0),
                        unorm((row as f32 + 0.5) / 16.0),
                        0,
                        255,
                    ];
                    let got = at(&pixels, x, row);
                    let close = got.iter().zip(expected).all(|(&g, e)| g.abs_diff(e) <= 1);
                    assert!(
                        close,
                        "{origin:?} {axis:?}: ({x}, row {row}) {got:?} {expected:?}"
                    );
                }
            }
        }
    }
}

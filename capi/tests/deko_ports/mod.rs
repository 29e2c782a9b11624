//! The ports of deko3d's samples (`examples/deko*.c`), each picture against a CPU model of
//! the sample's geometry written from the sample's numbers and NVN's rules (upper-left
//! window origin, clip-space y up: docs/nvn-conventions.md), never from Hookshot's code.
//! The shaders are the samples' own, as uam compiled them (the Maxwell corpus).

use std::path::PathBuf;

use crate::common;

mod picture;
mod teapot;
mod teapot_patches;
mod teapot_picture;
use picture::{
    barycentric, check_cube, check_simple_setup, check_triangle, clip_of, pixel, unorm8, HEIGHT_PX,
    WIDTH_PX,
};

const IMAGE_B: usize = WIDTH_PX * HEIGHT_PX * 4;

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shader_translate/tests/maxwell_corpus")
}

/// Runs port `name` with `extra` arguments after its output file; the framebuffers it
/// read back, one image each.
fn run_port(name: &str, extra: &[&str], framebuffers: usize) -> Vec<Vec<u8>> {
    let program = common::build(name);
    let (_dir, out) = common::temp_file(&format!("{name}.rgba"));
    let mut args = vec![out.to_str().unwrap()];
    args.extend_from_slice(extra);
    common::run(&program, &args);
    let bytes = std::fs::read(&out).expect("the port wrote its framebuffers");
    assert_eq!(
        bytes.len(),
        framebuffers * IMAGE_B,
        "{name}: read-back size"
    );
    bytes.chunks(IMAGE_B).map(<[u8]>::to_vec).collect()
}

/// Example01: nested scissored clears, rows counted from the first.
#[test]
fn deko01_simple_setup_clears_its_boxes_where_the_console_does() {
    let images = run_port("deko01_simple_setup", &[], 2);
    for (slot, image) in images.iter().enumerate() {
        check_simple_setup(image, &format!("framebuffer {slot}"));
    }
}

/// Example02: the upright triangle, colours interpolated, transparent black outside.
#[test]
fn deko02_triangle_draws_the_upright_triangle_the_console_draws() {
    let corpus = corpus_dir();
    let images = run_port("deko02_triangle", &[corpus.to_str().unwrap()], 2);
    for (slot, image) in images.iter().enumerate() {
        check_triangle(image, &format!("framebuffer {slot}"));
    }
}

/// Example03: the colour cube, back faces culled, depth tested, at 1 s.
#[test]
fn deko03_cube_draws_the_faces_the_console_draws() {
    let corpus = corpus_dir();
    let images = run_port("deko03_cube", &[corpus.to_str().unwrap()], 2);
    for (slot, image) in images.iter().enumerate() {
        let inside = check_cube(image, 1.0, &format!("framebuffer {slot}"));
        assert!(inside > 20_000, "{inside} pixels of cube");
    }
}

/// Example06: the same cube drawn 4x multisampled, resolved into each framebuffer.
#[test]
fn deko06_multisampling_resolves_the_cube_the_console_draws() {
    let corpus = corpus_dir();
    let images = run_port("deko06_multisampling", &[corpus.to_str().unwrap()], 2);
    for (slot, image) in images.iter().enumerate() {
        let inside = check_cube(image, 1.0, &format!("framebuffer {slot}"));
        assert!(inside > 20_000, "{inside} pixels of cube");
    }
}

/// Example04: the cube textured from RGB-only BC1 through pools a list submitted before
/// bound: each face's corners show the texture's corner quarters (red at (0,0), green at
/// (0,1), blue at (1,1), yellow at (1,0), the same colours as Example03's corners), and
/// the cross of index-3 blocks through the middle is opaque black, never transparent.
#[test]
fn deko04_textured_cube_samples_rgb_only_bc1_through_the_queues_pools() {
    let corpus = corpus_dir();
    let images = run_port("deko04_textured_cube", &[corpus.to_str().unwrap()], 2);
    for (slot, image) in images.iter().enumerate() {
        let inside = check_cube(image, 1.0, &format!("framebuffer {slot}"));
        assert!(inside > 20_000, "{inside} pixels of cube");
        let black = image
            .chunks_exact(4)
            .filter(|pixel| pixel[..3].iter().all(|&c| c < 8) && pixel[3] == 255)
            .count();
        assert!(
            black > 2_000,
            "framebuffer {slot}: {black} opaque black pixels"
        );
    }
}

/// Example09's sine wave at 0.1 s (the sample's parameter arithmetic, written here from
/// its description): 256 points, x from -1 to 1, y = scale sin(tau (offset + t)), colour
/// mixed from A to B along t, in framebuffer pixels.
fn sine_wave() -> Vec<([f64; 2], [f64; 3])> {
    let tau = std::f64::consts::TAU;
    let time_s = 0.1f64;
    let offset = (time_s / 4.0).fract();
    let scale = ((time_s * 135.0 / 60.0 / 2.0).fract() * tau).cos();
    let a_green = scale.abs().powi(4);
    let (colour_a, colour_b) = ([1.0, a_green, 1.0], [0.0, 1.0 - a_green, 0.0]);
    (0..256)
        .map(|i| {
            let t = f64::from(i) / 255.0;
            let (x, y) = (t * 2.0 - 1.0, scale * ((offset + t) * tau).sin());
            let point = [
                (x + 1.0) / 2.0 * WIDTH_PX as f64,
                (1.0 - y) / 2.0 * HEIGHT_PX as f64,
            ];
            let colour = std::array::from_fn(|c| colour_a[c] + (colour_b[c] - colour_a[c]) * t);
            (point, colour)
        })
        .collect()
}

/// Example09: a 16 px wide smoothed line strip along the sine wave, blended over
/// transparent black: clear far from the curve, the curve's colour (times the coverage in
/// alpha) on it.
#[test]
fn deko09_simple_compute_draws_the_wave_the_console_draws() {
    let corpus = corpus_dir();
    let images = run_port("deko09_simple_compute", &[corpus.to_str().unwrap()], 2);
    let wave = sine_wave();
    for (slot, image) in images.iter().enumerate() {
        let (mut on_curve, mut full) = (0, 0);
        // Fringe pixels a smoothed edge covers partly, of a bright colour: blended over
        // transparent black they are the colour times their coverage (alpha), unblended
        // the full colour.
        let (mut fringe, mut fringe_blended) = (0, 0);
        for row in 0..HEIGHT_PX {
            for x in 0..WIDTH_PX {
                let p = [x as f64 + 0.5, row as f64 + 0.5];
                // The nearest point of the polyline, and the colour there: the wave runs
                // left to right, 5 px a segment, no steeper than 1.4, so only the
                // segments within 20 px in x can be within 12 px.
                let at = (p[0] / (WIDTH_PX as f64 / 255.0)) as usize;
                let (distance, colour) = wave[at.saturating_sub(4)..(at + 5).min(wave.len())]
                    .windows(2)
                    .map(|pair| {
                        let ((a, ca), (b, cb)) = (pair[0], pair[1]);
                        let d = [b[0] - a[0], b[1] - a[1]];
                        let t = (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1])
                            / (d[0] * d[0] + d[1] * d[1]))
                            .clamp(0.0, 1.0);
                        let q = [a[0] + d[0] * t, a[1] + d[1] * t];
                        let distance = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
                        let colour: [f64; 3] = std::array::from_fn(|c| ca[c] + (cb[c] - ca[c]) * t);
                        (distance, colour)
                    })
                    .fold((f64::MAX, [0.0; 3]), |best, next| {
                        if next.0 < best.0 {
                            next
                        } else {
                            best
                        }
                    });
                let got = pixel(image, x, row);
                let near_end = p[0] < 12.0 || p[0] > WIDTH_PX as f64 - 12.0;
                if distance > 12.0 {
                    assert_eq!(
                        got,
                        [0, 0, 0, 0],
                        "framebuffer {slot} ({x}, row {row}) off the wave"
                    );
                } else if distance > 6.0 && !near_end {
                    let coverage = f64::from(got[3]) / 255.0;
                    let bright = colour.iter().any(|&c| c > 0.5);
                    if bright && (0.1..0.6).contains(&coverage) {
                        fringe += 1;
                        if (0..3).all(|c| got[c].abs_diff(unorm8(colour[c] * coverage)) <= 24) {
                            fringe_blended += 1;
                        }
                    }
                } else if distance < 2.0 && !near_end {
                    // Blended (source alpha over one minus it, alpha replaced) where the
                    // strip's segments overlap at their joints: each channel between the
                    // colour times the last fragment's coverage and the full colour.
                    on_curve += 1;
                    let coverage = f64::from(got[3]) / 255.0;
                    let bounded = (0..3).all(|c| {
                        let (low, high) = (unorm8(colour[c] * coverage), unorm8(colour[c]));
                        got[c].saturating_add(24) >= low && got[c] <= high.saturating_add(24)
                    });
                    assert!(
                        bounded,
                        "framebuffer {slot} ({x}, row {row}): {got:?}, the console's {colour:?}"
                    );
                    if (0..3).all(|c| got[c].abs_diff(unorm8(colour[c])) <= 24) {
                        full += 1;
                    }
                }
            }
        }
        assert!(on_curve > 3_000, "{on_curve} pixels on the wave");
        assert!(fringe > 500, "{fringe} partly covered edge pixels");
        assert!(
            fringe_blended * 10 > fringe * 7,
            "{fringe_blended} of {fringe} partly covered edge pixels blended (colour state's \
             blend enable for target 0)"
        );
        // A 16 px line covers its centre line fully nearly everywhere: the colour itself.
        assert!(
            full * 10 > on_curve * 8,
            "{full} of {on_curve} centre pixels fully drawn"
        );
    }
}

/// The distance from `p` to the segment `a`-`b`, and how far along it the nearest point is.
fn to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> (f64, f64) {
    let d = [b[0] - a[0], b[1] - a[1]];
    let t = (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / (d[0] * d[0] + d[1] * d[1]))
        .clamp(0.0, 1.0);
    let q = [a[0] + d[0] * t, a[1] + d[1] * t];
    (((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt(), t)
}

/// Example05: the tessellated triangle's wireframe in smoothed 4 px lines, both
/// framebuffers as the console draws them (`deko05_picture_model`). On Mesa's llvmpipe
/// (lavapipe), which draws the second and later draws of such a pipeline from stale vertex
/// data (docs/nvn-conventions.md, "Smoothed lines after tessellation"), the draw is
/// refused when recorded, by name, and the port says so; on every other driver the
/// picture is checked. Which driver ran is read from the device's own log line.
#[test]
fn deko05_tessellation_draws_the_wireframe_the_console_draws() {
    // A picture the port wrote on another machine (a GPU without a compiler here) is
    // checked against the same model: HOOKSHOT_DEKO05_RGBA names its file.
    if let Some(path) = std::env::var_os("HOOKSHOT_DEKO05_RGBA") {
        let bytes = std::fs::read(&path).expect("the named picture");
        assert_eq!(bytes.len(), 2 * IMAGE_B, "read-back size");
        let images: Vec<Vec<u8>> = bytes.chunks(IMAGE_B).map(<[u8]>::to_vec).collect();
        deko05_picture_model(&images);
        return;
    }
    let corpus = corpus_dir();
    let program = common::build("deko05_tessellation");
    let (_dir, out) = common::temp_file("deko05.rgba");
    let output = common::run(&program, &[out.to_str().unwrap(), corpus.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let opened = stderr
        .lines()
        .find(|line| line.contains("Vulkan device opened"))
        .unwrap_or_else(|| panic!("no device line in the log:\n{stderr}"));
    if opened.contains("llvmpipe") {
        assert!(
            stdout.contains("refused: smoothed line-mode tessellation"),
            "{stdout}"
        );
        assert!(!out.exists(), "nothing written");
        return;
    }
    assert!(!stdout.contains("refused"), "{opened}: {stdout}");
    let bytes = std::fs::read(&out).expect("the port wrote its framebuffers");
    assert_eq!(bytes.len(), 2 * IMAGE_B, "read-back size");
    let images: Vec<Vec<u8>> = bytes.chunks(IMAGE_B).map(<[u8]>::to_vec).collect();
    deko05_picture_model(&images);
}

/// The console's picture of Example05 (the tessellated triangle's wireframe, 4 px
/// smoothed lines blended over transparent black, drawn only because the generated
/// triangles face front): clear well outside the triangle, its two slanted outer edges in
/// the colour between their corners, lines inside it from the inner rings.
fn deko05_picture_model(images: &[Vec<u8>]) {
    let (w, h) = (WIDTH_PX as f64, HEIGHT_PX as f64);
    // Corners in pixels (y up in clip space: the apex on the first row) and colours.
    let corners = [
        ([w / 2.0, 0.0], [1.0, 0.0, 0.0]),
        ([0.0, h], [0.0, 1.0, 0.0]),
        ([w, h], [0.0, 0.0, 1.0]),
    ];
    let triangle = corners.map(|(p, _)| [p[0] / (w / 2.0) - 1.0, 1.0 - p[1] / (h / 2.0)]);
    for (slot, image) in images.iter().enumerate() {
        let (mut on_edges, mut inside_drawn, mut opaque) = (0, 0, 0);
        for row in 0..HEIGHT_PX {
            for x in 0..WIDTH_PX {
                let p = [x as f64 + 0.5, row as f64 + 0.5];
                let got = pixel(image, x, row);
                let weights = barycentric(triangle, clip_of(x, row));
                let edges = [(0, 1), (0, 2), (1, 2)].map(|(i, j)| {
                    let (distance, t) = to_segment(p, corners[i].0, corners[j].0);
                    let colour: [f64; 3] = std::array::from_fn(|c| {
                        corners[i].1[c] + (corners[j].1[c] - corners[i].1[c]) * t
                    });
                    (distance, colour)
                });
                let nearest = edges.iter().map(|e| e.0).fold(f64::MAX, f64::min);
                let inside = weights.iter().all(|&w| w > 0.0);
                if !inside && nearest > 4.0 {
                    assert_eq!(
                        got,
                        [0, 0, 0, 0],
                        "framebuffer {slot} ({x}, row {row}) outside"
                    );
                }
                if inside && nearest > 6.0 && got[3] > 0 {
                    inside_drawn += 1;
                }
                // On a slanted outer edge's centre line, away from the corners.
                for (distance, colour) in &edges[..2] {
                    let far_from_corners = corners.iter().all(|(c, _)| {
                        ((p[0] - c[0]).powi(2) + (p[1] - c[1]).powi(2)).sqrt() > 40.0
                    });
                    if *distance < 0.5 && far_from_corners {
                        // Blended where lines overlap: each channel between the colour
                        // times the last fragment's coverage and the full colour.
                        on_edges += 1;
                        let coverage = f64::from(got[3]) / 255.0;
                        let bounded = (0..3).all(|c| {
                            let (low, high) = (unorm8(colour[c] * coverage), unorm8(colour[c]));
                            got[c].saturating_add(32) >= low && got[c] <= high.saturating_add(32)
                        });
                        assert!(
                            bounded,
                            "framebuffer {slot} ({x}, row {row}): {got:?}, the console's {colour:?}"
                        );
                        if got[3] > 100 {
                            opaque += 1;
                        }
                    }
                }
            }
        }
        assert!(on_edges > 500, "{on_edges} pixels on the outer edges");
        assert!(
            opaque * 10 > on_edges * 8,
            "{opaque} of {on_edges} edge pixels drawn"
        );
        assert!(inside_drawn > 2_000, "{inside_drawn} pixels of inner lines");
    }
}

/// Runs mesh port `name` (Example07 or 08) on `mesh`, written where the port loads it;
/// its framebuffers.
fn run_mesh_port(name: &str, mesh: &teapot::Mesh) -> (tempfile::TempDir, Vec<Vec<u8>>) {
    let (mesh_dir, vertices) = common::temp_file("teapot-vtx.bin");
    let indices = vertices.with_file_name("teapot-idx.bin");
    std::fs::write(&vertices, mesh.vertex_bytes()).unwrap();
    std::fs::write(&indices, mesh.index_bytes()).unwrap();
    let corpus = corpus_dir();
    let images = run_port(
        name,
        &[
            corpus.to_str().unwrap(),
            vertices.to_str().unwrap(),
            indices.to_str().unwrap(),
        ],
        2,
    );
    (mesh_dir, images)
}

/// Example07: the teapot (made from Newell's patches, loaded from files as the sample
/// loads its romfs mesh), lit per fragment into a 4-sample sRGB buffer, resolved into
/// each framebuffer, against the CPU model at 1 s: coverage outside the edge band, and
/// the lit colour wherever it is smooth.
#[test]
fn deko07_mesh_lighting_draws_the_lit_teapot_the_console_draws() {
    let mesh = teapot::teapot(8);
    assert_eq!(
        teapot_picture::facing_outwards(&mesh),
        mesh.indices.len() / 3,
        "triangles whose normals agree with their windings"
    );
    let (_mesh_dir, images) = run_mesh_port("deko07_mesh_lighting", &mesh);
    let raster = teapot_picture::rasterise(&mesh, &teapot_picture::model_view(1.0, false));
    for (slot, image) in images.iter().enumerate() {
        let (inside, smooth) = teapot_picture::check_lit_mesh(
            image,
            &raster,
            false,
            2,
            &format!("framebuffer {slot}"),
        );
        assert!(inside > 20_000, "{inside} pixels of teapot");
        assert!(
            smooth * 10 > inside * 7,
            "{smooth} of {inside} pixels smooth"
        );
    }
}

/// Example08: the teapot, swaying sideways, drawn into a G-buffer of three RGBA16F
/// targets, then lit by a full-screen pass that reads them at `ivec2(gl_FragCoord.xy)`
/// into each sRGB framebuffer, against the CPU model at 1 s (the normal and view direction
/// as the G-buffer holds them). A G-buffer read upside down (`gl_FragCoord` counted from
/// the other row than the targets were drawn from) moves the picture off the model's.
#[test]
fn deko08_deferred_shading_lights_the_gbuffer_right_side_up() {
    let mesh = teapot::teapot(8);
    let (_mesh_dir, images) = run_mesh_port("deko08_deferred_shading", &mesh);
    let raster = teapot_picture::rasterise(&mesh, &teapot_picture::model_view(1.0, true));
    for (slot, image) in images.iter().enumerate() {
        let (inside, smooth) =
            teapot_picture::check_lit_mesh(image, &raster, true, 2, &format!("framebuffer {slot}"));
        assert!(inside > 20_000, "{inside} pixels of teapot");
        assert!(
            smooth * 10 > inside * 7,
            "{smooth} of {inside} pixels smooth"
        );
    }
}

//! Building and running the C programs of `capi/examples` against the static library
//! cargo built for this test, on the real driver (lavapipe in CI) with the validation
//! layer and synchronization validation on: each program fails itself on any validation
//! error (`check_validation` in `examples/common.h`).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `target/debug` (or the profile's folder): where cargo put libhookshot.a.
pub fn profile_dir() -> PathBuf {
    // Run through a dynamic linker (`scripts/second_driver.sh`), the process's executable
    // is the linker; the test's own path is its first argument then.
    let exe = std::env::current_exe().expect("the test's path");
    let linker = exe
        .file_name()
        .is_some_and(|name| name.to_string_lossy().starts_with("ld-linux"));
    let exe = match std::env::args_os().next() {
        Some(first) if linker => std::fs::canonicalize(first).unwrap_or(exe),
        _ => exe,
    };
    exe.parent()
        .and_then(Path::parent)
        .expect("tests run from target/<profile>/deps")
        .to_path_buf()
}

/// `capi/examples`, for capi's tests and for the workspace's own (which include this file).
pub fn examples_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let from_workspace = manifest.join("capi/examples");
    if from_workspace.is_dir() {
        from_workspace
    } else {
        manifest.join("examples")
    }
}

/// Builds `name` (a C or C++ program of `capi/examples`) with its Makefile, one build at
/// a time: two tests may want the same program, and one must not relink it while the
/// other runs it.
pub fn build(name: &str) -> PathBuf {
    static BUILDS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = BUILDS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let out = profile_dir().join("capi-examples");
    let program = out.join(name);
    // Cargo builds the static library beside its other outputs in `deps/`, and copies it
    // up to the profile's folder only for some builds (`cargo build`, not always
    // `cargo test`): the newer of the two is this test's.
    let library = [
        profile_dir().join("libhookshot.a"),
        profile_dir().join("deps/libhookshot.a"),
    ]
    .into_iter()
    .filter(|path| path.exists())
    .max_by_key(|path| {
        std::fs::metadata(path)
            .and_then(|meta| meta.modified())
            .ok()
    })
    .unwrap_or_else(|| panic!("libhookshot.a was not built in {}", profile_dir().display()));
    let status = Command::new("make")
        .arg("-C")
        .arg(examples_dir())
        .arg(format!("OUT={}", out.display()))
        .arg(format!("HOOKSHOT_LIB={}", library.display()))
        .arg(&program)
        .status()
        .expect("make runs (install make and a C compiler)");
    assert!(status.success(), "building {name} failed");
    program
}

/// Runs a built example with validation on and no on-disk caches (runs share no state).
pub fn run(program: &Path, args: &[&str]) -> Output {
    run_with(program, args, &[])
}

/// `run` with more switches in the example's environment. Where cargo runs test binaries
/// through a runner (`CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER`, which
/// `scripts/second_driver.sh` sets to the second driver's dynamic linker), the example
/// runs through it too, on the same driver as the test.
pub fn run_with(program: &Path, args: &[&str], switches: &[(&str, &str)]) -> Output {
    let runner = std::env::var("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER").unwrap_or_default();
    let mut words = runner.split_whitespace();
    let mut command = match words.next() {
        Some(first) => {
            let mut command = Command::new(first);
            command.args(words).arg(program);
            command
        }
        None => Command::new(program),
    };
    run_command(command.args(args).envs(switches.iter().copied()))
}

/// Runs a built example on a virtual X display of its own (`xvfb-run -a`).
pub fn run_on_virtual_display(program: &Path) -> Output {
    run_on_virtual_display_with(program, &[])
}

/// `run_on_virtual_display` with arguments.
pub fn run_on_virtual_display_with(program: &Path, args: &[&str]) -> Output {
    run_command(
        Command::new("xvfb-run")
            .args(["-a", "-s", "-screen 0 640x480x24"])
            .arg(program)
            .args(args)
            .env_remove("WAYLAND_DISPLAY"),
    )
}

fn run_command(command: &mut Command) -> Output {
    let program = format!("{command:?}");
    let output = command
        .env("RX_VK_VALIDATION", "1")
        .env("RX_VK_SHADER_CACHE", "0")
        .env("RX_VK_PIPELINE_CACHE", "0")
        .output()
        .expect("the example starts (xvfb-run needs the Debian package xvfb)");
    if !output.status.success() {
        panic!(
            "{program} failed ({}):\n{}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    output
}

/// A fresh path in a temporary folder kept while the returned guard lives.
pub fn temp_file(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(name);
    (dir, path)
}

/// Whether the centre of pixel (x, y) of a `size_px` square target lies in the triangle
/// (clip-space corners, Vulkan's y down), and how far inside or out in pixels, so tests
/// skip the pixels on an edge the rasterizer may take either way.
pub fn triangle_coverage(size_px: u32, corners: [[f32; 2]; 3], x: u32, y: u32) -> (bool, f32) {
    let to_px = |[cx, cy]: [f32; 2]| {
        [
            (cx + 1.0) * 0.5 * size_px as f32,
            (cy + 1.0) * 0.5 * size_px as f32,
        ]
    };
    let [a, b, c] = corners.map(to_px);
    let p = [x as f32 + 0.5, y as f32 + 0.5];
    let edge = |from: [f32; 2], to: [f32; 2]| {
        let length = ((to[0] - from[0]).powi(2) + (to[1] - from[1]).powi(2)).sqrt();
        ((to[0] - from[0]) * (p[1] - from[1]) - (to[1] - from[1]) * (p[0] - from[0])) / length
    };
    let distances = [edge(a, b), edge(b, c), edge(c, a)];
    let inside = distances.iter().all(|&d| d >= 0.0) || distances.iter().all(|&d| d <= 0.0);
    let margin = distances.iter().map(|d| d.abs()).fold(f32::MAX, f32::min);
    (inside, margin)
}

/// Checks a `size_px` square RGBA8 image of the upper-left triangle (the examples'
/// corners (-1,-1), (1,-1), (-1,1)): `inside` under it, `outside` elsewhere, skipping the
/// pixels within 0.75 px of an edge.
pub fn check_triangle_image(texels: &[u8], size_px: u32, inside: [u8; 4], outside: [u8; 4]) {
    assert_eq!(texels.len(), (size_px * size_px * 4) as usize);
    let corners = [[-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]];
    let mut checked = 0;
    for y in 0..size_px {
        for x in 0..size_px {
            let (covered, margin) = triangle_coverage(size_px, corners, x, y);
            if margin < 0.75 {
                continue;
            }
            let at = ((y * size_px + x) * 4) as usize;
            let expected = if covered { inside } else { outside };
            assert_eq!(texels[at..at + 4], expected, "pixel ({x}, {y})");
            checked += 1;
        }
    }
    let all = size_px * size_px;
    assert!(
        checked > all * 7 / 8,
        "only {checked} of {all} pixels away from the edges"
    );
}

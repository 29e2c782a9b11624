//! The program's error paths: one line, non-zero exit, no panic.

mod common;

use common::process::{assert_success, hookshot, scratch_dir};

#[test]
fn a_bad_switch_value_is_one_line_naming_the_switch() {
    let output = hookshot()
        .arg("info")
        .env("RX_VK_VRAM_MB", "abc")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("RX_VK_VRAM_MB"), "{stderr}");
    assert!(stderr.contains("auto|<MiB>"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_bad_log_filter_names_rx_vk_log() {
    let output = hookshot()
        .arg("info")
        .env("RX_VK_LOG", "gpu_vk=notalevel")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("RX_VK_LOG"), "{stderr}");
}

#[test]
fn info_prints_device_capabilities_and_every_switch() {
    let output = hookshot()
        .arg("info")
        .env("RX_VK_KEEP_FINALIZED_MB", "64")
        .output()
        .unwrap();
    assert_success(&output);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("API version"), "{stdout}");
    assert!(stdout.contains("descriptor indexing"), "{stdout}");
    // The virtual pool path with its reason, and the memory types it was chosen from.
    let path = stdout
        .lines()
        .find(|l| l.contains("virtual pool path"))
        .unwrap_or_else(|| panic!("no virtual pool path in:\n{stdout}"));
    assert!(
        path.contains("sparse binding, strict residency (")
            || path.contains("sparse binding, relaxed residency (")
            || path.contains("copy-on-map ("),
        "{path}"
    );
    // What unmapped pages read, on every path.
    assert!(path.contains("unmapped pages read"), "{path}");
    assert!(stdout.contains("memory type 0 "), "{stdout}");
    let specs = gpu::switches::parse_table(gpu::switches::TABLE_TSV).unwrap();
    for spec in specs {
        assert!(
            stdout.contains(&spec.name),
            "{} missing from:\n{stdout}",
            spec.name
        );
    }
    let keep = stdout
        .lines()
        .find(|l| l.contains("RX_VK_KEEP_FINALIZED_MB"))
        .unwrap();
    assert!(
        keep.contains("64") && keep.contains("environment"),
        "{keep}"
    );
}

/// Runs `hookshot` with `args`; returns (success, stdout, stderr).
fn run(args: &[&str]) -> (bool, String, String) {
    let output = hookshot().args(args).output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn assert_one_line_error(args: &[&str], expect: &str) {
    let (ok, _, stderr) = run(args);
    assert!(!ok, "{args:?} must fail");
    assert_eq!(stderr.trim().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(expect), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn layout_prints_the_worked_values_as_json() {
    let (ok, stdout, stderr) = run(&[
        "layout", "--format", "rgba8", "--size", "256x256", "--levels", "9", "--json",
    ]);
    assert!(ok, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["size"], 351_232);
    let offsets: Vec<u64> = json["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|level| level["offset"].as_u64().unwrap())
        .collect();
    assert_eq!(
        offsets,
        [0, 0x40000, 0x50000, 0x54000, 0x55000, 0x55400, 0x55600, 0x55800, 0x55A00]
    );
}

#[test]
fn layout_and_texture_refuse_bad_parameters_in_one_line() {
    assert_one_line_error(
        &["layout", "--format", "nope", "--size", "4x4"],
        "unknown format",
    );
    assert_one_line_error(
        &[
            "layout", "--format", "rgba8", "--size", "4x4", "--levels", "9",
        ],
        "at most 3",
    );
    assert_one_line_error(&["layout", "--format", "rgba8", "--size", "0x4"], "width");
    let dir = scratch_dir("cli");
    let short = dir.join("short.bin");
    std::fs::write(&short, [0u8; 100]).unwrap();
    let out = dir.join("out.bin");
    assert_one_line_error(
        &[
            "texture",
            "swizzle",
            "--format",
            "rgba8",
            "--size",
            "64x64",
            short.to_str().unwrap(),
            out.to_str().unwrap(),
        ],
        "16384",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn texture_swizzle_then_deswizzle_gives_the_input_back() {
    let dir = scratch_dir("roundtrip");
    let linear: Vec<u8> = (0..260u32 * 260 * 2)
        .map(|i| (i * 7 + i / 3) as u8)
        .collect();
    let (input, storage, back) = (
        dir.join("in.bin"),
        dir.join("storage.bin"),
        dir.join("back.bin"),
    );
    std::fs::write(&input, &linear).unwrap();
    let path = |p: &std::path::Path| p.to_str().unwrap().to_owned();
    let (ok, _, stderr) = run(&[
        "texture",
        "swizzle",
        "--format",
        "rg8",
        "--size",
        "260x260",
        &path(&input),
        &path(&storage),
    ]);
    assert!(ok, "{stderr}");
    let (ok, _, stderr) = run(&[
        "texture",
        "deswizzle",
        "--format",
        "rg8",
        "--size",
        "260x260",
        &path(&storage),
        &path(&back),
    ]);
    assert!(ok, "{stderr}");
    assert!(std::fs::read(&back).unwrap() == linear);
    assert_ne!(std::fs::read(&storage).unwrap()[..linear.len()], linear[..]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_shader_that_does_not_compile_gives_file_line_column() {
    let dir = scratch_dir("shader");
    let file = dir.join("bad.vert");
    std::fs::write(
        &file,
        "#version 450\nvoid main() { gl_Position = vec4(oops); }\n",
    )
    .unwrap();
    let name = file.to_str().unwrap();
    let (ok, _, stderr) = run(&["shader", "translate", name, "--stage", "vert"]);
    assert!(!ok);
    assert!(stderr.contains(&format!("{name}:2:34:")), "{stderr}");
    assert!(stderr.contains("oops"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_switch_value_that_is_not_utf8_is_an_error_not_unset() {
    use std::os::unix::ffi::OsStrExt;
    let output = hookshot()
        .arg("info")
        .env("RX_VK_GPU_STORAGE", std::ffi::OsStr::from_bytes(b"0\xff"))
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("RX_VK_GPU_STORAGE"), "{stderr}");
    assert!(stderr.contains("not UTF-8"), "{stderr}");
}

#[test]
fn texture_swizzle_reads_only_what_the_layout_needs() {
    // An endless input: read without a bound, this never ends.
    let dir = scratch_dir("swizzle-endless");
    let out = dir.join("out.bin");
    let output = hookshot()
        .args([
            "texture",
            "swizzle",
            "--format",
            "rgba8",
            "--size",
            "64x64",
            "/dev/zero",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert_success(&output);
    assert_eq!(std::fs::metadata(&out).unwrap().len(), 64 * 64 * 4);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("more than 16384 bytes"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn benchmark_sizes_and_rounds_are_bounded() {
    for (args, expect) in [
        (
            &["bench", "draws", "--draws", "4294967295"][..],
            "not in 1..=1000000",
        ),
        (&["bench", "draws", "--frames", "0"][..], "not in 1..=10000"),
        (
            &["bench", "writeback", "--rounds", "0"][..],
            "not in 1..=10000",
        ),
        (
            &["bench", "shaders", "--rounds", "0"][..],
            "not in 1..=10000",
        ),
        (
            &["bench", "swizzle", "--batches", "0"][..],
            "not in 1..=10000",
        ),
        (
            &["bench", "scale", "--draws", "1000,1000001"][..],
            "not in 1..=1000000",
        ),
        (
            &["bench", "scale", "--textures", "0"][..],
            "not in 1..=200000",
        ),
    ] {
        let (ok, _, stderr) = run(args);
        assert!(!ok, "{args:?}");
        assert!(stderr.contains(expect), "{args:?}: {stderr}");
        assert!(!stderr.contains("memory allocation"), "{args:?}: {stderr}");
    }
}

/// `bench draws --api c --record-only` records through the C ABI and the Rust API and
/// prints both and their ratio; without `--api c` the switch is refused.
#[test]
fn the_c_abi_recording_figure_runs_and_needs_the_c_api() {
    assert_one_line_error(
        &["bench", "draws", "--record-only"],
        "--record-only compares the C ABI's recording",
    );
    let output = hookshot()
        .args([
            "bench",
            "draws",
            "--api",
            "c",
            "--record-only",
            "--draws",
            "200",
            "--frames",
            "3",
        ])
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&output);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout
        .lines()
        .find(|line| line.starts_with("recording: C ABI"))
        .unwrap_or_else(|| panic!("no recording line in:\n{stdout}"));
    assert!(
        line.contains("Rust API") && line.contains("ratio C ABI/Rust API"),
        "{line}"
    );
}

/// `bench draws --change KIND`: every kind runs both sides (Hookshot's change and its ash
/// counterpart, the uniform update's split pass included) under the validation layer with
/// synchronization validation, and prints the ratio; blend may be refused naming what
/// the device lacks (extended dynamic state 3's blend, as under the MoltenVK simulation).
#[test]
fn every_state_change_of_bench_draws_runs_under_validation() {
    for change in ["scissor", "viewport", "blend", "depth", "raster", "uniform"] {
        let output = hookshot()
            .args(["bench", "draws", "--draws", "8", "--frames", "1"])
            .args(["--change", change])
            .env("RX_VK_SHADER_CACHE", "0")
            .env("RX_VK_PIPELINE_CACHE", "0")
            .env("RX_VK_VALIDATION", "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        if change == "blend" && !output.status.success() {
            assert!(stderr.contains("lacks"), "{change}: {stderr}");
            continue;
        }
        assert_success(&output);
        for id in ["VUID-", "SYNC-", "UNASSIGNED-"] {
            assert!(
                !stderr.contains(id),
                "{change}: a validation message: {stderr}"
            );
        }
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains("ratio hookshot/direct"),
            "{change}: no ratio in:\n{stdout}"
        );
    }
}

/// `bench scale` at tiny sizes: every curve prints its table, a row a size with the cost
/// per unit, and the ratio of the largest size to the smallest (no timing is asserted).
#[test]
fn the_growth_curves_run_at_tiny_sizes() {
    let output = hookshot()
        .args([
            "bench",
            "scale",
            "--draws",
            "3,7",
            "--textures",
            "2,5",
            "--used-textures",
            "2",
            "--pools",
            "2,3",
            "--programs",
            "2,3",
            "--submits",
            "1,2",
            "--uses",
            "4",
            "--frames",
            "1",
        ])
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&output);
    let stdout = String::from_utf8_lossy(&output.stdout);
    for (curve, sizes) in [
        ("draws", ["3", "7"]),
        ("textures", ["2", "5"]),
        ("pools", ["2", "3"]),
        ("programs", ["2", "3"]),
        ("submits", ["1", "2"]),
    ] {
        let table: Vec<&str> = stdout
            .split("\n\n")
            .find(|table| table.starts_with(&format!("{curve}: cost per ")))
            .unwrap_or_else(|| panic!("no {curve} table in:\n{stdout}"))
            .lines()
            .collect();
        // Title, header, a row a size, the ratio.
        assert_eq!(table.len(), 5, "{curve}: {table:#?}");
        for (row, size) in table[2..4].iter().zip(sizes) {
            let cells: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(cells[0], size, "{curve}: {row}");
            let cost_ns: f64 = cells[1].parse().unwrap();
            assert!(cost_ns > 0.0, "{curve}: {row}");
        }
        assert!(
            table[4].trim_start().starts_with("largest/smallest"),
            "{curve}: {table:#?}"
        );
    }
    assert!(
        stdout.contains("from its smallest size to its largest") || stdout.contains("past 1.5x:"),
        "{stdout}"
    );
}

#[test]
fn an_output_that_cannot_be_written_fails_before_the_run() {
    let missing = std::env::temp_dir().join(format!("hookshot-no-such-dir-{}", std::process::id()));
    let stats = missing.join("stats.json");
    for args in [
        vec!["demo", "--headless", "--frames", "200", "--stats"],
        vec!["demo", "--headless", "--frames", "200", "--record"],
    ] {
        let output = hookshot()
            .args(&args)
            .arg(&stats)
            .env("RX_VK_SHADER_CACHE", "0")
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        // The summary is printed after the frames: none ran.
        assert!(!stdout.contains("frames:"), "{args:?} ran first: {stdout}");
        assert!(stderr.contains("creating"), "{args:?}: {stderr}");
        assert!(stderr.contains("stats.json"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_large_demo_size_runs_and_one_past_the_device_names_the_limit() {
    let output = hookshot()
        .args(["demo", "--headless", "--frames", "2", "--size", "3840x2160"])
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&output);
    let output = hookshot()
        .args([
            "demo",
            "--headless",
            "--frames",
            "2",
            "--size",
            "60000x60000",
        ])
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("larger than the maximum"), "{stderr}");
    assert_eq!(
        stderr.matches("larger than the maximum").count(),
        1,
        "said once: {stderr}"
    );
    // Within the device's sides but past the demo's frame memory: refused at once.
    let started = std::time::Instant::now();
    assert_one_line_error(
        &["demo", "--headless", "--size", "16384x16384"],
        "more than the 8294400 (3840x2160) a demo frame may have",
    );
    assert!(started.elapsed().as_secs() < 10);
}

#[test]
fn shader_disasm_lists_a_compiled_program_as_envydis_does() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_corpus/dk_sinewave");
    let file = dir.join("out.dksh");
    let (ok, stdout, stderr) = run(&["shader", "disasm", file.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("compute program, 11 registers"), "{stdout}");
    // Every instruction line of envydis's listing, word and text, is in ours.
    let listing = std::fs::read_to_string(dir.join("out.dis")).unwrap();
    let mut lines = 0;
    for line in listing.lines().filter(|line| !line.trim().is_empty()) {
        let (offset, rest) = line.split_once(": ").unwrap();
        let mut tokens = rest.split_whitespace();
        let lo = tokens.next().unwrap();
        let hi = tokens.next().unwrap();
        let text: Vec<&str> = tokens.filter(|token| *token != "C").collect();
        if text[0] == "sched" {
            continue;
        }
        let ours = format!("{offset}: {hi}{lo}   {}", text.join(" "));
        assert!(stdout.contains(&ours), "missing `{ours}` in:\n{stdout}");
        lines += 1;
    }
    assert!(lines > 40, "{lines}");
}

#[test]
fn shader_disasm_refuses_a_cut_file_in_one_line() {
    let dir = scratch_dir("disasm");
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_corpus/dk_color_fsh/out.dksh");
    let cut = dir.join("cut.dksh");
    std::fs::write(&cut, &std::fs::read(source).unwrap()[..300]).unwrap();
    assert_one_line_error(
        &["shader", "disasm", cut.to_str().unwrap()],
        "the file is cut",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shader_translate_takes_a_compiled_maxwell_program() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_corpus");
    let dir = scratch_dir("translate-dksh");
    let out = dir.join("colour.spv");
    let file = corpus.join("dk_color_fsh/out.dksh");
    let (ok, _, stderr) = run(&[
        "shader",
        "translate",
        file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("frag shader"), "{stderr}");
    let spirv = std::fs::read(&out).unwrap();
    assert_eq!(spirv[..4], 0x0723_0203u32.to_le_bytes(), "a SPIR-V module");
    // A stage that disagrees with the module, and a program with what is not translated.
    assert_one_line_error(
        &[
            "shader",
            "translate",
            file.to_str().unwrap(),
            "--stage",
            "vert",
        ],
        "holds a frag program",
    );
    // A geometry program needs its input class (the draw's topology), and then translates.
    let geometry = corpus.join("x_geom_emit/out.dksh");
    assert_one_line_error(
        &["shader", "translate", geometry.to_str().unwrap()],
        "input primitive is the draw's topology",
    );
    let output = hookshot()
        .args(["shader", "translate", geometry.to_str().unwrap()])
        .args(["--input", "triangles"])
        .output()
        .unwrap();
    assert_success(&output);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("geom shader"), "{stderr}");
    // MoltenVK has no geometry stage: asked for MSL too, the SPIR-V and the reflection
    // are still written, the missing MSL is one warning line and status 5.
    let (spv, msl) = (dir.join("geometry.spv"), dir.join("geometry.metal"));
    let output = hookshot()
        .args(["shader", "translate", geometry.to_str().unwrap()])
        .args(["--input", "triangles", "--reflect"])
        .args([
            "--out",
            spv.to_str().unwrap(),
            "--msl",
            msl.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(5), "{stderr}");
    assert!(stderr.contains("no MSL written"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let spirv = std::fs::read(&spv).unwrap();
    assert_eq!(spirv[..4], 0x0723_0203u32.to_le_bytes(), "a SPIR-V module");
    assert!(!msl.exists(), "no MSL file");
    let reflection: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(reflection.is_object(), "{reflection}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `RX_VK_LOADER`: an explicit path is loaded and nothing else is tried; a missing one is
/// a one-line error naming it.
#[test]
fn the_loader_switch_names_the_library_loaded() {
    let arch = std::env::consts::ARCH;
    let debian = format!("/usr/lib/{arch}-linux-gnu/libvulkan.so.1");
    let output = hookshot()
        .arg("info")
        .env("RX_VK_LOADER", &debian)
        .output()
        .unwrap();
    assert_success(&output);
    let output = hookshot()
        .arg("info")
        .env("RX_VK_LOADER", "/nonexistent/libvulkan.so.1")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/nonexistent/libvulkan.so.1"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `RX_VK_SIMULATE=moltenvk-m1`: `hookshot info` shows the masked device (the portability
/// features MoltenVK lacks on an M1, geometry shaders off).
#[test]
fn info_shows_the_simulated_moltenvk_device() {
    let output = hookshot()
        .arg("info")
        .env("RX_VK_SIMULATE", "moltenvk-m1")
        .output()
        .unwrap();
    assert_success(&output);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let missing = stdout
        .lines()
        .find(|l| l.contains("portability features missing"))
        .unwrap_or_else(|| panic!("{stdout}"));
    for name in ["triangleFans", "samplerMipLodBias", "pointPolygons"] {
        assert!(missing.contains(name), "{missing}");
    }
    assert!(!missing.contains("imageViewFormatSwizzle"), "{missing}");
    let geometry = stdout
        .lines()
        .find(|l| l.contains("geometry shaders"))
        .unwrap();
    assert!(geometry.contains("no"), "{geometry}");
}

/// A long benchmark prints a progress line (to stderr, apart from its results) at most
/// once a second, and at least one once it has run two seconds.
#[test]
fn a_long_benchmark_prints_a_progress_line_at_most_once_a_second() {
    let started = std::time::Instant::now();
    let output = hookshot()
        .args(["bench", "tracking", "--rounds", "8"])
        .output()
        .unwrap();
    let elapsed_s = started.elapsed().as_secs_f64();
    assert_success(&output);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let progress: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("bench: tracking: round "))
        .collect();
    assert!(
        progress.len() as f64 <= elapsed_s + 1.0,
        "{elapsed_s} s:\n{stderr}"
    );
    if elapsed_s >= 2.5 {
        assert!(!progress.is_empty(), "{elapsed_s} s:\n{stderr}");
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        !stdout.contains("bench: "),
        "progress stays off stdout:\n{stdout}"
    );
}

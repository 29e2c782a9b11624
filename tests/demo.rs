//! `hookshot demo` end to end on the real driver: zero validation errors, and the terrain
//! check provably sees the seeds' failure: it passes with the write-back on, with kept
//! finalized textures on, and with both, and fails (exit 3) only with both off, through
//! eviction under the default budget as well as through the defragmentation.

mod common;

use std::os::unix::fs::PermissionsExt;

use common::process::{assert_success, hookshot, scratch_dir};

fn demo(frames: u32, env: &[(&str, &str)]) -> (Option<i32>, serde_json::Value, String) {
    demo_with(frames, env, &[])
}

/// `demo` with more arguments.
fn demo_with(
    frames: u32,
    env: &[(&str, &str)],
    args: &[&str],
) -> (Option<i32>, serde_json::Value, String) {
    let dir = scratch_dir(&format!("demo-{}{}", rand_suffix(env), args.join("")));
    let stats = dir.join("stats.json");
    let output = hookshot()
        .args([
            "demo",
            "--headless",
            "--frames",
            &frames.to_string(),
            "--stats",
        ])
        .arg(&stats)
        .args(args)
        .env("RX_VK_SHADER_CACHE", "0")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    let json = std::fs::read_to_string(&stats)
        .map(|s| serde_json::from_str(&s).unwrap())
        .unwrap_or(serde_json::Value::Null);
    std::fs::remove_dir_all(&dir).unwrap();
    (output.status.code(), json, text)
}

fn rand_suffix(env: &[(&str, &str)]) -> String {
    env.iter()
        .map(|(k, v)| {
            // Switch names lose their `RX_VK_`; values become safe in a folder name.
            let value: String = v
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            format!("{}{value}", k.strip_prefix("RX_VK_").unwrap_or(k))
        })
        .collect::<Vec<_>>()
        .join("-")
}

#[test]
fn the_demo_runs_validation_clean() {
    let (stats, text) = clean_run_with(&[]);
    // The frame stats carry memory: host images, and the pools imported from the game.
    assert!(stats["image_memory_bytes"].as_u64().unwrap() > 0, "{text}");
    assert!(stats["imported_pool_bytes"].as_u64().unwrap() > 0, "{text}");
}

#[test]
fn the_terrain_check_fails_only_with_write_back_and_keeping_both_off() {
    // 260 frames: chunks leave and return, and one defragmentation moves every tile.
    // Through the API's copy the image cache sees the move, so kept images follow it;
    // a plain memmove through the pointer (the default, as the game does it) is seen as
    // a write of the destination only, so with the write-back off the moved tiles are
    // what storage holds: nothing drawn.
    for (gpu_storage, keep_mb, pool_writes, passes) in [
        ("1", "512", "api", true),
        ("1", "0", "api", true),
        ("0", "512", "api", true),
        ("0", "0", "api", false),
        ("1", "512", "pointer", true),
        ("1", "0", "pointer", true),
        ("0", "512", "pointer", false),
    ] {
        let env = [
            ("RX_VK_GPU_STORAGE", gpu_storage),
            ("RX_VK_KEEP_FINALIZED_MB", keep_mb),
        ];
        let (code, stats, text) = demo_with(260, &env, &["--pool-writes", pool_writes]);
        let label = format!(
            "RX_VK_GPU_STORAGE={gpu_storage} RX_VK_KEEP_FINALIZED_MB={keep_mb} --pool-writes {pool_writes}"
        );
        assert!(
            stats["chunks_returned"].as_u64().unwrap() > 0,
            "{label}: {text}"
        );
        assert!(
            stats["defragmentations"].as_u64().unwrap() >= 1,
            "{label}: {text}"
        );
        if passes {
            assert_eq!(code, Some(0), "{label}: {text}");
            assert!(text.contains("terrain check: OK"), "{label}: {text}");
            assert_eq!(stats["terrain_tiles_failed"], 0, "{label}");
        } else {
            assert_eq!(code, Some(3), "{label}: {text}");
            assert!(text.contains("terrain check: FAILED ("), "{label}: {text}");
            assert!(
                stats["terrain_tiles_failed"].as_u64().unwrap() > 0,
                "{label}"
            );
        }
    }
}

/// Seed 001 as it happens in long play: the default run's image cache is full (the demo's
/// budget, with props streaming in), so eviction reaches the finalized terrain tiles.
/// Before the first defragmentation (frame 250), with the write-back off, only the keep
/// rule saves them; with it off as well the check fails through eviction alone.
#[test]
fn under_the_default_budget_the_keep_rule_is_what_saves_the_tiles() {
    let env = [
        ("RX_VK_GPU_STORAGE", "0"),
        ("RX_VK_KEEP_FINALIZED_MB", "512"),
    ];
    let (code, stats, text) = demo(245, &env);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("terrain check: OK"), "{text}");
    assert_eq!(stats["defragmentations"], 0, "{text}");
    assert!(stats["chunks_returned"].as_u64().unwrap() > 0, "{text}");
    assert!(stats["evictions"].as_u64().unwrap() > 0, "{text}");
    assert!(stats["kept_textures"].as_u64().unwrap() > 0, "{text}");
    assert!(!text.contains("kept textures: 0 "), "{text}");
    assert_eq!(stats["texels_lost"], 0, "{text}");

    let env = [("RX_VK_GPU_STORAGE", "0"), ("RX_VK_KEEP_FINALIZED_MB", "0")];
    let (code, stats, text) = demo(245, &env);
    assert_eq!(code, Some(3), "{text}");
    assert!(text.contains("terrain check: FAILED ("), "{text}");
    assert_eq!(stats["defragmentations"], 0, "{text}");
    assert_eq!(stats["kept_textures"], 0, "{text}");
    assert!(stats["texels_lost"].as_u64().unwrap() > 0, "{text}");
    assert!(
        text.contains("GPU-drawn texels that storage does not hold are lost"),
        "{text}"
    );
}

/// The deferred pass merge (seed 004) in the demo: with validation and synchronization
/// validation on, `RX_VK_PASS_DEFER=ab` alternates it in one run; the ten light passes
/// a frame merge into the eleventh in the phases with it on, the summary gives passes a
/// frame and GPU time on and off, frame 300 logs the groups and rejections by reason, and
/// the terrain check holds.
#[test]
fn the_deferred_pass_merge_runs_validation_clean_in_its_ab_phases() {
    let env = [
        ("RX_VK_VALIDATION", "1"),
        ("RX_VK_PASS_DEFER", "ab"),
        ("RX_VK_AB", "75"),
    ];
    let (code, stats, text) = demo(305, &env);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(stats["validation_errors"], 0, "{text}");
    assert!(text.contains("terrain check: OK"), "{text}");
    let on = stats["pass_defer_passes_per_frame_on"].as_f64().unwrap();
    let off = stats["pass_defer_passes_per_frame_off"].as_f64().unwrap();
    assert!(on + 9.5 < off, "{on} on, {off} off: {text}");
    assert!(
        stats["pass_defer_gpu_ms_p50_on"].as_f64().unwrap() > 0.0,
        "{text}"
    );
    assert!(
        stats["pass_defer_gpu_ratio"].as_f64().unwrap() > 0.0,
        "{text}"
    );
    assert!(
        text.contains("pass defer A/B (75 frames a phase;"),
        "{text}"
    );
    // 300 frames' tally: the first 75 load with it on, 75..150 and 225..300 on: ten a frame.
    assert!(
        text.contains("deferred pass merge: groups accepted, rejections by reason"),
        "{text}"
    );
    assert!(text.contains("accepted_groups=2250"), "{text}");
    assert!(text.contains("hazard="), "{text}");
}

#[test]
fn the_demo_soaks_for_3000_frames_with_the_terrain_right_and_host_memory_flat() {
    // Frame 750 is both a defragmentation and a chunk step (a returning tile's texture
    // was ended by the defragmentation before its check); 3,000 frames pass eleven
    // defragmentations and every kind of coincidence on the route.
    let (code, stats, text) = demo(3000, &[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("terrain check: OK"), "{text}");
    assert_eq!(stats["frames"], 3000, "{text}");
    assert!(stats["defragmentations"].as_u64().unwrap() >= 11, "{text}");
    assert_eq!(stats["terrain_tiles_failed"], 0, "{text}");
    let growth_b = stats["host_resident_growth_bytes"]
        .as_i64()
        .unwrap_or_else(|| panic!("no host memory samples: {text}"));
    assert!(
        growth_b < 16 << 20,
        "host memory grew {growth_b} bytes between frame 500 and frame 3000: {text}"
    );
}

#[test]
fn the_pointers_writes_are_seen_only_by_page_protection() {
    // The demo's pool writes through the pointer with no flush: explicit tracking never
    // hears of the defragmentation's memmove, and samples the host images cached at the
    // destination from two defragmentations before.
    let (code, _, text) = demo(530, &[("RX_VK_WRITE_TRACKING", "explicit")]);
    assert_eq!(code, Some(3), "{text}");
    let (code, stats, text) = demo(530, &[("RX_VK_WRITE_TRACKING", "protect")]);
    assert_eq!(code, Some(0), "{text}");
    assert!(stats["write_traps"].as_u64().unwrap() > 0, "{text}");
}

#[test]
fn a_budget_too_small_for_the_keep_rule_says_so() {
    // With the write-back off only kept images hold the tiles; 4 MiB cannot keep them.
    let env = [("RX_VK_GPU_STORAGE", "0"), ("RX_VK_VRAM_MB", "4")];
    let (code, _, text) = demo_with(260, &env, &["--pool-writes", "api"]);
    assert_eq!(code, Some(3), "{text}");
    assert!(
        text.contains("GPU-drawn texels that storage does not hold are lost"),
        "{text}"
    );
    assert!(text.contains("raise RX_VK_VRAM_MB"), "{text}");
}

/// Runs `hookshot` with `args` and the shader cache off.
fn run(args: &[&std::ffi::OsStr]) -> std::process::Output {
    hookshot()
        .args(args)
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap()
}

#[test]
fn a_recorded_run_replays_to_the_same_frames_and_a_cut_recording_is_refused() {
    let dir = scratch_dir("replay");
    let (recorded, replayed) = (dir.join("recorded"), dir.join("replayed"));
    let recording = dir.join("run.hsrec");
    let output = run(&[
        "demo".as_ref(),
        "--headless".as_ref(),
        "--frames".as_ref(),
        "40".as_ref(),
        "--every".as_ref(),
        "13".as_ref(),
        "--record".as_ref(),
        recording.as_os_str(),
        "--out".as_ref(),
        recorded.as_os_str(),
    ]);
    assert_success(&output);
    let output = run(&[
        "replay".as_ref(),
        recording.as_os_str(),
        "--out".as_ref(),
        replayed.as_os_str(),
    ]);
    assert_success(&output);
    let mut compared = 0;
    for entry in std::fs::read_dir(&recorded).unwrap() {
        let name = entry.unwrap().file_name();
        if !name.to_string_lossy().ends_with(".png") {
            continue;
        }
        let original = std::fs::read(recorded.join(&name)).unwrap();
        let again = std::fs::read(replayed.join(&name))
            .unwrap_or_else(|_| panic!("{name:?} was not replayed"));
        assert!(original == again, "{name:?} differs after replay");
        compared += 1;
    }
    assert!(compared >= 4, "only {compared} frames compared");

    let bytes = std::fs::read(&recording).unwrap();
    let cut = dir.join("cut.hsrec");
    std::fs::write(&cut, &bytes[..bytes.len() * 2 / 3]).unwrap();
    let output = run(&["replay".as_ref(), cut.as_os_str()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("byte"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// No program is spawned at run time: with PATH holding only decoys of the programs the
/// renderer once ran (each one records that it ran, then fails), a 3-frame demo with the
/// shader cache off passes and no decoy ran.
#[test]
fn the_demo_spawns_no_program() {
    let dir = scratch_dir("demo-no-programs");
    let ran = dir.join("ran");
    for program in [
        "spirv-val",
        "spirv-opt",
        "spirv-cross",
        "spirv-dis",
        "glslangValidator",
    ] {
        let decoy = dir.join(program);
        std::fs::write(
            &decoy,
            format!("#!/bin/sh\necho \"$0\" >> '{}'\nexit 1\n", ran.display()),
        )
        .unwrap();
        std::fs::set_permissions(&decoy, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let path = dir.to_str().unwrap().to_owned();
    let (code, _stats, text) = demo(3, &[("PATH", path.as_str())]);
    let spawned = std::fs::read_to_string(&ran).unwrap_or_default();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(spawned, "", "programs ran: {spawned}");
}

/// The demo on the simulated MoltenVK route (`RX_VK_SIMULATE=moltenvk-m1`): fans
/// converted, strides checked, no LOD bias, no geometry shaders; the terrain check holds
/// and validation stays clean.
#[test]
fn the_demo_passes_on_simulated_moltenvk() {
    let (code, stats, text) = demo(
        90,
        &[("RX_VK_VALIDATION", "1"), ("RX_VK_SIMULATE", "moltenvk-m1")],
    );
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(stats["validation_errors"], 0, "{text}");
    assert!(text.contains("terrain check: OK"), "{text}");
}

/// The demo drawn with uam's Maxwell binaries of its shaders (translated as a game's
/// compiled shaders are): validation clean, and the terrain check, which compares every
/// sampled normal tile with the CPU's normals byte for byte, passes.
#[test]
fn the_demo_draws_with_its_shaders_compiled_for_maxwell() {
    clean_run_with(&["--shaders", "maxwell"]);
}

/// 90 frames with validation and `args`: exit 0, no validation error, the terrain check
/// passing over at least nine tiles. Returns the stats and the output.
fn clean_run_with(args: &[&str]) -> (serde_json::Value, String) {
    let (code, stats, text) = demo_with(90, &[("RX_VK_VALIDATION", "1")], args);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(stats["validation_errors"], 0, "{text}");
    assert!(text.contains("terrain check: OK"), "{text}");
    assert!(
        stats["terrain_tiles_checked"].as_u64().unwrap() >= 9,
        "{text}"
    );
    (stats, text)
}

/// The Maxwell binaries the demo uses are uam's output for the demo's own GLSL (uam is a
/// GL front end: `gl_VertexID` there is `gl_VertexIndex` here).
#[test]
fn the_demo_s_maxwell_binaries_are_of_its_glsl() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, corpus) in [
        ("fullscreen.vert", "main_fullscreen_vert"),
        ("normals.frag", "main_normals_frag"),
        ("terrain.vert", "main_terrain_vert"),
        ("terrain.frag", "main_terrain_frag"),
        ("shadow.vert", "main_shadow_vert"),
        ("light.frag", "main_light_frag"),
        ("composite.frag", "main_composite_frag"),
    ] {
        let demo = std::fs::read_to_string(root.join("src/demo/shaders").join(file)).unwrap();
        let compiled = std::fs::read_to_string(
            root.join("shader_translate/tests/maxwell_corpus")
                .join(corpus)
                .join("source.glsl"),
        )
        .unwrap();
        assert_eq!(
            compiled.replace("gl_VertexID", "gl_VertexIndex"),
            demo,
            "{file}"
        );
    }
}

/// `--render-targets`: targets made a frame over one pool at stepping resolutions, each
/// cleared whole, one drawn into the frame. With `RX_VK_RT_RECLAIM=1` the images under
/// the ring's laps are reclaimed and handed to the next targets of their description, so
/// the run holds fewer host-image bytes (peak and end) than with it off; the terrain check
/// and validation stay clean both ways. The budget is set high so eviction does not bound
/// the run without reclaim (the figure in BENCHMARKS.md).
#[test]
fn render_target_reclaim_holds_fewer_host_image_bytes_in_the_demo() {
    let run = |reclaim: &str| {
        let env = [
            ("RX_VK_VALIDATION", "1"),
            ("RX_VK_RT_RECLAIM", reclaim),
            ("RX_VK_VRAM_MB", "512"),
        ];
        let (code, stats, text) = demo_with(36, &env, &["--render-targets", "8"]);
        assert_eq!(code, Some(0), "{text}");
        assert_eq!(stats["validation_errors"], 0, "{text}");
        assert!(text.contains("terrain check: OK"), "{text}");
        assert!(text.contains("render targets: 8 a frame"), "{text}");
        assert_eq!(stats["render_targets_made"], 8 * 36, "{text}");
        (stats, text)
    };
    let (off, off_text) = run("0");
    let (on, on_text) = run("1");
    assert_eq!(off["reclaim_reuses"], 0, "{off_text}");
    assert!(on["reclaim_reuses"].as_u64().unwrap() > 0, "{on_text}");
    for key in ["image_memory_peak_bytes", "image_memory_bytes"] {
        let (off_b, on_b) = (off[key].as_u64().unwrap(), on[key].as_u64().unwrap());
        assert!(
            on_b < off_b,
            "{key}: on {on_b} >= off {off_b}\n{on_text}\n{off_text}"
        );
    }
}

#[test]
fn the_default_demo_makes_no_render_target_workload() {
    let (code, stats, text) = demo(2, &[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(stats.get("render_targets_made").is_none(), "{text}");
    assert!(!text.contains("render targets:"), "{text}");
}

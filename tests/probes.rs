//! `hookshot probe`: each probe runs on the real driver (lavapipe in CI) with validation on,
//! writes JSON with the fields docs/probes.md lists, and its answers agree with what the
//! test asks the driver itself or computes on its own; bad names and options are one-line
//! errors.

mod common;

use common::process::{assert_success, hookshot, scratch_dir};
use common::TestGpu;
use gpu_vk::ash::vk;

/// Runs `hookshot probe ARGS` with validation on, small sizes, and succeeds.
fn probe(args: &[&str]) -> String {
    let output = hookshot()
        .arg("probe")
        .args(args)
        .args(["--import-max-mib", "64", "--read-mib", "4", "--rounds", "3"])
        .env("RX_VK_VALIDATION", "1")
        .output()
        .unwrap();
    assert_success(&output);
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn read_json(path: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// The checks every probe's JSON passes: its name, question, device, and results.
fn common_fields(json: &serde_json::Value, name: &str) -> serde_json::Value {
    assert_eq!(json["probe"], name);
    assert!(json["question"].as_str().unwrap().ends_with('?'));
    assert!(!json["device"]["name"].as_str().unwrap().is_empty());
    assert_eq!(json["device"]["validation"], true);
    json["results"].clone()
}

const NAMES: &[&str] = &[
    "image-alias",
    "alloc-sizes",
    "host-import",
    "memory-budget",
    "format-support",
];

#[test]
fn all_writes_one_json_a_probe_and_prints_each_table() {
    let dir = scratch_dir("probe-all");
    let stdout = probe(&["all", "--json", dir.to_str().unwrap()]);
    for name in NAMES {
        assert!(
            stdout.contains(&format!("{name}: ")),
            "{name} missing:\n{stdout}"
        );
        common_fields(&read_json(&dir.join(format!("{name}.json"))), name);
    }
}

#[test]
fn image_alias_finds_an_identical_image_reads_the_others_bytes() {
    let dir = scratch_dir("probe-alias");
    let path = dir.join("alias.json");
    probe(&["image-alias", "--json", path.to_str().unwrap()]);
    let results = common_fields(&read_json(&path), "image-alias");
    let pairs = results["pairs"].as_array().unwrap();
    assert!(pairs.len() >= 10);
    for pair in pairs {
        let percent = pair["matching_percent"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&percent), "{pair}");
        assert_eq!(pair["reads_the_other"], percent == 100.0, "{pair}");
        assert!(pair["written"].is_string() && pair["read"].is_string());
        assert_eq!(pair["size_b"].as_array().unwrap().len(), 2);
    }
    // The same description at the same offset is the one pair every driver must share.
    let same = pairs.iter().find(|p| p["change"] == "nothing").unwrap();
    assert_eq!(same["matching_percent"], 100.0, "{same}");
}

#[test]
fn alloc_sizes_covers_the_sweep_and_no_size_is_below_the_texels() {
    let dir = scratch_dir("probe-sizes");
    let path = dir.join("sizes.json");
    let output = hookshot()
        .args(["probe", "alloc-sizes", "--json", path.to_str().unwrap()])
        .env("RX_VK_VALIDATION", "1")
        .output()
        .unwrap();
    assert_success(&output);
    let results = common_fields(&read_json(&path), "alloc-sizes");
    assert_eq!(results["steps"], 855);
    assert_eq!(results["full_size_px"], serde_json::json!([2048, 1152]));
    // 854 pixels narrower, the height at 16:9: 1194 * 1152 / 2048 = 671.6.
    assert_eq!(results["smallest_size_px"], serde_json::json!([1194, 672]));
    let rgba8 = results["formats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["format"] == "R8G8B8A8_UNORM")
        .unwrap();
    assert_eq!(rgba8["supported"], true);
    let distinct = rgba8["distinct_sizes"].as_u64().unwrap();
    assert!((1..=855).contains(&distinct), "{rgba8}");
    assert!(rgba8["largest_b"].as_u64().unwrap() >= 2048 * 1152 * 4);
    assert!(rgba8["smallest_b"].as_u64().unwrap() >= 1194 * 672 * 4);
    assert!(rgba8["most_steps_sharing_a_size"].as_u64().unwrap() >= 855_u64.div_ceil(distinct));
}

#[test]
fn host_import_reports_the_alignment_the_driver_gives_and_reads_the_bytes() {
    let dir = scratch_dir("probe-import");
    let path = dir.join("import.json");
    probe(&["host-import", "--json", path.to_str().unwrap()]);
    let results = common_fields(&read_json(&path), "host-import");
    let gpu = TestGpu::open();
    let caps = &gpu.device.caps;
    assert_eq!(results["offered"], caps.external_memory_host);
    if caps.external_memory_host {
        assert_eq!(
            results["min_imported_host_pointer_alignment_b"],
            caps.min_imported_host_pointer_alignment_b
        );
        let largest = results["largest_import_b"].as_u64().unwrap();
        assert!(
            largest.is_power_of_two() && largest <= 64 << 20,
            "{results}"
        );
        assert!(results["imported_over_device_local"].as_f64().unwrap() > 0.0);
        assert_eq!(results["bytes_checked"], 4096);
        assert_eq!(results["read_b"], 4 << 20);
        assert_eq!(results["rounds"], 3);
    }
}

#[test]
fn memory_budget_lists_the_drivers_heaps() {
    let dir = scratch_dir("probe-budget");
    let path = dir.join("budget.json");
    probe(&["memory-budget", "--json", path.to_str().unwrap()]);
    let results = common_fields(&read_json(&path), "memory-budget");
    let gpu = TestGpu::open();
    let device = &gpu.device;
    // SAFETY: a plain query on the test's device.
    let properties = unsafe {
        device
            .instance
            .raw
            .get_physical_device_memory_properties(device.physical)
    };
    let heaps = results["heaps"].as_array().unwrap();
    assert_eq!(heaps.len(), properties.memory_heap_count as usize);
    for (heap, expected) in heaps.iter().zip(properties.memory_heaps_as_slice()) {
        assert_eq!(heap["size_b"], expected.size);
    }
    assert_eq!(
        results["memory_budget_extension"],
        device.caps.memory_budget
    );
    assert_eq!(
        results["usage_grew_b"].is_null(),
        !device.caps.memory_budget
    );
    assert!(results["default_texture_budget_b"].as_u64().unwrap() > 0);
}

#[test]
fn format_support_agrees_with_the_drivers_format_properties() {
    let dir = scratch_dir("probe-formats");
    let path = dir.join("formats.json");
    probe(&["format-support", "--json", path.to_str().unwrap()]);
    let results = common_fields(&read_json(&path), "format-support");
    let formats = results["formats"].as_array().unwrap();
    assert_eq!(formats.len(), memory::Format::ALL.len());
    let gpu = TestGpu::open();
    let device = &gpu.device;
    for (entry, &format) in formats.iter().zip(memory::Format::ALL) {
        assert_eq!(entry["nvn"], format.name());
        if entry["conversion"] != "direct" {
            continue;
        }
        let native = gpu_vk::conv::native_format(format);
        assert_eq!(entry["vk"], format!("{native:?}"));
        // SAFETY: a plain query on the test's device.
        let features = unsafe {
            device
                .instance
                .raw
                .get_physical_device_format_properties(device.physical, native)
        }
        .optimal_tiling_features;
        let expect =
            |flag: vk::FormatFeatureFlags| serde_json::Value::Bool(features.contains(flag));
        assert_eq!(
            entry["sampled"],
            expect(vk::FormatFeatureFlags::SAMPLED_IMAGE),
            "{entry}"
        );
        assert_eq!(
            entry["colour_target"],
            expect(vk::FormatFeatureFlags::COLOR_ATTACHMENT),
            "{entry}"
        );
        assert_eq!(
            entry["storage"],
            expect(vk::FormatFeatureFlags::STORAGE_IMAGE),
            "{entry}"
        );
        assert_eq!(
            entry["depth_target"],
            expect(vk::FormatFeatureFlags::DEPTH_STENCIL_ATTACHMENT),
            "{entry}"
        );
    }
    let counted: u64 = ["direct", "fallback", "refused"]
        .iter()
        .map(|key| results[key].as_u64().unwrap())
        .sum();
    assert_eq!(counted, memory::Format::ALL.len() as u64);
}

fn assert_one_line_error(args: &[&str], expect: &[&str]) {
    let output = hookshot().arg("probe").args(args).output().unwrap();
    assert!(!output.status.success(), "{args:?} must fail");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{args:?}: {stderr}");
    for word in expect {
        assert!(stderr.contains(word), "{args:?}: {stderr}");
    }
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn a_bad_probe_name_lists_the_probes_in_one_line() {
    let mut expect = vec!["unknown probe `aliasing`"];
    expect.extend(NAMES);
    assert_one_line_error(&["aliasing"], &expect);
    assert_one_line_error(&[""], &["unknown probe ``"]);
}

#[test]
fn out_of_range_options_and_unwritable_outputs_fail_before_the_device_opens() {
    assert_one_line_error(
        &["host-import", "--read-mib", "0"],
        &["--read-mib 0", "out of range"],
    );
    assert_one_line_error(
        &["alloc-sizes", "--steps", "5000"],
        &["--steps 5000", "1..=2000"],
    );
    assert_one_line_error(
        &["image-alias", "--json", "/nonexistent/dir/out.json"],
        &["/nonexistent/dir/out.json"],
    );
}

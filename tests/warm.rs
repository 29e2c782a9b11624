//! Field recordings: `RX_VK_RECORD` records a run of any build (here the demo, with no
//! flag asking), and `hookshot warm` plays it to fill a title's pipeline cache, with a
//! progress line at most once a second.

mod common;

use common::process::{assert_success, hookshot, scratch_dir};

#[test]
fn a_recording_made_by_the_switch_warms_a_titles_pipeline_cache() {
    let root = scratch_dir("warm");
    let recording = root.join("field.hsrec");
    let demo = hookshot()
        .args(["demo", "--headless", "--frames", "4"])
        .env("RX_VK_RECORD", &recording)
        .env("RX_VK_SHADER_CACHE", "0")
        .env("RX_VK_PIPELINE_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&demo);
    assert!(
        std::fs::metadata(&recording).is_ok_and(|meta| meta.len() > 0),
        "RX_VK_RECORD made no recording"
    );

    let title = "0100000000010000";
    let warm = hookshot()
        .args(["warm", "--title", title])
        .arg(&recording)
        .env("XDG_CACHE_HOME", root.join("cache"))
        .env_remove("RX_VK_PIPELINE_CACHE")
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&warm);
    let stdout = String::from_utf8_lossy(&warm.stdout);
    let pipelines: u64 = stdout
        .split_whitespace()
        .skip_while(|word| *word != "warmed")
        .nth(1)
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no count in:\n{stdout}"));
    assert!(pipelines > 0, "{stdout}");
    assert!(stdout.contains("from 4 frames"), "{stdout}");
    let cache_dir = root
        .join("cache/hookshot/titles")
        .join(title)
        .join("pipelines");
    let files: Vec<u64> = std::fs::read_dir(&cache_dir)
        .unwrap_or_else(|error| panic!("{}: {error}\n{stdout}", cache_dir.display()))
        .flatten()
        .map(|entry| entry.metadata().unwrap().len())
        .collect();
    assert!(files.len() == 1 && files[0] > 0, "{files:?}");
    // Progress lines, if any, are one a second at most: a short run prints few.
    let stderr = String::from_utf8_lossy(&warm.stderr);
    let progress_lines = stderr
        .lines()
        .filter(|line| line.starts_with("warm: "))
        .count();
    assert!(progress_lines <= 60, "{stderr}");
}

#[test]
fn warm_refuses_a_missing_recording_in_one_line() {
    let output = hookshot()
        .args(["warm", "/nonexistent/recording"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/nonexistent/recording"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

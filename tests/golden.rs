//! The demo's frames against small golden images. Pixels are compared with a tolerance,
//! not as exact bytes: drivers may round blending, filtering and `exp` differently. The
//! metric, per frame: the mean absolute difference over all channels is at most
//! `MEAN_TOLERANCE`, and at most `OUTLIER_SHARE` of the channels differ by more than
//! `OUTLIER_DELTA`. A lost tile (zero normals) or a missing light moves whole regions by
//! far more than that.
//!
//! To regenerate after an intended change: `HOOKSHOT_BLESS=1 cargo test --test golden`.

mod common;

use std::path::{Path, PathBuf};

use common::process::{assert_success, hookshot, scratch_path};

const FRAMES: [u32; 3] = [0, 150, 300];
const MEAN_TOLERANCE: f64 = 2.0;
const OUTLIER_DELTA: u8 = 24;
const OUTLIER_SHARE: f64 = 0.01;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn decode(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    (info.width, info.height, pixels)
}

/// (mean absolute difference, share of channels differing by more than OUTLIER_DELTA).
fn difference(a: &[u8], b: &[u8]) -> (f64, f64) {
    let total: u64 = a
        .iter()
        .zip(b)
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    let outliers = a
        .iter()
        .zip(b)
        .filter(|(x, y)| x.abs_diff(**y) > OUTLIER_DELTA)
        .count();
    (
        total as f64 / a.len() as f64,
        outliers as f64 / a.len() as f64,
    )
}

#[test]
fn the_metric_sees_a_lost_tile() {
    let a = vec![100u8; 4000];
    let mut b = a.clone();
    b[..800].fill(0);
    let (mean, share) = difference(&a, &b);
    assert!(mean > MEAN_TOLERANCE && share > OUTLIER_SHARE);
    let mut c = a.clone();
    c[..40].iter_mut().for_each(|x| *x += 3);
    let (mean, share) = difference(&a, &c);
    assert!(mean <= MEAN_TOLERANCE && share <= OUTLIER_SHARE);
}

/// Runs the golden demo (160x90, frames 0 to the last of `FRAMES`) with `env`; returns
/// its output folder and its `--stats`.
fn render(name: &str, env: &[(&str, &str)]) -> (PathBuf, serde_json::Value) {
    let out = scratch_path(name);
    let last = FRAMES[FRAMES.len() - 1];
    let stats = scratch_path(&format!("{name}-stats.json"));
    let output = hookshot()
        .args(["demo", "--headless", "--size", "160x90", "--every", "150"])
        .args(["--frames", &(last + 1).to_string(), "--out"])
        .arg(&out)
        .arg("--stats")
        .arg(&stats)
        .env("RX_VK_SHADER_CACHE", "0")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert_success(&output);
    let json = serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    std::fs::remove_file(&stats).unwrap();
    (out, json)
}

/// Each of `FRAMES` in `out` within the metric of its golden image.
fn assert_matches_golden(out: &Path, label: &str) {
    for frame in FRAMES {
        let name = format!("frame_{frame:05}.png");
        let (width, height, actual) = decode(&out.join(&name));
        let (golden_width, golden_height, expected) = decode(&golden_dir().join(&name));
        assert_eq!(
            (width, height),
            (golden_width, golden_height),
            "{label} {name}"
        );
        let (mean, share) = difference(&actual, &expected);
        assert!(
            mean <= MEAN_TOLERANCE && share <= OUTLIER_SHARE,
            "{label} {name}: mean difference {mean:.2} (at most {MEAN_TOLERANCE}), {:.2}% of channels off by more than {OUTLIER_DELTA} (at most {:.2}%)",
            share * 100.0,
            OUTLIER_SHARE * 100.0
        );
    }
}

#[test]
fn demo_frames_match_the_golden_images() {
    let (out, _) = render("golden", &[]);
    if std::env::var_os("HOOKSHOT_BLESS").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        for frame in FRAMES {
            let name = format!("frame_{frame:05}.png");
            std::fs::copy(out.join(&name), golden_dir().join(&name)).unwrap();
        }
    } else {
        assert_matches_golden(&out, "RX_VK_PASS_DEFER=0");
    }
    std::fs::remove_dir_all(&out).unwrap();
}

/// The deferred pass merge (`RX_VK_PASS_DEFER=1`) records the eleven light volumes in one
/// pass instead of eleven, and every frame is the same to the byte as without it (and so
/// within the golden metric too).
#[test]
fn the_deferred_pass_merge_leaves_every_frame_as_it_was() {
    let (off, off_stats) = render("golden-defer-0", &[("RX_VK_PASS_DEFER", "0")]);
    let (on, on_stats) = render("golden-defer-1", &[("RX_VK_PASS_DEFER", "1")]);
    assert_eq!(off_stats["pass_defer_groups"], 0);
    let frames = u64::from(FRAMES[FRAMES.len() - 1] + 1);
    // Ten light passes a frame move into the eleventh.
    assert_eq!(on_stats["pass_defer_groups"], 10 * frames, "{on_stats}");
    let passes = |stats: &serde_json::Value| stats["passes_per_frame"].as_f64().unwrap();
    assert!(
        (passes(&off_stats) - passes(&on_stats) - 10.0).abs() < 1e-9,
        "{off_stats} {on_stats}"
    );
    for frame in FRAMES {
        let name = format!("frame_{frame:05}.png");
        let (_, _, without) = decode(&off.join(&name));
        let (_, _, with) = decode(&on.join(&name));
        assert!(without == with, "{name} differs with the merge on");
    }
    assert_matches_golden(&on, "RX_VK_PASS_DEFER=1");
    std::fs::remove_dir_all(&off).unwrap();
    std::fs::remove_dir_all(&on).unwrap();
}

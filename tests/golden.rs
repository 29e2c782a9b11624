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

#[test]
fn demo_frames_match_the_golden_images() {
    let out = scratch_path("golden");
    let last = FRAMES[FRAMES.len() - 1];
    let output = hookshot()
        .args(["demo", "--headless", "--size", "160x90", "--every", "150"])
        .args(["--frames", &(last + 1).to_string(), "--out"])
        .arg(&out)
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&output);
    let bless = std::env::var_os("HOOKSHOT_BLESS").is_some();
    for frame in FRAMES {
        let name = format!("frame_{frame:05}.png");
        let golden = golden_dir().join(&name);
        if bless {
            std::fs::create_dir_all(golden_dir()).unwrap();
            std::fs::copy(out.join(&name), &golden).unwrap();
            continue;
        }
        let (width, height, actual) = decode(&out.join(&name));
        let (golden_width, golden_height, expected) = decode(&golden);
        assert_eq!((width, height), (golden_width, golden_height), "{name}");
        let (mean, share) = difference(&actual, &expected);
        assert!(
            mean <= MEAN_TOLERANCE && share <= OUTLIER_SHARE,
            "{name}: mean difference {mean:.2} (at most {MEAN_TOLERANCE}), {:.2}% of channels off by more than {OUTLIER_DELTA} (at most {:.2}%)",
            share * 100.0,
            OUTLIER_SHARE * 100.0
        );
    }
    std::fs::remove_dir_all(&out).unwrap();
}

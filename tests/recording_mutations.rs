//! Structure-aware damage to a recording: one field of one record edited and the frame's
//! checksum made again, so the reader takes it and playback meets the edit. Every case
//! must end with a status (played, or a one-line error), never a crash, an abort or a
//! hang; `hookshot replay` runs each in a process of its own, so a crash is seen as one.

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use common::process::{assert_success, hookshot, scratch_dir};

/// The file header (magic, version, reserved, crc32) before the first frame.
const HEADER_B: usize = 16;
/// A case that takes longer than this hangs: past the executor's 60 s wait for the GPU,
/// after which `hookshot` exits with status 4 (the GPU did not finish).
const CASE_TIMEOUT: Duration = Duration::from_secs(150);
const CASES: usize = 300;
/// Cases run at once.
const PARALLEL: usize = 2;

struct Frame {
    kind: u16,
    payload: Vec<u8>,
}

fn parse(bytes: &[u8]) -> Vec<Frame> {
    let mut frames = Vec::new();
    let mut at = HEADER_B;
    while at < bytes.len() {
        let kind = u16::from_le_bytes(bytes[at..at + 2].try_into().unwrap());
        let len = u32::from_le_bytes(bytes[at + 2..at + 6].try_into().unwrap()) as usize;
        frames.push(Frame {
            kind,
            payload: bytes[at + 6..at + 6 + len].to_vec(),
        });
        at += 6 + len + 4;
    }
    frames
}

fn build(header: &[u8], frames: &[Frame]) -> Vec<u8> {
    let mut out = header.to_vec();
    for frame in frames {
        let start = out.len();
        out.extend_from_slice(&frame.kind.to_le_bytes());
        out.extend_from_slice(&(frame.payload.len() as u32).to_le_bytes());
        out.extend_from_slice(&frame.payload);
        let crc = crc32fast::hash(&out[start..]);
        out.extend_from_slice(&crc.to_le_bytes());
    }
    out
}

/// xorshift64*: the same cases on every run.
struct Cases(u64);

impl Cases {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// An edit of one field: a width of 1, 2, 4 or 8 bytes at an offset, set to a value
/// chosen as a fuzzer would (edges, neighbours, a flipped bit, random).
fn edit(cases: &mut Cases, payload: &mut [u8]) -> String {
    let width = [1usize, 2, 4, 8][cases.below(4)].min(payload.len());
    let at = cases.below(payload.len() - width + 1);
    let mut old_bytes = [0u8; 8];
    old_bytes[..width].copy_from_slice(&payload[at..at + width]);
    let old = u64::from_le_bytes(old_bytes);
    let max = if width == 8 {
        u64::MAX
    } else {
        (1u64 << (8 * width)) - 1
    };
    let value = match cases.below(8) {
        0 => 0,
        1 => max,
        2 => max >> 1,
        3 => (max >> 1) + 1,
        4 => old.wrapping_add(1) & max,
        5 => old.wrapping_sub(1) & max,
        6 => old ^ (1 << cases.below(8 * width)),
        _ => cases.next() & max,
    };
    payload[at..at + width].copy_from_slice(&value.to_le_bytes()[..width]);
    format!("{width} bytes at payload offset {at}: {old:#x} -> {value:#x}")
}

fn record_small_run(dir: &Path) -> Vec<u8> {
    let path = dir.join("small.rec");
    let output = hookshot()
        .args(["demo", "--headless", "--frames", "2", "--record"])
        .arg(&path)
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&output);
    std::fs::read(&path).unwrap()
}

struct Running {
    child: Child,
    started: Instant,
    label: String,
    path: PathBuf,
}

/// Waits for `running` to end; a panic names the case if it crashed or hung.
fn settle(mut running: Running) {
    loop {
        if let Some(status) = running.child.try_wait().unwrap() {
            let mut stderr = String::new();
            if let Some(mut pipe) = running.child.stderr.take() {
                let _ = pipe.read_to_string(&mut stderr);
            }
            // 0: played; 1: refused while playing; 2: a damaged recording; 4: the GPU
            // did not finish the work the edit asked for.
            assert!(
                matches!(status.code(), Some(0..=2 | 4)),
                "{}: ended with {status} (a crash, an abort or a panic): {stderr}",
                running.label
            );
            assert!(!stderr.contains("panicked"), "{}: {stderr}", running.label);
            let _ = std::fs::remove_file(&running.path);
            return;
        }
        if running.started.elapsed() > CASE_TIMEOUT {
            let _ = running.child.kill();
            panic!(
                "{}: still running after {CASE_TIMEOUT:?} (a hang)",
                running.label
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn edited_records_never_crash_abort_or_hang() {
    let dir = scratch_dir("mutations");
    let original = record_small_run(&dir);
    let frames = parse(&original);
    assert_eq!(
        build(&original[..HEADER_B], &frames),
        original,
        "the frames parse back"
    );
    // Cases spread over the kinds of record, not their counts: a few program records
    // get as many edits as the many pool writes.
    let mut kinds: Vec<u16> = frames.iter().map(|frame| frame.kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let mut cases = Cases(0x9e37_79b9_7f4a_7c15);
    let mut running: Vec<Running> = Vec::new();
    for case in 0..CASES {
        let kind = kinds[case % kinds.len()];
        let of_kind: Vec<usize> = (0..frames.len())
            .filter(|&i| frames[i].kind == kind && !frames[i].payload.is_empty())
            .collect();
        if of_kind.is_empty() {
            continue;
        }
        let index = of_kind[cases.below(of_kind.len())];
        let mut edited: Vec<Frame> = frames
            .iter()
            .map(|frame| Frame {
                kind: frame.kind,
                payload: frame.payload.clone(),
            })
            .collect();
        let change = edit(&mut cases, &mut edited[index].payload);
        let path = dir.join(format!("case{case}.rec"));
        std::fs::write(&path, build(&original[..HEADER_B], &edited)).unwrap();
        let label = format!("case {case}: record {index} (kind {kind}), {change}");
        let child = hookshot()
            .arg("replay")
            .arg(&path)
            .env("RX_VK_SHADER_CACHE", "0")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        running.push(Running {
            child,
            started: Instant::now(),
            label,
            path,
        });
        if running.len() == PARALLEL {
            settle(running.remove(0));
        }
    }
    for case in running {
        settle(case);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

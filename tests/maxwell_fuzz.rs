//! The differential fuzzer (`hookshot shader fuzz`, docs/maxwell-fuzzing.md) on the real
//! driver, validation on: a fixed-seed sample of random programs over all six stages,
//! each compiled with uam and run through its translation and through glslang's module
//! of the same GLSL; and every reproducer in `tests/maxwell_fuzz_cases/` (a fixed
//! failure, kept with uam's module so it runs without uam) through `hookshot shader diff`.

mod common;

use std::path::{Path, PathBuf};

use common::process::{assert_success, hookshot, scratch_dir};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_fuzz_cases")
}

/// uam beside the repository (`shared/maxwell/bin/uam` in a folder above it).
fn uam() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .map(|folder| folder.join("shared/maxwell/bin/uam"))
        .find(|uam| uam.is_file())
        .unwrap_or_else(|| panic!("no shared/maxwell/bin/uam above {}", root.display()))
}

/// Every reproducer agrees: the translated module's outputs are glslang's.
#[test]
fn every_kept_reproducer_runs_as_glslang_runs_it() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "glsl"))
        .collect();
    cases.sort();
    assert!(
        !cases.is_empty(),
        "no reproducers in {}",
        cases_dir().display()
    );
    let mut failures = Vec::new();
    for case in &cases {
        let output = hookshot()
            .env("RX_VK_VALIDATION", "1")
            .args(["shader", "diff"])
            .arg(case)
            .arg("--dksh")
            .arg(case.with_extension("dksh"))
            .output()
            .unwrap();
        if !output.status.success() {
            failures.push(String::from_utf8_lossy(&output.stderr).into_owned());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A fixed-seed sample over all six stages (the six in turn): every program translates
/// and agrees. `hookshot shader fuzz --count N` runs any number.
#[test]
fn a_fixed_sample_of_random_programs_runs_as_glslang_runs_them() {
    let out = scratch_dir("maxwell_fuzz");
    let output = hookshot()
        .env("RX_VK_VALIDATION", "1")
        .args(["shader", "fuzz", "--seed", "2000", "--count", "24"])
        .args(["--jobs", "2", "--reduce-seconds", "0", "--uam"])
        .arg(uam())
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    eprintln!("{}", String::from_utf8_lossy(&output.stdout));
    assert_success(&output);
}

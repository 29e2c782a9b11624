//! Running the `hookshot` binary, and the scratch directories its runs write into.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The `hookshot` binary cargo built for these tests.
pub fn hookshot() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hookshot"))
}

/// Asserts that a run exited successfully, showing its stderr when not.
#[track_caller]
pub fn assert_success(output: &Output) {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A path for test `name`'s files under the system's temporary directory, one per test
/// process, with nothing there yet (a previous run's leftovers removed).
pub fn scratch_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("hookshot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&path);
    path
}

/// `scratch_path(name)`, made an empty directory.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = scratch_path(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

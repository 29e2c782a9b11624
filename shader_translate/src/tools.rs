//! Tests only: the installed `spirv-val` program (Debian's `spirv-tools`), fed through
//! pipes, as a witness independent of the linked validator. Nothing at run time spawns a
//! program.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

/// What a program printed and whether it succeeded.
pub(crate) struct ToolRun {
    pub succeeded: bool,
    /// stderr, or stdout where stderr is empty (spirv-val prints errors on stdout).
    pub log: String,
}

/// Runs `spirv-val args`, writing `input` to its stdin.
pub(crate) fn run_spirv_val(args: &[&str], input: &[u8]) -> std::io::Result<ToolRun> {
    let mut child = Command::new("spirv-val")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("stdin was piped");
    let mut stdout = child.stdout.take().expect("stdout was piped");
    let mut stderr = child.stderr.take().expect("stderr was piped");
    // Feed stdin and drain both outputs at once so a large module cannot fill a pipe
    // and stall the program.
    let (stdout_bytes, stderr_bytes) = std::thread::scope(|scope| {
        scope.spawn(move || {
            // A program that exits early closes its stdin; its exit status says why.
            let _ = stdin.write_all(input);
        });
        let stderr_reader = scope.spawn(move || {
            let mut bytes = Vec::new();
            let _ = stderr.read_to_end(&mut bytes);
            bytes
        });
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        (bytes, stderr_reader.join().unwrap_or_default())
    });
    let status = child.wait()?;
    let stderr_text = String::from_utf8_lossy(&stderr_bytes).trim().to_owned();
    let log = if stderr_text.is_empty() {
        String::from_utf8_lossy(&stdout_bytes).trim().to_owned()
    } else {
        stderr_text
    };
    Ok(ToolRun {
        succeeded: status.success(),
        log,
    })
}

//! The installed spirv-opt and SPIRV-Cross programs (Debian's `spirv-tools` and
//! `spirv-cross` packages), fed through pipes. Validation runs in process (`validate`).

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use crate::TranslateError;

/// The Vulkan environment every module is validated and optimised for (SPIR-V 1.3).
pub const TARGET_ENV: &str = "vulkan1.1";

#[derive(Clone, Copy, Debug)]
pub(crate) enum Tool {
    /// Only tests run spirv-val, as a second validator beside the linked one.
    #[cfg(test)]
    Val,
    Opt,
    Cross,
}

impl Tool {
    fn program(self) -> &'static str {
        match self {
            #[cfg(test)]
            Tool::Val => "spirv-val",
            Tool::Opt => "spirv-opt",
            Tool::Cross => "spirv-cross",
        }
    }

    fn package(self) -> &'static str {
        match self {
            #[cfg(test)]
            Tool::Val => "spirv-tools",
            Tool::Opt => "spirv-tools",
            Tool::Cross => "spirv-cross",
        }
    }
}

/// What a tool printed and whether it succeeded.
pub(crate) struct ToolRun {
    pub succeeded: bool,
    pub stdout: Vec<u8>,
    /// stderr, or stdout where stderr is empty (spirv-val prints errors on stdout).
    pub log: String,
}

/// Runs `tool args`, writing `input` to its stdin.
pub(crate) fn run_tool(tool: Tool, args: &[&str], input: &[u8]) -> Result<ToolRun, TranslateError> {
    let missing = |source| TranslateError::ToolMissing {
        tool: tool.program(),
        package: tool.package(),
        source,
    };
    let mut child = Command::new(tool.program())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(missing)?;
    let mut stdin = child.stdin.take().expect("stdin was piped");
    let mut stdout = child.stdout.take().expect("stdout was piped");
    let mut stderr = child.stderr.take().expect("stderr was piped");
    // Feed stdin and drain both outputs at once so a large module cannot fill a pipe
    // and stall the tool.
    let (stdout_bytes, stderr_bytes) = std::thread::scope(|scope| {
        scope.spawn(move || {
            // A tool that exits early closes its stdin; its exit status says why.
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
    let status = child.wait().map_err(missing)?;
    let stderr_text = String::from_utf8_lossy(&stderr_bytes).trim().to_owned();
    let log = if stderr_text.is_empty() {
        String::from_utf8_lossy(&stdout_bytes).trim().to_owned()
    } else {
        stderr_text
    };
    Ok(ToolRun {
        succeeded: status.success(),
        stdout: stdout_bytes,
        log,
    })
}

pub(crate) fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|word| word.to_le_bytes()).collect()
}

/// spirv-opt's performance passes: `Ok(Err(log))` when it fails.
pub(crate) fn optimise(words: &[u32]) -> Result<Result<Vec<u32>, String>, TranslateError> {
    let env = format!("--target-env={TARGET_ENV}");
    let run = run_tool(
        Tool::Opt,
        &[env.as_str(), "-O", "-", "-o", "-"],
        &words_to_bytes(words),
    )?;
    if !run.succeeded {
        return Ok(Err(run.log));
    }
    Ok(crate::spirv::words_from_bytes(&run.stdout)
        .map_err(|error| format!("spirv-opt wrote no module: {error}")))
}

/// SPIRV-Cross to MSL 2.1 (what MoltenVK needs at least): `Ok(Err(log))` when it fails.
pub(crate) fn to_msl(words: &[u32]) -> Result<Result<String, String>, TranslateError> {
    let args = ["--msl", "--msl-version", "20100", "-"];
    let run = run_tool(Tool::Cross, &args, &words_to_bytes(words))?;
    if !run.succeeded {
        return Ok(Err(run.log));
    }
    Ok(
        String::from_utf8(run.stdout)
            .map_err(|_| "SPIRV-Cross wrote text that is not UTF-8".into()),
    )
}

/// The tools' versions, for the cache key; also proves they can be run.
pub(crate) fn fingerprint() -> Result<String, TranslateError> {
    let mut text = format!(
        "SPIRV-Tools (linked) {}\n",
        crate::validate::linked_version()
    );
    for (tool, flag) in [(Tool::Opt, "--version"), (Tool::Cross, "--revision")] {
        let run = run_tool(tool, &[flag], &[])?;
        text.push_str(tool.program());
        text.push(' ');
        text.push_str(&String::from_utf8_lossy(&run.stdout));
        text.push_str(&run.log);
        text.push('\n');
    }
    Ok(text)
}

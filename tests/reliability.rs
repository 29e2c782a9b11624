//! Hostile and damaged input at the command line, each kept as a regression case: every
//! input is bounded before it is read, and each case ends with one clear error line,
//! quickly (docs/reliability.md has the measured time and peak memory of each).

use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn hookshot() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hookshot"));
    command
        .env("RX_VK_SHADER_CACHE", "0")
        .env("RX_VK_PIPELINE_CACHE", "0")
        .env_remove("RUST_LOG");
    command
}

/// Runs `command`, which must fail within `limit` with one line on stderr containing
/// `expect`, and no panic.
fn one_line_error(command: &mut Command, expect: &str, limit: Duration) -> Output {
    let started = Instant::now();
    let output = command.output().expect("hookshot starts");
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{command:?} must fail");
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("hookshot: error:"))
        .collect();
    assert_eq!(errors.len(), 1, "{command:?}: {stderr}");
    assert!(
        !stderr
            .lines()
            .any(|line| line.contains(" ERROR ") || line.contains(" WARN ")),
        "{command:?}: only the error line: {stderr}"
    );
    assert!(errors[0].contains(expect), "{command:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{command:?}: {stderr}");
    assert!(took < limit, "{command:?} took {took:?}");
    output
}

const QUICK: Duration = Duration::from_secs(20);

#[test]
fn endless_and_huge_shader_files_are_read_no_further_than_their_limit() {
    let dir = tempfile::tempdir().unwrap();
    let sparse = dir.path().join("sparse.bin");
    std::fs::File::create(&sparse)
        .unwrap()
        .set_len(4 << 30)
        .unwrap();
    let sparse = sparse.to_str().unwrap().to_owned();
    for file in ["/dev/zero", "/dev/urandom", sparse.as_str()] {
        one_line_error(
            hookshot().args(["shader", "translate", "--stage", "frag", file]),
            "is larger than the 16777216 bytes a shader may have",
            QUICK,
        );
        one_line_error(
            hookshot().args(["shader", "disasm", file]),
            "is larger than the 16777216 bytes a compiled shader may have",
            QUICK,
        );
    }
}

#[test]
fn an_endless_device_profile_is_read_no_further_than_its_limit() {
    one_line_error(
        hookshot().arg("info").env("RX_VK_SIMULATE", "/dev/zero"),
        "is larger than the 1048576 bytes a device profile may have",
        QUICK,
    );
}

#[test]
fn macros_nested_or_repeated_past_the_bound_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("nested.frag");
    std::fs::write(
        &nested,
        "#version 450\n#define F(x) x x x x x x x x\n\
         #define G(x) F(F(F(F(F(F(F(F(x))))))))\n\
         layout(location = 0) out vec4 c;\nvoid main() { G(G(G(1))); }\n",
    )
    .unwrap();
    // A 16 KB source using a macro within the bound (512 tokens) 4,000 times.
    let repeated = dir.path().join("repeated.frag");
    let mut text = String::from(
        "#version 450\n#define F(x) x x x x x x x x\n#define H(x) F(F(F(x)))\n\
         layout(location = 0) out vec4 c;\nvoid main() {\n",
    );
    while text.len() < 16_000 {
        text.push_str("H(1)\n");
    }
    text.push_str("}\n");
    std::fs::write(&repeated, text).unwrap();
    for file in [&nested, &repeated] {
        one_line_error(
            hookshot().args([
                "shader",
                "translate",
                "--stage",
                "frag",
                file.to_str().unwrap(),
            ]),
            "the source expands to more than 262144 tokens",
            QUICK,
        );
    }
}

#[test]
fn an_edited_module_s_validation_error_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("a.frag");
    std::fs::write(
        &source,
        "#version 450\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(1.0); }\n",
    )
    .unwrap();
    let module = dir.path().join("a.spv");
    let status = Command::new("glslangValidator")
        .arg("-V")
        .arg(&source)
        .arg("-o")
        .arg(&module)
        .output()
        .expect("glslangValidator runs (scripts/setup.sh installs glslang-tools)");
    assert!(status.status.success());
    let words = std::fs::read(&module).unwrap();
    // Every word past the header edited in turn (one at a time, 40 of them): each module
    // either translates or fails with one line.
    let word_count = words.len() / 4;
    for index in (5..word_count).step_by((word_count / 40).max(1)) {
        let mut edited = words.clone();
        edited[index * 4] ^= 0x5;
        edited[index * 4 + 2] ^= 0x1;
        std::fs::write(&module, &edited).unwrap();
        let output = hookshot()
            .args(["shader", "translate", "--stage", "frag"])
            .arg(&module)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "word {index}: {stderr}");
        if !output.status.success() {
            assert_eq!(stderr.trim().lines().count(), 1, "word {index}: {stderr}");
        }
    }
}

#[test]
fn a_stats_output_that_cannot_be_written_fails_before_the_run() {
    let output = one_line_error(
        hookshot().args([
            "demo",
            "--headless",
            "--frames",
            "200",
            "--stats",
            "/dev/full",
        ]),
        "writing /dev/full",
        QUICK,
    );
    assert!(!String::from_utf8_lossy(&output.stdout).contains("frames:"));
}

#[test]
fn a_demo_frame_past_its_memory_bound_is_refused_at_once() {
    one_line_error(
        hookshot().args(["demo", "--headless", "--size", "16384x16384"]),
        "more than the 8294400 (3840x2160) a demo frame may have",
        QUICK,
    );
}

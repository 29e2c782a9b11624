//! The program's error paths: one line, non-zero exit, no panic.

use std::process::Command;

fn hookshot() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hookshot"))
}

#[test]
fn a_bad_switch_value_is_one_line_naming_the_switch() {
    let output = hookshot()
        .arg("info")
        .env("RX_VK_VRAM_MB", "abc")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("RX_VK_VRAM_MB"), "{stderr}");
    assert!(stderr.contains("auto|<MiB>"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_bad_log_filter_names_rx_vk_log() {
    let output = hookshot()
        .arg("info")
        .env("RX_VK_LOG", "gpu_vk=notalevel")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("RX_VK_LOG"), "{stderr}");
}

#[test]
fn info_prints_device_capabilities_and_every_switch() {
    let output = hookshot()
        .arg("info")
        .env("RX_VK_KEEP_FINALIZED_MB", "64")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("API version"), "{stdout}");
    assert!(stdout.contains("descriptor indexing"), "{stdout}");
    let specs = gpu::switches::parse_table(gpu::switches::TABLE_TSV).unwrap();
    for spec in specs {
        assert!(
            stdout.contains(&spec.name),
            "{} missing from:\n{stdout}",
            spec.name
        );
    }
    let keep = stdout
        .lines()
        .find(|l| l.contains("RX_VK_KEEP_FINALIZED_MB"))
        .unwrap();
    assert!(
        keep.contains("64") && keep.contains("environment"),
        "{keep}"
    );
}

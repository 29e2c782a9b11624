//! What a porter sees of configuration and logs through the program: a title's
//! configuration file read and named as each value's source, a misspelled switch warned
//! about with the nearest one, the per-title cache folders, and the log in a file of the
//! process's own with third-party crates quiet.

mod common;

use common::process::{assert_success, hookshot, scratch_dir};

const TITLE_ID: &str = "0100000000010000";

#[test]
fn info_names_each_values_source_and_the_titles_folders() {
    let root = scratch_dir("config-and-logs-info");
    let title_config = root.join("config/hookshot").join(TITLE_ID);
    std::fs::create_dir_all(&title_config).unwrap();
    let file = title_config.join("hookshot.conf");
    std::fs::write(
        &file,
        "# per title\nRX_VK_KEEP_FINALIZED_MB = 64\nRX_VK_VRAM_MB = 32\nRX_VK_PASS_DEFFER = 1\n",
    )
    .unwrap();
    let output = hookshot()
        .args(["info", "--title", TITLE_ID])
        .env("XDG_CONFIG_HOME", root.join("config"))
        .env("XDG_CACHE_HOME", root.join("cache"))
        .env("RX_VK_VRAM_MB", "48")
        .env("RX_VK_VALIDATON", "1")
        .output()
        .unwrap();
    assert_success(&output);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = |name: &str| {
        stdout
            .lines()
            .find(|line| line.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no {name} in:\n{stdout}"))
            .to_owned()
    };
    let keep = line("RX_VK_KEEP_FINALIZED_MB");
    assert!(
        keep.contains(" 64 ") && keep.contains(&format!("({}:2)", file.display())),
        "{keep}"
    );
    // The environment wins over the file.
    let vram = line("RX_VK_VRAM_MB");
    assert!(
        vram.contains(" 48 ") && vram.contains("(environment)"),
        "{vram}"
    );
    for (misspelled, nearest) in [
        ("RX_VK_VALIDATON", "RX_VK_VALIDATION"),
        ("RX_VK_PASS_DEFFER", "RX_VK_PASS_DEFER"),
    ] {
        let warning = stderr
            .lines()
            .find(|line| line.contains("WARN") && line.contains(misspelled))
            .unwrap_or_else(|| panic!("no warning for {misspelled}:\n{stderr}"));
        assert!(
            warning.contains(&format!("did you mean {nearest}?")),
            "{warning}"
        );
    }
    let title_cache = root.join("cache/hookshot/titles").join(TITLE_ID);
    assert!(
        line("shader cache").ends_with(&title_cache.join("shaders").display().to_string()),
        "{stdout}"
    );
    assert!(
        line("pipeline cache").ends_with(&title_cache.join("pipelines").display().to_string()),
        "{stdout}"
    );
    assert!(line("configuration file").contains(&format!("{} (read)", file.display())));
}

#[test]
fn rx_vk_log_path_puts_the_log_in_a_file_of_the_process_and_naga_stays_quiet() {
    let scratch = scratch_dir("config-and-logs-file");
    let folder = scratch.join("logs");
    let shader = scratch.join("quad.vert");
    std::fs::write(
        &shader,
        "#version 450\nlayout(location = 0) in vec2 position;\n\
         void main() { gl_Position = vec4(position, 0.0, 1.0); }\n",
    )
    .unwrap();
    let output = hookshot()
        .args(["shader", "translate", "--stage", "vert"])
        .arg(&shader)
        .env("RX_VK_LOG", "debug")
        .env("RX_VK_LOG_PATH", &folder)
        .env("RX_VK_SHADER_CACHE", scratch.join("cache"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("no log folder ({error}):\n{stderr}"))
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(
        files[0].starts_with("hookshot-") && files[0].ends_with(".log"),
        "{files:?}"
    );
    let log = std::fs::read_to_string(folder.join(&files[0])).unwrap();
    assert!(
        log.lines()
            .any(|line| line.contains("DEBUG shader_translate")),
        "no debug line of Hookshot's in:\n{log}"
    );
    assert!(
        !log.lines().any(|line| line.contains(" naga")),
        "naga spoke unasked:\n{log}"
    );
    // Nothing of it reached stderr.
    assert!(!stderr.contains("DEBUG"), "{stderr}");
}

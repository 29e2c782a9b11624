//! `examples/title.c`: a device made for a title id reads that title's configuration file
//! (under `$XDG_CONFIG_HOME/hookshot/<id>/`), with the environment over it, warns about a
//! misspelled switch in it naming the nearest one, and keeps its shader and pipeline caches
//! in the title's own folders under `$XDG_CACHE_HOME/hookshot/titles/<id>/`.

mod common;

use std::path::Path;
use std::process::Command;

const TITLE_ID: &str = "0100000000010000";

fn files_under(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_titled_device_reads_its_file_and_keeps_its_own_caches() {
    let program = common::build("title");
    let home = tempfile::tempdir().unwrap();
    let cache = home.path().join("cache");
    let config = home.path().join("config");
    let file_pipelines = home.path().join("file-pipelines");
    let title_config = config.join("hookshot").join(TITLE_ID);
    std::fs::create_dir_all(&title_config).unwrap();
    // The file turns the shader cache off, the environment on again (the environment wins);
    // the file alone names the pipeline cache's folder (taken); one name is misspelled.
    std::fs::write(
        title_config.join("hookshot.conf"),
        format!(
            "# {TITLE_ID}'s settings\nRX_VK_SHADER_CACHE = 0\nRX_VK_PIPELINE_CACHE = {}\n\
             RX_VK_VALIDATON = 1\n",
            file_pipelines.display()
        ),
    )
    .unwrap();
    let output = Command::new(&program)
        .arg(TITLE_ID)
        .env("XDG_CACHE_HOME", &cache)
        .env("XDG_CONFIG_HOME", &config)
        .env("RX_VK_VALIDATION", "1")
        .env("RX_VK_SHADER_CACHE", "auto")
        .env_remove("RX_VK_PIPELINE_CACHE")
        .output()
        .expect("the example runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");

    let warning = stderr
        .lines()
        .find(|line| line.contains("RX_VK_VALIDATON"))
        .unwrap_or_else(|| panic!("no warning for the misspelled switch:\n{stderr}"));
    assert!(
        warning.contains("did you mean RX_VK_VALIDATION?")
            && warning.contains(&format!("{TITLE_ID}/hookshot.conf:4")),
        "{warning}"
    );
    let title_dir = cache.join("hookshot/titles").join(TITLE_ID);
    let shaders = files_under(&title_dir.join("shaders"));
    assert!(
        shaders.len() >= 2 && shaders.iter().all(|name| name.ends_with(".hsc")),
        "the title's shader cache holds {shaders:?}"
    );
    // Nothing of the title's reached the shared folders of untitled programs.
    assert!(!cache.join("hookshot/shaders").exists());
    let pipelines = files_under(&file_pipelines);
    assert!(
        pipelines.len() == 1 && pipelines[0].ends_with(".vkpipelinecache"),
        "{pipelines:?}"
    );
    assert!(!title_dir.join("pipelines").exists());
}

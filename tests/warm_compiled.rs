//! `hookshot warm` over a game's compiled Maxwell programs, end to end through the C ABI:
//! `capi/examples/warm_compiled.c` (programs from DKSH modules, from their pieces, and
//! with a geometry stage) runs once recorded by `RX_VK_RECORD`; `hookshot warm --title`
//! fills the title's shader and pipeline caches from the recording; a second run of the
//! program for that title translates no shader (hsDeviceGetStats) and draws the same
//! pictures. A run against an unwarmed title translates every one, so the count can fail.

#[path = "../capi/tests/common/mod.rs"]
mod capi_examples;
mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::process::{assert_success, hookshot, scratch_dir};

const TITLE: &str = "0100000000c0ffee";
/// The program's shader modules: two and two for the first programs, and vertex,
/// fragment and the geometry stage's five primitive classes for the third.
const MODULES: u64 = 2 + 2 + 2 + 5;

/// Runs the example for `TITLE` with the title caches under `cache_home`, validation on.
/// The geometry stage needs a device that has one: the MoltenVK profile is left out.
fn run_example(program: &Path, out: &Path, cache_home: &Path, record: Option<&Path>) -> Output {
    let mut command = Command::new(program);
    command
        .arg(TITLE)
        .arg(capi_examples::examples_dir().join("maxwell"))
        .arg(out)
        .env("RX_VK_VALIDATION", "1")
        .env("XDG_CACHE_HOME", cache_home)
        .env_remove("RX_VK_SHADER_CACHE")
        .env_remove("RX_VK_PIPELINE_CACHE")
        .env_remove("RX_VK_SIMULATE");
    match record {
        Some(path) => command.env("RX_VK_RECORD", path),
        None => command.env_remove("RX_VK_RECORD"),
    };
    let output = command.output().expect("the example starts");
    assert_success(&output);
    output
}

/// The two counts the example prints.
fn shader_counts(output: &Output) -> (u64, u64) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout
        .lines()
        .find_map(|line| line.strip_prefix("shaders translated: "))
        .unwrap_or_else(|| panic!("no shader counts in:\n{stdout}"));
    let (translated, hits) = line
        .split_once(", from the shader cache: ")
        .unwrap_or_else(|| panic!("{line}"));
    (translated.parse().unwrap(), hits.parse().unwrap())
}

#[test]
fn a_warmed_title_translates_none_of_its_compiled_programs() {
    let program = capi_examples::build("warm_compiled");
    let root = scratch_dir("warm-compiled");
    let recording = root.join("field.hsrec");

    // The player's run, recorded; its caches are elsewhere.
    let cold_image = root.join("cold.rgba");
    let cold = run_example(
        &program,
        &cold_image,
        &root.join("player"),
        Some(&recording),
    );
    assert_eq!(shader_counts(&cold), (MODULES, 0));

    let warm = hookshot()
        .args(["warm", "--title", TITLE])
        .arg(&recording)
        .env("XDG_CACHE_HOME", root.join("cache"))
        .env_remove("RX_VK_SHADER_CACHE")
        .env_remove("RX_VK_PIPELINE_CACHE")
        .env_remove("RX_VK_SIMULATE")
        .output()
        .unwrap();
    assert_success(&warm);
    let stdout = String::from_utf8_lossy(&warm.stdout);
    assert!(
        stdout.contains(&format!(
            "({MODULES} shaders translated into it, 0 already there, 0 modules without source)"
        )),
        "{stdout}"
    );
    let title_dir = root.join("cache/hookshot/titles").join(TITLE);
    let pipeline_files = std::fs::read_dir(title_dir.join("pipelines"))
        .unwrap_or_else(|error| panic!("{error}\n{stdout}"))
        .count();
    assert_eq!(pipeline_files, 1, "{stdout}");

    // The game's next run, on the warmed title: every module from the cache.
    let warm_image = root.join("warm.rgba");
    let warmed = run_example(&program, &warm_image, &root.join("cache"), None);
    assert_eq!(shader_counts(&warmed), (0, MODULES));
    assert!(
        std::fs::read(&cold_image).unwrap() == std::fs::read(&warm_image).unwrap(),
        "the warmed run drew other pictures"
    );

    // The same title in a cache nothing warmed translates every module.
    let unwarmed = run_example(
        &program,
        &root.join("unwarmed.rgba"),
        &root.join("fresh"),
        None,
    );
    assert_eq!(shader_counts(&unwarmed), (MODULES, 0));
    let _ = std::fs::remove_dir_all(&root);
}

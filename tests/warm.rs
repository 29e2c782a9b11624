//! Field recordings: `RX_VK_RECORD` records a run of any build (here the demo, with no
//! flag asking), and `hookshot warm` plays it to fill a title's pipeline cache, with a
//! progress line at most once a second.

mod common;

use common::process::{assert_success, hookshot, scratch_dir};

#[test]
fn a_recording_made_by_the_switch_warms_a_titles_pipeline_cache() {
    let root = scratch_dir("warm");
    let recording = root.join("field.hsrec");
    let demo = hookshot()
        .args(["demo", "--headless", "--frames", "4"])
        .env("RX_VK_RECORD", &recording)
        .env("RX_VK_SHADER_CACHE", "0")
        .env("RX_VK_PIPELINE_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&demo);
    assert!(
        std::fs::metadata(&recording).is_ok_and(|meta| meta.len() > 0),
        "RX_VK_RECORD made no recording"
    );

    let title = "0100000000010000";
    let warm = hookshot()
        .args(["warm", "--title", title])
        .arg(&recording)
        .env("XDG_CACHE_HOME", root.join("cache"))
        .env_remove("RX_VK_PIPELINE_CACHE")
        .env("RX_VK_SHADER_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&warm);
    let stdout = String::from_utf8_lossy(&warm.stdout);
    let pipelines: u64 = stdout
        .split_whitespace()
        .skip_while(|word| *word != "warmed")
        .nth(1)
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no count in:\n{stdout}"));
    assert!(pipelines > 0, "{stdout}");
    assert!(stdout.contains("from 4 frames"), "{stdout}");
    let cache_dir = root
        .join("cache/hookshot/titles")
        .join(title)
        .join("pipelines");
    let files: Vec<u64> = std::fs::read_dir(&cache_dir)
        .unwrap_or_else(|error| panic!("{}: {error}\n{stdout}", cache_dir.display()))
        .flatten()
        .map(|entry| entry.metadata().unwrap().len())
        .collect();
    assert!(files.len() == 1 && files[0] > 0, "{files:?}");
    // Progress lines, if any, are one a second at most: a short run prints few.
    let stderr = String::from_utf8_lossy(&warm.stderr);
    let progress_lines = stderr
        .lines()
        .filter(|line| line.starts_with("warm: "))
        .count();
    assert!(progress_lines <= 60, "{stderr}");
}

#[test]
fn warm_refuses_a_missing_recording_in_one_line() {
    let output = hookshot()
        .args(["warm", "/nonexistent/recording"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/nonexistent/recording"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The distinct sources a recording's programs were made from.
fn recorded_sources(recording: &std::path::Path) -> Vec<shader_translate::ShaderSource> {
    let bytes = std::fs::read(recording).unwrap();
    let mut reader = gpu::recording::RecordingReader::new(&bytes[..]).unwrap();
    let mut sources: Vec<shader_translate::ShaderSource> = Vec::new();
    while let Some(record) = reader.next_record().unwrap() {
        if let gpu::recording::Record::CreateProgram { maker, .. } = record {
            for source in maker
                .modules
                .into_iter()
                .filter_map(|module| match module.source {
                    Some(gpu::objects::ModuleSource::Shader(source)) => Some(source),
                    _ => None,
                })
            {
                if !sources
                    .iter()
                    .any(|seen| seen.stage == source.stage && seen.code == source.code)
                {
                    sources.push(source);
                }
            }
        }
    }
    sources
}

/// Each source's outcome through a translator with the game's options and `cache_dir`.
fn outcomes(
    sources: &[shader_translate::ShaderSource],
    cache_dir: &std::path::Path,
) -> Vec<shader_translate::CacheOutcome> {
    let switches = gpu::switches::Switches::from_env_for_title(None).unwrap();
    let translator = shader_translate::Translator::new(shader_translate::TranslateOptions {
        optimise: switches.spirv_opt,
        cache: shader_translate::CacheLocation::Dir(cache_dir.to_path_buf()),
        strict_portability: switches.portability,
    })
    .unwrap();
    sources
        .iter()
        .map(|source| translator.translate(source).unwrap().cache)
        .collect()
}

/// The number before `word` in `text`.
fn count_before(text: &str, word: &str) -> u64 {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words
        .iter()
        .position(|each| *each == word)
        .unwrap_or_else(|| panic!("no {word:?} in:\n{text}"));
    words[at - 1]
        .trim_start_matches('(')
        .parse()
        .unwrap_or_else(|_| panic!("no count before {word:?} in:\n{text}"))
}

#[test]
fn warm_fills_the_shader_cache_with_every_recorded_source() {
    let root = scratch_dir("warm-shaders");
    let recording = root.join("field.hsrec");
    let demo = hookshot()
        .args(["demo", "--headless", "--frames", "2"])
        .env("RX_VK_RECORD", &recording)
        .env("RX_VK_SHADER_CACHE", "0")
        .env("RX_VK_PIPELINE_CACHE", "0")
        .output()
        .unwrap();
    assert_success(&demo);
    let sources = recorded_sources(&recording);
    assert!(
        sources.len() >= 4,
        "the demo's programs come from GLSL: {} sources recorded",
        sources.len()
    );

    let shader_cache = root.join("shaders");
    let warm = |cache: &std::path::Path| {
        let output = hookshot()
            .arg("warm")
            .arg(&recording)
            .env("RX_VK_SHADER_CACHE", cache)
            .env("RX_VK_PIPELINE_CACHE", root.join("pipelines"))
            .output()
            .unwrap();
        assert_success(&output);
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let first = warm(&shader_cache);
    assert_eq!(
        count_before(&first, "shaders"),
        sources.len() as u64,
        "{first}"
    );
    assert_eq!(count_before(&first, "already"), 0, "{first}");
    // The game's own translations of the recorded sources now come from the cache.
    let warmed = outcomes(&sources, &shader_cache);
    assert!(
        warmed
            .iter()
            .all(|outcome| *outcome == shader_translate::CacheOutcome::Hit),
        "{warmed:?}"
    );
    // A second warm finds them all there.
    let second = warm(&shader_cache);
    assert_eq!(count_before(&second, "shaders"), 0, "{second}");
    assert_eq!(
        count_before(&second, "already"),
        sources.len() as u64,
        "{second}"
    );
    // A folder nothing warmed misses every one.
    let cold = outcomes(&sources, &root.join("cold"));
    assert!(
        cold.iter()
            .all(|outcome| *outcome == shader_translate::CacheOutcome::Miss),
        "{cold:?}"
    );
}

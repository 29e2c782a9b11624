//! Configuration files: the format, the order of sources, and the warning a name that is
//! no switch gets.

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use super::config_file::{ConfigFile, MAX_FILE_B};
use super::nearest::{edit_distance, nearest};
use super::*;

fn file(path: &str, text: &str) -> ConfigFile {
    ConfigFile::parse(Path::new(path), text).expect("the file parses")
}

fn entry<'a>(switches: &'a Switches, name: &str) -> &'a Entry {
    switches
        .entries()
        .iter()
        .find(|entry| entry.spec.name == name)
        .expect("a switch of the table")
}

#[test]
fn the_format_takes_comments_blanks_and_any_value() {
    let parsed = file(
        "/game/hookshot.conf",
        "# Hookshot settings\n\n   RX_VK_VALIDATION=1\n\tRX_VK_LOG  =  gpu_vk=debug,naga=warn  \n\
         # RX_VK_VRAM_MB = 64\nRX_VK_SHADER_CACHE = /caches/#1\n",
    );
    let values: Vec<(&str, &str, usize)> = parsed
        .values
        .iter()
        .map(|value| (value.name.as_str(), value.value.as_str(), value.line))
        .collect();
    assert_eq!(
        values,
        [
            ("RX_VK_VALIDATION", "1", 3),
            ("RX_VK_LOG", "gpu_vk=debug,naga=warn", 4),
            ("RX_VK_SHADER_CACHE", "/caches/#1", 6),
        ]
    );
}

#[test]
fn a_bad_line_is_an_error_naming_file_and_line() {
    for (text, line, words) in [
        ("RX_VK_VALIDATION 1\n", 1, "no `NAME = value`"),
        ("# ok\n = 1\n", 2, "no switch name"),
        ("RX-VK-LOG = info\n", 1, "no switch name"),
        (
            "RX_VK_LOG = info\n\nRX_VK_LOG = debug\n",
            3,
            "first on line 1",
        ),
    ] {
        match ConfigFile::parse(Path::new("/g/hookshot.conf"), text) {
            Err(error @ SwitchError::ConfigSyntax { line: at, .. }) => {
                assert_eq!(at, line, "{text:?}");
                let message = error.to_string();
                assert!(
                    message.starts_with(&format!("/g/hookshot.conf:{line}: ")),
                    "{message}"
                );
                assert!(message.contains(words), "{message}");
            }
            other => panic!("{text:?} gave {other:?}"),
        }
    }
}

#[test]
fn the_environment_overrides_the_title_file_which_overrides_the_executable_file() {
    let title_file = file(
        "/config/hookshot/0100/hookshot.conf",
        "RX_VK_VRAM_MB = 300\nRX_VK_KEEP_FINALIZED_MB = 100\n",
    );
    let exe_file = file(
        "/game/hookshot.conf",
        "RX_VK_VRAM_MB = 200\nRX_VK_KEEP_FINALIZED_MB = 50\nRX_VK_STORE_HOT = 1\n",
    );
    let switches = Switches::from_sources(
        |name| (name == "RX_VK_VRAM_MB").then(|| "400".to_owned()),
        &[title_file, exe_file],
        vec!["RX_VK_VRAM_MB".into()],
    )
    .unwrap();
    assert_eq!(switches.vram_mb, Some(400));
    assert_eq!(switches.keep_finalized_mb, 100);
    assert!(switches.store_hot);
    assert!(!switches.validation);
    let origins: Vec<String> = [
        "RX_VK_VRAM_MB",
        "RX_VK_KEEP_FINALIZED_MB",
        "RX_VK_STORE_HOT",
        "RX_VK_VALIDATION",
    ]
    .iter()
    .map(|name| entry(&switches, name).origin())
    .collect();
    assert_eq!(
        origins,
        [
            "environment",
            "/config/hookshot/0100/hookshot.conf:2",
            "/game/hookshot.conf:3",
            "default"
        ]
    );
    assert_eq!(
        entry(&switches, "RX_VK_STORE_HOT").source,
        Source::ConfigFile
    );
    assert!(switches.unknown().is_empty());
}

#[test]
fn a_bad_value_in_a_file_names_the_file_and_line() {
    let error = Switches::from_sources(
        |_| None,
        &[file("/game/hookshot.conf", "\nRX_VK_VALIDATION = yes\n")],
        Vec::new(),
    )
    .unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("RX_VK_VALIDATION (/game/hookshot.conf:2)") && message.contains("0|1"),
        "{message}"
    );
}

#[test]
fn a_misspelled_name_is_a_warning_naming_the_nearest_switch() {
    let switches = Switches::from_sources(
        |name| (name == "RX_VK_VALIDATON").then(|| "1".to_owned()),
        &[file(
            "/game/hookshot.conf",
            "RX_VK_CACHEMB = 5\nPASS_DEFER = 1\nRX_VK_LOG = warn\n",
        )],
        vec!["RX_VK_VALIDATON".into()],
    )
    .expect("an unknown name is not fatal");
    let found: Vec<(&str, &str, &str)> = switches
        .unknown()
        .iter()
        .map(|unknown| {
            (
                unknown.name.as_str(),
                unknown.origin.as_str(),
                unknown.nearest.as_str(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("RX_VK_VALIDATON", "environment", "RX_VK_VALIDATION"),
            ("RX_VK_CACHEMB", "/game/hookshot.conf:1", "RX_VK_CACHE_MB"),
            ("PASS_DEFER", "/game/hookshot.conf:2", "RX_VK_PASS_DEFER"),
        ]
    );
    // Ignored, not taken: the misspelled validation switch leaves validation off.
    assert!(!switches.validation);
    assert_eq!(switches.log_filter, "warn");
    let warning = switches.unknown()[0].to_string();
    assert!(
        warning.contains("did you mean RX_VK_VALIDATION?"),
        "{warning}"
    );
}

#[test]
fn reading_is_bounded_and_a_missing_file_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hookshot.conf");
    assert_eq!(ConfigFile::read(&path).unwrap(), None);
    std::fs::write(&path, vec![b'#'; MAX_FILE_B as usize + 1]).unwrap();
    assert!(matches!(
        ConfigFile::read(&path),
        Err(SwitchError::ConfigRead { .. })
    ));
    std::fs::write(&path, b"RX_VK_LOG = \xff\n").unwrap();
    let error = ConfigFile::read(&path).unwrap_err().to_string();
    assert!(error.contains("not UTF-8"), "{error}");
    std::fs::write(&path, b"RX_VK_LOG = debug\n").unwrap();
    let read = ConfigFile::read(&path).unwrap().unwrap();
    assert_eq!(read.path, PathBuf::from(&path));
    assert_eq!(read.get("RX_VK_LOG").unwrap().value, "debug");
}

#[test]
fn edit_distances_of_known_pairs() {
    // Levenshtein's textbook examples.
    assert_eq!(edit_distance("kitten", "sitting"), 3);
    assert_eq!(edit_distance("flaw", "lawn"), 2);
    assert_eq!(edit_distance("", "abc"), 3);
    assert_eq!(edit_distance("RX_VK_LOG", "RX_VK_LOG"), 0);
    assert_eq!(
        nearest("RX_VK_LGO", ["RX_VK_LOG", "RX_VK_AB"]),
        Some(("RX_VK_LOG", 2))
    );
    assert_eq!(nearest("x", std::iter::empty()), None);
}

proptest! {
    /// A metric: zero exactly for equal strings, symmetric, the triangle inequality, and
    /// never more than the longer length; one edit away is distance one.
    #[test]
    fn edit_distance_is_a_metric(a in "[A-C_]{0,8}", b in "[A-C_]{0,8}", c in "[A-C_]{0,8}", at in 0usize..9) {
        let ab = edit_distance(&a, &b);
        prop_assert_eq!(ab == 0, a == b);
        prop_assert_eq!(ab, edit_distance(&b, &a));
        prop_assert!(ab <= edit_distance(&a, &c) + edit_distance(&c, &b));
        prop_assert!(ab <= a.len().max(b.len()));
        let mut inserted = a.clone();
        inserted.insert(at.min(a.len()), 'Z');
        prop_assert_eq!(edit_distance(&a, &inserted), 1);
    }
}

//! The guide (`README.md` and `docs/`) stays true to the repository:
//!
//! - `docs/switches.md` is generated from `env_switches.tsv`; `HOOKSHOT_BLESS=1 cargo test
//!   --test docs` writes it again, and the test fails while the two disagree;
//! - every relative link, and every `#anchor` in one, names a file that exists and a
//!   heading that file has (GitHub's anchors);
//! - every `hookshot SUBCOMMAND` in code names a subcommand the program has (asked of the
//!   built program's `--help`, so the clap definition is the reference);
//! - every `RX_VK_*` name is a switch of the TSV;
//! - the README's C and Rust examples are the text of the files the tests build and run
//!   (`capi/examples/readme_example.c`, `examples/readme.rs`);
//! - the getting-started page names every package `scripts/setup.sh` installs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use gpu::switches::{parse_table, TABLE_TSV};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const SWITCHES_PAGE: &str = "docs/switches.md";

fn root() -> &'static Path {
    Path::new(ROOT)
}

/// `README.md` and every Markdown file under `docs/`, as (path from the root, text).
fn pages() -> Vec<(PathBuf, String)> {
    let mut paths = vec![PathBuf::from("README.md")];
    let mut folders = vec![root().join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("docs/ is readable") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                paths.push(path.strip_prefix(root()).unwrap().to_path_buf());
            }
        }
    }
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(root().join(&path))
                .unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            (path, text)
        })
        .collect()
}

/// The switch reference as generated from the TSV.
fn switches_page() -> String {
    let specs = parse_table(TABLE_TSV).expect("the switch table parses");
    let cell = |text: &str| text.replace('|', "\\|");
    let mut page = String::from(
        "# Switches\n\n\
         <!-- Generated from env_switches.tsv by tests/docs.rs: do not edit. After changing the \
         TSV, run `HOOKSHOT_BLESS=1 cargo test --test docs`. -->\n\n\
         Hookshot is steered by `RX_VK_*` environment variables. `env_switches.tsv` is the one \
         source: the program reads every switch once at start, `hookshot info` prints each \
         with its value and where it came from, and a bad value stops the program with one \
         line naming the switch and what it accepts. A C port can also set switches in its \
         device builder (`HSDeviceBuilder`), on top of the environment.\n\n\
         | switch | default | values | meaning |\n| --- | --- | --- | --- |\n",
    );
    for spec in &specs {
        page.push_str(&format!(
            "| `{}` | `{}` | `{}` | {} |\n",
            spec.name,
            cell(&spec.default),
            cell(&spec.values),
            cell(&spec.meaning)
        ));
    }
    page
}

#[test]
fn the_switch_reference_is_generated_from_the_tsv() {
    let expected = switches_page();
    let path = root().join(SWITCHES_PAGE);
    if std::env::var_os("HOOKSHOT_BLESS").is_some() {
        std::fs::write(&path, &expected).expect("docs/switches.md is writable");
    }
    let found = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        found == expected,
        "{SWITCHES_PAGE} disagrees with env_switches.tsv: run `HOOKSHOT_BLESS=1 cargo test \
         --test docs` to generate it again"
    );
}

/// Fenced code blocks and inline code spans of `text`, in order.
fn code_of(text: &str) -> Vec<String> {
    let mut code = Vec::new();
    let mut fence: Option<String> = None;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            match fence.take() {
                Some(block) => code.push(block),
                None => fence = Some(String::new()),
            }
            continue;
        }
        match &mut fence {
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {
                let mut spans = line.split('`');
                spans.next();
                while let Some(span) = spans.next() {
                    code.push(span.to_owned());
                    spans.next();
                }
            }
        }
    }
    code
}

/// The prose of `text`: everything outside fenced code blocks and code spans.
fn prose_of(text: &str) -> String {
    let mut prose = String::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if !in_fence {
            for (at, piece) in line.split('`').enumerate() {
                if at % 2 == 0 {
                    prose.push_str(piece);
                }
            }
            prose.push('\n');
        }
    }
    prose
}

/// GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped,
/// spaces made `-`.
fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every anchor a Markdown text's headings make (a repeated one gains `-1`, `-2`, ...).
fn anchors_of(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    let mut anchors = BTreeSet::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        if in_fence || !line.starts_with('#') {
            continue;
        }
        let anchor = anchor_of(line.trim_start_matches('#'));
        let count = seen.entry(anchor.clone()).or_insert(0);
        anchors.insert(match *count {
            0 => anchor,
            n => format!("{anchor}-{n}"),
        });
        *count += 1;
    }
    anchors
}

/// The targets of `[text](target)` links and images in the prose of `text`.
fn link_targets(text: &str) -> Vec<String> {
    let prose = prose_of(text);
    let mut targets = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            targets.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    targets
}

#[test]
fn every_relative_link_and_anchor_resolves() {
    let mut broken = Vec::new();
    for (page, text) in pages() {
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let linked = match file {
                "" => page.clone(),
                file => page.parent().unwrap().join(file),
            };
            let on_disk = root().join(&linked);
            // The link must stay inside the repository.
            let inside = on_disk
                .canonicalize()
                .is_ok_and(|path| path.starts_with(root().canonicalize().unwrap()));
            if !on_disk.exists() || !inside {
                broken.push(format!(
                    "{}: {target} (no such file in the repository)",
                    page.display()
                ));
                continue;
            }
            if let Some(anchor) = anchor {
                let linked_text = std::fs::read_to_string(&on_disk).unwrap_or_default();
                if !anchors_of(&linked_text).contains(anchor) {
                    broken.push(format!("{}: {target} (no such heading)", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The subcommands `hookshot ARGS --help` lists (empty when it has none).
fn subcommands_of(args: &[&str]) -> BTreeSet<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_hookshot"))
        .args(args)
        .arg("--help")
        .output()
        .expect("the hookshot program runs");
    assert!(output.status.success(), "hookshot {args:?} --help failed");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .filter(|name| name != "help")
        .collect()
}

/// The alternatives a documented word stands for: `swizzle\|deswizzle` is two.
fn alternatives(word: &str) -> Vec<String> {
    word.replace("\\|", "|")
        .split('|')
        .map(|piece| piece.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-'))
        .filter(|piece| !piece.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_documented_hookshot_command_exists() {
    let top = subcommands_of(&[]);
    assert!(
        top.contains("demo"),
        "the program's --help lists its subcommands: {top:?}"
    );
    let mut nested: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (page, text) in pages() {
        for code in code_of(&text) {
            for line in code.lines() {
                let words: Vec<&str> = line.split_whitespace().collect();
                for at in 0..words.len() {
                    let program = words[at].rsplit('/').next().unwrap();
                    if program != "hookshot" || at + 1 >= words.len() {
                        continue;
                    }
                    let Some(&sub) = words.get(at + 1) else {
                        continue;
                    };
                    if sub.starts_with('-') || sub.starts_with('<') || sub == "SUBCOMMAND" {
                        continue;
                    }
                    for sub in alternatives(sub) {
                        checked += 1;
                        if !top.contains(&sub) {
                            wrong
                                .push(format!("{}: `{line}`: no subcommand {sub}", page.display()));
                            continue;
                        }
                        let below = nested
                            .entry(sub.clone())
                            .or_insert_with(|| subcommands_of(&[&sub]));
                        let Some(&next) = words.get(at + 2) else {
                            continue;
                        };
                        if below.is_empty() || next.starts_with('-') || next == "..." {
                            continue;
                        }
                        for name in alternatives(next) {
                            if !below.contains(&name) {
                                wrong.push(format!(
                                    "{}: `{line}`: {sub} has no subcommand {name}",
                                    page.display()
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10, "only {checked} commands found in the docs");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_switch_named_is_in_the_tsv() {
    let names: BTreeSet<String> = parse_table(TABLE_TSV)
        .expect("the switch table parses")
        .into_iter()
        .map(|spec| spec.name)
        .collect();
    let mut unknown = Vec::new();
    for (page, text) in pages() {
        // The unknown-switch warning, shown as an example, names a misspelling.
        let text: String = text
            .lines()
            .filter(|line| !line.contains("did you mean"))
            .collect::<Vec<_>>()
            .join("\n");
        let mut rest = text.as_str();
        while let Some(at) = rest.find("RX_VK_") {
            let name: String = rest[at..]
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            rest = &rest[at + name.len()..];
            // `RX_VK_*` speaks of them all.
            if name != "RX_VK_" && !names.contains(&name) {
                unknown.push(format!("{}: {name}", page.display()));
            }
        }
    }
    assert!(unknown.is_empty(), "not in env_switches.tsv: {unknown:?}");
}

#[test]
fn the_readme_shows_the_examples_the_tests_run() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    for (language, file) in [
        ("c", "capi/examples/readme_example.c"),
        ("rust", "examples/readme.rs"),
    ] {
        let source = std::fs::read_to_string(root().join(file)).unwrap();
        let block = format!("```{language}\n{source}```\n");
        assert!(
            readme.contains(&block),
            "README.md must show {file} verbatim in a ```{language} block"
        );
    }
}

#[test]
fn getting_started_names_every_package_setup_installs() {
    let setup = std::fs::read_to_string(root().join("scripts/setup.sh")).unwrap();
    let list = setup
        .split_once("packages=(")
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(list, _)| list)
        .expect("setup.sh has a packages=( ... ) list");
    let page = std::fs::read_to_string(root().join("docs/getting-started.md")).unwrap();
    let missing: Vec<&str> = list
        .split_whitespace()
        .filter(|package| !page.contains(&format!("`{package}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/getting-started.md does not name {missing:?}"
    );
}

#[test]
fn anchors_follow_githubs_rules() {
    assert_eq!(
        anchor_of(" The deferred pass merge (`RX_VK_PASS_DEFER`)"),
        "the-deferred-pass-merge-rx_vk_pass_defer"
    );
    assert_eq!(
        anchors_of("# A\n## A\n```\n# not a heading\n```\n"),
        BTreeSet::from(["a".to_owned(), "a-1".to_owned()])
    );
    assert_eq!(
        link_targets("see [x](a.md#b) and `[y](c.md)`"),
        vec!["a.md#b"]
    );
}

/// The README is what a porter reads in five minutes; the rest belongs in `docs/`.
#[test]
fn the_readme_stays_short() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines: move what is past the porter's first five minutes \
         into a page of docs/"
    );
}

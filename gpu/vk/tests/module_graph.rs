//! The backend's source tree has no circle of imports: every module of `src/`, read as a
//! node, with an edge to each module it names through `crate::` or `super::` paths
//! (outside its `#[cfg(test)]` part), forms a graph without cycles. A folder's module is
//! its `mod.rs`; a child naming its own folder's module counts as an edge like any other.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module path (segments joined by `::`, the crate root is "") to its file.
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("source folder is readable") {
            let path = entry.expect("folder entry").path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|ext| ext != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("under src");
            let mut segments: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            if matches!(segments.last().map(String::as_str), Some("mod" | "lib")) {
                segments.pop();
            }
            found.insert(segments.join("::"), path);
        }
    }
    found
}

/// The module paths a source text names, resolved against the module `at`.
fn named_paths(text: &str, at: &[&str]) -> Vec<Vec<String>> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    let mut index = 0;
    while index < bytes.len() {
        // Bytes, not chars: comments may hold any UTF-8, and the paths are ASCII.
        let rest = &bytes[index..];
        let starts_word = index == 0 || !is_ident(bytes[index - 1]);
        let head = ["crate::", "super::"]
            .into_iter()
            .find(|head| starts_word && rest.starts_with(head.as_bytes()));
        let Some(head) = head else {
            index += 1;
            continue;
        };
        let mut base: Vec<String> = if head == "crate::" {
            Vec::new()
        } else {
            // `super` is the parent of the module, whether it is a file or a folder.
            at[..at.len().saturating_sub(1)]
                .iter()
                .map(|s| s.to_string())
                .collect()
        };
        let mut cursor = index + head.len();
        // Further `super::` steps.
        while code[cursor..].starts_with("super::") {
            base.pop();
            cursor += "super::".len();
        }
        loop {
            let ident_len = code[cursor..].bytes().take_while(|&b| is_ident(b)).count();
            if ident_len == 0 {
                break;
            }
            base.push(code[cursor..cursor + ident_len].to_string());
            cursor += ident_len;
            if !code[cursor..].starts_with("::") {
                break;
            }
            cursor += 2;
        }
        paths.push(base);
        index = cursor.max(index + 1);
    }
    paths
}

fn is_ident(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// A cycle in `edges`, if one exists (depth-first search).
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_string(), Mark::Open);
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            match marks.get(next) {
                Some(Mark::Open) => {
                    let from = stack.iter().position(|n| n == next).unwrap_or(0);
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(Mark::Done) => {}
                None => {
                    if let Some(cycle) = visit(next, edges, marks, stack) {
                        return Some(cycle);
                    }
                }
            }
        }
        stack.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in edges.keys() {
        if !marks.contains_key(node) {
            if let Some(cycle) = visit(node, edges, &mut marks, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

fn import_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules(src);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).expect("source file is readable");
        let at: Vec<&str> = if module.is_empty() {
            Vec::new()
        } else {
            module.split("::").collect()
        };
        let targets = edges.entry(module.clone()).or_default();
        for path in named_paths(&text, &at) {
            // The longest prefix of the path that is a module of the crate.
            let target = (1..=path.len())
                .rev()
                .map(|len| path[..len].join("::"))
                .find(|candidate| modules.contains_key(candidate));
            if let Some(target) = target.filter(|target| target != module) {
                targets.insert(target);
            }
        }
    }
    edges
}

#[test]
fn backend_modules_import_without_circles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = import_graph(&src);
    assert!(
        edges.len() > 50,
        "found only {} modules under {}",
        edges.len(),
        src.display()
    );
    if let Some(cycle) = find_cycle(&edges) {
        panic!("a circle of imports in gpu/vk/src: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_circle_finder_finds_a_planted_circle() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let src = dir.path();
    std::fs::create_dir(src.join("group")).expect("folder");
    std::fs::write(src.join("lib.rs"), "pub mod group;\npub mod top;\n").expect("write");
    std::fs::write(src.join("top.rs"), "use crate::group::a::Thing;\n").expect("write");
    std::fs::write(src.join("group/mod.rs"), "pub mod a;\npub mod b;\n").expect("write");
    std::fs::write(
        src.join("group/a.rs"),
        "use super::b::Other;\npub struct Thing;\n",
    )
    .expect("write");
    std::fs::write(
        src.join("group/b.rs"),
        "pub struct Other(crate::group::a::Thing);\n#[cfg(test)]\nuse crate::top;\n",
    )
    .expect("write");
    let edges = import_graph(src);
    let cycle = find_cycle(&edges).expect("a -> b -> a is a circle");
    assert!(cycle.contains(&"group::a".to_string()) && cycle.contains(&"group::b".to_string()));
    // The test-only import of `top` is not an edge.
    assert!(!edges["group::b"].contains("top"));
}

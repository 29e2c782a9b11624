//! The stage folders import one way (the order in `executor`'s module docs): a folder
//! imports only folders of lower rank, so no circle of imports can form between them.
//! Cross-folder imports are written `crate::executor::FOLDER::...`; this reads every
//! file of the executor's folders and checks each such path.

use std::path::Path;

/// Each folder and its rank: a folder imports only folders of lower rank.
const RANKS: &[(&str, u32)] = &[
    ("pipelines", 0),
    ("plan", 0),
    ("prepared", 1),
    ("resources", 2),
    ("prepare", 3),
    ("record", 3),
];

fn rank(folder: &str) -> Option<u32> {
    RANKS
        .iter()
        .find(|(name, _)| *name == folder)
        .map(|&(_, rank)| rank)
}

/// The imports of `source` (a file of `folder`) that break the order: (folder, imported
/// folder), once per path. Test modules are left out (they may build what they check
/// from anywhere); `super::super` paths, which would dodge the check, count as breaks.
fn breaks(folder: &str, source: &str) -> Vec<(String, String)> {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    let mut found = Vec::new();
    if code.contains("super::super") {
        found.push((folder.to_owned(), "super::super".to_owned()));
    }
    let Some(own) = rank(folder) else {
        return found;
    };
    for (at, _) in code.match_indices("crate::executor::") {
        let rest = &code[at + "crate::executor::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_')
            .collect();
        match rank(&name) {
            Some(theirs) if name != folder && theirs >= own => {
                found.push((folder.to_owned(), name));
            }
            _ => {}
        }
    }
    found
}

/// Every break in the executor's folders under `root`, with the file it is in, and how
/// many files of the folders were read.
fn breaks_under(root: &Path) -> (Vec<(String, String, String)>, usize) {
    let mut found = Vec::new();
    let mut read = 0;
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("the executor's folders are readable") {
            let path = entry.expect("a readable entry").path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let relative = path.strip_prefix(root).expect("under the root");
            let mut parts = relative.components();
            let (Some(first), Some(_)) = (parts.next(), parts.next()) else {
                continue; // a root file: it may import any folder
            };
            let folder = first.as_os_str().to_string_lossy().into_owned();
            let source = std::fs::read_to_string(&path).expect("a readable source file");
            read += 1;
            for (from, to) in breaks(&folder, &source) {
                found.push((relative.display().to_string(), from, to));
            }
        }
    }
    (found, read)
}

#[test]
fn folders_import_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/executor");
    let folders: Vec<String> = std::fs::read_dir(&root)
        .expect("the executor's folder is readable")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.is_dir())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for folder in &folders {
        assert!(rank(folder).is_some(), "the folder {folder} has no rank");
    }
    let (found, read) = breaks_under(&root);
    assert_eq!(found, Vec::<(String, String, String)>::new());
    // Every folder holds at least its module file and one more.
    assert!(
        read >= 2 * folders.len(),
        "{read} files read in {} folders",
        folders.len()
    );
}

#[test]
fn a_backward_import_is_found() {
    let source = "use crate::executor::prepared::draws::PreparedDraws;\n\
                  use crate::executor::record::draw::record_draw;\n\
                  use super::slots::SlotContext;\n";
    assert_eq!(
        breaks("prepare", source),
        [("prepare".to_owned(), "record".to_owned())]
    );
    assert_eq!(
        breaks("pipelines", source),
        [
            ("pipelines".to_owned(), "prepared".to_owned()),
            ("pipelines".to_owned(), "record".to_owned())
        ]
    );
    assert!(
        breaks("record", "use super::super::prepare::list::Prepared;\n")
            .contains(&("record".to_owned(), "super::super".to_owned()))
    );
    let in_tests = "#[cfg(test)]\nmod tests {\n    use crate::executor::record::sets;\n}\n";
    assert!(breaks("prepare", in_tests).is_empty());
}

//! Basic blocks against envydis's labels: envydis marks every branch and call target
//! with `C` in its listing (on the control word when the target is a bundle's start).
//! Each such target in the reachable code must start a block, and every block that does
//! not follow a flow instruction must start at such a target.

use std::collections::BTreeSet;
use std::path::Path;

use shader_translate::maxwell::ir::{leaves_straight_line, split_blocks, Terminator};
use shader_translate::maxwell::program::{instruction_offset, Program};

#[test]
fn blocks_start_where_envydis_puts_labels() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_corpus");
    let mut with_flow = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if !path.join("out.dksh").is_file() {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let program = Program::from_dksh(&std::fs::read(path.join("out.dksh")).unwrap()).unwrap();
        let listing = std::fs::read_to_string(path.join("out.dis")).unwrap();
        let labels: BTreeSet<u64> = listing
            .lines()
            .filter(|line| line.get(28..30) == Some(" C"))
            .map(|line| instruction_offset(u64::from_str_radix(&line[..8], 16).unwrap()))
            .collect();
        let blocks = split_blocks(&program.instructions);
        let offset = |index: usize| u64::from(program.instructions[index].offset_b);
        let reachable_end = blocks
            .iter()
            .map(|block| offset(block.end - 1))
            .max()
            .unwrap();
        let starts: BTreeSet<u64> = blocks.iter().map(|block| offset(block.first)).collect();
        for &label in labels.iter().filter(|&&label| label <= reachable_end) {
            assert!(
                starts.contains(&label),
                "{name}: envydis labels {label:#x}, no block starts there"
            );
        }
        for block in blocks.iter().skip(1) {
            let previous = &program.instructions[block.first - 1];
            let after_flow = leaves_straight_line(previous);
            assert!(
                after_flow || labels.contains(&offset(block.first)),
                "{name}: a block starts at {:#x}, neither a label nor after a flow instruction",
                offset(block.first)
            );
        }
        // The last reachable block ends the program.
        assert!(
            blocks
                .iter()
                .any(|block| block.terminator == Terminator::Exit),
            "{name}: no block exits"
        );
        if blocks.len() > 1 {
            with_flow += 1;
        }
    }
    assert!(
        with_flow >= 4,
        "only {with_flow} programs with more than one block"
    );
}

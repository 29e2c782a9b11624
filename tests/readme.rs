//! The switch reference (`docs/switches.md`), `env_switches.tsv`, the switch parser, the
//! README and CI agree with one another.

use gpu::switches::{parse_table, Switches, TABLE_TSV};

const README: &str = include_str!("../README.md");
const SWITCHES_PAGE: &str = include_str!("../docs/switches.md");
const CI_RUN: &str = include_str!("../.ci/run");

#[test]
fn the_switch_reference_matches_the_tsv() {
    let rows: Vec<Vec<String>> = SWITCHES_PAGE
        .lines()
        .filter(|line| line.starts_with("| `RX_VK_"))
        .map(|line| {
            line.trim_matches('|')
                .split(" | ")
                .map(|cell| cell.trim().trim_matches('`').replace("\\|", "|"))
                .collect()
        })
        .collect();
    let specs = parse_table(TABLE_TSV).expect("the table parses");
    assert_eq!(
        rows.len(),
        specs.len(),
        "docs/switches.md lists {} switches, the TSV {}",
        rows.len(),
        specs.len()
    );
    for (row, spec) in rows.iter().zip(&specs) {
        assert_eq!(row[0], spec.name);
        assert_eq!(row[1], spec.default, "default of {}", spec.name);
        assert_eq!(row[2], spec.values, "values of {}", spec.name);
        assert_eq!(row[3], spec.meaning, "meaning of {}", spec.name);
    }
}

#[test]
fn the_code_reads_every_switch_of_the_table() {
    // `from_lookup` fails when the table and the typed reader disagree in either direction.
    Switches::from_lookup(|_| None).expect("table and code agree");
}

#[test]
fn ci_runs_the_readme_test_command() {
    let command = README
        .lines()
        .skip_while(|line| !line.starts_with("Run the tests"))
        .find(|line| line.contains("cargo test"))
        .expect("the README names a test command");
    assert!(
        CI_RUN.lines().any(|line| line.trim() == command.trim()),
        "CI must run `{command}`"
    );
}

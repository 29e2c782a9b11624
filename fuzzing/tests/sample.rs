//! CI's fuzzing: every target for a short fixed-seed sample (its seeds and regression
//! inputs first, then mutations), which must find nothing. Longer runs are
//! `cargo run --release -p fuzzing -- TARGET --seconds N` (docs/reliability.md).

fn sample(name: &str, runs: u64) {
    let target = fuzzing::all_targets()
        .into_iter()
        .find(|target| target.name() == name)
        .expect("a target of that name");
    let seeds = target.seeds().len() + fuzzing::regressions(name).len();
    let budget = fuzzing::Budget {
        runs: Some(seeds as u64 + runs),
        seconds: None,
    };
    let report = fuzzing::fuzz(target.as_ref(), budget, 29, None);
    assert_eq!(report.runs, seeds as u64 + runs);
    let findings: Vec<&str> = report.findings.iter().map(|f| f.what.as_str()).collect();
    assert!(findings.is_empty(), "{name}: {findings:#?}");
}

#[test]
fn recordings() {
    sample("recording", 3000);
}

#[test]
fn dksh_binaries() {
    sample("dksh", 600);
}

#[test]
fn glsl_sources() {
    sample("glsl", 40);
}

#[test]
fn switch_values() {
    sample("switches", 3000);
}

#[test]
fn cache_entries() {
    sample("cache_entry", 100);
}

#[test]
fn c_abi_call_sequences() {
    sample("capi_calls", 400);
}

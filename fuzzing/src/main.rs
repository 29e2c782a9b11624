//! `hookshot-fuzz TARGET [--seconds N] [--runs N] [--seed N] [--out DIR]`: runs one fuzz
//! target (or `all`, one after another) and prints runs, time, outcomes and findings.
//! Exits with status 1 when anything was found (each finding is written under `--out`).

use std::path::PathBuf;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(which) = args.next() else {
        let names: Vec<&str> = fuzzing::all_targets().iter().map(|t| t.name()).collect();
        eprintln!(
            "usage: hookshot-fuzz TARGET|all [--seconds N] [--runs N] [--seed N] [--out DIR]\n\
             targets: {}",
            names.join(", ")
        );
        std::process::exit(2);
    };
    let mut budget = fuzzing::Budget {
        runs: None,
        seconds: None,
    };
    if let Some(file) = std::env::args()
        .skip(2)
        .collect::<Vec<_>>()
        .windows(2)
        .find(|pair| pair[0] == "--replay")
        .map(|pair| pair[1].clone())
    {
        // One input again, with its panic message printed.
        let target = fuzzing::all_targets()
            .into_iter()
            .find(|target| target.name() == which)
            .unwrap_or_else(|| {
                eprintln!("hookshot-fuzz: error: no target {which:?}");
                std::process::exit(2)
            });
        let input = std::fs::read(&file).unwrap_or_else(|error| {
            eprintln!("hookshot-fuzz: error: {file}: {error}");
            std::process::exit(2)
        });
        let result = target.run(&input);
        println!("{}: {file}: {result:?}", target.name());
        std::process::exit(i32::from(result.is_err()));
    }
    let mut seed = 1u64;
    let mut out = PathBuf::from("fuzz-findings");
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        let number = || -> f64 {
            value.parse().unwrap_or_else(|_| {
                eprintln!("hookshot-fuzz: error: {flag} takes a number, not {value:?}");
                std::process::exit(2)
            })
        };
        match flag.as_str() {
            "--seconds" => budget.seconds = Some(number()),
            "--runs" => budget.runs = Some(number() as u64),
            "--seed" => seed = number() as u64,
            "--out" => out = PathBuf::from(&value),
            _ => {
                eprintln!("hookshot-fuzz: error: unknown flag {flag}");
                std::process::exit(2);
            }
        }
    }
    if budget.runs.is_none() && budget.seconds.is_none() {
        budget.seconds = Some(60.0);
    }
    let targets: Vec<Box<dyn fuzzing::Target>> = fuzzing::all_targets()
        .into_iter()
        .filter(|target| which == "all" || target.name() == which)
        .collect();
    if targets.is_empty() {
        eprintln!("hookshot-fuzz: error: no target {which:?}");
        std::process::exit(2);
    }
    let mut found = 0;
    for target in &targets {
        let report = fuzzing::fuzz(target.as_ref(), budget, seed, Some(&out));
        println!(
            "{}: {} runs in {:.0} s ({:.0}/s), {} outcomes, corpus {}, findings: {}",
            report.target,
            report.runs,
            report.seconds,
            report.runs as f64 / report.seconds.max(1e-9),
            report.outcomes,
            report.corpus,
            report.findings.len()
        );
        for finding in &report.findings {
            println!(
                "  finding: {} ({})",
                finding.what.lines().next().unwrap_or(""),
                finding
                    .saved
                    .as_ref()
                    .map_or("not saved".into(), |path| path.display().to_string())
            );
        }
        found += report.findings.len();
    }
    if found > 0 {
        std::process::exit(1);
    }
}

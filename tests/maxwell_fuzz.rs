//! Random compute programs (`common::glsl_fuzz`) compiled with uam and dispatched through
//! their translation and glslang's module over the same generated inputs (see
//! `docs/maxwell.md`, "Differential fuzzing").

mod common;

use std::path::Path;

use common::compute::{dispatch_sources, floats, storage, words};
use common::rig::Rig;

/// uam, deko3d's GLSL compiler: `shared/maxwell/bin/uam` beside the repository (or
/// beside a folder above it, for a worktree).
fn uam_compile(glsl: &str, dir: &Path) -> Result<Vec<u8>, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let uam = root
        .ancestors()
        .map(|folder| folder.join("shared/maxwell/bin/uam"))
        .find(|uam| uam.is_file())
        .unwrap_or_else(|| panic!("no shared/maxwell/bin/uam beside {}", root.display()));
    let (source, out) = (dir.join("program.glsl"), dir.join("program.dksh"));
    std::fs::write(&source, glsl).unwrap();
    let _ = std::fs::remove_file(&out);
    // Under `setarch -R`: uam's scheduler reads an uninitialised field (DKSH.md).
    let output = std::process::Command::new("setarch")
        .arg("-R")
        .arg(&uam)
        .args(["-s", "comp", "-o"])
        .arg(&out)
        .arg(&source)
        .output()
        .unwrap();
    if !output.status.success() {
        return Err(format!(
            "uam: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(std::fs::read(&out).unwrap())
}

/// Random compute programs (`common::glsl_fuzz`) compiled with uam, each dispatched
/// through its translation and glslang's module over the same generated inputs:
/// integer words exact, float words within the tolerance above. `MAXWELL_FUZZ_SEED`
/// and `MAXWELL_FUZZ_COUNT` pick the programs (default seed 1, 24 of them). Run by
/// hand (`--ignored`) while the failures it finds (docs/maxwell.md) are open: a few
/// programs in a hundred are refused or differ.
#[test]
#[ignore = "finds open failures: docs/maxwell.md, Differential fuzzing"]
fn random_compute_programs_dispatch_as_glslang_dispatches_them() {
    use common::glsl_fuzz::{compute_program, float_inputs, int_inputs, Rng, OUTPUTS};
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .map_or(default, |v| v.parse().expect("a number"))
    };
    let (seed, count) = (
        number("MAXWELL_FUZZ_SEED", 1),
        number("MAXWELL_FUZZ_COUNT", 24),
    );
    let dir = common::process::scratch_dir("maxwell_fuzz");
    let rig = Rig::new(true);
    let started = std::time::Instant::now();
    let mut failures = Vec::new();
    for program in seed..seed + count {
        let mut rng = Rng::new(program);
        let (glsl, float_words) = compute_program(&mut rng);
        let dksh = match uam_compile(&glsl, &dir) {
            Ok(dksh) => dksh,
            Err(e) => panic!("program {program}: {e}\n{glsl}"),
        };
        let ints: Vec<u32> = int_inputs(&mut rng).into_iter().map(|v| v as u32).collect();
        let bindings = [
            storage(0, words(ints)),
            storage(1, floats(float_inputs(&mut rng))),
            storage(2, vec![0; 4 * OUTPUTS * 64]),
        ];
        let name = format!("fuzz_{program}");
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let out = dispatch_sources(&rig, &name, (&dksh, &glsl), &bindings, [1, 1, 1]);
            let (ours, reference) = (&out[2].0, &out[2].1);
            for (word, (a, b)) in ours
                .chunks_exact(4)
                .zip(reference.chunks_exact(4))
                .enumerate()
            {
                let (a, b) = (
                    u32::from_le_bytes(a.try_into().unwrap()),
                    u32::from_le_bytes(b.try_into().unwrap()),
                );
                if float_words[word % OUTPUTS] {
                    let (x, y) = (f32::from_bits(a), f32::from_bits(b));
                    let close = (x - y).abs() <= 1e-5 + 1e-4 * y.abs()
                        || (x.is_nan() && y.is_nan())
                        || x == y;
                    assert!(close, "word {word}: ours {x}, glslang {y}");
                } else {
                    assert_eq!(a, b, "word {word}: ours {a:#x}, glslang {b:#x}");
                }
            }
        }));
        if let Err(panic) = result {
            let why = panic
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "?".into());
            failures.push(format!("program {program}: {why}\n{glsl}"));
        }
    }
    eprintln!(
        "{count} random compute programs from seed {seed} in {:.1} s, {} failed",
        started.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

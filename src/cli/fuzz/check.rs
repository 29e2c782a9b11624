//! One program checked end to end: compiled with uam, run both ways on the device, the
//! outputs compared; the outcome says how it ended. Integer words agree exactly. Float
//! words agree within 1e-4 relative plus 1e-5 absolute: the binary computes with `mufu`
//! reciprocals, square roots and `ex2` approximations and fused multiply-adds where
//! glslang's module divides and the driver may or may not fuse, a few units in the last
//! place a step. Target channels (RGBA8) agree within one step: both sides quantise the
//! same float once, and a value at a rounding edge may land one step apart.

use std::path::Path;

use super::bench::{Bench, Inputs, SideError};
use super::expr::{float_inputs, int_inputs, Rng};
use super::stages::{FuzzStage, INVOCATIONS, OUTPUTS};
use super::textures::{TEXTURES, TEXTURE_B};

/// How a program ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Match,
    /// The two sides' outputs differ: the first difference.
    Mismatch(String),
    /// The translator refused uam's binary.
    Refused(String),
    /// uam did not compile the GLSL (a generator fault).
    Uam(String),
    /// glslang refused the GLSL (a generator fault).
    Glslang(String),
    /// The validation layer reported an error.
    Validation(String),
    /// The device failed, or the translator panicked.
    Failed(String),
}

impl Outcome {
    /// The outcome's class, as the summary counts them.
    pub fn kind(&self) -> &'static str {
        match self {
            Outcome::Match => "match",
            Outcome::Mismatch(_) => "mismatch",
            Outcome::Refused(_) => "refused",
            Outcome::Uam(_) => "uam-error",
            Outcome::Glslang(_) => "glslang-error",
            Outcome::Validation(_) => "validation",
            Outcome::Failed(_) => "failed",
        }
    }

    /// The outcome of class `kind` (as [`Outcome::kind`] names it) with `detail`.
    pub fn from_kind(kind: &str, detail: String) -> Outcome {
        match kind {
            "match" => Outcome::Match,
            "mismatch" => Outcome::Mismatch(detail),
            "refused" => Outcome::Refused(detail),
            "uam-error" => Outcome::Uam(detail),
            "glslang-error" => Outcome::Glslang(detail),
            "validation" => Outcome::Validation(detail),
            _ => Outcome::Failed(detail),
        }
    }

    pub fn detail(&self) -> &str {
        match self {
            Outcome::Match => "",
            Outcome::Mismatch(s)
            | Outcome::Refused(s)
            | Outcome::Uam(s)
            | Outcome::Glslang(s)
            | Outcome::Validation(s)
            | Outcome::Failed(s) => s,
        }
    }

    /// Whether `other` fails the way this does, as the reducer keeps a smaller program:
    /// the same class, and for a refusal the same words (the instruction, its numbers
    /// left out), for a mismatch the same output kind (result, atomic or target).
    pub fn same_failure(&self, other: &Outcome) -> bool {
        if self.kind() != other.kind() {
            return false;
        }
        let head = |s: &str| -> String { s.split_whitespace().next().unwrap_or("").to_string() };
        match (self, other) {
            (Outcome::Refused(a), Outcome::Refused(b)) => refusal_key(a) == refusal_key(b),
            (Outcome::Mismatch(a), Outcome::Mismatch(b)) => head(a) == head(b),
            _ => true,
        }
    }
}

/// A refusal's message without its byte offsets and numbers (which move as the program
/// shrinks).
fn refusal_key(message: &str) -> String {
    message
        .split_whitespace()
        .filter(|word| !word.chars().any(|c| c.is_ascii_digit()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The inputs of program `seed`: the same for every run of it.
pub fn inputs(seed: u64) -> Inputs {
    let mut rng = Rng::new(seed ^ 0x1a2b_3c4d_5e6f_7081);
    let ints = int_inputs(&mut rng);
    let floats = float_inputs(&mut rng);
    let params = (0..20)
        .map(|k| match k {
            // `q`, the ivec4 after four vec4s: integer bits.
            16..=19 => f32::from_bits(rng.next() as u32 >> rng.below(31)),
            _ => (rng.below(4000) as f32 - 2000.0) / 256.0,
        })
        .collect();
    let attributes = (0..INVOCATIONS * 4)
        .map(|_| (rng.below(4000) as f32 - 2000.0) / 512.0)
        .collect();
    let texels = (0..TEXTURES as usize * TEXTURE_B)
        .map(|_| rng.below(256) as u8)
        .collect();
    Inputs {
        ints,
        floats,
        params,
        attributes,
        texels,
    }
}

/// Compiles `glsl` with uam and runs it both ways over the inputs of `seed`.
/// `float_words[k]` says whether result word `k` of each invocation is float bits (all
/// float-tolerant when unknown: a file read back).
pub fn check(
    bench: &Bench,
    uam: &Path,
    scratch: &Path,
    stage: FuzzStage,
    glsl: &str,
    float_words: &[bool; OUTPUTS],
    seed: u64,
) -> Outcome {
    let dksh = match super::uam::compile(uam, scratch, stage, glsl) {
        Ok(dksh) => dksh,
        Err(e) => return Outcome::Uam(e),
    };
    check_compiled(bench, stage, (&dksh, glsl), float_words, seed)
}

/// `check` of a program uam already compiled.
pub fn check_compiled(
    bench: &Bench,
    stage: FuzzStage,
    (dksh, glsl): (&[u8], &str),
    float_words: &[bool; OUTPUTS],
    seed: u64,
) -> Outcome {
    let inputs = inputs(seed);
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        bench.run_both(stage, (dksh, glsl), &inputs)
    }));
    let [ours, reference] = match ran {
        Ok(Ok(outputs)) => outputs,
        Ok(Err(SideError::Refused(e))) => return Outcome::Refused(e),
        Ok(Err(SideError::Glslang(e))) => return Outcome::Glslang(e),
        Ok(Err(SideError::Validation(e))) => return Outcome::Validation(e),
        Ok(Err(SideError::Device(e))) => return Outcome::Failed(e),
        Err(panic) => {
            let why = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            return Outcome::Failed(format!("panicked: {why}"));
        }
    };
    for (word, (&a, &b)) in ours.results.iter().zip(&reference.results).enumerate() {
        let is_float = word < INVOCATIONS * OUTPUTS && float_words[word % OUTPUTS];
        let agree = if is_float {
            floats_agree(f32::from_bits(a), f32::from_bits(b))
        } else {
            a == b
        };
        if !agree {
            let place = if word < INVOCATIONS * OUTPUTS {
                format!(
                    "result word {}, invocation {}",
                    word % OUTPUTS,
                    word / OUTPUTS
                )
            } else {
                format!("atomic word {}", word - INVOCATIONS * OUTPUTS)
            };
            let values = if is_float {
                format!("ours {}, glslang {}", f32::from_bits(a), f32::from_bits(b))
            } else {
                format!("ours {a:#x}, glslang {b:#x}")
            };
            return Outcome::Mismatch(format!("{place}: {values}"));
        }
    }
    for (at, (&a, &b)) in ours.target.iter().zip(&reference.target).enumerate() {
        if a.abs_diff(b) > 1 {
            let pixel = at / 4;
            return Outcome::Mismatch(format!(
                "target pixel ({}, {}) channel {}: ours {a}, glslang {b}",
                pixel % 8,
                pixel / 8,
                at % 4
            ));
        }
    }
    Outcome::Match
}

/// Floats within the tolerance above; NaN agrees with NaN.
pub fn floats_agree(x: f32, y: f32) -> bool {
    x == y || (x.is_nan() && y.is_nan()) || (x - y).abs() <= 1e-5 + 1e-4 * y.abs()
}

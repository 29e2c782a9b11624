//! GLSL `double` code compiled with uam, on the real driver (lavapipe, validation on):
//! `g_comp_double_precision` (sums, products, fused multiply-adds, minimum and maximum,
//! comparisons, roundings, conversions to and from float and the integers, a division
//! and square roots in double precision) dispatched through the program translated from
//! uam's binary and through glslang's module of its GLSL, over the same inputs (edge
//! values, then random doubles of any and of moderate exponent; no NaN inputs, for
//! which GLSL's `min`/`max` are undefined). Compared per result: exactly, but
//! - `a * b - 0.5` within one unit in the last place of the product: uam fuses it into a
//!   `dfma`, glslang's module multiplies then subtracts;
//! - `a / b`, `sqrt`, `inversesqrt` within 2^-18 relative: uam has no full-precision
//!   double reciprocal (it warns "only a rough approximation with 20 bits of mantissa"),
//!   so its binary multiplies by `mufu rcp64h`/`rsq64h`'s high word (or equal to that
//!   estimate computed in Rust's f64, where it is not within that of the true value:
//!   a denormal divisor, the square root of infinity);
//! - `trunc` and `roundEven` (result 6) against Rust's f64 instead of glslang's module:
//!   lavapipe returns f64 `Trunc` and `RoundEven` operands unchanged, which the
//!   translation avoids (it builds them from `Floor` and `Ceil`) and glslang's module
//!   does not.

mod common;

use std::path::Path;

use common::compute::{dispatch_sources, storage, words, Stream};
use common::programs::translator;
use common::rig::Rig;

const NAME: &str = "g_comp_double_precision";
const INVOCATIONS: usize = 128;
/// Result pairs an invocation writes.
const RESULTS: usize = 16;

fn game_file(file: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_games")
        .join(NAME)
        .join(file)
}

fn doubles(stream: &mut Stream, count: usize) -> Vec<f64> {
    let mut values = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        1e300,
        -1e-300,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MIN_POSITIVE,
        4.9e-324,
        1e9 + 0.75,
        -3e9,
        123_456_789.123_456_79,
        0.1,
    ];
    let bits = stream.words(2 * count, u32::MAX);
    for pair in bits.chunks(2).take(count - values.len()) {
        let raw = u64::from(pair[1]) << 32 | u64::from(pair[0]);
        let value = if pair[0] & 1 == 0 {
            f64::from_bits(raw)
        } else {
            // A moderate exponent: sums and products that keep their low bits.
            f64::from_bits(
                raw & 0x800f_ffff_ffff_ffff | (1023 - 30 + u64::from(pair[1] >> 20 & 63)) << 52,
            )
        };
        values.push(if value.is_nan() { 0.75 } else { value });
    }
    values
}

fn as_doubles(bytes: &[u8]) -> Vec<f64> {
    bytes
        .chunks(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn ulp(x: f64) -> f64 {
    let x = x.abs();
    if !x.is_finite() {
        return 0.0;
    }
    f64::from_bits(x.to_bits() + 1) - x
}

/// The f64 whose high word is `x`'s, its low word zero.
fn high(x: f64) -> f64 {
    f64::from_bits(x.to_bits() & 0xffff_ffff_0000_0000)
}

/// What uam's binary computes for result `k` (12: `a / b`, 13: `sqrt(|a|)`, 14:
/// `inversesqrt(|b| + 1)`), in Rust's f64: the operand's high word's reciprocal (square
/// root) cut to its high word, times the dividend (or the operand, 0 where it is not
/// positive). Where it is not within 2^-18 of glslang's (a denormal divisor, whose high
/// word is 0; the square root of infinity, infinity times 0), the binary's own result
/// is the one to give.
fn binary_estimate(k: usize, a: f64, b: f64) -> f64 {
    match k {
        12 => a * high(1.0 / high(b)),
        13 => {
            let s = a.abs();
            let estimate = if s <= 0.0 {
                0.0
            } else {
                high(1.0 / high(s).sqrt())
            };
            s * estimate
        }
        _ => high(1.0 / high(b.abs() + 1.0).sqrt()),
    }
}

fn same(x: f64, y: f64) -> bool {
    x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()) || (x == 0.0 && y == 0.0)
}

/// On a device without shaderFloat64 (RX_VK_SIMULATE=moltenvk-m1: Metal has no
/// doubles), both programs are refused when made: the translated one naming its first
/// double instruction, glslang's naming double-precision arithmetic.
fn both_refused(rig: &Rig, dksh: &[u8], glsl: &str) {
    use gpu::error::ObjectError;
    use gpu::objects::program::ProgramError;
    use gpu::objects::{ProgramMaker, ShaderModule};
    use shader_translate::{ShaderCode, ShaderSource};
    let translator = translator();
    let ours = translator.translate_dksh(NAME, dksh).unwrap();
    let reference = translator
        .translate(&ShaderSource {
            name: format!("{NAME}.glsl"),
            stage: shader_translate::Stage::Compute,
            code: ShaderCode::Glsl(glsl.to_string()),
        })
        .unwrap();
    for (shader, names) in [(ours, "`dadd` at byte 0x"), (reference, "double-precision")] {
        match rig.device.create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&shader)],
        }) {
            Err(ObjectError::Program(ProgramError::DoublePrecision { instruction, .. })) => {
                assert!(instruction.starts_with(names), "{instruction}")
            }
            other => panic!("made without shaderFloat64: {other:?}"),
        }
    }
}

#[test]
fn the_double_precision_kernel_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream::new(0x0000_646f_7562_6c65);
    let inputs = doubles(&mut stream, 2 * INVOCATIONS);
    let ints: Vec<u32> = stream.words(INVOCATIONS, u32::MAX);
    let bits: Vec<u8> = inputs.iter().flat_map(|x| x.to_le_bytes()).collect();
    let bindings = [
        storage(0, bits),
        storage(1, words(ints)),
        storage(2, vec![0; 8 * RESULTS * INVOCATIONS]),
    ];
    let dksh = std::fs::read(game_file("out.dksh")).unwrap();
    let glsl = std::fs::read_to_string(game_file("source.glsl")).unwrap();
    let rig = Rig::new(true);
    if !rig.device.features().shader_float64 {
        return both_refused(&rig, &dksh, &glsl);
    }
    let out = dispatch_sources(&rig, NAME, (&dksh, &glsl), &bindings, [2, 1, 1]);
    let (ours, reference) = (&out[2].0, &out[2].1);
    let mut failures = Vec::new();
    for invocation in 0..INVOCATIONS {
        let (a, b) = (inputs[2 * invocation], inputs[2 * invocation + 1]);
        let at = 8 * RESULTS * invocation;
        let mine = as_doubles(&ours[at..at + 8 * RESULTS]);
        let theirs = as_doubles(&reference[at..at + 8 * RESULTS]);
        for k in 0..RESULTS {
            let (x, y) = (mine[k], theirs[k]);
            let agrees = match k {
                // Two words, not an f64: exact.
                4 | 7 | 9 => x.to_bits() == y.to_bits(),
                1 => same(x, y) || (x - y).abs() <= ulp(a * b),
                12..=14 => {
                    same(x, y)
                        || (x - y).abs() <= y.abs() * 2f64.powi(-18)
                        || same(x, binary_estimate(k, a, b))
                }
                6 => same(x, a.trunc() - b.round_ties_even()),
                _ => same(x, y),
            };
            if !agrees {
                failures.push(format!(
                    "invocation {invocation}, result {k} (a {a:e}, b {b:e}): ours {x:e} \
                     ({:#018x}), glslang's {y:e} ({:#018x})",
                    x.to_bits(),
                    y.to_bits()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} results differ:\n{}",
        failures.len(),
        failures[..failures.len().min(16)].join("\n")
    );
}

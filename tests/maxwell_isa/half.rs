//! The half-precision pairs (`hadd2`, `hmul2`, `hfma2` and their `_32i` forms, `hset2`,
//! `hsetp2`) in every operand form with random modifiers, against a CPU model of them
//! written from yuzu's and Ryujinx's descriptions: each source is a pair of halves (h0
//! low) read as the pair, h0 twice, h1 twice or one f32 for both lanes (a `c[]` source
//! always so); abs then neg per lane; `ftz` flushes denormal halves to a zero of their
//! sign, `fmz` also makes a product with a zero factor +0 (`hfma2`: c); each lane is
//! computed in f32 and rounded to a half (nearest even); the merge writes both halves,
//! lane 0 as an f32, or one half keeping the other. Comparisons: each lane's test
//! combined with the predicate. Tolerances: results exact (halves and f32 words), but
//! `hfma2`'s, within one unit in the last place (lavapipe may fuse or not; the
//! hardware fuses), a saturated NaN or zero, which may come out as either zero, and
//! NaNs and the sign of zero, which Vulkan does not keep without the float controls'
//! SignedZeroInfNanPreserve (lavapipe folds `x * 0` to +0 and `fma(x, 0, c)` to c):
//! a NaN the model gives admits any result, and zeros compare equal.

use half::f16;

use super::half_cases::{random_half, reg_for, Case, Family, Form};
use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS};

fn flush_half(bits: u16) -> u16 {
    if bits & 0x7c00 == 0 {
        bits & 0x8000
    } else {
        bits
    }
}

fn flush_f32(value: f32) -> f32 {
    if value.is_subnormal() {
        0.0f32.copysign(value)
    } else {
        value
    }
}

/// A source's two lanes as the model reads them.
fn lanes(word: u32, swizzle: u64, flush: bool, abs: bool, neg: bool) -> [f32; 2] {
    let pair = if swizzle == 1 {
        let value = f32::from_bits(word);
        let value = if flush { flush_f32(value) } else { value };
        [value, value]
    } else {
        let half = |bits: u32| {
            let bits = bits as u16;
            f16::from_bits(if flush { flush_half(bits) } else { bits }).to_f32()
        };
        let (h0, h1) = (half(word & 0xffff), half(word >> 16));
        match swizzle {
            2 => [h0, h0],
            3 => [h1, h1],
            _ => [h0, h1],
        }
    };
    pair.map(|mut x| {
        if abs {
            x = x.abs();
        }
        if neg {
            x = -x;
        }
        x
    })
}

/// FCMP's test `test` (bits: less, equal, greater, unordered) of `a` against `b` (an f32
/// widens exactly).
pub(super) fn float_test(test: u64, a: f64, b: f64) -> bool {
    let (lt, eq, gt, unordered) = (test & 1 != 0, test & 2 != 0, test & 4 != 0, test & 8 != 0);
    if a.is_nan() || b.is_nan() {
        unordered
    } else if a < b {
        lt
    } else if a == b {
        eq
    } else {
        gt
    }
}

pub(super) fn combine(bool_op: u64, x: bool, y: bool) -> bool {
    match bool_op {
        0 => x && y,
        1 => x || y,
        _ => x ^ y,
    }
}

/// What the model expects of one output word, and how closely.
#[derive(Debug)]
struct Expected {
    word: u32,
    /// Halves (or the f32 word) within one unit in the last place.
    ulp: bool,
    /// Per half (or the word): NaN or zero before saturation, so any zero or the value.
    loose: [bool; 2],
    /// The word is one f32.
    wide: bool,
}

/// The model of case `c` over an invocation's inputs; `old` is the destination's value.
fn model(c: &Case, inputs: &[u32], cbuf: [u32; 4]) -> Vec<Expected> {
    let flush = c.flush != 0;
    let cbuf_word = cbuf[c.cbuf_word as usize];
    let a_word = inputs[usize::from(reg_for(c.swz[0], 8) - 8)];
    let a = lanes(a_word, c.swz[0], flush, c.abs[0], c.neg[0]);
    let (b, b_wide) = match c.form {
        Form::Reg | Form::RegCbuf => {
            let reg = reg_for(c.swz[1], 9);
            let word = inputs[usize::from(reg - 8)];
            (
                lanes(word, c.swz[1], flush, c.abs[1], c.neg[1]),
                c.swz[1] == 1,
            )
        }
        Form::Cbuf => (lanes(cbuf_word, 1, flush, c.abs[1], c.neg[1]), true),
        Form::Imm | Form::Imm32 => (lanes(c.imm, 0, flush, false, false), false),
    };
    let old = inputs[2];
    let (c_lanes, c_wide) = match (c.family, c.form) {
        (Family::Fma, Form::RegCbuf) => (lanes(cbuf_word, 1, flush, false, c.neg[2]), true),
        (Family::Fma, Form::Imm32) => (lanes(old, 0, flush, false, c.neg[2]), false),
        (Family::Fma, _) => {
            let word = inputs[usize::from(reg_for(c.swz[2], 10) - 8)];
            (lanes(word, c.swz[2], flush, false, c.neg[2]), c.swz[2] == 1)
        }
        _ => ([0.0; 2], false),
    };
    if matches!(c.family, Family::Set | Family::SetP) {
        let pred = !c.pred_not;
        let result = [0, 1].map(|l| {
            combine(
                c.bool_op,
                float_test(c.test, a[l].into(), b[l].into()),
                pred,
            )
        });
        let exact = |word: u32| Expected {
            word,
            ulp: false,
            loose: [false; 2],
            wide: false,
        };
        if c.family == Family::SetP {
            let (p0, p1) = if c.h_and {
                let both = result[0] && result[1];
                (both, !both)
            } else {
                (result[0], result[1])
            };
            return vec![exact(p0 as u32), exact(p1 as u32)];
        }
        let true_half = if c.bf { 0x3c00 } else { 0xffff };
        let word = (0..2)
            .filter(|&l| result[l])
            .fold(0u32, |w, l| w | true_half << (16 * l));
        return vec![exact(word)];
    }
    let mut loose = [false; 2];
    let results = [0, 1].map(|l| {
        let (x, y) = (a[l], b[l]);
        let mut value = match c.family {
            Family::Add => x + y,
            Family::Mul => x * y,
            _ => x.mul_add(y, c_lanes[l]),
        };
        if c.flush == 2 && c.family != Family::Add && (x == 0.0 || y == 0.0) {
            value = if c.family == Family::Fma {
                c_lanes[l]
            } else {
                0.0
            };
        }
        if c.sat {
            // The hardware saturates a NaN to 0; it stays a NaN here, admitting any
            // result, as Vulkan may have folded it away before the clamp.
            loose[l] = value <= 0.0;
            if !value.is_nan() {
                value = value.clamp(0.0, 1.0);
            }
        }
        value
    });
    let wide = a_is_wide(c) || b_wide || c_wide;
    let to_half = |value: f32| {
        let bits = f16::from_f32(value).to_bits();
        u32::from(if flush { flush_half(bits) } else { bits })
    };
    let ulp = c.family == Family::Fma;
    let (word, loose, word_wide) = match c.merge {
        1 if wide => (results[0].to_bits(), [loose[0], loose[0]], true),
        1 => {
            let rounded = f16::from_bits(to_half(results[0]) as u16).to_f32();
            (rounded.to_bits(), [loose[0], loose[0]], true)
        }
        2 => (
            old & 0xffff_0000 | to_half(results[0]),
            [loose[0], false],
            false,
        ),
        3 => (
            old & 0xffff | to_half(results[1]) << 16,
            [false, loose[1]],
            false,
        ),
        _ => (
            to_half(results[0]) | to_half(results[1]) << 16,
            loose,
            false,
        ),
    };
    vec![Expected {
        word,
        ulp,
        loose,
        wide: word_wide,
    }]
}

fn a_is_wide(c: &Case) -> bool {
    c.swz[0] == 1
}

/// Whether `got` is what `want` allows.
fn agrees(got: u32, want: &Expected) -> bool {
    if want.wide {
        let (g, w) = (f32::from_bits(got), f32::from_bits(want.word));
        return close_f32(g, w, want.ulp) || (want.loose[0] && g == 0.0);
    }
    (0..2).all(|half| {
        let g = (got >> (16 * half)) as u16;
        let w = (want.word >> (16 * half)) as u16;
        let (gf, wf) = (f16::from_bits(g), f16::from_bits(w));
        // Vulkan keeps neither NaNs nor the sign of zero without the float controls'
        // SignedZeroInfNanPreserve (lavapipe folds `x * 0` to +0 and `fma(x, 0, c)` to c).
        if wf.is_nan() || g == w || (gf.to_f32() == 0.0 && wf.to_f32() == 0.0) {
            return true;
        }
        if want.loose[half] && gf.to_f32() == 0.0 {
            return true;
        }
        want.ulp && ordered16(g).abs_diff(ordered16(w)) <= 1
    })
}

fn close_f32(g: f32, w: f32, ulp: bool) -> bool {
    if w.is_nan() || g == w {
        return true;
    }
    // An f32 of a sum or product computed in f32 is exact; a fused multiply-add may
    // differ in its last place (fused or not).
    ulp && ordered32(g.to_bits()).abs_diff(ordered32(w.to_bits())) <= 1
}

fn ordered16(bits: u16) -> i32 {
    if bits & 0x8000 != 0 {
        -i32::from(bits & 0x7fff)
    } else {
        i32::from(bits)
    }
}

fn ordered32(bits: u32) -> i64 {
    if bits & 0x8000_0000 != 0 {
        -i64::from(bits & 0x7fff_ffff)
    } else {
        i64::from(bits)
    }
}

/// Random inputs: r8-r10 half pairs, r11 an f32 (a moderate half's value).
fn inputs(rng: &mut Rng) -> Vec<u32> {
    (0..INVOCATIONS)
        .flat_map(|_| {
            let mut words = [0u32; INPUTS];
            for word in &mut words[..3] {
                *word = u32::from(random_half(rng)) | u32::from(random_half(rng)) << 16;
            }
            words[3] = wide_value(rng);
            words
        })
        .collect()
}

fn wide_value(rng: &mut Rng) -> u32 {
    let half = random_half(rng) & 0xfbff | 0x3000;
    f16::from_bits(half).to_f32().to_bits()
}

/// One kernel of `cases`: its body, the output count, and where each case's outputs
/// start.
fn kernel_body(cases: &[Case]) -> (Vec<u64>, usize, Vec<usize>) {
    let mut body = Vec::new();
    let mut starts = Vec::new();
    let mut out = 0usize;
    for case in cases {
        let d = FIRST_OUT + out as u8;
        starts.push(out);
        body.push(kernel::mov(d, 10));
        body.push(case.encode(d));
        if case.family == Family::SetP {
            body.push(kernel::pred_to_reg(d, 0));
            body.push(kernel::pred_to_reg(d + 1, 1));
        }
        out += case.outputs();
    }
    (body, out, starts)
}

#[test]
fn half_precision_pairs_compute_as_a_cpu_model_of_them() {
    let mut rng = Rng(0x4841_4444_3200);
    let mut checked = 0usize;
    let mut failures = Vec::new();
    for kernel_index in 0..12 {
        let mut cases = Vec::new();
        let mut outputs = 0;
        while outputs + 2 <= 48 {
            let case = Case::random(&mut rng).normalized();
            outputs += case.outputs();
            cases.push(case);
        }
        let words: Vec<u64> = cases.iter().map(|c| c.encode(FIRST_OUT)).collect();
        let listing = kernel::envydis(&words);
        for (case, line) in cases.iter().zip(&listing) {
            assert!(
                line.split_whitespace().next() == Some(case.mnemonic()) && !line.contains("???"),
                "{case:?} encodes as `{line}`"
            );
        }
        let (body, count, starts) = kernel_body(&cases);
        let cbuf = [0; 4].map(|_| wide_value(&mut rng));
        let inputs = inputs(&mut rng);
        let results = kernel::run(&body, count, &inputs, cbuf);
        for (invocation, got) in results.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            for ((case, &start), line) in cases.iter().zip(&starts).zip(&listing) {
                for (k, want) in model(case, own, cbuf).iter().enumerate() {
                    let value = got[start + k];
                    if !agrees(value, want) {
                        failures.push(format!(
                            "kernel {kernel_index}, invocation {invocation}: `{line}` ({case:?}) \
                             over {own:08x?}, c2 {cbuf:08x?}: got {value:#010x}, the model \
                             {want:x?}"
                        ));
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} words differ:\n{}",
        failures.len(),
        failures[..failures.len().min(12)].join("\n")
    );
    assert!(checked > 10_000, "{checked} words checked");
}

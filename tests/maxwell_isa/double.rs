//! Double precision (`dadd`, `dmul`, `dfma`, `dmnmx`, `dsetp`, `dset`, `mufu rcp64h` and
//! `rsq64h`, `f2f`/`f2i`/`i2f` with an f64 side) in register, constant-buffer and
//! immediate forms with random modifiers and guards, against a CPU model of them written
//! from yuzu's and Ryujinx's recompilers and envytools' field tables: an f64 is a
//! register pair (low word in the even register), two constant-buffer words, or an
//! immediate's 20 top bits; abs then neg per source; `dmul`/`dfma`'s `neg` negates the
//! product; `dmnmx` takes the minimum where its predicate holds, a NaN operand giving
//! the other; `dsetp`/`dset` combine the test with a predicate (`dset bf`: the f32 1.0);
//! `rcp64h`/`rsq64h` take a register as an f64's high word (low word 0) and give the
//! result's high word; conversions to integers saturate, NaN giving 0. Rust's f64
//! arithmetic is the model, so results are compared exactly (NaNs as any NaN, zeros of
//! either sign: Vulkan keeps neither without SignedZeroInfNanPreserve) but for `dfma`
//! (fused, or with the product rounded first: Vulkan's precision rules allow either and
//! lavapipe rounds it), `rsq64h` (within one unit in the last place of the high word:
//! SPIR-V's InverseSqrt is not correctly rounded) and narrowing to an f32 subnormal
//! (flushed to zero by a driver that does not preserve f32 denormals).

use super::half::{combine, float_test};
use super::kernel::{self, Rng, FIRST_OUT, INPUTS, INVOCATIONS, PT_GUARD};

/// One double instruction under test.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Add,
    Mul,
    Fma,
    Min,
    SetP,
    Set,
    Rcp64h,
    Rsq64h,
    /// `f2f`: source f64 (else f32) to f64 (else f32), with an integral rounding
    /// (`round floor ceil trunc`: 1-4, f64 to f64 only) and `sat`.
    F2f {
        from_double: bool,
        to_double: bool,
    },
    F2i {
        signed: bool,
    },
    I2f {
        signed: bool,
    },
}

/// Where the second source comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Source {
    Reg,
    /// c2[0x0] or c2[0x8].
    Cbuf(u64),
    /// The 19 top bits of an f64 below its sign (bit 63 from bit 56).
    Imm(u64),
}

#[derive(Clone, Copy, Debug)]
struct Case {
    kind: Kind,
    second: Source,
    abs: [bool; 2],
    neg: [bool; 3],
    /// FCMP test (0-15), boolean op (0-2), combining predicate negated (false: PT).
    test: u64,
    bool_op: u64,
    not_pt: bool,
    bf: bool,
    rounding: u64,
    sat: bool,
    /// Guard: none, P2 or !P2 (P2: a > b, set by the first instruction).
    guard: u8,
}

const DOUBLE_OPCODES: [(u64, u64, u64); 2] = [(0x5c70, 0x4c70, 0x3870), (0x5c80, 0x4c80, 0x3880)];

impl Case {
    fn random(rng: &mut Rng) -> Case {
        let kind = match rng.below(13) {
            0 | 1 => Kind::Add,
            2 => Kind::Mul,
            3 => Kind::Fma,
            4 => Kind::Min,
            5 => Kind::SetP,
            6 => Kind::Set,
            7 => Kind::Rcp64h,
            8 => Kind::Rsq64h,
            9 => Kind::F2f {
                from_double: rng.bit(),
                to_double: rng.bit(),
            },
            10 | 11 => Kind::F2i { signed: rng.bit() },
            _ => Kind::I2f { signed: rng.bit() },
        };
        let second = match (kind, rng.below(4)) {
            (Kind::Add | Kind::Mul | Kind::Fma, 0) => Source::Cbuf(8 * rng.below(2)),
            (Kind::Add | Kind::Mul, 1) => Source::Imm(rng.below(1 << 20)),
            _ => Source::Reg,
        };
        let mut case = Case {
            kind,
            second,
            abs: [rng.bit(), rng.bit()],
            neg: [rng.bit(), rng.bit(), rng.bit()],
            test: rng.below(16),
            bool_op: rng.below(3),
            not_pt: rng.bit(),
            bf: rng.bit(),
            rounding: rng.below(5),
            sat: rng.below(4) == 0,
            guard: rng.below(3) as u8,
        };
        if !matches!(
            kind,
            Kind::F2f {
                from_double: true,
                to_double: true
            } | Kind::F2f {
                from_double: false,
                to_double: false
            }
        ) && !matches!(kind, Kind::F2i { .. })
        {
            case.rounding = 0;
        }
        if matches!(kind, Kind::F2i { .. }) {
            case.rounding = rng.below(4);
        }
        case
    }

    fn mnemonic(&self) -> &'static str {
        match self.kind {
            Kind::Add => "dadd",
            Kind::Mul => "dmul",
            Kind::Fma => "dfma",
            Kind::Min => "dmnmx",
            Kind::SetP => "dsetp",
            Kind::Set => "dset",
            Kind::Rcp64h | Kind::Rsq64h => "mufu",
            Kind::F2f { .. } => "f2f",
            Kind::F2i { .. } => "f2i",
            Kind::I2f { .. } => "i2f",
        }
    }

    /// Output words: the destination pair, one word, or the two predicates.
    fn outputs(&self) -> usize {
        match self.kind {
            Kind::Set | Kind::Rcp64h | Kind::Rsq64h | Kind::F2i { .. } => 1,
            Kind::F2f {
                to_double: false, ..
            } => 1,
            _ => 2,
        }
    }

    fn guard_bits(&self) -> u64 {
        match self.guard {
            0 => PT_GUARD,
            1 => 2 << 16,
            _ => (8 | 2) << 16,
        }
    }

    fn encode(&self, d: u8) -> u64 {
        let d = u64::from(d);
        let bit = |on: bool, at: u32| u64::from(on) << at;
        let pn39 = 7 << 39 | bit(self.not_pt, 42);
        let second = |reg: u64| match self.second {
            Source::Reg => reg << 20,
            Source::Cbuf(offset_b) => 2 << 34 | (offset_b / 4) << 20,
            Source::Imm(imm) => (imm & 0x7ffff) << 20 | (imm >> 19) << 56,
        };
        let pick = |ops: (u64, u64, u64)| match self.second {
            Source::Reg => ops.0,
            Source::Cbuf(_) => ops.1,
            Source::Imm(_) => ops.2,
        } << 48;
        let word = match self.kind {
            Kind::Add => {
                pick(DOUBLE_OPCODES[0])
                    | bit(self.neg[0], 48)
                    | bit(self.abs[0], 46)
                    | bit(self.neg[1], 45)
                    | bit(self.abs[1], 49)
                    | second(10)
                    | 8 << 8
                    | d
            }
            Kind::Mul => pick(DOUBLE_OPCODES[1]) | bit(self.neg[1], 48) | second(10) | 8 << 8 | d,
            Kind::Fma => {
                let form = if let Source::Cbuf(offset_b) = self.second {
                    // c is the constant-buffer word, b the register at 39.
                    0x5370 << 48 | 10 << 39 | 2 << 34 | (offset_b / 4) << 20
                } else {
                    0x5b70 << 48 | 10 << 20 | 8 << 39
                };
                form | bit(self.neg[1], 48) | bit(self.neg[2], 49) | 8 << 8 | d
            }
            Kind::Min => {
                0x5c50 << 48
                    | bit(self.neg[0], 48)
                    | bit(self.abs[0], 46)
                    | bit(self.neg[1], 45)
                    | bit(self.abs[1], 49)
                    | pn39
                    | 10 << 20
                    | 8 << 8
                    | d
            }
            Kind::SetP => {
                0x5b80 << 48
                    | self.test << 48
                    | self.bool_op << 45
                    | bit(self.neg[0], 43)
                    | bit(self.abs[0], 7)
                    | bit(self.neg[1], 6)
                    | bit(self.abs[1], 44)
                    | pn39
                    | 10 << 20
                    | 8 << 8
                    | 1
            }
            Kind::Set => {
                0x5900 << 48
                    | bit(self.bf, 52)
                    | self.test << 48
                    | self.bool_op << 45
                    | bit(self.neg[0], 43)
                    | bit(self.abs[0], 54)
                    | bit(self.neg[1], 53)
                    | bit(self.abs[1], 44)
                    | pn39
                    | 10 << 20
                    | 8 << 8
                    | d
            }
            Kind::Rcp64h | Kind::Rsq64h => {
                let function = if matches!(self.kind, Kind::Rcp64h) {
                    6
                } else {
                    7
                };
                0x5080 << 48
                    | function << 20
                    | bit(self.neg[0], 48)
                    | bit(self.abs[0], 46)
                    | 9 << 8
                    | d
            }
            Kind::F2f {
                from_double,
                to_double,
            } => {
                let ty = |double: bool| if double { 3 } else { 2 };
                let rounding = [0, 0x40, 0x48, 0x50, 0x58][self.rounding as usize];
                0x5ca8 << 48
                    | ty(to_double) << 8
                    | ty(from_double) << 10
                    | rounding << 36
                    | bit(self.sat, 50)
                    | bit(self.neg[0], 45)
                    | bit(self.abs[0], 49)
                    | 8 << 20
                    | d
            }
            Kind::F2i { signed } => {
                0x5cb0 << 48
                    | if signed { 0x1200 } else { 0x200 }
                    | 3 << 10
                    | self.rounding << 39
                    | bit(self.neg[0], 45)
                    | bit(self.abs[0], 49)
                    | 8 << 20
                    | d
            }
            Kind::I2f { signed } => {
                0x5cb8 << 48
                    | 3 << 8
                    | if signed { 0x2800 } else { 0x800 }
                    | bit(self.neg[0], 45)
                    | bit(self.abs[0] && signed, 49)
                    | 8 << 20
                    | d
            }
        };
        word | self.guard_bits()
    }
}

fn f64_of(low: u32, high: u32) -> f64 {
    f64::from_bits(u64::from(high) << 32 | u64::from(low))
}

fn signs(mut x: f64, abs: bool, neg: bool) -> f64 {
    if abs {
        x = x.abs();
    }
    if neg {
        x = -x;
    }
    x
}

fn words_of(x: f64) -> [u32; 2] {
    let bits = x.to_bits();
    [bits as u32, (bits >> 32) as u32]
}

/// What one output must be: exact bits, an f64 (or its high word) within `ulp` units,
/// or an f32.
#[derive(Debug, Clone, Copy)]
enum Want {
    Word(u32),
    /// Both words of an f64.
    Double(f64, u64),
    /// Both words of an f64: the fused result or the one with the product rounded.
    Fused(f64, f64),
    /// An f64's high word, within so many units.
    High(u32, u32),
    Single(f32),
}

impl Want {
    /// How many output words it covers.
    fn width(&self) -> usize {
        match self {
            Want::Double(..) | Want::Fused(..) => 2,
            _ => 1,
        }
    }
}

/// The model of `case` over an invocation's inputs (r8-r11) and the c2 words; `p2` is
/// the guard predicate (a > b).
fn model(case: &Case, inputs: &[u32], cbuf: [u32; 4]) -> Vec<Want> {
    let a_raw = f64_of(inputs[0], inputs[1]);
    let b_raw = f64_of(inputs[2], inputs[3]);
    let second_raw = match case.second {
        Source::Reg => b_raw,
        Source::Cbuf(offset_b) => {
            let at = (offset_b / 4) as usize;
            f64_of(cbuf[at], cbuf[at + 1])
        }
        Source::Imm(imm) => f64::from_bits((imm & 0x7ffff) << 44 | (imm >> 19) << 63),
    };
    let runs = match case.guard {
        0 => true,
        1 => a_raw > b_raw,
        _ => a_raw <= b_raw || a_raw.is_nan() || b_raw.is_nan(),
    };
    let held = [inputs[0], inputs[1]];
    let pt = !case.not_pt;
    let out: Vec<Want> = match case.kind {
        Kind::Add => {
            let a = signs(a_raw, case.abs[0], case.neg[0]);
            let b = signs(second_raw, case.abs[1], case.neg[1]);
            vec![Want::Double(a + b, 0)]
        }
        Kind::Mul => {
            let product = a_raw * second_raw;
            vec![Want::Double(
                if case.neg[1] { -product } else { product },
                0,
            )]
        }
        Kind::Fma => {
            let (b, c) = match case.second {
                Source::Cbuf(_) => (b_raw, second_raw),
                _ => (b_raw, a_raw),
            };
            let b = if case.neg[1] { -b } else { b };
            let c = if case.neg[2] { -c } else { c };
            // Vulkan lets Fma round the product (SPIR-V's precision table: as an
            // OpFMul then an OpFAdd), and lavapipe does.
            vec![Want::Fused(a_raw.mul_add(b, c), a_raw * b + c)]
        }
        Kind::Min => {
            let a = signs(a_raw, case.abs[0], case.neg[0]);
            let b = signs(b_raw, case.abs[1], case.neg[1]);
            vec![Want::Double(if pt { a.min(b) } else { a.max(b) }, 0)]
        }
        Kind::SetP | Kind::Set => {
            let a = signs(a_raw, case.abs[0], case.neg[0]);
            let b = signs(b_raw, case.abs[1], case.neg[1]);
            let result = float_test(case.test, a, b);
            let first = combine(case.bool_op, result, pt);
            if matches!(case.kind, Kind::Set) {
                let yes = if case.bf { 1.0f32.to_bits() } else { u32::MAX };
                vec![Want::Word(if first { yes } else { 0 })]
            } else {
                let second = combine(case.bool_op, !result, pt);
                vec![Want::Word(first.into()), Want::Word(second.into())]
            }
        }
        Kind::Rcp64h | Kind::Rsq64h => {
            let high = signs(f64_of(0, inputs[1]), case.abs[0], case.neg[0]);
            let (value, ulp) = if matches!(case.kind, Kind::Rcp64h) {
                (1.0 / high, 0)
            } else {
                (1.0 / high.sqrt(), 1)
            };
            vec![Want::High(words_of(value)[1], ulp)]
        }
        Kind::F2f {
            from_double,
            to_double,
        } => {
            let source = if from_double {
                a_raw
            } else {
                f64::from(f32::from_bits(inputs[0]))
            };
            let mut x = signs(source, case.abs[0], case.neg[0]);
            x = match case.rounding {
                1 => x.round_ties_even(),
                2 => x.floor(),
                3 => x.ceil(),
                4 => x.trunc(),
                _ => x,
            };
            if case.sat {
                x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
            }
            if to_double {
                vec![Want::Double(x, 0)]
            } else {
                vec![Want::Single(x as f32)]
            }
        }
        Kind::F2i { signed } => {
            let x = signs(a_raw, case.abs[0], case.neg[0]);
            let x = match case.rounding {
                0 => x.round_ties_even(),
                1 => x.floor(),
                2 => x.ceil(),
                _ => x.trunc(),
            };
            // Rust's `as` saturates and makes NaN 0, as the hardware does.
            let word = if signed { x as i32 as u32 } else { x as u32 };
            vec![Want::Word(word)]
        }
        Kind::I2f { signed } => {
            let mut word = inputs[0];
            if case.abs[0] && signed {
                word = (word as i32).unsigned_abs();
            }
            if case.neg[0] {
                word = word.wrapping_neg();
            }
            let x = if signed {
                f64::from(word as i32)
            } else {
                f64::from(word)
            };
            vec![Want::Double(x, 0)]
        }
    };
    if runs {
        return out;
    }
    // Not run: the preset destination (r8, r9) or the predicates' earlier values (P0
    // and P1 false at the start, the pair as the last dsetp left them is not modelled:
    // guarded dsetp cases are not drawn).
    let words: usize = out.iter().map(Want::width).sum();
    held[..words].iter().map(|&word| Want::Word(word)).collect()
}

fn ulps(a: u64, b: u64) -> u64 {
    let ordered = |bits: u64| -> i128 {
        if bits >> 63 != 0 {
            -i128::from(bits & !(1 << 63))
        } else {
            i128::from(bits)
        }
    };
    (ordered(a) - ordered(b)).unsigned_abs() as u64
}

/// Whether the output words `got` (one or two) agree with `want`.
fn agrees(got: &[u32], want: Want) -> bool {
    match want {
        Want::Word(word) => got[0] == word,
        Want::Double(x, ulp) => {
            let bits = u64::from(got[1]) << 32 | u64::from(got[0]);
            let value = f64::from_bits(bits);
            (x.is_nan() && value.is_nan())
                || (x == 0.0 && value == 0.0)
                || ulps(bits, x.to_bits()) <= ulp
        }
        Want::Fused(fused, split) => {
            agrees(got, Want::Double(fused, 0)) || agrees(got, Want::Double(split, 0))
        }
        Want::High(high, ulp) => {
            let value = f64_of(0, got[0]);
            let x = f64_of(0, high);
            (x.is_nan() && value.is_nan())
                || (x == 0.0 && value == 0.0)
                || ulps(u64::from(got[0]) << 32, u64::from(high) << 32) <= u64::from(ulp) << 32
        }
        Want::Single(x) => {
            let value = f32::from_bits(got[0]);
            (x.is_nan() && value.is_nan())
                || (x == 0.0 && value == 0.0)
                || value.to_bits() == x.to_bits()
                || (x.is_subnormal() && value == 0.0)
        }
    }
}

/// A random f64: edge values, integers and halves (for roundings), values near the
/// integer limits, and random bits of moderate and any exponent.
fn random_double(rng: &mut Rng) -> f64 {
    match rng.below(12) {
        0 => [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 1.5][rng.below(7) as usize],
        1 => [
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MAX,
            f64::MIN_POSITIVE,
        ][rng.below(5) as usize],
        2 => f64::from_bits(rng.below(1 << 52)),
        3 => (rng.below(1 << 34) as f64 - (1u64 << 33) as f64) * 0.5,
        4 => f64::from(i32::MAX) + rng.below(4) as f64 - 2.0,
        5 => f64::from(u32::MAX) + rng.below(4) as f64 - 2.0,
        6 => f64::from(f32::from_bits(rng.next() as u32)),
        7 | 8 => f64::from_bits(rng.next()),
        _ => {
            let exponent = 1023 - 40 + rng.below(80);
            f64::from_bits(rng.below(2) << 63 | exponent << 52 | rng.below(1 << 52))
        }
    }
}

fn inputs(rng: &mut Rng) -> Vec<u32> {
    (0..INVOCATIONS)
        .flat_map(|_| {
            let [a0, a1] = words_of(random_double(rng));
            let [b0, b1] = if rng.below(8) == 0 {
                // Equal operands now and then, for the comparisons' equal cases.
                [a0, a1]
            } else {
                words_of(random_double(rng))
            };
            [a0, a1, b0, b1]
        })
        .collect()
}

/// The kernel of `cases`: P2 = (a > b) first, then each case (its destination preset
/// to r8:r9 when guarded, its predicates copied out after a `dsetp`); gives the body,
/// the output count and where each case's outputs start.
fn kernel_body(cases: &[Case]) -> (Vec<u64>, usize, Vec<usize>) {
    // dsetp gt and $p2 $pt $r8 $r10 $pt
    let mut body =
        vec![0x5b80u64 << 48 | PT_GUARD | 4 << 48 | 7 << 39 | 10 << 20 | 8 << 8 | 2 << 3 | 7];
    let mut starts = Vec::new();
    let mut out = 0usize;
    for case in cases {
        // Pairs start at an even register.
        out += out % 2;
        let d = FIRST_OUT + out as u8;
        starts.push(out);
        body.push(kernel::mov(d, 8));
        body.push(kernel::mov(d + 1, 9));
        body.push(case.encode(d));
        if matches!(case.kind, Kind::SetP) {
            body.push(kernel::pred_to_reg(d, 0));
            body.push(kernel::pred_to_reg(d + 1, 1));
        }
        out += case.outputs();
    }
    (body, out, starts)
}

#[test]
fn doubles_compute_as_a_cpu_model_of_them() {
    if !crate::common::rig::Rig::new(true)
        .device
        .features()
        .shader_float64
    {
        // RX_VK_SIMULATE=moltenvk-m1: every kernel here is refused when made.
        return refused_here();
    }
    let mut rng = Rng(0x4446_4c54_3634);
    let mut checked = 0usize;
    let mut failures = Vec::new();
    for kernel_index in 0..6 {
        let mut cases = Vec::new();
        let mut outputs = 0;
        while outputs + 4 <= 56 {
            let mut case = Case::random(&mut rng);
            if matches!(case.kind, Kind::SetP) {
                case.guard = 0;
            }
            outputs += case.outputs() + 1;
            cases.push(case);
        }
        let words: Vec<u64> = cases.iter().map(|c| c.encode(FIRST_OUT)).collect();
        let listing = kernel::envydis(&words);
        for (case, line) in cases.iter().zip(&listing) {
            let text = line.trim_start_matches("not ");
            let text = text
                .split_once(' ')
                .filter(|_| case.guard != 0)
                .map_or(text, |(_, rest)| rest);
            assert!(
                text.split_whitespace().next() == Some(case.mnemonic()) && !line.contains("???"),
                "{case:?} encodes as `{line}`"
            );
        }
        let (body, count, starts) = kernel_body(&cases);
        let cbuf = {
            let [c0, c1] = words_of(random_double(&mut rng));
            let [c2, c3] = words_of(random_double(&mut rng));
            [c0, c1, c2, c3]
        };
        let inputs = inputs(&mut rng);
        let results = kernel::run(&body, count, &inputs, cbuf);
        for (invocation, got) in results.iter().enumerate() {
            let own = &inputs[INPUTS * invocation..INPUTS * (invocation + 1)];
            for ((case, &start), line) in cases.iter().zip(&starts).zip(&listing) {
                let wants = model(case, own, cbuf);
                let mut at = start;
                for want in wants {
                    let width = want.width();
                    let words = &got[at..at + width];
                    if !agrees(words, want) {
                        failures.push(format!(
                            "kernel {kernel_index}, invocation {invocation}: `{line}` ({case:?}) \
                             over {own:08x?}, c2 {cbuf:08x?}: got {words:08x?}, the model \
                             {want:?}"
                        ));
                    }
                    at += width;
                    checked += 1;
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} outputs differ:\n{}",
        failures.len(),
        failures[..failures.len().min(12)].join("\n")
    );
    assert!(checked > 3_000, "{checked} outputs checked");
}

/// This device lacks shaderFloat64: a double kernel is refused when made, naming its
/// first double instruction.
fn refused_here() {
    use gpu::error::ObjectError;
    use gpu::objects::program::ProgramError;
    use gpu::objects::{ProgramMaker, ShaderModule};
    let rig = crate::common::rig::Rig::new(true);
    let dadd = 0x5c70 << 48 | PT_GUARD | 10 << 20 | 8 << 8 | u64::from(FIRST_OUT);
    let shader = kernel::translate(&[dadd], 2).expect("the kernel translates");
    match rig.device.create_program(&ProgramMaker {
        modules: vec![ShaderModule::from(&shader)],
    }) {
        Err(ObjectError::Program(ProgramError::DoublePrecision { instruction, .. })) => {
            assert!(
                instruction.starts_with("`dadd` at byte 0x"),
                "{instruction}"
            )
        }
        other => panic!("made without shaderFloat64: {other:?}"),
    }
}

/// On a device without shaderFloat64 (lavapipe has it; MoltenVK has not, and
/// RX_VK_SIMULATE=moltenvk-m1 masks it off), a program computing in double precision is
/// refused when it is made, naming its first double instruction and the feature; the
/// same kernel without doubles is made.
#[test]
fn a_double_program_is_refused_without_shader_float64() {
    use gpu::error::ObjectError;
    use gpu::objects::program::ProgramError;
    use gpu::objects::{ProgramMaker, ShaderModule};
    let capable = crate::common::rig::Rig::unmasked(true);
    assert!(
        capable.device.features().shader_float64,
        "the test device (lavapipe) offers shaderFloat64"
    );
    drop(capable);
    let rig = crate::common::rig::Rig::lacking(|features| features.shader_float64 = false);
    // dmul $r16 $r8 $r10 after `mov $r16 $r8`, `mov $r17 $r9`.
    let dmul = 0x5c80 << 48 | PT_GUARD | 10 << 20 | 8 << 8 | u64::from(FIRST_OUT);
    let body = [
        kernel::mov(FIRST_OUT, 8),
        kernel::mov(FIRST_OUT + 1, 9),
        dmul,
    ];
    assert_eq!(kernel::envydis(&body[2..]), ["dmul $r16 $r8 $r10"]);
    let shader = kernel::translate(&body, 2).expect("the kernel translates");
    let made = rig.device.create_program(&ProgramMaker {
        modules: vec![ShaderModule::from(&shader)],
    });
    match made {
        Err(ObjectError::Program(ProgramError::DoublePrecision { instruction, .. })) => {
            assert!(
                instruction.starts_with("`dmul` at byte 0x"),
                "names the instruction: {instruction}"
            );
            let error = ProgramError::DoublePrecision {
                stage: gpu::objects::Stage::Compute,
                instruction,
            };
            assert!(error.to_string().contains("shaderFloat64"), "{error}");
        }
        other => panic!("made: {other:?}"),
    }
    let plain = kernel::translate(&body[..2], 2).expect("the kernel translates");
    rig.device
        .create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&plain)],
        })
        .expect("a program without doubles is made");
}

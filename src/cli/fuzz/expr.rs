//! Random well-typed statements and expressions for the differential fuzzer: expressions of int, uint, float and bool over integer and float edge
//! values (arithmetic, bit operations, shifts, bit fields, conversions, rounding,
//! comparisons, selects, built-in functions), in nested if/else, loops with `break` and
//! `continue`, and early returns. Every expression is defined in GLSL for every input
//! (shift counts masked, divisors nonzero constants, conversions from float clamped,
//! bit fields inside the word), so the two modules must agree. Integer comparisons take
//! each side through an xor with an input, away from a rewrite uam's front end gets
//! wrong under wrapping arithmetic (see `Gen::boolean`).
//! Each stage adds leaves of its own (varyings, builtins, uniforms: [`Leaves`]) and says
//! which statements it allows ([`Allow`]); `stages.rs` wraps the statements into a
//! program.

/// A splitmix64 stream: one seed, one program.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// The integer inputs: edge values first, then generated ones.
pub fn int_inputs(rng: &mut Rng) -> Vec<i32> {
    let mut values = vec![
        0,
        1,
        -1,
        2,
        -2,
        7,
        31,
        32,
        100,
        -100,
        i32::MAX,
        i32::MIN,
        65535,
        -65536,
    ];
    while values.len() < 64 {
        values.push(rng.next() as i32 >> rng.below(31));
    }
    values
}

/// The float inputs: edge values first (no denormals: Maxwell flushes them where the
/// code says `ftz` and glslang's module does not), then generated ones.
pub fn float_inputs(rng: &mut Rng) -> Vec<f32> {
    let mut values = vec![
        0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 1.0e6, -1.0e6, 0.1, 3.0, -7.25,
    ];
    while values.len() < 64 {
        values.push((rng.below(20000) as f32 - 10000.0) / 997.0);
    }
    values
}

/// Names a stage adds to the generator's leaves (each a GLSL expression of the type).
#[derive(Default, Clone)]
pub struct Leaves {
    pub ints: Vec<String>,
    pub floats: Vec<String>,
}

/// Statements a stage allows: an early `return` (not where a `barrier()` follows), a
/// `discard` (fragment).
#[derive(Clone, Copy)]
pub struct Allow {
    pub returns: bool,
    pub discard: bool,
}

pub struct Gen<'r> {
    pub rng: &'r mut Rng,
    pub depth: u32,
    pub leaves: Leaves,
    pub allow: Allow,
    /// Floats made now feed a step (a comparison, a conversion to an integer, `floor` and
    /// the like, or `facc`, which such steps read): no operation whose last bit the two
    /// modules may round differently (`mix`, division, `sqrt`, `inversesqrt`, `exp2`:
    /// the binary's `ffma` sequence and `mufu` against the driver's own), since one ulp
    /// on either side of a step is a different integer or truth value.
    pub exact: bool,
}

/// One of `fixed` or of `extra`, the stage's own leaves, a third of the time.
fn leaf(rng: &mut Rng, fixed: &[&str], extra: &[String]) -> String {
    if !extra.is_empty() && rng.below(3) == 0 {
        return extra[rng.below(extra.len() as u64) as usize].clone();
    }
    rng.pick(fixed).to_string()
}

impl Gen<'_> {
    pub fn int(&mut self) -> String {
        if self.depth > 3 || self.rng.below(4) == 0 {
            return leaf(
                self.rng,
                &[
                    "x0",
                    "x1",
                    "acc",
                    "0",
                    "1",
                    "-1",
                    "7",
                    "-100",
                    "2147483647",
                    "(-2147483647 - 1)",
                ],
                &self.leaves.ints,
            );
        }
        self.depth += 1;
        let e = match self.rng.below(16) {
            0 => format!("({} + {})", self.int(), self.int()),
            // A subtrahend or a negation's operand through an input, `x1 & 4096`: uam
            // (mesa 19) drops one of two negations where a negated value that is used
            // elsewhere too is negated again (`int t = -acc;` then `-t` compiles to `t`,
            // `x1 - t` to `x1 + t`: tests/maxwell_fuzz_open/tesc_199).
            1 => format!("({} - (({}) ^ (x1 & 4096)))", self.int(), self.int()),
            // Both factors through an input, or one a positive literal: uam (mesa 19)
            // turns a product by a negative constant (`k * -7`, or a constant expression
            // such as `(1 + (-2147483647 - 1))`) into an `iscadd` with both operands
            // negated, which the hardware reads as `.po` (docs/maxwell-fuzzing.md).
            2 => match self.rng.below(2) {
                0 => format!(
                    "((({}) ^ (x1 & 512)) * (({}) ^ (x1 & 256)))",
                    self.int(),
                    self.int()
                ),
                _ => format!(
                    "({} * {})",
                    self.int(),
                    self.rng.pick(&["3", "5", "7", "16", "100"])
                ),
            },
            3 => format!("({} & {})", self.int(), self.int()),
            4 => format!("({} | {})", self.int(), self.int()),
            5 => format!("({} ^ {})", self.int(), self.int()),
            // The count through an input, as for `>>`: uam (mesa 19) folds a shift by
            // a constant and a product by a power of two into one shift whose count
            // passes 31 and is taken mod 32 (`((k * 16) << 31)` compiles to `k << 3`:
            // tests/maxwell_fuzz_open/frag_259).
            6 => format!("({} << ((({}) ^ (x1 & 16)) & 31))", self.int(), self.int()),
            // The count through an input: uam (mesa 19) folds `(a >> c) & m` with a
            // constant count into an unsigned `bfe` even where the field passes bit 31
            // of an arithmetic shift, and so miscompiles it.
            7 => format!("({} >> ((({}) ^ (x1 & 16)) & 31))", self.int(), self.int()),
            8 => format!(
                "{}({}, {})",
                self.rng.pick(&["min", "max"]),
                self.int(),
                self.int()
            ),
            9 => format!("(-(({}) ^ (x1 & 4096)))", self.int()),
            // A signed dividend of a constant division kept non-negative: uam (mesa 19)
            // leaves out the correction a negative quotient needs (`imad hi`, `shr`, no
            // sign fix). No divisor from an input: uam divides those through a float
            // reciprocal (`i2f`, `mufu rcp`, `fmul`, `f2i`), inexact past 2^24.
            // The dividend through an input too: a dividend uam folds to a constant
            // is divided through an uncorrected float reciprocal (see `Gen::uint`).
            10 => format!(
                "(((({}) ^ (x1 & 2048)) & 0x7fffffff) / {})",
                self.int(),
                self.rng.pick(&["3", "7", "-5", "16", "1000"])
            ),
            11 => {
                let offset = self.rng.below(28);
                let bits = 1 + self.rng.below(32 - offset);
                format!("bitfieldExtract({}, {offset}, {bits})", self.int())
            }
            // Through an input: uam (mesa 19) loses one of two negations with an
            // int/uint conversion between them (`a - uint(-b)`, `-int(0u - u)`, also
            // through a variable, compile to `a - b`, `-u`).
            12 => format!("int(({}) ^ uint(x1 & 1024))", self.uint()),
            // The operand through an input: uam (mesa 19) folds the conversion of a
            // constant it finds late to the nearest integer, not toward zero
            // (`switch (int(facc - f2))` with `facc = 0` tests 2, not 1:
            // tests/maxwell_fuzz_open/tesc_1489).
            13 => format!(
                "int(clamp(min({}, 1.0e30 + abs(y0)), -1.0e6, 1.0e6))",
                self.exact_float()
            ),
            14 => format!("({} ? {} : {})", self.boolean(), self.int(), self.int()),
            _ => format!(
                "{}({})",
                self.rng.pick(&["abs", "findMSB", "bitCount", "findLSB"]),
                self.int()
            ),
        };
        self.depth -= 1;
        e
    }

    pub fn uint(&mut self) -> String {
        if self.depth > 3 || self.rng.below(4) == 0 {
            return self
                .rng
                .pick(&[
                    "u0",
                    // Through an input, as `int(..)` in `Gen::int`: `acc` may hold a
                    // negation.
                    "uint(acc ^ (x1 & 1024))",
                    "0u",
                    "1u",
                    "0xffffffffu",
                    "0x80000000u",
                    "255u",
                ])
                .to_string();
        }
        self.depth += 1;
        let e = match self.rng.below(12) {
            0 => format!("({} + {})", self.uint(), self.uint()),
            // As for int: the subtrahend through an input.
            1 => format!("({} - (({}) ^ uint(x1 & 4096)))", self.uint(), self.uint()),
            // As for int: both factors through an input.
            2 => format!(
                "((({}) ^ uint(x1 & 512)) * (({}) ^ uint(x1 & 256)))",
                self.uint(),
                self.uint()
            ),
            // The counts through an input, as for int.
            3 => format!(
                "({} >> ((({}) ^ uint(x1 & 16)) & 31u))",
                self.uint(),
                self.uint()
            ),
            4 => format!(
                "({} << ((({}) ^ uint(x1 & 16)) & 31u))",
                self.uint(),
                self.uint()
            ),
            // The dividend through an input: where uam (mesa 19) folds it to a
            // constant, it divides through a float reciprocal with no correction step
            // (`i2f`, `mufu rcp`, `fmul`, `f2i`, `imad`), so `0x80000000u % 10u` gives
            // 0xffffffe0 (tests/maxwell_fuzz_open/comp_239).
            5 => format!(
                "((({}) ^ uint(x1 & 2048)) % {})",
                self.uint(),
                self.rng.pick(&["3u", "10u", "17u", "256u"])
            ),
            6 => format!(
                "((({}) ^ uint(x1 & 2048)) / {})",
                self.uint(),
                self.rng.pick(&["3u", "10u", "17u", "256u"])
            ),
            7 => format!(
                "{}({}, {})",
                self.rng.pick(&["min", "max"]),
                self.uint(),
                self.uint()
            ),
            8 => format!("uint(({}) ^ (x1 & 1024))", self.int()),
            9 => {
                let offset = self.rng.below(28);
                let bits = 1 + self.rng.below(32 - offset);
                format!("bitfieldExtract({}, {offset}, {bits})", self.uint())
            }
            // As for int: the operand through an input.
            10 => format!(
                "uint(clamp(min({}, 1.0e30 + abs(y0)), 0.0, 1.0e6))",
                self.exact_float()
            ),
            _ => format!("({} ? {} : {})", self.boolean(), self.uint(), self.uint()),
        };
        self.depth -= 1;
        e
    }

    /// A float of [`Gen::float`] with [`Gen::exact`] on.
    pub fn exact_float(&mut self) -> String {
        let was = std::mem::replace(&mut self.exact, true);
        let e = self.float();
        self.exact = was;
        e
    }

    pub fn float(&mut self) -> String {
        if self.depth > 3 || self.rng.below(4) == 0 {
            return leaf(
                self.rng,
                // The float constants through the frame's variables (`f0` to `f4`),
                // read from the inputs: no float expression is a constant to glslang
                // (which folds in double precision) or to uam (which reassociates
                // constants), see `stages::INPUTS`.
                &["y0", "y1", "facc", "f0", "f1", "f2", "f3", "f4"],
                &self.leaves.floats,
            );
        }
        self.depth += 1;
        let e = match self.rng.below(12) {
            0 => format!("({} + {})", self.float(), self.float()),
            1 => format!("({} - {})", self.float(), self.float()),
            // The second factor through an input: uam (mesa 19) folds a product by a
            // power of two into its operand's product as a scale (`d2`..`d8`,
            // `m2`..`m8`), and where a factor of that product is a power of two it
            // finds constant only later, the two scales add past the field's range
            // and one is lost (`x * (c ? 0.5 : 0.5) * 0.125` compiles to `fmul d8`:
            // tests/maxwell_fuzz_open/geom_1179).
            2 => format!(
                "({} * min({}, 1.0e30 + abs(y0)))",
                self.float(),
                self.float()
            ),
            3 => format!(
                "{}({}, {})",
                self.rng.pick(&["min", "max"]),
                self.float(),
                self.float()
            ),
            // `roundEven` of a value through an input: uam (mesa 19) folds the
            // rounding of a constant it finds late to the constant itself
            // (`roundEven(c ? -1.5 : -1.5)` compiles as -1.5).
            4 if self.rng.below(7) == 0 => {
                format!("roundEven(min({}, 1.0e30 + abs(y0)))", self.exact_float())
            }
            4 => format!(
                "{}({})",
                self.rng
                    .pick(&["abs", "floor", "ceil", "fract", "trunc", "sign"]),
                self.exact_float()
            ),
            5 => format!("clamp({}, -2.0, 2.0)", self.float()),
            // Times `f5` (1.0): a conversion of a constant is no constant to glslang.
            6 => format!("(float({}) * f5)", self.int()),
            7 => format!("(float({}) * f5)", self.uint()),
            8 => format!("({} ? {} : {})", self.boolean(), self.float(), self.float()),
            9 | 11 if self.exact => format!("({} - {})", self.float(), self.float()),
            // Their results kept within 16: each side computes them its own way (the
            // binary's `mufu` and `ffma` sequences, the driver's), a few units in the
            // last place apart, and a later sum that cancels keeps that error whole
            // (`mix` of 250000 and -250000 was 2^-6 apart: tests/maxwell_fuzz_open/
            // frag_2410); within 16 it stays under the compared tolerance.
            9 => match self.rng.below(4) {
                0 => format!("sqrt(min(abs({}), 256.0))", self.float()),
                1 => format!("exp2(clamp({}, -4.0, 4.0))", self.float()),
                2 => format!(
                    "(clamp({}, -16.0, 16.0) / (abs({}) + 1.0))",
                    self.float(),
                    self.float()
                ),
                _ => format!("inversesqrt(abs({}) + 1.0)", self.float()),
            },
            // The operand through an input: uam (mesa 19) loses the `abs` of a
            // negated absolute value that is subtracted later (`facc = -abs(f2);` then
            // `t - facc` compiles to `fadd t f2`: tests/maxwell_fuzz_open/vert_18444).
            10 => format!("(-(min({}, 1.0e30 + abs(y0))))", self.float()),
            _ => format!(
                "mix(clamp({}, -16.0, 16.0), clamp({}, -16.0, 16.0), 0.25)",
                self.float(),
                self.float()
            ),
        };
        self.depth -= 1;
        e
    }

    pub fn boolean(&mut self) -> String {
        self.depth += 1;
        let e = match self.rng.below(5) {
            // Each side through an xor with an input: uam's front end (mesa 19) rewrites
            // `a + b < c` as `a < c - b`, which wrapping arithmetic makes wrong (`u + 1u
            // < 0u` compiles to `u < 0xffffffffu`), and the xor keeps that rewrite from
            // firing, so the comparison tests the translation, not uam.
            0 => format!(
                "((({}) ^ x1) {} (({}) ^ x0))",
                self.int(),
                self.compare(),
                self.int()
            ),
            1 => format!(
                "((({}) ^ u0) {} (({}) ^ 5u))",
                self.uint(),
                self.compare(),
                self.uint()
            ),
            2 => format!(
                "({} {} {})",
                self.exact_float(),
                self.compare(),
                self.exact_float()
            ),
            3 if self.depth < 3 => format!("({} && {})", self.boolean(), self.boolean()),
            _ if self.depth < 3 => format!("(!{})", self.boolean()),
            _ => format!("(x0 {} x1)", self.compare()),
        };
        self.depth -= 1;
        e
    }

    fn compare(&mut self) -> &'static str {
        self.rng.pick(&["<", "<=", ">", ">=", "==", "!="])
    }

    /// A statement changing the accumulators, nested `level` deep.
    pub fn statement(&mut self, level: u32, out: &mut String, indent: &str) {
        match self.rng.below(if level < 2 { 8 } else { 4 }) {
            0 => out.push_str(&format!("{indent}acc = {};\n", self.int())),
            1 => out.push_str(&format!("{indent}facc = {};\n", self.exact_float())),
            2 => out.push_str(&format!("{indent}u0 = {};\n", self.uint())),
            // At the index the array is read at (`arr[x0 & 3]`, the one index whose
            // element is seen): uam reuses a load from before a store to the same
            // element made through another index (docs/maxwell-fuzzing.md).
            3 => out.push_str(&format!("{indent}arr[x0 & 3] = {};\n", self.int())),
            6 => {
                // The selector goes through an input: uam takes a constant one's `case 0`
                // that falls into `default` when the value is another (docs/maxwell-fuzzing.md).
                out.push_str(&format!(
                    "{indent}switch ((({}) ^ x0) & 3) {{\n",
                    self.int()
                ));
                let inner = format!("{indent}    ");
                for case in ["case 0:", "case 2:", "default:"] {
                    out.push_str(&format!("{indent}{case}\n"));
                    self.statement(level + 1, out, &inner);
                    if self.rng.below(3) != 0 {
                        out.push_str(&format!("{inner}break;\n"));
                    }
                }
                out.push_str(&format!("{indent}}}\n"));
            }
            7 => {
                out.push_str(&format!("{indent}if {} {{\n", self.boolean()));
                let inner = format!("{indent}    ");
                for _ in 0..1 + self.rng.below(3) {
                    self.statement(level + 1, out, &inner);
                }
                out.push_str(&format!("{indent}}} else {{\n"));
                self.statement(level + 1, out, &inner);
                out.push_str(&format!("{indent}}}\n"));
            }
            4 => {
                let n = 1 + self.rng.below(6);
                out.push_str(&format!("{indent}for (int k = 0; k < {n}; k++) {{\n"));
                let inner = format!("{indent}    ");
                out.push_str(&format!("{inner}if {} {{ break; }}\n", self.boolean()));
                out.push_str(&format!(
                    "{inner}acc += k * (({}) ^ (x1 & 256));\n",
                    self.int()
                ));
                out.push_str(&format!("{inner}if {} {{ continue; }}\n", self.boolean()));
                self.statement(level + 1, out, &inner);
                out.push_str(&format!("{indent}}}\n"));
            }
            _ if self.allow.discard && self.rng.below(2) == 0 => {
                out.push_str(&format!("{indent}if {} {{ discard; }}\n", self.boolean()))
            }
            // The guard never folds to `true`: after a `switch` or a loop with `continue`
            // in an `if` arm, uam (mesa 19) compiles an unconditional `return` into a
            // program with no `exit` (`pret` to 0x0, the arm's end branching back to the
            // start: tests/maxwell_fuzz_open/vert_576).
            _ if self.allow.returns => out.push_str(&format!(
                "{indent}if ({} && (x1 != 1234567)) {{ return; }}\n",
                self.boolean()
            )),
            _ => out.push_str(&format!("{indent}acc ^= {};\n", self.int())),
        }
    }
}

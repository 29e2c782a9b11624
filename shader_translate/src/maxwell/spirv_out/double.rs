//! Double-precision operations ([`DoubleOp`]) as SPIR-V `f64` arithmetic, under the
//! `Float64` capability (declared with the first one; the device's `shaderFloat64`).
//! An f64 is made from its two words as a `uvec2` cast to `f64` and taken apart the same
//! way. Conversions to integers saturate to the type's range, NaN giving 0, as the
//! hardware's do (SPIR-V leaves out-of-range conversions undefined).

use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::{spirv_error, Emitter, Ty};
use crate::maxwell::decode::Instruction;
use crate::maxwell::ir::{Compare, DoubleOp, FloatUnary, Unsupported};

/// Whether `i` computes in double precision.
fn is_double(i: &Instruction) -> bool {
    match i.name {
        "dadd" | "dmul" | "dfma" | "dmnmx" | "dsetp" | "dset" => true,
        "mufu" => i.has_mod("rcp64h") || i.has_mod("rsq64h"),
        "f2f" | "f2i" | "i2f" => i.mods().any(|m| m == "f64"),
        _ => false,
    }
}

impl Emitter<'_> {
    fn f64_type(&mut self) -> Word {
        let declared = self
            .b
            .module_ref()
            .capabilities
            .iter()
            .any(|i| i.operands.first() == Some(&spirv::Capability::Float64.into()));
        if !declared {
            self.b.capability(spirv::Capability::Float64);
            // The device check names the instruction (`crate::float64::float64_use`).
            let first = self.program.instructions.iter().find(|i| is_double(i));
            let origin = match first {
                Some(i) => format!("`{}` at byte {:#x}", i.name, i.offset_b),
                None => "a double-precision instruction".into(),
            };
            self.b
                .module_processed(format!("{}{origin}", crate::float64::ORIGIN_PREFIX));
        }
        self.b.type_float(64, None)
    }

    fn f64_const(&mut self, value: f64) -> Word {
        let ty = self.f64_type();
        self.b.constant_bit64(ty, value.to_bits())
    }

    fn uvec2(&mut self) -> Word {
        self.b.type_vector(self.t.u32, 2)
    }

    fn double_id(&self, value: crate::maxwell::ir::Value) -> Word {
        self.ids[value.0 as usize]
    }

    /// One double operation: its id and type.
    pub(super) fn double_op(&mut self, op: &DoubleOp) -> Result<(Word, Ty), Unsupported> {
        let f64_ty = self.f64_type();
        let (u32_ty, f32_ty) = (self.t.u32, self.t.f32);
        let id = |e: &Self, v| e.double_id(v);
        Ok(match *op {
            DoubleOp::Pack { low, high } => {
                let uvec2 = self.uvec2();
                let pair = self
                    .b
                    .composite_construct(uvec2, None, [id(self, low), id(self, high)])
                    .map_err(spirv_error)?;
                let r = self.b.bitcast(f64_ty, None, pair).map_err(spirv_error)?;
                (r, Ty::Double)
            }
            DoubleOp::Word { value, high } => {
                let uvec2 = self.uvec2();
                let pair = self
                    .b
                    .bitcast(uvec2, None, id(self, value))
                    .map_err(spirv_error)?;
                let r = self
                    .b
                    .composite_extract(u32_ty, None, pair, [u32::from(high)])
                    .map_err(spirv_error)?;
                (r, Ty::Word)
            }
            DoubleOp::Unary(function, value) => {
                let x = id(self, value);
                let r = match function {
                    FloatUnary::Neg => self.b.f_negate(f64_ty, None, x).map_err(spirv_error)?,
                    FloatUnary::Abs => self.glsl(f64_ty, GLOp::FAbs, &[x])?,
                    FloatUnary::Saturate => {
                        let (zero, one) = (self.f64_const(0.0), self.f64_const(1.0));
                        self.glsl(f64_ty, GLOp::FClamp, &[x, zero, one])?
                    }
                    FloatUnary::Rcp => {
                        let one = self.f64_const(1.0);
                        self.b.f_div(f64_ty, None, one, x).map_err(spirv_error)?
                    }
                    FloatUnary::Rsq => self.glsl(f64_ty, GLOp::InverseSqrt, &[x])?,
                    FloatUnary::RoundEven => self.double_round_even(x)?,
                    FloatUnary::Floor => self.glsl(f64_ty, GLOp::Floor, &[x])?,
                    FloatUnary::Ceil => self.glsl(f64_ty, GLOp::Ceil, &[x])?,
                    FloatUnary::Trunc => self.double_trunc(x)?,
                    other => {
                        return Err(Unsupported::Instruction {
                            name: "double",
                            offset_b: 0,
                            what: format!("the f64 function {other:?}"),
                        })
                    }
                };
                (r, Ty::Double)
            }
            DoubleOp::Add(a, b) => {
                let (x, y) = (id(self, a), id(self, b));
                let r = self.b.f_add(f64_ty, None, x, y).map_err(spirv_error)?;
                (self.rounded_alone(r), Ty::Double)
            }
            DoubleOp::Mul(a, b) => {
                let (x, y) = (id(self, a), id(self, b));
                let r = self.b.f_mul(f64_ty, None, x, y).map_err(spirv_error)?;
                (self.rounded_alone(r), Ty::Double)
            }
            DoubleOp::Min(a, b) | DoubleOp::Max(a, b) => {
                let function = if matches!(op, DoubleOp::Min(..)) {
                    GLOp::NMin
                } else {
                    GLOp::NMax
                };
                let args = [id(self, a), id(self, b)];
                (self.glsl(f64_ty, function, &args)?, Ty::Double)
            }
            DoubleOp::Fma(a, b, c) => {
                let args = [id(self, a), id(self, b), id(self, c)];
                let r = self.glsl(f64_ty, GLOp::Fma, &args)?;
                (self.rounded_alone(r), Ty::Double)
            }
            DoubleOp::Compare(compare, a, b) => {
                let Compare::Float {
                    lt,
                    eq,
                    gt,
                    unordered,
                } = compare
                else {
                    return Err(Unsupported::Instruction {
                        name: "double",
                        offset_b: 0,
                        what: "an integer comparison of f64 values".into(),
                    });
                };
                let (x, y) = (id(self, a), id(self, b));
                (self.float_compare((lt, eq, gt, unordered), x, y)?, Ty::Bool)
            }
            DoubleOp::FromFloat(value) => {
                let x = self.as_float(value)?;
                (
                    self.b.f_convert(f64_ty, None, x).map_err(spirv_error)?,
                    Ty::Double,
                )
            }
            DoubleOp::ToFloat(value) => {
                let r = self
                    .b
                    .f_convert(f32_ty, None, id(self, value))
                    .map_err(spirv_error)?;
                (self.float_bits(r)?, Ty::Word)
            }
            DoubleOp::FromInt { signed, value } => {
                let x = id(self, value);
                let r = if signed {
                    let s = self.b.bitcast(self.t.i32, None, x).map_err(spirv_error)?;
                    self.b.convert_s_to_f(f64_ty, None, s)
                } else {
                    self.b.convert_u_to_f(f64_ty, None, x)
                }
                .map_err(spirv_error)?;
                (r, Ty::Double)
            }
            DoubleOp::ToInt { signed, value } => (self.double_to_int(signed, value)?, Ty::Word),
        })
    }

    /// Toward zero, from `Floor` and `Ceil`: lavapipe (Mesa's llvmpipe) gives f64
    /// `Trunc` and `RoundEven` their operand unchanged (`doubles_compute_as_a_cpu_model_of_them`
    /// found it), so neither is used.
    fn double_trunc(&mut self, x: Word) -> Result<Word, Unsupported> {
        let (f64_ty, bool_ty) = (self.f64_type(), self.t.bool);
        let zero = self.f64_const(0.0);
        let negative = self
            .b
            .f_ord_less_than(bool_ty, None, x, zero)
            .map_err(spirv_error)?;
        let up = self.glsl(f64_ty, GLOp::Ceil, &[x])?;
        let down = self.glsl(f64_ty, GLOp::Floor, &[x])?;
        self.b
            .select(f64_ty, None, negative, up, down)
            .map_err(spirv_error)
    }

    /// To the nearest integral value, ties to even, from `Floor`: the fraction `x -
    /// floor(x)` is exact, above one half goes up, below stays, and a tie goes to the
    /// even neighbour (`floor(f / 2) * 2 == f`). An infinity or NaN gives a NaN
    /// fraction, so every test fails and `floor(x)` (itself) is the result.
    fn double_round_even(&mut self, x: Word) -> Result<Word, Unsupported> {
        let (f64_ty, bool_ty) = (self.f64_type(), self.t.bool);
        let (half, one, two) = (
            self.f64_const(0.5),
            self.f64_const(1.0),
            self.f64_const(2.0),
        );
        let down = self.glsl(f64_ty, GLOp::Floor, &[x])?;
        let b = &mut self.b;
        let fraction = b.f_sub(f64_ty, None, x, down).map_err(spirv_error)?;
        let up = b.f_add(f64_ty, None, down, one).map_err(spirv_error)?;
        let halved = b.f_mul(f64_ty, None, down, half).map_err(spirv_error)?;
        let halved = self.glsl(f64_ty, GLOp::Floor, &[halved])?;
        let b = &mut self.b;
        let doubled = b.f_mul(f64_ty, None, halved, two).map_err(spirv_error)?;
        let even = b
            .f_ord_equal(bool_ty, None, doubled, down)
            .map_err(spirv_error)?;
        let tie = b
            .select(f64_ty, None, even, down, up)
            .map_err(spirv_error)?;
        let below = b
            .f_ord_less_than(bool_ty, None, fraction, half)
            .map_err(spirv_error)?;
        let above = b
            .f_ord_greater_than(bool_ty, None, fraction, half)
            .map_err(spirv_error)?;
        let not_above = b
            .select(f64_ty, None, below, down, tie)
            .map_err(spirv_error)?;
        b.select(f64_ty, None, above, up, not_above)
            .map_err(spirv_error)
    }

    /// An f64 to a `u32` word: clamped to the integer type's range (every bound is an
    /// f64 exactly), NaN giving 0.
    fn double_to_int(
        &mut self,
        signed: bool,
        value: crate::maxwell::ir::Value,
    ) -> Result<Word, Unsupported> {
        let f64_ty = self.f64_type();
        let (u32_ty, bool_ty) = (self.t.u32, self.t.bool);
        let x = self.double_id(value);
        let (lo, hi) = if signed {
            (f64::from(i32::MIN), f64::from(i32::MAX))
        } else {
            (0.0, f64::from(u32::MAX))
        };
        let (lo, hi) = (self.f64_const(lo), self.f64_const(hi));
        let clamped = self.glsl(f64_ty, GLOp::FClamp, &[x, lo, hi])?;
        let word = if signed {
            let s = self
                .b
                .convert_f_to_s(self.t.i32, None, clamped)
                .map_err(spirv_error)?;
            self.b.bitcast(u32_ty, None, s).map_err(spirv_error)?
        } else {
            self.b
                .convert_f_to_u(u32_ty, None, clamped)
                .map_err(spirv_error)?
        };
        let nan = self.b.is_nan(bool_ty, None, x).map_err(spirv_error)?;
        let zero = self.word(0);
        self.b
            .select(u32_ty, None, nan, zero, word)
            .map_err(spirv_error)
    }
}

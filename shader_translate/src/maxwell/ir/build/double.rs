//! Double precision: `dadd`, `dmul`, `dfma`, `dmnmx`, `dsetp`, `dset`, `mufu rcp64h` and
//! `rsq64h`, and `f2f`/`f2i`/`i2f` with an f64 side. An f64 lives in a register pair,
//! the low word in the even register (`$r8` names `$r8:$r9`; `$rz` is 0.0), or in two
//! constant-buffer words (offset and offset + 4), or is the 20-bit immediate's top bits
//! of an f64 (its low 44 bits zero). abs then neg apply per source as on f32 sources;
//! `dmul`'s and `dfma`'s `neg` negate the product. Only the default rounding (to
//! nearest even) is taken for arithmetic: SPIR-V has no per-instruction rounding mode
//! for it. `mufu rcp64h`/`rsq64h` read a register as an f64's high word (the low word
//! zero) and give the high word of its reciprocal (square root), as Ryujinx's
//! recompiler describes them. `dmnmx` and `dsetp`/`dset` follow `fmnmx` and
//! `fsetp`/`fset` (`dset bf` writes the f32 1.0). A program with any of them needs the
//! device's `shaderFloat64` (its module declares the `Float64` capability).

use super::{Builder, Unsupported};
use crate::maxwell::decode::{Operand, RZ};
use crate::maxwell::ir::{DoubleOp, FloatUnary, Op, Value};

/// The integral roundings of `f2f` and `f2i`, by the name each prints.
fn integral_rounding(name: &str) -> Option<FloatUnary> {
    Some(match name {
        "round" => FloatUnary::RoundEven,
        "floor" => FloatUnary::Floor,
        "ceil" => FloatUnary::Ceil,
        "trunc" => FloatUnary::Trunc,
        _ => return None,
    })
}

impl Builder<'_> {
    fn double(&mut self, op: DoubleOp) -> Value {
        self.push(Op::Double(op))
    }

    /// The f64 of `low` and `high` words.
    fn double_of(&mut self, low: Value, high: Value) -> Value {
        self.double(DoubleOp::Pack { low, high })
    }

    /// A double source operand with its abs/neg (`mods`).
    fn double_source(&mut self, mods: &[&str], operand: Operand) -> Result<Value, Unsupported> {
        let (low, high) = match operand {
            Operand::Reg(index) => {
                if index != RZ && index % 2 == 1 {
                    return Err(self.unsupported(format!("an odd register pair $r{index}")));
                }
                let high = if index == RZ {
                    self.constant(0)
                } else {
                    self.reg(index + 1)
                };
                (self.reg(index), high)
            }
            Operand::Imm { value, .. } => (
                self.constant(value as u32),
                self.constant((value >> 32) as u32),
            ),
            Operand::Cbuf {
                index,
                base,
                offset,
            } => {
                let low = self.value(operand)?;
                let high = self.value(Operand::Cbuf {
                    index,
                    base,
                    offset: offset + 4,
                })?;
                (low, high)
            }
            other => return Err(self.unsupported(format!("the double operand {other:?}"))),
        };
        let mut value = self.double_of(low, high);
        if mods.contains(&"abs") {
            value = self.double(DoubleOp::Unary(FloatUnary::Abs, value));
        }
        if mods.contains(&"neg") {
            value = self.double(DoubleOp::Unary(FloatUnary::Neg, value));
        }
        Ok(value)
    }

    /// Writes f64 `value` to the register pair at `dst`.
    fn set_double(&mut self, dst: u8, value: Value) -> Result<(), Unsupported> {
        if dst == RZ {
            return Ok(());
        }
        if dst % 2 == 1 {
            return Err(self.unsupported(format!("an odd destination pair $r{dst}")));
        }
        let low = self.double(DoubleOp::Word { value, high: false });
        let high = self.double(DoubleOp::Word { value, high: true });
        self.set_reg(dst, low);
        self.set_reg(dst + 1, high);
        Ok(())
    }

    fn double_dst(&self, ops: &[(Vec<&'static str>, Operand)]) -> Result<u8, Unsupported> {
        match ops.first() {
            Some((_, Operand::Reg(reg))) => Ok(*reg),
            _ => Err(self.unsupported("its destination")),
        }
    }

    /// Refuses the forms not taken: condition-code writes and a rounding other than to
    /// nearest even.
    fn double_plain(&self) -> Result<(), Unsupported> {
        let i = self.instruction;
        if i.has_mod("cc") {
            return Err(self.unsupported("a condition-code write"));
        }
        if let Some(mode) = i.mods().find(|m| matches!(*m, "rm" | "rp" | "rz")) {
            return Err(self.unsupported(format!(
                "the rounding mode `{mode}` (SPIR-V arithmetic rounds to nearest even)"
            )));
        }
        Ok(())
    }

    /// `dadd`, `dmul`, `dfma`, `dmnmx`, `dsetp`, `dset`.
    pub(super) fn double_arithmetic(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        self.double_plain()?;
        let i = self.instruction;
        match i.name {
            "dadd" | "dmul" | "dfma" | "dmnmx" => {
                let a = self.double_source(&ops[1].0, ops[1].1)?;
                let b = self.double_source(&ops[2].0, ops[2].1)?;
                let value = match i.name {
                    "dadd" => self.double(DoubleOp::Add(a, b)),
                    "dmul" => self.double(DoubleOp::Mul(a, b)),
                    "dfma" => {
                        let c = self.double_source(&ops[3].0, ops[3].1)?;
                        self.double(DoubleOp::Fma(a, b, c))
                    }
                    _ => {
                        let choose_min = self.pred_source(&ops[3])?;
                        let min = self.double(DoubleOp::Min(a, b));
                        let max = self.double(DoubleOp::Max(a, b));
                        let dst = self.double_dst(ops)?;
                        for high in [false, true] {
                            let a = self.double(DoubleOp::Word { value: min, high });
                            let b = self.double(DoubleOp::Word { value: max, high });
                            let word = self.push(Op::Select {
                                cond: choose_min,
                                a,
                                b,
                            });
                            if dst != RZ {
                                if dst % 2 == 1 {
                                    return Err(self.unsupported("an odd destination pair"));
                                }
                                self.set_reg(dst + u8::from(high), word);
                            }
                        }
                        return Ok(());
                    }
                };
                self.set_double(self.double_dst(ops)?, value)
            }
            "dsetp" => {
                let result = self.double_compared(ops, 2)?;
                self.set_predicates_from(ops, result)
            }
            _ => {
                // dset
                let result = self.double_compared(ops, 1)?;
                self.set_register_from(ops, result)
            }
        }
    }

    /// The comparison of the f64 operands at `ops[at]` and `ops[at + 1]` by the
    /// instruction's test.
    fn double_compared(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        at: usize,
    ) -> Result<Value, Unsupported> {
        let compare = self.comparison(true);
        let a = self.double_source(&ops[at].0, ops[at].1)?;
        let b = self.double_source(&ops[at + 1].0, ops[at + 1].1)?;
        Ok(self.double(DoubleOp::Compare(compare, a, b)))
    }

    /// `mufu rcp64h` / `rsq64h`: the source register (with abs/neg, which touch only the
    /// sign bit) as an f64's high word, the result's high word written.
    pub(super) fn double_mufu(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        function: FloatUnary,
    ) -> Result<(), Unsupported> {
        if self.instruction.has_mod("sat") {
            return Err(self.unsupported("a saturated 64-bit reciprocal"));
        }
        let high = self.float(&ops[1].0, ops[1].1)?;
        let low = self.constant(0);
        let value = self.double_of(low, high);
        let result = self.double(DoubleOp::Unary(function, value));
        let word = self.double(DoubleOp::Word {
            value: result,
            high: true,
        });
        self.set_reg(self.double_dst(ops)?, word);
        Ok(())
    }

    /// Whether a conversion (`f2f`, `f2i`, `i2f`) has an f64 or 64-bit integer side.
    pub(super) fn converts_wide(ops: &[(Vec<&'static str>, Operand)]) -> bool {
        ops.first()
            .is_some_and(|(mods, _)| mods.iter().any(|m| matches!(*m, "f64" | "s64" | "u64")))
    }

    /// `f2f`, `f2i` and `i2f` with an f64 side (64-bit integers are refused).
    pub(super) fn double_convert(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        let mods: Vec<&str> = ops[0].0.iter().copied().filter(|m| *m != "ftz").collect();
        if mods.iter().any(|m| matches!(*m, "s64" | "u64")) {
            return Err(self.unsupported(format!(
                "conversion {mods:?}: 64-bit integers are not translated"
            )));
        }
        if i.has_mod("cc") {
            return Err(self.unsupported("a condition-code write"));
        }
        let dst = self.double_dst(ops)?;
        let source_mods = &ops[1].0;
        match i.name {
            "f2f" => {
                // Printed source type first, then the destination's.
                let (src, out) = (mods[0], mods[1]);
                let mut rounding = None;
                let mut saturate = false;
                for mode in &mods[2..] {
                    match *mode {
                        "pass" => {}
                        "sat" => saturate = true,
                        other => match integral_rounding(other) {
                            Some(r) if src == out => rounding = Some(r),
                            _ => {
                                return Err(self.unsupported(format!("conversion {mods:?}")));
                            }
                        },
                    }
                }
                let value = match src {
                    "f64" => self.double_source(source_mods, ops[1].1)?,
                    "f32" => {
                        let single = self.float(source_mods, ops[1].1)?;
                        self.double(DoubleOp::FromFloat(single))
                    }
                    _ => return Err(self.unsupported(format!("conversion {mods:?}"))),
                };
                let value = match rounding {
                    Some(r) => self.double(DoubleOp::Unary(r, value)),
                    None => value,
                };
                let value = if saturate {
                    self.double(DoubleOp::Unary(FloatUnary::Saturate, value))
                } else {
                    value
                };
                match out {
                    "f64" => self.set_double(dst, value),
                    "f32" => {
                        let single = self.double(DoubleOp::ToFloat(value));
                        self.set_reg(dst, single);
                        Ok(())
                    }
                    _ => Err(self.unsupported(format!("conversion {mods:?}"))),
                }
            }
            "f2i" => {
                let (out, src) = (mods[0], mods.get(1).copied());
                let rounding = match mods.get(2).copied() {
                    None => Some(FloatUnary::RoundEven),
                    Some("trunc") => None,
                    Some(other) => match integral_rounding(other) {
                        Some(r) => Some(r),
                        None => return Err(self.unsupported(format!("rounding {other}"))),
                    },
                };
                if src != Some("f64") || !matches!(out, "s32" | "u32") || mods.len() > 3 {
                    return Err(self.unsupported(format!("conversion {mods:?}")));
                }
                let mut value = self.double_source(source_mods, ops[1].1)?;
                if let Some(rounding) = rounding {
                    value = self.double(DoubleOp::Unary(rounding, value));
                }
                let word = self.double(DoubleOp::ToInt {
                    signed: out == "s32",
                    value,
                });
                self.set_reg(dst, word);
                Ok(())
            }
            _ => {
                // i2f to f64: exact from a 32-bit integer, abs/neg on the integer.
                let signed = match mods.get(1).copied() {
                    Some("s32") => true,
                    Some("u32") => false,
                    _ => return Err(self.unsupported(format!("conversion {mods:?}"))),
                };
                if mods[0] != "f64" || source_mods.iter().any(|m| matches!(*m, "b1" | "b2" | "b3"))
                {
                    return Err(self.unsupported(format!("conversion {mods:?} {source_mods:?}")));
                }
                let mut source = self.value(ops[1].1)?;
                if source_mods.contains(&"abs") && signed {
                    source = self.int_abs(source);
                }
                if source_mods.contains(&"neg") {
                    source = self.negate_int(source);
                }
                let value = self.double(DoubleOp::FromInt {
                    signed,
                    value: source,
                });
                self.set_double(dst, value)
            }
        }
    }
}

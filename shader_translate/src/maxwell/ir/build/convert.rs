//! Integer conversions: `i2f` (from a 32-bit, 16-bit or 8-bit integer, as TMML's 8.8
//! results are read back), `f2i` (float to a 32-bit or 16-bit unsigned integer, with its
//! rounding mode: none printed is round to nearest even, as Mesa's GM107 emitter writes
//! `rnd` 0 for it) and `i2i` (32-bit integer to a narrower one, saturating or not), as
//! uam uses them (`packUnorm4x8`'s rounding, a texture layer's `u16`), and `f2f` from a
//! half float (uam's unpacking of rgba16f texels).

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, Compare, FloatUnary, IntUnary, Op, Value};

impl Builder<'_> {
    fn dst(&self, ops: &[(Vec<&'static str>, Operand)]) -> Result<u8, Unsupported> {
        match ops.first() {
            Some((_, Operand::Reg(reg))) => Ok(*reg),
            _ => Err(self.unsupported("its destination")),
        }
    }

    /// `value` clamped to at most `max`, compared as unsigned or signed.
    fn int_min(&mut self, value: Value, max: u32, signed: bool) -> Value {
        let limit = self.constant(max);
        let above = self.push(Op::Compare(
            Compare::Int {
                signed,
                lt: false,
                eq: false,
                gt: true,
            },
            value,
            limit,
        ));
        self.push(Op::Select {
            cond: above,
            a: limit,
            b: value,
        })
    }

    /// `value` clamped to at least `min` (signed).
    fn int_max(&mut self, value: Value, min: u32) -> Value {
        let limit = self.constant(min);
        let below = self.push(Op::Compare(
            Compare::Int {
                signed: true,
                lt: true,
                eq: false,
                gt: false,
            },
            value,
            limit,
        ));
        self.push(Op::Select {
            cond: below,
            a: limit,
            b: value,
        })
    }

    /// F2I: rounds by its mode, then converts with saturation to the destination type.
    /// F2F from a half float (the low half of a register, or the high one where bit 41
    /// is set) to f32, exact, as uam unpacks rgba16f texels. Other F2F forms are refused.
    pub(super) fn half_to_float(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let types: Vec<&str> = ops[0].0.iter().copied().filter(|m| *m != "ftz").collect();
        if types.first() == Some(&"f32") && types.get(1) == Some(&"f32") {
            return self.float_to_float(ops, &types[2..]);
        }
        if types != ["f16", "f32"] || !ops[1].0.is_empty() || !matches!(ops[1].1, Operand::Reg(_)) {
            return Err(self.unsupported(format!("conversion {types:?} {:?}", ops[1].0)));
        }
        let high = self.instruction.word >> 41 & 1 == 1;
        let source = self.value(ops[1].1)?;
        let value = self.push(Op::IntUnary(IntUnary::HalfToFloat { high }, source));
        self.set_reg(self.dst(ops)?, value);
        Ok(())
    }

    /// F2F f32 to f32: the source with its abs/neg, rounded to an integral value by the
    /// mode (`round` to nearest even, `floor`, `ceil`, `trunc`; none or `pass` keeps it),
    /// saturated with `sat`.
    fn float_to_float(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        modes: &[&str],
    ) -> Result<(), Unsupported> {
        let mut saturate = false;
        let mut rounding = None;
        for mode in modes {
            match *mode {
                "sat" => saturate = true,
                "pass" => {}
                "round" => rounding = Some(FloatUnary::RoundEven),
                "floor" => rounding = Some(FloatUnary::Floor),
                "ceil" => rounding = Some(FloatUnary::Ceil),
                "trunc" => rounding = Some(FloatUnary::Trunc),
                other => return Err(self.unsupported(format!("f2f f32 f32 mode {other}"))),
            }
        }
        let mut value = self.float(&ops[1].0, ops[1].1)?;
        if let Some(rounding) = rounding {
            value = self.push(Op::FloatUnary(rounding, value));
        }
        let value = self.saturate_if(saturate, value);
        self.set_reg(self.dst(ops)?, value);
        Ok(())
    }

    pub(super) fn float_to_int(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let types: Vec<&str> = ops[0].0.iter().copied().filter(|m| *m != "ftz").collect();
        let rounding = match types.get(2).copied() {
            None => Some(FloatUnary::RoundEven),
            Some("floor") => Some(FloatUnary::Floor),
            Some("ceil") => Some(FloatUnary::Ceil),
            Some("trunc") => None,
            Some(other) => return Err(self.unsupported(format!("rounding {other}"))),
        };
        let dst_type = types.first().copied();
        if !matches!(dst_type, Some("s32" | "u32" | "u16"))
            || types.get(1) != Some(&"f32")
            || types.len() > 3
        {
            return Err(self.unsupported(format!("conversion {types:?}")));
        }
        let mut source = self.float(&ops[1].0, ops[1].1)?;
        if let Some(rounding) = rounding {
            source = self.push(Op::FloatUnary(rounding, source));
        }
        let mut value = self.push(Op::FloatToInt {
            signed: dst_type == Some("s32"),
            value: source,
        });
        if dst_type == Some("u16") {
            value = self.int_min(value, 0xffff, false);
        }
        self.set_reg(self.dst(ops)?, value);
        Ok(())
    }

    /// I2I from a 32-bit integer to an 8-, 16- or 32-bit one: saturated to the
    /// destination's range with `sat`, else its low bits (sign-extended when signed);
    /// or from a byte or half of a register to a 32-bit one, extended.
    pub(super) fn int_to_int(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let mods = &ops[0].0;
        let (Some(&dst_type), Some(&src_type)) = (mods.first(), mods.get(1)) else {
            return Err(self.unsupported("its types"));
        };
        let source_mods = &ops[1].0;
        let narrow = match src_type {
            "u8" => Some((8, false)),
            "s8" => Some((8, true)),
            "u16" => Some((16, false)),
            "s16" => Some((16, true)),
            _ => None,
        };
        if let Some((bits, signed)) = narrow {
            // A byte or half of the source (`b1`..`b3` select it), zero- or
            // sign-extended to 32 bits: uam's unpacking of rgba8ui and rgba16ui texels.
            let byte = match source_mods.as_slice() {
                [] => 0,
                ["b1"] => 1,
                ["b2"] => 2,
                ["b3"] => 3,
                _ => return Err(self.unsupported(format!("conversion {mods:?} {source_mods:?}"))),
            };
            if !matches!(dst_type, "u32" | "s32") || mods.len() > 2 || 8 * byte + bits > 32 {
                return Err(self.unsupported(format!("conversion {mods:?} {source_mods:?}")));
            }
            let value = self.value(ops[1].1)?;
            let up = self.constant(32 - bits - 8 * byte);
            let high = self.push(Op::Binary(Binary::Shl, value, up));
            let down = self.constant(32 - bits);
            let op = if signed { Binary::Sar } else { Binary::Shr };
            let value = self.push(Op::Binary(op, high, down));
            self.set_reg(self.dst(ops)?, value);
            return Ok(());
        }
        if !matches!(src_type, "u32" | "s32")
            || mods.iter().any(|m| matches!(*m, "cc" | "b1" | "b2" | "b3"))
            || source_mods.iter().any(|m| matches!(*m, "b1" | "b2" | "b3"))
        {
            return Err(self.unsupported(format!("conversion {mods:?} {source_mods:?}")));
        }
        let (bits, dst_signed) = match dst_type {
            "u8" => (8, false),
            "s8" => (8, true),
            "u16" => (16, false),
            "s16" => (16, true),
            "u32" => (32, false),
            "s32" => (32, true),
            other => return Err(self.unsupported(format!("destination type {other}"))),
        };
        let src_signed = src_type == "s32";
        let mut value = self.value(ops[1].1)?;
        // The source's |x| (as a signed integer), then its two's-complement negation.
        if source_mods.contains(&"abs") {
            value = self.int_abs(value);
        }
        if source_mods.contains(&"neg") {
            value = self.negate_int(value);
        }
        if mods.contains(&"sat") {
            let (min, max): (i64, i64) = if dst_signed {
                (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
            } else {
                (0, (1i64 << bits) - 1)
            };
            let (src_min, src_max): (i64, i64) = if src_signed {
                (i64::from(i32::MIN), i64::from(i32::MAX))
            } else {
                (0, i64::from(u32::MAX))
            };
            if max < src_max {
                value = self.int_min(value, max as u32, src_signed);
            }
            if min > src_min {
                // Only a signed source can go below a destination's minimum here.
                value = self.int_max(value, min as u32);
            }
        } else if bits < 32 {
            let shift = self.constant(32 - bits);
            let high = self.push(Op::Binary(Binary::Shl, value, shift));
            let op = if dst_signed { Binary::Sar } else { Binary::Shr };
            value = self.push(Op::Binary(op, high, shift));
        }
        self.set_reg(self.dst(ops)?, value);
        Ok(())
    }

    /// I2F to f32 from a signed or unsigned integer of 8, 16 or 32 bits (the low bits of
    /// the source, or the byte `b1`..`b3` selects).
    /// |value| as a signed 32-bit integer (`i32::MIN` stays itself).
    pub(super) fn int_abs(&mut self, value: Value) -> Value {
        let zero = self.constant(0);
        let negative = self.push(Op::Compare(
            Compare::Int {
                signed: true,
                lt: true,
                eq: false,
                gt: false,
            },
            value,
            zero,
        ));
        let negated = self.negate_int(value);
        self.push(Op::Select {
            cond: negative,
            a: negated,
            b: value,
        })
    }

    pub(super) fn int_to_float(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let types = &ops[0].0;
        let source_mods = &ops[1].0;
        let (bits, signed) = match types.get(1).copied() {
            Some("u8") => (8, false),
            Some("s8") => (8, true),
            Some("u16") => (16, false),
            Some("s16") => (16, true),
            Some("u32") => (32, false),
            Some("s32") => (32, true),
            _ => return Err(self.unsupported(format!("conversion {types:?}"))),
        };
        let byte = match source_mods
            .iter()
            .find(|m| matches!(**m, "b1" | "b2" | "b3"))
        {
            Some(&"b1") => 1,
            Some(&"b2") => 2,
            Some(&"b3") => 3,
            _ => 0,
        };
        let integer_mods = source_mods.iter().any(|m| matches!(*m, "neg" | "abs"));
        if types.first() != Some(&"f32")
            || types.len() > 2
            || (integer_mods && (bits < 32 || byte != 0))
            || 8 * byte + bits > 32
        {
            return Err(self.unsupported(format!("conversion {types:?} {source_mods:?}")));
        }
        let mut source = self.value(ops[1].1)?;
        // `abs` and `neg` act on the 32-bit integer before it is converted.
        if source_mods.contains(&"abs") && signed {
            source = self.int_abs(source);
        }
        if source_mods.contains(&"neg") {
            source = self.negate_int(source);
        }
        if bits < 32 {
            let up = self.constant(32 - bits - 8 * byte);
            let high = self.push(Op::Binary(Binary::Shl, source, up));
            let down = self.constant(32 - bits);
            let op = if signed { Binary::Sar } else { Binary::Shr };
            source = self.push(Op::Binary(op, high, down));
        }
        let value = self.push(Op::IntToFloat {
            signed,
            value: source,
        });
        self.set_reg(self.dst(ops)?, value);
        Ok(())
    }
}

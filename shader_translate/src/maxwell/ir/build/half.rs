//! Half-precision pairs (SM 5.3): `hadd2`, `hmul2`, `hfma2` (and their `_32i` forms),
//! `hset2` and `hsetp2`. A register holds two halves, h0 in the low 16 bits and h1 in
//! the high ones; each source is read as the pair (no swizzle), h0 twice (`h0_h0`), h1
//! twice (`h1_h1`) or as one f32 used for both lanes (`f32`; a constant-buffer operand
//! is always read so). Each lane is computed in f32 (a half is exact there; a sum or
//! product of halves rounds once more to a half, as the hardware's single rounding gives
//! but for sums of halves whose exponents differ by more than 13, which still round to
//! the same half) and rounded to nearest even. The result merges into the destination
//! as both halves, as an f32 of lane 0 (`f32`: rounded to a half first unless a source
//! was an f32), or into one half keeping the other (`mrg_h0`, `mrg_h1`). `ftz` flushes
//! denormal halves (sources and results) to a zero of their sign; `fmz` also makes any
//! product with a zero factor +0 (`hfma2`: gives `c`), infinities and NaNs included.
//! Semantics as yuzu's and Ryujinx's recompilers describe them.

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, Compare, FloatUnary, IntUnary, Logic, Op, Value};

/// One half-precision source: its two lanes as f32 values.
#[derive(Clone, Copy)]
struct Lanes {
    low: Value,
    high: Value,
    /// Read as one f32 (`f32` swizzle or a constant-buffer word).
    wide: bool,
}

/// The flush modes of a half instruction.
#[derive(Clone, Copy, PartialEq)]
enum Flush {
    None,
    Ftz,
    Fmz,
}

const SWIZZLES: [&str; 3] = ["f32", "h0_h0", "h1_h1"];

impl Builder<'_> {
    fn half_flush(&self) -> Flush {
        if self.instruction.has_mod("fmz") {
            Flush::Fmz
        } else if self.instruction.has_mod("ftz") {
            Flush::Ftz
        } else {
            Flush::None
        }
    }

    /// `word` with each denormal half (exponent 0) made a zero of its sign.
    fn flush_halves(&mut self, word: Value) -> Value {
        // An immediate is flushed here: lavapipe misreads a half of a folded constant.
        if let Op::Const(bits) = self.ops[word.0 as usize] {
            let flushed = [0u32, 16].into_iter().fold(0, |out, shift| {
                let half = bits >> shift & 0xffff;
                let kept = if half & 0x7c00 == 0 {
                    half & 0x8000
                } else {
                    half
                };
                out | kept << shift
            });
            return self.constant(flushed);
        }
        let mut out = self.constant(0);
        for shift in [0u32, 16] {
            let exponent_mask = self.constant(0x7c00 << shift);
            let sign_mask = self.constant(0x8000 << shift);
            let half_mask = self.constant(0xffff << shift);
            let exponent = self.push(Op::Binary(Binary::And, word, exponent_mask));
            let zero = self.constant(0);
            let denormal = self.push(Op::Compare(int_eq(), exponent, zero));
            let sign = self.push(Op::Binary(Binary::And, word, sign_mask));
            let half = self.push(Op::Binary(Binary::And, word, half_mask));
            let kept = self.push(Op::Select {
                cond: denormal,
                a: sign,
                b: half,
            });
            out = self.push(Op::Binary(Binary::Or, out, kept));
        }
        out
    }

    /// An f32's bits with a denormal made a zero of its sign.
    fn flush_float(&mut self, bits: Value) -> Value {
        let exponent_mask = self.constant(0x7f80_0000);
        let sign_mask = self.constant(0x8000_0000);
        let exponent = self.push(Op::Binary(Binary::And, bits, exponent_mask));
        let zero = self.constant(0);
        let denormal = self.push(Op::Compare(int_eq(), exponent, zero));
        let sign = self.push(Op::Binary(Binary::And, bits, sign_mask));
        self.push(Op::Select {
            cond: denormal,
            a: sign,
            b: bits,
        })
    }

    /// A source's lanes with its swizzle, flush and abs/neg applied; `word` is its bits.
    fn half_lanes(&mut self, mods: &[&str], word: Value, wide: bool, flush: Flush) -> Lanes {
        let swizzle = mods.iter().copied().find(|m| SWIZZLES.contains(m));
        let wide = wide || swizzle == Some("f32");
        let (mut low, mut high) = if wide {
            let bits = if flush == Flush::None {
                word
            } else {
                self.flush_float(word)
            };
            (bits, bits)
        } else {
            let bits = if flush == Flush::None {
                word
            } else {
                self.flush_halves(word)
            };
            let h0 = self.push(Op::IntUnary(IntUnary::HalfToFloat { high: false }, bits));
            let h1 = self.push(Op::IntUnary(IntUnary::HalfToFloat { high: true }, bits));
            match swizzle {
                Some("h0_h0") => (h0, h0),
                Some("h1_h1") => (h1, h1),
                _ => (h0, h1),
            }
        };
        for (name, function) in [("abs", FloatUnary::Abs), ("neg", FloatUnary::Neg)] {
            if mods.contains(&name) {
                low = self.push(Op::FloatUnary(function, low));
                high = self.push(Op::FloatUnary(function, high));
            }
        }
        Lanes { low, high, wide }
    }

    /// A source operand's lanes: a register (with its swizzle), a constant-buffer word
    /// (an f32) or, at `ops[at]` and `ops[at + 1]`, an immediate pair (h1 then h0, each
    /// 9 bits of a half's top with a `neg` for its sign, or 16 bits); gives the lanes and
    /// the index of the operand after it.
    fn half_source(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        at: usize,
        flush: Flush,
    ) -> Result<(Lanes, usize), Unsupported> {
        let Some((mods, operand)) = ops.get(at) else {
            return Err(self.unsupported("a missing half-precision source"));
        };
        match *operand {
            Operand::Imm { value: high, .. } => {
                let Some((low_mods, Operand::Imm { value: low, .. })) = ops.get(at + 1) else {
                    return Err(self.unsupported("an immediate pair without its low half"));
                };
                let sign = |m: &[&str]| if m.contains(&"neg") { 0x8000u32 } else { 0 };
                let word = (*low as u32 & 0xffff | sign(low_mods))
                    | (high as u32 & 0xffff | sign(mods)) << 16;
                let word = self.constant(word);
                Ok((self.half_lanes(&[], word, false, flush), at + 2))
            }
            Operand::Cbuf { .. } => {
                let word = self.value(*operand)?;
                Ok((self.half_lanes(mods, word, true, flush), at + 1))
            }
            Operand::Reg(_) => {
                let word = self.value(*operand)?;
                Ok((self.half_lanes(mods, word, false, flush), at + 1))
            }
            other => Err(self.unsupported(format!("the half-precision source {other:?}"))),
        }
    }

    /// `hadd2`, `hmul2`, `hfma2` in every operand form.
    pub(super) fn half_arithmetic(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        let Some((dst_mods, Operand::Reg(dst))) = ops.first() else {
            return Err(self.unsupported("its destination"));
        };
        let flush = self.half_flush();
        let (a, next) = self.half_source(ops, 1, flush)?;
        let (b, next) = self.half_source(ops, next, flush)?;
        let fma = i.name.starts_with("hfma2");
        let c = if fma {
            Some(self.half_source(ops, next, flush)?.0)
        } else {
            None
        };
        let wide = a.wide || b.wide || c.is_some_and(|c| c.wide);
        let mut lanes = [Value(0); 2];
        for (lane, out) in lanes.iter_mut().enumerate() {
            let pick = |s: &Lanes| if lane == 0 { s.low } else { s.high };
            let (x, y) = (pick(&a), pick(&b));
            let mut value = match (i.name, c) {
                ("hadd2" | "hadd2_32i", _) => self.push(Op::Binary(Binary::FAdd, x, y)),
                (_, Some(c)) => self.push(Op::Ffma(x, y, pick(&c))),
                _ => self.push(Op::Binary(Binary::FMul, x, y)),
            };
            if flush == Flush::Fmz && !i.name.starts_with("hadd2") {
                let zero = self.constant(0);
                let zero_x = self.push(Op::Compare(float_eq(), x, zero));
                let zero_y = self.push(Op::Compare(float_eq(), y, zero));
                let either = self.push(Op::Logic(Logic::Or, zero_x, zero_y));
                let instead = c.map_or(zero, |c| pick(&c));
                value = self.push(Op::Select {
                    cond: either,
                    a: instead,
                    b: value,
                });
            }
            *out = self.saturate_if(i.has_mod("sat") || dst_mods.contains(&"sat"), value);
        }
        let merge = dst_mods
            .iter()
            .copied()
            .find(|m| matches!(*m, "f32" | "mrg_h0" | "mrg_h1"));
        let value = self.half_merge(*dst, merge, lanes, wide, flush);
        self.set_reg(*dst, value);
        Ok(())
    }

    /// The lanes' results merged into the destination as `merge` says.
    fn half_merge(
        &mut self,
        dst: u8,
        merge: Option<&str>,
        lanes: [Value; 2],
        wide: bool,
        flush: Flush,
    ) -> Value {
        let to_half = |b: &mut Self, value: Value| {
            let half = b.push(Op::IntUnary(IntUnary::FloatToHalf, value));
            if flush == Flush::None {
                half
            } else {
                b.flush_halves(half)
            }
        };
        let sixteen = self.constant(16);
        match merge {
            Some("f32") if wide => lanes[0],
            Some("f32") => {
                let half = to_half(self, lanes[0]);
                self.push(Op::IntUnary(IntUnary::HalfToFloat { high: false }, half))
            }
            Some(which @ ("mrg_h0" | "mrg_h1")) => {
                let high = which == "mrg_h1";
                let old = self.reg(dst);
                let keep = self.constant(if high { 0xffff } else { 0xffff_0000 });
                let kept = self.push(Op::Binary(Binary::And, old, keep));
                let mut half = to_half(self, lanes[usize::from(high)]);
                if high {
                    half = self.push(Op::Binary(Binary::Shl, half, sixteen));
                }
                self.push(Op::Binary(Binary::Or, kept, half))
            }
            _ => {
                let low = to_half(self, lanes[0]);
                let high = to_half(self, lanes[1]);
                let high = self.push(Op::Binary(Binary::Shl, high, sixteen));
                self.push(Op::Binary(Binary::Or, low, high))
            }
        }
    }

    /// `hset2` (each half 1.0 with `bf`, else all ones, where its lane's test combined
    /// with the predicate holds; 0 where not) and `hsetp2` (lane 0's and lane 1's results
    /// in the two predicates, or with `h_and` both lanes' and its negation).
    pub(super) fn half_compare(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        let flush = self.half_flush();
        let first_source = if i.name == "hsetp2" { 2 } else { 1 };
        // `hset2`'s constant-buffer form has its `ftz` where the others have B's `abs`
        // (bit 54, which envydis prints as both): B takes no `abs` there.
        let mut ops = ops.to_vec();
        if i.name == "hset2" {
            for (mods, operand) in ops.iter_mut().skip(first_source + 1) {
                if matches!(operand, Operand::Cbuf { .. }) {
                    mods.retain(|m| *m != "abs");
                }
            }
        }
        let ops = &ops[..];
        let (a, next) = self.half_source(ops, first_source, flush)?;
        let (b, next) = self.half_source(ops, next, flush)?;
        let Some(pred_operand) = ops.get(next) else {
            return Err(self.unsupported("its predicate source"));
        };
        let combine = self.pred_source(pred_operand)?;
        let compare = self.comparison(true);
        let logic = self.combining();
        let mut results = [Value(0); 2];
        for (lane, out) in results.iter_mut().enumerate() {
            let pick = |s: &Lanes| if lane == 0 { s.low } else { s.high };
            let test = self.push(Op::Compare(compare, pick(&a), pick(&b)));
            *out = self.push(Op::Logic(logic, test, combine));
        }
        if i.name == "hsetp2" {
            let (Operand::Pred(first), Operand::Pred(second)) = (ops[0].1, ops[1].1) else {
                return Err(self.unsupported("its predicate destinations"));
            };
            let (first_value, second_value) = if i.has_mod("h_and") {
                let both = self.push(Op::Logic(Logic::And, results[0], results[1]));
                (both, self.push(Op::Not(both)))
            } else {
                (results[0], results[1])
            };
            self.set_pred(first, first_value);
            self.set_pred(second, second_value);
            return Ok(());
        }
        let Operand::Reg(dst) = ops[0].1 else {
            return Err(self.unsupported("its destination"));
        };
        let true_half = if i.has_mod("bf") { 0x3c00 } else { 0xffff };
        let mut value = self.constant(0);
        for (lane, &holds) in results.iter().enumerate() {
            let yes = self.constant(true_half << (16 * lane));
            let no = self.constant(0);
            let half = self.push(Op::Select {
                cond: holds,
                a: yes,
                b: no,
            });
            value = self.push(Op::Binary(Binary::Or, value, half));
        }
        self.set_reg(dst, value);
        Ok(())
    }
}

fn int_eq() -> Compare {
    Compare::Int {
        signed: false,
        lt: false,
        eq: true,
        gt: false,
    }
}

fn float_eq() -> Compare {
    Compare::Float {
        lt: false,
        eq: true,
        gt: false,
        unordered: false,
    }
}

//! `ipa offset`: an input interpolated away from the pixel's centre, as uam writes GLSL's
//! `interpolateAtOffset` and `interpolateAtSample` (Mesa's nv50_ir front end).
//!
//! The offset register packs x in bits 0-15 and y in bits 16-31, each a signed fixed-point
//! number with 12 fractional bits ("S0.12" in Mesa's nv50_ir_from_tgsi.cpp: the float
//! offset clamped to -0.5..0.4375, times 4096, converted to s32, then `bfi` of y at bit 16
//! over x). A perspective read multiplies by 1 / w read at the same offset (`ipa pass
//! offset a[0x7c]`, `mufu rcp`), which makes it the perspective-correct value there, as
//! without an offset.
//!
//! `interpolateAtSample(v, s)` is the same `ipa offset`, its offset word read from
//! deko3d's sample-position table in the driver's constant buffer (c0 + 0x830, DKSH.md):
//! the word at `0x830 + 4 s + 32 (x & 1) + 64 (y & 1)` holds sample s's offset from the
//! centre of a pixel at that place in the 2x2 grid, in the same packing. An offset read
//! from that table is the sample's position, so the read is `InterpolateAtSample` with
//! the index taken from the table address's bits 2-4.

use super::{Builder, Unsupported};
use crate::maxwell::decode::Operand;
use crate::maxwell::ir::{Binary, FloatUnary, Op, Value};

/// gl_FragCoord.w's attribute address.
const FRAG_COORD_W_B: u32 = 0x7c;
/// deko3d's sample-position table in the driver's constant buffer, and its size (2x2
/// pixels of 8 samples, a word each).
const SAMPLE_TABLE_B: u32 = 0x830;
const SAMPLE_TABLE_SIZE_B: u32 = 128;

/// Where an `ipa offset` interpolates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InterpolateAt {
    /// The packed S0.12 offset word.
    Offset(Value),
    /// The sample of this index.
    Sample(Value),
}

impl Builder<'_> {
    /// `ipa [pass|constant] offset Rd, a[A], Rm, Ro`.
    pub(super) fn ipa_at_offset(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        let [(_, Operand::Reg(dst)), (
            _,
            Operand::Mem {
                space: "a",
                base: None,
                offset,
            },
        ), (_, multiplier), (_, Operand::Reg(offset_reg)), ..] = ops
        else {
            return Err(self.unsupported("an `ipa offset` of an indexed attribute"));
        };
        let addr_b = offset.unwrap_or(0) as u32;
        let word = self.reg(*offset_reg);
        let at = self
            .sample_read(word)
            .unwrap_or(InterpolateAt::Offset(word));
        if !i.has_mod("pass") && !i.has_mod("constant") {
            // Perspective: the multiplier must be 1 / w read where this read is.
            let multiplier = self.value(*multiplier)?;
            let w_here = match self.ops[multiplier.0 as usize] {
                Op::FloatUnary(FloatUnary::Rcp, w) => match self.ops[w.0 as usize] {
                    Op::AttrAt {
                        addr_b: FRAG_COORD_W_B,
                        at: w_at,
                    } => self.same_place(w_at, at),
                    _ => false,
                },
                _ => false,
            };
            if !w_here {
                return Err(self.unsupported(
                    "a perspective `ipa offset` whose multiplier is not 1 / w read at the same \
                     offset",
                ));
            }
            self.single_use.insert(multiplier);
        }
        let value = self.push(Op::AttrAt { addr_b, at });
        let value = self.saturate_if(i.has_mod("sat"), value);
        self.set_reg(*dst, value);
        Ok(())
    }

    /// Whether `a` and `b` interpolate at the same place: the same offset word (or
    /// equal constants), or samples read from the same table address.
    fn same_place(&self, a: InterpolateAt, b: InterpolateAt) -> bool {
        let table_address = |sample: Value| {
            let Op::Binary(Binary::And, words, _) = self.ops[sample.0 as usize] else {
                return None;
            };
            let Op::Binary(Binary::Shr, within, _) = self.ops[words.0 as usize] else {
                return None;
            };
            let Op::Binary(Binary::IAdd, start, _) = self.ops[within.0 as usize] else {
                return None;
            };
            Some(start)
        };
        match (a, b) {
            // `$rz` (a zero offset) is a constant made at each read.
            (InterpolateAt::Offset(a), InterpolateAt::Offset(b)) => {
                let constant = |v: Value| match self.ops[v.0 as usize] {
                    Op::Const(bits) => Some(bits),
                    _ => None,
                };
                a == b || constant(a).is_some_and(|bits| constant(b) == Some(bits))
            }
            (InterpolateAt::Sample(a), InterpolateAt::Sample(b)) => {
                a == b || table_address(a).is_some_and(|x| table_address(b) == Some(x))
            }
            _ => false,
        }
    }

    /// Where `word` is a word of the sample-position table: the sample it is of.
    fn sample_read(&mut self, word: Value) -> Option<InterpolateAt> {
        let Op::Cbuf { index, offset_b } = self.ops[word.0 as usize] else {
            return None;
        };
        if index != self.slots.driver_cbuf {
            return None;
        }
        // Only a table address: a constant inside it, or a register plus the table's
        // start (uam's `ld c0[$r + 0x830]`).
        let start = match self.ops[offset_b.0 as usize] {
            Op::Const(at) => (SAMPLE_TABLE_B..SAMPLE_TABLE_B + SAMPLE_TABLE_SIZE_B)
                .contains(&at)
                .then_some(offset_b),
            Op::Binary(Binary::IAdd, _, c) => {
                matches!(self.ops[c.0 as usize], Op::Const(SAMPLE_TABLE_B)).then_some(offset_b)
            }
            _ => None,
        }?;
        let table = self.constant(SAMPLE_TABLE_B.wrapping_neg());
        let within = self.push(Op::Binary(Binary::IAdd, start, table));
        let two = self.constant(2);
        let words = self.push(Op::Binary(Binary::Shr, within, two));
        let seven = self.constant(7);
        let sample = self.push(Op::Binary(Binary::And, words, seven));
        Some(InterpolateAt::Sample(sample))
    }
}

//! A fragment input interpolated away from the pixel's centre ([`Op::AttrAt`], from
//! `ipa offset`): `InterpolateAtOffset` of the input variable with the offset word
//! unpacked (x the low half, y the high, each signed with 12 fractional bits), or
//! `InterpolateAtSample` where the word came from the sample-position table
//! (`ir/build/interpolate.rs`). Both need the InterpolationFunction capability, which
//! Vulkan gives with `sampleRateShading` (the device check refuses the program
//! without it, `crate::float64::sample_rate_shading_use`).
//!
//! lavapipe (Mesa 22.3) gives a plain read of an input that comes after an
//! `InterpolateAtOffset` of it the offset's value (seen in `tests/maxwell_fuzz_open/
//! frag_27_offset`: a result that uses only the centre read changed with the offset,
//! where glslang's module, whose plain read came first, did not). So the centre value of
//! each input also read away from the centre is loaded whole in the entry block, before
//! anything else, and every plain read of it takes its component from there (an input
//! never changes, so this is the same value by SPIR-V's rules).
//!
//! [`Op::AttrAt`]: crate::maxwell::ir::Op::AttrAt

use std::collections::BTreeSet;

use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::{attribute_error, spirv_error, Emitter, GENERIC_B, GENERIC_END_B};
use crate::maxwell::ir::{InterpolateAt, Op, Unsupported};

/// The offset's fixed-point scale: 12 fractional bits.
const OFFSET_SCALE: f32 = 1.0 / 4096.0;

impl Emitter<'_> {
    /// Loads the centre value of each generic input the live code also reads at an
    /// offset or a sample (in the entry block, first).
    pub(super) fn load_centre_inputs(&mut self) -> Result<(), Unsupported> {
        let locations: BTreeSet<u32> = self
            .function
            .ops
            .iter()
            .zip(&self.live)
            .filter(|(_, &live)| live)
            .filter_map(|(op, _)| match *op {
                Op::AttrAt { addr_b, .. } if (GENERIC_B..GENERIC_END_B).contains(&addr_b) => {
                    Some((addr_b - GENERIC_B) / 16)
                }
                _ => None,
            })
            .collect();
        for location in locations {
            let (var, _) = self.generic_input(location)?;
            let whole = self
                .b
                .load(self.t.vec4, None, var, None, [])
                .map_err(spirv_error)?;
            self.centre_inputs.insert(location, whole);
        }
        Ok(())
    }

    /// Component `component` of a centre value [`Emitter::load_centre_inputs`] loaded,
    /// as its bits.
    pub(super) fn centre_component(
        &mut self,
        whole: Word,
        component: u32,
    ) -> Result<Word, Unsupported> {
        let value = self
            .b
            .composite_extract(self.t.f32, None, whole, [component])
            .map_err(spirv_error)?;
        self.float_bits(value)
    }

    pub(super) fn attribute_at(
        &mut self,
        addr_b: u32,
        at: InterpolateAt,
    ) -> Result<Word, Unsupported> {
        if !(GENERIC_B..GENERIC_END_B).contains(&addr_b) {
            return Err(attribute_error(
                addr_b,
                "read at an offset or a sample, not a generic input (gl_FragCoord.w there \
                 is taken only as a perspective read's multiplier)",
            ));
        }
        let (var, _) = self.generic_input((addr_b - GENERIC_B) / 16)?;
        self.b.capability(spirv::Capability::InterpolationFunction);
        let (f32_ty, i32_ty, vec4) = (self.t.f32, self.t.i32, self.t.vec4);
        let interpolated = match at {
            InterpolateAt::Offset(word) => {
                let word = self.ids[word.0 as usize];
                let signed = self.b.bitcast(i32_ty, None, word).map_err(spirv_error)?;
                let sixteen = self.word(16);
                let low = self
                    .b
                    .shift_left_logical(i32_ty, None, signed, sixteen)
                    .map_err(spirv_error)?;
                let mut halves = [0; 2];
                for (half, bits) in halves.iter_mut().zip([low, signed]) {
                    let whole = self
                        .b
                        .shift_right_arithmetic(i32_ty, None, bits, sixteen)
                        .map_err(spirv_error)?;
                    let float = self
                        .b
                        .convert_s_to_f(f32_ty, None, whole)
                        .map_err(spirv_error)?;
                    let scale = self.float_const(OFFSET_SCALE);
                    *half = self
                        .b
                        .f_mul(f32_ty, None, float, scale)
                        .map_err(spirv_error)?;
                }
                let vec2 = self.b.type_vector(f32_ty, 2);
                let offset = self
                    .b
                    .composite_construct(vec2, None, halves)
                    .map_err(spirv_error)?;
                self.glsl(vec4, GLOp::InterpolateAtOffset, &[var, offset])?
            }
            InterpolateAt::Sample(index) => {
                let index = self.ids[index.0 as usize];
                let index = self.b.bitcast(i32_ty, None, index).map_err(spirv_error)?;
                self.glsl(vec4, GLOp::InterpolateAtSample, &[var, index])?
            }
        };
        let component = (addr_b % 16) / 4;
        let value = self
            .b
            .composite_extract(f32_ty, None, interpolated, [component])
            .map_err(spirv_error)?;
        self.float_bits(value)
    }
}

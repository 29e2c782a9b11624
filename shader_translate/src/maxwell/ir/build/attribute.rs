//! Attribute reads at an address computed at run time, in fragment programs (an input
//! array indexed by a variable, `light_space[cascade]`): `al2p` makes the attribute
//! address (the register plus the immediate offset) and `ipa idx` reads the input word
//! at that address, interpolated as `ipa` says. SPIR-V's fragment inputs are declared one
//! location at a time, so the read is a choice among the words the program header says
//! the program reads (each read as `ipa` reads it), and 0 at an address among none of
//! them. `al2p` with its output form (`o`, the VTG stages' outputs) or a predicate
//! result is refused by name.
//!
//! `ipa centroid` reads an input at the fragment's centroid: Vulkan says where an input
//! is read by its variable's `Centroid` decoration, so a generic input location read at
//! the centroid is declared so ([`Function::centroid_locations`](super::Function)), and
//! one read both at the centroid and at the centre is refused by name; a centroid read
//! of anything else (the fragment position) is refused too.

use super::{Builder, Ipa, Unsupported};
use crate::maxwell::decode::{Operand, PT};
use crate::maxwell::ir::{AttrRead, Binary, Compare, Op};

/// The first generic attribute's byte address.
const GENERIC_B: u32 = 0x80;

impl Builder<'_> {
    pub(super) fn attribute_address(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        if self.instruction.has_mod("o") {
            return Err(self.unsupported("an output attribute address (`o`)"));
        }
        let [(_, Operand::Pred(pred)), (_, Operand::Reg(dst)), (_, base), (_, Operand::Imm { value, .. })] =
            ops
        else {
            return Err(self.unsupported("its operands"));
        };
        if *pred != PT {
            return Err(self.unsupported("a predicate result"));
        }
        let base = self.value(*base)?;
        let offset = self.constant(*value as u32);
        let address = self.push(Op::Binary(Binary::IAdd, base, offset));
        self.set_reg(*dst, address);
        Ok(())
    }

    /// `ipa idx`: the input word at the address in the register (plus the offset), as
    /// `ipa` with this mode reads it.
    pub(super) fn indexed_ipa(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        ipa: Ipa,
    ) -> Result<(), Unsupported> {
        let Operand::Mem {
            space: "a",
            base: Some(base),
            offset,
        } = ops[1].1
        else {
            return Err(self.unsupported("an indexed attribute without its register"));
        };
        let Operand::Reg(dst) = ops[0].1 else {
            return Err(self.unsupported("its destination"));
        };
        let base = self.reg(base);
        let offset = self.constant(offset.unwrap_or(0) as u32);
        let address = self.push(Op::Binary(Binary::IAdd, base, offset));
        let mut value = self.constant(0);
        for word_b in self.read_inputs.clone() {
            self.note_sample_point(word_b)?;
            let word = self.push(Op::Attr(AttrRead {
                addr_b: word_b,
                ipa: Some(ipa),
            }));
            let here = self.constant(word_b);
            let at = self.push(Op::Compare(
                Compare::Int {
                    signed: false,
                    lt: false,
                    eq: true,
                    gt: false,
                },
                address,
                here,
            ));
            value = self.push(Op::Select {
                cond: at,
                a: word,
                b: value,
            });
        }
        let value = self.saturate_if(self.instruction.has_mod("sat"), value);
        self.set_reg(dst, value);
        Ok(())
    }
}

impl Builder<'_> {
    /// Records where the current `ipa` reads the input word at `addr_b`: at the centroid
    /// (`centroid`) or at the centre; refuses a location read at both, or a centroid
    /// read of a word that is not a generic input.
    pub(super) fn note_sample_point(&mut self, addr_b: u32) -> Result<(), Unsupported> {
        let centroid = self.instruction.has_mod("centroid");
        if !(GENERIC_B..GENERIC_B + 32 * 16).contains(&addr_b) {
            return match centroid {
                true => Err(self.unsupported(format!(
                    "a centroid read of a[{addr_b:#x}], not a generic input"
                ))),
                false => Ok(()),
            };
        }
        let location = (addr_b - GENERIC_B) / 16;
        match self.sample_points.insert(location, centroid) {
            Some(before) if before != centroid => Err(self.unsupported(format!(
                "generic input {location} read both at the centroid and at the centre \
                 (Vulkan's Centroid decoration is the variable's)"
            ))),
            _ => Ok(()),
        }
    }
}

/// The generic input words a fragment program's header says it reads.
pub(super) fn read_inputs(program: &crate::maxwell::program::Program) -> Vec<u32> {
    let Some(crate::maxwell::sph::Sph {
        io: crate::maxwell::sph::StageIo::Fragment(io),
        ..
    }) = &program.sph
    else {
        return Vec::new();
    };
    let mut words = Vec::new();
    for (location, components) in io.interpolation.iter().enumerate() {
        for (component, how) in components.iter().enumerate() {
            if how.is_some() {
                words.push(GENERIC_B + 16 * location as u32 + 4 * component as u32);
            }
        }
    }
    words
}

//! A table-driven decoder of Maxwell (GM107/GM20B) instruction words. Code comes in
//! 32-byte bundles: a scheduling control word, then three instructions. Each instruction
//! is matched against the forms of its `table` module; its fields give modifiers and
//! operands in the order envydis prints them (`print.rs`), so the decoder can be checked
//! against envydis's listings. An encoding no form covers is a [`DecodeError::Unknown`]
//! with the byte offset and the word.

mod control;
mod fields;
mod print;
pub mod sysreg;
mod table;

pub use control::Control;
pub use fields::NumStyle;

use fields::{Field, Num};

/// Size of one bundle: a control word and three instructions.
pub const BUNDLE_SIZE_B: usize = 32;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("the code is {len_b} bytes, not a whole number of 32-byte bundles")]
    Size { len_b: usize },
    #[error("unknown instruction at byte {offset_b:#x}: {word:#018x}")]
    Unknown { offset_b: u32, word: u64 },
    #[error("unknown {what} in the instruction at byte {offset_b:#x}: {word:#018x}")]
    UnknownField {
        offset_b: u32,
        word: u64,
        what: &'static str,
    },
}

/// When an instruction executes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Guard {
    Always,
    Never,
    /// When predicate `index` is true (false with `not`).
    Pred {
        index: u8,
        not: bool,
    },
}

/// General register 255 reads as zero and discards writes.
pub const RZ: u8 = 255;
/// Predicate 7 is always true.
pub const PT: u8 = 7;

/// One operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A general register; [`RZ`] is zero.
    Reg(u8),
    /// A predicate; [`PT`] is true.
    Pred(u8),
    /// A system register.
    Sys(u8),
    /// A number (two's complement when `style` is signed).
    Imm { value: u64, style: NumStyle },
    /// A byte offset in the code stream (control words counted).
    Target(u64),
    /// `c[index][base + offset]`.
    Cbuf {
        index: u64,
        base: Option<u8>,
        offset: u64,
    },
    /// `space[base + offset]` in attribute, local, shared, global or patch memory.
    Mem {
        space: &'static str,
        base: Option<u8>,
        offset: Option<u64>,
    },
}

/// A piece of an instruction in its printed order: a modifier or an operand. Modifiers
/// of an operand (`neg`, `abs`, `h1`, `not`) come right before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    Mod(&'static str),
    Operand(Operand),
}

/// One decoded instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    /// Byte offset in the code stream (control words counted), as branches count.
    pub offset_b: u32,
    pub word: u64,
    pub control: Control,
    pub guard: Guard,
    /// The mnemonic (envydis's).
    pub name: &'static str,
    pub parts: Vec<Part>,
    /// Set bits that no field of the form reads (envydis prints them as `[unknown: ...]`).
    pub unread_bits: u64,
}

impl Instruction {
    /// The modifiers, in order.
    pub fn mods(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.parts.iter().filter_map(|part| match part {
            Part::Mod(name) => Some(*name),
            Part::Operand(_) => None,
        })
    }

    pub fn has_mod(&self, name: &str) -> bool {
        self.mods().any(|found| found == name)
    }

    /// Each operand with the modifiers printed since the operand before it (`neg`, `abs`,
    /// `h1`, `not`; the first operand also gets the instruction's own).
    pub fn operands_with_mods(&self) -> Vec<(Vec<&'static str>, Operand)> {
        let mut out = Vec::new();
        let mut mods = Vec::new();
        for part in &self.parts {
            match part {
                Part::Mod(name) => mods.push(*name),
                Part::Operand(operand) => out.push((std::mem::take(&mut mods), *operand)),
            }
        }
        out
    }

    /// The operands, in order.
    pub fn operands(&self) -> impl Iterator<Item = Operand> + '_ {
        self.parts.iter().filter_map(|part| match part {
            Part::Mod(_) => None,
            Part::Operand(operand) => Some(*operand),
        })
    }
}

/// Decodes a whole instruction stream (bundles, control words included).
pub fn decode_stream(code: &[u8]) -> Result<Vec<Instruction>, DecodeError> {
    if !code.len().is_multiple_of(BUNDLE_SIZE_B) {
        return Err(DecodeError::Size { len_b: code.len() });
    }
    let mut out = Vec::with_capacity(code.len() / 8 / 4 * 3);
    for (bundle_index, bundle) in code.chunks_exact(BUNDLE_SIZE_B).enumerate() {
        let words: Vec<u64> = bundle
            .chunks_exact(8)
            .map(|raw| u64::from_le_bytes(raw.try_into().expect("8-byte chunk")))
            .collect();
        let control_word = words[0];
        for slot in 0..3 {
            let offset_b = (bundle_index * BUNDLE_SIZE_B + 8 * (slot + 1)) as u32;
            let control = Control::from_word(control_word, slot);
            out.push(decode(words[slot + 1], offset_b, control)?);
        }
    }
    Ok(out)
}

/// Decodes one instruction word found at `offset_b`.
pub fn decode(word: u64, offset_b: u32, control: Control) -> Result<Instruction, DecodeError> {
    let form = table::ROOT
        .iter()
        .chain(table::RARE)
        .flat_map(|family| family.iter())
        .find(|form| word & form.mask == form.value)
        .ok_or(DecodeError::Unknown { offset_b, word })?;
    let mut reader = Reader {
        word,
        offset_b,
        read: form.mask,
        parts: Vec::new(),
    };
    let guard = if form.guarded {
        reader.read |= 0xf << 16;
        let index = ((word >> 16) & 7) as u8;
        let not = (word >> 19) & 1 != 0;
        match (index, not) {
            (PT, false) => Guard::Always,
            (PT, true) => Guard::Never,
            (index, not) => Guard::Pred { index, not },
        }
    } else {
        Guard::Always
    };
    reader.fields(form.fields)?;
    Ok(Instruction {
        offset_b,
        word,
        control,
        guard,
        name: form.name,
        parts: reader.parts,
        unread_bits: word & !reader.read,
    })
}

struct Reader {
    word: u64,
    offset_b: u32,
    read: u64,
    parts: Vec<Part>,
}

impl Reader {
    fn bits(&mut self, lo: u8, width: u8) -> u64 {
        let mask = ((1u64 << width) - 1) << lo;
        self.read |= mask;
        (self.word & mask) >> lo
    }

    fn num(&mut self, num: Num) -> u64 {
        self.read |= num.mask();
        num.read(self.word)
    }

    fn reg(&mut self, lo: u8) -> u8 {
        self.bits(lo, 8) as u8
    }

    fn base(&mut self, lo: Option<u8>) -> Option<u8> {
        lo.map(|lo| self.reg(lo)).filter(|&reg| reg != RZ)
    }

    fn push(&mut self, operand: Operand) {
        self.parts.push(Part::Operand(operand));
    }

    fn fields(&mut self, fields: &'static [Field]) -> Result<(), DecodeError> {
        for field in fields {
            match *field {
                Field::Lit(name) => self.parts.push(Part::Mod(name)),
                Field::On(bit, name) => {
                    if self.bits(bit, 1) == 1 {
                        self.parts.push(Part::Mod(name));
                    }
                }
                Field::Off(bit, name) => {
                    if self.bits(bit, 1) == 0 {
                        self.parts.push(Part::Mod(name));
                    }
                }
                Field::Table(alts) => {
                    let alt = alts
                        .iter()
                        .find(|alt| self.word & alt.mask == alt.value)
                        .ok_or(DecodeError::UnknownField {
                            offset_b: self.offset_b,
                            word: self.word,
                            what: "modifier encoding",
                        })?;
                    self.read |= alt.mask;
                    self.fields(alt.fields)?;
                }
                Field::Reg(lo) => {
                    let reg = self.reg(lo);
                    self.push(Operand::Reg(reg));
                }
                Field::Pred(lo) => {
                    let pred = self.bits(lo, 3) as u8;
                    self.push(Operand::Pred(pred));
                }
                Field::PredInv(lo) => {
                    let pred = (self.bits(lo, 3) as u8) ^ 7;
                    self.push(Operand::Pred(pred));
                }
                Field::PredNot { lo, not } => {
                    if self.bits(not, 1) == 1 {
                        self.parts.push(Part::Mod("not"));
                    }
                    let pred = self.bits(lo, 3) as u8;
                    self.push(Operand::Pred(pred));
                }
                Field::Sys(lo) => {
                    let sys = self.reg(lo);
                    self.push(Operand::Sys(sys));
                }
                Field::Imm(num) => {
                    let value = self.num(num);
                    let style = if num.signed {
                        NumStyle::Signed
                    } else {
                        NumStyle::Unsigned
                    };
                    self.push(Operand::Imm { value, style });
                }
                Field::Target => {
                    let rel = self.num(Num::s(20, 24));
                    let target = u64::from(self.offset_b).wrapping_add(8).wrapping_add(rel);
                    self.push(Operand::Target(target));
                }
                Field::Cbuf {
                    index,
                    base,
                    offset,
                } => {
                    let index = self.num(index);
                    let base = self.base(base);
                    let offset = self.num(offset);
                    self.push(Operand::Cbuf {
                        index,
                        base,
                        offset,
                    });
                }
                Field::Mem {
                    space,
                    base,
                    offset,
                } => {
                    let base = self.base(base);
                    let offset = offset.map(|num| self.num(num));
                    self.push(Operand::Mem {
                        space,
                        base,
                        offset,
                    });
                }
            }
        }
        Ok(())
    }
}

pub use print::{listing, print_instruction};

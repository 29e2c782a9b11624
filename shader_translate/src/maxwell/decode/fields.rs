//! The vocabulary of the instruction table: how each piece of an instruction word is
//! read. A form in `table.rs` is a list of these, in the order envydis prints them, so a
//! decoded instruction can be compared with its listing token for token.

/// A bit field holding a number.
#[derive(Clone, Copy, Debug)]
pub struct Num {
    pub lo: u8,
    pub width: u8,
    pub signed: bool,
    /// The value is the field shifted left by this many bits.
    pub shl: u8,
    /// A top bit kept elsewhere in the word (the 20-bit immediates keep bit 19 at bit 56).
    pub top_at: Option<u8>,
}

impl Num {
    pub const fn u(lo: u8, width: u8) -> Self {
        Self {
            lo,
            width,
            signed: false,
            shl: 0,
            top_at: None,
        }
    }

    pub const fn s(lo: u8, width: u8) -> Self {
        Self {
            lo,
            width,
            signed: true,
            shl: 0,
            top_at: None,
        }
    }

    pub const fn shifted(self, shl: u8) -> Self {
        Self { shl, ..self }
    }

    pub const fn top(self, at: u8) -> Self {
        Self {
            top_at: Some(at),
            ..self
        }
    }

    /// The bits of the word this field reads.
    pub fn mask(self) -> u64 {
        let field = if self.width >= 64 {
            u64::MAX
        } else {
            ((1u64 << self.width) - 1) << self.lo
        };
        field | self.top_at.map_or(0, |at| 1u64 << at)
    }

    /// The value as a 64-bit two's-complement number.
    pub fn read(self, word: u64) -> u64 {
        let raw = (word >> self.lo) & ((1u64 << self.width) - 1);
        let (raw, width) = match self.top_at {
            Some(at) => (raw | (((word >> at) & 1) << self.width), self.width + 1),
            None => (raw, self.width),
        };
        let value = if self.signed && (raw >> (width - 1)) & 1 != 0 {
            raw | !((1u64 << width) - 1)
        } else {
            raw
        };
        value << self.shl
    }
}

/// How a number is printed: envydis prints signed fields with a minus sign and
/// unsigned ones (constant-buffer offsets included) as 64-bit hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumStyle {
    Unsigned,
    Signed,
}

/// One alternative of a [`Field::Table`]: it applies when `word & mask == value`.
#[derive(Debug)]
pub struct Alt {
    pub value: u64,
    pub mask: u64,
    pub fields: &'static [Field],
}

/// One piece of an instruction form.
#[derive(Debug)]
pub enum Field {
    /// A fixed modifier token.
    Lit(&'static str),
    /// A modifier token printed when the bit is set.
    On(u8, &'static str),
    /// A modifier token printed when the bit is clear.
    Off(u8, &'static str),
    /// The first alternative that matches; none matching is an unknown encoding.
    Table(&'static [Alt]),
    /// A general register (255 reads as zero).
    Reg(u8),
    /// A predicate register (7 is always true).
    Pred(u8),
    /// A predicate stored inverted (the field holds `7 - N`, so 0 is `PT`).
    PredInv(u8),
    /// A predicate source with its negation bit: `[not] $pN`.
    PredNot { lo: u8, not: u8 },
    /// A system register (`S2R`).
    Sys(u8),
    /// A number.
    Imm(Num),
    /// A pc-relative branch target (24-bit signed at bit 20, from the next instruction).
    Target,
    /// A constant-buffer operand `cN[$rB+off]`.
    Cbuf {
        index: Num,
        base: Option<u8>,
        offset: Num,
    },
    /// A memory operand `space[$rB+off]`.
    Mem {
        space: &'static str,
        base: Option<u8>,
        offset: Option<Num>,
    },
}

/// One instruction form of the root table.
#[derive(Debug)]
pub struct Form {
    pub value: u64,
    pub mask: u64,
    pub name: &'static str,
    /// The form takes the guard predicate in bits 16-19.
    pub guarded: bool,
    pub fields: &'static [Field],
}

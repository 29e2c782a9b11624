//! The instruction forms, most specific first within an opcode. Bit positions and
//! mnemonics are the hardware's as envytools documents them for GM107 (`envydis -m
//! gm107`), checked against envydis's listings of the corpus and of probe words
//! (`tests/maxwell_decode.rs`). Fields are listed in the order envydis prints them.
//!
//! Most ALU operations come in three forms that differ only in their second source: a
//! register (`0x5c..`), a constant-buffer word (`0x4c..`) or a 20-bit immediate
//! (`0x38..`, bit 56 its top bit); [`alu!`] writes the three from one line.

use super::fields::{Alt, Field, Form, Num};
use Field::{Imm, Lit, Off, On, Pred, PredNot, Reg, Sys, Table, Target};

const R00: Field = Reg(0);
const R08: Field = Reg(8);
const R20: Field = Reg(20);
const R28: Field = Reg(28);
const R39: Field = Reg(39);
const P00: Field = Pred(0);
const P03: Field = Pred(3);
const P44: Field = Pred(44);
const P45: Field = Pred(45);
const P48: Field = Pred(48);
const P58: Field = Pred(58);
const PN12: Field = PredNot { lo: 12, not: 15 };
const PN29: Field = PredNot { lo: 29, not: 32 };
const PN39: Field = PredNot { lo: 39, not: 42 };
const PN47: Field = PredNot { lo: 47, not: 50 };

/// `c[34:5][20:14 * 4]`, the second source of the constant-buffer forms.
const C34: Field = Field::Cbuf {
    index: Num::u(34, 5),
    base: None,
    offset: Num::s(20, 14).shifted(2),
};
/// `c[36:5][20:16]` (branch targets and indexed constant loads).
const C36: Field = Field::Cbuf {
    index: Num::u(36, 5),
    base: None,
    offset: Num::s(20, 16),
};
const C36B: Field = Field::Cbuf {
    index: Num::u(36, 5),
    base: Some(8),
    offset: Num::s(20, 16),
};
/// 20-bit signed integer immediate: bits 20-38, sign at 56.
const I20: Field = Imm(Num::s(20, 19).top(56));
/// 32-bit float immediate: its top 20 bits at 20-38 and 56.
const F20: Field = Imm(Num::u(20, 19).top(56).shifted(12));
/// 64-bit float immediate: its top 20 bits (envydis prints it signed).
const D20: Field = Imm(Num::s(20, 19).top(56).shifted(44));
const U32: Field = Imm(Num::u(20, 32));
const S32: Field = Imm(Num::s(20, 32));

const fn u(lo: u8, width: u8) -> Field {
    Imm(Num::u(lo, width))
}

const fn mem(space: &'static str, base: Option<u8>, offset: Option<Num>) -> Field {
    Field::Mem {
        space,
        base,
        offset,
    }
}

/// Attribute address `a[$r8 + 20:10]`.
const AMEM: Field = mem("a", Some(8), Some(Num::u(20, 10)));
const AMEM28: Field = mem("a", Some(8), Some(Num::u(28, 10)));
const AMEMIDX: Field = mem("a", Some(8), None);
const LMEM: Field = mem("l", Some(8), Some(Num::s(20, 24)));
const SMEM: Field = mem("s", Some(8), Some(Num::s(20, 24)));
const GMEM: Field = mem("g", Some(8), Some(Num::s(20, 32)));
const NCGMEM: Field = mem("ncg", Some(8), Some(Num::s(20, 24)));
const PMEM: Field = mem("p", Some(8), None);
const ATOMMEM: Field = mem("g", Some(8), Some(Num::s(28, 20)));
const ATOMSMEM: Field = mem("s", Some(8), Some(Num::s(30, 22).shifted(2)));
const SUMEM: Field = mem("g", Some(8), None);

macro_rules! alt {
    ($value:expr, $mask:expr, [$($field:expr),* $(,)?]) => {
        Alt { value: $value, mask: $mask, fields: &[$($field),*] }
    };
}

/// A table of modifier names over one group of bits: `names!(MASK; VALUE => "name" ...)`;
/// `VALUE => -` prints nothing.
macro_rules! names {
    ($mask:expr; $($value:expr => $name:tt),* $(,)?) => {
        Table(&[$(names!(@alt $mask, $value, $name)),*])
    };
    (@alt $mask:expr, $value:expr, -) => { alt!($value, $mask, []) };
    (@alt $mask:expr, $value:expr, $name:literal) => { alt!($value, $mask, [Lit($name)]) };
}

macro_rules! form {
    ($value:expr, $mask:expr, $name:literal, guarded, [$($field:expr),* $(,)?]) => {
        Form { value: $value, mask: $mask, name: $name, guarded: true, fields: &[$($field),*] }
    };
    ($value:expr, $mask:expr, $name:literal, [$($field:expr),* $(,)?]) => {
        Form { value: $value, mask: $mask, name: $name, guarded: false, fields: &[$($field),*] }
    };
}

const M13: u64 = 0xfff8_0000_0000_0000;
const M13I: u64 = 0xfef8_0000_0000_0000;
const M12: u64 = 0xfff0_0000_0000_0000;
const M12I: u64 = 0xfef0_0000_0000_0000;
const M9: u64 = 0xff80_0000_0000_0000;
const M9I: u64 = 0xfe80_0000_0000_0000;

/// The register, constant-buffer and immediate forms of one operation: `B` stands for
/// the second source.
macro_rules! alu {
    ($name:literal, $mask:expr, $mask_imm:expr, $reg:expr, $cbuf:expr, $imm:expr, $imm_field:expr,
     [$($pre:expr),*], B, [$($post:expr),*]) => {
        &[
            form!($reg, $mask, $name, guarded, [$($pre,)* R20, $($post),*]),
            form!($cbuf, $mask, $name, guarded, [$($pre,)* C34, $($post),*]),
            form!($imm, $mask_imm, $name, guarded, [$($pre,)* $imm_field, $($post),*]),
        ]
    };
}

/// Four-source operations also have a form with the constant buffer third (`0x51..`).
macro_rules! alu4 {
    ($name:literal, $mask:expr, $mask_imm:expr, $reg:expr, $cbuf:expr, $cbuf3:expr, $imm:expr, $imm_field:expr,
     [$($pre:expr),*], B, [$($mid:expr),*], C) => {
        &[
            form!($reg, $mask, $name, guarded, [$($pre,)* R20, $($mid,)* R39]),
            form!($cbuf, $mask, $name, guarded, [$($pre,)* C34, $($mid,)* R39]),
            form!($cbuf3, $mask, $name, guarded, [$($pre,)* R39, $($mid,)* C34]),
            form!($imm, $mask_imm, $name, guarded, [$($pre,)* $imm_field, $($mid,)* R39]),
        ]
    };
}

/// Condition codes (`sync`, `bra`, `exit` ...): 5 bits at `$shift`, 15 meaning always.
macro_rules! cond_codes {
    ($shift:literal) => {
        names!(0x1fu64 << $shift;
            0u64 << $shift => "f", 1u64 << $shift => "lt", 2u64 << $shift => "eq",
            3u64 << $shift => "le", 4u64 << $shift => "gt", 5u64 << $shift => "ne",
            6u64 << $shift => "ge", 7u64 << $shift => "num", 8u64 << $shift => "nan",
            9u64 << $shift => "ltu", 10u64 << $shift => "equ", 11u64 << $shift => "leu",
            12u64 << $shift => "gtu", 13u64 << $shift => "neu", 14u64 << $shift => "geu",
            15u64 << $shift => -, 16u64 << $shift => "off", 17u64 << $shift => "lo",
            18u64 << $shift => "sff", 19u64 << $shift => "ls", 20u64 << $shift => "hi",
            21u64 << $shift => "sft", 22u64 << $shift => "hs", 23u64 << $shift => "oft",
            24u64 << $shift => "csm_ta", 25u64 << $shift => "csm_tr", 26u64 << $shift => "csm_mx",
            27u64 << $shift => "fcsm_ta", 28u64 << $shift => "fcsm_tr", 29u64 << $shift => "fcsm_mx",
            30u64 << $shift => "rle", 31u64 << $shift => "rgt")
    };
}

const CC: Field = cond_codes!(0);
const CC8: Field = cond_codes!(8);

/// Float comparisons, 4 bits at 48.
const FCMP: Field = names!(0xfu64 << 48;
    0u64 << 48 => "f", 1u64 << 48 => "lt", 2u64 << 48 => "eq", 3u64 << 48 => "le",
    4u64 << 48 => "gt", 5u64 << 48 => "ne", 6u64 << 48 => "ge", 7u64 << 48 => "num",
    8u64 << 48 => "nan", 9u64 << 48 => "ltu", 10u64 << 48 => "equ", 11u64 << 48 => "leu",
    12u64 << 48 => "gtu", 13u64 << 48 => "neu", 14u64 << 48 => "geu", 15u64 << 48 => "t");
/// Integer comparisons, 3 bits at 49.
const ICMP: Field = names!(0x7u64 << 49;
    0u64 << 49 => "f", 1u64 << 49 => "lt", 2u64 << 49 => "eq", 3u64 << 49 => "le",
    4u64 << 49 => "gt", 5u64 << 49 => "ne", 6u64 << 49 => "ge", 7u64 << 49 => "t");
/// How a comparison combines with its predicate source, 2 bits at 45.
const BOOL45: Field = names!(0x3u64 << 45; 0 => "and", 1u64 << 45 => "or", 2u64 << 45 => "xor");
/// Round modes, 2 bits at 39.
const RND39: Field =
    names!(0x3u64 << 39; 0 => -, 1u64 << 39 => "rm", 2u64 << 39 => "rp", 3u64 << 39 => "rz");
/// `u32` when bit 48 is clear (signed otherwise).
const U32_48: Field = names!(1u64 << 48; 0 => "u32", 1u64 << 48 => -);
const FTZ44: Field = names!(0x3u64 << 44; 0 => -, 1u64 << 44 => "ftz", 2u64 << 44 => "fmz");
const FMUL_SCALE: Field = names!(0x7u64 << 41;
    0 => -, 1u64 << 41 => "d2", 2u64 << 41 => "d4", 3u64 << 41 => "d8",
    4u64 << 41 => "m8", 5u64 << 41 => "m4", 6u64 << 41 => "m2");
const FFMA_FTZ: Field = names!(0x3u64 << 53; 0 => -, 1u64 << 53 => "ftz", 2u64 << 53 => "fmz");
const FFMA_RND: Field =
    names!(0x3u64 << 51; 0 => -, 1u64 << 51 => "rm", 2u64 << 51 => "rp", 3u64 << 51 => "rz");
const LOP_OP: Field = names!(0x3u64 << 41; 0 => "and", 1u64 << 41 => "or", 2u64 << 41 => "xor", 3u64 << 41 => "pass_b");
const LOP_PRED: Field =
    names!(0x3u64 << 44; 0 => -, 1u64 << 44 => "t", 2u64 << 44 => "z", 3u64 << 44 => "nz");
const LOP32_OP: Field = names!(0x3u64 << 53; 0 => "and", 1u64 << 53 => "or", 2u64 << 53 => "xor", 3u64 << 53 => "pass_b");
const IMNMX_X: Field =
    names!(0x3u64 << 43; 0 => -, 1u64 << 43 => "xlo", 2u64 << 43 => "xmed", 3u64 << 43 => "xhi");
/// XMAD operand types (A, B), 2 bits at 48.
const XMAD_TYPES: Field = Table(&[
    alt!(0, 3u64 << 48, []),
    alt!(1u64 << 48, 3u64 << 48, [Lit("s16"), Lit("u16")]),
    alt!(2u64 << 48, 3u64 << 48, [Lit("u16"), Lit("s16")]),
    alt!(3u64 << 48, 3u64 << 48, [Lit("s16"), Lit("s16")]),
]);
const XMAD_MODE: Field = names!(0x7u64 << 50;
    0 => -, 1u64 << 50 => "clo", 2u64 << 50 => "chi", 3u64 << 50 => "csfu", 4u64 << 50 => "cbcc");
const XMAD_MODE_C: Field = names!(0x3u64 << 50;
    0 => -, 1u64 << 50 => "clo", 2u64 << 50 => "chi", 3u64 << 50 => "csfu");
const FLOAT_DST: Field =
    names!(0x3u64 << 8; 1u64 << 8 => "f16", 2u64 << 8 => "f32", 3u64 << 8 => "f64");
const FLOAT_SRC: Field =
    names!(0x3u64 << 10; 1u64 << 10 => "f16", 2u64 << 10 => "f32", 3u64 << 10 => "f64");
const INT_SRC: Field = names!(0x2c00;
    0 => "u8", 0x400 => "u16", 0x800 => "u32", 0xc00 => "u64",
    0x2000 => "s8", 0x2400 => "s16", 0x2800 => "s32", 0x2c00 => "s64");
const INT_DST: Field = names!(0x1300;
    0 => "u8", 0x100 => "u16", 0x200 => "u32", 0x300 => "u64",
    0x1000 => "s8", 0x1100 => "s16", 0x1200 => "s32", 0x1300 => "u64");
const I2I_DST: Field = names!(0x1300;
    0 => "u8", 0x100 => "u16", 0x200 => "u32", 0x1000 => "s8", 0x1100 => "s16", 0x1200 => "s32");
const I2I_SRC: Field = names!(0x2c00;
    0 => "u8", 0x400 => "u16", 0x800 => "u32", 0x2000 => "s8", 0x2400 => "s16", 0x2800 => "s32");
const BYTE_SEL: Field =
    names!(0x3u64 << 41; 0 => -, 1u64 << 41 => "b1", 2u64 << 41 => "b2", 3u64 << 41 => "b3");
const F2I_RND: Field = names!(0x3u64 << 39; 0 => -, 1u64 << 39 => "floor", 2u64 << 39 => "ceil", 3u64 << 39 => "trunc");
const F2F_RND: Field = names!(0x58u64 << 36;
    0 => -, 0x18u64 << 36 => "pass", 0x40u64 << 36 => "round", 0x48u64 << 36 => "floor",
    0x50u64 << 36 => "ceil", 0x58u64 << 36 => "trunc");
/// MUFU functions; 8 (square root) is in Mesa's emitter and uam's output though
/// envydis does not name it.
const MUFU_OP: Field = names!(0xfu64 << 20;
    0 => "cos", 1u64 << 20 => "sin", 2u64 << 20 => "ex2", 3u64 << 20 => "lg2",
    4u64 << 20 => "rcp", 5u64 << 20 => "rsq", 6u64 << 20 => "rcp64h", 7u64 << 20 => "rsq64h",
    8u64 << 20 => "sqrt");
const RRO_OP: Field = names!(1u64 << 39; 0 => "sincos", 1u64 << 39 => "ex2");
const SIZE_AMEM: Field = names!(0x3u64 << 47; 0 => "b32", 1u64 << 47 => "b64", 2u64 << 47 => "b96", 3u64 << 47 => "b128");
const SIZE_MEM: Field = names!(0x7u64 << 48;
    0 => "u8", 1u64 << 48 => "s8", 2u64 << 48 => "u16", 3u64 << 48 => "s16",
    4u64 << 48 => "b32", 5u64 << 48 => "b64", 6u64 << 48 => "b128");
/// LDG sizes: SIZE_MEM and 7, a 128-bit access envydis prints `u b128`.
const SIZE_GLOBAL: Field = Table(&[
    alt!(7u64 << 48, 7u64 << 48, [Lit("u"), Lit("b128")]),
    alt!(0, 0, [SIZE_MEM]),
]);
const SIZE_LDC: Field = names!(0x7u64 << 48;
    0 => "u8", 1u64 << 48 => "s8", 2u64 << 48 => "u16", 3u64 << 48 => "s16",
    4u64 << 48 => "b32", 5u64 << 48 => "b64");
const SIZE_GMEM: Field = names!(0x7u64 << 53;
    0 => "u8", 1u64 << 53 => "s8", 2u64 << 53 => "u16", 3u64 << 53 => "s16",
    4u64 << 53 => "b32", 5u64 << 53 => "b64", 6u64 << 53 => "b128");
const LDG_CACHE: Field =
    names!(0x3u64 << 46; 0 => -, 1u64 << 46 => "cg", 2u64 << 46 => "ci", 3u64 << 46 => "cv");
const STG_CACHE: Field =
    names!(0x3u64 << 46; 0 => -, 1u64 << 46 => "cg", 2u64 << 46 => "cs", 3u64 << 46 => "wt");
const LDL_CACHE: Field =
    names!(0x3u64 << 44; 0 => -, 1u64 << 44 => "lu", 2u64 << 44 => "ci", 3u64 << 44 => "cv");
const STL_CACHE: Field =
    names!(0x3u64 << 44; 0 => -, 1u64 << 44 => "cg", 2u64 << 44 => "cs", 3u64 << 44 => "wt");
const LDC_MODE: Field =
    names!(0x3u64 << 44; 0 => -, 1u64 << 44 => "il", 2u64 << 44 => "is", 3u64 << 44 => "isl");
const LD_CACHE: Field =
    names!(0x3u64 << 56; 0 => -, 1u64 << 56 => "cg", 2u64 << 56 => "ci", 3u64 << 56 => "cv");
const ST_CACHE: Field =
    names!(0x3u64 << 56; 0 => -, 1u64 << 56 => "cg", 2u64 << 56 => "ct", 3u64 << 56 => "wt");
const IPA_MODE: Field = names!(0x3u64 << 54; 0 => "pass", 1u64 << 54 => -, 2u64 << 54 => "constant", 3u64 << 54 => "sc");
const IPA_SAMPLE: Field =
    names!(0x3u64 << 52; 0 => -, 1u64 << 52 => "centroid", 2u64 << 52 => "offset");
const ISBERD_SPACE: Field =
    names!(0x3u64 << 33; 0 => -, 1u64 << 33 => "patch", 2u64 << 33 => "prim", 3u64 << 33 => "attr");
const ISBERD_SIZE: Field = names!(0x3u64 << 47; 0 => -, 1u64 << 47 => "u16", 2u64 << 47 => "b32");
const ATOM_OP: Field = names!(0xfu64 << 52;
    0 => "add", 1u64 << 52 => "min", 2u64 << 52 => "max", 3u64 << 52 => "inc", 4u64 << 52 => "dec",
    5u64 << 52 => "and", 6u64 << 52 => "or", 7u64 << 52 => "xor", 8u64 << 52 => "exch",
    0xau64 << 52 => "safeadd");
/// Atomic operand types, 3 bits at `$lo`; f32 atomics flush denormals and round to nearest.
macro_rules! atomic_types {
    ($lo:literal) => {
        Table(&[
            alt!(0, 7u64 << $lo, [Lit("u32")]),
            alt!(1u64 << $lo, 7u64 << $lo, [Lit("s32")]),
            alt!(2u64 << $lo, 7u64 << $lo, [Lit("u64")]),
            alt!(
                3u64 << $lo,
                7u64 << $lo,
                [Lit("ftz"), Lit("rn"), Lit("f32")]
            ),
            alt!(4u64 << $lo, 7u64 << $lo, [Lit("u128")]),
            alt!(5u64 << $lo, 7u64 << $lo, [Lit("s64")]),
        ])
    };
}
const ATOM_SIZE: Field = atomic_types!(49);
const ATOMS_OP: Field = names!(0xfu64 << 52;
    0 => "add", 1u64 << 52 => "min", 2u64 << 52 => "max", 3u64 << 52 => "inc", 4u64 << 52 => "dec",
    5u64 << 52 => "and", 6u64 << 52 => "or", 7u64 << 52 => "xor", 8u64 << 52 => "exch");
const ATOMS_SIZE: Field =
    names!(0x3u64 << 28; 0 => "u32", 1u64 << 28 => "s32", 2u64 << 28 => "u64", 3u64 << 28 => "s64");
const RED_OP: Field = names!(0x7u64 << 23;
    0 => "add", 1u64 << 23 => "min", 2u64 << 23 => "max", 3u64 << 23 => "inc", 4u64 << 23 => "dec",
    5u64 << 23 => "and", 6u64 << 23 => "or", 7u64 << 23 => "xor");
const RED_SIZE: Field = atomic_types!(20);
const CAS_SIZE: Field = names!(1u64 << 49; 0 => "b32", 1u64 << 49 => "b64");
const ATOMS_CAS: Field = Table(&[
    alt!(0, 3u64 << 53, [Lit("cast")]),
    alt!(1u64 << 53, 3u64 << 53, [Lit("cast"), Lit("spin")]),
    alt!(2u64 << 53, 3u64 << 53, [Lit("cas")]),
]);
const SHFL_MODE: Field = names!(0x3u64 << 30; 0 => "idx", 1u64 << 30 => "up", 2u64 << 30 => "down", 3u64 << 30 => "bfly");
const SHFL_SRC: Field = Table(&[
    alt!(0, 3u64 << 28, [R20, R39]),
    alt!(1u64 << 28, 3u64 << 28, [u(20, 5), R39]),
    alt!(2u64 << 28, 3u64 << 28, [R20, u(34, 13)]),
    alt!(3u64 << 28, 3u64 << 28, [u(20, 5), u(34, 13)]),
]);
const BAR_OP: Field = Table(&[
    alt!(0x02u64 << 32, 0x9bu64 << 32, [Lit("red"), Lit("popc")]),
    alt!(0x03u64 << 32, 0x9bu64 << 32, [Lit("scan")]),
    alt!(0x0au64 << 32, 0x9bu64 << 32, [Lit("red"), Lit("and")]),
    alt!(0x12u64 << 32, 0x9bu64 << 32, [Lit("red"), Lit("or")]),
    alt!(0x80u64 << 32, 0x9bu64 << 32, [Lit("sync")]),
    alt!(0x81u64 << 32, 0x9bu64 << 32, [Lit("arrive")]),
]);
const BAR_SRC: Field = Table(&[
    alt!(0, 3u64 << 43, [R08, R20]),
    alt!(1u64 << 43, 3u64 << 43, [R08, u(20, 12)]),
    alt!(2u64 << 43, 3u64 << 43, [u(8, 8), R20]),
    alt!(3u64 << 43, 3u64 << 43, [u(8, 8), u(20, 12)]),
]);
const MEMBAR_LEVEL: Field = names!(0x300; 0 => "cta", 0x100 => "gl", 0x200 => "sys", 0x300 => "vc");
const MEMBAR_IVAL: Field = names!(0x3; 0 => -, 1 => "ivalld", 2 => "ivallt", 3 => "ivalltd");
/// CCTL operations (bits 0-3): 6 is `ivall` only with bits 8-15 set and the address
/// bits 22-43 clear; 8 and 10-15 are not named by envydis.
const CCTL_OP: Field = Table(&[
    alt!(0xff06, 0x0000_0fff_ffc0_ff0f, [Lit("ivall")]),
    alt!(0, 0xf, [Lit("qry1")]),
    alt!(1, 0xf, [Lit("pf1")]),
    alt!(2, 0xf, [Lit("pf1.5")]),
    alt!(3, 0xf, [Lit("pf2")]),
    alt!(4, 0xf, [Lit("wb")]),
    alt!(5, 0xf, [Lit("iv")]),
    alt!(7, 0xf, [Lit("rs")]),
    alt!(9, 0xf, [Lit("rslb")]),
]);
/// CCTL cache kinds (bits 4-6).
const CCTL_KIND: Field = names!(0x70; 0 => -, 0x10 => "u", 0x20 => "c", 0x30 => "i", 0x40 => "crs");
const VOTE_OP: Field = names!(0x3u64 << 48; 0 => "all", 1u64 << 48 => "any", 2u64 << 48 => "eq");
const PSETP_OP: Field = names!(0x3u64 << 24; 0 => "and", 1u64 << 24 => "or", 2u64 << 24 => "xor");
const OUT_OP: Field =
    names!(0x3u64 << 39; 1u64 << 39 => "emit", 2u64 << 39 => "cut", 3u64 << 39 => "emit_then_cut");
const PRMT_MODE: Field = names!(0xfu64 << 48;
    0 => -, 1u64 << 48 => "f4e", 2u64 << 48 => "b4e", 3u64 << 48 => "rc8",
    4u64 << 48 => "ecl", 5u64 << 48 => "ecr", 6u64 << 48 => "rc16");
const SHF_TYPE: Field = names!(0x3u64 << 37; 0 => -, 2u64 << 37 => "u64", 3u64 << 37 => "s64");
const SHF_HI: Field =
    names!(0x3u64 << 48; 0 => -, 1u64 << 48 => "hi", 2u64 << 48 => "x", 3u64 << 48 => "xhi");
const IADD3_SHIFT: Field = names!(0x3u64 << 37; 0 => -, 1u64 << 37 => "rs", 2u64 << 37 => "ls");
const IADD3_HA: Field = names!(0x3u64 << 35; 0 => -, 1u64 << 35 => "h0", 2u64 << 35 => "h1");
const IADD3_HB: Field = names!(0x3u64 << 33; 0 => -, 1u64 << 33 => "h0", 2u64 << 33 => "h1");
const IADD3_HC: Field = names!(0x3u64 << 31; 0 => -, 1u64 << 31 => "h0", 2u64 << 31 => "h1");
const LOP3_PRED: Field =
    names!(0x3u64 << 36; 0 => -, 1u64 << 36 => "t", 2u64 << 36 => "z", 3u64 << 36 => "nz");
const DEPBAR_LE: Field = names!(1u64 << 29; 0 => -, 1u64 << 29 => "le");
const EXIT_CC: Field = CC;
const IMAD_A: Field = names!(1u64 << 48; 0 => "u32", 1u64 << 48 => "s32");
const IMAD_B: Field = names!(1u64 << 53; 0 => "u32", 1u64 << 53 => "s32");
const IMUL_A: Field = names!(1u64 << 40; 0 => "u32", 1u64 << 40 => "s32");
const IMUL_B: Field = names!(1u64 << 41; 0 => "u32", 1u64 << 41 => "s32");
const IMUL32_A: Field = names!(1u64 << 54; 0 => "u32", 1u64 << 54 => "s32");
const IMUL32_B: Field = names!(1u64 << 55; 0 => "u32", 1u64 << 55 => "s32");
const IMAD32_B: Field = names!(1u64 << 57; 0 => "u32", 1u64 << 57 => "s32");

// Texture fields.
const TEX_TARGET: Field = names!(0x3u64 << 29; 0 => "t1d", 1u64 << 29 => "t2d", 2u64 << 29 => "t3d", 3u64 << 29 => "tcube");
const TEX_MASK: Field = u(31, 4);
const TEX_HANDLE: Field = u(36, 13);
const TEX_LOD: Field = names!(0x7u64 << 55;
    0 => -, 1u64 << 55 => "lz", 2u64 << 55 => "lb", 3u64 << 55 => "ll", 6u64 << 55 => "lba", 7u64 << 55 => "lla");
const TEXB_LOD: Field = names!(0x7u64 << 37;
    0 => -, 1u64 << 37 => "lz", 2u64 << 37 => "lb", 3u64 << 37 => "ll", 6u64 << 37 => "lba", 7u64 << 37 => "lla");
const TLD4_COMP: Field =
    names!(0x3u64 << 56; 0 => "r", 1u64 << 56 => "g", 2u64 << 56 => "b", 3u64 << 56 => "a");
const TLD4_OFF: Field = names!(0x3u64 << 54; 0 => -, 1u64 << 54 => "aoffi", 2u64 << 54 => "ptp");
const TLD4B_COMP: Field =
    names!(0x3u64 << 38; 0 => "r", 1u64 << 38 => "g", 2u64 << 38 => "b", 3u64 << 38 => "a");
const TLD4B_OFF: Field = names!(0x3u64 << 36; 0 => -, 1u64 << 36 => "aoffi", 2u64 << 36 => "ptp");
const TLD4S_COMP: Field =
    names!(0x3u64 << 52; 0 => "r", 1u64 << 52 => "g", 2u64 << 52 => "b", 3u64 << 52 => "a");
const TLD_LOD: Field = names!(1u64 << 55; 0 => "lz", 1u64 << 55 => "ll");
const TXQ_QUERY: Field = names!(0x3fu64 << 22;
    1u64 << 22 => "dimension", 2u64 << 22 => "texture_type", 5u64 << 22 => "sample_pos",
    0x10u64 << 22 => "filter", 0x12u64 << 22 => "lod", 0x14u64 << 22 => "wrap",
    0x16u64 << 22 => "border_color");
/// TEXS/TLDS: the components written, 3 bits at 50. With the second destination zero
/// (one register pair) the choice is among one and two components.
const TEXS_MASK: Field = Table(&[
    alt!(
        0xff << 28,
        0xff << 28,
        [names!(7u64 << 50;
        0 => "r", 1u64 << 50 => "g", 2u64 << 50 => "b", 3u64 << 50 => "a",
        4u64 << 50 => "rg", 5u64 << 50 => "ra", 6u64 << 50 => "ga", 7u64 << 50 => "ba")]
    ),
    alt!(
        0,
        0,
        [names!(7u64 << 50;
        0 => "rgb", 1u64 << 50 => "rga", 2u64 << 50 => "rba", 3u64 << 50 => "gba", 4u64 << 50 => "rgba")]
    ),
]);
/// TEXS: LOD mode and target share 4 bits at 53.
const TEXS_LOD: Field = names!(0xfu64 << 53;
    0 => "lz", 1u64 << 53 => -, 2u64 << 53 => "lz", 3u64 << 53 => "ll", 4u64 << 53 => "dc",
    5u64 << 53 => "ll", 6u64 << 53 => "lz", 7u64 << 53 => -, 8u64 << 53 => "lz",
    9u64 << 53 => "lz", 0xau64 << 53 => -, 0xbu64 << 53 => "lz", 0xcu64 << 53 => -,
    0xdu64 << 53 => "ll");
const TEXS_DC: Field = Table(&[
    alt!(5u64 << 53, 0xfu64 << 53, [Lit("dc")]),
    alt!(6u64 << 53, 0xfu64 << 53, [Lit("dc")]),
    alt!(9u64 << 53, 0xfu64 << 53, [Lit("dc")]),
    alt!(0, 0, []),
]);
const TEXS_TARGET: Field = names!(0xfu64 << 53;
    0 => "t1d", 1u64 << 53 => "t2d", 2u64 << 53 => "t2d", 3u64 << 53 => "t2d", 4u64 << 53 => "t2d",
    5u64 << 53 => "t2d", 6u64 << 53 => "t2d", 7u64 << 53 => "a2d", 8u64 << 53 => "a2d",
    9u64 << 53 => "a2d", 0xau64 << 53 => "t3d", 0xbu64 << 53 => "t3d", 0xcu64 << 53 => "tcube",
    0xdu64 << 53 => "tcube");
const TLDS_LOD: Field = Table(&[
    alt!(0, 0xfu64 << 53, [Lit("lz")]),
    alt!(1u64 << 53, 0xfu64 << 53, [Lit("ll")]),
    alt!(2u64 << 53, 0xfu64 << 53, [Lit("lz")]),
    alt!(4u64 << 53, 0xfu64 << 53, [Lit("lz"), Lit("aoffi")]),
    alt!(5u64 << 53, 0xfu64 << 53, [Lit("ll")]),
    alt!(6u64 << 53, 0xfu64 << 53, [Lit("lz"), Lit("mz")]),
    alt!(7u64 << 53, 0xfu64 << 53, [Lit("lz")]),
    alt!(8u64 << 53, 0xfu64 << 53, [Lit("lz")]),
    alt!(0xcu64 << 53, 0xfu64 << 53, [Lit("ll"), Lit("aoffi")]),
]);
const TLDS_TARGET: Field = names!(0xfu64 << 53;
    0 => "t1d", 1u64 << 53 => "t1d", 2u64 << 53 => "t2d", 4u64 << 53 => "t2d", 5u64 << 53 => "t2d",
    6u64 << 53 => "t2d", 7u64 << 53 => "t3d", 8u64 << 53 => "a2d", 0xcu64 << 53 => "t2d");

// Surface fields.
const SU_PD: Field = names!(1u64 << 52; 0 => "p", 1u64 << 52 => "d");
const SU_DIM: Field = names!(0x7u64 << 33;
    0 => "t1d", 1u64 << 33 => "b1d", 2u64 << 33 => "a1d", 3u64 << 33 => "t2d", 4u64 << 33 => "a2d",
    5u64 << 33 => "t3d");
/// SUST/SULD: the components (formatted, `p`) or the size (raw, `d`), 4 bits at 20.
const SU_COMPONENTS: Field = Table(&[
    alt!(
        0,
        1u64 << 52,
        [names!(0xfu64 << 20;
        1u64 << 20 => "r", 2u64 << 20 => "g", 3u64 << 20 => "rg", 4u64 << 20 => "b",
        5u64 << 20 => "rb", 6u64 << 20 => "gb", 7u64 << 20 => "rgb", 8u64 << 20 => "a",
        9u64 << 20 => "ra", 0xau64 << 20 => "ga", 0xbu64 << 20 => "rga", 0xcu64 << 20 => "ba",
        0xdu64 << 20 => "rba", 0xeu64 << 20 => "gba", 0xfu64 << 20 => "rgba")]
    ),
    alt!(
        1u64 << 52,
        1u64 << 52,
        [names!(0xfu64 << 20;
        0 => "u8", 1u64 << 20 => "s8", 2u64 << 20 => "u16", 3u64 << 20 => "s16",
        4u64 << 20 => "b32", 5u64 << 20 => "b64", 6u64 << 20 => "b128")]
    ),
]);
const SUST_BA: Field = Table(&[
    alt!(1u64 << 52, (1u64 << 52) | (1u64 << 23), [Lit("ba")]),
    alt!(0, 0, []),
]);
const SUST_CACHE: Field =
    names!(0x3u64 << 24; 0 => -, 1u64 << 24 => "cg", 2u64 << 24 => "cs", 3u64 << 24 => "wt");
const SULD_CACHE: Field =
    names!(0x3u64 << 24; 0 => -, 1u64 << 24 => "cg", 2u64 << 24 => "ci", 3u64 << 24 => "cv");
const SU_CLAMP: Field = names!(0x3u64 << 49; 0 => "ign", 1u64 << 49 => -, 2u64 << 49 => "trap");
const SU_HANDLE: Field = Table(&[
    alt!(0, 1u64 << 51, [R39]),
    alt!(1u64 << 51, 1u64 << 51, [u(36, 13)]),
]);
const SUATOM_BA: Field = Table(&[alt!(1u64 << 28, 1u64 << 28, [Lit("ba")]), alt!(0, 0, [])]);
const SUATOM_TYPE: Field = names!(0x7u64 << 36;
    0 => "u32", 1u64 << 36 => "s32", 2u64 << 36 => "u64", 3u64 << 36 => "f32",
    5u64 << 36 => "s64", 6u64 << 36 => "sd32", 7u64 << 36 => "sd64");
/// The same for the operations but `cas`, where type 4, naming no type, decodes too: the
/// field is also the low bits of an immediate handle (uam ORs them, so an image slot
/// whose handle ends in 4 gives it). Printed as envydis prints it; the translation reads
/// handle and type from the word.
const SUATOM_OP_TYPE: Field = names!(0x7u64 << 36;
    0 => "u32", 1u64 << 36 => "s32", 2u64 << 36 => "u64", 3u64 << 36 => "f32",
    4u64 << 36 => "???", 5u64 << 36 => "s64", 6u64 << 36 => "sd32", 7u64 << 36 => "sd64");
const SUATOM_OP: Field = names!(0xfu64 << 29;
    0 => "add", 1u64 << 29 => "min", 2u64 << 29 => "max", 3u64 << 29 => "inc", 4u64 << 29 => "dec",
    5u64 << 29 => "and", 6u64 << 29 => "or", 7u64 << 29 => "xor", 8u64 << 29 => "exch");
const SURED_OP: Field = names!(0x7u64 << 24;
    0 => "add", 1u64 << 24 => "min", 2u64 << 24 => "max", 3u64 << 24 => "inc", 4u64 << 24 => "dec",
    5u64 << 24 => "and", 6u64 << 24 => "or", 7u64 << 24 => "xor");

/// Every form, in match order.
#[rustfmt::skip]
pub static ROOT: &[&[Form]] = &[
    // Geometry output, control flow, barriers.
    &[
        form!(0xfbe0 << 48, M13, "out", guarded, [OUT_OP, R00, R08, R20]),
        form!(0xf6e0 << 48, M13I, "out", guarded, [OUT_OP, R00, R08, I20]),
        form!(0xebe0 << 48, M13, "out", guarded, [OUT_OP, R00, R08, C34]),
        form!(0xf0f8 << 48, M13, "sync", guarded, [CC]),
        form!(0xf0f0 << 48, M13, "depbar", guarded, [DEPBAR_LE, u(26, 3), u(20, 6), u(0, 6)]),
        form!(0xf0c8 << 48, M13, "mov", guarded, [R00, Sys(20)]),
        form!(0xf0a8 << 48, M13, "bar", guarded, [BAR_OP, BAR_SRC, PN39]),
        form!(0xef98 << 48, M13, "membar", guarded, [MEMBAR_LEVEL, MEMBAR_IVAL]),
        form!(0xe350 << 48, M12, "cont", guarded, [CC]),
        form!(0xe340 << 48, M12, "brk", guarded, [CC]),
        form!(0xe330 << 48, M12, "kil", guarded, [CC]),
        form!(0xe320 << 48, M12, "ret", guarded, [CC]),
        form!(0xe300 << 48, M12, "exit", guarded, [On(5, "keeprefcount"), EXIT_CC]),
        form!((0xe2b0 << 48) | 0x20, M12 | 0x20, "pcnt", [C36]),
        form!(0xe2b0 << 48, M12 | 0x20, "pcnt", [Target]),
        form!((0xe2a0 << 48) | 0x20, M12 | 0x20, "pbk", [C36]),
        form!(0xe2a0 << 48, M12 | 0x20, "pbk", [Target]),
        form!((0xe290 << 48) | 0x20, M12 | 0x20, "ssy", [C36]),
        form!(0xe290 << 48, M12 | 0x20, "ssy", [Target]),
        form!((0xe270 << 48) | 0x20, M12 | 0x20, "pret", [Off(6, "noinc"), C36]),
        form!(0xe270 << 48, M12 | 0x20, "pret", [Off(6, "noinc"), Target]),
        form!((0xe260 << 48) | 0x20, M12 | 0x20, "cal", [Off(6, "noinc"), C36]),
        form!(0xe260 << 48, M12 | 0x20, "cal", [Off(6, "noinc"), Target]),
        form!((0xe250 << 48) | 0x20, M12 | 0x20, "brx", guarded, [On(6, "lmt"), CC, C36B]),
        form!(0xe250 << 48, M12, "brx", guarded, [On(6, "lmt"), CC, R08, Imm(Num::s(20, 24))]),
        form!((0xe240 << 48) | 0x20, M12 | 0x20, "bra", guarded, [On(7, "u"), On(6, "lmt"), CC, C36]),
        form!(0xe240 << 48, M12 | 0x20, "bra", guarded, [On(7, "u"), On(6, "lmt"), CC, Target]),
        form!(0xe230 << 48, M12, "pexit", guarded, [Target]),
    ],
    // Attribute, shared, local, constant and global memory.
    &[
        form!(0xeff0 << 48, M13, "st", guarded, [On(31, "p"), SIZE_AMEM, AMEM, R00, R39]),
        form!(0xefd8 << 48, M13, "ld", guarded, [On(32, "o"), On(31, "p"), SIZE_AMEM, R00, AMEM, R39]),
        form!(0xefd0 << 48, M13, "isberd", guarded, [On(32, "o"), ISBERD_SPACE, On(31, "skew"), ISBERD_SIZE, R00, PMEM]),
        form!(0xefa0 << 48, M13, "al2p", guarded, [On(32, "o"), SIZE_AMEM, P44, R00, R08, Imm(Num::s(20, 11))]),
        form!(0xef90 << 48, M13, "ld", guarded, [LDC_MODE, SIZE_LDC, R00, C36B]),
        form!(0xef58 << 48, M13, "st", guarded, [SIZE_MEM, SMEM, R00]),
        form!(0xef50 << 48, M13, "st", guarded, [STL_CACHE, SIZE_MEM, LMEM, R00]),
        form!(0xef48 << 48, M13, "ld", guarded, [On(44, "u"), SIZE_MEM, R00, SMEM]),
        form!(0xef40 << 48, M13, "ld", guarded, [LDL_CACHE, SIZE_MEM, R00, LMEM]),
        form!(0xef60 << 48, 0xffe0 << 48, "cctl", guarded, [On(52, "e"), CCTL_KIND, CCTL_OP, mem("g", Some(8), Some(Num::s(22, 30).shifted(2)))]),
        form!(0xef10 << 48, M13, "shfl", guarded, [SHFL_MODE, P48, R00, R08, SHFL_SRC]),
        form!(0xeef0 << 48, M12, "atom", guarded, [Lit("cas"), On(48, "e"), CAS_SIZE, R00, ATOMMEM, R20]),
        form!(0xeed8 << 48, M13, "stg", guarded, [On(45, "e"), STG_CACHE, SIZE_MEM, NCGMEM, R00]),
        form!(0xeed0 << 48, M13, "ldg", guarded, [On(45, "e"), LDG_CACHE, SIZE_GLOBAL, R00, NCGMEM]),
        form!(0xee00 << 48, M9, "atoms", guarded, [ATOMS_CAS, names!(1u64 << 52; 0 => "b32", 1u64 << 52 => "b64"), R00, ATOMSMEM, R20]),
        form!(0xed00 << 48, 0xff00 << 48, "atom", guarded, [ATOM_OP, On(48, "e"), ATOM_SIZE, R00, ATOMMEM, R20]),
        form!(0xec00 << 48, 0xff00 << 48, "atoms", guarded, [ATOMS_OP, ATOMS_SIZE, R00, ATOMSMEM, R20]),
        form!(0xebf8 << 48, M13, "red", guarded, [RED_OP, On(48, "e"), RED_SIZE, ATOMMEM, R00]),
        form!(0xa000 << 48, 0xe000 << 48, "st", guarded, [On(52, "e"), ST_CACHE, SIZE_GMEM, GMEM, R00, P58]),
        form!(0x8000 << 48, 0xe000 << 48, "ld", guarded, [On(52, "e"), LD_CACHE, SIZE_GMEM, R00, GMEM, P58]),
    ],
    // Surfaces.
    &[
        form!(0xeb40 << 48, 0xffe0 << 48, "sured", guarded, [SU_PD, SU_DIM, SURED_OP, SU_CLAMP, SUMEM, R00, SU_HANDLE]),
        form!(0xeb20 << 48, 0xffe0 << 48, "sust", guarded, [SU_PD, SUST_BA, SU_DIM, SU_COMPONENTS, SUST_CACHE, SU_CLAMP, SUMEM, R00, SU_HANDLE]),
        form!(0xeb00 << 48, 0xffe0 << 48, "suld", guarded, [SU_PD, SU_DIM, SU_COMPONENTS, SULD_CACHE, SU_CLAMP, R00, SUMEM, SU_HANDLE]),
        form!(0xeac0 << 48, 0xffe0 << 48, "suatom", guarded, [SU_PD, SUATOM_BA, SUATOM_TYPE, SU_DIM, Lit("cas"), SU_CLAMP, R00, SUMEM, R20, SU_HANDLE]),
        form!(0xea60 << 48, 0xffe0 << 48, "suatom", guarded, [SU_PD, SUATOM_BA, SUATOM_OP_TYPE, SU_DIM, SUATOM_OP, SU_CLAMP, R00, SUMEM, R20, SU_HANDLE]),
    ],
    // Interpolation and textures.
    &[
        form!(0xe000_0000_0000_ff00, 0xff00_0040_0000_ff00, "ipa", guarded, [IPA_MODE, IPA_SAMPLE, On(51, "sat"), R00, AMEM28, R20, R39, PN47]),
        form!(0xe000_0040_0000_0000, 0xff00_0040_0000_0000, "ipa", guarded, [Lit("idx"), IPA_MODE, IPA_SAMPLE, On(51, "sat"), R00, AMEMIDX, R20, R39, PN39]),
        form!(0xdf60 << 48, M13, "tmml", guarded, [Lit("b"), Lit("lod"), On(35, "ndv"), On(49, "nodep"), R00, R08, R20, Lit("0x0"), On(28, "array"), TEX_TARGET, TEX_MASK]),
        form!(0xdf58 << 48, M13, "tmml", guarded, [Lit("lod"), On(35, "ndv"), On(49, "nodep"), R00, R08, TEX_HANDLE, On(28, "array"), TEX_TARGET, TEX_MASK]),
        form!(0xdf50 << 48, M13, "txq", guarded, [Lit("b"), On(49, "nodep"), R00, R08, TXQ_QUERY, TEX_HANDLE, TEX_MASK]),
        form!(0xdf48 << 48, M13, "txq", guarded, [On(49, "nodep"), R00, R08, TXQ_QUERY, TEX_HANDLE, TEX_MASK]),
        form!(0xdf00 << 48, 0xffc0 << 48, "tld4s", guarded, [TLD4S_COMP, On(51, "aoffi"), On(50, "dc"), On(49, "nodep"), R28, R00, R08, R20, TEX_HANDLE]),
        form!(0xdef8 << 48, M13, "tld4", guarded, [TLD4B_COMP, Lit("b"), TLD4B_OFF, On(50, "dc"), On(35, "ndv"), On(49, "nodep"), R00, R08, R20, Lit("0x0"), On(28, "array"), TEX_TARGET, TEX_MASK]),
        form!(0xdeb8 << 48, M13, "tex", guarded, [Lit("b"), TEXB_LOD, On(36, "aoffi"), On(50, "dc"), On(35, "ndv"), On(49, "nodep"), R00, R08, R20, Lit("0x0"), On(28, "array"), TEX_TARGET, TEX_MASK]),
        form!(0xde78 << 48, 0xfffc << 48, "txd", guarded, [Lit("b"), On(35, "aoffi"), On(49, "nodep"), R00, R08, R20, Lit("0x0"), On(28, "array"), TEX_TARGET, TEX_MASK]),
        form!(0xde38 << 48, 0xfffc << 48, "txd", guarded, [On(35, "aoffi"), On(49, "nodep"), R00, R08, R20, TEX_HANDLE, On(28, "array"), TEX_TARGET, TEX_MASK]),
        form!(0xdd38 << 48, 0xff38 << 48, "tld", guarded, [Lit("b"), TLD_LOD, On(35, "aoffi"), On(50, "ms"), On(54, "cl"), On(49, "nodep"), R00, R08, R20, Lit("0x0"), On(28, "array"), TEX_TARGET, TEX_MASK]),
        form!(0xdc38 << 48, 0xff38 << 48, "tld", guarded, [TLD_LOD, On(35, "aoffi"), On(50, "ms"), On(54, "cl"), On(49, "nodep"), R00, R08, R20, TEX_HANDLE, On(28, "array"), TEX_TARGET, TEX_MASK]),
        form!(0xda00 << 48, 0xfe00 << 48, "tlds", guarded, [TLDS_LOD, On(49, "nodep"), R28, R00, R08, R20, TEX_HANDLE, TLDS_TARGET, TEXS_MASK]),
        form!(0xd800 << 48, 0xfe00 << 48, "texs", guarded, [TEXS_LOD, TEXS_DC, On(49, "nodep"), R28, R00, R08, R20, TEX_HANDLE, TEXS_TARGET, TEXS_MASK]),
        form!(0xc838 << 48, 0xfc38 << 48, "tld4", guarded, [TLD4_COMP, TLD4_OFF, On(50, "dc"), On(35, "ndv"), On(49, "nodep"), R00, R08, R20, TEX_HANDLE, On(28, "array"), TEX_TARGET, TEX_MASK]),
        form!(0xc038 << 48, 0xfc38 << 48, "tex", guarded, [TEX_LOD, On(54, "aoffi"), On(50, "dc"), On(49, "nodep"), R00, R08, R20, TEX_HANDLE, On(28, "array"), TEX_TARGET, TEX_MASK]),
    ],
    // Integer and float arithmetic, conversions, moves, predicates.
    &[
        form!(0x5cf8 << 48, M13, "shf", guarded, [Lit("r"), On(50, "w"), SHF_TYPE, SHF_HI, On(47, "cc"), R00, R08, R20, R39]),
        form!(0x38f8 << 48, M13I, "shf", guarded, [Lit("r"), On(50, "w"), SHF_TYPE, SHF_HI, On(47, "cc"), R00, R08, u(20, 6), R39]),
        form!(0x5bf8 << 48, M13, "shf", guarded, [Lit("l"), On(50, "w"), SHF_TYPE, SHF_HI, On(47, "cc"), R00, R08, R20, R39]),
        form!(0x36f8 << 48, M13I, "shf", guarded, [Lit("l"), On(50, "w"), SHF_TYPE, SHF_HI, On(47, "cc"), R00, R08, I20, R39]),
        form!(0x5ca0 << 48, M13, "sel", guarded, [R00, R08, R20, PN39]),
        form!(0x4ca0 << 48, M13, "sel", guarded, [R00, R08, C34, PN39]),
        form!(0x38a0 << 48, M13I, "sel", guarded, [R00, R08, I20, PN39]),
        form!(0x5c98 << 48, M13, "mov", guarded, [R00, R20, u(39, 4)]),
        form!(0x4c98 << 48, M13, "mov", guarded, [R00, C34, u(39, 4)]),
        form!(0x3898 << 48, M13I, "mov", guarded, [R00, I20, u(39, 4)]),
        form!(0x5c90 << 48, M13, "rro", guarded, [RRO_OP, R00, On(45, "neg"), On(49, "abs"), R20]),
        form!(0x4c90 << 48, M13, "rro", guarded, [RRO_OP, R00, On(45, "neg"), On(49, "abs"), C34]),
        form!(0x3890 << 48, M13I, "rro", guarded, [RRO_OP, R00, On(45, "neg"), On(49, "abs"), F20]),
        form!(0x5080 << 48, M13, "mufu", guarded, [MUFU_OP, On(50, "sat"), R00, On(48, "neg"), On(46, "abs"), R08]),
        form!(0x50f8 << 48, M13, "fswzadd", guarded, [On(44, "ftz"), RND39, On(38, "ndv"), On(47, "cc"), R00, R08, R20, u(28, 8)]),
        form!(0x50d8 << 48, M13, "vote", guarded, [VOTE_OP, R00, P45, PN39]),
        form!(0x50c8 << 48, M13, "cs2r", guarded, [R00, Sys(20)]),
        form!(0x50b0 << 48, M13, "nop", guarded, [On(13, "trig"), CC8, u(20, 16)]),
        form!(0x5088 << 48, M13, "pset", guarded, [On(44, "bf"), PSETP_OP, BOOL45, On(47, "cc"), R00, PN12, PN29, PN39]),
        form!(0x5090 << 48, M13, "psetp", guarded, [PSETP_OP, BOOL45, P03, P00, PN12, PN29, PN39]),
        form!(0x0100 << 48, M12, "mov32i", guarded, [R00, U32, u(12, 4)]),
        form!(0x1e00 << 48, 0xff00 << 48, "fmul32i", guarded, [FFMA_FTZ, On(55, "sat"), On(52, "cc"), R00, R08, U32]),
        form!(0x1f00 << 48, 0xff00 << 48, "imul32i", guarded, [IMUL32_A, IMUL32_B, On(53, "hi"), On(52, "cc"), R00, R08, S32]),
        form!(0x1c00 << 48, M9I, "iadd32i", guarded, [On(54, "sat"), On(53, "x"), On(52, "cc"), R00, On(56, "neg"), R08, S32]),
        form!(0x1400 << 48, 0xfc00 << 48, "iscadd32i", guarded, [On(52, "cc"), R00, R08, S32, u(53, 5)]),
        form!(0x1000 << 48, 0xfc00 << 48, "imad32i", guarded, [IMUL32_A, IMAD32_B, On(53, "hi"), On(52, "cc"), R00, On(56, "neg"), R08, S32, On(55, "neg"), R00]),
        form!(0x0c00 << 48, 0xfc00 << 48, "ffma32i", guarded, [FFMA_FTZ, On(55, "sat"), On(52, "cc"), R00, On(56, "neg"), R08, U32, On(57, "neg"), R00]),
        form!(0x0800 << 48, 0xfc00 << 48, "fadd32i", guarded, [On(55, "ftz"), On(52, "cc"), R00, On(56, "neg"), On(54, "abs"), R08, On(53, "neg"), On(57, "abs"), U32]),
        form!(0x0400 << 48, 0xfc00 << 48, "lop32i", guarded, [LOP32_OP, On(57, "x"), On(52, "cc"), R00, On(55, "inv"), R08, On(56, "inv"), U32]),
        form!(0x3c00 << 48, 0xfc00 << 48, "lop3", guarded, [Lit("lut"), On(47, "cc"), R00, R08, I20, u(48, 8)]),
        form!(0x0200 << 48, 0xfe00 << 48, "lop3", guarded, [Lit("lut"), On(56, "x"), On(47, "cc"), R00, R08, C34, R39, u(48, 8)]),
        form!(0x5be0 << 48, M13, "lop3", guarded, [Lit("lut"), On(38, "x"), LOP3_PRED, P48, On(47, "cc"), R00, R08, R20, R39, u(28, 8)]),
        form!(0x5cc0 << 48, M12, "iadd3", guarded, [IADD3_SHIFT, On(48, "x"), On(47, "cc"), R00, On(51, "neg"), IADD3_HA, R08, On(50, "neg"), IADD3_HB, R20, On(49, "neg"), IADD3_HC, R39]),
        form!(0x4cc0 << 48, M12, "iadd3", guarded, [On(48, "x"), On(47, "cc"), R00, On(51, "neg"), R08, On(50, "neg"), C34, On(49, "neg"), R39]),
        form!(0x38c0 << 48, M12I, "iadd3", guarded, [On(48, "x"), On(47, "cc"), R00, On(51, "neg"), R08, On(50, "neg"), I20, On(49, "neg"), R39]),
        form!(0x5b00 << 48, 0xffc0 << 48, "xmad", guarded, [XMAD_TYPES, On(36, "psl"), On(37, "mrg"), XMAD_MODE, On(38, "x"), On(47, "cc"), R00, On(53, "h1"), R08, On(35, "h1"), R20, R39]),
        form!(0x3600 << 48, 0xfec0 << 48, "xmad", guarded, [XMAD_TYPES, On(36, "psl"), On(37, "mrg"), XMAD_MODE, On(38, "x"), On(47, "cc"), R00, On(53, "h1"), R08, u(20, 16), R39]),
        form!(0x5100 << 48, M9, "xmad", guarded, [XMAD_TYPES, XMAD_MODE_C, On(54, "x"), On(47, "cc"), R00, On(53, "h1"), R08, On(52, "h1"), R39, C34]),
        form!(0x4e00 << 48, 0xfe00 << 48, "xmad", guarded, [XMAD_TYPES, On(55, "psl"), On(56, "mrg"), XMAD_MODE_C, On(54, "x"), On(47, "cc"), R00, On(53, "h1"), R08, On(52, "h1"), C34, R39]),
    ],
    alu!("bfe", M13, M13I, 0x5c00 << 48, 0x4c00 << 48, 0x3800 << 48, I20, [U32_48, On(40, "brev"), On(47, "cc"), R00, R08], B, []),
    alu!("popc", M13, M13I, 0x5c08 << 48, 0x4c08 << 48, 0x3808 << 48, I20, [R00, On(40, "inv")], B, []),
    alu!("iadd", M13, M13I, 0x5c10 << 48, 0x4c10 << 48, 0x3810 << 48, I20, [On(50, "sat"), On(43, "x"), On(47, "cc"), R00, On(49, "neg"), R08, On(48, "neg")], B, []),
    alu!("iscadd", M13, M13I, 0x5c18 << 48, 0x4c18 << 48, 0x3818 << 48, I20, [On(47, "cc"), R00, On(49, "neg"), R08, On(48, "neg")], B, [u(39, 5)]),
    alu!("imnmx", M13, M13I, 0x5c20 << 48, 0x4c20 << 48, 0x3820 << 48, I20, [U32_48, IMNMX_X, On(47, "cc"), R00, R08], B, [PN39]),
    alu!("shr", M13, M13I, 0x5c28 << 48, 0x4c28 << 48, 0x3828 << 48, I20, [U32_48, On(39, "w"), On(44, "x"), On(40, "brev"), On(47, "cc"), R00, R08], B, []),
    alu!("flo", M13, M13I, 0x5c30 << 48, 0x4c30 << 48, 0x3830 << 48, I20, [U32_48, On(41, "sh"), On(47, "cc"), R00, On(40, "inv")], B, []),
    alu!("imul", M13, M13I, 0x5c38 << 48, 0x4c38 << 48, 0x3838 << 48, I20, [IMUL_A, IMUL_B, On(39, "hi"), On(47, "cc"), R00, R08], B, []),
    alu!("lop", M13, M13I, 0x5c40 << 48, 0x4c40 << 48, 0x3840 << 48, I20, [LOP_OP, On(43, "x"), LOP_PRED, P48, On(47, "cc"), R00, On(39, "inv"), R08, On(40, "inv")], B, []),
    alu!("shl", M13, M13I, 0x5c48 << 48, 0x4c48 << 48, 0x3848 << 48, I20, [On(39, "w"), On(43, "x"), On(47, "cc"), R00, R08], B, []),
    alu!("fadd", M13, M13I, 0x5c58 << 48, 0x4c58 << 48, 0x3858 << 48, F20, [On(44, "ftz"), On(50, "sat"), RND39, On(47, "cc"), R00, On(48, "neg"), On(46, "abs"), R08, On(45, "neg"), On(49, "abs")], B, []),
    alu!("fmnmx", M13, M13I, 0x5c60 << 48, 0x4c60 << 48, 0x3860 << 48, F20, [On(44, "ftz"), On(47, "cc"), R00, On(48, "neg"), On(46, "abs"), R08, On(45, "neg"), On(49, "abs")], B, [PN39]),
    alu!("fmul", M13, M13I, 0x5c68 << 48, 0x4c68 << 48, 0x3868 << 48, F20, [FTZ44, FMUL_SCALE, RND39, On(50, "sat"), On(47, "cc"), R00, R08, On(48, "neg")], B, []),
    alu!("dadd", M13, M13I, 0x5c70 << 48, 0x4c70 << 48, 0x3870 << 48, D20, [RND39, On(47, "cc"), R00, On(48, "neg"), On(46, "abs"), R08, On(45, "neg"), On(49, "abs")], B, []),
    alu!("dmul", M13, M13I, 0x5c80 << 48, 0x4c80 << 48, 0x3880 << 48, D20, [RND39, On(47, "cc"), R00, R08, On(48, "neg")], B, []),
    alu!("fchk", M13, M13I, 0x5c88 << 48, 0x4c88 << 48, 0x3888 << 48, F20, [names!(0x3fu64 << 39; 0 => "divide"), P03, On(48, "neg"), On(46, "abs"), R08, On(45, "neg"), On(49, "abs")], B, []),
    alu!("f2f", M13, M13I, 0x5ca8 << 48, 0x4ca8 << 48, 0x38a8 << 48, F20, [On(44, "ftz"), FLOAT_SRC, FLOAT_DST, F2F_RND, On(50, "sat"), On(47, "cc"), R00, On(45, "neg"), On(49, "abs")], B, []),
    alu!("f2i", M13, M13I, 0x5cb0 << 48, 0x4cb0 << 48, 0x38b0 << 48, F20, [On(44, "ftz"), INT_DST, FLOAT_SRC, F2I_RND, On(47, "cc"), R00, On(45, "neg"), On(49, "abs")], B, []),
    alu!("i2f", M13, M13I, 0x5cb8 << 48, 0x4cb8 << 48, 0x38b8 << 48, I20, [FLOAT_DST, INT_SRC, RND39, On(47, "cc"), R00, On(45, "neg"), On(49, "abs"), BYTE_SEL], B, []),
    alu!("i2i", M13, M13I, 0x5ce0 << 48, 0x4ce0 << 48, 0x38e0 << 48, I20, [I2I_DST, I2I_SRC, On(50, "sat"), On(47, "cc"), R00, BYTE_SEL, On(45, "neg"), On(49, "abs")], B, []),
    alu!("p2r", M13, M13I, 0x5ce8 << 48, 0x4ce8 << 48, 0x38e8 << 48, I20, [BYTE_SEL, R00, names!(1u64 << 40; 0 => "pr", 1u64 << 40 => "cc"), R08], B, []),
    alu!("r2p", M13, M13I, 0x5cf0 << 48, 0x4cf0 << 48, 0x38f0 << 48, I20, [names!(1u64 << 40; 0 => "pr", 1u64 << 40 => "cc"), BYTE_SEL, R08], B, []),
    alu!("fsetp", M12, M12I, 0x5bb0 << 48, 0x4bb0 << 48, 0x36b0 << 48, F20, [FCMP, On(47, "ftz"), BOOL45, P03, P00, On(43, "neg"), On(7, "abs"), R08, On(6, "neg"), On(44, "abs")], B, [PN39]),
    alu!("dsetp", M12, M12I, 0x5b80 << 48, 0x4b80 << 48, 0x3680 << 48, D20, [FCMP, BOOL45, P03, P00, On(43, "neg"), On(7, "abs"), R08, On(6, "neg"), On(44, "abs")], B, [PN39]),
    alu!("isetp", M12, M12I, 0x5b60 << 48, 0x4b60 << 48, 0x3660 << 48, I20, [ICMP, U32_48, On(43, "x"), BOOL45, P03, P00, R08], B, [PN39]),
    alu!("iset", M12, M12I, 0x5b50 << 48, 0x4b50 << 48, 0x3650 << 48, I20, [On(44, "bf"), ICMP, U32_48, On(43, "x"), BOOL45, On(47, "cc"), R00, R08], B, [PN39]),
    alu!("prmt", M12, M12I, 0x5bc0 << 48, 0x4bc0 << 48, 0x36c0 << 48, I20, [PRMT_MODE, R00, R08], B, [R39]),
    alu!("bfi", M13, M13I, 0x5bf0 << 48, 0x4bf0 << 48, 0x36f0 << 48, I20, [On(47, "cc"), R00, R08], B, [R39]),
    // LEA.HI first: its register form sits inside the plain form's 12-bit opcode.
    &[
        form!(0x5bd8 << 48, M13, "lea", guarded, [Lit("hi"), On(38, "x"), P48, On(47, "cc"), R00, On(37, "neg"), R08, R20, R39, u(28, 5)]),
        form!(0x1800 << 48, 0xfc00 << 48, "lea", guarded, [Lit("hi"), On(57, "x"), P48, On(47, "cc"), R00, On(56, "neg"), R08, C34, R39, u(51, 5)]),
    ],
    alu!("lea", M12, M13I, 0x5bd0 << 48, 0x4bd0 << 48, 0x36d0 << 48, I20, [On(46, "x"), P48, On(47, "cc"), R00, On(45, "neg"), R08], B, [u(39, 5)]),
    alu!("fset", 0xff00 << 48, 0xfe00 << 48, 0x5800 << 48, 0x4800 << 48, 0x3000 << 48, F20, [On(52, "bf"), FCMP, BOOL45, On(55, "ftz"), On(47, "cc"), R00, On(43, "neg"), On(54, "abs"), R08, On(53, "neg"), On(44, "abs")], B, [PN39]),
    alu4!("ffma", M9, M9I, 0x5980 << 48, 0x4980 << 48, 0x5180 << 48, 0x3280 << 48, F20, [FFMA_FTZ, FFMA_RND, On(50, "sat"), On(47, "cc"), R00, R08, On(48, "neg")], B, [On(49, "neg")], C),
    // IMAD names its carry-out `c` in three forms and `cc` in one (envydis's spelling).
    &[
        form!(0x5a00 << 48, M9, "imad", guarded, [IMAD_A, IMAD_B, On(54, "hi"), On(50, "sat"), On(49, "x"), On(47, "c"), R00, R08, R20, R39]),
        form!(0x4a00 << 48, M9, "imad", guarded, [IMAD_A, IMAD_B, On(54, "hi"), On(50, "sat"), On(49, "x"), On(47, "cc"), R00, R08, C34, R39]),
        form!(0x5200 << 48, M9, "imad", guarded, [IMAD_A, IMAD_B, On(54, "hi"), On(50, "sat"), On(49, "x"), On(47, "c"), R00, R08, R39, C34]),
        form!(0x3400 << 48, M9I, "imad", guarded, [IMAD_A, IMAD_B, On(54, "hi"), On(50, "sat"), On(49, "x"), On(47, "c"), R00, R08, I20, R39]),
    ],
    alu4!("dfma", M12, M12I, 0x5b70 << 48, 0x4b70 << 48, 0x5370 << 48, 0x3670 << 48, D20, [names!(0x3u64 << 50; 0 => -, 1u64 << 50 => "rm", 2u64 << 50 => "rp", 3u64 << 50 => "rz"), On(47, "cc"), R00, R08, On(48, "neg")], B, [On(49, "neg")], C),
];

#[path = "table_rare.rs"]
mod rare;
pub use rare::RARE;

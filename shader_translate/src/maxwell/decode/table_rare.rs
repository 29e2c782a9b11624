//! The forms of the ISA that uam does not emit but NVIDIA's compiler, firmware or the
//! hardware's other modes can: comparisons into registers (`icmp`, `fcmp`, `dset`),
//! double min/max, condition-code tests (`cset`, `csetp`), absolute and indexed jumps,
//! `imadsp`, `idp`, `txa`, `pixld`, `vote.vtg`, the constant-buffer-third forms of `bfi`
//! and `prmt`, and the machine-state instructions (`b2r`, `r2b`, `bpt`, `ide`, `ram`,
//! `sam`, `rtt`, `longjmp`, `plongjmp`, `stp`, `lepc`, the CRS and local-memory base
//! moves). Bit positions and names are envytools' for GM107; `tests/maxwell_decode.rs`
//! checks each against envydis on random words.

use super::*;
use Field::PredInv;

/// IMADSP operand types: A (bits 48-50), B (53-54), C (48, 51-52).
const IMADSP_A: Field = names!(0x7u64 << 48;
    0 => "u32", 1u64 << 48 => "s32", 2u64 << 48 => "u24", 3u64 << 48 => "s24",
    4u64 << 48 => "u16h0", 5u64 << 48 => "s16h0", 6u64 << 48 => "u16h1", 7u64 << 48 => "s16h1");
const IMADSP_B: Field = names!(0x3u64 << 53;
    0 => "u24", 1u64 << 53 => "s24", 2u64 << 53 => "u16h0", 3u64 << 53 => "s16h0");
const IMADSP_C: Field = names!(0x19u64 << 48;
    0 => "u32", 1u64 << 48 => "s32", 8u64 << 48 => "u24", 9u64 << 48 => "s24",
    0x10u64 << 48 => "u16h0", 0x11u64 << 48 => "s16h0");
/// IDP: the dot product's width and A's type (bits 48-50), B's type (bit 47).
const IDP_A: Field = Table(&[
    alt!(0, 7u64 << 48, [Lit("4a"), Lit("u8")]),
    alt!(1u64 << 48, 7u64 << 48, [Lit("2a"), Lit("lo"), Lit("u16")]),
    alt!(2u64 << 48, 7u64 << 48, [Lit("4a"), Lit("s8")]),
    alt!(3u64 << 48, 7u64 << 48, [Lit("2a"), Lit("lo"), Lit("s16")]),
    alt!(5u64 << 48, 7u64 << 48, [Lit("2a"), Lit("hi"), Lit("u16")]),
    alt!(7u64 << 48, 7u64 << 48, [Lit("2a"), Lit("hi"), Lit("s16")]),
]);
const IDP_B: Field = names!(1u64 << 47; 0 => "u8", 1u64 << 47 => "s8");
const PIXLD_OP: Field = names!(0x7u64 << 31;
    0 => -, 1u64 << 31 => "covmask", 2u64 << 31 => "covered", 3u64 << 31 => "offset",
    4u64 << 31 => "centroid_offset", 5u64 << 31 => "my_index");
const VOTE_VTG_OP: Field = names!(0x3u64 << 48; 0 => "r", 1u64 << 48 => "a", 2u64 << 48 => "ra");
const R2B_SPACE: Field = names!(0x3u64 << 32; 0 => -, 1u64 << 32 => "result", 2u64 << 32 => "warp");
const BPT_OP: Field = names!(0x7u64 << 6;
    1u64 << 6 => "drain_illegal", 2u64 << 6 => "cal", 3u64 << 6 => "pause",
    4u64 << 6 => "trap", 5u64 << 6 => "int", 6u64 << 6 => "drain");
const RTT_OP: Field = names!(0x3; 0 => -, 1 => "terminate", 2 => "fallthrough", 3 => "preempted");

/// Half-precision pairs: the destination's merge (bits 49-50) and each source's swizzle.
const H_DST: Field = names!(0x3u64 << 49;
    0 => -, 1u64 << 49 => "f32", 2u64 << 49 => "mrg_h0", 3u64 << 49 => "mrg_h1");
macro_rules! half_swizzle {
    ($lo:literal) => {
        names!(0x3u64 << $lo;
            0 => -, 1u64 << $lo => "f32", 2u64 << $lo => "h0_h0", 3u64 << $lo => "h1_h1")
    };
}
const H_A: Field = half_swizzle!(47);
const H_B: Field = half_swizzle!(28);
const H_C35: Field = half_swizzle!(35);
const H_C53: Field = half_swizzle!(53);
macro_rules! half_ftz {
    ($lo:literal) => {
        names!(0x3u64 << $lo; 0 => -, 1u64 << $lo => "ftz", 2u64 << $lo => "fmz")
    };
}
const H_FTZ37: Field = half_ftz!(37);
const H_FTZ39: Field = half_ftz!(39);
const H_FTZ55: Field = half_ftz!(55);
const H_FTZ57: Field = half_ftz!(57);
macro_rules! half_compare {
    ($lo:literal) => {
        names!(0xfu64 << $lo;
            0 => "f", 1u64 << $lo => "lt", 2u64 << $lo => "eq", 3u64 << $lo => "le",
            4u64 << $lo => "gt", 5u64 << $lo => "ne", 6u64 << $lo => "ge", 7u64 << $lo => "num",
            8u64 << $lo => "nan", 9u64 << $lo => "ltu", 10u64 << $lo => "equ", 11u64 << $lo => "leu",
            12u64 << $lo => "gtu", 13u64 << $lo => "neu", 14u64 << $lo => "geu", 15u64 << $lo => "t")
    };
}
const H_CMP35: Field = half_compare!(35);
const H_CMP49: Field = half_compare!(49);
/// The immediate pair of the half forms: each half's top 9 bits (its sign bit apart).
const H9_20: Field = Imm(Num::u(20, 9).shifted(6));
const H9_30: Field = Imm(Num::u(30, 9).shifted(6));
const H16_20: Field = u(20, 16);
const H16_36: Field = u(36, 16);

/// The video (byte and half-word SIMD) family. A's type (bits 38, 48), whether the
/// destination is unsigned-saturated (`ud`, bit 54 clear), B's shift type (bit 50), how
/// the result merges (bits 51-53), and A's byte select (bits 36-37).
const VID_A: Field = names!((1u64 << 48) | (1u64 << 38);
    0 => "u8", 1u64 << 38 => "u16", 1u64 << 48 => "s8", (1u64 << 48) | (1u64 << 38) => "s16");
const VID_UD: Field = names!(1u64 << 54; 0 => "ud", 1u64 << 54 => -);
const VID_SHIFT_TYPE: Field = names!(1u64 << 50; 0 => "u16", 1u64 << 50 => "u8");
const VID_MERGE: Field = names!(0x7u64 << 51;
    0 => "mrg_16h", 1u64 << 51 => "mrg_16l", 2u64 << 51 => "mrg_8b0", 3u64 << 51 => "mrg_8b2",
    4u64 << 51 => "acc", 5u64 << 51 => "min", 6u64 << 51 => "max", 7u64 << 51 => -);
const VID_ASEL: Field =
    names!(0x3u64 << 36; 0 => -, 1u64 << 36 => "b1", 2u64 << 36 => "b2", 3u64 << 36 => "b3");
const VMAD_SHR: Field = names!(0x3u64 << 51; 0 => -, 1u64 << 51 => "shr7", 2u64 << 51 => "shr15");
/// Video comparisons: bits 43-44 and 47.
const VSET_CMP: Field = names!((0x3u64 << 43) | (1u64 << 47);
    0 => "f", 1u64 << 43 => "lt", 2u64 << 43 => "eq", 3u64 << 43 => "le",
    1u64 << 47 => "gt", (1u64 << 47) | (1u64 << 43) => "ne",
    (1u64 << 47) | (2u64 << 43) => "ge", (1u64 << 47) | (3u64 << 43) => "t");
const VID_BSEL: Field =
    names!(0x3u64 << 28; 0 => "b0", 1u64 << 28 => "b1", 2u64 << 28 => "b2", 3u64 << 28 => "b3");
/// The video second source: a 16-bit immediate (bit 50 clear; bit 49 says signed), or a
/// register with its type and byte or half select.
const VID_B_BITS: u64 = (1u64 << 50) | (1u64 << 49);
const VID_B_SEL: u64 = VID_B_BITS | (0x7u64 << 28);
const VID_B: Field = Table(&[
    alt!(0, VID_B_BITS, [u(20, 16)]),
    alt!(1u64 << 49, VID_B_BITS, [u(20, 16)]),
    alt!(
        1u64 << 50,
        VID_B_BITS | (1u64 << 30),
        [Lit("u8"), VID_BSEL, R20]
    ),
    alt!(
        VID_B_BITS,
        VID_B_BITS | (1u64 << 30),
        [Lit("s8"), VID_BSEL, R20]
    ),
    alt!(
        (1u64 << 50) | (4u64 << 28),
        VID_B_SEL,
        [Lit("u16"), Lit("h0"), R20]
    ),
    alt!(
        VID_B_BITS | (4u64 << 28),
        VID_B_SEL,
        [Lit("s16"), Lit("h0"), R20]
    ),
    alt!(
        (1u64 << 50) | (5u64 << 28),
        VID_B_SEL,
        [Lit("u16"), Lit("h1"), R20]
    ),
    alt!(
        VID_B_BITS | (5u64 << 28),
        VID_B_SEL,
        [Lit("s16"), Lit("h1"), R20]
    ),
    alt!((1u64 << 50) | (6u64 << 28), VID_B_SEL, [Lit("u32"), R20]),
    alt!(VID_B_BITS | (6u64 << 28), VID_B_SEL, [Lit("s32"), R20]),
]);
/// VABSDIFF4: the lanes written (x: bit 51, y: 52, z: 36, w: 37), A's and B's byte
/// orders.
const V4_LANES: u64 = (0x3u64 << 51) | (0x3u64 << 36);
const V4_MASK: Field = Table(&[
    alt!(0, V4_LANES, []),
    alt!((1u64 << 51), V4_LANES, [Lit("x")]),
    alt!((1u64 << 52), V4_LANES, [Lit("y")]),
    alt!((1u64 << 51) | (1u64 << 52), V4_LANES, [Lit("xy")]),
    alt!((1u64 << 36), V4_LANES, [Lit("z")]),
    alt!((1u64 << 51) | (1u64 << 36), V4_LANES, [Lit("xz")]),
    alt!((1u64 << 52) | (1u64 << 36), V4_LANES, [Lit("yz")]),
    alt!(
        (1u64 << 51) | (1u64 << 52) | (1u64 << 36),
        V4_LANES,
        [Lit("xyz")]
    ),
    alt!((1u64 << 37), V4_LANES, [Lit("w")]),
    alt!((1u64 << 51) | (1u64 << 37), V4_LANES, [Lit("xw")]),
    alt!((1u64 << 52) | (1u64 << 37), V4_LANES, [Lit("yw")]),
    alt!(
        (1u64 << 51) | (1u64 << 52) | (1u64 << 37),
        V4_LANES,
        [Lit("xyw")]
    ),
    alt!((1u64 << 36) | (1u64 << 37), V4_LANES, [Lit("zw")]),
    alt!(
        (1u64 << 51) | (1u64 << 36) | (1u64 << 37),
        V4_LANES,
        [Lit("xzw")]
    ),
    alt!(
        (1u64 << 52) | (1u64 << 36) | (1u64 << 37),
        V4_LANES,
        [Lit("yzw")]
    ),
    alt!(
        (1u64 << 51) | (1u64 << 52) | (1u64 << 36) | (1u64 << 37),
        V4_LANES,
        [Lit("xyzw")]
    ),
]);
const V4_ASEL: Field = names!(0xfu64 << 32;
    0 => "0000", 1u64 << 32 => "1111", 2u64 << 32 => "2222", 3u64 << 32 => "3333", 4u64 << 32 => -,
    5u64 << 32 => "4321", 6u64 << 32 => "5432", 7u64 << 32 => "6543", 8u64 << 32 => "3201",
    9u64 << 32 => "3012", 10u64 << 32 => "0213", 11u64 << 32 => "3120", 12u64 << 32 => "1230",
    13u64 << 32 => "2310");
const V4_BSEL: Field = names!(0xfu64 << 28;
    0 => "4444", 1u64 << 28 => "5555", 2u64 << 28 => "6666", 3u64 << 28 => "7777", 4u64 << 28 => -,
    5u64 << 28 => "6543", 6u64 << 28 => "5432", 7u64 << 28 => "4321", 8u64 << 28 => "4567",
    9u64 << 28 => "6745", 10u64 << 28 => "5467");

/// CCTLL operations: those of CCTL but the query.
const CCTLL_OP: Field = Table(&[
    alt!(0xff06, 0x0000_0fff_ffc0_ff0f, [Lit("ivall")]),
    alt!(1, 0xf, [Lit("pf1")]),
    alt!(2, 0xf, [Lit("pf1.5")]),
    alt!(3, 0xf, [Lit("pf2")]),
    alt!(4, 0xf, [Lit("wb")]),
    alt!(5, 0xf, [Lit("iv")]),
    alt!(7, 0xf, [Lit("rs")]),
    alt!(9, 0xf, [Lit("rslb")]),
]);
const SUD_BA: Field = names!(1u64 << 28; 0 => -, 1u64 << 28 => "ba");
const SUD_TYPE: Field = names!(0x7u64 << 51;
    0 => "u32", 1u64 << 51 => "s32", 2u64 << 51 => "u64", 3u64 << 51 => "f32",
    5u64 << 51 => "s64", 6u64 << 51 => "sd32", 7u64 << 51 => "sd64");

#[rustfmt::skip]
pub static RARE: &[&[Form]] = &[
    alu4!("icmp", M12, M12I, 0x5b40 << 48, 0x4b40 << 48, 0x5340 << 48, 0x3640 << 48, I20, [ICMP, U32_48, R00, R08], B, [], C),
    alu4!("fcmp", M12, M12I, 0x5ba0 << 48, 0x4ba0 << 48, 0x53a0 << 48, 0x36a0 << 48, F20, [FCMP, On(47, "ftz"), R00, R08], B, [], C),
    alu!("dset", M9, M9I, 0x5900 << 48, 0x4900 << 48, 0x3200 << 48, D20, [On(52, "bf"), FCMP, BOOL45, On(47, "cc"), R00, On(43, "neg"), On(54, "abs"), R08, On(53, "neg"), On(44, "abs")], B, [PN39]),
    alu!("dmnmx", M13, M13I, 0x5c50 << 48, 0x4c50 << 48, 0x3850 << 48, D20, [On(47, "cc"), R00, On(48, "neg"), On(46, "abs"), R08, On(45, "neg"), On(49, "abs")], B, [PN39]),
    alu4!("imadsp", M9, M9I, 0x5a80 << 48, 0x4a80 << 48, 0x5280 << 48, 0x3480 << 48, I20, [IMADSP_A, IMADSP_B, IMADSP_C, On(47, "cc"), R00, R08], B, [], C),
    &[
        form!(0x5098 << 48, M13, "cset", guarded, [On(44, "bf"), CC8, BOOL45, R00, Lit("cc"), PN39]),
        form!(0x50a0 << 48, M13, "csetp", guarded, [CC8, BOOL45, P03, P00, Lit("cc"), PN39]),
        form!(0x53f0 << 48, M13, "bfi", guarded, [On(47, "cc"), R00, R08, R39, C34]),
        form!(0x53c0 << 48, M12, "prmt", guarded, [PRMT_MODE, R00, R08, R39, C34]),
        form!(0x53f8 << 48, M13, "idp", guarded, [IDP_A, R00, R08, IDP_B, R20, R39]),
        form!(0x53d8 << 48, M13, "idp", guarded, [IDP_A, R00, R08, IDP_B, C34, R39]),
        form!(0x1d80 << 48, M9, "iadd32i", guarded, [Lit("po"), On(54, "sat"), On(53, "x"), On(52, "cc"), R00, R08, S32]),
        form!(0x50d0 << 48, M13, "lepc", guarded, [R00]),
        form!(0x50e0 << 48, M13, "vote", guarded, [Lit("vtg"), VOTE_VTG_OP, u(20, 24)]),
        form!(0xdf40 << 48, M13, "txa", guarded, [On(35, "ndv"), On(49, "nodep"), R00, R08, TEX_HANDLE, TEX_MASK]),
        form!(0xefe8 << 48, M13, "pixld", guarded, [PIXLD_OP, R00, P45, mem("pix", Some(8), Some(Num::s(20, 8)))]),
        form!(0xeea0 << 48, M13, "stp", guarded, [On(31, "wait"), u(20, 8)]),
        form!(0xf0b8 << 48, M13, "b2r", guarded, [R00, u(8, 8)]),
        form!(0xf0c0 << 48, M13, "r2b", guarded, [R2B_SPACE, u(28, 4), R20]),
    ],
    // Jumps to absolute addresses, calls, and the machine's own control.
    &[
        form!((0xe210 << 48) | 0x20, M12 | 0x20, "jmp", guarded, [On(7, "u"), On(6, "lmt"), CC, C36]),
        form!(0xe210 << 48, M12, "jmp", guarded, [On(7, "u"), On(6, "lmt"), CC, U32]),
        form!((0xe220 << 48) | 0x20, M12 | 0x20, "jcal", guarded, [On(6, "noinc"), C36]),
        form!(0xe220 << 48, M12 | 0x20, "jcal", guarded, [On(6, "noinc"), U32]),
        form!((0xe200 << 48) | 0x20, M12 | 0x20, "jmx", guarded, [On(6, "lmt"), CC, R08, C36B]),
        form!(0xe200 << 48, M12 | 0x20, "jmx", guarded, [On(6, "lmt"), CC, R08, S32]),
        form!((0xe280 << 48) | 0x20, M12 | 0x20, "plongjmp", [C36]),
        form!(0xe280 << 48, M12 | 0x20, "plongjmp", [Target]),
        form!(0xe310 << 48, M12, "longjmp", guarded, [CC]),
        form!(0xe3a0 << 48, M12, "bpt", [BPT_OP, u(20, 20)]),
        form!(0xe390 << 48, M12, "ide", [Off(5, "en"), u(20, 16)]),
        form!(0xe380 << 48, M12, "ram", []),
        form!(0xe370 << 48, M12, "sam", []),
        form!(0xe360 << 48, M12, "rtt", [RTT_OP]),
        form!(0xe2f0 << 48, M12, "setlmembase", [R08]),
        form!(0xe2e0 << 48, M12, "setcrsptr", [R08]),
        form!(0xe2d0 << 48, M12, "getlmembase", [R00]),
        form!(0xe2c0 << 48, M12, "getcrsptr", [R00]),
    ],
    // Half-precision pairs (SM 5.3, the Tegra X1; envydis keeps them behind `-V sm60`).
    &[
        form!(0x7e80 << 48, 0xfe80 << 48, "hsetp2", guarded, [H_CMP49, On(53, "h_and"), On(6, "ftz"), BOOL45, P03, P00, On(43, "neg"), On(44, "abs"), H_A, R08, On(56, "neg"), On(54, "abs"), C34, PN39]),
        form!(0x7e00 << 48, 0xfe80 << 48, "hsetp2", guarded, [H_CMP49, On(53, "h_and"), On(6, "ftz"), BOOL45, P03, P00, On(43, "neg"), On(44, "abs"), H_A, R08, On(56, "neg"), H9_30, On(29, "neg"), H9_20, PN39]),
        form!(0x7c80 << 48, 0xfe80 << 48, "hset2", guarded, [On(53, "bf"), H_CMP49, On(54, "ftz"), BOOL45, R00, On(43, "neg"), On(44, "abs"), H_A, R08, On(56, "neg"), On(54, "abs"), C34, PN39]),
        form!(0x7c00 << 48, 0xfe80 << 48, "hset2", guarded, [On(53, "bf"), H_CMP49, On(54, "ftz"), BOOL45, R00, On(43, "neg"), On(44, "abs"), H_A, R08, On(56, "neg"), H9_30, On(29, "neg"), H9_20, PN39]),
        form!(0x7a00 << 48, 0xfe80 << 48, "hadd2", guarded, [On(39, "ftz"), On(52, "sat"), H_DST, R00, On(43, "neg"), On(44, "abs"), H_A, R08, On(56, "neg"), H9_30, On(29, "neg"), H9_20]),
        form!(0x7a80 << 48, 0xfe80 << 48, "hadd2", guarded, [On(39, "ftz"), On(52, "sat"), H_DST, R00, On(43, "neg"), On(44, "abs"), H_A, R08, On(56, "neg"), On(54, "abs"), C34]),
        form!(0x7800 << 48, 0xfe80 << 48, "hmul2", guarded, [H_FTZ39, On(52, "sat"), H_DST, R00, On(43, "neg"), On(44, "abs"), H_A, R08, On(56, "neg"), H9_30, On(29, "neg"), H9_20]),
        form!(0x7880 << 48, 0xfe80 << 48, "hmul2", guarded, [H_FTZ39, On(52, "sat"), H_DST, R00, On(43, "neg"), On(44, "abs"), H_A, R08, On(54, "abs"), C34]),
        form!(0x7080 << 48, 0xf880 << 48, "hfma2", guarded, [H_FTZ57, On(52, "sat"), H_DST, R00, H_A, R08, On(56, "neg"), C34, On(51, "neg"), H_C53, R39]),
        form!(0x7000 << 48, 0xf880 << 48, "hfma2", guarded, [H_FTZ57, On(52, "sat"), H_DST, R00, H_A, R08, On(56, "neg"), H9_30, On(29, "neg"), H9_20, On(51, "neg"), H_C53, R39]),
        form!(0x6080 << 48, 0xf880 << 48, "hfma2", guarded, [H_FTZ57, On(52, "sat"), H_DST, R00, H_A, R08, On(56, "neg"), H_C53, R39, On(51, "neg"), C34]),
        form!(0x5d20 << 48, M13, "hsetp2", guarded, [H_CMP35, On(49, "h_and"), On(6, "ftz"), BOOL45, P03, P00, On(43, "neg"), On(44, "abs"), H_A, R08, On(31, "neg"), On(30, "abs"), H_B, R20, PN39]),
        form!(0x5d18 << 48, M13, "hset2", guarded, [On(49, "bf"), H_CMP35, On(50, "ftz"), BOOL45, R00, On(43, "neg"), On(44, "abs"), H_A, R08, On(31, "neg"), On(30, "abs"), H_B, R20, PN39]),
        form!(0x5d10 << 48, M13, "hadd2", guarded, [On(39, "ftz"), On(32, "sat"), H_DST, R00, On(43, "neg"), On(44, "abs"), H_A, R08, On(31, "neg"), On(30, "abs"), H_B, R20]),
        form!(0x5d08 << 48, M13, "hmul2", guarded, [H_FTZ39, On(32, "sat"), H_DST, R00, On(44, "abs"), H_A, R08, On(31, "neg"), On(30, "abs"), H_B, R20]),
        form!(0x5d00 << 48, M13, "hfma2", guarded, [H_FTZ37, On(32, "sat"), H_DST, R00, H_A, R08, On(31, "neg"), H_B, R20, On(30, "neg"), H_C35, R39]),
        form!(0x2c00 << 48, 0xfe00 << 48, "hadd2_32i", guarded, [On(55, "ftz"), On(52, "sat"), R00, On(56, "neg"), H_C53, R08, H16_36, H16_20]),
        form!(0x2a00 << 48, 0xfe00 << 48, "hmul2_32i", guarded, [H_FTZ55, On(52, "sat"), R00, H_C53, R08, H16_36, H16_20]),
        form!(0x2800 << 48, 0xfe00 << 48, "hfma2_32i", guarded, [H_FTZ55, R00, H_C53, R08, H16_36, H16_20, On(52, "neg"), R00]),
        // The half-precision results of the short texture forms.
        form!(0xd000 << 48, 0xfe00 << 48, "texs", guarded, [Lit("f16"), TEXS_LOD, TEXS_DC, On(49, "nodep"), R28, R00, R08, R20, TEX_HANDLE, TEXS_TARGET, TEXS_MASK]),
        form!(0xd200 << 48, 0xfe00 << 48, "tlds", guarded, [Lit("f16"), TLDS_LOD, On(49, "nodep"), R28, R00, R08, R20, TEX_HANDLE, TLDS_TARGET, TEXS_MASK]),
        form!(0xdf80 << 48, 0xffc0 << 48, "tld4s", guarded, [Lit("f16"), TLD4S_COMP, On(51, "aoffi"), On(50, "dc"), On(49, "nodep"), R28, R00, R08, R20, TEX_HANDLE]),
    ],
    // The video family.
    &[
        form!(0x4000 << 48, 0xfe00 << 48, "vset", guarded, [VSET_CMP, VID_A, VID_MERGE, On(47, "cc"), R00, VID_ASEL, R08, VID_B, R39]),
        form!(0x3a00 << 48, 0xfe00 << 48, "vmnmx", guarded, [VID_UD, VID_A, VID_MERGE, On(47, "cc"), R00, VID_ASEL, R08, VID_B, R39]),
        form!(0x2000 << 48, 0xfc00 << 48, "vadd", guarded, [VID_UD, VID_A, VID_MERGE, On(47, "cc"), R00, VID_ASEL, R08, VID_B, R39]),
        form!(0x5f00 << 48, 0xff00 << 48, "vmad", guarded, [VID_A, VMAD_SHR, On(55, "sat"), On(47, "cc"), R00, VID_ASEL, R08, VID_B, R39]),
        form!(0x5700 << 48, 0xff00 << 48, "vshl", guarded, [VID_UD, VID_A, VID_SHIFT_TYPE, On(49, "w"), On(55, "sat"), VID_MERGE, On(47, "cc"), R00, VID_ASEL, R08, u(20, 16), R39]),
        form!(0x5600 << 48, 0xff00 << 48, "vshr", guarded, [VID_UD, VID_A, VID_SHIFT_TYPE, On(49, "w"), On(55, "sat"), VID_MERGE, On(47, "cc"), R00, VID_ASEL, R08, u(20, 16), R39]),
        form!(0x5400 << 48, 0xff00 << 48, "vabsdiff", guarded, [On(54, "sd"), VID_A, On(55, "sat"), VID_MERGE, On(47, "cc"), R00, VID_ASEL, R08, VID_B, R39]),
        form!(0x50f0 << 48, M13, "vsetp", guarded, [VSET_CMP, VID_A, BOOL45, P03, P00, VID_ASEL, R08, VID_B, PN39]),
        form!(0x5000 << 48, 0xff80 << 48, "vabsdiff4", guarded, [On(38, "sd"), names!(1u64 << 48; 0 => "u8", 1u64 << 48 => "s8"), names!(1u64 << 49; 0 => "u8", 1u64 << 49 => "s8"), On(50, "sat"), names!(0x3u64 << 53; 0 => -, 1u64 << 53 => "acc"), V4_MASK, R00, V4_ASEL, R08, V4_BSEL, R20, R39]),
    ],
    // Local-memory cache control, the inverted-predicate global load, and the surface
    // atomics addressed directly (`d`: the descriptor in bits 36-48).
    &[
        form!(0xef80 << 48, 0xffe0 << 48, "cctll", guarded, [names!(0x70; 0 => -), CCTLL_OP, mem("l", Some(8), Some(Num::s(22, 22).shifted(2)))]),
        form!(0xeec8 << 48, M13, "ldg", guarded, [On(45, "e"), LDG_CACHE, SIZE_GLOBAL, PredInv(41), R00, mem("ncg", Some(8), Some(Num::s(20, 20)))]),
        form!(0xea80 << 48, 0xffc0 << 48, "suatom", guarded, [Lit("d"), SUD_BA, SUD_TYPE, SU_DIM, Lit("cas"), SU_CLAMP, R00, SUMEM, R20, u(36, 13)]),
        form!(0xea00 << 48, 0xffc0 << 48, "suatom", guarded, [Lit("d"), SUD_BA, SUD_TYPE, SU_DIM, SUATOM_OP, SU_CLAMP, R00, SUMEM, R20, u(36, 13)]),
    ],
];

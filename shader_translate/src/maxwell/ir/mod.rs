//! The translator's intermediate form of a Maxwell program: basic blocks (`blocks.rs`)
//! and, for the programs Hookshot translates so far, SSA values built from them
//! (`build.rs`). Registers are untyped 32-bit words on Maxwell, so every value is a `u32`
//! (floats are their bits) or a predicate `bool`.

mod blocks;
mod build;

pub use blocks::{leaves_straight_line, split_blocks, Block, Terminator};
pub use build::{build, texture_base, AttrRead, Function, Ipa, Outputs, Unsupported};

/// An SSA value: an index into [`Function::ops`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(pub u32);

/// Float functions of one operand (the MUFU unit and the sign modifiers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatUnary {
    Neg,
    Abs,
    /// Clamp to [0, 1] (`.sat`).
    Saturate,
    Rcp,
    Rsq,
    Sqrt,
    Sin,
    Cos,
    Ex2,
    Lg2,
}

/// Operations of two operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binary {
    FAdd,
    FMul,
    FMin,
    FMax,
    IAdd,
    /// The low 32 bits of the product.
    IMul,
    /// The high 32 bits of the 64-bit product, unsigned and signed.
    UMulHi,
    SMulHi,
    /// Shift left; a count of 32 or more gives 0 (Maxwell's SHL clamps).
    Shl,
    /// Logical shift right, clamped like `Shl`.
    Shr,
    /// Arithmetic shift right, clamped to 31.
    Sar,
    And,
    Or,
    Xor,
}

/// A comparison giving a predicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compare {
    /// Float comparison: (less, equal, greater, unordered) accepted.
    Float {
        lt: bool,
        eq: bool,
        gt: bool,
        unordered: bool,
    },
    /// Integer comparison, signed or not: (less, equal, greater) accepted.
    Int {
        signed: bool,
        lt: bool,
        eq: bool,
        gt: bool,
    },
}

/// How predicates combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Logic {
    And,
    Or,
    Xor,
}

/// How a texture sample picks its level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TexLod {
    /// From the derivatives (fragment programs; level 0 elsewhere, as on the hardware).
    Implicit,
    Zero,
    /// A level given as a float.
    Level(Value),
}

/// One SSA operation.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Const(u32),
    BoolConst(bool),
    /// A word of the attribute space read (`ld a[]` in VTG stages, `ipa` in fragment).
    Attr(AttrRead),
    /// A word of constant buffer `index` at byte offset `offset_b` (a `u32` value).
    Cbuf {
        index: u8,
        offset_b: Value,
    },
    FloatUnary(FloatUnary, Value),
    Binary(Binary, Value, Value),
    /// `a * b + c` in float.
    Ffma(Value, Value, Value),
    /// Integer to float and back (32-bit; `signed` for the integer side).
    IntToFloat {
        signed: bool,
        value: Value,
    },
    FloatToInt {
        signed: bool,
        value: Value,
    },
    Compare(Compare, Value, Value),
    Logic(Logic, Value, Value),
    Not(Value),
    /// `cond ? a : b`.
    Select {
        cond: Value,
        a: Value,
        b: Value,
    },
    /// A sample of the 2D texture at NVN texture slot `slot`, at float coordinates `(x, y)`:
    /// four floats, taken apart with [`Op::Component`].
    Texture2d {
        slot: u32,
        x: Value,
        y: Value,
        lod: TexLod,
    },
    /// The texel at integer coordinates `(x, y)` of level 0 of the 2D texture at NVN
    /// texture slot `slot` (`texelFetch`).
    Fetch2d {
        slot: u32,
        x: Value,
        y: Value,
    },
    /// Component `index` of a texture sample, as its bits.
    Component(Value, u8),
    /// `discard` where `cond` holds (fragment programs): an effect, not a value.
    Kill {
        cond: Value,
    },
    /// The register or predicate `var` as last stored (loops carry registers across
    /// iterations in function variables, which spirv-opt promotes back to SSA).
    Load(Var),
    /// Stores `value` in `var`: an effect.
    Store {
        var: Var,
        value: Value,
    },
    /// Opens a structured loop: what follows is its body, up to the matching
    /// [`Op::LoopEnd`].
    LoopBegin,
    /// Where `cond` holds, leaves the innermost loop (`brk`, or `ret` of a `pret`
    /// region) or goes on to its next iteration (`cont`).
    LoopLeave {
        cond: Value,
        to: LoopExit,
    },
    /// The end of the innermost loop's body: on to the next iteration when `repeat`,
    /// out of the loop otherwise (a `pret` region runs once).
    LoopEnd {
        repeat: bool,
    },
    /// The program ends where `cond` holds (`exit` under a guard or in an arm), with
    /// the outputs of [`Function::exits`]`[outputs]`.
    Exit {
        cond: Value,
        outputs: usize,
    },
}

/// A register or predicate held in a function variable across a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Var {
    Reg(u8),
    Pred(u8),
}

/// Where [`Op::LoopLeave`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopExit {
    Break,
    Continue,
}

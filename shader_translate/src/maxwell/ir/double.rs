//! Double-precision operations in the SSA form. Registers stay 32-bit words: an f64 is
//! made from a register pair's two words ([`DoubleOp::Pack`], low word first, as the
//! hardware's pairs are) and taken apart again ([`DoubleOp::Word`]) where the
//! instruction writes its destination pair, so no f64 value outlives one instruction.

use super::{Compare, FloatUnary, Value};

/// One double-precision operation (an [`super::Op::Double`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoubleOp {
    /// The f64 whose bits are `high:low` (two `u32` words).
    Pack {
        low: Value,
        high: Value,
    },
    /// The low (or `high`) word of an f64's bits: a `u32` word.
    Word {
        value: Value,
        high: bool,
    },
    /// `Neg`, `Abs`, `Rcp`, `Rsq`, `Saturate` and the roundings to an integral value.
    Unary(FloatUnary, Value),
    Add(Value, Value),
    Mul(Value, Value),
    /// Minimum and maximum, a NaN operand giving the other (FMNMX's rule).
    Min(Value, Value),
    Max(Value, Value),
    /// `a * b + c`, rounded once.
    Fma(Value, Value, Value),
    /// A comparison of two f64 values: a predicate (only [`Compare::Float`]).
    Compare(Compare, Value, Value),
    /// An f32 (its bits) widened to f64, exactly.
    FromFloat(Value),
    /// An f64 narrowed to an f32's bits (to nearest even).
    ToFloat(Value),
    /// A 32-bit integer word (signed or not) to f64, exactly.
    FromInt {
        signed: bool,
        value: Value,
    },
    /// An f64 to a 32-bit integer word, saturating (NaN gives 0).
    ToInt {
        signed: bool,
        value: Value,
    },
}

impl DoubleOp {
    /// The values the operation reads.
    pub fn operands(&self) -> Vec<Value> {
        match *self {
            DoubleOp::Pack { low, high } => vec![low, high],
            DoubleOp::Word { value, .. }
            | DoubleOp::Unary(_, value)
            | DoubleOp::FromFloat(value)
            | DoubleOp::ToFloat(value)
            | DoubleOp::FromInt { value, .. }
            | DoubleOp::ToInt { value, .. } => vec![value],
            DoubleOp::Add(a, b)
            | DoubleOp::Mul(a, b)
            | DoubleOp::Min(a, b)
            | DoubleOp::Max(a, b)
            | DoubleOp::Compare(_, a, b) => vec![a, b],
            DoubleOp::Fma(a, b, c) => vec![a, b, c],
        }
    }

    /// Whether the result is a `u32` word or a predicate rather than an f64.
    pub fn gives_word(&self) -> bool {
        matches!(
            self,
            DoubleOp::Word { .. } | DoubleOp::ToFloat(_) | DoubleOp::ToInt { .. }
        )
    }
}

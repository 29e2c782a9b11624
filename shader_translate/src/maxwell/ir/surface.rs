//! Image (surface) accesses in the SSA form: raw 32-bit loads, stores and atomics on the
//! 2D images at NVN image slots, as uam's `suld`/`sust`/`suatom` give them (built in
//! `build/surface.rs`, written in `spirv_out/surface.rs`).

use super::{AtomicOp, Value};

/// What an image access does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SurfaceAccess {
    /// The texel's 32 bits (`suld d b32`): a `u32` word.
    Load,
    /// Stores the texel's components (`sust p rgba`, or `sust d b32` with the others
    /// zero): an effect.
    Store { values: [Value; 4] },
    /// An atomic on the texel's 32-bit word (`suatom`), giving the old value.
    Atomic { op: AtomicOp, value: Value },
}

/// One image access at integer coordinates `(x, y)` of NVN image slot `slot`, where
/// `cond` holds (always when `None`; a load or an atomic whose result is used has none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SurfaceOp {
    pub slot: u32,
    pub x: Value,
    pub y: Value,
    pub access: SurfaceAccess,
    pub cond: Option<Value>,
}

impl SurfaceOp {
    /// The values the access takes.
    pub fn operands(&self) -> Vec<Value> {
        let mut out = vec![self.x, self.y];
        match self.access {
            SurfaceAccess::Load => {}
            SurfaceAccess::Store { values } => out.extend(values),
            SurfaceAccess::Atomic { value, .. } => out.push(value),
        }
        out.extend(self.cond);
        out
    }

    /// Whether the access changes memory.
    pub fn has_effect(&self) -> bool {
        !matches!(self.access, SurfaceAccess::Load)
    }
}

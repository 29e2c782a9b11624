//! Image accesses in the SSA form: loads, stores and atomics on the 2D images at NVN
//! image slots, as `suld`/`sust`/`suatom` give them (built in `build/surface.rs`, written
//! in `spirv_out/surface.rs` for the slot's format, `SlotMap::image_formats`).

use super::{AtomicOp, Value};

/// What an image access does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SurfaceAccess {
    /// The texel's raw bytes (`suld d b32/b64/b128`, or `u8`..`s16` for a texel that
    /// small): `words` 32-bit words, taken apart with [`Op::Component`](super::Op).
    RawLoad { words: u8 },
    /// The texel's channels in `mask` (`suld p`), converted as the format says (floats
    /// as their bits), packed into consecutive components.
    Load { mask: u8 },
    /// Stores the texel's channels (`sust p` with a mask covering every channel the
    /// format has) from `values`, converted as the format says: an effect.
    Store { values: [Value; 4] },
    /// An atomic on the texel's 32-bit word (`suatom`), giving the old value.
    Atomic { op: AtomicOp, value: Value },
    /// The image's width (`component` 0) or height (1) in texels (`txq` on an image
    /// handle: `imageSize`); the coordinates are not read.
    Size { component: u8 },
}

/// One image access at integer coordinates `(x, y)` of NVN image slot `slot`, where
/// `cond` holds (always when `None`; a load or an atomic whose result is used has none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SurfaceOp {
    /// The image slot; with [`SurfaceOp::index`], the first slot of the run-time indexed
    /// slot array the access picks from.
    pub slot: u32,
    /// A slot picked at run time (a register handle traced to the driver's image-handle
    /// word at a run-time offset): the element of the slot array starting at `slot`, a
    /// `u32`.
    pub index: Option<Value>,
    pub x: Value,
    pub y: Value,
    pub access: SurfaceAccess,
    pub cond: Option<Value>,
}

impl SurfaceOp {
    /// The values the access takes.
    pub fn operands(&self) -> Vec<Value> {
        let mut out = vec![self.x, self.y];
        out.extend(self.index);
        match self.access {
            SurfaceAccess::Load { .. } | SurfaceAccess::RawLoad { .. } => {}
            SurfaceAccess::Size { .. } => return self.index.into_iter().collect(),
            SurfaceAccess::Store { values } => out.extend(values),
            SurfaceAccess::Atomic { value, .. } => out.push(value),
        }
        out.extend(self.cond);
        out
    }

    /// Whether the access changes memory.
    pub fn has_effect(&self) -> bool {
        matches!(
            self.access,
            SurfaceAccess::Store { .. } | SurfaceAccess::Atomic { .. }
        )
    }

    /// Whether the access is a load (its result four words, taken apart with
    /// `Op::Component`).
    pub fn is_load(&self) -> bool {
        matches!(
            self.access,
            SurfaceAccess::Load { .. } | SurfaceAccess::RawLoad { .. }
        )
    }
}

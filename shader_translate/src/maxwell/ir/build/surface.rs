//! Image instructions with an immediate handle, as uam emits them for GLSL images of
//! 32-bit integer formats (`r32ui`): `suld d b32` (imageLoad, the texel's raw word),
//! `sust p rgba` and `sust d b32` (imageStore), `suatom d` (imageAtomicAdd, And, Or,
//! Xor, Exchange, and unsigned Min and Max). Coordinates are x in Ra (bits 8-15) and y
//! in Ra+1 (2D images only); a load's or atomic's result goes to Rd (bits 0-7); a
//! store's components come from Rd, Rd+1, ...; an atomic's operand is Rb (bits 20-27).
//!
//! uam (Mesa's GM107 emitter) writes an atomic's operand type into bits 36-38 and then
//! ORs the immediate handle over the same bits, so a set bit 36 may be either the type's
//! (s32, f32) or the handle's: such an atomic is refused, since neither its type nor its
//! image slot is known. With bit 36 clear the type is u32 (the one 32-bit integer
//! type whose low bit is clear; GLSL has no 64-bit image atomics) and the handle exact.

use super::{Builder, Unsupported};
use crate::maxwell::decode::RZ;
use crate::maxwell::ir::{AtomicOp, Op, SurfaceAccess, SurfaceOp};
use crate::maxwell::slots::{stage_index, IMAGE_SLOTS, TEXTURE_SLOTS};

fn field(word: u64, lo: u32, width: u32) -> u32 {
    ((word >> lo) & ((1 << width) - 1)) as u32
}

impl Builder<'_> {
    /// `suld`, `sust` and `suatom` with an immediate handle on a 2D image.
    pub(super) fn surface(&mut self) -> Result<(), Unsupported> {
        let i = self.instruction;
        let word = i.word;
        if field(word, 51, 1) == 0 {
            return Err(self.unsupported("an image handle in a register (bindless)"));
        }
        // The target in bits 33-35 (bit 32 is the top of an atomic's operation).
        let target = field(word, 33, 3);
        if target != 3 {
            let name = ["t1d", "b1d", "a1d", "t2d", "a2d", "t3d", "6", "7"][target as usize];
            return Err(self.unsupported(format!("image target {name} (2D images only)")));
        }
        if i.has_mod("ba") {
            return Err(self.unsupported("byte addressing (`ba`)"));
        }
        let raw = field(word, 52, 1) == 1;
        let handle = field(word, 36, 13);
        let (rd, ra) = (field(word, 0, 8) as u8, field(word, 8, 8) as u8);
        let access = match i.name {
            "suld" if raw && field(word, 20, 4) == 4 => SurfaceAccess::Load,
            "suld" => {
                return Err(
                    self.unsupported("a formatted or non-32-bit image load (raw `b32` only)")
                )
            }
            "sust" if (!raw && field(word, 20, 4) == 0xf) || (raw && field(word, 20, 4) == 4) => {
                let mut values = [self.constant(0); 4];
                let count = if raw { 1 } else { 4 };
                for (k, value) in values.iter_mut().take(count).enumerate() {
                    *value = if rd == RZ {
                        self.constant(0)
                    } else {
                        self.reg(rd.wrapping_add(k as u8))
                    };
                }
                SurfaceAccess::Store { values }
            }
            "sust" => {
                return Err(self.unsupported(
                    "an image store of some components or sizes (`rgba` and raw `b32` only)",
                ))
            }
            "suatom" if word >> 52 & 0xffe == 0xea6 => {
                if handle & 1 != 0 {
                    return Err(self.unsupported(
                        "an image atomic whose operand type shares bit 36 with its \
                         immediate handle (uam's encoding: neither is known)",
                    ));
                }
                if !raw {
                    return Err(self.unsupported("a formatted image atomic"));
                }
                let op = match field(word, 29, 4) {
                    0 => AtomicOp::Add,
                    1 => AtomicOp::UMin,
                    2 => AtomicOp::UMax,
                    5 => AtomicOp::And,
                    6 => AtomicOp::Or,
                    7 => AtomicOp::Xor,
                    8 => AtomicOp::Exchange,
                    other => {
                        return Err(self.unsupported(format!("image atomic operation {other}")))
                    }
                };
                let value = self.reg(field(word, 20, 8) as u8);
                SurfaceAccess::Atomic { op, value }
            }
            "suatom" => return Err(self.unsupported("an image compare-and-swap")),
            other => return Err(self.unsupported(format!("the instruction `{other}`"))),
        };
        let slot = self.slots.image_slot(self.kind, handle).ok_or_else(|| {
            let base = self.slots.texture_handle_base[stage_index(self.kind)] + TEXTURE_SLOTS;
            self.unsupported(format!(
                "image handle {handle:#x} (image slots of this stage are {base:#x}..{:#x})",
                base + IMAGE_SLOTS
            ))
        })?;
        let x = self.reg(ra);
        let y = if ra == RZ {
            self.constant(0)
        } else {
            self.reg(ra.wrapping_add(1))
        };
        let cond = self.guard();
        let gives_word = !matches!(access, SurfaceAccess::Store { .. });
        if gives_word && cond.is_some() && rd != RZ {
            return Err(self.unsupported("an image load or atomic's result under a condition"));
        }
        let value = self.push(Op::Surface(SurfaceOp {
            slot,
            x,
            y,
            access,
            cond,
        }));
        if gives_word {
            self.set_reg(rd, value);
        }
        Ok(())
    }
}

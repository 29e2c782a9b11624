//! The handle register of a bindless (`.b`) texture instruction, traced to the slot it
//! names. uam (and NVIDIA's compiler for a sampler array indexed at run time) loads the
//! handle word from the driver constant buffer's texture-handle words (deko3d: c0 at the
//! stage's block, one word a slot, [`SlotMap`](crate::maxwell::slots::SlotMap)) at a
//! byte offset `4 k + 4 first`, then reads with the handle in a register:
//!
//! ```text
//! shl r0 r8 0x2; ld b32 r4 c0[r0+0x690]; tex b r0 r0 r4 0x0 t2d 0xf
//! ```
//!
//! Such a read is a read of slot `first + k`: an element of the slot array starting at
//! `first` (`spirv_out/texture.rs` declares it). A handle from anywhere else (a word of
//! the program's own uniform blocks, arithmetic on one) names an entry of the texture
//! and sampler pools directly, which no slot holds: it is refused by name.
//!
//! Image handles in a register (`suld`/`sust`/`suatom` with bit 51 clear: uam's image
//! arrays indexed at run time) are traced the same way, to the image-handle words that
//! follow the texture-handle words (deko3d: handle `base + 32 + N` for image slot N,
//! DKSH.md 2.4), `ld b32 r8 c0[r0+0x120]` in a compute program.

use super::{Builder, Unsupported};
use crate::maxwell::ir::{Binary, Op, Value};
use crate::maxwell::slots::{stage_index, IMAGE_SLOTS, TEXTURE_SLOTS};

/// Which handle words a handle register is traced to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HandleWords {
    /// The texture-handle words (texture slots).
    Texture,
    /// The image-handle words after them (image slots).
    Image,
}

impl HandleWords {
    fn name(self) -> &'static str {
        match self {
            HandleWords::Texture => "texture",
            HandleWords::Image => "image",
        }
    }

    /// The first word's index past this stage's texture handle base, and the count.
    fn span(self) -> (u32, u32) {
        match self {
            HandleWords::Texture => (0, TEXTURE_SLOTS),
            HandleWords::Image => (TEXTURE_SLOTS, IMAGE_SLOTS),
        }
    }
}

/// The slot a bindless handle names: `slot`, or element `index` of the slot array
/// starting there.
#[derive(Clone, Copy, Debug)]
pub(super) struct TexSlot {
    pub slot: u32,
    pub index: Option<Value>,
}

impl TexSlot {
    /// An immediate handle's slot.
    pub fn fixed(slot: u32) -> Self {
        Self { slot, index: None }
    }
}

/// Why a handle is not a driver texture-handle word, for the refusal.
const POOL_HANDLE: &str = "names the texture, image or sampler pools directly (the \
     translation reads them through NVN slots: a handle not loaded from the driver's \
     handle words has no slot)";

impl Builder<'_> {
    /// The texture slot bindless handle `handle` names.
    pub(super) fn traced_handle(&mut self, handle: Value) -> Result<TexSlot, Unsupported> {
        self.traced_handle_in(handle, HandleWords::Texture)
    }

    /// The slot of `words` handle register `handle` names.
    pub(super) fn traced_handle_in(
        &mut self,
        handle: Value,
        words: HandleWords,
    ) -> Result<TexSlot, Unsupported> {
        let Op::Cbuf { index, offset_b } = self.ops[handle.0 as usize] else {
            return Err(self.unsupported(format!(
                "a bindless handle computed in registers {POOL_HANDLE}"
            )));
        };
        if index != self.slots.driver_cbuf {
            return Err(self.unsupported(format!(
                "a bindless handle read from c{index} {POOL_HANDLE}"
            )));
        }
        let (constant_b, dynamic_b) = match self.ops[offset_b.0 as usize] {
            Op::Const(c) => (c, None),
            Op::Binary(Binary::IAdd, a, b) => {
                match (&self.ops[a.0 as usize], &self.ops[b.0 as usize]) {
                    (_, Op::Const(c)) => (*c, Some(a)),
                    (Op::Const(c), _) => (*c, Some(b)),
                    _ => {
                        return Err(self.unsupported(
                            "a bindless handle at a driver offset with no constant part",
                        ))
                    }
                }
            }
            _ => {
                return Err(
                    self.unsupported("a bindless handle at a driver offset with no constant part")
                )
            }
        };
        let (skip, count) = words.span();
        let base_b =
            (self.slots.texture_handle_base[stage_index(self.kind)] + skip).wrapping_mul(4);
        let from_b = constant_b.wrapping_sub(base_b);
        if from_b % 4 != 0 || from_b / 4 >= count {
            return Err(self.unsupported(format!(
                "a bindless handle read from c{index}[{constant_b:#x}], outside this stage's \
                 {}-handle words ({base_b:#x}..{:#x})",
                words.name(),
                base_b + 4 * count
            )));
        }
        let index = dynamic_b.map(|offset_b| {
            let two = self.constant(2);
            self.push(Op::Binary(Binary::Shr, offset_b, two))
        });
        Ok(TexSlot {
            slot: from_b / 4,
            index,
        })
    }
}

//! Image instructions with an immediate handle on 2D images, read for the format the
//! slot map states for the slot (`SlotMap::image_formats`, `r32ui` unless stated):
//! - `suld d b32/b64/b128` (raw: the texel's bytes; uam's imageLoad of every format, its
//!   own code unpacking them), `suld p MASK` (formatted channels);
//! - `sust p rgba` (formatted: the registers converted to the texel; uam's imageStore of
//!   every format); a raw `sust d` decodes as byte-addressed (`ba`, refused) unless bit
//!   23 is set, which leaves it no size (envydis reads it so too): refused;
//! - `suatom d` (imageAtomicAdd, And, Or, Xor, Exchange, Min and Max) on `r32ui` and
//!   `r32i` (Min and Max signed), and Exchange on `r32f` (a float atomic: a program with
//!   one is refused when bound on a device without shaderImageFloat32Atomics).
//!
//! - `sured d` (an image atomic without a result, NVIDIA's compiler's form where the
//!   old value is unused; Ryujinx translates it as the atomic): add, min, max, and, or,
//!   xor of the register at bits 0-7 on `r32ui` or `r32i`, its operand type u32 or s32
//!   in bits 20-22.
//!
//! Coordinates are x in Ra (bits 8-15) and y in Ra+1; a load's or atomic's result goes
//! to Rd (bits 0-7) on; a store's components come from Rd, Rd+1, ...; an atomic's operand
//! is Rb (bits 20-27). A raw access's width must be the slot format's texel size.
//!
//! uam (Mesa's GM107 emitter) writes an atomic's operand type into bits 36-38 and then
//! ORs the immediate handle over the same bits, so the field holds handle | type. The
//! type is u32 (0) but for a signed min or max (s32, 1; uam's listings in the corpus'
//! `x_comp_image_atomics_typed`), so only a min or max with bit 36 set is in doubt. The
//! slot is the one whose handle, ORed with the type its stated format gives the
//! operation, is the field; where no slot or more than one does, the atomic is refused
//! naming them. A slot with no stated format counts as `r32ui`, but is not taken for a
//! min or max whose field has bit 36 set (an odd slot's handle and a signed type both
//! set it): with no stated format fitting, such an atomic is refused.
//!
//! With bit 51 clear the handle is in register Rc (bits 39-46; envydis prints it last),
//! as uam emits for an image array indexed at run time: the register is traced to the
//! driver's image-handle word it was loaded from (`texture_handle.rs`), and the access
//! reads an element of the slot array starting at the traced slot. An atomic's bits
//! 36-38 then hold its operand type alone, which must be the one the slot's format
//! gives. A handle from anywhere else is refused by name.

use super::texture_handle::{HandleWords, TexSlot};
use super::{Builder, Unsupported};
use crate::maxwell::decode::RZ;
use crate::maxwell::image_format::ImageFormat;
use crate::maxwell::ir::{AtomicOp, Op, SurfaceAccess, SurfaceOp};
use crate::maxwell::slots::{stage_index, IMAGE_SLOTS, TEXTURE_SLOTS};

fn field(word: u64, lo: u32, width: u32) -> u32 {
    ((word >> lo) & ((1 << width) - 1)) as u32
}

/// A raw access's size code (bits 20-23) in bytes: u8, s8, u16, s16, b32, b64, b128.
fn raw_size_b(code: u32) -> Option<(u32, &'static str)> {
    match code {
        0 => Some((1, "u8")),
        1 => Some((1, "s8")),
        2 => Some((2, "u16")),
        3 => Some((2, "s16")),
        4 => Some((4, "b32")),
        5 => Some((8, "b64")),
        6 => Some((16, "b128")),
        _ => None,
    }
}

impl Builder<'_> {
    fn image_base(&self) -> u32 {
        self.slots.texture_handle_base[stage_index(self.kind)] + TEXTURE_SLOTS
    }

    fn format_error(&self, slot: u32, format: ImageFormat, what: impl Into<String>) -> Unsupported {
        Unsupported::ImageFormat {
            name: self.instruction.name,
            offset_b: self.instruction.offset_b,
            slot,
            format: format.name().to_string(),
            what: what.into(),
        }
    }

    fn slot_of(&self, handle: u32) -> Result<u32, Unsupported> {
        self.slots.image_slot(self.kind, handle).ok_or_else(|| {
            let base = self.image_base();
            self.unsupported(format!(
                "image handle {handle:#x} (image slots of this stage are {base:#x}..{:#x})",
                base + IMAGE_SLOTS
            ))
        })
    }

    /// The slot of an atomic whose bits 36-48 hold `handle | type` (see the module's
    /// comment), with its format.
    fn atomic_slot(
        &self,
        field_bits: u32,
        min_or_max: bool,
    ) -> Result<(u32, ImageFormat), Unsupported> {
        let base = self.image_base();
        let mut found = Vec::new();
        for slot in 0..IMAGE_SLOTS {
            let handle = base + slot;
            match self.slots.stated_image_format(self.kind, slot) {
                Some(format) => {
                    if let Some(ty) = format.atomic_type(min_or_max) {
                        if handle | ty == field_bits {
                            found.push((slot, format, true));
                        }
                    }
                }
                // Not taken for a min or max with bit 36 set: that may be a signed
                // type's bit on another slot, and an unstated slot is read as r32ui.
                None if handle == field_bits && !(min_or_max && field_bits & 1 == 1) => {
                    found.push((slot, ImageFormat::R32ui, false))
                }
                None => {}
            }
        }
        match found.as_slice() {
            [(slot, format, true)] => Ok((*slot, *format)),
            [(slot, format, _)] => Ok((*slot, *format)),
            [] if min_or_max && field_bits & 1 == 1 => Err(self.unsupported(format!(
                "an image atomic whose operand type shares bit 36 with its immediate \
                 handle (uam's encoding, field {field_bits:#x}): no stated image format \
                 tells its type and slot (state the image formats in the slot map)"
            ))),
            [] => Err(self.unsupported(format!(
                "an image atomic whose handle and operand type (field {field_bits:#x}) \
                 match no image slot's stated format (atomics take r32ui, r32i and r32f)"
            ))),
            several => {
                let names: Vec<String> = several
                    .iter()
                    .map(|(slot, format, _)| format!("slot {slot} ({format})"))
                    .collect();
                Err(self.unsupported(format!(
                    "an image atomic whose handle and operand type (field {field_bits:#x}) \
                     fit more than one image slot: {} (uam's encoding ORs them; state \
                     formats that tell them apart)",
                    names.join(", ")
                )))
            }
        }
    }

    /// A raw access's width in 32-bit words, checked against the slot's format.
    fn raw_words(&self, slot: u32, format: ImageFormat) -> Result<u8, Unsupported> {
        let code = field(self.instruction.word, 20, 4);
        let Some((size_b, name)) = raw_size_b(code) else {
            return Err(self.unsupported(format!("raw image access size {code}")));
        };
        if size_b != format.texel_b() {
            return Err(self.format_error(
                slot,
                format,
                format!(
                    "a raw {name} access ({size_b} bytes) to a format of {} byte texels",
                    format.texel_b()
                ),
            ));
        }
        Ok((size_b / 4) as u8)
    }

    /// `count` registers from `rd` on (zeros past them, or all from RZ).
    fn store_values(&mut self, rd: u8, count: usize) -> [crate::maxwell::ir::Value; 4] {
        let zero = self.constant(0);
        let mut values = [zero; 4];
        for (k, value) in values.iter_mut().take(count).enumerate() {
            if rd != RZ {
                *value = self.reg(rd.wrapping_add(k as u8));
            }
        }
        values
    }

    /// The slot of a register-handle atomic whose bits 36-38 hold `ty`, with its format:
    /// the type must be the one the slot's format gives the operation.
    fn register_atomic_slot(
        &self,
        slot: u32,
        ty: u32,
        min_or_max: bool,
    ) -> Result<(u32, ImageFormat), Unsupported> {
        let format = self.slots.image_format(self.kind, slot);
        if format.atomic_type(min_or_max) != Some(ty) {
            return Err(self.format_error(
                slot,
                format,
                format!("an image atomic of operand type {ty} (bits 36-38)"),
            ));
        }
        Ok((slot, format))
    }

    /// `suld`, `sust` and `suatom` on a 2D image, with an immediate handle or one in a
    /// register traced to the driver's image-handle words.
    pub(super) fn surface(&mut self) -> Result<(), Unsupported> {
        let i = self.instruction;
        let word = i.word;
        let traced = if field(word, 51, 1) == 0 {
            let handle = self.reg(field(word, 39, 8) as u8);
            Some(self.traced_handle_in(handle, HandleWords::Image)?)
        } else {
            None
        };
        let index = traced.and_then(|t: TexSlot| t.index);
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
        let handle_bits = field(word, 36, 13);
        let (rd, ra) = (field(word, 0, 8) as u8, field(word, 8, 8) as u8);
        let (slot, access) = match i.name {
            "suld" | "sust" => {
                let slot = match traced {
                    Some(traced) => traced.slot,
                    None => self.slot_of(handle_bits)?,
                };
                let format = self.slots.image_format(self.kind, slot);
                let mask = field(word, 20, 4) as u8;
                let access = match (i.name, raw) {
                    ("suld", true) => SurfaceAccess::RawLoad {
                        words: self.raw_words(slot, format)?,
                    },
                    ("suld", false) if mask != 0 => SurfaceAccess::Load { mask },
                    ("suld", false) => {
                        return Err(self.unsupported("a formatted image load of no channels"))
                    }
                    ("sust", true) => {
                        // A raw store without `ba` sets bit 23, leaving no size envydis
                        // (or this decoder) knows; uam stores every format formatted.
                        return Err(
                            self.unsupported(format!("a raw image store of size code {mask:#x}"))
                        );
                    }
                    _ => {
                        let needed = (1u8 << format.channels()) - 1;
                        if mask & needed != needed {
                            return Err(self.format_error(
                                slot,
                                format,
                                format!(
                                    "a formatted store of channel mask {mask:#x}, not \
                                     covering the format's {} channel(s)",
                                    format.channels()
                                ),
                            ));
                        }
                        let count = mask.count_ones() as usize;
                        // The registers come packed in the mask's channel order.
                        let packed = self.store_values(rd, count);
                        let zero = self.constant(0);
                        let mut values = [zero; 4];
                        let mut next = packed.into_iter();
                        for (channel, value) in values.iter_mut().enumerate() {
                            if mask & (1 << channel) != 0 {
                                *value = next.next().unwrap_or(zero);
                            }
                        }
                        SurfaceAccess::Store { values }
                    }
                };
                (slot, access)
            }
            "suatom" if word >> 52 & 0xffe == 0xea6 => {
                if !raw {
                    return Err(self.unsupported("a formatted image atomic"));
                }
                let code = field(word, 29, 4);
                let min_or_max = matches!(code, 1 | 2);
                let (slot, format) = match traced {
                    Some(traced) => {
                        self.register_atomic_slot(traced.slot, field(word, 36, 3), min_or_max)?
                    }
                    None => self.atomic_slot(handle_bits, min_or_max)?,
                };
                let op = match (code, format) {
                    // (The device's shaderImageFloat32Atomics is checked when the
                    // program is bound.)
                    (8, _) => AtomicOp::Exchange,
                    (0, ImageFormat::R32f) => {
                        return Err(self.format_error(
                            slot,
                            format,
                            "a float image atomic add (VK_EXT_shader_atomic_float's \
                             shaderImageFloat32AtomicAdd; uam does not emit one, so its \
                             encoding is not known)",
                        ))
                    }
                    (_, ImageFormat::R32f) => {
                        return Err(self.format_error(
                            slot,
                            format,
                            format!("float image atomic operation {code} (exchange only)"),
                        ))
                    }
                    (0, _) => AtomicOp::Add,
                    (1, ImageFormat::R32i) => AtomicOp::SMin,
                    (2, ImageFormat::R32i) => AtomicOp::SMax,
                    (1, _) => AtomicOp::UMin,
                    (2, _) => AtomicOp::UMax,
                    (5, _) => AtomicOp::And,
                    (6, _) => AtomicOp::Or,
                    (7, _) => AtomicOp::Xor,
                    (other, _) => {
                        return Err(self.unsupported(format!("image atomic operation {other}")))
                    }
                };
                let value = self.reg(field(word, 20, 8) as u8);
                (slot, SurfaceAccess::Atomic { op, value })
            }
            "sured" => {
                if !raw {
                    return Err(self.unsupported("a formatted image reduction (`sured p`)"));
                }
                let slot = self.slot_of(handle_bits)?;
                let format = self.slots.image_format(self.kind, slot);
                let op = self.reduction_op(slot, format, field(word, 24, 3), field(word, 20, 3))?;
                // The operand is the register at bits 0-7; a reduction writes none.
                let value = self.reg(rd);
                (slot, SurfaceAccess::Atomic { op, value })
            }
            "suatom" => return Err(self.unsupported("an image compare-and-swap")),
            other => return Err(self.unsupported(format!("the instruction `{other}`"))),
        };
        let x = self.reg(ra);
        let y = if ra == RZ {
            self.constant(0)
        } else {
            self.reg(ra.wrapping_add(1))
        };
        let cond = self.guard();
        let results = match access {
            SurfaceAccess::RawLoad { words } => u32::from(words),
            SurfaceAccess::Load { mask } => mask.count_ones(),
            SurfaceAccess::Atomic { .. } => 1,
            SurfaceAccess::Store { .. } => 0,
            SurfaceAccess::Size { .. } => 1,
        };
        let op = SurfaceOp {
            slot,
            index,
            x,
            y,
            access,
            cond,
        };
        let value = self.push(Op::Surface(op));
        if i.name == "sured" {
            return Ok(());
        }
        if op.is_load() && rd != RZ {
            for k in 0..results {
                let component = self.push(Op::Component(value, k as u8));
                self.set_reg(rd.wrapping_add(k as u8), component);
            }
        } else if results == 1 {
            self.set_reg(rd, value);
        }
        Ok(())
    }

    /// `sured`'s operation (bits 24-26: add, min, max, inc, dec, and, or, xor) and operand
    /// type (bits 20-22, Ryujinx's reading: u32 0, s32 1, others f32, 64-bit, `sd`;
    /// envydis names no type) on an image of `format`: min and max signed for s32.
    fn reduction_op(
        &self,
        slot: u32,
        format: ImageFormat,
        code: u32,
        ty: u32,
    ) -> Result<AtomicOp, Unsupported> {
        if !matches!(format, ImageFormat::R32ui | ImageFormat::R32i) {
            return Err(self.format_error(
                slot,
                format,
                "an image reduction (`sured`) on other than r32ui or r32i",
            ));
        }
        let signed = match ty {
            0 => false,
            1 => true,
            other => {
                return Err(self.unsupported(format!(
                    "an image reduction of operand type {other} (u32 and s32 only)"
                )))
            }
        };
        Ok(match (code, signed) {
            (0, _) => AtomicOp::Add,
            (1, true) => AtomicOp::SMin,
            (2, true) => AtomicOp::SMax,
            (1, false) => AtomicOp::UMin,
            (2, false) => AtomicOp::UMax,
            (5, _) => AtomicOp::And,
            (6, _) => AtomicOp::Or,
            (7, _) => AtomicOp::Xor,
            (other, _) => {
                return Err(self.unsupported(format!(
                    "image reduction operation {other} (`inc`/`dec`: no SPIR-V image atomic \
                     wraps at an operand)"
                )))
            }
        })
    }

    /// `txq dimension` on an image handle (`imageSize`): width and height to the
    /// registers from `rd` for the components in `mask`; depth and levels of a 2D image
    /// are refused (NVN's images here are 2D).
    pub(super) fn image_size(&mut self, rd: u8, mask: u32, handle: u32) -> Result<(), Unsupported> {
        let slot = self.slot_of(handle)?;
        if mask & !0b11 != 0 {
            return Err(self.unsupported("`txq` of an image's depth or levels"));
        }
        let zero = self.constant(0);
        let mut register = rd;
        for component in 0u8..2 {
            if mask & (1 << component) != 0 {
                let value = self.push(Op::Surface(SurfaceOp {
                    slot,
                    index: None,
                    x: zero,
                    y: zero,
                    access: SurfaceAccess::Size { component },
                    cond: None,
                }));
                self.set_reg(register, value);
                register = register.wrapping_add(1);
            }
        }
        Ok(())
    }
}

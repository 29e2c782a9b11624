//! Texture instructions with an immediate handle, as uam emits them for 2D and 2D-array
//! textures: the long forms `tex`, `tld`, `tld4`, `tmml`, the short forms `texs`, `tlds`,
//! `tld4s`, and `txq`'s dimension query. Each becomes a [`TexRead`] (or
//! [`Op::TextureQuery`]) and the components it writes.
//!
//! Where the operands sit (checked against uam's output for each form and mode):
//! - Long forms: Ra (bits 8-15) and the registers after it hold the layer (arrays, an
//!   integer), then x and y; Rb (bits 20-27) and those after it hold the level (`ll`),
//!   the packed offset (`aoffi`), then the depth reference (`dc`), each only when the
//!   instruction has it. The components enabled by the mask (bits 31-34) go to Rd
//!   (bits 0-7), Rd+1, ... in order.
//! - Short forms: the mode in bits 53-56 picks the operands (tables below); the results
//!   go to Rd, Rd+1, then Rd2 (bits 28-35), Rd2+1.
//! - Offsets are packed in one register: 4-bit signed x and y in bits 0-3 and 4-7 for
//!   `tex`/`tld`/`tlds`, 6-bit in bits 0-5 and 8-13 for `tld4`/`tld4s`. Vulkan takes
//!   only constant offsets (outside gathers), so the register must hold a constant.
//!
//! Anything else (1D, 3D and cube targets, bias modes, multisample fetches, per-texel
//! gather offsets, bindless handles) is [`Unsupported`], named with its offset.

use super::{Builder, Unsupported};
use crate::maxwell::decode::RZ;
use crate::maxwell::ir::{Op, TexKind, TexLod, TexRead, TexShape, Value};
use crate::maxwell::slots::{stage_index, TEXTURE_SLOTS};

/// Bits `lo..lo + width` of `word`.
fn field(word: u64, lo: u32, width: u32) -> u32 {
    ((word >> lo) & ((1 << width) - 1)) as u32
}

/// A signed field of `width` bits at `lo` of `bits`.
fn signed(bits: u32, lo: u32, width: u32) -> i32 {
    let raw = (bits >> lo) & ((1 << width) - 1);
    ((raw << (32 - width)) as i32) >> (32 - width)
}

/// Consecutive source registers from a base (all zero from RZ).
struct Sources {
    next: u8,
}

impl Sources {
    fn take(&mut self, b: &mut Builder<'_>) -> Value {
        if self.next == RZ {
            return b.constant(0);
        }
        let value = b.reg(self.next);
        self.next = self.next.wrapping_add(1);
        value
    }
}

/// The registers of a short form: results in Rd (bits 0-7) and Rd2 (28-35), sources
/// from Ra (8-15) and Rb (20-27).
struct ShortRegisters {
    rd: u8,
    ra: u8,
    rb: u8,
    rd2: u8,
}

impl ShortRegisters {
    fn of(word: u64) -> Self {
        Self {
            rd: field(word, 0, 8) as u8,
            ra: field(word, 8, 8) as u8,
            rb: field(word, 20, 8) as u8,
            rd2: field(word, 28, 8) as u8,
        }
    }
}

/// How a texture instruction reads its offset register.
#[derive(Clone, Copy)]
enum OffsetPacking {
    /// 4-bit components (`tex`, `tld`, `tlds`).
    Nibbles,
    /// 6-bit components, a byte apart (`tld4`, `tld4s`).
    Gather,
}

impl Builder<'_> {
    /// The NVN texture slot of immediate texture handle `handle`.
    fn texture_slot(&self, handle: u32) -> Result<u32, Unsupported> {
        self.slots.texture_slot(self.kind, handle).ok_or_else(|| {
            let base = self.slots.texture_handle_base[stage_index(self.kind)];
            self.unsupported(format!(
                "texture handle {handle:#x} (slots of this stage are {base:#x}..{:#x})",
                base + TEXTURE_SLOTS
            ))
        })
    }

    /// The constant texel offset in `value`.
    fn texel_offset(&self, value: Value, packing: OffsetPacking) -> Result<[i32; 2], Unsupported> {
        let Op::Const(bits) = self.ops[value.0 as usize] else {
            return Err(self.unsupported(
                "a texel offset not known at translation time (Vulkan takes constant offsets)",
            ));
        };
        Ok(match packing {
            OffsetPacking::Nibbles => [signed(bits, 0, 4), signed(bits, 4, 4)],
            OffsetPacking::Gather => [signed(bits, 0, 6), signed(bits, 8, 6)],
        })
    }

    /// The level mode for an implicit level: derivatives in fragment programs, level 0
    /// elsewhere (as the hardware, which has no derivatives there).
    fn implicit_lod(&self) -> TexLod {
        if self.fragment {
            TexLod::Implicit
        } else {
            TexLod::Zero
        }
    }

    /// Writes the components `components` of `read` to `registers` in order (RZ pairs
    /// skipped).
    fn texture_results(&mut self, read: Value, components: &[u8], registers: &[u8]) {
        for (&component, &register) in components.iter().zip(registers) {
            if register == RZ {
                continue;
            }
            let value = self.push(Op::Component(read, component));
            self.set_reg(register, value);
        }
    }

    /// The register pairs of a short form: Rd, Rd+1, Rd2, Rd2+1 (RZ stays RZ).
    fn short_registers(rd: u8, rd2: u8) -> [u8; 4] {
        let pair = |r: u8| {
            if r == RZ {
                [RZ, RZ]
            } else {
                [r, r.wrapping_add(1)]
            }
        };
        let [a, b] = pair(rd);
        let [c, d] = pair(rd2);
        [a, b, c, d]
    }

    /// `tex`, `tld`, `tld4`, `tmml` with an immediate handle.
    pub(super) fn texture_long(&mut self) -> Result<(), Unsupported> {
        let i = self.instruction;
        let word = i.word;
        if i.has_mod("b") {
            return Err(self.unsupported("a bindless handle"));
        }
        if i.has_mod("ndv") {
            return Err(self.unsupported("`ndv` (derivatives not from the quad)"));
        }
        let target = field(word, 29, 2);
        if target != 1 {
            let name = ["t1d", "t2d", "t3d", "tcube"][target as usize];
            return Err(self.unsupported(format!("target {name} (2D and 2D-array textures only)")));
        }
        let array = field(word, 28, 1) == 1;
        let mask = field(word, 31, 4);
        let (rd, ra, rb) = (
            field(word, 0, 8) as u8,
            field(word, 8, 8) as u8,
            field(word, 20, 8) as u8,
        );
        let slot = self.texture_slot(field(word, 36, 13))?;
        let shadow = field(word, 50, 1) == 1 && i.name != "tld" && i.name != "tmml";
        let mut a = Sources { next: ra };
        let mut b = Sources { next: rb };
        let layer = array.then(|| a.take(self));
        let (x, y) = (a.take(self), a.take(self));
        let (kind, packing, offset) = match i.name {
            "tex" => {
                let lod = match field(word, 55, 3) {
                    0 => self.implicit_lod(),
                    1 => TexLod::Zero,
                    3 => TexLod::Level(b.take(self)),
                    other => {
                        return Err(self.unsupported(format!(
                            "level mode {} (implicit, lz and ll only)",
                            ["", "lz", "lb", "ll", "4", "5", "lba", "lla"][other as usize]
                        )))
                    }
                };
                let offset = field(word, 54, 1) == 1;
                (TexKind::Sample { lod }, OffsetPacking::Nibbles, offset)
            }
            "tld" => {
                if i.has_mod("ms") || i.has_mod("cl") {
                    return Err(self.unsupported("a multisample or clamped fetch"));
                }
                let level = if field(word, 55, 1) == 1 {
                    b.take(self)
                } else {
                    self.constant(0)
                };
                let offset = field(word, 35, 1) == 1;
                (TexKind::Fetch { level }, OffsetPacking::Nibbles, offset)
            }
            "tld4" => {
                let offset = match field(word, 54, 2) {
                    0 => false,
                    1 => true,
                    _ => return Err(self.unsupported("per-texel gather offsets (`ptp`)")),
                };
                let component = field(word, 56, 2) as u8;
                (TexKind::Gather { component }, OffsetPacking::Gather, offset)
            }
            "tmml" => {
                if !self.fragment {
                    return Err(
                        self.unsupported("a level-of-detail query outside a fragment program")
                    );
                }
                (
                    TexKind::QueryLod { component: 0 },
                    OffsetPacking::Nibbles,
                    false,
                )
            }
            other => return Err(self.unsupported(format!("the instruction `{other}`"))),
        };
        let offset = if offset {
            let packed = b.take(self);
            self.texel_offset(packed, packing)?
        } else {
            [0, 0]
        };
        let reference = shadow.then(|| b.take(self));
        let read = TexRead {
            slot,
            shape: TexShape { array, shadow },
            kind,
            x,
            y,
            layer,
            reference,
            offset,
        };
        let components: Vec<u8> = (0..4u8).filter(|c| mask & (1 << c) != 0).collect();
        let registers: Vec<u8> = (0..components.len() as u8)
            .map(|k| if rd == RZ { RZ } else { rd.wrapping_add(k) })
            .collect();
        if let TexKind::QueryLod { .. } = kind {
            if mask & !0b11 != 0 {
                return Err(self.unsupported(format!("a level-of-detail query mask {mask:#x}")));
            }
            for (&component, &register) in components.iter().zip(&registers) {
                if register != RZ {
                    let value = self.push(Op::Texture(TexRead {
                        kind: TexKind::QueryLod { component },
                        ..read
                    }));
                    self.set_reg(register, value);
                }
            }
            return Ok(());
        }
        if shadow && matches!(kind, TexKind::Sample { .. }) && mask & !1 != 0 {
            return Err(self.unsupported(format!(
                "a depth-compare sample writing components {mask:#x} (only r)"
            )));
        }
        let value = self.push(Op::Texture(read));
        self.texture_results(value, &components, &registers);
        Ok(())
    }

    /// TEXS and TLDS: target and level mode in bits 53-56, components in 50-52.
    pub(super) fn texture_short(&mut self) -> Result<(), Unsupported> {
        let i = self.instruction;
        let word = i.word;
        let ShortRegisters { rd, ra, rb, rd2 } = ShortRegisters::of(word);
        let slot = self.texture_slot(field(word, 36, 13))?;
        let mode = field(word, 53, 4);
        let mut a = Sources { next: ra };
        let mut b = Sources { next: rb };
        let (shape, kind, x, y, layer, reference, offset) = match (i.name, mode) {
            // TEXS 1, 2: 2D (implicit, lz): x in Ra, y in Rb.
            ("texs", 1 | 2) => {
                let lod = if mode == 1 {
                    self.implicit_lod()
                } else {
                    TexLod::Zero
                };
                let (x, y) = (a.take(self), b.take(self));
                let kind = TexKind::Sample { lod };
                (TexShape::default(), kind, x, y, None, None, [0, 0])
            }
            // TEXS 3-6: 2D ll, dc, ll dc, lz dc: x, y in Ra, Ra+1; Rb the level, then
            // the reference.
            ("texs", 3..=6) => {
                let (x, y) = (a.take(self), a.take(self));
                let lod = match mode {
                    3 | 5 => TexLod::Level(b.take(self)),
                    4 => self.implicit_lod(),
                    _ => TexLod::Zero,
                };
                let shadow = mode != 3;
                let reference = shadow.then(|| b.take(self));
                let shape = TexShape {
                    array: false,
                    shadow,
                };
                (
                    shape,
                    TexKind::Sample { lod },
                    x,
                    y,
                    None,
                    reference,
                    [0, 0],
                )
            }
            // TEXS 7-9: 2D array (implicit, lz, lz dc): the layer, x in Ra, Ra+1; y in
            // Rb, then the reference.
            ("texs", 7..=9) => {
                let (layer, x) = (a.take(self), a.take(self));
                let y = b.take(self);
                let lod = if mode == 7 {
                    self.implicit_lod()
                } else {
                    TexLod::Zero
                };
                let shadow = mode == 9;
                let reference = shadow.then(|| b.take(self));
                let shape = TexShape {
                    array: true,
                    shadow,
                };
                let kind = TexKind::Sample { lod };
                (shape, kind, x, y, Some(layer), reference, [0, 0])
            }
            // TLDS 2: 2D lz: x in Ra, y in Rb.
            ("tlds", 2) => {
                let (x, y) = (a.take(self), b.take(self));
                let level = self.constant(0);
                let kind = TexKind::Fetch { level };
                (TexShape::default(), kind, x, y, None, None, [0, 0])
            }
            // TLDS 4, 5, 12: 2D lz aoffi, ll, ll aoffi: x, y in Ra, Ra+1; Rb the level,
            // then the offset.
            ("tlds", 4 | 5 | 12) => {
                let (x, y) = (a.take(self), a.take(self));
                let level = if mode == 4 {
                    self.constant(0)
                } else {
                    b.take(self)
                };
                let offset = if mode == 5 {
                    [0, 0]
                } else {
                    let packed = b.take(self);
                    self.texel_offset(packed, OffsetPacking::Nibbles)?
                };
                let kind = TexKind::Fetch { level };
                (TexShape::default(), kind, x, y, None, None, offset)
            }
            // TLDS 8: 2D array lz: the layer in Ra, x and y in Rb, Rb+1.
            ("tlds", 8) => {
                let layer = a.take(self);
                let (x, y) = (b.take(self), b.take(self));
                let level = self.constant(0);
                let shape = TexShape {
                    array: true,
                    shadow: false,
                };
                (
                    shape,
                    TexKind::Fetch { level },
                    x,
                    y,
                    Some(layer),
                    None,
                    [0, 0],
                )
            }
            (name, other) => {
                return Err(self.unsupported(format!(
                    "`{name}` target/level mode {other} (2D and 2D-array textures only)"
                )))
            }
        };
        let read = self.push(Op::Texture(TexRead {
            slot,
            shape,
            kind,
            x,
            y,
            layer,
            reference,
            offset,
        }));
        let components: &[u8] = match (rd2 == RZ, field(word, 50, 3)) {
            (true, 0) => &[0],
            (true, 1) => &[1],
            (true, 2) => &[2],
            (true, 3) => &[3],
            (true, 4) => &[0, 1],
            (true, 5) => &[0, 3],
            (true, 6) => &[1, 3],
            (true, 7) => &[2, 3],
            (false, 0) => &[0, 1, 2],
            (false, 1) => &[0, 1, 3],
            (false, 2) => &[0, 2, 3],
            (false, 3) => &[1, 2, 3],
            (false, 4) => &[0, 1, 2, 3],
            (_, other) => return Err(self.unsupported(format!("component mask {other}"))),
        };
        if shape.shadow && components != [0] {
            return Err(self.unsupported(format!(
                "a depth-compare sample writing components {components:?} (only r)"
            )));
        }
        self.texture_results(read, components, &Self::short_registers(rd, rd2));
        Ok(())
    }

    /// TLD4S: a 2D gather, the component in bits 52-53, `aoffi` bit 51, `dc` bit 50.
    /// Without either, x is in Ra and y in Rb; otherwise x, y in Ra, Ra+1 and Rb holds
    /// the offset, then the reference.
    pub(super) fn gather_short(&mut self) -> Result<(), Unsupported> {
        let word = self.instruction.word;
        let ShortRegisters { rd, ra, rb, rd2 } = ShortRegisters::of(word);
        let slot = self.texture_slot(field(word, 36, 13))?;
        let (offset, shadow) = (field(word, 51, 1) == 1, field(word, 50, 1) == 1);
        let mut a = Sources { next: ra };
        let mut b = Sources { next: rb };
        let x = a.take(self);
        let y = if offset || shadow {
            a.take(self)
        } else {
            b.take(self)
        };
        let offset = if offset {
            let packed = b.take(self);
            self.texel_offset(packed, OffsetPacking::Gather)?
        } else {
            [0, 0]
        };
        let reference = shadow.then(|| b.take(self));
        let read = self.push(Op::Texture(TexRead {
            slot,
            shape: TexShape {
                array: false,
                shadow,
            },
            kind: TexKind::Gather {
                component: field(word, 52, 2) as u8,
            },
            x,
            y,
            layer: None,
            reference,
            offset,
        }));
        self.texture_results(read, &[0, 1, 2, 3], &Self::short_registers(rd, rd2));
        Ok(())
    }

    /// TXQ with an immediate handle: the query in bits 22-27 (1, dimension: width,
    /// height, depth or layers, levels), the level in Ra (8), the component mask in bits
    /// 31-34, the handle in 36-48; the enabled components go to Rd (0), Rd+1, ... in
    /// order.
    pub(super) fn texture_query(&mut self) -> Result<(), Unsupported> {
        let word = self.instruction.word;
        if self.instruction.has_mod("b") {
            return Err(self.unsupported("`txq` through a bindless handle"));
        }
        let (rd, ra, query, mask) = (
            field(word, 0, 8) as u8,
            field(word, 8, 8) as u8,
            field(word, 22, 6),
            field(word, 31, 4),
        );
        if query != 1 {
            return Err(self.unsupported(format!("`txq` query {query} (only dimension, 1)")));
        }
        let slot = self.texture_slot(field(word, 36, 13))?;
        let lod = self.reg(ra);
        let mut register = rd;
        for component in 0u8..4 {
            if mask & (1 << component) != 0 {
                let value = self.push(Op::TextureQuery {
                    slot,
                    lod,
                    component,
                });
                self.set_reg(register, value);
                register = register.wrapping_add(1);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::signed;

    #[test]
    fn offsets_unpack_as_uam_packs_them() {
        // uam's words for textureOffset(.., ivec2(1, -2)) and textureGatherOffset(..,
        // ivec2(-3, 1)).
        assert_eq!([signed(0xee1, 0, 4), signed(0xee1, 4, 4)], [1, -2]);
        assert_eq!(
            [signed(0xffff_01fd, 0, 6), signed(0xffff_01fd, 8, 6)],
            [-3, 1]
        );
    }
}

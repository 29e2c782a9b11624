//! Texture instructions with an immediate handle, as uam emits them for 1D, 2D, 3D and
//! cube textures and 1D, 2D and cube arrays: the long forms `tex`, `tld`, `tld4`,
//! `tmml`, `txd`, the short forms `texs`, `tlds`, `tld4s`, and `txq`'s dimension query.
//! Each becomes a [`TexRead`] (or [`Op::TextureQuery`]) and the components it writes.
//!
//! Where the operands sit (checked against uam's output for each form and mode):
//! - Long forms: Ra (bits 8-15) and the registers after it hold the layer (arrays, an
//!   integer), then x, y, z as the target has them (a cube's direction is three, which
//!   uam divides by its largest magnitude first); Rb (bits 20-27) and those after it
//!   hold the level (`ll`) or bias (`lb`), the packed offset (`aoffi`), then the depth
//!   reference (`dc`), each only when the instruction has it. `txd` differs (below). The components enabled by the mask (bits 31-34) go to Rd
//!   (bits 0-7), Rd+1, ... in order.
//! - Short forms: the mode in bits 53-56 picks the operands (tables below); the results
//!   go to Rd, Rd+1, then Rd2 (bits 28-35), Rd2+1.
//! - Offsets are packed in one register: 4-bit signed x, y, z in bits 0-3, 4-7, 8-11 for
//!   `tex`/`tld`/`tlds`, 6-bit x and y in bits 0-5 and 8-13 for `tld4`/`tld4s`, 4-bit x
//!   and y from bit 16 for `txd`. Vulkan takes only constant offsets (outside gathers),
//!   so the register must hold a constant.
//!
//! The bindless (`.b`) long forms and `txq.b` take the handle in the first register of
//! Rb (of Ra for `txd` and `txq`) and their other operands after it; the handle is traced
//! to the slot it names (`texture_handle.rs`). `tex.b` keeps its level mode and `aoffi`
//! in bits 37-39 and 36, `tld4.b` its offset mode and component in 36-37 and 38-39.
//!
//! Anything else (multisample fetches, per-texel gather offsets, the
//! `lba`/`lla` level modes uam does not emit, `ndv` samples: uam's textureGrad of cube
//! and 3D textures and of depth compares, through quad shuffles) is [`Unsupported`],
//! named with its offset.

use super::texture_handle::TexSlot;
use super::{Builder, Unsupported};
use crate::maxwell::decode::RZ;
use crate::maxwell::ir::{Op, TexDim, TexKind, TexLod, TexRead, TexShape, Value};
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

/// Whether `word` is the bindless form of a long texture instruction (the handle in a
/// register, not the word): `tex.b`, `tld4.b`, `tmml.b`, `txd.b`, `tld.b`. Told by the
/// opcode bits, since envydis's `b` is also `tld4`'s blue component.
fn bindless(word: u64) -> bool {
    let opcode = (word >> 48) as u32;
    matches!(opcode & 0xfff8, 0xdeb8 | 0xdef8 | 0xdf60)
        || opcode & 0xfffc == 0xde78
        || opcode & 0xff38 == 0xdd38
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
    /// 4-bit components from bit 16, the layer below (`txd`).
    Gradient,
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
    fn texel_offset(&self, value: Value, packing: OffsetPacking) -> Result<[i32; 3], Unsupported> {
        let Op::Const(bits) = self.ops[value.0 as usize] else {
            return Err(self.unsupported(
                "a texel offset not known at translation time (Vulkan takes constant offsets)",
            ));
        };
        Ok(match packing {
            OffsetPacking::Nibbles => [signed(bits, 0, 4), signed(bits, 4, 4), signed(bits, 8, 4)],
            OffsetPacking::Gather => [signed(bits, 0, 6), signed(bits, 8, 6), 0],
            OffsetPacking::Gradient => [signed(bits, 16, 4), signed(bits, 20, 4), 0],
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
        if self.instruction.has_mod("f16") {
            // The short forms' registers: Rd, Rd+1, Rd2, Rd2+1; f16 packs into Rd, Rd2.
            self.half_texture_results(read, components, registers[0], registers[2]);
            return;
        }
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

    /// `count` coordinates from `sources`, the rest of the three repeating the first.
    fn take_coords(&mut self, sources: &mut Sources, count: usize) -> [Value; 3] {
        let x = sources.take(self);
        let mut coords = [x; 3];
        for coord in coords.iter_mut().take(count).skip(1) {
            *coord = sources.take(self);
        }
        coords
    }

    /// `tex`, `tld`, `tld4`, `tmml`, `txd` with an immediate handle.
    pub(super) fn texture_long(&mut self) -> Result<(), Unsupported> {
        let i = self.instruction;
        let word = i.word;
        let bindless = bindless(word);
        // `tex` bit 35 (envydis has no name for it) is uam's `ndv`, as in its
        // emulation of textureGrad on cube and 3D textures through quad shuffles.
        if i.has_mod("ndv") || (i.name == "tex" && field(word, 35, 1) == 1) {
            return Err(self.unsupported("`ndv` (derivatives not from the quad)"));
        }
        let dim = TexDim::of_target(field(word, 29, 2));
        let array = field(word, 28, 1) == 1;
        if array && dim == TexDim::D3 {
            return Err(self.unsupported("a 3D array target"));
        }
        let mask = field(word, 31, 4);
        let (rd, ra, rb) = (
            field(word, 0, 8) as u8,
            field(word, 8, 8) as u8,
            field(word, 20, 8) as u8,
        );
        let shadow = field(word, 50, 1) == 1 && matches!(i.name, "tex" | "tld4");
        let mut a = Sources { next: ra };
        let mut b = Sources { next: rb };
        // A bindless form's handle is the first register of Rb (of Ra for `txd`), before
        // the operands the immediate form has there.
        let slot = if bindless {
            let handle = if i.name == "txd" {
                a.take(self)
            } else {
                b.take(self)
            };
            self.traced_handle(handle)?
        } else {
            TexSlot::fixed(self.texture_slot(field(word, 36, 13))?)
        };
        let count = dim.coordinates();
        // TXD takes the layer (and the offset) after the coordinates, in one register:
        // the layer in bits 0-15, the offset's 4-bit components from bit 16.
        if i.name == "txd" {
            return self.texture_gradient(slot, dim, array, (rd, mask), (a, b));
        }
        let layer = array.then(|| a.take(self));
        let coords = self.take_coords(&mut a, count);
        let (kind, packing, offset) = match i.name {
            "tex" => {
                // The bindless form keeps the level mode and `aoffi` 18 bits lower.
                let (lod_bit, offset_bit) = if bindless { (37, 36) } else { (55, 54) };
                let lod = match field(word, lod_bit, 3) {
                    0 => self.implicit_lod(),
                    1 => TexLod::Zero,
                    2 if self.fragment => TexLod::Bias(b.take(self)),
                    3 => TexLod::Level(b.take(self)),
                    2 => return Err(self.unsupported("a level bias outside a fragment program")),
                    other => {
                        return Err(self.unsupported(format!(
                            "level mode {} (implicit, lz, lb and ll only; uam emits no other)",
                            ["", "lz", "lb", "ll", "4", "5", "lba", "lla"][other as usize]
                        )))
                    }
                };
                let offset = field(word, offset_bit, 1) == 1;
                (TexKind::Sample { lod }, OffsetPacking::Nibbles, offset)
            }
            "tld" => {
                if i.has_mod("ms") || i.has_mod("cl") {
                    return Err(self.unsupported("a multisample or clamped fetch"));
                }
                if dim == TexDim::Cube {
                    return Err(self.unsupported("a fetch from a cube target"));
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
                if matches!(dim, TexDim::D1 | TexDim::D3) {
                    return Err(self.unsupported(format!("a gather from a {} target", dim.name())));
                }
                // The bindless form keeps the offset mode and component 18 bits lower.
                let (offset_bit, component_bit) = if bindless { (36, 38) } else { (54, 56) };
                let offset = match field(word, offset_bit, 2) {
                    0 => false,
                    1 => true,
                    _ => return Err(self.unsupported("per-texel gather offsets (`ptp`)")),
                };
                let component = field(word, component_bit, 2) as u8;
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
            [0; 3]
        };
        let reference = shadow.then(|| b.take(self));
        let read = TexRead {
            slot: slot.slot,
            index: slot.index,
            shape: TexShape { dim, array, shadow },
            kind,
            coords,
            layer,
            reference,
            offset,
        };
        if let TexKind::QueryLod { .. } = kind {
            if mask & !0b11 != 0 {
                return Err(self.unsupported(format!("a level-of-detail query mask {mask:#x}")));
            }
            let mut register = rd;
            for component in (0..2u8).filter(|c| mask & (1 << c) != 0) {
                if register != RZ {
                    let value = self.push(Op::Texture(TexRead {
                        kind: TexKind::QueryLod { component },
                        ..read
                    }));
                    self.set_reg(register, value);
                    register = register.wrapping_add(1);
                }
            }
            return Ok(());
        }
        if shadow && matches!(kind, TexKind::Sample { .. }) && mask & !1 != 0 {
            return Err(self.unsupported(format!(
                "a depth-compare sample writing components {mask:#x} (only r)"
            )));
        }
        self.long_results(read, rd, mask);
        Ok(())
    }

    /// Pushes `read` and writes the components enabled by `mask` to Rd, Rd+1, ...
    fn long_results(&mut self, read: TexRead, rd: u8, mask: u32) {
        let components: Vec<u8> = (0..4u8).filter(|c| mask & (1 << c) != 0).collect();
        let registers: Vec<u8> = (0..components.len() as u8)
            .map(|k| if rd == RZ { RZ } else { rd.wrapping_add(k) })
            .collect();
        let value = self.push(Op::Texture(read));
        self.texture_results(value, &components, &registers);
    }

    /// TXD (`textureGrad` of 1D and 2D textures and arrays; uam emulates the other
    /// targets and depth compare with quad shuffles and `ndv` samples): Ra holds the
    /// coordinates, then one register with the layer (bits 0-15) and the `aoffi` offset
    /// (4-bit components from bit 16) when either is there; Rb the derivatives
    /// interleaved, d/dx and d/dy of x, then of y.
    fn texture_gradient(
        &mut self,
        slot: TexSlot,
        dim: TexDim,
        array: bool,
        (rd, mask): (u8, u32),
        (mut a, mut b): (Sources, Sources),
    ) -> Result<(), Unsupported> {
        if matches!(dim, TexDim::D3 | TexDim::Cube) {
            return Err(self.unsupported(format!("`txd` of a {} target", dim.name())));
        }
        let count = dim.coordinates();
        let coords = self.take_coords(&mut a, count);
        let aoffi = field(self.instruction.word, 35, 1) == 1;
        let packed = (array || aoffi).then(|| a.take(self));
        let offset = match packed {
            Some(packed) if aoffi => self.texel_offset(packed, OffsetPacking::Gradient)?,
            _ => [0; 3],
        };
        let mut gradients = [coords[0]; 6];
        let mut dx_dy = Vec::with_capacity(2 * count);
        for _ in 0..2 * count {
            dx_dy.push(b.take(self));
        }
        // Interleaved (dx.x, dy.x, dx.y, dy.y) to the IR's d/dx of each, then d/dy.
        for c in 0..count {
            gradients[c] = dx_dy[2 * c];
            gradients[count + c] = dx_dy[2 * c + 1];
        }
        let read = TexRead {
            slot: slot.slot,
            index: slot.index,
            shape: TexShape {
                dim,
                array,
                shadow: false,
            },
            kind: TexKind::Sample {
                lod: TexLod::Gradient(gradients),
            },
            coords,
            layer: packed.filter(|_| array),
            reference: None,
            offset,
        };
        self.long_results(read, rd, mask);
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
        let plain = |dim| TexShape {
            dim,
            array: false,
            shadow: false,
        };
        let (shape, kind, coords, layer, reference, offset) = match (i.name, mode) {
            // TEXS 0: 1D lz: x in Ra.
            ("texs", 0) => {
                let coords = self.take_coords(&mut a, 1);
                let kind = TexKind::Sample { lod: TexLod::Zero };
                (plain(TexDim::D1), kind, coords, None, None, [0; 3])
            }
            // TEXS 1, 2: 2D (implicit, lz): x in Ra, y in Rb.
            ("texs", 1 | 2) => {
                let lod = if mode == 1 {
                    self.implicit_lod()
                } else {
                    TexLod::Zero
                };
                let x = a.take(self);
                let coords = [x, b.take(self), x];
                let kind = TexKind::Sample { lod };
                (plain(TexDim::D2), kind, coords, None, None, [0; 3])
            }
            // TEXS 3-6: 2D ll, dc, ll dc, lz dc: x, y in Ra, Ra+1; Rb the level, then
            // the reference.
            ("texs", 3..=6) => {
                let coords = self.take_coords(&mut a, 2);
                let lod = match mode {
                    3 | 5 => TexLod::Level(b.take(self)),
                    4 => self.implicit_lod(),
                    _ => TexLod::Zero,
                };
                let shadow = mode != 3;
                let reference = shadow.then(|| b.take(self));
                let shape = TexShape {
                    shadow,
                    ..plain(TexDim::D2)
                };
                let kind = TexKind::Sample { lod };
                (shape, kind, coords, None, reference, [0; 3])
            }
            // TEXS 7-9: 2D array (implicit, lz, lz dc): the layer, x in Ra, Ra+1; y in
            // Rb, then the reference.
            ("texs", 7..=9) => {
                let (layer, x) = (a.take(self), a.take(self));
                let coords = [x, b.take(self), x];
                let lod = if mode == 7 {
                    self.implicit_lod()
                } else {
                    TexLod::Zero
                };
                let shadow = mode == 9;
                let reference = shadow.then(|| b.take(self));
                let shape = TexShape {
                    dim: TexDim::D2,
                    array: true,
                    shadow,
                };
                let kind = TexKind::Sample { lod };
                (shape, kind, coords, Some(layer), reference, [0; 3])
            }
            // TEXS 10, 11 (3D implicit, lz), 12, 13 (cube implicit, ll): x, y in Ra,
            // Ra+1; z in Rb, then the level (13).
            ("texs", 10..=13) => {
                let (x, y) = (a.take(self), a.take(self));
                let coords = [x, y, b.take(self)];
                let lod = match mode {
                    11 => TexLod::Zero,
                    13 => TexLod::Level(b.take(self)),
                    _ => self.implicit_lod(),
                };
                let dim = if mode < 12 { TexDim::D3 } else { TexDim::Cube };
                let kind = TexKind::Sample { lod };
                (plain(dim), kind, coords, None, None, [0; 3])
            }
            // TLDS 0, 1: 1D lz, ll: x in Ra; the level in Rb (1).
            ("tlds", 0 | 1) => {
                let coords = self.take_coords(&mut a, 1);
                let level = if mode == 0 {
                    self.constant(0)
                } else {
                    b.take(self)
                };
                let kind = TexKind::Fetch { level };
                (plain(TexDim::D1), kind, coords, None, None, [0; 3])
            }
            // TLDS 2: 2D lz: x in Ra, y in Rb.
            ("tlds", 2) => {
                let x = a.take(self);
                let coords = [x, b.take(self), x];
                let level = self.constant(0);
                let kind = TexKind::Fetch { level };
                (plain(TexDim::D2), kind, coords, None, None, [0; 3])
            }
            // TLDS 4, 5, 12: 2D lz aoffi, ll, ll aoffi: x, y in Ra, Ra+1; Rb the level,
            // then the offset.
            ("tlds", 4 | 5 | 12) => {
                let coords = self.take_coords(&mut a, 2);
                let level = if mode == 4 {
                    self.constant(0)
                } else {
                    b.take(self)
                };
                let offset = if mode == 5 {
                    [0; 3]
                } else {
                    let packed = b.take(self);
                    self.texel_offset(packed, OffsetPacking::Nibbles)?
                };
                let kind = TexKind::Fetch { level };
                (plain(TexDim::D2), kind, coords, None, None, offset)
            }
            // TLDS 7: 3D lz: x, y in Ra, Ra+1; z in Rb.
            ("tlds", 7) => {
                let (x, y) = (a.take(self), a.take(self));
                let coords = [x, y, b.take(self)];
                let level = self.constant(0);
                let kind = TexKind::Fetch { level };
                (plain(TexDim::D3), kind, coords, None, None, [0; 3])
            }
            // TLDS 8: 2D array lz: the layer in Ra, x and y in Rb, Rb+1.
            ("tlds", 8) => {
                let layer = a.take(self);
                let coords = self.take_coords(&mut b, 2);
                let level = self.constant(0);
                let shape = TexShape {
                    array: true,
                    ..plain(TexDim::D2)
                };
                let kind = TexKind::Fetch { level };
                (shape, kind, coords, Some(layer), None, [0; 3])
            }
            (name, other) => {
                return Err(self.unsupported(format!(
                    "`{name}` target/level mode {other} (a multisample fetch, or a mode uam \
                     does not emit)"
                )))
            }
        };
        let read = self.push(Op::Texture(TexRead {
            slot,
            index: None,
            shape,
            kind,
            coords,
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
            [0; 3]
        };
        let reference = shadow.then(|| b.take(self));
        let read = self.push(Op::Texture(TexRead {
            slot,
            index: None,
            shape: TexShape {
                dim: TexDim::D2,
                array: false,
                shadow,
            },
            kind: TexKind::Gather {
                component: field(word, 52, 2) as u8,
            },
            coords: [x, y, x],
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
        let (rd, ra, query, mask) = (
            field(word, 0, 8) as u8,
            field(word, 8, 8) as u8,
            field(word, 22, 6),
            field(word, 31, 4),
        );
        if query != 1 {
            return Err(self.unsupported(format!("`txq` query {query} (only dimension, 1)")));
        }
        // The bindless form takes the handle in Ra and the level in Ra+1.
        let mut a = Sources { next: ra };
        let slot = if self.instruction.has_mod("b") {
            let handle = a.take(self);
            self.traced_handle(handle)?
        } else {
            let handle = field(word, 36, 13);
            if self.slots.texture_slot(self.kind, handle).is_none()
                && self.slots.image_slot(self.kind, handle).is_some()
            {
                return self.image_size(rd, mask, handle);
            }
            TexSlot::fixed(self.texture_slot(handle)?)
        };
        let lod = a.take(self);
        let mut register = rd;
        for component in 0u8..4 {
            if mask & (1 << component) != 0 {
                let value = self.push(Op::TextureQuery {
                    slot: slot.slot,
                    index: slot.index,
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
    use super::{bindless, signed};

    #[test]
    fn bindless_forms_are_told_by_their_opcode_bits() {
        // The bindless forms of the decoder's table, then the immediate ones (a `tld4`
        // of component b among them: envydis's `b`, not bindless).
        for opcode in [0xdeb8u64, 0xdef8, 0xdf60, 0xde78, 0xdd38] {
            assert!(bindless(opcode << 48), "{opcode:#x}");
        }
        for word in [
            0xc038u64 << 48,
            0xc838 << 48,
            0xdf58 << 48,
            0xde38 << 48,
            0xdc38 << 48,
        ] {
            assert!(!bindless(word), "{word:#x}");
        }
        // uam's `tld4 b ... tcube` of x_frag_texture_dims.
        assert!(!bindless(0xca38_1a77_eff7_0000));
    }

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

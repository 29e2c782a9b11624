//! Image accesses in SPIR-V: each image slot the program accesses is a storage image of
//! the format the slot map states for it (`r32ui` unless stated) at set 0, binding =
//! slot, and each [`SurfaceOp`] an `OpImageRead`, `OpImageWrite` or an atomic through
//! `OpImageTexelPointer` on it.
//!
//! A raw load (`suld d`) takes the texel's bytes, which a formatted image does not give:
//! they are packed from the channels the read gives, with conversions that are exact for
//! the format's values (bit casts for 32-bit channels, half-float packing for 16-bit floats, unorm/snorm
//! packing for normalized bytes, bit fields for integers). The one lossy case is snorm's
//! -128, which reads as -1.0 as -127 does and so comes back as -127: the code unpacking
//! the bytes gets -1.0 from either.
//!
//! Slots accessed through a run-time index (a register handle traced to the driver's
//! image-handle words) are an array of storage images at the first slot's binding,
//! grouped as texture slot arrays are (`texture_slots.rs`); its elements share the
//! first slot's format, and it ends before a slot the slot map states another format for.

use std::collections::BTreeSet;

use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::texture_slots::{slot_groups, SlotGroup};
use super::{resource_variable, spirv_error, Emitter};
use crate::maxwell::image_format::{ChannelKind, ImageFormat, Packing};
use crate::maxwell::ir::{Op, SurfaceAccess, SurfaceOp, Unsupported, Value};
use crate::maxwell::slots::IMAGE_SLOTS;

/// A declared storage image: its variable, image type, format, channel scalar and
/// channel vector types.
#[derive(Clone, Copy)]
pub(super) struct ImageVar {
    var: Word,
    image: Word,
    format: ImageFormat,
    scalar: Word,
    vector: Word,
    /// An array of slots `first..`: the pointer type of one element.
    element_pointer: Option<Word>,
    first: u32,
}

impl Emitter<'_> {
    /// Every image slot the program accesses, as a storage image of its format; slots
    /// accessed through a run-time index as an array of them.
    pub(super) fn declare_images(&mut self) -> Result<(), Unsupported> {
        let (mut fixed, mut indexed) = (BTreeSet::new(), BTreeSet::new());
        for op in self.live_ops() {
            if let Op::Surface(access) = op {
                if access.index.is_some() {
                    indexed.insert(access.slot)
                } else {
                    fixed.insert(access.slot)
                };
            }
        }
        let kind = self.program.kind;
        // An array ends before a slot stated with another format (its images share one
        // format; a slot of another is another GLSL variable); fixed slots it no longer
        // spans are their own.
        let mut groups = slot_groups(&fixed, &indexed, IMAGE_SLOTS);
        for group in groups.iter_mut().filter(|group| group.indexed) {
            let format = self.slots.image_format(kind, group.first);
            let other = (group.first + 1..group.first + group.len).find(|&slot| {
                (self.slots.stated_image_format(kind, slot)).is_some_and(|stated| stated != format)
            });
            if let Some(other) = other {
                group.len = other - group.first;
            }
        }
        for &slot in &fixed {
            if !groups.iter().any(|group| group.holds(slot)) {
                groups.push(SlotGroup {
                    first: slot,
                    len: 1,
                    indexed: false,
                });
            }
        }
        for group in groups {
            let format = self.slots.image_format(kind, group.first);
            let elements = group.first..group.first + group.len;
            let scalar = match format.kind() {
                ChannelKind::Float => self.t.f32,
                ChannelKind::Uint => self.t.u32,
                ChannelKind::Sint => self.t.i32,
            };
            let vector = self.b.type_vector(scalar, 4);
            let image =
                self.b
                    .type_image(scalar, spirv::Dim::Dim2D, 0, 0, 0, 2, format.spirv(), None);
            let class = spirv::StorageClass::UniformConstant;
            let (pointer, element_pointer) = self.slot_group_pointer(image, &group);
            let var = resource_variable(&mut self.b, pointer, class, group.first);
            let declared = ImageVar {
                var,
                image,
                format,
                scalar,
                vector,
                element_pointer,
                first: group.first,
            };
            for slot in elements {
                self.images.insert(slot, declared);
            }
        }
        Ok(())
    }

    /// The pointer to the image at `slot`, or at element `index` of the slot array
    /// starting there.
    fn image_pointer(
        &mut self,
        image: ImageVar,
        slot: u32,
        index: Option<Value>,
    ) -> Result<Word, Unsupported> {
        let Some(element_pointer) = image.element_pointer else {
            return Ok(image.var);
        };
        let mut element = self.word(slot - image.first);
        if let Some(index) = index {
            let index = self.ids[index.0 as usize];
            element = (self.b)
                .i_add(self.t.u32, None, element, index)
                .map_err(spirv_error)?;
        }
        (self.b)
            .access_chain(element_pointer, None, image.var, [element])
            .map_err(spirv_error)
    }

    /// One image access: a load's four words (as a `vec4` of their bits, taken apart with
    /// `Op::Component`), the atomic's old value, or 0 for a store.
    pub(super) fn surface_op(&mut self, access: &SurfaceOp) -> Result<Word, Unsupported> {
        let mut image = self.images[&access.slot];
        // Every access goes through its element's pointer (the variable's, alone).
        image.var = self.image_pointer(image, access.slot, access.index)?;
        if let SurfaceAccess::Size { component } = access.access {
            self.b.capability(spirv::Capability::ImageQuery);
            let loaded = self
                .b
                .load(image.image, None, image.var, None, [])
                .map_err(spirv_error)?;
            let ivec2 = self.b.type_vector(self.t.i32, 2);
            let size = self
                .b
                .image_query_size(ivec2, None, loaded)
                .map_err(spirv_error)?;
            let value = self
                .b
                .composite_extract(self.t.i32, None, size, [u32::from(component)])
                .map_err(spirv_error)?;
            return self.b.bitcast(self.t.u32, None, value).map_err(spirv_error);
        }
        let ivec2 = self.b.type_vector(self.t.i32, 2);
        let (x, y) = (self.ids[access.x.0 as usize], self.ids[access.y.0 as usize]);
        let x = self.b.bitcast(self.t.i32, None, x).map_err(spirv_error)?;
        let y = self.b.bitcast(self.t.i32, None, y).map_err(spirv_error)?;
        let coords = self
            .b
            .composite_construct(ivec2, None, [x, y])
            .map_err(spirv_error)?;
        let access = *access;
        // A load's or an atomic's result where the access ran, zero elsewhere.
        let ty = match access.access {
            SurfaceAccess::Store { .. } => None,
            SurfaceAccess::Atomic { .. } => Some(self.t.u32),
            _ => Some(self.t.vec4),
        };
        let access_where = |e: &mut Self, make| match ty {
            Some(ty) => e.made_where(access.cond, ty, make),
            None => e.under(access.cond, make),
        };
        access_where(self, |e: &mut Self| match access.access {
            SurfaceAccess::Size { .. } => unreachable!("answered above"),
            SurfaceAccess::RawLoad { .. } => {
                let texel = e.read_texel(image, coords)?;
                let words = e.pack_texel(image, texel)?;
                e.words_as_sample(words)
            }
            SurfaceAccess::Load { mask } => {
                let texel = e.read_texel(image, coords)?;
                let bits = e.retype(image.vector, e.t.uvec4, texel)?;
                let mut words = Vec::new();
                for channel in (0..4).filter(|c| mask & (1 << c) != 0) {
                    let word =
                        e.b.composite_extract(e.t.u32, None, bits, [channel])
                            .map_err(spirv_error)?;
                    words.push(word);
                }
                e.words_as_sample(words)
            }
            SurfaceAccess::Store { values } => {
                let parts = values.map(|v| e.ids[v.0 as usize]);
                let bits =
                    e.b.composite_construct(e.t.uvec4, None, parts)
                        .map_err(spirv_error)?;
                let texel = e.retype(e.t.uvec4, image.vector, bits)?;
                e.write_texel(image, coords, texel)
            }
            SurfaceAccess::Atomic { op, value } => {
                let pointer_ty =
                    e.b.type_pointer(None, spirv::StorageClass::Image, image.scalar);
                let sample = e.word(0);
                let pointer =
                    e.b.image_texel_pointer(pointer_ty, None, image.var, coords, sample)
                        .map_err(spirv_error)?;
                // Relaxed, at device scope, as Maxwell's `suatom` on global memory.
                let (scope, semantics) = (e.word(spirv::Scope::Device as u32), e.word(0));
                let v = e.ids[value.0 as usize];
                let v = e.retype(e.t.u32, image.scalar, v)?;
                let old = e.atomic_typed(op, image.scalar, pointer, scope, semantics, v)?;
                e.retype(image.scalar, e.t.u32, old)
            }
        })
    }

    fn read_texel(&mut self, image: ImageVar, coords: Word) -> Result<Word, Unsupported> {
        let loaded = self
            .b
            .load(image.image, None, image.var, None, [])
            .map_err(spirv_error)?;
        self.b
            .image_read(image.vector, None, loaded, coords, None, [])
            .map_err(spirv_error)
    }

    fn write_texel(
        &mut self,
        image: ImageVar,
        coords: Word,
        texel: Word,
    ) -> Result<Word, Unsupported> {
        let loaded = self
            .b
            .load(image.image, None, image.var, None, [])
            .map_err(spirv_error)?;
        self.b
            .image_write(loaded, coords, texel, None, [])
            .map_err(spirv_error)?;
        Ok(0)
    }

    /// Up to four words as a load's result: a `vec4` of their bits (zeros past them).
    fn words_as_sample(&mut self, mut words: Vec<Word>) -> Result<Word, Unsupported> {
        let zero = self.word(0);
        words.resize(4, zero);
        let bits = self
            .b
            .composite_construct(self.t.uvec4, None, words)
            .map_err(spirv_error)?;
        self.b.bitcast(self.t.vec4, None, bits).map_err(spirv_error)
    }

    /// The texel's bytes as words, from the channels `texel` (of `format`'s vector type).
    fn pack_texel(&mut self, image: ImageVar, texel: Word) -> Result<Vec<Word>, Unsupported> {
        let format = image.format;
        let bits = self.retype(image.vector, self.t.uvec4, texel)?;
        let channel = |e: &mut Self, c: u32| {
            e.b.composite_extract(e.t.u32, None, bits, [c])
                .map_err(spirv_error)
        };
        match format.packing() {
            Packing::Words => (0..format.channels()).map(|c| channel(self, c)).collect(),
            Packing::Halves if format.kind() == ChannelKind::Float => {
                let vec2 = self.b.type_vector(self.t.f32, 2);
                let mut words = Vec::new();
                for pair in [[0, 1], [2, 3]] {
                    let halves = self
                        .b
                        .vector_shuffle(vec2, None, texel, texel, pair)
                        .map_err(spirv_error)?;
                    words.push(self.glsl(self.t.u32, GLOp::PackHalf2x16, &[halves])?);
                }
                Ok(words)
            }
            Packing::Bytes if format.normalized() => {
                let op = if format.signed() {
                    GLOp::PackSnorm4x8
                } else {
                    GLOp::PackUnorm4x8
                };
                Ok(vec![self.glsl(self.t.u32, op, &[texel])?])
            }
            packing => {
                // Integers: each channel's low bits, in order from bit 0.
                let (per_word, width) = match packing {
                    Packing::Halves => (2u32, 16u32),
                    _ => (4, 8),
                };
                let mut words = Vec::new();
                for first in (0..4u32).step_by(per_word as usize) {
                    let mut word = None;
                    for k in 0..per_word {
                        let c = channel(self, first + k)?;
                        let (offset, count) = (self.word(k * width), self.word(width));
                        let zero = self.word(0);
                        let low = self
                            .b
                            .bit_field_u_extract(self.t.u32, None, c, zero, count)
                            .map_err(spirv_error)?;
                        word = Some(match word {
                            None => low,
                            Some(base) => self
                                .b
                                .bit_field_insert(self.t.u32, None, base, low, offset, count)
                                .map_err(spirv_error)?,
                        });
                    }
                    words.extend(word);
                }
                Ok(words)
            }
        }
    }

    /// `value` (of type `from`) as a `to` of the same bits (itself where they are one).
    fn retype(&mut self, from: Word, to: Word, value: Word) -> Result<Word, Unsupported> {
        if from == to {
            return Ok(value);
        }
        self.b.bitcast(to, None, value).map_err(spirv_error)
    }
}

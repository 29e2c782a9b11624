//! Texture reads in SPIR-V: each texture slot the program reads is a combined
//! image-sampler at set 0, binding = slot, of the kind its reads need (1D, 2D, 3D or
//! cube, an array or not, depth or not: `sampler1D` ... `samplerCubeArrayShadow`, as
//! glslang declares them, so the view the host binds at the slot, whose type follows the
//! texture's kind, matches), and each [`TexRead`] one image instruction on it. Slots
//! read through a run-time index are an array of them at the first slot's binding
//! (`texture_slots.rs`).

use std::collections::{BTreeMap, BTreeSet};

use rspirv::dr::Operand as SpirvOperand;
use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::texture_slots::{slot_groups, SlotGroup};
use super::{resource_variable, spirv_error, Emitter};
use crate::maxwell::ir::{Op, TexDim, TexKind, TexLod, TexRead, TexShape, Unsupported, Value};
use crate::maxwell::slots::TEXTURE_SLOTS;

/// A texture slot's variable and its types.
#[derive(Clone, Copy)]
pub(super) struct TextureVar {
    var: Word,
    image: Word,
    sampled_image: Word,
    shape: TexShape,
    /// An array of slots `first..`: the pointer type of one element.
    element_pointer: Option<Word>,
    first: u32,
}

fn texture_error(slot: u32, what: String) -> Unsupported {
    Unsupported::Instruction {
        name: "texture",
        offset_b: 0,
        what: format!("texture slot {slot}: {what}"),
    }
}

/// A shape's GLSL sampler name, for messages.
fn shape_name(shape: TexShape) -> String {
    let dim = shape.dim.name();
    let array = if shape.array { "Array" } else { "" };
    let shadow = if shape.shadow { "Shadow" } else { "" };
    format!("sampler{dim}{array}{shadow}")
}

impl Emitter<'_> {
    /// Every texture slot the program reads, declared with the shape its reads need: the
    /// dimensionality and arrayness they read it with (they must agree), depth when any
    /// compares.
    pub(super) fn declare_textures(&mut self) -> Result<(), Unsupported> {
        let (mut fixed, mut indexed) = (BTreeSet::new(), BTreeSet::new());
        for op in self.live_ops() {
            match op {
                Op::Texture(TexRead { slot, index, .. }) | Op::TextureQuery { slot, index, .. } => {
                    if index.is_some() {
                        indexed.insert(*slot)
                    } else {
                        fixed.insert(*slot)
                    };
                }
                _ => {}
            }
        }
        let groups = slot_groups(&fixed, &indexed, TEXTURE_SLOTS);
        let group_of = |slot: u32| -> SlotGroup {
            *groups
                .iter()
                .find(|group| group.holds(slot))
                .expect("every read slot has a group")
        };
        let mut shapes: BTreeMap<u32, Option<TexShape>> = BTreeMap::new();
        let mut queries = false;
        for op in self.live_ops() {
            match op {
                Op::Texture(read) => {
                    let first = group_of(read.slot).first;
                    let entry = shapes.entry(first).or_insert(None);
                    match entry {
                        Some(shape)
                            if (shape.dim, shape.array) != (read.shape.dim, read.shape.array) =>
                        {
                            return Err(texture_error(
                                read.slot,
                                format!(
                                    "read both as {} and as {}",
                                    shape_name(*shape),
                                    shape_name(read.shape)
                                ),
                            ))
                        }
                        Some(shape) => shape.shadow |= read.shape.shadow,
                        None => *entry = Some(read.shape),
                    }
                    queries |= matches!(read.kind, TexKind::QueryLod { .. });
                }
                Op::TextureQuery { slot, .. } => {
                    shapes.entry(group_of(*slot).first).or_insert(None);
                    queries = true;
                }
                _ => {}
            }
        }
        if queries {
            self.b.capability(spirv::Capability::ImageQuery);
        }
        for (first, shape) in shapes {
            let group = group_of(first);
            // A slot only queried (`textureSize`: `txq` names no target) is taken as 2D.
            let shape = shape.unwrap_or_default();
            let dim = match shape.dim {
                TexDim::D1 => {
                    self.b.capability(spirv::Capability::Sampled1D);
                    spirv::Dim::Dim1D
                }
                TexDim::D2 => spirv::Dim::Dim2D,
                TexDim::D3 => spirv::Dim::Dim3D,
                TexDim::Cube => {
                    if shape.array {
                        self.b.capability(spirv::Capability::SampledCubeArray);
                    }
                    spirv::Dim::DimCube
                }
            };
            let image = self.b.type_image(
                self.t.f32,
                dim,
                u32::from(shape.shadow),
                u32::from(shape.array),
                0,
                1,
                spirv::ImageFormat::Unknown,
                None,
            );
            let sampled_image = self.b.type_sampled_image(image);
            let class = spirv::StorageClass::UniformConstant;
            let (pointer, element_pointer) = self.slot_group_pointer(sampled_image, &group);
            let var = resource_variable(&mut self.b, pointer, class, first);
            let texture = TextureVar {
                var,
                image,
                sampled_image,
                shape,
                element_pointer,
                first,
            };
            for slot in first..first + group.len {
                self.textures.insert(slot, texture);
            }
        }
        Ok(())
    }

    /// The sampled image at `slot`, or at element `index` of the slot array starting
    /// there, loaded.
    fn sampled_image_of(
        &mut self,
        slot: u32,
        index: Option<Value>,
    ) -> Result<(TextureVar, Word), Unsupported> {
        let texture = self.textures[&slot];
        let pointer = match texture.element_pointer {
            Some(element_pointer) => {
                let mut element = self.word(slot - texture.first);
                if let Some(index) = index {
                    let index = self.ids[index.0 as usize];
                    element = (self.b)
                        .i_add(self.t.u32, None, element, index)
                        .map_err(spirv_error)?;
                }
                (self.b)
                    .access_chain(element_pointer, None, texture.var, [element])
                    .map_err(spirv_error)?
            }
            None => texture.var,
        };
        let sampled = self
            .b
            .load(texture.sampled_image, None, pointer, None, [])
            .map_err(spirv_error)?;
        Ok((texture, sampled))
    }

    fn int_of(&mut self, value: Value) -> Result<Word, Unsupported> {
        let id = self.ids[value.0 as usize];
        self.b.bitcast(self.t.i32, None, id).map_err(spirv_error)
    }

    /// The hardware's layer: the register's low 16 bits.
    fn layer_of(&mut self, value: Value) -> Result<Word, Unsupported> {
        let id = self.ids[value.0 as usize];
        let mask = self.word(0xffff);
        let low = self
            .b
            .bitwise_and(self.t.u32, None, id, mask)
            .map_err(spirv_error)?;
        self.b.bitcast(self.t.i32, None, low).map_err(spirv_error)
    }

    /// The coordinates of `read`: floats (the layer converted), or integers for fetches;
    /// a scalar for a 1D texture that is not an array.
    fn coordinates(&mut self, read: &TexRead, integer: bool) -> Result<Word, Unsupported> {
        let mut parts = Vec::with_capacity(4);
        for &coord in read.used_coords() {
            parts.push(if integer {
                self.int_of(coord)?
            } else {
                self.as_float(coord)?
            });
        }
        if let (Some(layer), true) = (read.layer, self.textures[&read.slot].shape.array) {
            let layer = self.layer_of(layer)?;
            parts.push(if integer {
                layer
            } else {
                self.b
                    .convert_s_to_f(self.t.f32, None, layer)
                    .map_err(spirv_error)?
            });
        }
        let scalar = if integer { self.t.i32 } else { self.t.f32 };
        self.vector_of(scalar, parts)
    }

    /// `parts` as one value: itself when one, else a vector of them.
    fn vector_of(&mut self, scalar: Word, parts: Vec<Word>) -> Result<Word, Unsupported> {
        if let [one] = parts[..] {
            return Ok(one);
        }
        let ty = self.b.type_vector(scalar, parts.len() as u32);
        self.b
            .composite_construct(ty, None, parts)
            .map_err(spirv_error)
    }

    /// The `ConstOffset` operand of a nonzero offset: as many components as the
    /// texture's coordinates.
    fn offset_operand(&mut self, offset: [i32; 3], dim: TexDim) -> Option<Word> {
        let count = dim.coordinates();
        if offset[..count].iter().all(|&v| v == 0) {
            return None;
        }
        let parts: Vec<Word> = offset[..count]
            .iter()
            .map(|&v| self.b.constant_bit32(self.t.i32, v as u32))
            .collect();
        if let [one] = parts[..] {
            return Some(one);
        }
        let ty = self.b.type_vector(self.t.i32, count as u32);
        Some(self.b.constant_composite(ty, parts))
    }

    /// The d/dx and d/dy operands of `gradients` (the first `count` of each half).
    fn gradient_operands(
        &mut self,
        gradients: [Value; 6],
        count: usize,
    ) -> Result<[Word; 2], Unsupported> {
        let mut halves = [0; 2];
        for (half, out) in halves.iter_mut().enumerate() {
            let mut parts = Vec::with_capacity(count);
            for &value in &gradients[half * count..(half + 1) * count] {
                parts.push(self.as_float(value)?);
            }
            *out = self.vector_of(self.t.f32, parts)?;
        }
        Ok(halves)
    }

    /// One texture read: a `vec4` (depth-compare samples in component 0), or a `u32`
    /// word for a level-of-detail query.
    pub(super) fn texture_read(&mut self, read: &TexRead) -> Result<Word, Unsupported> {
        let (texture, sampled) = self.sampled_image_of(read.slot, read.index)?;
        if (read.shape.dim, read.shape.array) != (texture.shape.dim, texture.shape.array) {
            return Err(texture_error(read.slot, "read with two shapes".into()));
        }
        let offset = self.offset_operand(read.offset, read.shape.dim);
        let reference = read.reference.map(|r| self.as_float(r)).transpose()?;
        let vec4 = self.t.vec4;
        match read.kind {
            TexKind::Sample { lod } => {
                let coords = self.coordinates(read, false)?;
                let mut mask = spirv::ImageOperands::NONE;
                let mut params = Vec::new();
                // Whether the level is explicit (a level or derivatives).
                let level = match lod {
                    TexLod::Implicit => None,
                    TexLod::Bias(bias) => {
                        mask |= spirv::ImageOperands::BIAS;
                        params.push(SpirvOperand::IdRef(self.as_float(bias)?));
                        None
                    }
                    TexLod::Zero | TexLod::Level(_) => {
                        let level = match lod {
                            TexLod::Level(value) => self.as_float(value)?,
                            _ => self.float_const(0.0),
                        };
                        mask |= spirv::ImageOperands::LOD;
                        params.push(SpirvOperand::IdRef(level));
                        Some(level)
                    }
                    TexLod::Gradient(gradients) => {
                        let [dx, dy] =
                            self.gradient_operands(gradients, read.shape.dim.coordinates())?;
                        mask |= spirv::ImageOperands::GRAD;
                        params.push(SpirvOperand::IdRef(dx));
                        params.push(SpirvOperand::IdRef(dy));
                        Some(dx)
                    }
                };
                if let Some(offset) = offset {
                    mask |= spirv::ImageOperands::CONST_OFFSET;
                    params.push(SpirvOperand::IdRef(offset));
                }
                let optional = (!mask.is_empty()).then_some(mask);
                let f32_ty = self.t.f32;
                let result = match (reference, level) {
                    (None, None) => self
                        .b
                        .image_sample_implicit_lod(vec4, None, sampled, coords, optional, params),
                    (None, Some(_)) => self
                        .b
                        .image_sample_explicit_lod(vec4, None, sampled, coords, mask, params),
                    (Some(dref), None) => self.b.image_sample_dref_implicit_lod(
                        f32_ty, None, sampled, coords, dref, optional, params,
                    ),
                    (Some(dref), Some(_)) => self.b.image_sample_dref_explicit_lod(
                        f32_ty, None, sampled, coords, dref, mask, params,
                    ),
                }
                .map_err(spirv_error)?;
                if reference.is_none() {
                    return Ok(result);
                }
                let (zero, one) = (self.float_const(0.0), self.float_const(1.0));
                self.b
                    .composite_construct(vec4, None, [result, zero, zero, one])
                    .map_err(spirv_error)
            }
            TexKind::Fetch { level } => {
                let coords = self.coordinates(read, true)?;
                let image = self
                    .b
                    .image(texture.image, None, sampled)
                    .map_err(spirv_error)?;
                let level = self.int_of(level)?;
                let mut mask = spirv::ImageOperands::LOD;
                let mut params = vec![SpirvOperand::IdRef(level)];
                if let Some(offset) = offset {
                    mask |= spirv::ImageOperands::CONST_OFFSET;
                    params.push(SpirvOperand::IdRef(offset));
                }
                self.b
                    .image_fetch(vec4, None, image, coords, Some(mask), params)
                    .map_err(spirv_error)
            }
            TexKind::Gather { component } => {
                let coords = self.coordinates(read, false)?;
                let (mask, params) = match offset {
                    Some(offset) => (
                        Some(spirv::ImageOperands::CONST_OFFSET),
                        vec![SpirvOperand::IdRef(offset)],
                    ),
                    None => (None, vec![]),
                };
                match reference {
                    Some(dref) => self
                        .b
                        .image_dref_gather(vec4, None, sampled, coords, dref, mask, params),
                    None => {
                        let component = self.b.constant_bit32(self.t.i32, u32::from(component));
                        self.b
                            .image_gather(vec4, None, sampled, coords, component, mask, params)
                    }
                }
                .map_err(spirv_error)
            }
            TexKind::QueryLod { component } => self.query_lod(read, sampled, component),
        }
    }

    /// TMML's word `component` from `OpImageQueryLod` (x the level accessed, y the
    /// computed level of detail): 0 is y and 1 is x, in 8.8 fixed point (signed and
    /// unsigned), rounded to the nearest 1/256.
    fn query_lod(
        &mut self,
        read: &TexRead,
        sampled: Word,
        component: u8,
    ) -> Result<Word, Unsupported> {
        let mut parts = Vec::with_capacity(3);
        for &coord in read.used_coords() {
            parts.push(self.as_float(coord)?);
        }
        let coords = self.vector_of(self.t.f32, parts)?;
        let vec2 = self.b.type_vector(self.t.f32, 2);
        let lods = self
            .b
            .image_query_lod(vec2, None, sampled, coords)
            .map_err(spirv_error)?;
        let f32_ty = self.t.f32;
        let value = self
            .b
            .composite_extract(f32_ty, None, lods, [1 - u32::from(component)])
            .map_err(spirv_error)?;
        let scale = self.float_const(256.0);
        let fixed = self
            .b
            .f_mul(f32_ty, None, value, scale)
            .map_err(spirv_error)?;
        let (lo, hi) = if component == 0 {
            (-32768.0, 32767.0)
        } else {
            (0.0, 65535.0)
        };
        let (lo, hi) = (self.float_const(lo), self.float_const(hi));
        let clamped = self.glsl(f32_ty, GLOp::FClamp, &[fixed, lo, hi])?;
        let rounded = self.glsl(f32_ty, GLOp::RoundEven, &[clamped])?;
        let int = self
            .b
            .convert_f_to_s(self.t.i32, None, rounded)
            .map_err(spirv_error)?;
        self.b.bitcast(self.t.u32, None, int).map_err(spirv_error)
    }

    /// A component of the size of level `lod` (width, then height and depth as the
    /// texture has them, then the layers of an array: GLSL's `textureSize`) or the level
    /// count (3).
    pub(super) fn texture_query(
        &mut self,
        (slot, index): (u32, Option<Value>),
        lod: Value,
        component: u8,
    ) -> Result<Word, Unsupported> {
        let (texture, sampled) = self.sampled_image_of(slot, index)?;
        let image = self
            .b
            .image(texture.image, None, sampled)
            .map_err(spirv_error)?;
        let size_components =
            (texture.shape.dim.size_components() + usize::from(texture.shape.array)) as u32;
        let value = if component == 3 {
            self.b
                .image_query_levels(self.t.i32, None, image)
                .map_err(spirv_error)?
        } else if u32::from(component) < size_components {
            let lod = self.int_of(lod)?;
            if size_components == 1 {
                self.b
                    .image_query_size_lod(self.t.i32, None, image, lod)
                    .map_err(spirv_error)?
            } else {
                let ty = self.b.type_vector(self.t.i32, size_components);
                let size = self
                    .b
                    .image_query_size_lod(ty, None, image, lod)
                    .map_err(spirv_error)?;
                self.b
                    .composite_extract(self.t.i32, None, size, [u32::from(component)])
                    .map_err(spirv_error)?
            }
        } else {
            return Err(texture_error(
                slot,
                format!(
                    "`txq` size component {component} of {} (it has {size_components})",
                    shape_name(texture.shape)
                ),
            ));
        };
        self.b.bitcast(self.t.u32, None, value).map_err(spirv_error)
    }
}

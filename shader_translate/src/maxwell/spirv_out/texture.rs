//! Texture reads in SPIR-V: each texture slot the program reads is a combined
//! image-sampler at set 0, binding = slot, of the kind its reads need (2D or 2D array,
//! depth or not: `sampler2D`, `sampler2DArray`, `sampler2DShadow`,
//! `sampler2DArrayShadow`), and each [`TexRead`] one image instruction on it.

use std::collections::BTreeMap;

use rspirv::dr::Operand as SpirvOperand;
use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::{resource_variable, spirv_error, Emitter};
use crate::maxwell::ir::{Op, TexKind, TexLod, TexRead, TexShape, Unsupported, Value};

/// A texture slot's variable and its types.
#[derive(Clone, Copy)]
pub(super) struct TextureVar {
    var: Word,
    image: Word,
    sampled_image: Word,
    shape: TexShape,
}

fn texture_error(slot: u32, what: String) -> Unsupported {
    Unsupported::Instruction {
        name: "texture",
        offset_b: 0,
        what: format!("texture slot {slot}: {what}"),
    }
}

impl Emitter<'_> {
    /// Every texture slot the program reads, declared with the shape its reads need: an
    /// array when they read it as one (they must agree), depth when any compares.
    pub(super) fn declare_textures(&mut self) -> Result<(), Unsupported> {
        let mut shapes: BTreeMap<u32, Option<TexShape>> = BTreeMap::new();
        let mut queries = false;
        for op in self.live_ops() {
            match op {
                Op::Texture(read) => {
                    let entry = shapes.entry(read.slot).or_insert(None);
                    match entry {
                        Some(shape) if shape.array != read.shape.array => {
                            return Err(texture_error(
                                read.slot,
                                "read both as a 2D texture and as a 2D array".into(),
                            ))
                        }
                        Some(shape) => shape.shadow |= read.shape.shadow,
                        None => *entry = Some(read.shape),
                    }
                    queries |= matches!(read.kind, TexKind::QueryLod { .. });
                }
                Op::TextureQuery { slot, .. } => {
                    shapes.entry(*slot).or_insert(None);
                    queries = true;
                }
                _ => {}
            }
        }
        if queries {
            self.b.capability(spirv::Capability::ImageQuery);
        }
        for (slot, shape) in shapes {
            // A slot only queried (`textureSize`) is taken as 2D.
            let shape = shape.unwrap_or_default();
            let image = self.b.type_image(
                self.t.f32,
                spirv::Dim::Dim2D,
                u32::from(shape.shadow),
                u32::from(shape.array),
                0,
                1,
                spirv::ImageFormat::Unknown,
                None,
            );
            let sampled_image = self.b.type_sampled_image(image);
            let pointer =
                self.b
                    .type_pointer(None, spirv::StorageClass::UniformConstant, sampled_image);
            let var = resource_variable(
                &mut self.b,
                pointer,
                spirv::StorageClass::UniformConstant,
                slot,
            );
            self.textures.insert(
                slot,
                TextureVar {
                    var,
                    image,
                    sampled_image,
                    shape,
                },
            );
        }
        Ok(())
    }

    /// The sampled image at `slot`, loaded.
    fn sampled_image_of(&mut self, slot: u32) -> Result<(TextureVar, Word), Unsupported> {
        let texture = self.textures[&slot];
        let sampled = self
            .b
            .load(texture.sampled_image, None, texture.var, None, [])
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

    /// The coordinates of `read`: floats (the layer converted), or integers for fetches.
    fn coordinates(&mut self, read: &TexRead, integer: bool) -> Result<Word, Unsupported> {
        let mut parts = if integer {
            vec![self.int_of(read.x)?, self.int_of(read.y)?]
        } else {
            vec![self.as_float(read.x)?, self.as_float(read.y)?]
        };
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
        let ty = self.b.type_vector(scalar, parts.len() as u32);
        self.b
            .composite_construct(ty, None, parts)
            .map_err(spirv_error)
    }

    /// The `ConstOffset` operand of a nonzero offset.
    fn offset_operand(&mut self, offset: [i32; 2]) -> Option<Word> {
        if offset == [0, 0] {
            return None;
        }
        let ivec2 = self.b.type_vector(self.t.i32, 2);
        let [x, y] = offset.map(|v| self.b.constant_bit32(self.t.i32, v as u32));
        Some(self.b.constant_composite(ivec2, [x, y]))
    }

    /// One texture read: a `vec4` (depth-compare samples in component 0), or a `u32`
    /// word for a level-of-detail query.
    pub(super) fn texture_read(&mut self, read: &TexRead) -> Result<Word, Unsupported> {
        let (texture, sampled) = self.sampled_image_of(read.slot)?;
        if read.shape.array != texture.shape.array {
            return Err(texture_error(read.slot, "read with two shapes".into()));
        }
        let offset = self.offset_operand(read.offset);
        let reference = read.reference.map(|r| self.as_float(r)).transpose()?;
        let vec4 = self.t.vec4;
        match read.kind {
            TexKind::Sample { lod } => {
                let coords = self.coordinates(read, false)?;
                let level = match lod {
                    TexLod::Implicit => None,
                    TexLod::Zero => Some(self.float_const(0.0)),
                    TexLod::Level(value) => Some(self.as_float(value)?),
                };
                let mut mask = spirv::ImageOperands::NONE;
                let mut params = Vec::new();
                if let Some(level) = level {
                    mask |= spirv::ImageOperands::LOD;
                    params.push(SpirvOperand::IdRef(level));
                }
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
        let (x, y) = (self.as_float(read.x)?, self.as_float(read.y)?);
        let vec2 = self.b.type_vector(self.t.f32, 2);
        let coords = self
            .b
            .composite_construct(vec2, None, [x, y])
            .map_err(spirv_error)?;
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

    /// A component of the size of level `lod` (0 width, 1 height, 2 layers of an array)
    /// or the level count (3).
    pub(super) fn texture_query(
        &mut self,
        slot: u32,
        lod: Value,
        component: u8,
    ) -> Result<Word, Unsupported> {
        let (texture, sampled) = self.sampled_image_of(slot)?;
        let image = self
            .b
            .image(texture.image, None, sampled)
            .map_err(spirv_error)?;
        let size_components = if texture.shape.array { 3 } else { 2 };
        let value = if component == 3 {
            self.b
                .image_query_levels(self.t.i32, None, image)
                .map_err(spirv_error)?
        } else if u32::from(component) < size_components {
            let ty = self.b.type_vector(self.t.i32, size_components);
            let lod = self.int_of(lod)?;
            let size = self
                .b
                .image_query_size_lod(ty, None, image, lod)
                .map_err(spirv_error)?;
            self.b
                .composite_extract(self.t.i32, None, size, [u32::from(component)])
                .map_err(spirv_error)?
        } else {
            return Err(texture_error(
                slot,
                "`txq` depth of a 2D texture (2D arrays give their layers)".into(),
            ));
        };
        self.b.bitcast(self.t.u32, None, value).map_err(spirv_error)
    }
}

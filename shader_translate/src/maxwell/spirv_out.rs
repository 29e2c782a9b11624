//! SPIR-V from the SSA form of a Maxwell program, in NVN's binding model (set 0, the
//! binding is the NVN slot), for the translator's usual pipeline (remap, spirv-val,
//! spirv-opt, reflection, the Metal-route check, the cache). Register words are `u32`;
//! float operations bitcast around themselves and spirv-opt folds the casts away.
//!
//! Interface: generic attribute L is `location = L`, a `vec4` of float, or in a vertex
//! program a `vec4` of the kind the draw's format at L delivers (the SPH does not say a
//! type; `attribute_kinds.rs`), its words bitcast into registers as the console's fetch
//! unit writes them. Integer render targets are not translated yet.
//! Constant buffer 1 is the program's own data, a private constant array; `c[2 + N]` is
//! uniform block N, read as `uvec4` words; `c0` (deko3d's driver constants) is refused.
//! Texture slot N (the handle less the stage's base) is a combined image-sampler at
//! binding N, 2D or 2D array, depth or not, as its reads need (`texture.rs`).

mod contraction;
mod double;
mod geometry;
mod interpolate;
mod liveness;
mod memory;
mod pointer;
mod sample;
mod ssa;
mod subgroup;
mod surface;
mod tessellation;
mod texture;
mod texture_slots;
mod tidy;
mod warp;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use rspirv::dr::{Builder, Operand as SpirvOperand};
use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::attribute_kinds::{AttributeKind, AttributeKinds};
use super::dksh::ProgramType;
use super::geometry::GeometryInput;
use super::ir::{
    AttrRead, Binary, Compare, FloatUnary, Function, IntUnary, Ipa, Logic, Op, Outputs,
    Unsupported, Value, Var,
};
use super::program::Program;
use super::slots::SlotMap;
use super::sph::{Interpolation, StageIo};

/// `a[]` addresses of the attributes the emitter knows.
const POSITION_B: u32 = 0x70;
const POINT_SIZE_B: u32 = 0x6c;
const GENERIC_B: u32 = 0x80;
const GENERIC_END_B: u32 = 0x280;
const INSTANCE_ID_B: u32 = 0x2f8;
const VERTEX_ID_B: u32 = 0x2fc;
/// The fragment's facing (`gl_FrontFacing`).
const FRONT_FACE_B: u32 = 0x3fc;
/// uam's perspective divisor: `ipa pass a[0x7c]` is gl_FragCoord.w.
const FRAG_COORD_W_B: u32 = 0x7c;
/// Uniform blocks are read through this many `uvec4` (64 KiB, NVN's largest).
const UNIFORM_WORDS4: u32 = 4096;

fn attribute_error(addr_b: u32, why: &str) -> Unsupported {
    Unsupported::Instruction {
        name: "attribute",
        offset_b: addr_b,
        what: format!("a[{addr_b:#x}] ({why})"),
    }
}

/// An SSA form the builder should not have made (a loop op outside a loop).
fn malformed(how: &str) -> Unsupported {
    Unsupported::ControlFlow {
        blocks: 0,
        offset_b: 0,
        how: how.into(),
    }
}

fn no_loop() -> Unsupported {
    malformed("a loop op outside a loop")
}

fn spirv_error(error: rspirv::dr::Error) -> Unsupported {
    Unsupported::Instruction {
        name: "spirv",
        offset_b: 0,
        what: format!("building the module: {error}"),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    Word,
    Bool,
    /// A texture sample (four floats).
    Sample,
    /// An f64 (`double.rs`).
    Double,
}

struct Types {
    void: Word,
    f32: Word,
    u32: Word,
    i32: Word,
    bool: Word,
    vec4: Word,
    uvec4: Word,
    ivec4: Word,
}

struct Emitter<'a> {
    b: Builder,
    t: Types,
    glsl: Word,
    program: &'a Program,
    function: &'a Function,
    slots: &'a SlotMap,
    ids: Vec<Word>,
    tys: Vec<Ty>,
    words: HashMap<u32, Word>,
    floats: HashMap<u32, Word>,
    interface: Vec<Word>,
    /// Input variables: generic location, FragCoord, VertexIndex, InstanceIndex.
    inputs: HashMap<u32, Word>,
    constbuf1: Option<(Word, u32)>,
    /// Uniform block variables by hardware constant buffer.
    uniforms: BTreeMap<u8, Word>,
    /// Combined image-samplers by NVN texture slot, with their types.
    textures: BTreeMap<u32, texture::TextureVar>,
    /// Storage images by NVN image slot.
    images: BTreeMap<u32, surface::ImageVar>,
    /// The float each `u32` word id stands for, where one was made or cast.
    float_views: HashMap<Word, Word>,
    /// The casts made before each open loop (those made inside do not dominate what
    /// follows it).
    saved_views: Vec<HashMap<Word, Word>>,
    /// Open loops, innermost last.
    loops: Vec<ssa::OpenLoop>,
    /// The SSA value each register and predicate carried across loops holds here.
    current: ssa::Snapshot,
    /// Header phis found trivial, and the value each stands for.
    replaced: HashMap<Word, Word>,
    /// Variables that only ever hold one value: their loads are that value.
    invariant: BTreeMap<Var, Value>,
    /// Output variables by location (built-ins: `BUILTIN_KEY` + the built-in).
    outputs: HashMap<u32, Word>,
    /// Storage buffer variables by binding, and shared memory.
    storage: BTreeMap<u32, Word>,
    /// The pool table, where the program dereferences raw addresses.
    pool_lookup: Option<crate::pool_lookup::PoolLookup>,
    shared: Option<Word>,
    /// Local memory's private array and its length in words.
    local: Option<(Word, u32)>,
    /// The shared words votes and shuffles exchange through.
    warp: Option<warp::WarpExchange>,
    /// Geometry: the input class the module is made for.
    geometry_input: Option<GeometryInput>,
    /// Vertex: the kind of each generic attribute's values (float elsewhere).
    attribute_kinds: AttributeKinds,
    /// Which ops the module needs (the others are not written: a c0 read that only made
    /// a storage address is not a constant-buffer read).
    live: Vec<bool>,
    /// Fragment inputs also read at an offset or a sample: their centre value, loaded
    /// whole in the entry block (`interpolate.rs`).
    centre_inputs: HashMap<u32, Word>,
}

const BUILTIN_KEY: u32 = 1 << 16;

/// A module-level variable, made while a block is being written (interface variables
/// are declared on first use).
fn global_variable(
    b: &mut Builder,
    pointer: Word,
    storage: spirv::StorageClass,
    init: Option<Word>,
) -> Word {
    let block = b.selected_block();
    b.select_block(None).expect("deselecting a block");
    let var = b.variable(pointer, None, storage, init);
    if block.is_some() {
        b.select_block(block).expect("the block selected before");
    }
    var
}

/// A resource variable at set 0, binding `slot` (NVN's slot; the translator remaps it).
fn resource_variable(
    b: &mut Builder,
    pointer: Word,
    storage: spirv::StorageClass,
    slot: u32,
) -> Word {
    let var = b.variable(pointer, None, storage, None);
    b.decorate(
        var,
        spirv::Decoration::DescriptorSet,
        [SpirvOperand::LiteralBit32(0)],
    );
    b.decorate(
        var,
        spirv::Decoration::Binding,
        [SpirvOperand::LiteralBit32(slot)],
    );
    var
}

impl Emitter<'_> {
    fn word(&mut self, bits: u32) -> Word {
        let u32_ty = self.t.u32;
        let b = &mut self.b;
        *self
            .words
            .entry(bits)
            .or_insert_with(|| b.constant_bit32(u32_ty, bits))
    }

    fn float_const(&mut self, value: f32) -> Word {
        let f32_ty = self.t.f32;
        let b = &mut self.b;
        *self
            .floats
            .entry(value.to_bits())
            .or_insert_with(|| b.constant_bit32(f32_ty, value.to_bits()))
    }

    /// A value's bits as a float. Each word is cast once (the function is one block, so
    /// the first cast dominates every later use), and a word made from a float is that
    /// float: the module stays small for spirv-val and spirv-opt.
    fn as_float(&mut self, value: Value) -> Result<Word, Unsupported> {
        let id = self.ids[value.0 as usize];
        if let Some(&float) = self.float_views.get(&id) {
            return Ok(float);
        }
        let float = self.b.bitcast(self.t.f32, None, id).map_err(spirv_error)?;
        self.float_views.insert(id, float);
        Ok(float)
    }

    fn float_bits(&mut self, float: Word) -> Result<Word, Unsupported> {
        let id = self
            .b
            .bitcast(self.t.u32, None, float)
            .map_err(spirv_error)?;
        self.float_views.insert(id, float);
        Ok(id)
    }

    fn glsl(&mut self, ty: Word, op: GLOp, args: &[Word]) -> Result<Word, Unsupported> {
        let operands: Vec<SpirvOperand> = args.iter().map(|&id| SpirvOperand::IdRef(id)).collect();
        self.b
            .ext_inst(ty, None, self.glsl, op as u32, operands)
            .map_err(spirv_error)
    }

    fn input_variable(
        &mut self,
        key: u32,
        ty: Word,
        decorate: impl FnOnce(&mut Builder, Word),
    ) -> Word {
        if let Some(&var) = self.inputs.get(&key) {
            return var;
        }
        let pointer = self.b.type_pointer(None, spirv::StorageClass::Input, ty);
        let var = global_variable(&mut self.b, pointer, spirv::StorageClass::Input, None);
        decorate(&mut self.b, var);
        self.interface.push(var);
        self.inputs.insert(key, var);
        var
    }

    /// A component of a `vec4` input, as its bits.
    fn vec4_component(&mut self, var: Word, component: u32) -> Result<Word, Unsupported> {
        self.input_component(var, component, AttributeKind::Float)
    }

    /// A component of a four-component input of `kind`, as its bits (an integer's
    /// words as they are, as the console's fetch unit writes them into `a[]`).
    fn input_component(
        &mut self,
        var: Word,
        component: u32,
        kind: AttributeKind,
    ) -> Result<Word, Unsupported> {
        let scalar = match kind {
            AttributeKind::Float => self.t.f32,
            AttributeKind::Sint => self.t.i32,
            AttributeKind::Uint => self.t.u32,
        };
        let pointer = self
            .b
            .type_pointer(None, spirv::StorageClass::Input, scalar);
        let index = self.word(component);
        let element = self
            .b
            .access_chain(pointer, None, var, [index])
            .map_err(spirv_error)?;
        let value = self
            .b
            .load(scalar, None, element, None, [])
            .map_err(spirv_error)?;
        match kind {
            AttributeKind::Float => self.float_bits(value),
            AttributeKind::Sint => self.b.bitcast(self.t.u32, None, value).map_err(spirv_error),
            AttributeKind::Uint => Ok(value),
        }
    }

    fn generic_interpolation(&self, location: u32) -> Result<Option<Interpolation>, Unsupported> {
        let Some(sph) = &self.program.sph else {
            return Ok(None);
        };
        let StageIo::Fragment(io) = &sph.io else {
            return Ok(None);
        };
        let modes: BTreeSet<Interpolation> = io.interpolation[location as usize]
            .iter()
            .flatten()
            .copied()
            .collect();
        if modes.len() > 1 {
            return Err(attribute_error(
                GENERIC_B + 16 * location,
                "components interpolated differently",
            ));
        }
        Ok(modes.into_iter().next())
    }

    fn attribute(&mut self, read: AttrRead) -> Result<Word, Unsupported> {
        let addr_b = read.addr_b;
        let fragment = self.program.kind == ProgramType::Fragment;
        if let Some(word) = self.geometry_attribute(addr_b) {
            return word;
        }
        if self.program.kind == ProgramType::Geometry {
            return Err(attribute_error(
                addr_b,
                "a geometry input read without a vertex index",
            ));
        }
        if (GENERIC_B..GENERIC_END_B).contains(&addr_b) {
            let location = (addr_b - GENERIC_B) / 16;
            let (var, kind) = self.generic_input(location)?;
            let component = (addr_b % 16) / 4;
            let value = match self.centre_inputs.get(&location) {
                Some(&whole) => self.centre_component(whole, component)?,
                None => self.input_component(var, component, kind)?,
            };
            return match read.ipa {
                None | Some(Ipa::Pass) | Some(Ipa::Constant) => Ok(value),
                Some(Ipa::Multiply { multiplier }) => self.perspective(value, multiplier),
            };
        }
        if fragment && (POSITION_B..POSITION_B + 16).contains(&addr_b) {
            let vec4 = self.t.vec4;
            let var = self.input_variable(u32::MAX, vec4, |b, var| {
                b.decorate(
                    var,
                    spirv::Decoration::BuiltIn,
                    [SpirvOperand::BuiltIn(spirv::BuiltIn::FragCoord)],
                );
            });
            return self.vec4_component(var, (addr_b - POSITION_B) / 4);
        }
        if !fragment && (addr_b == VERTEX_ID_B || addr_b == INSTANCE_ID_B) {
            // Maxwell's vertex and instance ids count from the draw's first vertex and
            // instance, as Vulkan's VertexIndex and InstanceIndex do.
            let builtin = if addr_b == VERTEX_ID_B {
                spirv::BuiltIn::VertexIndex
            } else {
                spirv::BuiltIn::InstanceIndex
            };
            let i32_ty = self.t.i32;
            let var = self.input_variable(u32::MAX - 1 - (addr_b & 4), i32_ty, |b, var| {
                b.decorate(
                    var,
                    spirv::Decoration::BuiltIn,
                    [SpirvOperand::BuiltIn(builtin)],
                );
            });
            let value = self
                .b
                .load(self.t.i32, None, var, None, [])
                .map_err(spirv_error)?;
            return self.b.bitcast(self.t.u32, None, value).map_err(spirv_error);
        }
        if fragment && addr_b == FRONT_FACE_B {
            // All ones where the primitive faces front, 0 where it faces back.
            let bool_ty = self.t.bool;
            let var = self.input_variable(u32::MAX - 8, bool_ty, |b, var| {
                b.decorate(
                    var,
                    spirv::Decoration::BuiltIn,
                    [SpirvOperand::BuiltIn(spirv::BuiltIn::FrontFacing)],
                );
            });
            let front = self
                .b
                .load(bool_ty, None, var, None, [])
                .map_err(spirv_error)?;
            let (ones, zero) = (self.word(u32::MAX), self.word(0));
            return self
                .b
                .select(self.t.u32, None, front, ones, zero)
                .map_err(spirv_error);
        }
        Err(attribute_error(
            addr_b,
            "not an input Hookshot translates yet",
        ))
    }

    /// The input variable of generic `location` (made and decorated on first use), and
    /// the kind of values it holds.
    fn generic_input(&mut self, location: u32) -> Result<(Word, AttributeKind), Unsupported> {
        let fragment = self.program.kind == ProgramType::Fragment;
        let interpolation = if fragment {
            self.generic_interpolation(location)?
        } else {
            None
        };
        let kind = match self.program.kind {
            ProgramType::Vertex => self.attribute_kinds.get(location),
            _ => AttributeKind::Float,
        };
        let vec4 = match kind {
            AttributeKind::Float => self.t.vec4,
            AttributeKind::Sint => self.t.ivec4,
            AttributeKind::Uint => self.t.uvec4,
        };
        let centroid = self.function.centroid_locations.contains(&location);
        let var = self.input_variable(location, vec4, |b, var| {
            b.decorate(
                var,
                spirv::Decoration::Location,
                [SpirvOperand::LiteralBit32(location)],
            );
            if centroid {
                b.decorate(var, spirv::Decoration::Centroid, []);
            }
            match interpolation {
                Some(Interpolation::Constant) => b.decorate(var, spirv::Decoration::Flat, []),
                Some(Interpolation::ScreenLinear) => {
                    b.decorate(var, spirv::Decoration::NoPerspective, [])
                }
                _ => {}
            }
        });
        Ok((var, kind))
    }

    /// The hardware's perspective `ipa`: interpolate(attribute / w) x multiplier, which is
    /// the perspective-correct input x FragCoord.w x multiplier. uam's multiplier is
    /// 1 / FragCoord.w, so the usual case is the input itself.
    fn perspective(&mut self, input: Word, multiplier: Value) -> Result<Word, Unsupported> {
        let ops = &self.function.ops;
        if let Op::FloatUnary(FloatUnary::Rcp, of) = ops[self.resolve(multiplier).0 as usize] {
            if let Op::Attr(AttrRead {
                addr_b: FRAG_COORD_W_B,
                ipa: Some(Ipa::Pass),
            }) = ops[self.resolve(of).0 as usize]
            {
                return Ok(input);
            }
        }
        let w = self.attribute(AttrRead {
            addr_b: FRAG_COORD_W_B,
            ipa: Some(Ipa::Pass),
        })?;
        let f32_ty = self.t.f32;
        let input = self.b.bitcast(f32_ty, None, input).map_err(spirv_error)?;
        let w = self.b.bitcast(f32_ty, None, w).map_err(spirv_error)?;
        let m = self.as_float(multiplier)?;
        let scaled = self.b.f_mul(f32_ty, None, input, w).map_err(spirv_error)?;
        let value = self.b.f_mul(f32_ty, None, scaled, m).map_err(spirv_error)?;
        self.float_bits(value)
    }

    /// A selection on `cond` whose then-block is begun (it must end in a branch out or a
    /// return); returns the merge block, where the code goes on.
    fn open_selection(&mut self, cond: Word) -> Result<Word, Unsupported> {
        let (then, merge) = (self.b.id(), self.b.id());
        self.b
            .selection_merge(merge, spirv::SelectionControl::NONE)
            .map_err(spirv_error)?;
        self.b
            .branch_conditional(cond, then, merge, [])
            .map_err(spirv_error)?;
        self.b.begin_block(Some(then)).map_err(spirv_error)?;
        Ok(merge)
    }

    /// The value a load of a variable that only ever holds one value stands for.
    fn resolve(&self, mut value: Value) -> Value {
        while let Op::Load(var) = self.function.ops[value.0 as usize] {
            match self.invariant.get(&var) {
                Some(&held) => value = held,
                None => break,
            }
        }
        value
    }

    fn cbuf(&mut self, index: u8, offset_b: Value) -> Result<Word, Unsupported> {
        if let Op::Const(at_b) = self.function.ops[self.resolve(offset_b).0 as usize] {
            return self.cbuf_at(index, at_b);
        }
        let offset = self.ids[offset_b.0 as usize];
        match index {
            1 => {
                let (var, len) = self.constbuf1.expect("declared when read");
                let two = self.word(2);
                let word_index = self
                    .b
                    .shift_right_logical(self.t.u32, None, offset, two)
                    .map_err(spirv_error)?;
                let last = self.word(len - 1);
                let clamped = self.glsl(self.t.u32, GLOp::UMin, &[word_index, last])?;
                let pointer = self
                    .b
                    .type_pointer(None, spirv::StorageClass::Private, self.t.u32);
                let element = self
                    .b
                    .access_chain(pointer, None, var, [clamped])
                    .map_err(spirv_error)?;
                let value = self
                    .b
                    .load(self.t.u32, None, element, None, [])
                    .map_err(spirv_error)?;
                // Past the buffer's end the hardware reads zero.
                let len_id = self.word(len);
                let inside = self
                    .b
                    .u_less_than(self.t.bool, None, word_index, len_id)
                    .map_err(spirv_error)?;
                let zero = self.word(0);
                self.b
                    .select(self.t.u32, None, inside, value, zero)
                    .map_err(spirv_error)
            }
            index if self.slots.uniform_slot(index).is_some() => {
                let var = self.uniforms[&index];
                let four = self.word(4);
                let vec_index = self
                    .b
                    .shift_right_logical(self.t.u32, None, offset, four)
                    .map_err(spirv_error)?;
                let two = self.word(2);
                let words = self
                    .b
                    .shift_right_logical(self.t.u32, None, offset, two)
                    .map_err(spirv_error)?;
                let three = self.word(3);
                let component = self
                    .b
                    .bitwise_and(self.t.u32, None, words, three)
                    .map_err(spirv_error)?;
                let vector = self.uniform_vector(var, vec_index)?;
                self.b
                    .vector_extract_dynamic(self.t.u32, None, vector, component)
                    .map_err(spirv_error)
            }
            _ => unreachable!("checked when declared"),
        }
    }

    /// A constant-buffer word at a constant offset: constant buffer 1's words are known
    /// here (a word past its end reads 0); a uniform block's is one load and extract.
    fn cbuf_at(&mut self, index: u8, at_b: u32) -> Result<Word, Unsupported> {
        if index == 1 {
            let at = at_b as usize / 4 * 4;
            let bits = self.program.constbuf1.get(at..at + 4).map_or(0, |raw| {
                u32::from_le_bytes(raw.try_into().expect("4 bytes"))
            });
            return Ok(self.word(bits));
        }
        let var = self.uniforms[&index];
        let vec_index = self.word(at_b >> 4);
        let vector = self.uniform_vector(var, vec_index)?;
        self.b
            .composite_extract(self.t.u32, None, vector, [(at_b >> 2) & 3])
            .map_err(spirv_error)
    }

    /// The `uvec4` at index `vec_index` of uniform block variable `var`.
    fn uniform_vector(&mut self, var: Word, vec_index: Word) -> Result<Word, Unsupported> {
        let pointer = self
            .b
            .type_pointer(None, spirv::StorageClass::Uniform, self.t.uvec4);
        let zero = self.word(0);
        let element = self
            .b
            .access_chain(pointer, None, var, [zero, vec_index])
            .map_err(spirv_error)?;
        self.b
            .load(self.t.uvec4, None, element, None, [])
            .map_err(spirv_error)
    }

    fn declare_constant_buffers(&mut self) -> Result<(), Unsupported> {
        // Each buffer read, and the first of its words read at a constant offset (which
        // a refusal names).
        let mut first_word_b: BTreeMap<u8, Option<u32>> = BTreeMap::new();
        for op in self.live_ops() {
            if let Op::Cbuf { index, offset_b } = op {
                if !self.is_handle_word(*index, *offset_b) {
                    let constant_b = match self.function.ops[offset_b.0 as usize] {
                        Op::Const(c) => Some(c),
                        _ => None,
                    };
                    let first = first_word_b.entry(*index).or_default();
                    *first = first.or(constant_b);
                }
            }
        }
        for index in first_word_b.keys().copied().collect::<Vec<u8>>() {
            match index {
                1 => {
                    let data: Vec<u32> = self
                        .program
                        .constbuf1
                        .chunks_exact(4)
                        .map(|raw| u32::from_le_bytes(raw.try_into().expect("4 bytes")))
                        .collect();
                    let data = if data.is_empty() { vec![0] } else { data };
                    let len = data.len() as u32;
                    let elements: Vec<Word> = data.iter().map(|&w| self.word(w)).collect();
                    let len_id = self.word(len);
                    let array = self.b.type_array(self.t.u32, len_id);
                    let value = self.b.constant_composite(array, elements);
                    let pointer = self
                        .b
                        .type_pointer(None, spirv::StorageClass::Private, array);
                    let var =
                        self.b
                            .variable(pointer, None, spirv::StorageClass::Private, Some(value));
                    self.constbuf1 = Some((var, len));
                }
                index if self.slots.uniform_slot(index).is_some() => {
                    let slot = u32::from(self.slots.uniform_slot(index).unwrap_or(0));
                    let len = self.uniform_words4(index);
                    let len = self.word(len);
                    let array = self.b.type_array(self.t.uvec4, len);
                    self.b.decorate(
                        array,
                        spirv::Decoration::ArrayStride,
                        [SpirvOperand::LiteralBit32(16)],
                    );
                    let block = self.b.type_struct([array]);
                    self.b.decorate(block, spirv::Decoration::Block, []);
                    self.b.member_decorate(
                        block,
                        0,
                        spirv::Decoration::Offset,
                        [SpirvOperand::LiteralBit32(0)],
                    );
                    let pointer = self
                        .b
                        .type_pointer(None, spirv::StorageClass::Uniform, block);
                    let var =
                        resource_variable(&mut self.b, pointer, spirv::StorageClass::Uniform, slot);
                    self.uniforms.insert(index, var);
                }
                other => {
                    let word = match first_word_b.get(&other).copied().flatten() {
                        Some(at_b) => format!(", its word at c{other}[{at_b:#x}]"),
                        None => String::new(),
                    };
                    return Err(Unsupported::Instruction {
                        name: "cbuf",
                        offset_b: 0,
                        what: if other == self.slots.driver_cbuf {
                            format!("constant buffer c{other} (the driver's constants{word})")
                        } else {
                            format!(
                                "constant buffer c{other} (no uniform block in the slot map{word})"
                            )
                        },
                    });
                }
            }
        }
        Ok(())
    }

    /// The `uvec4` count to declare uniform block `c[index]` with: just past the last word
    /// the program reads when every read has a constant offset (a bound range need not
    /// be larger than what is read), else NVN's whole 64 KiB.
    fn uniform_words4(&self, index: u8) -> u32 {
        let ops = &self.function.ops;
        let mut end_b = 16u32;
        for op in self.live_ops() {
            if let Op::Cbuf {
                index: read,
                offset_b,
            } = op
            {
                if *read != index {
                    continue;
                }
                match ops[offset_b.0 as usize] {
                    Op::Const(offset_b) if offset_b < UNIFORM_WORDS4 * 16 => {
                        end_b = end_b.max(offset_b + 4)
                    }
                    _ => return UNIFORM_WORDS4,
                }
            }
        }
        end_b.div_ceil(16)
    }

    fn type_of(&self, value: Value) -> Ty {
        self.tys[value.0 as usize]
    }

    fn op(&mut self, op: &Op) -> Result<(Word, Ty), Unsupported> {
        if let Some(word) = self.memory_op(op)? {
            return Ok((word, Ty::Word));
        }
        if let Some(word) = self.subgroup_op(op)? {
            return Ok((word, Ty::Word));
        }
        if let Some(word) = self.warp_op(op)? {
            return Ok((word, Ty::Word));
        }
        if let Some(word) = self.geometry_op(op)? {
            return Ok((word, Ty::Word));
        }
        if let Some(word) = self.tess_op(op)? {
            return Ok((word, Ty::Word));
        }
        let id = |e: &Self, v: Value| e.ids[v.0 as usize];
        let (u32_ty, f32_ty, bool_ty) = (self.t.u32, self.t.f32, self.t.bool);
        Ok(match op {
            Op::Const(bits) => (self.word(*bits), Ty::Word),
            Op::Double(double) => self.double_op(double)?,
            Op::BoolConst(true) => (self.b.constant_true(bool_ty), Ty::Bool),
            Op::BoolConst(false) => (self.b.constant_false(bool_ty), Ty::Bool),
            Op::Attr(read) => (self.attribute(*read)?, Ty::Word),
            Op::Cbuf { index, offset_b } if self.is_handle_word(*index, *offset_b) => {
                (self.handle_word(*index, *offset_b)?, Ty::Word)
            }
            Op::AttrAt { addr_b, at } => (self.attribute_at(*addr_b, *at)?, Ty::Word),
            Op::Cbuf { index, offset_b } => (self.cbuf(*index, *offset_b)?, Ty::Word),
            Op::FloatUnary(function, value) => {
                let x = self.as_float(*value)?;
                let result = match function {
                    FloatUnary::Neg => self.b.f_negate(f32_ty, None, x).map_err(spirv_error)?,
                    FloatUnary::Abs => self.glsl(f32_ty, GLOp::FAbs, &[x])?,
                    FloatUnary::Saturate => {
                        let (zero, one) = (self.float_const(0.0), self.float_const(1.0));
                        self.glsl(f32_ty, GLOp::FClamp, &[x, zero, one])?
                    }
                    FloatUnary::Rcp => {
                        let one = self.float_const(1.0);
                        self.b.f_div(f32_ty, None, one, x).map_err(spirv_error)?
                    }
                    FloatUnary::Rsq => self.glsl(f32_ty, GLOp::InverseSqrt, &[x])?,
                    FloatUnary::Sqrt => self.glsl(f32_ty, GLOp::Sqrt, &[x])?,
                    FloatUnary::Sin => self.glsl(f32_ty, GLOp::Sin, &[x])?,
                    FloatUnary::Cos => self.glsl(f32_ty, GLOp::Cos, &[x])?,
                    FloatUnary::Ex2 => self.glsl(f32_ty, GLOp::Exp2, &[x])?,
                    FloatUnary::Lg2 => self.glsl(f32_ty, GLOp::Log2, &[x])?,
                    FloatUnary::RoundEven => self.glsl(f32_ty, GLOp::RoundEven, &[x])?,
                    FloatUnary::Floor => self.glsl(f32_ty, GLOp::Floor, &[x])?,
                    FloatUnary::Ceil => self.glsl(f32_ty, GLOp::Ceil, &[x])?,
                    FloatUnary::Trunc => self.glsl(f32_ty, GLOp::Trunc, &[x])?,
                    FloatUnary::DerivX => self.b.d_pdx(f32_ty, None, x).map_err(spirv_error)?,
                    FloatUnary::DerivY => self.b.d_pdy(f32_ty, None, x).map_err(spirv_error)?,
                };
                (self.float_bits(result)?, Ty::Word)
            }
            Op::Binary(op, a, b) => {
                let result = match op {
                    Binary::FAdd | Binary::FMul | Binary::FMin | Binary::FMax => {
                        let (x, y) = (self.as_float(*a)?, self.as_float(*b)?);
                        let r = match op {
                            Binary::FAdd => {
                                let r = self.b.f_add(f32_ty, None, x, y).map_err(spirv_error)?;
                                self.rounded_alone(r)
                            }
                            Binary::FMul => {
                                let r = self.b.f_mul(f32_ty, None, x, y).map_err(spirv_error)?;
                                self.rounded_alone(r)
                            }
                            Binary::FMin => self.glsl(f32_ty, GLOp::NMin, &[x, y])?,
                            _ => self.glsl(f32_ty, GLOp::NMax, &[x, y])?,
                        };
                        self.float_bits(r)?
                    }
                    Binary::IMul => self
                        .b
                        .i_mul(u32_ty, None, id(self, *a), id(self, *b))
                        .map_err(spirv_error)?,
                    Binary::UMulHi => {
                        let pair = self.b.type_struct([u32_ty, u32_ty]);
                        let both = self
                            .b
                            .u_mul_extended(pair, None, id(self, *a), id(self, *b))
                            .map_err(spirv_error)?;
                        self.b
                            .composite_extract(u32_ty, None, both, [1])
                            .map_err(spirv_error)?
                    }
                    Binary::SMulHi => {
                        let i32_ty = self.t.i32;
                        let pair = self.b.type_struct([i32_ty, i32_ty]);
                        let x = self
                            .b
                            .bitcast(i32_ty, None, id(self, *a))
                            .map_err(spirv_error)?;
                        let y = self
                            .b
                            .bitcast(i32_ty, None, id(self, *b))
                            .map_err(spirv_error)?;
                        let both = self
                            .b
                            .s_mul_extended(pair, None, x, y)
                            .map_err(spirv_error)?;
                        let high = self
                            .b
                            .composite_extract(i32_ty, None, both, [1])
                            .map_err(spirv_error)?;
                        self.b.bitcast(u32_ty, None, high).map_err(spirv_error)?
                    }
                    Binary::IAdd => self
                        .b
                        .i_add(u32_ty, None, id(self, *a), id(self, *b))
                        .map_err(spirv_error)?,
                    Binary::And => self
                        .b
                        .bitwise_and(u32_ty, None, id(self, *a), id(self, *b))
                        .map_err(spirv_error)?,
                    Binary::Or => self
                        .b
                        .bitwise_or(u32_ty, None, id(self, *a), id(self, *b))
                        .map_err(spirv_error)?,
                    Binary::Xor => self
                        .b
                        .bitwise_xor(u32_ty, None, id(self, *a), id(self, *b))
                        .map_err(spirv_error)?,
                    Binary::Shl | Binary::Shr => {
                        // Counts of 32 or more give zero on Maxwell; SPIR-V leaves them undefined.
                        let (x, n) = (id(self, *a), id(self, *b));
                        let shifted = if *op == Binary::Shl {
                            self.b
                                .shift_left_logical(u32_ty, None, x, n)
                                .map_err(spirv_error)?
                        } else {
                            self.b
                                .shift_right_logical(u32_ty, None, x, n)
                                .map_err(spirv_error)?
                        };
                        let limit = self.word(32);
                        let inside = self
                            .b
                            .u_less_than(bool_ty, None, n, limit)
                            .map_err(spirv_error)?;
                        let zero = self.word(0);
                        self.b
                            .select(u32_ty, None, inside, shifted, zero)
                            .map_err(spirv_error)?
                    }
                    Binary::Sar => {
                        let thirty_one = self.word(31);
                        let n = self.glsl(u32_ty, GLOp::UMin, &[id(self, *b), thirty_one])?;
                        self.b
                            .shift_right_arithmetic(u32_ty, None, id(self, *a), n)
                            .map_err(spirv_error)?
                    }
                };
                (result, Ty::Word)
            }
            Op::Ffma(a, b, c) => {
                let (x, y, z) = (self.as_float(*a)?, self.as_float(*b)?, self.as_float(*c)?);
                let r = self.glsl(f32_ty, GLOp::Fma, &[x, y, z])?;
                let r = self.rounded_alone(r);
                (self.float_bits(r)?, Ty::Word)
            }
            Op::IntToFloat { signed, value } => {
                let x = id(self, *value);
                let r = if *signed {
                    let s = self.b.bitcast(self.t.i32, None, x).map_err(spirv_error)?;
                    self.b
                        .convert_s_to_f(f32_ty, None, s)
                        .map_err(spirv_error)?
                } else {
                    self.b
                        .convert_u_to_f(f32_ty, None, x)
                        .map_err(spirv_error)?
                };
                (self.float_bits(r)?, Ty::Word)
            }
            Op::FloatToInt { signed, value } => {
                // The hardware saturates to the integer range; SPIR-V does not define
                // out-of-range conversions, so clamp first.
                let x = self.as_float(*value)?;
                let r = if *signed {
                    let (lo, hi) = (
                        self.float_const(-2_147_483_648.0),
                        self.float_const(2_147_483_520.0),
                    );
                    let c = self.glsl(f32_ty, GLOp::FClamp, &[x, lo, hi])?;
                    let s = self
                        .b
                        .convert_f_to_s(self.t.i32, None, c)
                        .map_err(spirv_error)?;
                    self.b.bitcast(u32_ty, None, s).map_err(spirv_error)?
                } else {
                    let (lo, hi) = (self.float_const(0.0), self.float_const(4_294_967_040.0));
                    let c = self.glsl(f32_ty, GLOp::FClamp, &[x, lo, hi])?;
                    self.b
                        .convert_f_to_u(u32_ty, None, c)
                        .map_err(spirv_error)?
                };
                (r, Ty::Word)
            }
            Op::Compare(compare, a, b) => (self.compare(*compare, *a, *b)?, Ty::Bool),
            Op::Logic(logic, a, b) => {
                let (x, y) = (id(self, *a), id(self, *b));
                let r = match logic {
                    Logic::And => self.b.logical_and(bool_ty, None, x, y),
                    Logic::Or => self.b.logical_or(bool_ty, None, x, y),
                    Logic::Xor => self.b.logical_not_equal(bool_ty, None, x, y),
                }
                .map_err(spirv_error)?;
                (r, Ty::Bool)
            }
            Op::Not(a) => (
                self.b
                    .logical_not(bool_ty, None, id(self, *a))
                    .map_err(spirv_error)?,
                Ty::Bool,
            ),
            Op::Surface(access) => {
                let ty = if access.is_load() {
                    Ty::Sample
                } else {
                    Ty::Word
                };
                (self.surface_op(access)?, ty)
            }
            Op::Texture(read) => {
                let ty = if read.gives_word() {
                    Ty::Word
                } else {
                    Ty::Sample
                };
                (self.texture_read(read)?, ty)
            }
            Op::TextureQuery {
                slot,
                index,
                lod,
                component,
            } => (
                self.texture_query((*slot, *index), *lod, *component)?,
                Ty::Word,
            ),
            Op::Component(sample, index) => {
                let component = self
                    .b
                    .composite_extract(f32_ty, None, id(self, *sample), [u32::from(*index)])
                    .map_err(spirv_error)?;
                (self.float_bits(component)?, Ty::Word)
            }
            Op::Kill { cond } => {
                // A selection around OpKill; what comes after goes on in the merge block,
                // which every earlier value dominates.
                let merge = self.open_selection(id(self, *cond))?;
                self.b.kill().map_err(spirv_error)?;
                self.b.begin_block(Some(merge)).map_err(spirv_error)?;
                (0, Ty::Word)
            }
            Op::Load(var) => {
                if let Some(&held) = self.invariant.get(var) {
                    return Ok((id(self, held), self.type_of(held)));
                }
                let ty = match var {
                    Var::Reg(_) | Var::Attr(_) => Ty::Word,
                    Var::Pred(_) | Var::Leave(_) => Ty::Bool,
                };
                (self.load_var(*var), ty)
            }
            Op::Store { var, value } => {
                if !self.invariant.contains_key(var) {
                    self.store_var(*var, id(self, *value));
                }
                (0, Ty::Word)
            }
            Op::LoopBegin => {
                self.loop_begin()?;
                (0, Ty::Word)
            }
            Op::LoopLeave { cond, to } => {
                let after = self.open_selection(id(self, *cond))?;
                self.leave_loop(*to)?;
                self.b.begin_block(Some(after)).map_err(spirv_error)?;
                (0, Ty::Word)
            }
            Op::LoopEnd { repeat } => {
                self.loop_end(*repeat)?;
                (0, Ty::Word)
            }
            Op::Exit { cond, outputs } => {
                let merge = self.open_selection(id(self, *cond))?;
                let views = self.float_views.clone();
                let outputs = self.function.exits[*outputs].clone();
                self.outputs_of(&outputs)?;
                self.b.ret().map_err(spirv_error)?;
                self.float_views = views;
                self.b.begin_block(Some(merge)).map_err(spirv_error)?;
                (0, Ty::Word)
            }
            Op::Builtin(..)
            | Op::StorageLoad { .. }
            | Op::StorageStore { .. }
            | Op::StorageAtomic { .. }
            | Op::AtomicCompareSwap { .. }
            | Op::GlobalLoad { .. }
            | Op::GlobalStore { .. }
            | Op::GlobalAtomic { .. }
            | Op::ScratchLoad { .. }
            | Op::ScratchStore { .. }
            | Op::Barrier
            | Op::MemoryBarrier { .. } => {
                return Err(malformed("a memory op the memory emitter left"))
            }
            Op::Ballot { .. }
            | Op::Shuffle { .. }
            | Op::SubgroupInvocation
            | Op::SubgroupBallot { .. }
            | Op::SubgroupShuffle { .. }
            | Op::QuadSwap { .. } => return Err(malformed("a warp op the warp emitter left")),
            Op::Tess(_) | Op::VertexAttr { .. } | Op::PatchStore { .. } => {
                return Err(malformed("a tessellation op the tessellation emitter left"))
            }
            Op::Emit { .. } => return Err(malformed("an emit outside a geometry program")),
            // lavapipe reads lane 1 of `UnpackHalf2x16` of a constant as 0: a constant
            // half is converted here (exactly) instead.
            Op::IntUnary(IntUnary::HalfToFloat { high }, value)
                if matches!(self.function.ops[value.0 as usize], Op::Const(_)) =>
            {
                let Op::Const(bits) = self.function.ops[value.0 as usize] else {
                    unreachable!("matched above")
                };
                let half = if *high { bits >> 16 } else { bits & 0xffff };
                (self.word(half_to_f32_bits(half as u16)), Ty::Word)
            }
            Op::IntUnary(function, value) => {
                let x = id(self, *value);
                let r = match function {
                    IntUnary::BitReverse => {
                        self.b.bit_reverse(u32_ty, None, x).map_err(spirv_error)?
                    }
                    IntUnary::FindUMsb => self.glsl(u32_ty, GLOp::FindUMsb, &[x])?,
                    IntUnary::PopCount => self.b.bit_count(u32_ty, None, x).map_err(spirv_error)?,
                    IntUnary::FindSMsb => self.glsl(u32_ty, GLOp::FindSMsb, &[x])?,
                    IntUnary::HalfToFloat { high } => {
                        let vec2 = self.b.type_vector(f32_ty, 2);
                        let pair = self.glsl(vec2, GLOp::UnpackHalf2x16, &[x])?;
                        let float = self
                            .b
                            .composite_extract(f32_ty, None, pair, [u32::from(*high)])
                            .map_err(spirv_error)?;
                        self.float_bits(float)?
                    }
                    IntUnary::FloatToHalf => {
                        let vec2 = self.b.type_vector(f32_ty, 2);
                        let float = self.as_float(*value)?;
                        let zero = self.float_const(0.0);
                        let pair = self
                            .b
                            .composite_construct(vec2, None, [float, zero])
                            .map_err(spirv_error)?;
                        self.glsl(u32_ty, GLOp::PackHalf2x16, &[pair])?
                    }
                };
                (r, Ty::Word)
            }
            Op::Select { cond, a, b } => {
                let ty = self.type_of(*a);
                let spirv_ty = if ty == Ty::Bool { bool_ty } else { u32_ty };
                let r = self
                    .b
                    .select(spirv_ty, None, id(self, *cond), id(self, *a), id(self, *b))
                    .map_err(spirv_error)?;
                (r, ty)
            }
        })
    }

    /// The float test (less, equal, greater, unordered accepted) of `x` against `y`,
    /// two float ids of one width.
    fn float_compare(
        &mut self,
        (lt, eq, gt, unordered): (bool, bool, bool, bool),
        x: Word,
        y: Word,
    ) -> Result<Word, Unsupported> {
        let bool_ty = self.t.bool;
        let b = &mut self.b;
        let r = match (lt, eq, gt, unordered) {
            (true, false, false, false) => b.f_ord_less_than(bool_ty, None, x, y),
            (false, true, false, false) => b.f_ord_equal(bool_ty, None, x, y),
            (true, true, false, false) => b.f_ord_less_than_equal(bool_ty, None, x, y),
            (false, false, true, false) => b.f_ord_greater_than(bool_ty, None, x, y),
            (true, false, true, false) => b.f_ord_not_equal(bool_ty, None, x, y),
            (false, true, true, false) => b.f_ord_greater_than_equal(bool_ty, None, x, y),
            (true, false, false, true) => b.f_unord_less_than(bool_ty, None, x, y),
            (false, true, false, true) => b.f_unord_equal(bool_ty, None, x, y),
            (true, true, false, true) => b.f_unord_less_than_equal(bool_ty, None, x, y),
            (false, false, true, true) => b.f_unord_greater_than(bool_ty, None, x, y),
            (true, false, true, true) => b.f_unord_not_equal(bool_ty, None, x, y),
            (false, true, true, true) => b.f_unord_greater_than_equal(bool_ty, None, x, y),
            (false, false, false, false) => return Ok(b.constant_false(bool_ty)),
            (true, true, true, true) => return Ok(b.constant_true(bool_ty)),
            (nan_lt, _, _, nan) => {
                // `num` (ordered) and `nan` (unordered).
                let nan_x = b.is_nan(bool_ty, None, x).map_err(spirv_error)?;
                let nan_y = b.is_nan(bool_ty, None, y).map_err(spirv_error)?;
                let any = b
                    .logical_or(bool_ty, None, nan_x, nan_y)
                    .map_err(spirv_error)?;
                if nan && !nan_lt {
                    return Ok(any);
                }
                b.logical_not(bool_ty, None, any)
            }
        };
        r.map_err(spirv_error)
    }

    fn compare(&mut self, compare: Compare, a: Value, b: Value) -> Result<Word, Unsupported> {
        let bool_ty = self.t.bool;
        match compare {
            Compare::Float {
                lt,
                eq,
                gt,
                unordered,
            } => {
                let (x, y) = (self.as_float(a)?, self.as_float(b)?);
                self.float_compare((lt, eq, gt, unordered), x, y)
            }
            Compare::Int { signed, lt, eq, gt } => {
                let (x, y) = (self.ids[a.0 as usize], self.ids[b.0 as usize]);
                let b = &mut self.b;
                let r = match (lt, eq, gt, signed) {
                    (true, false, false, true) => b.s_less_than(bool_ty, None, x, y),
                    (true, false, false, false) => b.u_less_than(bool_ty, None, x, y),
                    (true, true, false, true) => b.s_less_than_equal(bool_ty, None, x, y),
                    (true, true, false, false) => b.u_less_than_equal(bool_ty, None, x, y),
                    (false, false, true, true) => b.s_greater_than(bool_ty, None, x, y),
                    (false, false, true, false) => b.u_greater_than(bool_ty, None, x, y),
                    (false, true, true, true) => b.s_greater_than_equal(bool_ty, None, x, y),
                    (false, true, true, false) => b.u_greater_than_equal(bool_ty, None, x, y),
                    (false, true, false, _) => b.i_equal(bool_ty, None, x, y),
                    (true, false, true, _) => b.i_not_equal(bool_ty, None, x, y),
                    (false, false, false, _) => return Ok(b.constant_false(bool_ty)),
                    (true, true, true, _) => return Ok(b.constant_true(bool_ty)),
                };
                r.map_err(spirv_error)
            }
        }
    }

    /// An output `vec4` at `location` (or a built-in) made of four register values.
    /// The output variable of `key` (made and decorated on first use).
    fn output_variable(
        &mut self,
        key: u32,
        ty: Word,
        decorate: impl FnOnce(&mut Builder, Word),
    ) -> Word {
        if let Some(&var) = self.outputs.get(&key) {
            return var;
        }
        let pointer = self.b.type_pointer(None, spirv::StorageClass::Output, ty);
        let var = global_variable(&mut self.b, pointer, spirv::StorageClass::Output, None);
        decorate(&mut self.b, var);
        self.interface.push(var);
        self.outputs.insert(key, var);
        var
    }

    fn store_vec4(
        &mut self,
        key: u32,
        components: [Option<Value>; 4],
        decorate: impl FnOnce(&mut Builder, Word),
    ) -> Result<(), Unsupported> {
        let vec4 = self.t.vec4;
        let var = self.output_variable(key, vec4, decorate);
        let vector = self.vec4_of(components)?;
        self.b.store(var, vector, None, []).map_err(spirv_error)
    }

    /// A `vec4` of `components` as floats, a missing one 0.
    fn vec4_of(&mut self, components: [Option<Value>; 4]) -> Result<Word, Unsupported> {
        let mut parts = Vec::with_capacity(4);
        for component in components {
            parts.push(match component {
                Some(value) => self.as_float(value)?,
                None => self.float_const(0.0),
            });
        }
        self.b
            .composite_construct(self.t.vec4, None, parts)
            .map_err(spirv_error)
    }

    fn store_float(&mut self, value: Value, builtin: spirv::BuiltIn) -> Result<(), Unsupported> {
        let f32_ty = self.t.f32;
        let var = self.output_variable(BUILTIN_KEY + builtin as u32, f32_ty, |b, var| {
            b.decorate(
                var,
                spirv::Decoration::BuiltIn,
                [SpirvOperand::BuiltIn(builtin)],
            );
        });
        let x = self.as_float(value)?;
        self.b.store(var, x, None, []).map_err(spirv_error)
    }

    /// Writes the outputs of an `exit`.
    fn outputs_of(&mut self, outputs: &Outputs) -> Result<(), Unsupported> {
        match self.program.kind {
            ProgramType::Vertex | ProgramType::TessEval => {
                self.vertex_outputs(&outputs.attr_stores)
            }
            ProgramType::TessControl => self.control_outputs(&outputs.attr_stores),
            // A geometry program's outputs are its emitted vertices; what it stored
            // after the last `out` no vertex takes.
            ProgramType::Compute | ProgramType::Geometry => Ok(()),
            _ => self.fragment_outputs(&outputs.regs),
        }
    }

    fn vertex_outputs(&mut self, stores: &BTreeMap<u32, Value>) -> Result<(), Unsupported> {
        let mut generic: BTreeMap<u32, [Option<Value>; 4]> = BTreeMap::new();
        let mut position = [None; 4];
        if let Some(StageIo::Vtg(io)) = self.program.sph.as_ref().map(|sph| &sph.io) {
            for location in 0..32 {
                if (io.outputs >> (4 * location)) & 0xf != 0 {
                    generic.entry(location).or_default();
                }
            }
        }
        for (&addr_b, &value) in stores {
            if (GENERIC_B..GENERIC_END_B).contains(&addr_b) {
                let location = (addr_b - GENERIC_B) / 16;
                generic.entry(location).or_default()[((addr_b % 16) / 4) as usize] = Some(value);
            } else if (POSITION_B..POSITION_B + 16).contains(&addr_b) {
                position[((addr_b - POSITION_B) / 4) as usize] = Some(value);
            } else if addr_b == POINT_SIZE_B {
                self.store_float(value, spirv::BuiltIn::PointSize)?;
            } else if self.geometry_system_output(addr_b, value)? {
            } else {
                return Err(attribute_error(
                    addr_b,
                    "not an output Hookshot translates yet",
                ));
            }
        }
        self.store_vec4(
            BUILTIN_KEY + spirv::BuiltIn::Position as u32,
            position,
            |b, var| {
                b.decorate(
                    var,
                    spirv::Decoration::BuiltIn,
                    [SpirvOperand::BuiltIn(spirv::BuiltIn::Position)],
                );
            },
        )?;
        for (location, components) in generic {
            self.store_vec4(location, components, |b, var| {
                b.decorate(
                    var,
                    spirv::Decoration::Location,
                    [SpirvOperand::LiteralBit32(location)],
                );
            })?;
        }
        Ok(())
    }

    /// Colour target k (in the order written) is R(4k)..R(4k+3) at `exit`; depth is
    /// R(4n+1) after n targets.
    fn fragment_outputs(&mut self, regs: &BTreeMap<u8, Value>) -> Result<(), Unsupported> {
        let Some(StageIo::Fragment(io)) = self.program.sph.as_ref().map(|sph| sph.io.clone())
        else {
            return Err(Unsupported::Stage("fragment without an SPH"));
        };
        if io.writes_sample_mask {
            return Err(Unsupported::Instruction {
                name: "sph",
                offset_b: 0,
                what: "a sample mask output".into(),
            });
        }
        let targets: Vec<u32> = io.targets().collect();
        for (k, &target) in targets.iter().enumerate() {
            let mask = (io.target_mask >> (4 * target)) & 0xf;
            let mut components = [None; 4];
            for (c, slot) in components.iter_mut().enumerate() {
                if mask & (1 << c) != 0 {
                    *slot = regs.get(&(4 * k as u8 + c as u8)).copied();
                }
            }
            self.store_vec4(target, components, |b, var| {
                b.decorate(
                    var,
                    spirv::Decoration::Location,
                    [SpirvOperand::LiteralBit32(target)],
                );
            })?;
        }
        if io.writes_depth {
            let reg = 4 * targets.len() as u8 + 1;
            let value = match regs.get(&reg) {
                Some(&value) => value,
                None => {
                    return Err(Unsupported::Instruction {
                        name: "exit",
                        offset_b: 0,
                        what: format!("depth in $r{reg}, never written"),
                    })
                }
            };
            self.store_float(value, spirv::BuiltIn::FragDepth)?;
        }
        Ok(())
    }
}

impl Emitter<'_> {
    fn live_ops(&self) -> impl Iterator<Item = &Op> + '_ {
        self.function
            .ops
            .iter()
            .zip(&self.live)
            .filter_map(|(op, &live)| live.then_some(op))
    }
}

/// The SPIR-V module (1.3, NVN binding model) of a program's SSA form; a geometry
/// program's for the input class `geometry` (which only a geometry program takes).
pub fn emit(
    program: &Program,
    function: &Function,
    slots: &SlotMap,
    geometry: Option<GeometryInput>,
) -> Result<Vec<u32>, Unsupported> {
    emit_variant(program, function, slots, geometry, AttributeKinds::FLOAT)
}

/// [`emit`] with a vertex program's generic attributes of `kinds` (other stages ignore
/// it: their inputs are the previous stage's outputs, which this translation makes).
pub fn emit_variant(
    program: &Program,
    function: &Function,
    slots: &SlotMap,
    geometry: Option<GeometryInput>,
    kinds: AttributeKinds,
) -> Result<Vec<u32>, Unsupported> {
    match (program.kind, geometry) {
        (ProgramType::Geometry, None) => return Err(Unsupported::NoGeometryInput),
        (ProgramType::Geometry, Some(_)) | (_, None) => {}
        (other, Some(_)) => return Err(Unsupported::GeometryInputForStage(other.name())),
    }
    let model = match program.kind {
        ProgramType::Vertex => spirv::ExecutionModel::Vertex,
        ProgramType::Fragment => spirv::ExecutionModel::Fragment,
        ProgramType::Compute => spirv::ExecutionModel::GLCompute,
        ProgramType::TessEval => spirv::ExecutionModel::TessellationEvaluation,
        ProgramType::TessControl => spirv::ExecutionModel::TessellationControl,
        ProgramType::Geometry => spirv::ExecutionModel::Geometry,
    };
    let mut b = Builder::new();
    b.set_version(1, 3);
    b.capability(spirv::Capability::Shader);
    let glsl = b.ext_inst_import("GLSL.std.450");
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let f32_ty = b.type_float(32, None);
    let u32_ty = b.type_int(32, 0);
    let i32_ty = b.type_int(32, 1);
    let bool_ty = b.type_bool();
    let vec4 = b.type_vector(f32_ty, 4);
    let uvec4 = b.type_vector(u32_ty, 4);
    let ivec4 = b.type_vector(i32_ty, 4);
    let mut e = Emitter {
        b,
        t: Types {
            void,
            f32: f32_ty,
            u32: u32_ty,
            i32: i32_ty,
            bool: bool_ty,
            vec4,
            uvec4,
            ivec4,
        },
        glsl,
        program,
        function,
        slots,
        ids: Vec::with_capacity(function.ops.len()),
        tys: Vec::with_capacity(function.ops.len()),
        words: HashMap::new(),
        floats: HashMap::new(),
        interface: Vec::new(),
        inputs: HashMap::new(),
        constbuf1: None,
        uniforms: BTreeMap::new(),
        textures: BTreeMap::new(),
        images: BTreeMap::new(),
        float_views: HashMap::new(),
        saved_views: Vec::new(),
        loops: Vec::new(),
        current: ssa::Snapshot::new(),
        replaced: HashMap::new(),
        invariant: BTreeMap::new(),
        outputs: HashMap::new(),
        storage: BTreeMap::new(),
        pool_lookup: None,
        shared: None,
        local: None,
        warp: None,
        geometry_input: geometry,
        attribute_kinds: kinds,
        live: Vec::new(),
        centre_inputs: HashMap::new(),
    };
    e.invariant = liveness::invariant_vars(function);
    e.live = liveness::live_ops(program, function, &e.invariant);
    e.declare_constant_buffers()?;
    e.declare_textures()?;
    e.declare_images()?;
    e.declare_memory();
    e.declare_warp();
    let fn_ty = e.b.type_function(e.t.void, []);
    let main =
        e.b.begin_function(e.t.void, None, spirv::FunctionControl::NONE, fn_ty)
            .map_err(spirv_error)?;
    e.b.begin_block(None).map_err(spirv_error)?;
    e.load_centre_inputs()?;
    for (op, &live) in function.ops.iter().zip(&e.live.clone()) {
        let (id, ty) = if live { e.op(op)? } else { (0, Ty::Word) };
        e.ids.push(id);
        e.tys.push(ty);
    }
    e.outputs_of(&Outputs {
        attr_stores: function.attr_stores.clone(),
        regs: function.exit_regs.clone(),
    })?;
    e.b.ret().map_err(spirv_error)?;
    e.b.end_function().map_err(spirv_error)?;
    e.settle_phis();
    let interface = e.interface.clone();
    e.b.entry_point(model, main, "main", interface);
    if let Some(info) = program.header.compute() {
        let [x, y, z] = info.block_dims;
        e.b.execution_mode(main, spirv::ExecutionMode::LocalSize, [x, y, z]);
    }
    if model == spirv::ExecutionModel::TessellationEvaluation {
        e.b.capability(spirv::Capability::Tessellation);
        for mode in tessellation::modes(&program.header)? {
            e.b.execution_mode(main, mode, []);
        }
    }
    if model == spirv::ExecutionModel::TessellationControl {
        e.b.capability(spirv::Capability::Tessellation);
        let vertices = tessellation::output_vertices(program)?;
        e.b.execution_mode(main, spirv::ExecutionMode::OutputVertices, [vertices]);
    }
    if let Some(input) = geometry {
        e.b.capability(spirv::Capability::Geometry);
        for (mode, literal) in geometry::modes(program, input)? {
            e.b.execution_mode(main, mode, literal.as_slice());
        }
    }
    if model == spirv::ExecutionModel::Fragment {
        e.b.execution_mode(main, spirv::ExecutionMode::OriginUpperLeft, []);
        if program
            .sph
            .as_ref()
            .is_some_and(|sph| matches!(&sph.io, StageIo::Fragment(io) if io.writes_depth))
        {
            e.b.execution_mode(main, spirv::ExecutionMode::DepthReplacing, []);
        }
    }
    use rspirv::binary::Assemble;
    let mut module = e.b.module();
    tidy::tidy(&mut module);
    Ok(module.assemble())
}

/// The f32 bits of a half float's value (exact: every half is an f32).
fn half_to_f32_bits(half: u16) -> u32 {
    let sign = u32::from(half >> 15) << 31;
    let exponent = u32::from(half >> 10 & 0x1f);
    let mantissa = u32::from(half & 0x3ff);
    match exponent {
        0 if mantissa == 0 => sign,
        // A denormal: mantissa * 2^-24, normal as an f32.
        0 => sign | (mantissa as f32 * 2f32.powi(-24)).to_bits(),
        0x1f => sign | 0x7f80_0000 | mantissa << 13,
        _ => sign | (exponent + 127 - 15) << 23 | mantissa << 13,
    }
}

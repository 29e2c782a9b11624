//! A tess-eval program's inputs and execution modes: gl_TessCoord, the patch's vertex
//! count (`$invocation_info`), the control points' attributes as arrayed inputs (generic
//! attribute L an array of `vec4` at `location = L`, a[0x70] gl_in[].gl_Position), the
//! user patch variables between the stages (`patch in`/`patch out` location L at patch
//! word a[0x20 + 16 L], a `vec4` with `Patch` each), and the domain, spacing, winding and
//! point mode from the program header's `param_c8`.

use rspirv::dr::Operand as SpirvOperand;
use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::{attribute_error, spirv_error, Emitter, GENERIC_B, GENERIC_END_B, POSITION_B};
use std::collections::BTreeMap;

use crate::maxwell::dksh::ProgramHeader;
use crate::maxwell::geometry::GeometryInput;
use crate::maxwell::ir::{Op, TessInput, Unsupported, Value, PATCH_GENERIC_B};
use crate::maxwell::program::Program;

/// The control points an arrayed input holds: Vulkan's `maxTessellationPatchSize`
/// floor and NVN's largest patch.
const MAX_PATCH_VERTICES: u32 = 32;
/// Input variable keys (generic locations are 0-31).
const TESS_COORD_KEY: u32 = 0x4000_0000;
const PATCH_VERTICES_KEY: u32 = 0x4000_0001;
const INVOCATION_ID_KEY: u32 = 0x4000_0002;
const ARRAYED_KEY: u32 = 0x4100_0000;
/// Output variable keys of the tessellation levels.
const OUTER_KEY: u32 = 0x4200_0000;
const INNER_KEY: u32 = 0x4200_0001;
/// Keys of the user patch variables (`+ location`), inputs and outputs.
const PATCH_KEY: u32 = 0x4300_0000;

/// A tess control program's output vertices (the SPH's threads per input primitive).
pub(super) fn output_vertices(program: &Program) -> Result<u32, Unsupported> {
    let count = program
        .sph
        .as_ref()
        .map_or(0, |sph| u32::from(sph.threads_per_input_primitive));
    if !(1..=MAX_PATCH_VERTICES).contains(&count) {
        return Err(Unsupported::Instruction {
            name: "sph",
            offset_b: 0x08,
            what: format!("{count} output vertices (1 to {MAX_PATCH_VERTICES})"),
        });
    }
    Ok(count)
}

/// Decorates a user patch variable: `patch`, `location = L`.
fn patch_location(b: &mut rspirv::dr::Builder, var: Word, location: u32) {
    b.decorate(var, spirv::Decoration::Patch, []);
    b.decorate(
        var,
        spirv::Decoration::Location,
        [SpirvOperand::LiteralBit32(location)],
    );
}

fn header_error(param_c8: u32, why: &str) -> Unsupported {
    Unsupported::Instruction {
        name: "param_c8",
        offset_b: 0x18,
        what: format!("the tessellator mode {param_c8:#x} ({why})"),
    }
}

/// The execution modes of the program header's tessellator mode (`param_c8`: bits 0-1
/// the domain, 4-5 the spacing, 8 clockwise, 9 connected; neither of 8-9 is point mode).
pub(super) fn modes(header: &ProgramHeader) -> Result<Vec<spirv::ExecutionMode>, Unsupported> {
    use spirv::ExecutionMode as Mode;
    let param_c8 = header.stage_words[0];
    if param_c8 & !0x333 != 0 {
        return Err(header_error(
            param_c8,
            "bits outside the domain, spacing and output",
        ));
    }
    let domain = match param_c8 & 3 {
        0 => Mode::Isolines,
        1 => Mode::Triangles,
        2 => Mode::Quads,
        _ => return Err(header_error(param_c8, "domain 3")),
    };
    let spacing = match (param_c8 >> 4) & 3 {
        0 => Mode::SpacingEqual,
        1 => Mode::SpacingFractionalOdd,
        2 => Mode::SpacingFractionalEven,
        _ => return Err(header_error(param_c8, "spacing 3")),
    };
    let winding = if param_c8 & 0x100 != 0 {
        Mode::VertexOrderCw
    } else {
        Mode::VertexOrderCcw
    };
    let mut modes = vec![domain, spacing, winding];
    if param_c8 & 0x300 == 0 {
        modes.push(Mode::PointMode);
    }
    Ok(modes)
}

impl Emitter<'_> {
    /// The tessellation ops' words (`None`: another op).
    pub(super) fn tess_op(&mut self, op: &Op) -> Result<Option<Word>, Unsupported> {
        Ok(Some(match *op {
            Op::Tess(TessInput::Coord(component)) => {
                let vec3 = self.b.type_vector(self.t.f32, 3);
                let var = self.input_variable(TESS_COORD_KEY, vec3, |b, var| {
                    b.decorate(
                        var,
                        spirv::Decoration::BuiltIn,
                        [SpirvOperand::BuiltIn(spirv::BuiltIn::TessCoord)],
                    );
                });
                self.vec4_component(var, u32::from(component))?
            }
            Op::Tess(TessInput::InvocationInfo) => {
                let i32_ty = self.t.i32;
                let var = self.input_variable(PATCH_VERTICES_KEY, i32_ty, |b, var| {
                    b.decorate(
                        var,
                        spirv::Decoration::BuiltIn,
                        [SpirvOperand::BuiltIn(spirv::BuiltIn::PatchVertices)],
                    );
                });
                let count = self
                    .b
                    .load(i32_ty, None, var, None, [])
                    .map_err(spirv_error)?;
                let count = self
                    .b
                    .bitcast(self.t.u32, None, count)
                    .map_err(spirv_error)?;
                let eight = self.word(8);
                self.b
                    .shift_left_logical(self.t.u32, None, count, eight)
                    .map_err(spirv_error)?
            }
            Op::Tess(TessInput::Lane { offset_b }) => {
                return Err(Unsupported::Instruction {
                    name: "mov",
                    offset_b,
                    what: "the lane id in a tess-eval program other than as gl_TessCoord's index"
                        .into(),
                })
            }
            Op::Tess(TessInput::InvocationId) => self.invocation_id()?,
            Op::Tess(TessInput::Patch(addr_b)) => {
                let location = (addr_b - PATCH_GENERIC_B) / 16;
                let vec4 = self.t.vec4;
                let var = self.input_variable(PATCH_KEY + location, vec4, |b, var| {
                    patch_location(b, var, location);
                });
                self.vec4_component(var, (addr_b % 16) / 4)?
            }
            Op::PatchStore {
                addr_b,
                value,
                cond,
            } => {
                // The float is made before the selection: a cast made inside it would
                // not dominate later uses of the same value.
                let x = self.as_float(value)?;
                self.under(cond, |e| e.store_level(addr_b, x))?
            }
            Op::VertexAttr { addr_b, vertex } => {
                let vertex = self.ids[vertex.0 as usize];
                self.control_point_attribute(addr_b, vertex)?
            }
            _ => return Ok(None),
        }))
    }

    /// `$invocation_id` as a word.
    fn invocation_id(&mut self) -> Result<Word, Unsupported> {
        let i32_ty = self.t.i32;
        let var = self.input_variable(INVOCATION_ID_KEY, i32_ty, |b, var| {
            b.decorate(
                var,
                spirv::Decoration::BuiltIn,
                [SpirvOperand::BuiltIn(spirv::BuiltIn::InvocationId)],
            );
        });
        let id = self
            .b
            .load(i32_ty, None, var, None, [])
            .map_err(spirv_error)?;
        self.b.bitcast(self.t.u32, None, id).map_err(spirv_error)
    }

    /// Stores patch word `addr_b` (a[0x0..0x10] gl_TessLevelOuter, a[0x10..0x18]
    /// gl_TessLevelInner, from a[0x20] the `patch out` variables, a `vec4` each; the
    /// builder takes no other).
    fn store_level(&mut self, addr_b: u32, x: Word) -> Result<Word, Unsupported> {
        if addr_b >= PATCH_GENERIC_B {
            let location = (addr_b - PATCH_GENERIC_B) / 16;
            let vec4 = self.t.vec4;
            let var = self.output_variable(PATCH_KEY + location, vec4, |b, var| {
                patch_location(b, var, location);
            });
            let pointer = self
                .b
                .type_pointer(None, spirv::StorageClass::Output, self.t.f32);
            let component = self.word((addr_b % 16) / 4);
            let element = self
                .b
                .access_chain(pointer, None, var, [component])
                .map_err(spirv_error)?;
            self.b.store(element, x, None, []).map_err(spirv_error)?;
            return Ok(0);
        }
        let (key, builtin, length, index) = if addr_b < 0x10 {
            (OUTER_KEY, spirv::BuiltIn::TessLevelOuter, 4, addr_b / 4)
        } else {
            (
                INNER_KEY,
                spirv::BuiltIn::TessLevelInner,
                2,
                (addr_b - 0x10) / 4,
            )
        };
        let length = self.word(length);
        let array = self.b.type_array(self.t.f32, length);
        let var = self.output_variable(key, array, |b, var| {
            b.decorate(
                var,
                spirv::Decoration::BuiltIn,
                [SpirvOperand::BuiltIn(builtin)],
            );
            b.decorate(var, spirv::Decoration::Patch, []);
        });
        let pointer = self
            .b
            .type_pointer(None, spirv::StorageClass::Output, self.t.f32);
        let index = self.word(index);
        let element = self
            .b
            .access_chain(pointer, None, var, [index])
            .map_err(spirv_error)?;
        self.b.store(element, x, None, []).map_err(spirv_error)?;
        Ok(0)
    }

    /// A tess control program's per-vertex outputs at `exit`: each `vec4` it stored
    /// (components it did not, 0) into element `$invocation_id` of an output array of
    /// the SPH's output vertices.
    pub(super) fn control_outputs(
        &mut self,
        stores: &BTreeMap<u32, Value>,
    ) -> Result<(), Unsupported> {
        let vertices = output_vertices(self.program)?;
        let mut slots: BTreeMap<u32, [Option<Value>; 4]> = BTreeMap::new();
        for (&addr_b, &value) in stores {
            if !(POSITION_B..GENERIC_END_B).contains(&addr_b) {
                return Err(attribute_error(
                    addr_b,
                    "not a tess control output Hookshot translates yet",
                ));
            }
            slots.entry(addr_b / 16).or_default()[((addr_b % 16) / 4) as usize] = Some(value);
        }
        let invocation = self.invocation_id()?;
        let length = self.word(vertices);
        let array = self.b.type_array(self.t.vec4, length);
        let pointer = self
            .b
            .type_pointer(None, spirv::StorageClass::Output, self.t.vec4);
        for (slot, components) in slots {
            let var = self.output_variable(ARRAYED_KEY + slot, array, |b, var| {
                if slot == POSITION_B / 16 {
                    b.decorate(
                        var,
                        spirv::Decoration::BuiltIn,
                        [SpirvOperand::BuiltIn(spirv::BuiltIn::Position)],
                    );
                } else {
                    b.decorate(
                        var,
                        spirv::Decoration::Location,
                        [SpirvOperand::LiteralBit32(slot - GENERIC_B / 16)],
                    );
                }
            });
            let vector = self.vec4_of(components)?;
            let element = self
                .b
                .access_chain(pointer, None, var, [invocation])
                .map_err(spirv_error)?;
            self.b
                .store(element, vector, None, [])
                .map_err(spirv_error)?;
        }
        Ok(())
    }

    /// Word `addr_b` of control point `vertex` (clamped to the array).
    fn control_point_attribute(&mut self, addr_b: u32, vertex: Word) -> Result<Word, Unsupported> {
        let (slot, decoration) = if (POSITION_B..POSITION_B + 16).contains(&addr_b) {
            (
                POSITION_B / 16,
                (
                    spirv::Decoration::BuiltIn,
                    SpirvOperand::BuiltIn(spirv::BuiltIn::Position),
                ),
            )
        } else if (GENERIC_B..GENERIC_END_B).contains(&addr_b) {
            let location = (addr_b - GENERIC_B) / 16;
            (
                addr_b / 16,
                (
                    spirv::Decoration::Location,
                    SpirvOperand::LiteralBit32(location),
                ),
            )
        } else if let Some(primitive_id) = self.geometry_attribute(addr_b) {
            // The patch's gl_PrimitiveID, which a tess-eval program reads as control
            // point 0's word a[0x60].
            return primitive_id;
        } else {
            return Err(attribute_error(
                addr_b,
                "not a control point input Hookshot translates yet",
            ));
        };
        // A geometry program's arrays hold its input primitive's vertices.
        let vertices = self
            .geometry_input
            .map_or(MAX_PATCH_VERTICES, GeometryInput::vertices);
        let length = self.word(vertices);
        let array = self.b.type_array(self.t.vec4, length);
        let var = self.input_variable(ARRAYED_KEY + slot, array, |b, var| {
            b.decorate(var, decoration.0, [decoration.1]);
        });
        let last = self.word(vertices - 1);
        let u32_ty = self.t.u32;
        let index = self.glsl(u32_ty, GLOp::UMin, &[vertex, last])?;
        let component = self.word((addr_b % 16) / 4);
        let pointer = self
            .b
            .type_pointer(None, spirv::StorageClass::Input, self.t.f32);
        let element = self
            .b
            .access_chain(pointer, None, var, [index, component])
            .map_err(spirv_error)?;
        let value = self
            .b
            .load(self.t.f32, None, element, None, [])
            .map_err(spirv_error)?;
        self.float_bits(value)
    }
}

//! A tess-eval program's inputs and execution modes: gl_TessCoord, the patch's vertex
//! count (`$invocation_info`), the control points' attributes as arrayed inputs (generic
//! attribute L an array of `vec4` at `location = L`, a[0x70] gl_in[].gl_Position), and
//! the domain, spacing, winding and point mode from the program header's `param_c8`.

use rspirv::dr::Operand as SpirvOperand;
use rspirv::spirv::{self, GlslStd450Op as GLOp, Word};

use super::{attribute_error, spirv_error, Emitter, GENERIC_B, GENERIC_END_B, POSITION_B};
use crate::maxwell::dksh::ProgramHeader;
use crate::maxwell::ir::{Op, TessInput, Unsupported};

/// The control points an arrayed input holds: Vulkan's `maxTessellationPatchSize`
/// floor and NVN's largest patch.
const MAX_PATCH_VERTICES: u32 = 32;
/// Input variable keys (generic locations are 0-31).
const TESS_COORD_KEY: u32 = 0x4000_0000;
const PATCH_VERTICES_KEY: u32 = 0x4000_0001;
const ARRAYED_KEY: u32 = 0x4100_0000;

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
            Op::VertexAttr { addr_b, vertex } => {
                let vertex = self.ids[vertex.0 as usize];
                self.control_point_attribute(addr_b, vertex)?
            }
            _ => return Ok(None),
        }))
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
        } else {
            return Err(attribute_error(
                addr_b,
                "not a control point input Hookshot translates yet",
            ));
        };
        let length = self.word(MAX_PATCH_VERTICES);
        let array = self.b.type_array(self.t.vec4, length);
        let var = self.input_variable(ARRAYED_KEY + slot, array, |b, var| {
            b.decorate(var, decoration.0, [decoration.1]);
        });
        let last = self.word(MAX_PATCH_VERTICES - 1);
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

//! A geometry program's module: the execution modes (the input class the draw gives,
//! the SPH's output topology, most output vertices and invocations), `out` as
//! OpEmitVertex / OpEndPrimitive after the vertex's outputs are written, gl_PrimitiveIDIn
//! (`ld a[0x60]` without a vertex), `$invocation_info` as the input primitive's view,
//! and the system values a geometry program writes (gl_PrimitiveID a[0x60], gl_Layer
//! a[0x64], gl_ViewportIndex a[0x68]). Per-vertex inputs are arrays of the input
//! class's length, read as `tessellation.rs` reads control points.

use rspirv::dr::Operand as SpirvOperand;
use rspirv::spirv::{self, ExecutionMode as Mode, Word};

use super::{spirv_error, Emitter};
use crate::maxwell::dksh::ProgramType;
use crate::maxwell::geometry::GeometryInput;
use crate::maxwell::ir::{Op, TessInput, Unsupported, Value};
use crate::maxwell::program::Program;
use crate::maxwell::sph::OutputTopology;

/// `a[]` words of the per-primitive system values.
const PRIMITIVE_ID_B: u32 = 0x60;
const LAYER_B: u32 = 0x64;
const VIEWPORT_INDEX_B: u32 = 0x68;
/// Input variable key of gl_PrimitiveIDIn.
const PRIMITIVE_ID_KEY: u32 = 0x4300_0000;
/// Output variable keys of the integer system values.
const OUTPUT_KEY: u32 = 0x4400_0000;
/// NVN's (and the hardware's) most output vertices of a geometry program; a device
/// with a smaller `maxGeometryOutputVertices` refuses the pipeline.
const MAX_OUTPUT_VERTICES: u32 = 1024;
/// Vulkan's floor of `maxGeometryShaderInvocations`, and Maxwell's limit.
const MAX_INVOCATIONS: u32 = 32;

fn header_error(field: &'static str, value: u32, allowed: &'static str) -> Unsupported {
    Unsupported::Header {
        field,
        value,
        allowed,
    }
}

/// The execution modes of a geometry program drawn with `input` primitives.
pub(super) fn modes(
    program: &Program,
    input: GeometryInput,
) -> Result<Vec<(Mode, Option<u32>)>, Unsupported> {
    let Some(sph) = program.sph.as_ref() else {
        return Err(Unsupported::Stage("geometry without an SPH"));
    };
    if sph.stream_out_mask & !1 != 0 {
        return Err(header_error(
            "stream mask",
            u32::from(sph.stream_out_mask),
            "vertex stream 0 only (mask 0 or 1)",
        ));
    }
    let output = match sph.output_topology {
        Some(OutputTopology::Points) => Mode::OutputPoints,
        Some(OutputTopology::LineStrip) => Mode::OutputLineStrip,
        Some(OutputTopology::TriangleStrip) => Mode::OutputTriangleStrip,
        Some(OutputTopology::Other(value)) => {
            return Err(header_error(
                "output topology",
                u32::from(value),
                "1 (points), 6 (line strip) or 7 (triangle strip)",
            ))
        }
        None => return Err(Unsupported::Stage("geometry without a geometry SPH")),
    };
    let vertices = u32::from(sph.max_output_vertices);
    if !(1..=MAX_OUTPUT_VERTICES).contains(&vertices) {
        return Err(header_error("most output vertices", vertices, "1 to 1024"));
    }
    let invocations = u32::from(sph.threads_per_input_primitive).max(1);
    if invocations > MAX_INVOCATIONS {
        return Err(header_error("invocations", invocations, "1 to 32"));
    }
    let input_mode = match input {
        GeometryInput::Points => Mode::InputPoints,
        GeometryInput::Lines => Mode::InputLines,
        GeometryInput::LinesAdjacency => Mode::InputLinesAdjacency,
        GeometryInput::Triangles => Mode::Triangles,
        GeometryInput::TrianglesAdjacency => Mode::InputTrianglesAdjacency,
    };
    Ok(vec![
        (input_mode, None),
        (Mode::Invocations, Some(invocations)),
        (output, None),
        (Mode::OutputVertices, Some(vertices)),
    ])
}

impl Emitter<'_> {
    /// The geometry ops' words (`None`: another op, or not a geometry program).
    pub(super) fn geometry_op(&mut self, op: &Op) -> Result<Option<Word>, Unsupported> {
        let Some(input) = self.geometry_input else {
            return Ok(None);
        };
        Ok(Some(match *op {
            Op::Tess(TessInput::InvocationInfo) => self.word(input.vertices() << 8),
            Op::Emit {
                cond,
                emit,
                cut,
                outputs,
            } => {
                // Casts made inside the selection do not dominate what follows it.
                let views = self.float_views.clone();
                let outputs = self.function.exits[outputs].clone();
                self.under(cond, |e| {
                    if emit {
                        e.vertex_outputs(&outputs.attr_stores)?;
                        e.b.emit_vertex().map_err(spirv_error)?;
                    }
                    if cut {
                        e.b.end_primitive().map_err(spirv_error)?;
                    }
                    Ok(0)
                })?;
                self.float_views = views;
                0
            }
            _ => return Ok(None),
        }))
    }

    /// gl_PrimitiveIDIn of a geometry program, gl_PrimitiveID of a tessellation program
    /// (`None`: another address, or another stage).
    pub(super) fn geometry_attribute(&mut self, addr_b: u32) -> Option<Result<Word, Unsupported>> {
        let stages = [
            ProgramType::Geometry,
            ProgramType::TessControl,
            ProgramType::TessEval,
        ];
        if !stages.contains(&self.program.kind) || addr_b != PRIMITIVE_ID_B {
            return None;
        }
        let i32_ty = self.t.i32;
        let var = self.input_variable(PRIMITIVE_ID_KEY, i32_ty, |b, var| {
            b.decorate(
                var,
                spirv::Decoration::BuiltIn,
                [SpirvOperand::BuiltIn(spirv::BuiltIn::PrimitiveId)],
            );
        });
        let u32_ty = self.t.u32;
        let mut read = || {
            let id = self.b.load(i32_ty, None, var, None, [])?;
            self.b.bitcast(u32_ty, None, id)
        };
        Some(read().map_err(spirv_error))
    }

    /// Stores a geometry program's integer system value at `addr_b`; `false` where
    /// `addr_b` is none of them (or the program is not a geometry program).
    pub(super) fn geometry_system_output(
        &mut self,
        addr_b: u32,
        value: Value,
    ) -> Result<bool, Unsupported> {
        if self.program.kind != ProgramType::Geometry {
            return Ok(false);
        }
        let builtin = match addr_b {
            PRIMITIVE_ID_B => spirv::BuiltIn::PrimitiveId,
            LAYER_B => spirv::BuiltIn::Layer,
            VIEWPORT_INDEX_B => {
                self.b.capability(spirv::Capability::MultiViewport);
                spirv::BuiltIn::ViewportIndex
            }
            _ => return Ok(false),
        };
        let i32_ty = self.t.i32;
        let var = self.output_variable(OUTPUT_KEY + addr_b, i32_ty, |b, var| {
            b.decorate(
                var,
                spirv::Decoration::BuiltIn,
                [SpirvOperand::BuiltIn(builtin)],
            );
        });
        let word = self.ids[value.0 as usize];
        let int = self.b.bitcast(i32_ty, None, word).map_err(spirv_error)?;
        self.b.store(var, int, None, []).map_err(spirv_error)?;
        Ok(true)
    }
}

//! What a tess-eval program reads besides its own registers: gl_TessCoord (`ld o
//! a[0x2f0]` indexed by `$laneid`), `$invocation_info`, and the control points'
//! attributes (`isberd` then `ld a[] Rv`). Each is read as one patch's view: the patch's
//! base in the warp's vertex buffer (byte 0 x byte 2 of `$invocation_info`) is 0, so the
//! address `isberd` maps is the control point's index.

use super::{Builder, Op, Unsupported, Value};
use crate::maxwell::decode::{sysreg, Operand, RZ};
use crate::maxwell::dksh::ProgramType;
use crate::maxwell::ir::TessInput;

/// Where the hardware keeps gl_TessCoord (u, v) in a tess-eval program's output space.
const TESS_COORD_B: u32 = 0x2f0;
/// `$invocation_info`.
const INVOCATION_INFO: u8 = 0x1d;

impl Builder<'_> {
    /// The system registers a tess-eval program reads as one patch's view (`None`:
    /// not one of them, or another stage).
    pub(super) fn tess_system_register(&mut self, index: u8) -> Option<Value> {
        if self.kind != ProgramType::TessEval {
            return None;
        }
        let input = match index {
            sysreg::LANE_ID => TessInput::Lane {
                offset_b: self.instruction.offset_b,
            },
            INVOCATION_INFO => TessInput::InvocationInfo,
            _ => return None,
        };
        Some(self.push(Op::Tess(input)))
    }

    /// `isberd Rd p[Ra]`: the attribute base of the vertex at address Ra in the warp's
    /// vertex buffer, which in one patch's view is the control point index itself.
    pub(super) fn isberd(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if self.kind != ProgramType::TessEval {
            return Err(self.unsupported("isberd outside a tess-eval program"));
        }
        if i.mods().next().is_some() {
            return Err(self.unsupported("an isberd mode other than the vertex index"));
        }
        let (
            Some((_, Operand::Reg(dst))),
            Some((
                _,
                Operand::Mem {
                    space: "p",
                    base: Some(address),
                    offset: None,
                },
            )),
        ) = (ops.first(), ops.get(1))
        else {
            return Err(self.unsupported("its operands"));
        };
        let value = self.reg(*address);
        self.set_reg(*dst, value);
        Ok(())
    }

    /// A tess-eval program's `ld o` of gl_TessCoord and `ld a[] Rv` of a control point's
    /// attributes; `false` where `ld`/`st` is some other access.
    pub(super) fn tess_attribute(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        size: u32,
    ) -> Result<bool, Unsupported> {
        let i = self.instruction;
        if self.kind != ProgramType::TessEval || i.name != "ld" {
            return Ok(false);
        }
        if i.has_mod("p") {
            return Err(self.unsupported("a per-patch attribute read"));
        }
        let (
            Some((_, Operand::Reg(reg))),
            Some((
                _,
                Operand::Mem {
                    space: "a",
                    base,
                    offset,
                },
            )),
            Some((_, Operand::Reg(vertex))),
        ) = (ops.first(), ops.get(1), ops.get(2))
        else {
            return Ok(false);
        };
        let (reg, vertex, addr_b) = (*reg, *vertex, offset.unwrap_or(0) as u32);
        if i.has_mod("o") {
            let lane = self.reg(vertex);
            let from_lane = matches!(self.ops[lane.0 as usize], Op::Tess(TessInput::Lane { .. }));
            let words = TESS_COORD_B..TESS_COORD_B + 8;
            if base.is_some() || !from_lane || !words.contains(&(addr_b + 4 * (size - 1))) {
                return Err(self.unsupported(
                    "an output read other than gl_TessCoord (u, v at a[0x2f0] by the lane id)",
                ));
            }
            for word in 0..size {
                let component = ((addr_b - TESS_COORD_B) / 4 + word) as u8;
                let value = self.push(Op::Tess(TessInput::Coord(component)));
                self.set_reg(reg.wrapping_add(word as u8), value);
            }
            return Ok(true);
        }
        if vertex == RZ {
            return Ok(false);
        }
        if base.is_some() {
            return Err(self.unsupported("a control point attribute at a register offset"));
        }
        let vertex = self.reg(vertex);
        for word in 0..size {
            let value = self.push(Op::VertexAttr {
                addr_b: addr_b + 4 * word,
                vertex,
            });
            self.set_reg(reg.wrapping_add(word as u8), value);
        }
        Ok(true)
    }
}

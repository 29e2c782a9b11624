//! What a tess-eval or tess-control program reads besides its own registers:
//! gl_TessCoord (`ld o a[0x2f0]` indexed by `$laneid`), `$invocation_info`, the control
//! points' attributes (`isberd` then `ld a[] Rv`) and the `patch in` variables (`ld p`);
//! and what a tess control program stores per patch (`st p`). Each is read as one
//! patch's view: the patch's base in the warp's vertex buffer (byte 0 x byte 2 of
//! `$invocation_info`) is 0, so the address `isberd` maps is the control point's index.

use super::{Builder, Op, Unsupported, Value};
use crate::maxwell::decode::{sysreg, Operand, RZ};
use crate::maxwell::dksh::ProgramType;
use crate::maxwell::ir::TessInput;

/// Where the hardware keeps gl_TessCoord (u, v) in a tess-eval program's output space.
const TESS_COORD_B: u32 = 0x2f0;
/// `$invocation_info`.
const INVOCATION_INFO: u8 = 0x1d;
/// `$invocation_id`.
const INVOCATION_ID: u8 = 0x11;
/// The patch words `st p` may write: gl_TessLevelOuter[0..4] then gl_TessLevelInner[0..2]
/// below this, ...
const TESS_LEVELS_END_B: u32 = 0x18;
/// ... then the user patch attributes (`patch out`/`patch in` location L at a[0x20 + 16 L]),
/// up to Vulkan's floor of 120 per-patch components (30 locations).
pub(crate) const PATCH_GENERIC_B: u32 = 0x20;
pub(crate) const PATCH_GENERIC_END_B: u32 = PATCH_GENERIC_B + 30 * 16;

/// Whether patch words `addr_b..addr_b + 4 * size` are all levels or all user attributes.
fn patch_words(addr_b: u32, size: u32) -> bool {
    let end_b = addr_b + 4 * size;
    end_b <= TESS_LEVELS_END_B || (addr_b >= PATCH_GENERIC_B && end_b <= PATCH_GENERIC_END_B)
}

/// The stages that read other vertices' attributes (control points, or a geometry
/// program's input primitive).
fn tessellating(kind: ProgramType) -> bool {
    matches!(
        kind,
        ProgramType::TessEval | ProgramType::TessControl | ProgramType::Geometry
    )
}

/// How deep the selects of a register read under a guard are searched for the lane id.
const LANE_SELECT_DEPTH: u32 = 4;

impl Builder<'_> {
    /// The system registers a tess-eval program reads as one patch's view (`None`:
    /// not one of them, or another stage).
    pub(super) fn tess_system_register(&mut self, index: u8) -> Option<Value> {
        let input = match (self.kind, index) {
            (ProgramType::TessEval, sysreg::LANE_ID) => TessInput::Lane {
                offset_b: self.instruction.offset_b,
            },
            (
                ProgramType::TessEval | ProgramType::TessControl | ProgramType::Geometry,
                INVOCATION_INFO,
            ) => TessInput::InvocationInfo,
            (ProgramType::TessControl | ProgramType::Geometry, INVOCATION_ID) => {
                TessInput::InvocationId
            }
            _ => return None,
        };
        Some(self.push(Op::Tess(input)))
    }

    /// A tess-eval register read under a guard, where an earlier arm's guarded `mov`
    /// left the lane id in it: the value where the guard holds, which drops the lane id
    /// when that arm and this one exclude each other (an if's then arm read gl_TessCoord
    /// by it, its else arm reads what the register held before). The lane id has no
    /// value in one patch's view but as gl_TessCoord's index, so where a guarded read
    /// still sees it the program stays refused.
    pub(super) fn lane_dropped_under_guard(&mut self, value: Value) -> Value {
        if self.kind != ProgramType::TessEval || !self.holds_lane(value, LANE_SELECT_DEPTH) {
            return value;
        }
        match self.guard() {
            Some(cond) => self.where_holds(cond, value),
            None => value,
        }
    }

    /// Whether `value` is the lane id, or a side of the selects in it (`depth` deep) is.
    fn holds_lane(&self, value: Value, depth: u32) -> bool {
        match self.ops[value.0 as usize] {
            Op::Tess(TessInput::Lane { .. }) => true,
            Op::Select { a, b, .. } if depth > 0 => {
                self.holds_lane(a, depth - 1) || self.holds_lane(b, depth - 1)
            }
            _ => false,
        }
    }

    /// `isberd Rd p[Ra]`: the attribute base of the vertex at address Ra in the warp's
    /// vertex buffer, which in one patch's view is the control point index itself.
    pub(super) fn isberd(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if !tessellating(self.kind) {
            return Err(self.unsupported("isberd outside a tessellation or geometry program"));
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
        if !tessellating(self.kind) {
            return Ok(false);
        }
        if i.name == "st" {
            return self.patch_store(ops, size);
        }
        if i.has_mod("p") {
            return self.patch_load(ops, size);
        }
        if i.has_mod("o") && self.kind == ProgramType::TessControl {
            return Err(self.unsupported("a read of the control stage's own outputs"));
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
            // Under a guard, the lane id the same guard's `mov` wrote.
            let lane = self.reg(vertex);
            let lane = self.where_guarded(lane);
            let from_lane = matches!(self.ops[lane.0 as usize], Op::Tess(TessInput::Lane { .. }));
            let words = TESS_COORD_B..TESS_COORD_B + 8;
            if base.is_some() || !from_lane || !words.contains(&(addr_b + 4 * (size - 1))) {
                return Err(self.unsupported(
                    "an output read other than gl_TessCoord (u, v at a[0x2f0] by the lane id)",
                ));
            }
            self.single_use.insert(lane);
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

impl Builder<'_> {
    /// A tess-eval program's `ld p a[off]`: its `patch in` variables (a tess control
    /// program reading its own patch outputs, or the levels, is refused).
    fn patch_load(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        size: u32,
    ) -> Result<bool, Unsupported> {
        if self.kind != ProgramType::TessEval {
            return Err(self.unsupported("a read of the control stage's own patch outputs"));
        }
        let (
            Some((_, Operand::Reg(reg))),
            Some((
                _,
                Operand::Mem {
                    space: "a",
                    base: None,
                    offset,
                },
            )),
        ) = (ops.first(), ops.get(1))
        else {
            return Err(self.unsupported("a patch read at a register offset"));
        };
        let addr_b = offset.unwrap_or(0) as u32;
        if addr_b < PATCH_GENERIC_B || addr_b + 4 * size > PATCH_GENERIC_END_B {
            return Err(self.unsupported(format!(
                "patch attribute read a[{addr_b:#x}] (only patch inputs, \
                 a[0x20..{PATCH_GENERIC_END_B:#x}])"
            )));
        }
        let reg = *reg;
        for word in 0..size {
            let value = self.push(Op::Tess(TessInput::Patch(addr_b + 4 * word)));
            self.set_reg(reg.wrapping_add(word as u8), value);
        }
        Ok(true)
    }

    /// A tess control program's `st p b32 a[off]`: the tessellation levels and `patch
    /// out` variables, stored where the instruction runs, under its guard and arm;
    /// `false` for other stores.
    fn patch_store(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
        size: u32,
    ) -> Result<bool, Unsupported> {
        if !self.instruction.has_mod("p") {
            return Ok(false);
        }
        if self.kind != ProgramType::TessControl {
            return Err(self.unsupported("a patch store outside a tess control program"));
        }
        let (
            Some((
                _,
                Operand::Mem {
                    space: "a",
                    base: None,
                    offset,
                },
            )),
            Some((_, Operand::Reg(reg))),
        ) = (ops.first(), ops.get(1))
        else {
            return Err(self.unsupported("a patch store at a register offset"));
        };
        let addr_b = offset.unwrap_or(0) as u32;
        if !patch_words(addr_b, size) {
            return Err(self.unsupported(format!(
                "patch attribute a[{addr_b:#x}] (the tessellation levels, a[0x0..0x18], and \
                 patch outputs, a[0x20..{PATCH_GENERIC_END_B:#x}])"
            )));
        }
        let reg = *reg;
        for word in 0..size {
            let value = self.reg(reg.wrapping_add(word as u8));
            let cond = self.guard();
            self.push(Op::PatchStore {
                addr_b: addr_b + 4 * word,
                value,
                cond,
            });
        }
        Ok(true)
    }
}

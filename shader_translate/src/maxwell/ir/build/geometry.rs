//! A geometry program's `out`: OUT.EMIT, OUT.CUT and OUT.EMIT_THEN_CUT. The hardware
//! hands out a vertex handle (`out emit Rd Rhandle stream`: Rd the next vertex's handle,
//! `st a[] Rvalue Rhandle` writes the vertex being built); SPIR-V has one current vertex
//! instead, so a handle is only an operand of the stores it addresses, and each `out`
//! takes the outputs stored so far as its vertex. Input vertices come through `isberd`
//! and `ld a[] Rv` as a tessellation program's control points do (`tessellation.rs`).

use super::{Builder, Op, Outputs, Unsupported};
use crate::maxwell::decode::{Operand, RZ};
use crate::maxwell::dksh::ProgramType;
use std::collections::BTreeMap;

impl Builder<'_> {
    /// `out emit|cut|emit_then_cut Rd Ra stream`, stream 0 only (the SPH's stream mask
    /// is checked when the module is written).
    pub(super) fn geometry_out(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        let i = self.instruction;
        if self.kind != ProgramType::Geometry {
            return Err(self.unsupported("out outside a geometry program"));
        }
        let (emit, cut) = if i.has_mod("emit_then_cut") {
            (true, true)
        } else if i.has_mod("emit") {
            (true, false)
        } else if i.has_mod("cut") {
            (false, true)
        } else {
            return Err(self.unsupported("an out with neither emit nor cut"));
        };
        let (Some((_, Operand::Reg(dst))), Some((_, Operand::Reg(_))), Some((_, stream))) =
            (ops.first(), ops.get(1), ops.get(2))
        else {
            return Err(self.unsupported("its operands"));
        };
        match stream {
            Operand::Reg(RZ) | Operand::Imm { value: 0, .. } => {}
            other => {
                return Err(self.unsupported(format!(
                    "vertex stream {other:?} (stream 0 only: a constant 0)"
                )))
            }
        }
        let cond = self.guard();
        self.exits.push(Outputs {
            attr_stores: self.attr_stores.clone(),
            regs: BTreeMap::new(),
        });
        let outputs = self.exits.len() - 1;
        self.push(Op::Emit {
            cond,
            emit,
            cut,
            outputs,
        });
        // The next vertex's handle: only ever the address operand of stores, which the
        // translation does not read.
        let handle = self.constant(0);
        self.set_reg(*dst, handle);
        Ok(())
    }
}

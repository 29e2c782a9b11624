//! `pixld`: what the fragment's pixel knows of its samples. `my_index` is the sample the
//! invocation shades (yuzu: SampleId; mesa's nv50_ir writes `gl_SampleID` so) and
//! `covmask` the coverage mask (mesa writes `gl_SampleMaskIn` as it, ANDed with the
//! sample's bit where the stage runs once a sample). Vulkan's SampleMask holds the
//! samples the invocation shades: the primitive's coverage of the pixel, or where the
//! stage runs once a sample, that sample's bit alone, which the AND leaves as it is.
//! The other modes, an address or a predicate result are refused: yuzu refuses them
//! and no reference defines them.

use super::{Builder, Unsupported};
use crate::maxwell::decode::{Operand, PT};
use crate::maxwell::dksh::ProgramType;
use crate::maxwell::ir::{Builtin, Op};

impl Builder<'_> {
    pub(super) fn pixel_load(
        &mut self,
        ops: &[(Vec<&'static str>, Operand)],
    ) -> Result<(), Unsupported> {
        if self.kind != ProgramType::Fragment {
            return Err(self.unsupported("`pixld` outside a fragment program"));
        }
        let [(mods, Operand::Reg(dst)), (_, Operand::Pred(PT)), (
            _,
            Operand::Mem {
                base: None,
                offset: None | Some(0),
                ..
            },
        )] = ops
        else {
            return Err(self.unsupported("a predicate result or a pixel address"));
        };
        let builtin = match mods.first().copied() {
            Some("my_index") => Builtin::SampleId,
            Some("covmask") => Builtin::SampleMask,
            other => {
                return Err(self.unsupported(format!("the mode `{}`", other.unwrap_or("default"))))
            }
        };
        let value = self.push(Op::Builtin(builtin, 0));
        self.set_reg(*dst, value);
        Ok(())
    }
}

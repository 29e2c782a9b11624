//! A fragment's sample built-ins, as `pixld` reads them: `SampleId` (its declaration
//! needs the SampleRateShading capability, which makes the stage run once a sample, as
//! glslang's module of `gl_SampleID` does) and `SampleMask` (Vulkan: the coverage of the
//! samples the invocation shades). Both flat 32-bit integers, as glslang declares them.

use rspirv::dr::Operand as SpirvOperand;
use rspirv::spirv::{self, Word};

use super::{spirv_error, Emitter};
use crate::maxwell::ir::{Builtin, Unsupported};

/// Input variable keys, apart from the attribute addresses and the other built-ins.
const SAMPLE_ID_KEY: u32 = u32::MAX - 20;
const SAMPLE_MASK_KEY: u32 = u32::MAX - 21;

impl Emitter<'_> {
    pub(super) fn sample_builtin(&mut self, builtin: Builtin) -> Result<Word, Unsupported> {
        let i32_ty = self.t.i32;
        let value = if builtin == Builtin::SampleId {
            let var = self.input_variable(SAMPLE_ID_KEY, i32_ty, |b, var| {
                b.capability(spirv::Capability::SampleRateShading);
                b.decorate(
                    var,
                    spirv::Decoration::BuiltIn,
                    [SpirvOperand::BuiltIn(spirv::BuiltIn::SampleId)],
                );
                b.decorate(var, spirv::Decoration::Flat, []);
            });
            self.b
                .load(i32_ty, None, var, None, [])
                .map_err(spirv_error)?
        } else {
            let one = self.word(1);
            let array = self.b.type_array(i32_ty, one);
            let var = self.input_variable(SAMPLE_MASK_KEY, array, |b, var| {
                b.decorate(
                    var,
                    spirv::Decoration::BuiltIn,
                    [SpirvOperand::BuiltIn(spirv::BuiltIn::SampleMask)],
                );
                b.decorate(var, spirv::Decoration::Flat, []);
            });
            let pointer = self
                .b
                .type_pointer(None, spirv::StorageClass::Input, i32_ty);
            let zero = self.word(0);
            let element = self
                .b
                .access_chain(pointer, None, var, [zero])
                .map_err(spirv_error)?;
            self.b
                .load(i32_ty, None, element, None, [])
                .map_err(spirv_error)?
        };
        self.b.bitcast(self.t.u32, None, value).map_err(spirv_error)
    }
}

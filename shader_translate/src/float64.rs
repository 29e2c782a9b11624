//! Double precision (and sample-rate shading) in a module: whether it declares the `Float64` capability (the
//! device's `shaderFloat64`) and, for refusing it on a device without, what in the
//! program asked for it. The Maxwell translation records the first double-precision
//! instruction in an `OpModuleProcessed` line starting with [`ORIGIN_PREFIX`].

use crate::spirv::module::literal_string;
use crate::spirv::{Module, ParseError};

/// The start of the `OpModuleProcessed` text naming a module's first f64 instruction.
pub const ORIGIN_PREFIX: &str = "hookshot f64: ";

const OP_CAPABILITY: u16 = 17;
const OP_MODULE_PROCESSED: u16 = 330;
const CAPABILITY_FLOAT64: u32 = 10;
const CAPABILITY_SAMPLE_RATE_SHADING: u32 = 35;
const CAPABILITY_INTERPOLATION_FUNCTION: u32 = 52;

/// Whether the module declares `SampleRateShading` (a fragment stage reading
/// `SampleId`, which runs it once a sample) or `InterpolationFunction` (inputs
/// interpolated at an offset or a sample): Vulkan gives both with the device's
/// `sampleRateShading`.
pub fn sample_rate_shading_use(spirv_words: &[u32]) -> Result<bool, ParseError> {
    let module = Module::parse(spirv_words)?;
    Ok(module.instructions.iter().any(|i| {
        i.opcode == OP_CAPABILITY
            && matches!(
                i.operands.first(),
                Some(&(CAPABILITY_SAMPLE_RATE_SHADING | CAPABILITY_INTERPOLATION_FUNCTION))
            )
    }))
}

/// What in the module needs `shaderFloat64`: `None` where it declares no `Float64`;
/// else the instruction its translation recorded, or "double-precision arithmetic"
/// (a module from GLSL `double` code).
pub fn float64_use(spirv_words: &[u32]) -> Result<Option<String>, ParseError> {
    let module = Module::parse(spirv_words)?;
    let declares = module
        .instructions
        .iter()
        .any(|i| i.opcode == OP_CAPABILITY && i.operands.first() == Some(&CAPABILITY_FLOAT64));
    if !declares {
        return Ok(None);
    }
    let recorded = module
        .instructions
        .iter()
        .filter(|i| i.opcode == OP_MODULE_PROCESSED)
        .map(|i| literal_string(&i.operands))
        .find_map(|text| text.strip_prefix(ORIGIN_PREFIX).map(str::to_owned));
    Ok(Some(recorded.unwrap_or_else(|| {
        "double-precision arithmetic".to_owned()
    })))
}

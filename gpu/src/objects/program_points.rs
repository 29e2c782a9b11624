//! Whether a program's last stage before the rasterizer makes points, read from its
//! words: a geometry stage by its output (`OutputPoints`), tessellation by its point mode
//! (`PointMode`, on either tessellation stage). Without either, the draw's primitive
//! decides. NVN's fixed point size (and the 1-pixel default) applies where points are
//! rasterized, whatever made them.

use super::program::{ShaderModule, Stage};
use super::program_builtins::any_instruction;

/// `OpExecutionMode` and the modes that make points (SPIR-V specification, 3.6).
const OP_EXECUTION_MODE: u32 = 16;
const MODE_POINT_MODE: u32 = 10;
const MODE_OUTPUT_POINTS: u32 = 27;

/// `Some(true)` where the program's geometry or tessellation stage makes points,
/// `Some(false)` where it makes lines or triangles, `None` where the program has neither
/// (the draw's primitive decides).
pub fn makes_points(modules: &[ShaderModule]) -> Option<bool> {
    let has_mode = |module: &ShaderModule, wanted: u32| {
        any_instruction(&module.spirv_words, |opcode, operands| {
            opcode == OP_EXECUTION_MODE && operands.get(1) == Some(&wanted)
        })
    };
    if let Some(geometry) = modules
        .iter()
        .find(|module| module.stage == Stage::Geometry)
    {
        return Some(has_mode(geometry, MODE_OUTPUT_POINTS));
    }
    let tessellation: Vec<&ShaderModule> = modules
        .iter()
        .filter(|module| matches!(module.stage, Stage::TessControl | Stage::TessEval))
        .collect();
    if tessellation.is_empty() {
        return None;
    }
    Some(
        tessellation
            .iter()
            .any(|module| has_mode(module, MODE_POINT_MODE)),
    )
}

/// The stage whose outputs reach the rasterizer: geometry, else tessellation evaluation,
/// else vertex.
pub fn last_stage_before_rasterizer(modules: &[ShaderModule]) -> Stage {
    [Stage::Geometry, Stage::TessEval]
        .into_iter()
        .find(|stage| modules.iter().any(|module| module.stage == *stage))
        .unwrap_or(Stage::Vertex)
}

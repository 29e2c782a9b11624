//! The Metal route: MoltenVK turns SPIR-V into MSL with SPIRV-Cross, so SPIRV-Cross's
//! verdict is the faithful one; naga's MSL writer gives a second opinion where naga can
//! read the module. What MoltenVK lacks altogether is named from the module itself, since
//! SPIRV-Cross writes (unusable) MSL for a geometry shader without complaint.

use std::fmt;

use crate::front::naga_glsl::error_chain;
use crate::spirv::ops::{capability, execution_mode};
use crate::spirv::ModuleIndex;
use crate::{tools, Stage, TranslateError};

/// A feature the module uses that MoltenVK does not provide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoltenVkGap {
    GeometryShaders,
    TransformFeedback,
}

impl fmt::Display for MoltenVkGap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoltenVkGap::GeometryShaders => "MoltenVK lacks geometry shaders",
            MoltenVkGap::TransformFeedback => "MoltenVK lacks transform feedback",
        })
    }
}

/// What one converter said.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "verdict", content = "reason")]
pub enum Opinion {
    Accepted,
    Rejected(String),
    /// The converter could not read the module, so it has no opinion (naga and
    /// combined samplers, tessellation or geometry).
    CannotRead(String),
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MetalCheck {
    pub gaps: Vec<MoltenVkGap>,
    /// SPIRV-Cross to MSL 2.1: the converter MoltenVK uses.
    pub spirv_cross: Opinion,
    /// naga's MSL writer: a second opinion, never decisive.
    pub naga: Opinion,
    /// SPIRV-Cross's MSL, kept when the module can go to Metal.
    pub msl: Option<String>,
}

impl MetalCheck {
    /// Whether the shader can go to Metal through MoltenVK.
    pub fn portable(&self) -> bool {
        self.gaps.is_empty() && self.spirv_cross == Opinion::Accepted
    }

    /// One line per reason the shader cannot go to Metal.
    pub fn problems(&self) -> Vec<String> {
        let mut problems: Vec<String> = self.gaps.iter().map(ToString::to_string).collect();
        if let Opinion::Rejected(reason) | Opinion::CannotRead(reason) = &self.spirv_cross {
            problems.push(format!("SPIRV-Cross cannot write MSL: {reason}"));
        }
        problems
    }
}

/// Runs both converters over a final (host-layout) module.
pub(crate) fn check_metal(
    words: &[u32],
    index: &ModuleIndex,
    stage: Stage,
) -> Result<MetalCheck, TranslateError> {
    let gaps = moltenvk_gaps(index, stage);
    let (spirv_cross, msl) = match tools::to_msl(words)? {
        Ok(msl) => (Opinion::Accepted, Some(msl)),
        Err(log) => (Opinion::Rejected(log), None),
    };
    let naga = naga_opinion(words, stage);
    let mut check = MetalCheck {
        gaps,
        spirv_cross,
        naga,
        msl,
    };
    if !check.portable() {
        check.msl = None;
    }
    Ok(check)
}

fn moltenvk_gaps(index: &ModuleIndex, stage: Stage) -> Vec<MoltenVkGap> {
    let mut gaps = Vec::new();
    let has = |wanted: u32| index.capabilities.contains(&wanted);
    if stage == Stage::Geometry || has(capability::GEOMETRY) || has(capability::GEOMETRY_STREAMS) {
        gaps.push(MoltenVkGap::GeometryShaders);
    }
    let xfb_mode = index
        .execution_modes
        .iter()
        .any(|mode| mode.mode == execution_mode::XFB);
    if xfb_mode || has(capability::TRANSFORM_FEEDBACK) {
        gaps.push(MoltenVkGap::TransformFeedback);
    }
    gaps
}

fn naga_opinion(words: &[u32], stage: Stage) -> Opinion {
    let naga_stage = match stage {
        Stage::Vertex => naga::ShaderStage::Vertex,
        Stage::Fragment => naga::ShaderStage::Fragment,
        Stage::Compute => naga::ShaderStage::Compute,
        Stage::TessControl | Stage::TessEval | Stage::Geometry => {
            return Opinion::CannotRead(format!("naga has no {stage} stage"))
        }
    };
    // A second opinion must never take the translator down: a panic inside naga on an
    // unusual module becomes "cannot read". Nothing is shared with the closure but the
    // input slice, so no state is left half-updated.
    let outcome = std::panic::catch_unwind(|| naga_msl(words, naga_stage));
    outcome.unwrap_or_else(|_| Opinion::CannotRead("naga panicked reading the module".into()))
}

fn naga_msl(words: &[u32], stage: naga::ShaderStage) -> Opinion {
    let options = naga::front::spv::Options {
        adjust_coordinate_space: false,
        ..Default::default()
    };
    let bytes = tools::words_to_bytes(words);
    let module = match naga::front::spv::parse_u8_slice(&bytes, &options) {
        Ok(module) => module,
        Err(error) => return Opinion::CannotRead(error_chain(&error)),
    };
    let info = match naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    {
        Ok(info) => info,
        Err(error) => return Opinion::CannotRead(error_chain(error.as_inner())),
    };
    let entry_point = module
        .entry_points
        .iter()
        .find(|entry| entry.stage == stage)
        .map(|entry| entry.name.clone());
    let Some(entry_point) = entry_point else {
        return Opinion::CannotRead(format!("naga found no {stage:?} entry point"));
    };
    let options = naga::back::msl::Options {
        lang_version: (2, 1),
        fake_missing_bindings: true,
        ..Default::default()
    };
    let pipeline = naga::back::msl::PipelineOptions {
        entry_point: Some((stage, entry_point)),
        ..Default::default()
    };
    match naga::back::msl::write_string(&module, &info, &options, &pipeline) {
        Ok(_) => Opinion::Accepted,
        Err(error) => Opinion::Rejected(error_chain(&error)),
    }
}

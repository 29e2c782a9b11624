//! The Metal route, checked in process: naga's MSL writer says whether a module it can read
//! goes to MSL 2.1, and what MoltenVK lacks altogether is named from the module itself.
//! MoltenVK converts with SPIRV-Cross, which reads what naga cannot (glslang's combined
//! samplers, tessellation), so naga's "cannot read" blocks nothing; the tests hold
//! naga's verdicts against the SPIRV-Cross program, which no run time needs.

use std::fmt;

use crate::front::naga_glsl::error_chain;
use crate::quiet_panic::catch_quietly;
use crate::spirv::ops::{capability, execution_mode};
use crate::spirv::words_to_bytes;
use crate::spirv::ModuleIndex;
use crate::Stage;

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
    /// naga's MSL writer (MSL 2.1), in process: a rejection is decisive; a module naga
    /// cannot read is no evidence either way.
    pub naga: Opinion,
    /// naga's MSL, kept when the module can go to Metal and naga could write it.
    pub msl: Option<String>,
}

impl MetalCheck {
    /// Whether the shader can go to Metal through MoltenVK: nothing it lacks is used and
    /// naga did not refuse to write MSL.
    pub fn portable(&self) -> bool {
        self.gaps.is_empty() && !matches!(self.naga, Opinion::Rejected(_))
    }

    /// One line per reason the shader cannot go to Metal.
    pub fn problems(&self) -> Vec<String> {
        let mut problems: Vec<String> = self.gaps.iter().map(ToString::to_string).collect();
        if let Opinion::Rejected(reason) = &self.naga {
            problems.push(format!("naga cannot write MSL: {reason}"));
        }
        problems
    }
}

/// Checks a final (host-layout) module, in process.
pub(crate) fn check_metal(words: &[u32], index: &ModuleIndex, stage: Stage) -> MetalCheck {
    let gaps = moltenvk_gaps(index, stage);
    let (naga, msl) = naga_opinion(words, stage);
    let mut check = MetalCheck { gaps, naga, msl };
    if !check.portable() {
        check.msl = None;
    }
    check
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

/// naga's verdict, with its MSL when it wrote some.
fn naga_opinion(words: &[u32], stage: Stage) -> (Opinion, Option<String>) {
    let naga_stage = match stage {
        Stage::Vertex => naga::ShaderStage::Vertex,
        Stage::Fragment => naga::ShaderStage::Fragment,
        Stage::Compute => naga::ShaderStage::Compute,
        Stage::TessControl | Stage::TessEval | Stage::Geometry => {
            return (
                Opinion::CannotRead(format!("naga has no {stage} stage")),
                None,
            )
        }
    };
    // A second opinion must never take the translator down: a panic inside naga on an
    // unusual module becomes "cannot read", its message logged rather than printed.
    // Nothing is shared with the closure but the input slice, so no state is left
    // half-updated.
    // naga's SPIR-V reader warns once for each decoration it does not model, and the
    // translation puts `NoContraction` on every float add and multiply: its verdict is
    // what this check reports, so its own log lines are not passed on (a scoped
    // dispatcher that drops them, on this thread, for this call only).
    let verdict = tracing::dispatcher::with_default(&tracing::Dispatch::none(), || {
        catch_quietly(|| naga_msl(words, naga_stage))
    });
    match verdict {
        Ok(Ok(msl)) => (Opinion::Accepted, Some(msl)),
        Ok(Err(opinion)) => (opinion, None),
        Err(message) => {
            tracing::debug!(target: "shader_translate::metal", %message, "naga panicked in its MSL check");
            (
                Opinion::CannotRead(format!("naga panicked reading the module: {message}")),
                None,
            )
        }
    }
}

/// naga's MSL, or why there is none.
fn naga_msl(words: &[u32], stage: naga::ShaderStage) -> Result<String, Opinion> {
    let options = naga::front::spv::Options {
        adjust_coordinate_space: false,
        ..Default::default()
    };
    let bytes = words_to_bytes(words);
    let module = match naga::front::spv::parse_u8_slice(&bytes, &options) {
        Ok(module) => module,
        Err(error) => return Err(Opinion::CannotRead(error_chain(&error))),
    };
    let info = match naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    {
        Ok(info) => info,
        Err(error) => return Err(Opinion::CannotRead(error_chain(error.as_inner()))),
    };
    let entry_point = module
        .entry_points
        .iter()
        .find(|entry| entry.stage == stage)
        .map(|entry| entry.name.clone());
    let Some(entry_point) = entry_point else {
        return Err(Opinion::CannotRead(format!(
            "naga found no {stage:?} entry point"
        )));
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
    naga::back::msl::write_string(&module, &info, &options, &pipeline)
        .map(|(msl, _)| msl)
        .map_err(|error| Opinion::Rejected(error_chain(&error)))
}

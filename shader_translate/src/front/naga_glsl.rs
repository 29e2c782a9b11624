//! The renderer's own GLSL kernels to SPIR-V with naga (no combined samplers there).

use crate::front::position::pos_of_offset;
use crate::{Diagnostic, Diagnostics, SourcePos, Stage, TranslateError};

fn naga_stage(stage: Stage) -> Option<naga::ShaderStage> {
    match stage {
        Stage::Vertex => Some(naga::ShaderStage::Vertex),
        Stage::Fragment => Some(naga::ShaderStage::Fragment),
        Stage::Compute => Some(naga::ShaderStage::Compute),
        Stage::TessControl | Stage::TessEval | Stage::Geometry => None,
    }
}

/// An error and its causes, joined by ": ".
pub(crate) fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        cause = inner.source();
    }
    text
}

pub(crate) fn compile_kernel(
    name: &str,
    stage: Stage,
    source: &str,
) -> Result<Vec<u32>, TranslateError> {
    let diagnostic = |pos: Option<SourcePos>, message: String| Diagnostic {
        file: name.to_owned(),
        pos,
        message,
    };
    let naga_stage = naga_stage(stage).ok_or_else(|| {
        TranslateError::Unsupported(diagnostic(
            None,
            format!(
                "naga reads vertex, fragment and compute GLSL, not {stage}; use ShaderCode::Glsl"
            ),
        ))
    })?;
    let module = naga::front::glsl::Frontend::default()
        .parse(&naga::front::glsl::Options::from(naga_stage), source)
        .map_err(|errors| {
            TranslateError::Compile(Diagnostics(
                errors
                    .errors
                    .iter()
                    .map(|error| {
                        let pos = error
                            .location(source)
                            .map(|at| pos_of_offset(source, at.offset as usize));
                        diagnostic(pos, error.kind.to_string())
                    })
                    .collect(),
            ))
        })?;
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .map_err(|error| {
        let pos = error
            .location(source)
            .map(|at| pos_of_offset(source, at.offset as usize));
        TranslateError::Compile(Diagnostics(vec![diagnostic(
            pos,
            error_chain(error.as_inner()),
        )]))
    })?;
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        // GLSL already speaks Vulkan's coordinate space; no flip, no WebGPU depth clamp.
        flags: naga::back::spv::WriterFlags::LABEL_VARYINGS,
        ..Default::default()
    };
    let pipeline = naga::back::spv::PipelineOptions {
        shader_stage: naga_stage,
        entry_point: "main".into(),
    };
    naga::back::spv::write_vec(&module, &info, &options, Some(&pipeline)).map_err(|error| {
        TranslateError::Compile(Diagnostics(vec![diagnostic(
            None,
            format!("naga could not write SPIR-V: {}", error_chain(&error)),
        )]))
    })
}

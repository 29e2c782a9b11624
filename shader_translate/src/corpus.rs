//! The shader corpus under `tests/corpus/`: the kinds of shader the renderer needs
//! (textured and lit draws, a depth-only pass, a full-screen pass, game compute with
//! storage buffers and images, and a renderer kernel). The tests and
//! `hookshot bench shaders` both use it.

use crate::{ShaderCode, ShaderSource, Stage};

/// Which front end a corpus shader is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorpusFrontEnd {
    /// NVN-model GLSL (glslang).
    Glsl,
    /// A renderer kernel (naga).
    Kernel,
}

#[derive(Clone, Copy, Debug)]
pub struct CorpusShader {
    pub file: &'static str,
    pub stage: Stage,
    pub front_end: CorpusFrontEnd,
    pub text: &'static str,
}

impl CorpusShader {
    pub fn source(&self) -> ShaderSource {
        let text = self.text.to_owned();
        ShaderSource {
            name: self.file.to_owned(),
            stage: self.stage,
            code: match self.front_end {
                CorpusFrontEnd::Glsl => ShaderCode::Glsl(text),
                CorpusFrontEnd::Kernel => ShaderCode::KernelGlsl(text),
            },
        }
    }
}

macro_rules! corpus_shader {
    ($file:literal, $stage:ident, $front_end:ident) => {
        CorpusShader {
            file: $file,
            stage: Stage::$stage,
            front_end: CorpusFrontEnd::$front_end,
            text: include_str!(concat!("../tests/corpus/", $file)),
        }
    };
}

pub const CORPUS: &[CorpusShader] = &[
    corpus_shader!("textured_lit.vert", Vertex, Glsl),
    corpus_shader!("textured_lit.frag", Fragment, Glsl),
    corpus_shader!("depth_only.vert", Vertex, Glsl),
    corpus_shader!("depth_only.frag", Fragment, Glsl),
    corpus_shader!("fullscreen.vert", Vertex, Glsl),
    corpus_shader!("fullscreen.frag", Fragment, Glsl),
    corpus_shader!("particles.comp", Compute, Glsl),
    corpus_shader!("kernel_copy_rows.comp", Compute, Kernel),
];

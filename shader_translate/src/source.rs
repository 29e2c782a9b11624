//! A shader as the caller hands it over.

use crate::Stage;

/// Which front end reads the code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShaderCode {
    /// GLSL 4.50 in NVN's binding model (the game's shaders): glslang, through shaderc.
    Glsl(String),
    /// The renderer's own GLSL kernels (storage buffers, images, push constants; no
    /// combined samplers): naga's GLSL front end.
    KernelGlsl(String),
    /// A SPIR-V module in NVN's binding model: descriptor set 0, binding = NVN slot.
    Spirv(Vec<u32>),
}

impl ShaderCode {
    pub(crate) fn front_end_name(&self) -> &'static str {
        match self {
            ShaderCode::Glsl(_) => "glslang",
            ShaderCode::KernelGlsl(_) => "naga-glsl",
            ShaderCode::Spirv(_) => "spirv",
        }
    }

    /// The bytes the cache key hashes.
    pub(crate) fn key_bytes(&self) -> Vec<u8> {
        match self {
            ShaderCode::Glsl(text) | ShaderCode::KernelGlsl(text) => text.as_bytes().to_vec(),
            ShaderCode::Spirv(words) => words.iter().flat_map(|w| w.to_le_bytes()).collect(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShaderSource {
    /// Shown in diagnostics as `NAME:LINE:COLUMN`; usually the file's path.
    pub name: String,
    pub stage: Stage,
    pub code: ShaderCode,
}

//! Front ends: glslang for game GLSL, naga for the renderer's kernels.

pub(crate) mod gl_names;
pub(crate) mod glslang;
pub(crate) mod naga_glsl;
pub(crate) mod position;

//! Compiled Maxwell (Tegra X1, GM20B) shaders, as a shipped game hands them to NVN: the
//! DKSH container ([`dksh`]), the shader program header ([`sph`]) and the instruction
//! decoder ([`decode`]), put together and checked as a [`program::Program`].

pub mod attribute_kinds;
pub mod compiled_source;
pub mod corpus;
pub mod decode;
pub mod dksh;
pub mod geometry;
pub mod image_format;
pub mod ir;
pub mod pointer_code;
pub mod program;
pub mod slots;
pub mod sph;
pub mod spirv_out;
pub mod translate;

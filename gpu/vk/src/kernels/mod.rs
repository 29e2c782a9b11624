//! The backend's own compute kernels: the block-linear swizzle (`swz`, the write-back) and
//! deswizzle (`deswz`, the upload) with their parameters, the planning and recording of
//! whole write-backs and uploads in each variant, and the translator that builds them. The
//! GLSL sources sit beside this file.

pub mod kernel_translator;
pub mod swizzle_batch;
pub mod swizzle_job;
pub mod swizzle_kernel;
pub mod swizzle_params;
pub mod swizzle_record;

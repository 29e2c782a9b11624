//! Shaders to SPIR-V for the host: NVN-model GLSL (glslang, through the system shaderc),
//! the renderer's own kernels (naga) and SPIR-V modules go through one pipeline:
//!
//! 1. front end to SPIR-V 1.3 (Vulkan 1.1);
//! 2. every resource moved from its NVN slot to the host layout by [`host_binding`];
//! 3. [`validate_spirv`] (SPIRV-Tools in process), always; SPIRV-Tools' optimiser (in
//!    process, the passes of `spirv-opt -O`) then validation again when optimising;
//! 4. a [`Reflection`] record of the final module;
//! 5. the Metal route check ([`MetalCheck`]): naga's MSL writer, and what MoltenVK lacks
//!    by name (the tests hold naga's verdicts against SPIRV-Cross, MoltenVK's converter);
//!
//! with an on-disk cache around it all. No program is spawned. [`index_textures`] rewrites a translated module's
//! textures to bindless arrays for the executor's descriptor-indexing path. Nothing here
//! knows Vulkan.

mod alpha_test;
mod arrays;
mod binding;
mod bindless;
mod buffer_reference;
mod cache;
pub mod corpus;
mod error;
mod float64;
mod front;
pub mod limits;
mod lod_bias;
mod macro_cost;
pub mod maxwell;
mod metal;
mod multisampled_slots;
mod no_contraction;
mod optimise;
mod options;
mod point_size;
mod pool_lookup;
mod pool_table;
mod quiet_panic;
mod reflect;
mod remap;
mod resources;
mod source;
mod spirv;
mod stage;
mod subgroup;
#[cfg(test)]
mod tools;
mod translator;
mod validate;
mod view_swizzle;

pub use alpha_test::{write_alpha_test, AlphaCompare, AlphaTestError};
pub use arrays::{resource_arrays, ResourceArray};
pub use binding::{host_binding, nvn_slot, HostBinding, ResourceKind, HOST_SET_COUNT};
pub use bindless::{
    index_textures, pack_bindless_handle, IndexError, IndexedModule, BINDLESS_IMAGE_BINDING,
    BINDLESS_IMAGE_INDEX_BITS, BINDLESS_SAMPLER_BINDING, BINDLESS_SET, MAX_BINDLESS_HANDLES,
    MAX_BINDLESS_IMAGES, MAX_BINDLESS_SAMPLERS,
};
pub use cache::{platform_cache_dir, platform_config_dir, user_cache_dir, TRANSLATOR_VERSION};
pub use error::{Diagnostic, Diagnostics, SourcePos, TranslateError};
pub use float64::{float64_use, sample_rate_shading_use};
pub use lod_bias::{add_lod_bias, LodBiasError, SamplerBias};
pub use metal::{MetalCheck, MoltenVkGap, Opinion};
pub use multisampled_slots::multisampled_texture_slots;
pub use no_contraction::add_no_contraction;
pub use options::{CacheLocation, TranslateOptions};
pub use point_size::{write_point_size, PointSizeError};
pub use pool_table::{
    pool_table_entries, program_tag, uses_pool_table, PoolTableEntry, PoolTableFull,
    COMPILED_PROGRAM_TAG, MISS_RECORD_ADDRESS_B, MISS_RECORD_B, MISS_RECORD_COUNT_B,
    MISS_RECORD_PROGRAM_B, POOL_TABLE_COUNT_B, POOL_TABLE_DEPTH, POOL_TABLE_ENTRIES,
    POOL_TABLE_ENTRY_B, POOL_TABLE_HEADER_B, POOL_TABLE_HOST, POOL_TABLE_MISS_RECORD_B,
    POOL_TABLE_SIZE_B,
};
pub use reflect::{reflect_words, InterfaceVariable, PushConstants, Reflection, ResourceUse};
pub use source::{ShaderCode, ShaderSource};
pub use spirv::{words_from_bytes as spirv_words_from_bytes, ParseError as SpirvParseError};
pub use stage::{Stage, UnknownStage};
pub use subgroup::{subgroup_operation_name, subgroup_use, SubgroupUse, SUBGROUP_OPERATIONS};
pub use translator::{CacheOutcome, TranslatedShader, TranslationCounts, Translator};
pub use validate::{check_stage_module, validate_spirv, TARGET_ENV};
pub use view_swizzle::{
    apply_view_swizzle, ViewSwizzle, ViewSwizzleError, SWIZZLE_ONE, SWIZZLE_ZERO,
};

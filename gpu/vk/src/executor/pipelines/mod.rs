//! Pipelines and what they are made from: programs' pipeline layouts (`layout`), the
//! bindless table's set layout and shader modules (`bindless_layout`,
//! `bindless_shaders`), compute pipelines (`compute`), graphics pipelines keyed by the
//! tracked fixed-function state (`graphics`, `graphics_state`, `graphics_conv`), and the
//! pipelines of masked colour clears (`masked_clear`), shaders patched for what the
//! portability subset lacks (`patched_shaders`), the control stage of programs
//! tessellating with levels from state (`tessellation`), the stage libraries graphics
//! pipelines are linked from where the device offers them (`library`) and the optimised
//! links made from them in the background (`optimise`), and which programs can run
//! (`program_support`, asked when one is made), and vertex stages as the draw's attribute
//! formats need them (`vertex_variants`). It imports no other stage.

pub mod bindless_layout;
pub mod bindless_shaders;
pub mod compile_stats;
pub mod compute;
pub mod dynamic_changes;
pub mod dynamic_state;
pub mod graphics;
pub mod graphics_conv;
pub mod graphics_state;
pub mod layout;
pub mod library;
pub mod masked_clear;
pub mod optimise;
pub mod patched_shaders;
pub mod program_support;
pub mod tessellation;
pub mod vertex_variants;

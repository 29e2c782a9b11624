//! libhookshot: Hookshot's C ABI in NVN's shape (`include/hookshot.h`, made by cbindgen
//! from these files; `tests/header.rs` keeps it current).
//!
//! The caller allocates every object (`HS*`, 16 bytes holding a handle; all state lives
//! here, in `registry`), makes it from a plain builder struct (`hs*BuilderSetDefaults`,
//! setters, `hs*Initialize`) and ends it with `hs*Finalize`. Every entry point returns an
//! `HSresult`, catches panics (`guard`), and reports failures to `tracing` and the debug
//! callbacks (`report`). `hsGetProcAddress` gives every entry point by name.

// The safety contract of every entry point is the header's: object pointers point to the
// caller's 16-byte objects, arrays hold the counts given, strings end in NUL. Each
// function checks what can be checked (NULL, alignment, handles) and says so.
#![allow(clippy::missing_safety_doc)]
// C names: NVN's spelling, so a port's shim maps one to one.
#![allow(non_snake_case)]

mod address_commands;
mod addresses;
mod buffer;
mod builder;
mod clears;
mod color_state;
mod command_buffer;
mod command_slots;
mod commands;
mod counters;
mod debug_groups;
mod device;
mod formats;
mod guard;
mod multisample_state;
mod objects;
mod pipeline_stats;
mod pool;
mod present_interval;
mod proc_table;
mod program;
mod program_compiled;
mod queue;
mod registry;
mod render_state;
mod report;
mod resolves;
mod result;
mod sampler;
mod state;
mod state_defaults;
mod stats;
mod sync;
mod tessellation;
mod texture;
mod title;
mod transform_feedback;
mod version;
mod virtual_pool;
mod window;

pub use address_commands::*;
pub use addresses::*;
pub use buffer::*;
pub use clears::*;
pub use color_state::*;
pub use command_buffer::*;
pub use commands::*;
pub use counters::*;
pub use debug_groups::*;
pub use device::*;
pub use formats::*;
pub use multisample_state::*;
pub use objects::{
    HSBuffer, HSCommandBuffer, HSDevice, HSMemoryPool, HSProgram, HSQueue, HSSampler,
    HSSamplerPool, HSSync, HSTexture, HSTexturePool, HSWindow,
};
pub use pipeline_stats::*;
pub use pool::*;
pub use present_interval::*;
pub use proc_table::*;
pub use program::*;
pub use program_compiled::*;
pub use queue::*;
pub use render_state::*;
pub use report::{
    HSdebugCallback, HSdebugSeverity, HS_DEBUG_SEVERITY_ERROR, HS_DEBUG_SEVERITY_INFO,
    HS_DEBUG_SEVERITY_WARNING,
};
pub use resolves::*;
pub use result::*;
pub use sampler::*;
pub use state_defaults::*;
pub use stats::*;
pub use sync::*;
pub use tessellation::*;
pub use texture::*;
pub use title::*;
pub use transform_feedback::*;
pub use version::*;
pub use virtual_pool::*;
pub use window::*;

/// The Vulkan device behind `device`, for Rust code in the same process that shares it
/// (`hookshot bench draws --api c` runs its Rust-API contender on it, so both contenders
/// draw on one device). Not part of the C ABI; `None` for an object that is no live device.
pub fn vulkan_device_of(device: &HSDevice) -> Option<std::sync::Arc<gpu_vk::Device>> {
    use objects::CObject;
    let state = HSDevice::registry().get(device.opaque).ok()?;
    Some(std::sync::Arc::clone(&state.vk))
}

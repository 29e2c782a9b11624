//! Hookshot's Vulkan backend: the device on any Vulkan 1.3 driver, validation, and (in
//! their own files) the executor of NVN work.

pub mod adapter;
pub mod allocated_buffer;
pub mod budget;
pub mod capabilities;
pub mod conv;
pub mod conversion;
pub mod device;
pub mod error;
pub mod executor;
pub mod format_support;
pub mod gpu_timer;
pub mod host_image;
pub mod hud;
pub mod image_cache;
pub mod immediate;
pub mod instance;
pub mod kernel_translator;
pub mod loader;
pub mod pipeline_cache;
pub mod pool_buffer;
pub mod portability;
pub mod present_mode;
pub mod retire;
pub mod sample_counts;
pub mod shared_backend;
pub mod simulate;
pub mod staging;
pub mod swizzle_kernel;
pub mod swizzle_params;
pub mod timeline;
pub mod validation;
pub mod window_surface;
pub mod writeback;

pub use ash;
pub use capabilities::Capabilities;
pub use device::{Device, DeviceInfo};
pub use error::{VkError, VkResult};

//! Hookshot's Vulkan backend: the device on any Vulkan 1.3 driver (`bringup`), the GPU
//! memory it owns (`gpu_memory`), the executor of NVN work (`executor`), the image cache
//! over pool storage (`image_cache`), the GPU write-back (`writeback`) and its kernels
//! (`kernels`), and presentation (`present`).

pub mod bringup;
pub mod conv;
pub mod conversion;
pub mod error;
pub mod executor;
pub mod gpu_memory;
pub mod gpu_timer;
pub mod image_cache;
pub mod immediate;
pub mod kernels;
pub mod pipeline_cache;
pub mod present;
pub mod shared_backend;
pub mod writeback;

pub use ash;
pub use bringup::capabilities::Capabilities;
pub use bringup::device::{Device, DeviceInfo};
pub use error::{VkError, VkResult};

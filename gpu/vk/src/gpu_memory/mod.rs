//! GPU memory the backend owns: buffers over the game's pools and its own, staging arenas,
//! host images, the texture budget, and what is released once a timeline value has passed.

pub mod allocated_buffer;
pub mod budget;
pub mod host_image;
pub mod pool_buffer;
pub mod pool_usage;
pub mod retire;
pub mod sparse_buffer;
pub mod sparse_memory;
pub mod sparse_pool;
pub mod sparse_probe;
pub mod staging;
pub mod timeline;

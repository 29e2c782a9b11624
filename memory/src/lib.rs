//! Guest memory: pools with exact write stamps, Tegra texture storage layout, and the
//! block-linear swizzle on the CPU. Knows nothing of Vulkan.

pub mod format;
pub mod layout;
pub mod pool;
pub mod swizzle;
pub mod tracking;

pub use format::{Format, FormatAspect, FormatClass};
pub use layout::{LayoutDesc, LayoutError, LevelLayout, TextureKind, TextureLayout, Tiling};
pub use pool::{
    host_page_size_b, CpuAccess, GpuAccess, MemoryPool, PoolError, PoolFlags, WriteStamp,
};
pub use swizzle::{Region, SwizzleError};
pub use tracking::WriteTracking;

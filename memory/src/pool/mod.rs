//! Memory pools: NVN's flags, page-aligned storage, and exact write stamps per 4 KiB page.

mod error;
mod flags;
mod memory_pool;
mod stamp;
mod storage;
mod tracker;

pub use error::PoolError;
pub use flags::{CpuAccess, GpuAccess, PoolBacking, PoolFlags};
pub use memory_pool::MemoryPool;
pub use stamp::{pages_of, StampClock, WriteStamp, PAGE_SIZE_B};
pub use storage::host_page_size_b;
pub use tracker::{PageStamps, WriteTracker};

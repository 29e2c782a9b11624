//! The GPU swizzle write-back's decisions, as pure logic: which textures it covers
//! (`admission`), when a submission's pending regions are stored (`schedule`) and
//! which of them wait for quiet frames (`cadence`). The
//! recording of the stores themselves is `swizzle_kernel`.

pub mod admission;
pub mod cadence;
pub mod schedule;

pub use admission::{admit, Refusal};
pub use cadence::{LevelKey, StoreCadence, StoreWhen, QUIET_FRAMES};
pub use schedule::{PendingRegion, PendingWrites, Rect, WriteTarget};

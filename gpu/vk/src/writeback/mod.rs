//! The GPU swizzle write-back's decisions, as pure logic: which textures it covers
//! (`admission`) and when a submission's pending regions are stored (`schedule`). The
//! recording of the stores themselves is `swizzle_kernel`.

pub mod admission;
pub mod schedule;

pub use admission::{admit, Refusal};
pub use schedule::{PendingRegion, PendingWrites, Rect, WriteTarget};

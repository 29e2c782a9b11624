//! NVN semantics, backend-neutral: the object model, command recording and the
//! recording format. Nothing here knows Vulkan.
//!
//! A `Device` makes objects (pools, textures at (pool, offset), views, samplers,
//! descriptor tables, buffers, programs, syncs, windows) and command buffers; a command
//! buffer checks each command as it is recorded and finishes into a `CommandList`; the
//! `Queue` submits lists to a `Backend`. With a recording sink, everything that happens
//! is written in the format of `recording`.

#[macro_use]
mod coded;

pub mod address;
pub mod backend;
pub mod command;
pub mod device;
pub mod disk_caches;
pub mod error;
pub mod features;
pub mod format_features;
pub mod id_map;
pub mod ids;
pub mod logging;
pub mod module_limits;
pub mod objects;
pub mod portability;
pub mod queue;
pub mod recording;
pub mod state;
pub mod switches;
pub mod title;

#[cfg(test)]
mod test_backend;
#[cfg(test)]
mod tests;

/// The `memory` crate (pools, formats, layouts), under the name this crate uses.
pub use memory as mem;

pub use backend::{Backend, Submission};
pub use coded::{Coded, FlagSet};
pub use command::{Command, CommandBuffer, CommandList, Op};
pub use device::{Device, DeviceMaker};
pub use error::{BackendError, CopySide, ObjectError, QueueError, RecordError};
pub use features::DeviceFeatures;
pub use format_features::FormatFeatures;
pub use ids::*;
pub use module_limits::{ModuleLimits, PastDeviceLimit};
pub use portability::PortabilityFeatures;
pub use queue::Queue;

//! Device bring-up: the loader and instance, choosing an adapter, what the device can do
//! (capabilities, the portability subset, sample counts, format support, a simulated
//! profile), the validation layer, and the logical device made from all of them.

pub mod adapter;
pub mod capabilities;
pub mod device;
pub mod format_support;
pub mod instance;
pub mod loader;
pub mod module_limits;
pub mod pipeline_features;
pub mod portability;
pub mod sample_counts;
pub mod sample_locations;
pub mod simulate;
pub mod sparse;
pub mod validation;

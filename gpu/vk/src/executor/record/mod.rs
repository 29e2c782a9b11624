//! Recording Vulkan commands from prepared work (`prepared`): passes with dynamic
//! rendering and their clears (`passes`), draws and their repeats (`draw`), descriptor
//! sets written from resolved descriptors (`sets`), dispatches (`dispatch`), copies
//! (`copy`), barriers (`barrier`), the write-back and GPU uploads (`swizzle_jobs`) and
//! presents (`present`). It never imports `prepare`; the submission (`executor::submit`)
//! runs the two in turn.

pub mod barrier;
pub mod copy;
pub mod counters;
pub mod dispatch;
pub mod draw;
pub mod dynamic_state;
pub mod hud;
pub mod passes;
pub mod present;
pub mod sample_locations;
pub mod sets;
pub mod shape_moves;
pub mod swizzle_jobs;
pub mod texture_clear;
pub mod transform_feedback;

//! What the executor owns on the GPU across submissions: pools (`pools`), textures'
//! host images and how they get storage's contents (`textures`, `residency`, `upload`),
//! samplers (`samplers`), and frames in flight (`frames`) with each frame's descriptor
//! pools (`descriptors`), bindless tables (`bindless_table`), index arena
//! (`index_arena`) and what its command buffer holds bound (`bound_graphics`).

pub mod bindless_table;
pub mod bound_graphics;
pub mod counters;
pub mod descriptors;
pub mod device_mirrors;
pub mod frames;
pub mod free_list;
pub mod index_arena;
pub mod mirror_copies;
pub mod pointer_table;
pub mod pools;
pub mod reclaim_notes;
pub mod residency;
pub mod samplers;
pub mod textures;
pub mod upload;

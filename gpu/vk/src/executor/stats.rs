//! What the executor did, counted since it was made: for `hookshot` stats, benchmarks and
//! tests that check work was formed as intended. Diff two snapshots for one frame.

use crate::image_cache::CacheCounters;

pub use super::resources::free_list::FreeListCounters;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExecutorStats {
    pub submissions: u64,
    pub passes: u64,
    /// Passes the deferred pass merge moved into a later pass (`RX_VK_PASS_DEFER`).
    pub deferred_groups: u64,
    pub draws: u64,
    pub dispatches: u64,
    pub copies: u64,
    /// Clears recorded inside a pass (attachment clears and masked draws); clears folded
    /// into load ops are not counted.
    pub clears_in_pass: u64,
    pub barriers: u64,
    /// Images filled from storage (on the CPU or the GPU), and their linear bytes.
    pub uploads: u64,
    pub upload_bytes: u64,
    /// Of those, regions (one level and layer each) deswizzled by `deswz`, and their bytes.
    pub gpu_uploads: u64,
    pub gpu_upload_bytes: u64,
    pub zero_fills: u64,
    /// Regions the write-back (`swz`) stored into pool storage, and their texel bytes.
    pub write_back_regions: u64,
    pub write_back_bytes: u64,
    pub pipelines_created: u64,
    /// Graphics pipelines made and the time spent making them (`pipelines::compile_stats`).
    pub pipeline_compiles: crate::executor::pipelines::compile_stats::CompileCounters,
    /// Bindless texture tables the draws' textures went through (descriptor-indexing
    /// path): one a frame with bindless draws, more when one fills up.
    pub bindless_tables: u64,
    /// `vkQueueBindSparse` calls that changed virtual pool pages (the sparse path).
    pub sparse_binds: u64,
    /// Bytes uploaded into, and read back from, pool mirrors the CPU does not map
    /// (`resources::device_mirrors`: physical pools under NVIDIA's sparse buffers).
    pub mirror_upload_bytes: u64,
    pub mirror_readback_bytes: u64,
    /// The image cache's counters (gauges are the state now, the rest count).
    pub cache: CacheCounters,
    /// Render-target reclaim's free list (`RX_VK_RT_RECLAIM`): images parked, handed to
    /// new textures, released idle. Reclaimed images are `cache.reclaimed`.
    pub free_list: FreeListCounters,
    /// Memory now (gauges): host images; the executor's own buffers (staging, scratch
    /// rows, pool mirrors, read-backs); pool storage imported from the game's memory.
    pub image_memory_b: u64,
    pub buffer_memory_b: u64,
    pub imported_pool_b: u64,
    /// Raw pointer accesses in shaders that hit no live pool (read 0, write dropped),
    /// counted once their submission completed.
    pub raw_pointer_misses: u64,
    /// CPU time of submissions (under the backend's lock, one list at a time), in
    /// nanoseconds: the whole of each, and its preparing (`prepare`) and Vulkan
    /// recording (`record`) stages. What a second thread's submit waits behind.
    pub submit_ns: u64,
    pub prepare_ns: u64,
    pub record_ns: u64,
    /// Lists whose Vulkan recording of passes and draws (their body) was done by the
    /// submitting thread without the backend's lock (`split_submit`), and the CPU time of
    /// those bodies over all threads, in nanoseconds (not in `submit_ns`).
    pub split_submissions: u64,
    pub body_ns: u64,
    /// The last miss reported: one missed address and the program that missed there.
    pub last_raw_pointer_miss: Option<RawPointerMiss>,
}

/// A raw pointer access that hit no live pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawPointerMiss {
    pub address: u64,
    /// The program's tag (`shader_translate::program_tag` of its source;
    /// `COMPILED_PROGRAM_TAG` for compiled Maxwell code).
    pub program_tag: u32,
}

/// (host images, the executor's other allocations) in bytes, from the allocator's report.
pub(super) fn allocated_b(device: &crate::bringup::device::Device) -> (u64, u64) {
    let report = device.allocator.lock().generate_report();
    report
        .allocations
        .iter()
        .fold((0, 0), |(images_b, buffers_b), allocation| {
            if allocation.name == IMAGE_ALLOCATION_NAME {
                (images_b + allocation.size, buffers_b)
            } else {
                (images_b, buffers_b + allocation.size)
            }
        })
}

/// The allocation name host images are made with.
pub(super) const IMAGE_ALLOCATION_NAME: &str = "texture";

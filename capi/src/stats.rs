//! `hsDeviceGetStats`: the figures the HUD shows (`RX_VK_HUD`), for a game that shows
//! its own: frame time and rate, what the last frame compiled, wrote back and trapped,
//! and memory against the texture budget, and the shaders translated or taken from the
//! shader cache. A frame is the work between two presents.

use gpu_vk::executor::gpu_frame_time::GpuFrameTime;

use crate::guard::entry;
use crate::objects::{resolve, HSDevice};
use crate::result::HSresult;

/// The device's figures now (`hsDeviceGetStats`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HSDeviceStats {
    /// Presents so far.
    pub frames: u64,
    /// The last frame's CPU time (present to present) in milliseconds; 0 before the
    /// second present.
    pub frame_time_ms: f32,
    /// Frames a second over the last 120 frames.
    pub frames_per_second: f32,
    /// Pipelines compiled during the last frame: a stutter shows here.
    pub pipelines_last_frame: u64,
    pub pipelines_total: u64,
    /// Regions of GPU-drawn textures written back into pool storage during the last frame.
    pub write_back_regions_last_frame: u64,
    /// CPU writes to pool memory seen by page protection during the last frame.
    pub traps_last_frame: u64,
    /// Host images and Hookshot's own buffers, in bytes.
    pub image_memory_b: u64,
    pub buffer_memory_b: u64,
    /// The image cache: bytes in use and the budget they are kept under.
    pub texture_in_use_b: u64,
    pub texture_budget_b: u64,
    /// Images the cache holds, and those it has evicted so far.
    pub cached_images: u64,
    pub evictions: u64,
    /// Raw pointer accesses in shaders that hit no live pool so far (each read 0 or had
    /// its write dropped), counted once their submission completed.
    pub raw_pointer_misses: u64,
    /// Whether `gpu_frame_time_ms` holds a figure: `HS_GPU_TIME_MEASURED`, or
    /// `HS_GPU_TIME_PENDING` (no frame measured yet) or `HS_GPU_TIME_NO_TIMESTAMPS` (the
    /// queue writes no timestamps: GPU time is never measured).
    pub gpu_time_state: HSgpuTimeState,
    /// The GPU time of the latest measured frame (its submissions' commands, idle gaps
    /// left out) in milliseconds; it lags the presents by a frame or two, its timestamps
    /// being read without waiting. 0 unless `gpu_time_state` is `HS_GPU_TIME_MEASURED`.
    pub gpu_frame_time_ms: f32,
    /// The present (1-based, as `frames` counts) that ended the frame measured.
    pub gpu_time_frame: u64,
    /// The last raw pointer miss reported: one missed address (0 before any miss) and
    /// the tag of the shader that missed there (`hsProgramGetMissTag`).
    pub last_raw_pointer_miss_address: u64,
    pub last_raw_pointer_miss_program: u32,
    /// Shader modules the device translated since it was made (programs set from GLSL,
    /// SPIR-V or compiled Maxwell code; a compiled geometry program counts one a
    /// primitive class): a translation is a stutter a warm shader cache saves.
    pub shaders_translated_total: u64,
    /// Shader modules taken whole from the shader cache since the device was made (a
    /// title warmed with `hookshot warm` takes every one from there).
    pub shader_cache_hits_total: u64,
    /// CPU time of the submissions so far, in nanoseconds: in all, and of it preparing
    /// the lists and recording their Vulkan commands. This part is translated one list at
    /// a time, so it is what a second thread's submit waits behind (docs/threads.md).
    pub submit_ns: u64,
    pub submit_prepare_ns: u64,
    pub submit_record_ns: u64,
    /// Lists whose passes and draws the submitting thread recorded into Vulkan commands
    /// without the lock, and the CPU time of that recording over all threads, in
    /// nanoseconds (not in `submit_ns`).
    pub submit_split_lists: u64,
    pub submit_body_ns: u64,
}

/// Whether a frame's GPU time was measured (`HSDeviceStats::gpu_time_state`).
pub type HSgpuTimeState = u32;
pub const HS_GPU_TIME_PENDING: HSgpuTimeState = 0;
pub const HS_GPU_TIME_MEASURED: HSgpuTimeState = 1;
pub const HS_GPU_TIME_NO_TIMESTAMPS: HSgpuTimeState = 2;

/// Fills `stats` with the device's figures now.
#[no_mangle]
pub unsafe extern "C" fn hsDeviceGetStats(
    device: *const HSDevice,
    stats: *mut HSDeviceStats,
) -> HSresult {
    entry("hsDeviceGetStats", || {
        crate::builder::check_out(stats, "stats")?;
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(device, "device") }?;
        let (figures, executor) = {
            let backend = state.backend.lock();
            (backend.hud_figures(), backend.stats())
        };
        let shaders = state.translator.lock().counts();
        let frames = &figures.frames;
        let (gpu_time_state, gpu_frame_time_ms, gpu_time_frame) = match frames.gpu {
            GpuFrameTime::Measured { ms, frame } => (HS_GPU_TIME_MEASURED, ms, frame),
            GpuFrameTime::Pending => (HS_GPU_TIME_PENDING, 0.0, 0),
            GpuFrameTime::NoTimestamps => (HS_GPU_TIME_NO_TIMESTAMPS, 0.0, 0),
        };
        let stats_now = HSDeviceStats {
            frames: frames.frames,
            frame_time_ms: frames.frame_ms,
            frames_per_second: frames.fps,
            pipelines_last_frame: frames.last_frame.pipelines,
            pipelines_total: frames.total.pipelines,
            write_back_regions_last_frame: frames.last_frame.write_back_regions,
            traps_last_frame: frames.last_frame.traps,
            image_memory_b: figures.image_memory_b,
            buffer_memory_b: figures.buffer_memory_b,
            texture_in_use_b: figures.texture_in_use_b,
            texture_budget_b: figures.texture_budget_b,
            cached_images: figures.cached_images,
            evictions: figures.evictions,
            raw_pointer_misses: executor.raw_pointer_misses,
            gpu_time_state,
            gpu_frame_time_ms,
            gpu_time_frame,
            last_raw_pointer_miss_address: executor
                .last_raw_pointer_miss
                .map_or(0, |miss| miss.address),
            last_raw_pointer_miss_program: executor
                .last_raw_pointer_miss
                .map_or(0, |miss| miss.program_tag),
            shaders_translated_total: shaders.translated,
            shader_cache_hits_total: shaders.cache_hits,
            submit_ns: executor.submit_ns,
            submit_prepare_ns: executor.prepare_ns,
            submit_record_ns: executor.record_ns,
            submit_split_lists: executor.split_submissions,
            submit_body_ns: executor.body_ns,
        };
        // SAFETY: checked by out_value.
        unsafe { crate::builder::out_value(stats, "stats", stats_now) }
    })
}

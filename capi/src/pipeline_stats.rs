//! `hsDeviceGetPipelineStats`: what making graphics pipelines cost, in total and in the
//! last frame (a frame is the work between two presents): the pipelines made and the
//! time the submitting thread spent on them, which a frame waits for; how many were
//! fast-linked from stage libraries, and how many optimised ones replaced them.

use crate::guard::entry;
use crate::objects::{resolve, HSDevice};
use crate::result::HSresult;

/// Graphics pipeline compiles (`hsDeviceGetPipelineStats`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HSPipelineStats {
    /// Graphics pipelines made during the last frame, and the nanoseconds spent on them.
    pub graphics_last_frame: u64,
    pub compile_ns_last_frame: u64,
    /// The same since the device was made.
    pub graphics_total: u64,
    pub compile_ns_total: u64,
    /// Frames that waited on at least one compile, and the longest time one frame spent
    /// compiling, in nanoseconds.
    pub frames_waited: u64,
    pub worst_frame_compile_ns: u64,
    /// Of `graphics_total`, the pipelines linked from stage libraries without
    /// optimisation (where the device offers `VK_EXT_graphics_pipeline_library`; 0
    /// elsewhere or under `RX_VK_PIPELINE_LIBRARY=0`).
    pub fast_linked_total: u64,
    /// Optimised pipelines linked in the background and put in place of fast-linked
    /// ones since the device was made (no frame waits for them).
    pub optimised_total: u64,
}

/// Fills `stats` with the device's pipeline compile figures now.
#[no_mangle]
pub unsafe extern "C" fn hsDeviceGetPipelineStats(
    device: *const HSDevice,
    stats: *mut HSPipelineStats,
) -> HSresult {
    entry("hsDeviceGetPipelineStats", || {
        crate::builder::check_out(stats, "stats")?;
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(device, "device") }?;
        let figures = state.backend.lock().pipeline_stats();
        let stats_now = HSPipelineStats {
            graphics_last_frame: figures.last_frame.graphics_made,
            compile_ns_last_frame: figures.last_frame.graphics_compile_ns,
            graphics_total: figures.total.graphics_made,
            compile_ns_total: figures.total.graphics_compile_ns,
            frames_waited: figures.frames_waited,
            worst_frame_compile_ns: figures.worst_frame_compile_ns,
            fast_linked_total: figures.total.graphics_fast_linked,
            optimised_total: figures.total.graphics_optimised,
        };
        // SAFETY: checked by out_value.
        unsafe { crate::builder::out_value(stats, "stats", stats_now) }
    })
}

//! Syncs: fences the queue or a command buffer signals, waited for on the CPU (with a
//! timeout) or by later GPU work.

use std::time::Duration;

use gpu::objects::SyncWait;

use crate::builder::out_value;
use crate::guard::entry;
use crate::objects::{finalize_object, initialize_from_device, resolve, HSDevice, HSSync};
use crate::result::HSresult;
use crate::state::{DeviceRef, SyncState};

pub type HSsyncCondition = u32;
pub const HS_SYNC_CONDITION_ALL_GPU_COMMANDS_COMPLETE: HSsyncCondition = 0;
pub const HS_SYNC_CONDITION_GRAPHICS_WORLD_SPACE_COMPLETE: HSsyncCondition = 1;

pub type HSsyncWaitResult = u32;
/// The sync's last signal came within the timeout.
pub const HS_SYNC_WAIT_RESULT_CONDITION_SATISFIED: HSsyncWaitResult = 1;
pub const HS_SYNC_WAIT_RESULT_TIMEOUT_EXPIRED: HSsyncWaitResult = 2;
/// Nothing was ever fenced on the sync: there is nothing to wait for.
pub const HS_SYNC_WAIT_RESULT_NEVER_SIGNALED: HSsyncWaitResult = 3;

#[no_mangle]
pub unsafe extern "C" fn hsSyncInitialize(sync: *mut HSSync, device: *const HSDevice) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        initialize_from_device("hsSyncInitialize", sync, device, "sync", |device| {
            Ok(SyncState {
                id: device.gpu.create_sync()?,
                device: DeviceRef::new(device),
            })
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsSyncFinalize(sync: *mut HSSync) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { finalize_object("hsSyncFinalize", sync, "sync") }
}

/// Waits on the CPU, up to `timeout_ns`, for the last signal fenced on `sync`.
#[no_mangle]
pub unsafe extern "C" fn hsSyncWait(
    sync: *const HSSync,
    timeout_ns: u64,
    result: *mut HSsyncWaitResult,
) -> HSresult {
    entry("hsSyncWait", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(sync, "sync") }?;
        crate::builder::check_out(result, "result")?;
        let outcome = state
            .device
            .gpu
            .wait_sync(state.id, Duration::from_nanos(timeout_ns))?;
        let value = match outcome {
            SyncWait::Signaled => HS_SYNC_WAIT_RESULT_CONDITION_SATISFIED,
            SyncWait::TimedOut => HS_SYNC_WAIT_RESULT_TIMEOUT_EXPIRED,
            SyncWait::NeverSignaled => HS_SYNC_WAIT_RESULT_NEVER_SIGNALED,
        };
        unsafe { out_value(result, "result", value) }
    })
}

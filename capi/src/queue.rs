//! The queue: submit command handles, flush, finish, fence and wait on syncs, present.
//! One thread submits at a time (NVN's rule); several may record meanwhile.

use crate::builder::{check_array, coded};
use crate::command_buffer::HScommandHandle;
use crate::guard::entry;
use crate::objects::{
    initialize_from_device, resolve, retire, HSDevice, HSQueue, HSSync, HSWindow,
};
use crate::result::{CapiError, HSresult};
use crate::state::{DeviceRef, QueueState};

/// The most command handles one submit takes (a frame submits a handful).
const MAX_SUBMIT_LISTS: usize = 1 << 16;
use crate::sync::HSsyncCondition;

#[no_mangle]
pub unsafe extern "C" fn hsQueueInitialize(
    queue: *mut HSQueue,
    device: *const HSDevice,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        initialize_from_device("hsQueueInitialize", queue, device, "queue", |device| {
            Ok(QueueState {
                device: DeviceRef::new(device),
            })
        })
    }
}

#[no_mangle]
pub unsafe extern "C" fn hsQueueFinalize(queue: *mut HSQueue) -> HSresult {
    entry("hsQueueFinalize", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { retire(queue, "queue") }?;
        state.device.gpu.queue().finish()?;
        Ok(())
    })
}

/// Submits `count` command handles in order. A handle that is not this device's (or was
/// released) fails the call before anything is submitted.
#[no_mangle]
pub unsafe extern "C" fn hsQueueSubmitCommands(
    queue: *const HSQueue,
    count: u32,
    handles: *const HScommandHandle,
) -> HSresult {
    entry("hsQueueSubmitCommands", || {
        // SAFETY: the header's contract for objects and arrays.
        let state = unsafe { resolve(queue, "queue") }?;
        let handles = unsafe { check_array(handles, count, MAX_SUBMIT_LISTS, "handles") }?;
        let lists = {
            let known = state.device.lists.read();
            handles
                .iter()
                .map(|handle| {
                    known.get(handle).cloned().ok_or_else(|| {
                        CapiError::InvalidObject(format!(
                            "command handle {handle} is not one of this device's (released, or never ended)"
                        ))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?
        };
        let queue = state.device.gpu.queue();
        for list in lists {
            queue.submit(&list)?;
        }
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsQueueFlush(queue: *const HSQueue) -> HSresult {
    entry("hsQueueFlush", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(queue, "queue") }?;
        state.device.gpu.queue().flush()?;
        Ok(())
    })
}

/// Waits until everything submitted is done.
#[no_mangle]
pub unsafe extern "C" fn hsQueueFinish(queue: *const HSQueue) -> HSresult {
    entry("hsQueueFinish", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(queue, "queue") }?;
        state.device.gpu.queue().finish()?;
        Ok(())
    })
}

/// Signals `sync` once all work submitted before reaches `condition`.
#[no_mangle]
pub unsafe extern "C" fn hsQueueFenceSync(
    queue: *const HSQueue,
    sync: *const HSSync,
    condition: HSsyncCondition,
) -> HSresult {
    entry("hsQueueFenceSync", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(queue, "queue") }?;
        let sync = unsafe { resolve(sync, "sync") }?;
        state.device.check_same(&sync.device, "the sync")?;
        state
            .device
            .gpu
            .queue()
            .fence_sync(sync.id, coded(condition, "condition")?)?;
        Ok(())
    })
}

/// Makes later GPU work wait for the last signal fenced on `sync`.
#[no_mangle]
pub unsafe extern "C" fn hsQueueWaitSync(queue: *const HSQueue, sync: *const HSSync) -> HSresult {
    entry("hsQueueWaitSync", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(queue, "queue") }?;
        let sync = unsafe { resolve(sync, "sync") }?;
        state.device.check_same(&sync.device, "the sync")?;
        state.device.gpu.queue().wait_sync(sync.id)?;
        Ok(())
    })
}

/// Presents texture `index` of `window` (the index `hsWindowAcquireTexture` gave).
#[no_mangle]
pub unsafe extern "C" fn hsQueuePresentTexture(
    queue: *const HSQueue,
    window: *const HSWindow,
    index: u32,
) -> HSresult {
    entry("hsQueuePresentTexture", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(queue, "queue") }?;
        let window = unsafe { resolve(window, "window") }?;
        state.device.check_same(&window.device, "the window")?;
        state.device.gpu.queue().present(window.id, index)?;
        Ok(())
    })
}

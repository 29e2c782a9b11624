//! Command buffers: initialize, begin, end to a command handle, clear, finalize. Each
//! command buffer records on one thread at a time; several command buffers record on
//! several threads at once (each holds its own lock, none the device's for long).
//!
//! A `gpu::CommandBuffer` borrows its device; here the device lives behind the `Arc` in
//! the command buffer's `DeviceRef`, which outlives the borrow (see `begin`), and
//! `hsDeviceFinalize` refuses while any command buffer lives.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::builder::out_value;
use crate::guard::entry;
use crate::objects::{initialize_from_device, resolve, retire, HSCommandBuffer, HSDevice};
use crate::result::{CapiError, CapiResult, HSresult};
use crate::state::{CommandBufferState, DeviceRef, DeviceState, Recording};

/// A finished command list, for `hsQueueSubmitCommands`.
pub type HScommandHandle = u64;

/// Command handles are unique in the process, so another device's handle is told apart.
static NEXT_COMMAND_HANDLE: AtomicU64 = AtomicU64::new(1);

#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferInitialize(
    command_buffer: *mut HSCommandBuffer,
    device: *const HSDevice,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        initialize_from_device(
            "hsCommandBufferInitialize",
            command_buffer,
            device,
            "command buffer",
            |device| {
                Ok(CommandBufferState {
                    recording: parking_lot::Mutex::new(Recording {
                        buffer: None,
                        last: None,
                        handles: Vec::new(),
                        texture_pool: None,
                        sampler_pool: None,
                    }),
                    device: DeviceRef::new(device),
                })
            },
        )
    }
}

/// Releases the command handles `recording` made.
fn release_handles(device: &DeviceState, recording: &mut Recording) {
    let mut lists = device.lists.write();
    for handle in recording.handles.drain(..) {
        lists.remove(&handle);
    }
}

/// Ends the command buffer (a recording in progress is dropped) and releases its handles.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferFinalize(command_buffer: *mut HSCommandBuffer) -> HSresult {
    entry("hsCommandBufferFinalize", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { retire(command_buffer, "command buffer") }?;
        let mut recording = state.recording.lock();
        recording.buffer = None;
        release_handles(&state.device, &mut recording);
        Ok(())
    })
}

/// Starts recording. What the list this command buffer ended last left bound stays bound.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBeginRecording(
    command_buffer: *const HSCommandBuffer,
) -> HSresult {
    entry("hsCommandBufferBeginRecording", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(command_buffer, "command buffer") }?;
        let mut recording = state.recording.lock();
        if recording.buffer.is_some() {
            return Err(CapiError::Busy(
                "the command buffer is recording already (end it first)".into(),
            ));
        }
        // SAFETY: the device lives in the Arc `state.device` holds, which does not move
        // and is dropped only after `state.recording` (declared before it), so the borrow
        // never outlives the device.
        let device: &'static gpu::Device = unsafe { &*std::ptr::from_ref(&state.device.gpu) };
        recording.buffer = Some(match &recording.last {
            Some(last) => device.command_buffer_after(last),
            None => device.command_buffer(),
        });
        Ok(())
    })
}

/// Ends recording: the commands become a list, named by the handle written to `handle`.
/// The handle stays good until `hsCommandBufferClearCommands` or the finalize.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferEndRecording(
    command_buffer: *const HSCommandBuffer,
    handle: *mut HScommandHandle,
) -> HSresult {
    entry("hsCommandBufferEndRecording", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(command_buffer, "command buffer") }?;
        crate::builder::check_out(handle, "handle")?;
        let mut recording = state.recording.lock();
        let buffer = recording
            .buffer
            .take()
            .ok_or_else(|| CapiError::Refused("the command buffer is not recording".into()))?;
        let list = Arc::new(buffer.finish());
        let value = NEXT_COMMAND_HANDLE.fetch_add(1, Ordering::Relaxed);
        state.device.lists.write().insert(value, Arc::clone(&list));
        recording.handles.push(value);
        recording.last = Some(list);
        // SAFETY: checked above.
        unsafe { out_value(handle, "handle", value) }
    })
}

/// Releases every command handle this command buffer ended (as resetting NVN's command
/// memory does); submitting one afterwards fails.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearCommands(
    command_buffer: *const HSCommandBuffer,
) -> HSresult {
    entry("hsCommandBufferClearCommands", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(command_buffer, "command buffer") }?;
        let mut recording = state.recording.lock();
        release_handles(&state.device, &mut recording);
        Ok(())
    })
}

/// Runs `record` on the command buffer's recording: the frame of every command.
///
/// # Safety
/// The header's contract for objects.
#[inline]
pub(crate) unsafe fn with_recording(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    record: impl FnOnce(&DeviceState, &mut Recording) -> CapiResult<()>,
) -> HSresult {
    entry(function, || {
        // SAFETY: passed on from the caller.
        let state = unsafe { resolve(command_buffer, "command buffer") }?;
        let mut recording = state.recording.lock();
        if recording.buffer.is_none() {
            return Err(CapiError::Refused(
                "the command buffer is not recording (hsCommandBufferBeginRecording)".into(),
            ));
        }
        record(&state.device, &mut recording)
    })
}

impl Recording {
    /// The buffer being recorded (checked by `with_recording`).
    pub fn buffer(&mut self) -> &mut gpu::CommandBuffer<'static> {
        self.buffer.as_mut().expect("with_recording checks it")
    }
}

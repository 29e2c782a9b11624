//! Command buffers: initialize, begin, end to a command handle, clear, finalize. Each
//! command buffer records on one thread at a time; several command buffers record on
//! several threads at once (each has its own slot and lock, `command_slots`).
//!
//! A `gpu::CommandBuffer` borrows its device; here the device lives behind the `Arc` in
//! the command buffer's `DeviceRef`, which outlives the borrow (see `begin`), and
//! `hsDeviceFinalize` refuses while any command buffer lives.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use std::panic::{catch_unwind, AssertUnwindSafe};

use gpu::command::{BufferBinding, DrawArrays};
use gpu::objects::{BufferRange, Stage, TextureHandle};
use gpu::state::{Scissor, StateChange, Viewport};
use gpu::BufferId;

use crate::builder::out_value;
use crate::command_slots;
use crate::guard::{command_entry, entry, report_command_panic};
use crate::objects::{resolve, CObject, HSBuffer, HSCommandBuffer, HSDevice};
use crate::registry::{peek_words, read_words, write_words, Words};
use crate::report;
use crate::result::{CapiError, CapiResult, HSresult, HS_SUCCESS};
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
    entry("hsCommandBufferInitialize", || {
        // SAFETY: the header's contract for objects.
        let device = unsafe { resolve(device, "device") }?;
        let words = unsafe { read_words(command_buffer.cast_const(), "command buffer") }?;
        if command_slots::is_live(words) {
            return Err(CapiError::Busy(
                "command buffer is a live command buffer: finalize it before initializing it again"
                    .into(),
            ));
        }
        let words = command_slots::insert(CommandBufferState {
            recording: Recording {
                buffer: None,
                last: None,
                handles: Vec::new(),
                last_buffer: None,
                last_pool: None,
            },
            device: DeviceRef::new(&device),
        })?;
        // SAFETY: read above, so 16 bytes the caller owns.
        unsafe { write_words(command_buffer, words) };
        Ok(())
    })
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
        let words = unsafe { read_words(command_buffer.cast_const(), "command buffer") }?;
        let mut state = command_slots::remove(words).map_err(named)?;
        report::note_device(state.device.key);
        // SAFETY: read above, so 16 bytes the caller owns.
        unsafe { write_words(command_buffer, [0, 0]) };
        state.recording.buffer = None;
        release_handles(&state.device, &mut state.recording);
        Ok(())
    })
}

/// Puts the argument's name before a lookup's message.
#[cold]
fn named(error: CapiError) -> CapiError {
    match error {
        CapiError::InvalidObject(message) => {
            CapiError::InvalidObject(format!("command buffer: {message}"))
        }
        other => other,
    }
}

/// Runs `body` on the command buffer's state, held by this thread (`command_slots`).
///
/// # Safety
/// The header's contract for objects.
#[inline]
unsafe fn with_state(
    command_buffer: *const HSCommandBuffer,
    body: impl FnOnce(&mut command_slots::Held) -> CapiResult<()>,
) -> CapiResult<()> {
    // SAFETY: passed on from the caller.
    let words = unsafe { read_words(command_buffer, "command buffer") }?;
    let mut held = command_slots::claim(words).map_err(named)?;
    // Noted only for a failure's callbacks: a command that succeeds writes nothing more.
    let key = held.state().device.key;
    body(&mut held).inspect_err(|_| report::note_device(key))
}

/// Starts recording. What the list this command buffer ended last left bound stays bound.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBeginRecording(
    command_buffer: *const HSCommandBuffer,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    entry("hsCommandBufferBeginRecording", || unsafe {
        with_state(command_buffer, |held| {
            let state = held.state();
            let recording = &mut state.recording;
            if recording.buffer.is_some() {
                return Err(CapiError::Busy(
                    "the command buffer is recording already (end it first)".into(),
                ));
            }
            // SAFETY: the device lives in the Arc `state.device` holds, which does not
            // move and is dropped only after `state.recording` (declared before it), so
            // the borrow never outlives the device.
            let device: &'static gpu::Device = &*std::ptr::from_ref(&state.device.gpu);
            recording.buffer = Some(match &recording.last {
                Some(last) => device.command_buffer_after(last),
                None => device.command_buffer(),
            });
            Ok(())
        })
    })
}

/// Ends recording: the commands become a list, named by the handle written to `handle`.
/// Refused (`HS_ERROR_REFUSED`, still recording) while debug groups are open.
/// The handle stays good until `hsCommandBufferClearCommands` or the finalize.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferEndRecording(
    command_buffer: *const HSCommandBuffer,
    handle: *mut HScommandHandle,
) -> HSresult {
    // SAFETY: the header's contract for objects and out-parameters.
    entry("hsCommandBufferEndRecording", || unsafe {
        crate::builder::check_out(handle, "handle")?;
        with_state(command_buffer, |held| {
            let recording = &held.state().recording;
            let open = recording
                .buffer
                .as_ref()
                .map_or(0, |b| b.debug_groups_open());
            if open > 0 {
                return Err(CapiError::Refused(format!(
                    "{open} debug groups are open: pop them before ending (the recording goes on)"
                )));
            }
            // The recording ends here, so its thread gives the command buffer back.
            held.give_back();
            let state = held.state();
            let recording = &mut state.recording;
            let buffer = recording
                .buffer
                .take()
                .ok_or_else(|| CapiError::Refused("the command buffer is not recording".into()))?;
            let list = Arc::new(buffer.finish());
            let value = NEXT_COMMAND_HANDLE.fetch_add(1, Ordering::Relaxed);
            state.device.lists.write().insert(value, Arc::clone(&list));
            recording.handles.push(value);
            recording.last = Some(list);
            out_value(handle, "handle", value)
        })
    })
}

/// Releases every command handle this command buffer ended (as resetting NVN's command
/// memory does); submitting one afterwards fails.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearCommands(
    command_buffer: *const HSCommandBuffer,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    entry("hsCommandBufferClearCommands", || unsafe {
        with_state(command_buffer, |held| {
            let state = held.state();
            release_handles(&state.device, &mut state.recording);
            Ok(())
        })
    })
}

/// A command's short way, taken in line by its entry point with no frame of its own:
/// `record` on the recording this thread keeps for `command_buffer`
/// (`command_slots::kept_here`). `Some(HS_SUCCESS)` when `record` recorded the command;
/// `None` when this thread keeps no recording for it or `record` declined, having
/// recorded nothing, and the entry point then takes its full way (`with_recording`),
/// which checks everything again and says what is wrong.
///
/// `record` builds no failure and calls nothing out of line (the binds and draws take
/// `gpu`'s short ways, `try_bind_buffer`, `try_bind_texture` and `try_draw`; a state
/// change's checks, `try_set_state`, may call out); so the entry point is a leaf
/// that ends in a jump to its full way, and the panic guard costs nothing. A panic is
/// caught all the same.
///
/// # Safety
/// The header's contract for objects.
#[inline(always)]
pub(crate) unsafe fn short_way(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    record: impl FnOnce(&mut Recording) -> bool,
) -> Option<HSresult> {
    // SAFETY: passed on from the caller; `record` does not call Hookshot.
    let state = unsafe { command_slots::kept_here(command_buffer) }?;
    match catch_unwind(AssertUnwindSafe(|| record(&mut state.recording))) {
        Ok(true) => Some(HS_SUCCESS),
        Ok(false) => None,
        Err(panic) => Some(report_command_panic(function, state.device.key, panic)),
    }
}

/// Runs `record` on the command buffer's recording: the frame of every command. A
/// recording's commands after its first find the command buffer kept for this thread
/// (`command_slots::kept_here`), and a command that succeeds writes nothing but its own
/// recording.
///
/// `record` is called from one place, so it is inlined into the entry point whatever
/// its size (called from two, the fast way and the full way, it was kept out of line, a
/// call and a spill of every argument a command); the full way is `claim_recording`,
/// out of line and the same for every command. The bodies are `move` closures: their
/// arguments travel in them by value, not through the stack.
///
/// # Safety
/// The header's contract for objects.
#[inline(always)]
pub(crate) unsafe fn with_recording<F>(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    record: F,
) -> HSresult
where
    F: FnOnce(&DeviceState, &mut Recording) -> CapiResult<()>,
{
    // SAFETY: passed on from the caller; `record` does not call Hookshot.
    let state = match unsafe { command_slots::kept_here(command_buffer) } {
        Some(state) if state.recording.buffer.is_some() => state,
        // SAFETY: passed on from the caller.
        _ => match unsafe { claim_recording(function, command_buffer) } {
            Ok(state) => state,
            Err(code) => return code,
        },
    };
    record_in(function, state, record)
}

/// `record` on `state`, inside the panic guard; a failure goes to the callbacks of the
/// command buffer's device.
#[inline(always)]
fn record_in<F>(function: &'static str, state: &mut CommandBufferState, record: F) -> HSresult
where
    F: FnOnce(&DeviceState, &mut Recording) -> CapiResult<()>,
{
    command_entry(function, |device_key| {
        let result = record(&state.device, &mut state.recording);
        if result.is_err() {
            *device_key = state.device.key;
        }
        result
    })
}

/// Claims the command buffer and keeps it for this thread until the recording's end,
/// or reports why not and returns the code (one copy for every command).
///
/// # Safety
/// The header's contract for objects. The state is used during the current call only,
/// by a body that does not call Hookshot.
#[cold]
#[inline(never)]
unsafe fn claim_recording<'call>(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
) -> Result<&'call mut CommandBufferState, HSresult> {
    let mut kept = None;
    let code = command_entry(function, |device_key| {
        // SAFETY: passed on from the caller.
        let words = unsafe { read_words(command_buffer, "command buffer") }?;
        let mut held = command_slots::claim(words).map_err(named)?;
        if held.state().recording.buffer.is_none() {
            *device_key = held.state().device.key;
            return Err(not_recording());
        }
        // A recording's commands keep the command buffer on this thread until its end.
        held.keep();
        // SAFETY: kept for this thread just above; the caller uses it within this call.
        kept = Some(unsafe { held.into_kept() });
        Ok(())
    });
    kept.ok_or(code)
}

#[cold]
fn not_recording() -> CapiError {
    CapiError::Refused("the command buffer is not recording (hsCommandBufferBeginRecording)".into())
}

impl Recording {
    /// The buffer being recorded (checked by `with_recording`).
    pub fn buffer(&mut self) -> &mut gpu::CommandBuffer<'static> {
        self.buffer.as_mut().expect("with_recording checks it")
    }

    /// The id of the caller's buffer `buffer`, checked to be of `device`; the buffer bound
    /// last is known without a lookup while no buffer has been finalized since.
    ///
    /// # Safety
    /// The header's contract for objects.
    #[inline(always)]
    pub unsafe fn buffer_id(
        &mut self,
        device: &DeviceState,
        buffer: *const HSBuffer,
        arg: &str,
    ) -> CapiResult<BufferId> {
        // SAFETY: passed on from the caller.
        unsafe { self.buffer_range(device, buffer, arg, 0, 0) }.map(|range| range.buffer)
    }

    /// `offset_b..offset_b + size_b` of the caller's buffer `buffer`, as `buffer_id` finds
    /// it. The range is the remembered one with its offsets replaced, so the buffer's id
    /// reaches the command as the whole word it was stored in (one written in 4 bytes
    /// and read in 8 by the command's copy waits for the store).
    ///
    /// # Safety
    /// The header's contract for objects.
    #[inline(always)]
    pub unsafe fn buffer_range(
        &mut self,
        device: &DeviceState,
        buffer: *const HSBuffer,
        arg: &str,
        offset_b: u64,
        size_b: u64,
    ) -> CapiResult<BufferRange> {
        // SAFETY: passed on from the caller.
        let words: Words = unsafe { read_words(buffer, arg) }?;
        if let Some(range) = self.remembered_range(words, offset_b, size_b) {
            return Ok(range);
        }
        let removals = HSBuffer::registry().removals();
        // SAFETY: passed on from the caller.
        let mut range = unsafe { self.look_up_buffer(device, buffer, arg, words, removals) }?;
        range.offset_b = offset_b;
        range.size_b = size_b;
        Ok(range)
    }

    /// `offset_b..offset_b + size_b` of the buffer bound last, where `words` are its
    /// caller's words and no buffer has been finalized since.
    #[inline(always)]
    fn remembered_range(&self, words: Words, offset_b: u64, size_b: u64) -> Option<BufferRange> {
        let (known, then, mut range) = self.last_buffer?;
        if known != words || then != HSBuffer::registry().removals() {
            return None;
        }
        range.offset_b = offset_b;
        range.size_b = size_b;
        Some(range)
    }

    /// A buffer bind's short way: the caller's `buffer` is the one bound last (the same
    /// words, and no buffer finalized since), and `gpu`'s short way records the bind of
    /// `offset_b..offset_b + size_b` of it (`try_bind_buffer`). False, with nothing
    /// recorded, for anything else.
    ///
    /// # Safety
    /// The header's contract for objects.
    #[inline(always)]
    pub unsafe fn try_bind_buffer(
        &mut self,
        binding: BufferBinding,
        buffer: *const HSBuffer,
        offset_b: u64,
        size_b: u64,
    ) -> bool {
        // SAFETY: passed on from the caller.
        let Some(words) = (unsafe { peek_words(buffer) }) else {
            return false;
        };
        let Some(range) = self.remembered_range(words, offset_b, size_b) else {
            return false;
        };
        self.buffer
            .as_mut()
            .is_some_and(|commands| commands.try_bind_buffer(binding, range))
    }

    /// A texture bind's short way: `gpu`'s (`try_bind_texture`).
    #[inline(always)]
    pub fn try_bind_texture(&mut self, stage: Stage, slot: u8, handle: TextureHandle) -> bool {
        self.buffer
            .as_mut()
            .is_some_and(|commands| commands.try_bind_texture(stage, slot, handle))
    }

    /// A direct draw's short way: `gpu`'s (`try_draw`).
    #[inline(always)]
    pub fn try_draw(&mut self, draw: DrawArrays) -> bool {
        self.buffer
            .as_mut()
            .is_some_and(|commands| commands.try_draw(draw))
    }

    /// A state change's short way: `gpu`'s (`try_set_state`).
    #[inline(always)]
    pub fn try_set_state(&mut self, change: StateChange) -> bool {
        self.buffer
            .as_mut()
            .is_some_and(|commands| commands.try_set_state(change))
    }

    /// One scissor's short way: `gpu`'s (`try_set_scissor`).
    #[inline(always)]
    pub fn try_set_scissor(&mut self, index: u8, scissor: Scissor) -> bool {
        self.buffer
            .as_mut()
            .is_some_and(|commands| commands.try_set_scissor(index, scissor))
    }

    /// One viewport's short way: `gpu`'s (`try_set_viewport`).
    #[inline(always)]
    pub fn try_set_viewport(&mut self, index: u8, viewport: Viewport) -> bool {
        self.buffer
            .as_mut()
            .is_some_and(|commands| commands.try_set_viewport(index, viewport))
    }

    /// `buffer_range` for a buffer other than the one bound last: the registry's lookup,
    /// remembered for the binds after it.
    ///
    /// # Safety
    /// The header's contract for objects.
    #[inline(never)]
    unsafe fn look_up_buffer(
        &mut self,
        device: &DeviceState,
        buffer: *const HSBuffer,
        arg: &str,
        words: Words,
        removals: u64,
    ) -> CapiResult<BufferRange> {
        // SAFETY: passed on from the caller.
        let state = unsafe { resolve(buffer, arg) }?;
        device.check_same(&state.device, arg)?;
        let range = BufferRange {
            buffer: state.id,
            offset_b: 0,
            size_b: 0,
        };
        self.last_buffer = Some((words, removals, range));
        Ok(range)
    }
}

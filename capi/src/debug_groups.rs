//! Debug groups and markers in the C ABI (NVN's `PushDebugGroup`, `PopDebugGroup`,
//! `InsertDebugMarker`): names a capture tool shows around and between the work, passed
//! to `VK_EXT_debug_utils` where the instance has it and to `tracing` always. A pop with
//! no group open is `HS_ERROR_REFUSED`, as is `hsCommandBufferEndRecording` while groups
//! are open (the recording goes on); a NULL, non-UTF-8 or longer than 4096 bytes name is
//! `HS_ERROR_INVALID_ARGUMENT`.

use std::ffi::{c_char, CStr};

use gpu::command::debug_group::MAX_DEBUG_LABEL_B;

use crate::command_buffer::with_recording;
use crate::objects::HSCommandBuffer;
use crate::result::{CapiError, CapiResult, HSresult};

/// The name `name` points to.
///
/// # Safety
/// `name` is NULL or a NUL-terminated string.
unsafe fn name_of<'a>(name: *const c_char) -> CapiResult<&'a str> {
    if name.is_null() {
        return Err(CapiError::argument("name is NULL"));
    }
    // SAFETY: the caller gives a NUL-terminated string.
    let name = unsafe { CStr::from_ptr(name) };
    if name.to_bytes().len() > MAX_DEBUG_LABEL_B {
        return Err(CapiError::argument("name is longer than 4096 bytes"));
    }
    name.to_str()
        .map_err(|_| CapiError::argument("name is not UTF-8"))
}

/// Begins a debug group called `name`; the work until the matching pop is in it.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferPushDebugGroup(
    command_buffer: *const HSCommandBuffer,
    name: *const c_char,
) -> HSresult {
    // SAFETY: the header's contract for objects and strings.
    unsafe {
        with_recording(
            "hsCommandBufferPushDebugGroup",
            command_buffer,
            move |_, recording| {
                recording.buffer().push_debug_group(name_of(name)?)?;
                Ok(())
            },
        )
    }
}

/// Ends the innermost open debug group.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferPopDebugGroup(
    command_buffer: *const HSCommandBuffer,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferPopDebugGroup",
            command_buffer,
            move |_, recording| {
                recording.buffer().pop_debug_group()?;
                Ok(())
            },
        )
    }
}

/// A debug marker called `name` at this point of the list.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferInsertDebugMarker(
    command_buffer: *const HSCommandBuffer,
    name: *const c_char,
) -> HSresult {
    // SAFETY: the header's contract for objects and strings.
    unsafe {
        with_recording(
            "hsCommandBufferInsertDebugMarker",
            command_buffer,
            move |_, recording| {
                recording.buffer().insert_debug_label(name_of(name)?)?;
                Ok(())
            },
        )
    }
}

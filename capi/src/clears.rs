//! Clears outside render passes in the C ABI: `hsCommandBufferClearBuffer` (NVN's
//! `ClearBuffer`): `size_b` bytes of a buffer from `offset_b` hold a 32-bit value
//! repeated (little-endian), in order with the work around it; the CPU reads them from the
//! pool after a fence that follows. The pool address and the size are multiples of 4
//! (`HS_ERROR_REFUSED` otherwise, as for every record-time check); a range past the
//! buffer's end is `HS_ERROR_OUT_OF_RANGE`.

use crate::command_buffer::with_recording;
use crate::objects::{HSBuffer, HSCommandBuffer};
use crate::result::HSresult;

/// Fills `size_b` bytes of `buffer` from `offset_b` with `value` repeated.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferClearBuffer(
    command_buffer: *const HSCommandBuffer,
    buffer: *const HSBuffer,
    offset_b: u64,
    size_b: u64,
    value: u32,
) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe {
        with_recording(
            "hsCommandBufferClearBuffer",
            command_buffer,
            |device, recording| {
                let buffer = recording.buffer_id(device, buffer, "buffer")?;
                recording
                    .buffer()
                    .fill_buffer(buffer, offset_b, size_b, value)?;
                Ok(())
            },
        )
    }
}

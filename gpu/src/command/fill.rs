//! NVN's `ClearBuffer` (`Command::FillBuffer`): a pool range filled with a repeated
//! 32-bit value outside render passes, and its record-time checks.

use crate::error::RecordError;
use crate::objects::Buffer;

/// The alignment, in bytes, of a fill's pool address and size (NVN's and Vulkan's
/// `vkCmdFillBuffer` rule).
pub const FILL_ALIGN_B: u64 = 4;

/// Checks a fill of `size_b` bytes at `offset_b` of `buffer`: a non-zero multiple of 4
/// bytes, at a pool address that is a multiple of 4, inside the buffer.
pub fn check_fill(buffer: &Buffer, offset_b: u64, size_b: u64) -> Result<(), RecordError> {
    if size_b == 0 || !size_b.is_multiple_of(FILL_ALIGN_B) {
        return Err(RecordError::BadArgument {
            what: "buffer fill size",
            why: "not a non-zero multiple of 4 bytes",
        });
    }
    if !buffer
        .offset_b
        .wrapping_add(offset_b)
        .is_multiple_of(FILL_ALIGN_B)
    {
        return Err(RecordError::BadArgument {
            what: "buffer fill offset",
            why: "not a multiple of 4 bytes into the pool",
        });
    }
    if !buffer.contains(offset_b, size_b) {
        return Err(RecordError::BufferRangeOutOfBounds {
            buffer: buffer.id,
            offset_b,
            size_b,
            buffer_size_b: buffer.size_b,
        });
    }
    Ok(())
}

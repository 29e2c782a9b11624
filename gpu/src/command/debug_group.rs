//! NVN's debug groups and markers (`PushDebugGroup`, `PopDebugGroup`,
//! `InsertDebugMarker`): names a capture tool shows around and between the list's work,
//! passed to `VK_EXT_debug_utils` by the executor. A list's groups balance: a pop with
//! none open is refused when recorded, and a list is finished with every group closed
//! (`CommandBuffer::try_finish` refuses one with groups open; `finish` closes them).

use crate::error::RecordError;

/// The longest debug group or label name, in bytes (a name past it is a damaged
/// pointer's, not a tool's).
pub const MAX_DEBUG_LABEL_B: usize = 4096;

/// Checks a group or label name: at most `MAX_DEBUG_LABEL_B` bytes and no NUL (Vulkan
/// takes it as a C string).
pub fn check_label(name: &str) -> Result<(), RecordError> {
    if name.len() > MAX_DEBUG_LABEL_B {
        return Err(RecordError::BadArgument {
            what: "debug label",
            why: "longer than 4096 bytes",
        });
    }
    if name.contains('\0') {
        return Err(RecordError::BadArgument {
            what: "debug label",
            why: "holds a NUL byte",
        });
    }
    Ok(())
}

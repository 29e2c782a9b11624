//! The game's identity on the device builder (`hsDeviceBuilderSetTitle`): its
//! configuration file, its cache folders and Vulkan's application info are its.

use std::ffi::c_char;

use crate::builder::check_builder;
use crate::device::{c_text, HSDeviceBuilder};
use crate::guard::entry;
use crate::result::{CapiError, CapiResult, HSresult};

/// The game's identity: `id` names its configuration file
/// (`<config>/hookshot/<id>/hookshot.conf`) and its shader and pipeline cache folders
/// (`<cache>/hookshot/titles/<id>/`), so each game has its own; `name` and `version` go to
/// Vulkan's application info. The id is 1 to 64 of `A-Z a-z 0-9 . _ -` (the console's
/// 16 hexadecimal digits, say); the name at most 256 bytes and the version 64, neither
/// with control characters. The strings must live until `hsDeviceInitialize` returns.
#[no_mangle]
pub unsafe extern "C" fn hsDeviceBuilderSetTitle(
    builder: *mut HSDeviceBuilder,
    id: *const c_char,
    name: *const c_char,
    version: *const c_char,
) -> HSresult {
    entry("hsDeviceBuilderSetTitle", || {
        // SAFETY: the header's contract for builders.
        let builder = unsafe { check_builder(builder) }?;
        // SAFETY: the caller's NUL-terminated strings; checked now, read again when the
        // device is made.
        unsafe { title_of(id, name, version) }?;
        builder.title_id = id;
        builder.title_name = name;
        builder.title_version = version;
        Ok(())
    })
}

/// The title the strings give, checked.
///
/// # Safety
/// Each pointer is NULL or a NUL-terminated string.
pub(crate) unsafe fn title_of(
    id: *const c_char,
    name: *const c_char,
    version: *const c_char,
) -> CapiResult<gpu::title::Title> {
    // SAFETY: the caller's promise.
    let (id, name, version) = unsafe {
        (
            c_text(id, "id")?,
            c_text(name, "name")?,
            c_text(version, "version")?,
        )
    };
    gpu::title::Title::new(id, name, version)
        .map_err(|error| CapiError::argument(error.to_string()))
}

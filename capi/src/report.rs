//! Where failures go: `tracing` (target `capi`) and the debug callbacks installed with
//! `hsDeviceInstallDebugCallback`. A failure on an object of a known device goes to that
//! device's callbacks; one whose device cannot be told (a null or garbage object pointer)
//! goes to every installed callback, so a port sees it whichever device it watches.

use std::cell::Cell;
use std::ffi::{c_char, c_void, CString};

use parking_lot::RwLock;

use crate::result::CapiError;

/// How serious a debug message is.
pub type HSdebugSeverity = u32;
pub const HS_DEBUG_SEVERITY_ERROR: HSdebugSeverity = 1;
pub const HS_DEBUG_SEVERITY_WARNING: HSdebugSeverity = 2;
pub const HS_DEBUG_SEVERITY_INFO: HSdebugSeverity = 3;

/// A debug callback: the severity, the entry point that failed (e.g.
/// "hsCommandBufferDrawArrays"), the message, and the pointer given at install. Both
/// strings live only during the call. It may run on any thread that calls Hookshot.
pub type HSdebugCallback = Option<
    unsafe extern "C" fn(
        severity: HSdebugSeverity,
        function: *const c_char,
        message: *const c_char,
        user_data: *mut c_void,
    ),
>;

#[derive(Clone, Copy)]
struct Installed {
    device_key: u64,
    callback: unsafe extern "C" fn(HSdebugSeverity, *const c_char, *const c_char, *mut c_void),
    /// Kept as an address: the caller's pointer, handed back untouched.
    user_data: usize,
}

static CALLBACKS: RwLock<Vec<Installed>> = RwLock::new(Vec::new());

thread_local! {
    /// The device of the last object this thread's current entry point resolved (0: none).
    static CURRENT_DEVICE: Cell<u64> = const { Cell::new(0) };
}

/// Forgets the noted device: called as each entry point starts.
pub(crate) fn clear_device() {
    CURRENT_DEVICE.with(|device| device.set(0));
}

/// Notes which device the current entry point works on, for its failure's callbacks.
pub(crate) fn note_device(device_key: u64) {
    CURRENT_DEVICE.with(|device| device.set(device_key));
}

pub(crate) fn install(device_key: u64, callback: HSdebugCallback, user_data: *mut c_void) {
    let mut callbacks = CALLBACKS.write();
    callbacks.retain(|installed| installed.device_key != device_key);
    if let Some(callback) = callback {
        callbacks.push(Installed {
            device_key,
            callback,
            user_data: user_data as usize,
        });
    }
}

/// Removes a finalized device's callback.
pub(crate) fn uninstall(device_key: u64) {
    install(device_key, None, std::ptr::null_mut());
}

/// Sends a failure of `function` to tracing and the callbacks.
pub(crate) fn failure(function: &'static str, error: &CapiError) {
    let message = error.to_string();
    tracing::warn!(target: "capi", function, code = error.code(), "{message}");
    let device_key = CURRENT_DEVICE.with(Cell::get);
    // Copied out, so a callback may call Hookshot (and install callbacks) itself.
    let callbacks: Vec<Installed> = CALLBACKS
        .read()
        .iter()
        .filter(|installed| device_key == 0 || installed.device_key == device_key)
        .copied()
        .collect();
    if callbacks.is_empty() {
        return;
    }
    let function_c = CString::new(function).unwrap_or_default();
    let message_c = CString::new(message.replace('\0', " ")).unwrap_or_default();
    for installed in callbacks {
        // SAFETY: the caller installed this function for these arguments; the strings
        // outlive the call, as the header promises.
        unsafe {
            (installed.callback)(
                HS_DEBUG_SEVERITY_ERROR,
                function_c.as_ptr(),
                message_c.as_ptr(),
                installed.user_data as *mut c_void,
            )
        };
    }
}

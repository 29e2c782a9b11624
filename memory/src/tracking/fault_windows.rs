//! Windows: `VirtualProtect` for the pages, and a vectored exception handler for write
//! access violations. A fault that is not on a tracked page continues the search, so the
//! handlers after ours (and the default crash) see it. Written against windows-sys's
//! documented API; it cannot be built on the Linux machines this project is built on.

use std::ffi::c_void;
use std::sync::OnceLock;

use windows_sys::Win32::Foundation::{EXCEPTION_ACCESS_VIOLATION, NTSTATUS};
use windows_sys::Win32::System::Diagnostics::Debug::{
    AddVectoredExceptionHandler, EXCEPTION_POINTERS,
};
use windows_sys::Win32::System::Memory::{
    VirtualProtect, PAGE_PROTECTION_FLAGS, PAGE_READONLY, PAGE_READWRITE,
};

static HANDLER: OnceLock<usize> = OnceLock::new();
const EXCEPTION_CONTINUE_EXECUTION: i32 = -1;
const EXCEPTION_CONTINUE_SEARCH: i32 = 0;

pub fn install() -> bool {
    // SAFETY: registers a handler with the documented signature, first in the chain.
    *HANDLER.get_or_init(|| unsafe { AddVectoredExceptionHandler(1, Some(on_exception)) as usize })
        != 0
}

pub fn set_writable(address: usize, len_b: usize, writable: bool) -> bool {
    let protection = if writable {
        PAGE_READWRITE
    } else {
        PAGE_READONLY
    };
    let mut previous: PAGE_PROTECTION_FLAGS = 0;
    // SAFETY: pages of a registered region the caller owns; `previous` is written only.
    unsafe { VirtualProtect(address as *const c_void, len_b, protection, &mut previous) != 0 }
}

unsafe extern "system" fn on_exception(pointers: *mut EXCEPTION_POINTERS) -> i32 {
    // SAFETY: the system passes valid exception pointers to a vectored handler.
    let record = unsafe { &*(*pointers).ExceptionRecord };
    let code: NTSTATUS = record.ExceptionCode;
    // ExceptionInformation[0] is 1 for a write, [1] the address (documented for
    // EXCEPTION_ACCESS_VIOLATION).
    if code == EXCEPTION_ACCESS_VIOLATION
        && record.NumberParameters >= 2
        && record.ExceptionInformation[0] == 1
        && super::registry::claim_fault(record.ExceptionInformation[1])
    {
        return EXCEPTION_CONTINUE_EXECUTION;
    }
    EXCEPTION_CONTINUE_SEARCH
}

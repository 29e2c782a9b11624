//! Unix: `mprotect` for the pages, and a `sigaction` handler for SIGSEGV and SIGBUS with
//! `SA_SIGINFO`. A fault that is not on a tracked page goes to the handler installed
//! before this one, or to the default action: a real crash still crashes, as it would
//! have. libc is the thinnest binding of these calls (nix wraps the same ones).

use std::ffi::c_void;
use std::sync::OnceLock;

/// The handlers in place before ours, for faults that are not ours; `None` when ours could
/// not be installed.
static PREVIOUS: OnceLock<Option<[libc::sigaction; 2]>> = OnceLock::new();
const SIGNALS: [libc::c_int; 2] = [libc::SIGSEGV, libc::SIGBUS];

/// Installs the handler once a process; false when it cannot be.
pub fn install() -> bool {
    PREVIOUS
        .get_or_init(|| {
            // SAFETY: plain-data structs, zeroed as sigaction expects before it fills them.
            let mut previous: [libc::sigaction; 2] = unsafe { std::mem::zeroed() };
            for (signal, previous) in SIGNALS.iter().zip(previous.iter_mut()) {
                // SAFETY: `action` is a valid sigaction whose handler has the SA_SIGINFO
                // signature; `previous` receives the old one. The handler only uses
                // atomics and mprotect (see registry::claim_fault).
                let installed = unsafe {
                    let mut action: libc::sigaction = std::mem::zeroed();
                    action.sa_sigaction = on_fault as *const () as usize;
                    action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                    libc::sigemptyset(&mut action.sa_mask);
                    libc::sigaction(*signal, &action, previous) == 0
                };
                if !installed {
                    tracing::error!(target: "memory::tracking", signal, "sigaction failed");
                    return None;
                }
            }
            Some(previous)
        })
        .is_some()
}

/// Makes `len_b` bytes at `address` (page-aligned) writable or read-only.
pub fn set_writable(address: usize, len_b: usize, writable: bool) -> bool {
    let protection = if writable {
        libc::PROT_READ | libc::PROT_WRITE
    } else {
        libc::PROT_READ
    };
    // SAFETY: callers pass pages of a region registered under protection, which they own
    // and keep mapped; changing their protection touches nothing else.
    unsafe { libc::mprotect(address as *mut c_void, len_b, protection) == 0 }
}

extern "C" fn on_fault(signal: libc::c_int, info: *mut libc::siginfo_t, context: *mut c_void) {
    // SAFETY: the kernel hands a valid siginfo_t to an SA_SIGINFO handler.
    let address = unsafe { (*info).si_addr() } as usize;
    if super::registry::claim_fault(address) {
        return;
    }
    chain(signal, info, context);
}

/// Hands a fault that is not ours to the handler before us, or to the default action.
fn chain(signal: libc::c_int, info: *mut libc::siginfo_t, context: *mut c_void) {
    let index = SIGNALS.iter().position(|&s| s == signal).unwrap_or(0);
    let Some(previous) = PREVIOUS
        .get()
        .and_then(|all| all.as_ref())
        .map(|all| all[index])
    else {
        return;
    };
    let handler = previous.sa_sigaction;
    if handler == libc::SIG_DFL || handler == libc::SIG_IGN {
        // Back to the default action; returning re-runs the faulting instruction, which
        // now ends the process with the signal, as if Hookshot were not there.
        // SAFETY: a zeroed sigaction with SIG_DFL is the default disposition.
        unsafe {
            let mut default: libc::sigaction = std::mem::zeroed();
            default.sa_sigaction = libc::SIG_DFL;
            libc::sigaction(signal, &default, std::ptr::null_mut());
        }
        return;
    }
    if previous.sa_flags & libc::SA_SIGINFO != 0 {
        // SAFETY: the previous handler was installed with SA_SIGINFO, so it has this
        // signature; it gets the very arguments the kernel gave us.
        let previous: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut c_void) =
            unsafe { std::mem::transmute(handler) };
        previous(signal, info, context);
    } else {
        // SAFETY: without SA_SIGINFO the previous handler takes the signal number only.
        let previous: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(handler) };
        previous(signal);
    }
}

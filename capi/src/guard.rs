//! Every entry point's frame: no panic crosses the ABI, and every failure is reported.

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::report;
use crate::result::{CapiError, CapiResult, HSresult, HS_SUCCESS};

/// Runs `body` for the entry point `function`: its error, or a panic caught as
/// `HS_ERROR_INTERNAL`, is reported and returned as its code.
#[inline]
pub(crate) fn entry(function: &'static str, body: impl FnOnce() -> CapiResult<()>) -> HSresult {
    report::clear_device();
    let error = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => return HS_SUCCESS,
        Ok(Err(error)) => error,
        Err(panic) => panicked(&panic),
    };
    report::failure(function, &error);
    error.code()
}

/// `entry` for a command buffer's commands, the calls a game makes thousands of times a
/// frame: a call that succeeds touches no thread-local state. `body` sets the device key
/// it is given once it knows the command buffer's device; a failure goes to that device's
/// callbacks (0: to every callback).
#[inline(always)]
pub(crate) fn command_entry(
    function: &'static str,
    body: impl FnOnce(&mut u64) -> CapiResult<()>,
) -> HSresult {
    let mut device_key = 0;
    let error = match catch_unwind(AssertUnwindSafe(|| body(&mut device_key))) {
        Ok(Ok(())) => return HS_SUCCESS,
        Ok(Err(error)) => error,
        Err(panic) => panicked(&panic),
    };
    report_command_failure(function, device_key, &error)
}

/// `command_entry`'s failure, out of the way of the calls that pass.
#[cold]
#[inline(never)]
fn report_command_failure(function: &'static str, device_key: u64, error: &CapiError) -> HSresult {
    report::note_device(device_key);
    report::failure(function, error);
    error.code()
}

/// A panic caught in a command's short way (`command_buffer::short_way`), reported to
/// the callbacks of the device `device_key` names.
#[cold]
#[inline(never)]
pub(crate) fn report_command_panic(
    function: &'static str,
    device_key: u64,
    panic: Box<dyn std::any::Any + Send>,
) -> HSresult {
    report_command_failure(function, device_key, &panicked(&panic))
}

#[cold]
fn panicked(panic: &Box<dyn std::any::Any + Send>) -> CapiError {
    CapiError::Internal(format!("internal error (panic): {}", panic_text(panic)))
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> &str {
    if let Some(text) = panic.downcast_ref::<&str>() {
        text
    } else if let Some(text) = panic.downcast_ref::<String>() {
        text
    } else {
        "no message"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::{HS_ERROR_INTERNAL, HS_ERROR_OUT_OF_RANGE};

    #[test]
    fn a_panic_is_caught_and_failures_keep_their_code() {
        let panicked = entry("hsTestPanics", || panic!("a bug"));
        assert_eq!(panicked, HS_ERROR_INTERNAL);
        let refused = entry("hsTestFails", || {
            Err(CapiError::OutOfRange("past the end".into()))
        });
        assert_eq!(refused, HS_ERROR_OUT_OF_RANGE);
        assert_eq!(entry("hsTestPasses", || Ok(())), HS_SUCCESS);
    }

    #[test]
    fn a_command_entry_catches_panics_and_keeps_codes() {
        let panicked = command_entry("hsTestPanics", |_| panic!("a bug"));
        assert_eq!(panicked, HS_ERROR_INTERNAL);
        let refused = command_entry("hsTestFails", |device_key| {
            *device_key = 7;
            Err(CapiError::OutOfRange("past the end".into()))
        });
        assert_eq!(refused, HS_ERROR_OUT_OF_RANGE);
        assert_eq!(command_entry("hsTestPasses", |_| Ok(())), HS_SUCCESS);
    }
}

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
        Err(panic) => {
            CapiError::Internal(format!("internal error (panic): {}", panic_text(&panic)))
        }
    };
    report::failure(function, &error);
    error.code()
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
}

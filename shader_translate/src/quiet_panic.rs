//! Running a third-party check that may panic (naga's MSL writer on an unusual module)
//! without its panic reaching the game's stderr: the process's panic hook is wrapped once,
//! and a panic on a thread inside [`catch_quietly`] is kept as a message for the caller
//! (who reports it through `tracing`) instead of printed. Every other panic goes to the
//! hook that was there before, unchanged.

use std::cell::{Cell, RefCell};
use std::panic::{self, UnwindSafe};
use std::sync::Once;

thread_local! {
    /// Set while this thread runs inside `catch_quietly`.
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// The message of the panic caught there.
    static CAUGHT: RefCell<Option<String>> = const { RefCell::new(None) };
}

static WRAP_HOOK: Once = Once::new();

fn wrap_hook() {
    WRAP_HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                let at = info
                    .location()
                    .map(|location| format!(" at {}:{}", location.file(), location.line()))
                    .unwrap_or_default();
                let payload = info.payload();
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|text| text.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".into());
                CAUGHT.with(|caught| *caught.borrow_mut() = Some(format!("{message}{at}")));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `work`; a panic inside it comes back as `Err(message)`, printed nowhere.
pub(crate) fn catch_quietly<T>(work: impl FnOnce() -> T + UnwindSafe) -> Result<T, String> {
    wrap_hook();
    let was_quiet = QUIET.with(|quiet| quiet.replace(true));
    let outcome = panic::catch_unwind(work);
    QUIET.with(|quiet| quiet.set(was_quiet));
    outcome.map_err(|_| {
        CAUGHT
            .with(|caught| caught.borrow_mut().take())
            .unwrap_or_else(|| "a panic whose message was not kept".into())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_inside_comes_back_as_its_message() {
        let outcome: Result<(), String> = catch_quietly(|| panic!("bad module {}", 7));
        let message = outcome.unwrap_err();
        assert!(message.starts_with("bad module 7 at "), "{message}");
        assert!(message.contains("quiet_panic.rs"), "{message}");
    }

    #[test]
    fn work_that_returns_comes_back_and_the_thread_is_loud_again() {
        assert_eq!(catch_quietly(|| 41 + 1), Ok(42));
        assert!(!QUIET.with(Cell::get));
        let _ = catch_quietly(|| panic!("quiet"));
        assert!(!QUIET.with(Cell::get));
    }
}

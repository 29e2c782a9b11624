//! Exit codes other than 1, carried through `anyhow` so a subcommand can say how it failed.

use std::fmt;

/// An error with a specific process exit code (e.g. 2 for a bad recording, 3 for a failed
/// terrain check). Everything else exits with 1.
#[derive(Debug)]
pub struct Failure {
    pub exit_code: u8,
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

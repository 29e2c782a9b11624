//! What the executor did, counted since it was made: for `hookshot` stats, benchmarks and
//! tests that check work was formed as intended.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExecutorStats {
    pub submissions: u64,
    pub passes: u64,
    pub draws: u64,
    pub dispatches: u64,
    pub copies: u64,
    /// Clears recorded inside a pass (attachment clears and masked draws); clears folded
    /// into load ops are not counted.
    pub clears_in_pass: u64,
    pub barriers: u64,
    pub uploads: u64,
    pub upload_bytes: u64,
    pub zero_fills: u64,
    pub pipelines_created: u64,
}

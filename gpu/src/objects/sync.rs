//! Sync objects. Each signal the queue issues gives the sync the next value of a
//! counter (a backend maps it onto a timeline semaphore); a wait is for the value of the
//! last signal issued before it.

use crate::ids::SyncId;

coded_enum!(
    pub enum SyncCondition {
        AllGpuCommandsComplete = 0,
        GraphicsWorldSpaceComplete = 1,
    }
);

/// What a CPU wait saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncWait {
    Signaled,
    TimedOut,
    /// Nothing was ever signalled on this sync: there is nothing to wait for.
    NeverSignaled,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyncObject {
    pub id: SyncId,
    /// The value of the last signal issued; 0 before the first.
    pub last_issued_value: u64,
}

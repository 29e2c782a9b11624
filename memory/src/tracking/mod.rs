//! CPU writes through a pool's pointer, seen by page protection (as the console's memory is
//! simply memory, a game writes its pools with plain stores and `memcpy`, never through a
//! call). Pages of a pool under `WriteTracking::Protect` are read-only to the CPU until a
//! write traps: the fault handler marks the page written and lets the write go on, and the
//! pool stamps the page the next time anyone asks what the CPU wrote (`harvest`). Asking
//! protects the page again, so each write after it traps once more.
//!
//! `WriteTracking::Explicit` keeps only the API's writes and flush calls.

pub mod protected;
mod registry;

#[cfg(unix)]
mod fault_unix;
#[cfg(unix)]
use fault_unix as fault;
#[cfg(windows)]
mod fault_windows;
#[cfg(windows)]
use fault_windows as fault;

pub use protected::ProtectedPages;

/// How a pool's CPU writes are found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WriteTracking {
    /// Page protection: every write through the pointer is seen (`RX_VK_WRITE_TRACKING`'s
    /// default).
    #[default]
    Protect,
    /// Only the pool's write calls and `flush_mapped_range` count.
    Explicit,
}

impl WriteTracking {
    /// `protect` or `explicit`, as `RX_VK_WRITE_TRACKING` spells them.
    pub fn from_name(name: &str) -> Option<WriteTracking> {
        match name {
            "protect" => Some(WriteTracking::Protect),
            "explicit" => Some(WriteTracking::Explicit),
            _ => None,
        }
    }

    /// Whether this host can protect pages (Unix and Windows can).
    pub fn protect_available() -> bool {
        cfg!(any(unix, windows))
    }
}

/// CPU writes that trapped on protected pages since the process started, in all pools.
pub fn trap_count() -> u64 {
    registry::TRAPS.load(std::sync::atomic::Ordering::Acquire)
}

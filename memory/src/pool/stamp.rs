//! Write stamps: one clock per pool, and the page granularity writes are tracked at.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

/// Pages writes are tracked in.
pub const PAGE_SIZE_B: u64 = 4096;

/// A point in a pool's write history. Every write gets a stamp larger than all before it;
/// `WriteStamp::NEVER` is the pool's creation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WriteStamp(pub u64);

impl WriteStamp {
    pub const NEVER: WriteStamp = WriteStamp(0);
}

/// The pool's clock: hands out increasing stamps.
#[derive(Debug, Default)]
pub struct StampClock {
    last: AtomicU64,
}

impl StampClock {
    /// The latest stamp handed out.
    pub fn now(&self) -> WriteStamp {
        WriteStamp(self.last.load(Ordering::Acquire))
    }

    /// A new stamp, later than every one before.
    pub fn advance(&self) -> WriteStamp {
        WriteStamp(self.last.fetch_add(1, Ordering::AcqRel) + 1)
    }
}

/// Pages holding any byte of `offset_b..offset_b + len_b`; empty when `len_b` is 0.
pub fn pages_of(offset_b: u64, len_b: u64) -> Range<usize> {
    if len_b == 0 {
        return 0..0;
    }
    let first = offset_b / PAGE_SIZE_B;
    let end = (offset_b + len_b).div_ceil(PAGE_SIZE_B);
    first as usize..end as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_of_straddling_ranges() {
        assert_eq!(pages_of(0, 4096), 0..1);
        assert_eq!(pages_of(4095, 2), 0..2);
        assert_eq!(pages_of(4096, 1), 1..2);
        assert_eq!(pages_of(100, 0), 0..0);
        assert_eq!(pages_of(8191, 4097), 1..3);
    }
}

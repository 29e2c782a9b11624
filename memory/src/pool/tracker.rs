//! Which pages were written when. The explicit tracker is told of every write (the pool's
//! safe methods call it); a tracker that finds raw-pointer writes by page protection can
//! take its place behind the same trait, stamping the pages it harvests when asked.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use super::WriteStamp;

/// Page-granular write history of one pool.
pub trait WriteTracker: Send + Sync {
    /// `pages` were written at `stamp`.
    fn record(&self, pages: Range<usize>, stamp: WriteStamp);
    /// The latest stamp of any page in `pages` (`WriteStamp::NEVER` if none was written).
    fn latest(&self, pages: Range<usize>) -> WriteStamp;
}

/// One stamp per page, told of each write explicitly. Exact at page granularity.
pub struct PageStamps {
    stamps: Vec<AtomicU64>,
}

impl PageStamps {
    pub fn new(page_count: usize) -> PageStamps {
        PageStamps {
            stamps: (0..page_count).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn pages(&self, pages: Range<usize>) -> &[AtomicU64] {
        let end = pages.end.min(self.stamps.len());
        &self.stamps[pages.start.min(end)..end]
    }
}

impl WriteTracker for PageStamps {
    fn record(&self, pages: Range<usize>, stamp: WriteStamp) {
        for page in self.pages(pages) {
            // fetch_max: device writes noted from other threads may race CPU writes.
            page.fetch_max(stamp.0, Ordering::AcqRel);
        }
    }

    fn latest(&self, pages: Range<usize>) -> WriteStamp {
        let latest = self
            .pages(pages)
            .iter()
            .map(|page| page.load(Ordering::Acquire))
            .max();
        WriteStamp(latest.unwrap_or(0))
    }
}

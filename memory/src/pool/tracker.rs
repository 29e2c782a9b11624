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
    stamps: Box<[AtomicU64]>,
}

impl PageStamps {
    /// Stamps for `page_count` pages, all `WriteStamp::NEVER`; `None` when the memory
    /// cannot be had. The zeroed allocation is committed by the system page by page as
    /// stamps are written, so a large pool's history costs memory only where it is used.
    pub fn new(page_count: usize) -> Option<PageStamps> {
        if page_count == 0 {
            return Some(PageStamps {
                stamps: Box::new([]),
            });
        }
        let layout = std::alloc::Layout::array::<AtomicU64>(page_count).ok()?;
        // SAFETY: the layout has a non-zero size (page_count > 0, checked above).
        let raw = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<AtomicU64>();
        if raw.is_null() {
            return None;
        }
        // SAFETY: `raw` is a fresh allocation of `page_count` AtomicU64s with the global
        // allocator's layout for that array, and all-zero bytes are a valid AtomicU64.
        let stamps = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(raw, page_count)) };
        Some(PageStamps { stamps })
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

//! One pool's pages under protection: which were written since the pool last looked, and
//! which are open for the renderer's own writes.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use parking_lot::Mutex;

use super::{fault, registry};

/// Why a pool's pages could not be put under protection.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtectError {
    #[error("the storage at {address:#x} (+{len_b:#x}) is not aligned to the host's {host_page_b}-byte pages")]
    Unaligned {
        address: usize,
        len_b: usize,
        host_page_b: usize,
    },
    #[error("the fault handler could not be installed")]
    NoHandler,
    #[error("more than {0} pools are under page protection at once")]
    TooManyRegions(usize),
    #[error("the pages could not be protected (mprotect/VirtualProtect refused)")]
    ProtectFailed,
}

/// Bits per host page, read by the fault handler.
pub struct PageBits {
    host_page_b: usize,
    pages: usize,
    /// Written by the CPU since the last harvest (the page is writable now).
    dirty: Box<[AtomicU64]>,
    /// Opened for a write of the renderer's (writable, and not the CPU's).
    device_open: Box<[AtomicU64]>,
    any_dirty: AtomicBool,
    traps: AtomicU64,
}

fn bit(words: &[AtomicU64], page: usize) -> (&AtomicU64, u64) {
    (&words[page / 64], 1u64 << (page % 64))
}

fn words(pages: usize) -> Box<[AtomicU64]> {
    (0..pages.div_ceil(64)).map(|_| AtomicU64::new(0)).collect()
}

impl PageBits {
    /// The fault handler's part: page of `offset_b` (from `start`) written; made writable.
    pub(super) fn trapped(&self, start: usize, offset_b: usize) -> bool {
        let page = offset_b / self.host_page_b;
        if page >= self.pages {
            return false;
        }
        let (word, mask) = bit(&self.dirty, page);
        word.fetch_or(mask, Ordering::SeqCst);
        self.any_dirty.store(true, Ordering::SeqCst);
        self.traps.fetch_add(1, Ordering::Relaxed);
        fault::set_writable(start + page * self.host_page_b, self.host_page_b, true)
    }
}

/// A pool's storage under page protection. Dropping it makes every page writable again
/// and takes the region out of the fault handler's table.
pub struct ProtectedPages {
    start: usize,
    len_b: usize,
    bits: Box<PageBits>,
    slot: usize,
    /// Protection changes made here (not by the handler) one at a time, so a harvest and
    /// an opening never interleave.
    changes: Mutex<()>,
}

impl ProtectedPages {
    /// Protects every page of `start..start + len_b` against writes and registers it with
    /// the fault handler.
    ///
    /// # Safety
    /// The range is memory this process owns, readable, and stays mapped until the value
    /// is dropped; nothing else changes its protection meanwhile.
    pub unsafe fn protect(start: *mut u8, len_b: usize) -> Result<ProtectedPages, ProtectError> {
        // SAFETY: the caller's promise, passed on.
        unsafe { ProtectedPages::protect_in_pages(start, len_b, crate::host_page_size_b()) }
    }

    /// `protect`, in pages of `page_b` bytes: a power of two at least the host's (a
    /// simulated host's larger pages); a write opens its whole `page_b` page.
    ///
    /// # Safety
    /// As `protect`, for `start..start + len_b` rounded up to whole `page_b` pages.
    pub unsafe fn protect_in_pages(
        start: *mut u8,
        len_b: usize,
        page_b: u64,
    ) -> Result<ProtectedPages, ProtectError> {
        let host_page_b = usize::try_from(page_b).unwrap_or(usize::MAX);
        let address = start as usize;
        let real_page_b = crate::host_page_size_b() as usize;
        let whole_real_pages = host_page_b.is_power_of_two() && host_page_b >= real_page_b;
        if !whole_real_pages || !address.is_multiple_of(host_page_b) || len_b == 0 {
            return Err(ProtectError::Unaligned {
                address,
                len_b,
                host_page_b,
            });
        }
        if !fault::install() {
            return Err(ProtectError::NoHandler);
        }
        let pages = len_b.div_ceil(host_page_b);
        let bits = Box::new(PageBits {
            host_page_b,
            pages,
            dirty: words(pages),
            device_open: words(pages),
            any_dirty: AtomicBool::new(false),
            traps: AtomicU64::new(0),
        });
        // SAFETY: `bits` is boxed (its address is stable) and outlives the slot: `Drop`
        // leaves the table before the box is freed.
        let slot = unsafe { registry::enter(address, pages * host_page_b, &*bits) }
            .ok_or(ProtectError::TooManyRegions(registry::MAX_REGIONS))?;
        let protected = ProtectedPages {
            start: address,
            len_b: pages * host_page_b,
            bits,
            slot,
            changes: Mutex::new(()),
        };
        if !fault::set_writable(address, protected.len_b, false) {
            return Err(ProtectError::ProtectFailed);
        }
        tracing::trace!(target: "memory::tracking", address, len_b, "pages protected");
        Ok(protected)
    }

    /// Protects every page again but those written and not yet harvested and those open
    /// for the renderer.
    pub fn reprotect_all(&self) {
        self.close_for_cpu(0..self.len_b);
    }

    pub fn host_page_b(&self) -> usize {
        self.bits.host_page_b
    }

    /// Writes that trapped on these pages since they were protected.
    pub fn traps(&self) -> u64 {
        self.bits.traps.load(Ordering::Relaxed)
    }

    /// Byte ranges (whole host pages, clipped to `pool_len_b`) the CPU wrote since the
    /// last harvest. Those pages are protected again before this returns, so a write after
    /// it traps anew; a stamp taken after this call is later than every write it found.
    pub fn harvest(&self, pool_len_b: usize) -> Vec<Range<usize>> {
        if !self.bits.any_dirty.swap(false, Ordering::SeqCst) {
            return Vec::new();
        }
        let _changes = self.changes.lock();
        let mut written: Vec<Range<usize>> = Vec::new();
        for (index, word) in self.bits.dirty.iter().enumerate() {
            // Cleared before the page is protected again: a write in between is still
            // before the stamp the caller takes.
            let mut taken = word.swap(0, Ordering::SeqCst);
            while taken != 0 {
                let page = index * 64 + taken.trailing_zeros() as usize;
                taken &= taken - 1;
                let start_b = page * self.bits.host_page_b;
                match written.last_mut() {
                    Some(run) if run.end == start_b => run.end += self.bits.host_page_b,
                    _ => written.push(start_b..start_b + self.bits.host_page_b),
                }
            }
        }
        for run in &written {
            let open = self.any_bit(&self.bits.device_open, run.clone());
            if !open {
                fault::set_writable(self.start + run.start, run.len(), false);
            }
        }
        for run in &mut written {
            run.end = run.end.min(pool_len_b);
        }
        written.retain(|run| run.start < run.end);
        written
    }

    /// Opens the pages of `range_b` for a write of the pool's own CPU calls, which stamp
    /// it themselves: writable, so the call takes no trap, until `close_for_cpu`. (Leaving
    /// them open until the next harvest would save the two `mprotect` calls, but the
    /// harvest would then stamp them again, after the call, and a host image made in
    /// between would look stale.)
    pub fn open_for_cpu(&self, range_b: Range<usize>) {
        let _changes = self.changes.lock();
        self.set_pages_writable(self.pages_of(range_b), true);
    }

    /// Ends a write of the pool's own calls: the pages are protected again, but for those
    /// written through the pointer before (the next harvest stamps them) and those open
    /// for the renderer.
    pub fn close_for_cpu(&self, range_b: Range<usize>) {
        let _changes = self.changes.lock();
        for page in self.pages_of(range_b) {
            let (dirty, dirty_mask) = bit(&self.bits.dirty, page);
            let (open, open_mask) = bit(&self.bits.device_open, page);
            if dirty.load(Ordering::SeqCst) & dirty_mask == 0
                && open.load(Ordering::SeqCst) & open_mask == 0
            {
                let start = self.start + page * self.bits.host_page_b;
                fault::set_writable(start, self.bits.host_page_b, false);
            }
        }
    }

    /// Opens the pages of `range_b` for the renderer's own writes (the GPU into imported
    /// storage, a copy back from a mirror): writable, and not taken for the CPU's.
    pub fn open_for_device(&self, range_b: Range<usize>) {
        let _changes = self.changes.lock();
        let pages = self.pages_of(range_b);
        for page in pages.clone() {
            let (word, mask) = bit(&self.bits.device_open, page);
            word.fetch_or(mask, Ordering::SeqCst);
        }
        self.set_pages_writable(pages, true);
    }

    /// Ends the renderer's writes to `range_b`: its pages are protected again, but for
    /// those the CPU wrote meanwhile (the next harvest protects them).
    pub fn close_for_device(&self, range_b: Range<usize>) {
        let _changes = self.changes.lock();
        for page in self.pages_of(range_b) {
            let (word, mask) = bit(&self.bits.device_open, page);
            word.fetch_and(!mask, Ordering::SeqCst);
            let (dirty, dirty_mask) = bit(&self.bits.dirty, page);
            if dirty.load(Ordering::SeqCst) & dirty_mask == 0 {
                let start = self.start + page * self.bits.host_page_b;
                fault::set_writable(start, self.bits.host_page_b, false);
            }
        }
    }

    fn pages_of(&self, range_b: Range<usize>) -> Range<usize> {
        let first = range_b.start / self.bits.host_page_b;
        let end = range_b
            .end
            .div_ceil(self.bits.host_page_b)
            .min(self.bits.pages);
        first.min(end)..end
    }

    fn any_bit(&self, words: &[AtomicU64], range_b: Range<usize>) -> bool {
        self.pages_of(range_b).any(|page| {
            let (word, mask) = bit(words, page);
            word.load(Ordering::SeqCst) & mask != 0
        })
    }

    fn set_pages_writable(&self, pages: Range<usize>, writable: bool) {
        if pages.is_empty() {
            return;
        }
        let start = self.start + pages.start * self.bits.host_page_b;
        fault::set_writable(start, pages.len() * self.bits.host_page_b, writable);
    }
}

impl Drop for ProtectedPages {
    fn drop(&mut self) {
        registry::leave(self.slot);
        fault::set_writable(self.start, self.len_b, true);
    }
}

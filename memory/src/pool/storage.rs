//! A pool's bytes: one page-aligned mapping of anonymous memory that never moves or
//! grows. The address space is reserved when the pool is made and the operating system
//! commits (and zero-fills) each page on its first touch, as the console backs a pool:
//! a large pool that is mostly unused costs address space, not memory. Or the game's own
//! storage, which the game keeps and Hookshot only borrows.

use std::ptr::NonNull;

use super::PoolError;

pub(super) struct PageAlignedBytes {
    ptr: NonNull<u8>,
    len: usize,
    /// Owns the mapping; unmapped when dropped. Reached only through `ptr`. `None`: the
    /// caller's storage, which it frees itself after the pool ends.
    _mapping: Option<memmap2::MmapMut>,
}

// SAFETY: the mapping is plain bytes owned by this value; every access through it is
// ordered by the pool's lock or by the contract of `MemoryPool::storage_ptr`.
unsafe impl Send for PageAlignedBytes {}
// SAFETY: as above; `&PageAlignedBytes` only hands out the pointer and slices made under
// the pool's lock.
unsafe impl Sync for PageAlignedBytes {}

impl PageAlignedBytes {
    /// `len_b` zero bytes aligned to a page; `len_b` is non-zero. Refused with
    /// `PoolError::OutOfMemory` when the address space cannot be reserved: nothing is
    /// committed before that.
    pub fn zeroed(len_b: u64) -> Result<PageAlignedBytes, PoolError> {
        PageAlignedBytes::zeroed_in_pages(len_b, host_page_size_b())
    }

    /// `zeroed`, aligned to `page_b` (a power of two at least the host's page) and mapped
    /// in whole `page_b` pages, so each can be protected: a simulated host's larger pages.
    pub fn zeroed_in_pages(len_b: u64, page_b: u64) -> Result<PageAlignedBytes, PoolError> {
        let refused = |reason: String| PoolError::OutOfMemory {
            size_b: len_b,
            reason,
        };
        let len = usize::try_from(len_b)
            .map_err(|_| refused("larger than this host's address space".into()))?;
        let page = usize::try_from(page_b)
            .map_err(|_| refused("a page larger than this host's address space".into()))?;
        // A larger page than the host's: one page more is mapped, to align within it.
        let slack = page.saturating_sub(host_page_size_b() as usize);
        let mapped = len
            .checked_next_multiple_of(page)
            .and_then(|whole| whole.checked_add(slack))
            .ok_or_else(|| refused("larger than this host's address space".into()))?;
        let mut mapping = memmap2::MmapOptions::new()
            .len(mapped)
            .map_anon()
            .map_err(|error| refused(error.to_string()))?;
        let base = mapping.as_mut_ptr();
        let skip = (base as usize).next_multiple_of(page) - base as usize;
        // SAFETY: `skip` is below `page - host page` <= `slack`, so `base + skip` and the
        // `len` bytes after it lie inside the mapping.
        let ptr = NonNull::new(unsafe { base.add(skip) })
            .ok_or_else(|| refused("the mapping has no address".into()))?;
        Ok(PageAlignedBytes {
            ptr,
            len,
            _mapping: Some(mapping),
        })
    }

    /// The caller's `len_b` bytes at `ptr`, borrowed for the pool's life.
    ///
    /// # Safety
    /// `ptr..ptr + len_b` is readable and writable memory of this process that stays
    /// mapped, and is not freed, until the pool ends.
    pub unsafe fn borrowed(ptr: NonNull<u8>, len_b: u64) -> Result<PageAlignedBytes, PoolError> {
        let len = usize::try_from(len_b).map_err(|_| PoolError::OutOfMemory {
            size_b: len_b,
            reason: "larger than this host's address space".into(),
        })?;
        Ok(PageAlignedBytes {
            ptr,
            len,
            _mapping: None,
        })
    }

    pub fn ptr(&self) -> NonNull<u8> {
        self.ptr
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes `start..start + len`.
    ///
    /// # Safety
    /// The range lies inside the allocation, and no one writes those bytes while the slice
    /// lives (the pool holds its lock for reading, at least).
    pub unsafe fn bytes(&self, start: usize, len: usize) -> &[u8] {
        debug_assert!(start + len <= self.len());
        // SAFETY: in bounds and not written concurrently, per this function's contract.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr().add(start), len) }
    }

    /// The bytes `start..start + len`, writable.
    ///
    /// # Safety
    /// The range lies inside the allocation and no one else reads or writes those bytes
    /// while the slice lives (the pool holds its lock for writing).
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn bytes_mut(&self, start: usize, len: usize) -> &mut [u8] {
        debug_assert!(start + len <= self.len());
        // SAFETY: in bounds and exclusive, per this function's contract.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr().add(start), len) }
    }
}

/// The host's virtual memory page size in bytes, as the operating system reports it
/// (16 KiB on Apple Silicon, 4 KiB on most others).
pub fn host_page_size_b() -> u64 {
    #[cfg(unix)]
    {
        // SAFETY: sysconf reads a constant of the system; it has no preconditions.
        let page_b = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        u64::try_from(page_b).unwrap_or(4096)
    }
    #[cfg(not(unix))]
    {
        // Windows uses 4 KiB pages on every architecture it runs on.
        4096
    }
}

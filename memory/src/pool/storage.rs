//! A pool's bytes: one zero-filled, page-aligned allocation that never moves or grows.

use std::alloc::{self, Layout};
use std::ptr::NonNull;

use super::{PoolError, PAGE_SIZE_B};

pub(super) struct PageAlignedBytes {
    ptr: NonNull<u8>,
    layout: Layout,
}

// SAFETY: the allocation is plain bytes owned by this value; every access through it is
// ordered by the pool's lock or by the contract of `MemoryPool::storage_ptr`.
unsafe impl Send for PageAlignedBytes {}
// SAFETY: as above; `&PageAlignedBytes` only hands out the pointer and slices made under
// the pool's lock.
unsafe impl Sync for PageAlignedBytes {}

impl PageAlignedBytes {
    /// `len_b` zero bytes aligned to a page; `len_b` is non-zero.
    pub fn zeroed(len_b: u64) -> Result<PageAlignedBytes, PoolError> {
        let out_of_memory = PoolError::OutOfMemory { size_b: len_b };
        let len = usize::try_from(len_b).map_err(|_| out_of_memory.clone())?;
        let layout = Layout::from_size_align(len, PAGE_SIZE_B as usize)
            .map_err(|_| out_of_memory.clone())?;
        // SAFETY: the layout has a non-zero size (pool sizes are checked before this).
        let raw = unsafe { alloc::alloc_zeroed(layout) };
        let ptr = NonNull::new(raw).ok_or(out_of_memory)?;
        Ok(PageAlignedBytes { ptr, layout })
    }

    pub fn ptr(&self) -> NonNull<u8> {
        self.ptr
    }

    pub fn len(&self) -> usize {
        self.layout.size()
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

impl Drop for PageAlignedBytes {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this very layout, freed once.
        unsafe { alloc::dealloc(self.ptr.as_ptr(), self.layout) }
    }
}

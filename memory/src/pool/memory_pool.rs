//! A memory pool: storage the game and the renderer share, with exact write stamps.

use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};

use parking_lot::RwLock;

use super::stamp::{pages_of, StampClock};
use super::storage::PageAlignedBytes;
use super::tracker::{PageStamps, WriteTracker};
use super::{PoolError, PoolFlags, WriteStamp, PAGE_SIZE_B};
use crate::tracking::{ProtectedPages, WriteTracking};

/// Guest memory of one NVN memory pool.
///
/// The game's CPU accesses (`read`, `write`, `copy_within`, `fill`) are bounds-checked and
/// stamp every 4 KiB page they write. Under `WriteTracking::Protect` the game's plain
/// stores through `storage_ptr` are seen too: its pages are write-protected, a write traps
/// once, and the page is stamped when the pool is next asked what the CPU wrote. The
/// renderer's own writes go through `*_for_device`, or are announced with
/// `device_will_write` / `note_device_write` / `device_wrote`; they get device stamps,
/// never CPU stamps. Every method takes `&self` and may be called from any thread.
pub struct MemoryPool {
    flags: PoolFlags,
    /// Dropped before `storage`: the pages are writable again before they are unmapped
    /// or handed back to the game.
    protected: std::sync::OnceLock<ProtectedPages>,
    storage: PageAlignedBytes,
    /// Readers share it, writers hold it alone: a stamp taken under it is exact for the
    /// bytes read under it.
    access: RwLock<()>,
    clock: StampClock,
    cpu_writes: Box<dyn WriteTracker>,
    /// The latest stamp `cpu_writes` was told of: whether anything changed since a stamp
    /// is one load, not a walk over every page (the executor asks for every pool at each
    /// submission).
    cpu_written_at: AtomicU64,
    device_writes: PageStamps,
    /// The host page size the storage is aligned to and protected in: the OS's, or a
    /// simulated larger one (`with_tracking_in_pages`).
    host_page_b: u64,
    /// Ranges harvested and not yet taken by `take_cpu_writes`.
    unreported: parking_lot::Mutex<Vec<std::ops::Range<u64>>>,
}

/// Past this many untaken ranges, they are joined into one.
const MAX_UNREPORTED_RANGES: usize = 4096;

impl MemoryPool {
    /// A zero-filled pool of `size_b` bytes (a non-zero multiple of 4 KiB). Its storage
    /// is reserved first and committed page by page as it is touched; a size the host
    /// cannot reserve is refused before anything else is allocated.
    pub fn new(size_b: u64, flags: PoolFlags) -> Result<MemoryPool, PoolError> {
        MemoryPool::with_tracking(size_b, flags, WriteTracking::Explicit)
    }

    /// `new`, with CPU writes through the pointer found as `tracking` says.
    pub fn with_tracking(
        size_b: u64,
        flags: PoolFlags,
        tracking: WriteTracking,
    ) -> Result<MemoryPool, PoolError> {
        MemoryPool::with_tracking_in_pages(size_b, flags, tracking, crate::host_page_size_b())
    }

    /// `with_tracking` on a host whose pages are `host_page_b` bytes (a power of two at
    /// least the OS's: 16 KiB where Apple Silicon is simulated on a 4 KiB host): the
    /// storage is aligned to such pages and protected in them.
    pub fn with_tracking_in_pages(
        size_b: u64,
        flags: PoolFlags,
        tracking: WriteTracking,
        host_page_b: u64,
    ) -> Result<MemoryPool, PoolError> {
        let page_count = check_size(size_b)?;
        let host_page_b = check_host_page(host_page_b)?;
        let storage = PageAlignedBytes::zeroed_in_pages(size_b, host_page_b)?;
        let cpu_writes = Box::new(page_stamps(size_b, page_count)?);
        MemoryPool::over_storage(storage, flags, cpu_writes, tracking, host_page_b)
    }

    /// A pool over the caller's `size_b` bytes at `storage` (as NVN allows): aligned to
    /// the host's page size (16 KiB on Apple Silicon), a multiple of it in size. The bytes
    /// are the pool's contents as they are; the caller keeps them and frees them after
    /// the pool ends (its pages are writable again by then).
    ///
    /// # Safety
    /// `storage..storage + size_b` is readable and writable memory of this process that
    /// stays mapped and is not freed until the pool is dropped, and nothing else changes
    /// its protection meanwhile.
    pub unsafe fn over_caller_storage(
        storage: NonNull<u8>,
        size_b: u64,
        flags: PoolFlags,
        tracking: WriteTracking,
    ) -> Result<MemoryPool, PoolError> {
        // SAFETY: the caller's promise, passed on.
        unsafe {
            MemoryPool::over_caller_storage_in_pages(
                storage,
                size_b,
                flags,
                tracking,
                crate::host_page_size_b(),
            )
        }
    }

    /// `over_caller_storage` on a host whose pages are `host_page_b` bytes (as
    /// `with_tracking_in_pages`): the storage must be aligned to them.
    ///
    /// # Safety
    /// As `over_caller_storage`.
    pub unsafe fn over_caller_storage_in_pages(
        storage: NonNull<u8>,
        size_b: u64,
        flags: PoolFlags,
        tracking: WriteTracking,
        host_page_b: u64,
    ) -> Result<MemoryPool, PoolError> {
        let page_count = check_size(size_b)?;
        let host_page_b = check_host_page(host_page_b)?;
        let address = storage.as_ptr() as usize;
        if !(address as u64).is_multiple_of(host_page_b) || !size_b.is_multiple_of(host_page_b) {
            return Err(PoolError::StorageUnaligned {
                address,
                host_page_b,
            });
        }
        // SAFETY: the caller's promise, passed on.
        let storage = unsafe { PageAlignedBytes::borrowed(storage, size_b)? };
        let cpu_writes = Box::new(page_stamps(size_b, page_count)?);
        MemoryPool::over_storage(storage, flags, cpu_writes, tracking, host_page_b)
    }

    /// A pool whose CPU writes are tracked by `cpu_writes` (e.g. by page protection).
    pub fn with_cpu_tracker(
        size_b: u64,
        flags: PoolFlags,
        cpu_writes: Box<dyn WriteTracker>,
    ) -> Result<MemoryPool, PoolError> {
        check_size(size_b)?;
        MemoryPool::over_storage(
            PageAlignedBytes::zeroed(size_b)?,
            flags,
            cpu_writes,
            WriteTracking::Explicit,
            crate::host_page_size_b(),
        )
    }

    fn over_storage(
        storage: PageAlignedBytes,
        flags: PoolFlags,
        cpu_writes: Box<dyn WriteTracker>,
        tracking: WriteTracking,
        host_page_b: u64,
    ) -> Result<MemoryPool, PoolError> {
        if flags.is_virtual() && flags.cpu_accessible() {
            return Err(PoolError::BadFlags {
                reason: "a virtual pool has no CPU access",
            });
        }
        let size_b = storage.len() as u64;
        let device_writes = page_stamps(size_b, storage.len() / PAGE_SIZE_B as usize)?;
        tracing::debug!(target: "memory::pool", size_b, ?flags, ?tracking, "pool made");
        let pool = MemoryPool {
            flags,
            protected: std::sync::OnceLock::new(),
            storage,
            access: RwLock::new(()),
            clock: StampClock::default(),
            cpu_writes,
            cpu_written_at: AtomicU64::new(0),
            device_writes,
            unreported: parking_lot::Mutex::new(Vec::new()),
            host_page_b,
        };
        if tracking == WriteTracking::Protect {
            pool.protect_writes()?;
        }
        Ok(pool)
    }

    /// Starts `WriteTracking::Protect` on a pool made with `Explicit`: from now on every
    /// write through the pointer is seen. A device imports a pool's storage before this
    /// (some drivers, NVIDIA's, refuse to import pages that are read-only). Nothing for a
    /// pool without CPU access (no pointer is written through) or one protected already.
    pub fn protect_writes(&self) -> Result<(), PoolError> {
        if !self.flags.cpu_accessible() || self.protected.get().is_some() {
            return Ok(());
        }
        // SAFETY: the storage is this pool's (or the caller's, lent for the pool's life),
        // page-aligned, and outlives `protected` (field order).
        let protected = unsafe {
            ProtectedPages::protect_in_pages(
                self.storage.ptr().as_ptr(),
                self.storage.len(),
                self.host_page_b,
            )?
        };
        // Only one caller can have found it unset under `&self` races: the loser's
        // protection is dropped (made writable again), which the winner's redoes below.
        if let Err(lost) = self.protected.set(protected) {
            drop(lost);
            if let Some(kept) = self.protected.get() {
                kept.reprotect_all();
            }
        }
        Ok(())
    }

    /// The host page size the storage is aligned to and protected in.
    pub fn host_page_b(&self) -> u64 {
        self.host_page_b
    }

    pub fn flags(&self) -> PoolFlags {
        self.flags
    }

    pub fn size_b(&self) -> u64 {
        self.storage.len() as u64
    }

    /// The first byte of storage: 4 KiB aligned, `size_b()` bytes, never moving while the
    /// pool lives (it can be imported as host memory).
    ///
    /// Safety contract for whoever uses it: the pool's safe methods may read or write any
    /// byte at any time from other threads, so accesses through this pointer must be
    /// ordered against them by the caller (as NVN requires of GPU work: fences). Under
    /// `WriteTracking::Protect` the CPU's writes through it are found and stamped as CPU
    /// writes; under `Explicit` they are not (announce them with `flush_mapped_range`).
    /// The renderer announces its own with `note_device_write`.
    pub fn storage_ptr(&self) -> NonNull<u8> {
        self.storage.ptr()
    }

    /// Copies `out.len()` bytes at `offset_b` out of the pool (a CPU read).
    pub fn read(&self, offset_b: u64, out: &mut [u8]) -> Result<(), PoolError> {
        self.require_cpu()?;
        self.read_for_device(offset_b, out.len() as u64, |bytes| {
            out.copy_from_slice(bytes)
        })
        .map(|_| ())
    }

    /// Copies `data` into the pool at `offset_b` (a CPU write); returns its stamp.
    pub fn write(&self, offset_b: u64, data: &[u8]) -> Result<WriteStamp, PoolError> {
        self.require_cpu()?;
        self.cpu_write(offset_b, data.len() as u64, |bytes| {
            bytes.copy_from_slice(data)
        })
    }

    /// `memmove` inside the pool (a CPU write of the destination); returns its stamp.
    pub fn copy_within(
        &self,
        src_offset_b: u64,
        dst_offset_b: u64,
        len_b: u64,
    ) -> Result<WriteStamp, PoolError> {
        self.require_cpu()?;
        let src = self.range(src_offset_b, len_b)?;
        let dst = self.range(dst_offset_b, len_b)?;
        let _exclusive = self.access.write();
        let stamp = self.stamp_cpu(dst_offset_b, len_b);
        if let Some(protected) = self.protected.get() {
            protected.open_for_cpu(dst.clone());
        }
        // SAFETY: both ranges are inside the storage (checked above) and the write lock
        // keeps every other safe access out.
        let all = unsafe { self.storage.bytes_mut(0, self.storage.len()) };
        all.copy_within(src, dst.start);
        if let Some(protected) = self.protected.get() {
            protected.close_for_cpu(dst);
        }
        Ok(stamp)
    }

    /// Sets `len_b` bytes at `offset_b` to `value` (a CPU write); returns its stamp.
    pub fn fill(&self, offset_b: u64, len_b: u64, value: u8) -> Result<WriteStamp, PoolError> {
        self.require_cpu()?;
        self.cpu_write(offset_b, len_b, |bytes| bytes.fill(value))
    }

    /// The latest stamp given to any write, CPU or device.
    pub fn current_stamp(&self) -> WriteStamp {
        self.clock.now()
    }

    /// Whether the CPU wrote any page of `offset_b..offset_b + len_b` after `stamp`. Exact
    /// at 4 KiB pages. A range past the end answers `true` (assume written).
    pub fn cpu_written_since(&self, offset_b: u64, len_b: u64, stamp: WriteStamp) -> bool {
        self.harvest_cpu_writes();
        match self.range(offset_b, len_b) {
            Ok(_) => self.cpu_writes.latest(pages_of(offset_b, len_b)) > stamp,
            Err(err) => {
                tracing::warn!(target: "memory::pool", %err, "stamp query outside the pool");
                true
            }
        }
    }

    /// The latest stamp of any CPU write to the pool (`NEVER` if none), without a walk
    /// over its pages: whether a pool changed at all since a stamp, at any size.
    pub fn latest_cpu_write(&self) -> WriteStamp {
        self.harvest_cpu_writes();
        WriteStamp(self.cpu_written_at.load(Ordering::Acquire))
    }

    /// The latest CPU write stamp of any page of the range (`NEVER` if none).
    pub fn last_cpu_write(&self, offset_b: u64, len_b: u64) -> Result<WriteStamp, PoolError> {
        self.range(offset_b, len_b)?;
        self.harvest_cpu_writes();
        Ok(self.cpu_writes.latest(pages_of(offset_b, len_b)))
    }

    /// Stamps the pages the CPU wrote through the pointer since the last harvest (under
    /// `Protect`) and protects them again; the ranges wait in `unreported` for
    /// `take_cpu_writes`. Every stamp query harvests first.
    fn harvest_cpu_writes(&self) {
        let Some(protected) = self.protected.get() else {
            return;
        };
        let written = protected.harvest(self.storage.len());
        if written.is_empty() {
            return;
        }
        let stamp = self.clock.advance();
        let mut unreported = self.unreported.lock();
        for range in written {
            let range_b = range.start as u64..range.end as u64;
            self.note_cpu_write(pages_of(range_b.start, range_b.end - range_b.start), stamp);
            unreported.push(range_b);
        }
        if unreported.len() > MAX_UNREPORTED_RANGES {
            // Nobody collects them: one range covering all is still true.
            let start = unreported.iter().map(|r| r.start).min().unwrap_or(0);
            let end = unreported.iter().map(|r| r.end).max().unwrap_or(0);
            unreported.clear();
            unreported.push(start..end);
        }
    }

    /// The byte ranges (whole host pages) the CPU wrote through the pointer since the last
    /// call, stamped, under `Protect`; empty under `Explicit`. The device takes them at
    /// each submission to tell the renderer and the recording what changed.
    pub fn take_cpu_writes(&self) -> Vec<std::ops::Range<u64>> {
        if self.protected.get().is_none() {
            return Vec::new();
        }
        self.harvest_cpu_writes();
        std::mem::take(&mut *self.unreported.lock())
    }

    /// How this pool finds the CPU's writes through its pointer.
    pub fn tracking(&self) -> WriteTracking {
        if self.protected.get().is_some() {
            WriteTracking::Protect
        } else {
            WriteTracking::Explicit
        }
    }

    /// Writes through the pointer that trapped on this pool's protected pages.
    pub fn traps(&self) -> u64 {
        self.protected.get().map_or(0, ProtectedPages::traps)
    }

    /// NVN's `FlushMappedRange`: the CPU wrote `len_b` bytes at `offset_b` through the
    /// pointer. Under `Explicit` this is the write's only signal (the range is stamped);
    /// under `Protect` the traps already saw it, and this only harvests them.
    pub fn flush_mapped_range(&self, offset_b: u64, len_b: u64) -> Result<WriteStamp, PoolError> {
        self.range(offset_b, len_b)?;
        if self.protected.get().is_some() {
            self.harvest_cpu_writes();
            return Ok(self.clock.now());
        }
        Ok(self.stamp_cpu(offset_b, len_b))
    }

    /// NVN's `InvalidateMappedRange`: the CPU is about to read what the GPU wrote. Host
    /// storage is coherent and the GPU's writes are in it once their fence has signalled,
    /// so there is nothing to do but check the range.
    pub fn invalidate_mapped_range(&self, offset_b: u64, len_b: u64) -> Result<(), PoolError> {
        self.range(offset_b, len_b).map(|_| ())
    }

    /// The renderer is about to write the range itself (the GPU into storage it imported):
    /// its pages are made writable without being taken for the CPU's writes, until
    /// `device_wrote`.
    pub fn device_will_write(&self, offset_b: u64, len_b: u64) -> Result<(), PoolError> {
        let range = self.range(offset_b, len_b)?;
        if let Some(protected) = self.protected.get() {
            protected.open_for_device(range);
        }
        Ok(())
    }

    /// The renderer's write announced by `device_will_write` is done: the range's pages
    /// are protected again.
    pub fn device_wrote(&self, offset_b: u64, len_b: u64) -> Result<(), PoolError> {
        let range = self.range(offset_b, len_b)?;
        if let Some(protected) = self.protected.get() {
            protected.close_for_device(range);
        }
        Ok(())
    }

    /// Records that the renderer (the GPU, through `storage_ptr`) wrote the range. Not a
    /// CPU write.
    pub fn note_device_write(&self, offset_b: u64, len_b: u64) -> Result<WriteStamp, PoolError> {
        self.range(offset_b, len_b)?;
        let stamp = self.clock.advance();
        self.device_writes.record(pages_of(offset_b, len_b), stamp);
        Ok(stamp)
    }

    /// Whether the renderer wrote any page of the range after `stamp`.
    pub fn device_written_since(&self, offset_b: u64, len_b: u64, stamp: WriteStamp) -> bool {
        match self.range(offset_b, len_b) {
            Ok(_) => self.device_writes.latest(pages_of(offset_b, len_b)) > stamp,
            Err(_) => true,
        }
    }

    /// The latest device write stamp of any page of the range (`NEVER` if none).
    pub fn last_device_write(&self, offset_b: u64, len_b: u64) -> Result<WriteStamp, PoolError> {
        self.range(offset_b, len_b)?;
        Ok(self.device_writes.latest(pages_of(offset_b, len_b)))
    }

    /// Lends the renderer the bytes of a range to read (e.g. to deswizzle for an upload),
    /// whatever the pool's CPU access. Returns `f`'s result and the stamp the bytes are
    /// current at: a later write anywhere in the range gets a larger stamp.
    pub fn read_for_device<R>(
        &self,
        offset_b: u64,
        len_b: u64,
        f: impl FnOnce(&[u8]) -> R,
    ) -> Result<(R, WriteStamp), PoolError> {
        let range = self.range(offset_b, len_b)?;
        let _shared = self.access.read();
        let stamp = self.clock.now();
        // SAFETY: the range is inside the storage and the read lock keeps safe writers out.
        let bytes = unsafe { self.storage.bytes(range.start, range.len()) };
        Ok((f(bytes), stamp))
    }

    /// Lends the renderer the bytes of a range to write (e.g. a CPU write-back). Stamped as
    /// a device write, not a CPU write.
    pub fn write_for_device<R>(
        &self,
        offset_b: u64,
        len_b: u64,
        f: impl FnOnce(&mut [u8]) -> R,
    ) -> Result<(R, WriteStamp), PoolError> {
        let range = self.range(offset_b, len_b)?;
        let _exclusive = self.access.write();
        let stamp = self.clock.advance();
        self.device_writes.record(pages_of(offset_b, len_b), stamp);
        if let Some(protected) = self.protected.get() {
            protected.open_for_device(range.clone());
        }
        // SAFETY: the range is inside the storage and the write lock keeps every other
        // safe access out.
        let bytes = unsafe { self.storage.bytes_mut(range.start, range.len()) };
        let result = f(bytes);
        if let Some(protected) = self.protected.get() {
            protected.close_for_device(range);
        }
        Ok((result, stamp))
    }

    /// The pages under `offset_b..offset_b + data.len()` changed because a virtual pool's
    /// page map changed (not a write the game made through its access flags): the bytes
    /// are replaced whatever the pool's CPU access, and stamped as a CPU write, so
    /// whatever was taken from the old bytes (an uploaded image) is known to be stale.
    pub fn replace_for_mapping(&self, offset_b: u64, data: &[u8]) -> Result<WriteStamp, PoolError> {
        self.cpu_write(offset_b, data.len() as u64, |bytes| {
            bytes.copy_from_slice(data)
        })
    }

    fn cpu_write(
        &self,
        offset_b: u64,
        len_b: u64,
        f: impl FnOnce(&mut [u8]),
    ) -> Result<WriteStamp, PoolError> {
        let range = self.range(offset_b, len_b)?;
        let _exclusive = self.access.write();
        let stamp = self.stamp_cpu(offset_b, len_b);
        if let Some(protected) = self.protected.get() {
            protected.open_for_cpu(range.clone());
        }
        // SAFETY: the range is inside the storage and the write lock keeps every other
        // safe access out.
        f(unsafe { self.storage.bytes_mut(range.start, range.len()) });
        if let Some(protected) = self.protected.get() {
            protected.close_for_cpu(range);
        }
        Ok(stamp)
    }

    /// Stamps the pages before the bytes change, so a concurrent query errs towards
    /// "written".
    fn stamp_cpu(&self, offset_b: u64, len_b: u64) -> WriteStamp {
        let stamp = self.clock.advance();
        self.note_cpu_write(pages_of(offset_b, len_b), stamp);
        stamp
    }

    fn note_cpu_write(&self, pages: std::ops::Range<usize>, stamp: WriteStamp) {
        if pages.is_empty() {
            return;
        }
        self.cpu_writes.record(pages, stamp);
        // After the pages: whoever sees the new latest stamp finds them stamped.
        self.cpu_written_at.fetch_max(stamp.0, Ordering::AcqRel);
    }

    fn require_cpu(&self) -> Result<(), PoolError> {
        if self.flags.cpu_accessible() {
            Ok(())
        } else {
            Err(PoolError::NoCpuAccess)
        }
    }

    /// The byte range, if it lies inside the pool.
    fn range(&self, offset_b: u64, len_b: u64) -> Result<std::ops::Range<usize>, PoolError> {
        let size_b = self.size_b();
        match offset_b.checked_add(len_b) {
            Some(end_b) if end_b <= size_b => Ok(offset_b as usize..end_b as usize),
            _ => Err(PoolError::OutOfBounds {
                offset_b,
                len_b,
                size_b,
            }),
        }
    }
}

impl std::fmt::Debug for MemoryPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryPool")
            .field("size_b", &self.size_b())
            .field("flags", &self.flags)
            .field("stamp", &self.current_stamp())
            .finish_non_exhaustive()
    }
}

/// A pool's page stamps, or `OutOfMemory` naming the pool's size when they cannot be had.
fn page_stamps(size_b: u64, page_count: usize) -> Result<PageStamps, PoolError> {
    PageStamps::new(page_count).ok_or_else(|| PoolError::OutOfMemory {
        size_b,
        reason: format!("no memory for the write stamps of {page_count} pages"),
    })
}

/// A host page size pools can use: a power of two, no smaller than the OS's.
fn check_host_page(host_page_b: u64) -> Result<u64, PoolError> {
    let real_b = crate::host_page_size_b();
    if !host_page_b.is_power_of_two() || host_page_b < real_b {
        return Err(PoolError::BadHostPage {
            host_page_b,
            real_b,
        });
    }
    Ok(host_page_b)
}

fn check_size(size_b: u64) -> Result<usize, PoolError> {
    if size_b == 0 || !size_b.is_multiple_of(PAGE_SIZE_B) || usize::try_from(size_b).is_err() {
        return Err(PoolError::BadSize { size_b });
    }
    Ok((size_b / PAGE_SIZE_B) as usize)
}

//! CPU reads and writes of pool memory. Writes go through here so the recording sees
//! them and the backend hears of them; the pool stamps the pages they touch.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::error::ObjectError;
use crate::ids::PoolId;
use crate::mem::pool::MemoryPool;
use crate::recording::format::MAX_PAYLOAD_B;
use crate::recording::Record;

use super::Device;

/// Pool writes are recorded in pieces of at most this many bytes, well inside the
/// payload limit.
const WRITE_RECORD_B: usize = (MAX_PAYLOAD_B as usize) / 2;

impl Device {
    /// The pool's storage and size.
    fn pool_storage(&self, pool: PoolId) -> Result<(Arc<MemoryPool>, u64), ObjectError> {
        self.tables
            .read()
            .pools
            .get(pool)
            .map(|pool| (Arc::clone(&pool.storage), pool.size_b()))
            .ok_or(ObjectError::UnknownObject(pool.into()))
    }

    /// The pool's storage, for reading and for a backend's own writes.
    pub fn pool(&self, pool: PoolId) -> Result<Arc<MemoryPool>, ObjectError> {
        Ok(self.pool_storage(pool)?.0)
    }

    pub fn read_pool(
        &self,
        pool: PoolId,
        offset_b: u64,
        out: &mut [u8],
    ) -> Result<(), ObjectError> {
        self.pool_storage(pool)?
            .0
            .read(offset_b, out)
            .map_err(|source| ObjectError::PoolAccess { pool, source })
    }

    pub fn write_pool(&self, pool: PoolId, offset_b: u64, bytes: &[u8]) -> Result<(), ObjectError> {
        self.pool_storage(pool)?
            .0
            .write(offset_b, bytes)
            .map_err(|source| ObjectError::PoolAccess { pool, source })?;
        self.backend
            .lock()
            .pool_written(pool, offset_b, bytes.len() as u64);
        self.record_pool_bytes(pool, offset_b, bytes);
        Ok(())
    }

    /// Records `bytes` written at `offset_b` of `pool` as pool writes, in pieces within
    /// the payload limit.
    fn record_pool_bytes(&self, pool: PoolId, offset_b: u64, bytes: &[u8]) {
        let mut piece_offset_b = offset_b;
        for piece in bytes.chunks(WRITE_RECORD_B) {
            self.record_with(|| Record::PoolWrite {
                pool,
                offset_b: piece_offset_b,
                bytes: piece.to_vec(),
            });
            piece_offset_b += piece.len() as u64;
        }
    }

    /// NVN's `MemoryPool::Map`: the first byte of the pool's storage, which the game may
    /// read and write with plain loads and stores (see `MemoryPool::storage_ptr` for what
    /// orders them against the GPU). Under `WriteTracking::Protect` every write through it
    /// is seen; under `Explicit` announce them with `flush_mapped_range`.
    pub fn map_pool(&self, pool: PoolId) -> Result<std::ptr::NonNull<u8>, ObjectError> {
        let storage = self.pool(pool)?;
        if !storage.flags().cpu_accessible() {
            return Err(ObjectError::PoolAccess {
                pool,
                source: crate::mem::PoolError::NoCpuAccess,
            });
        }
        Ok(storage.storage_ptr())
    }

    /// NVN's `FlushMappedRange`: the CPU wrote the range through the mapped pointer. The
    /// write's signal under `Explicit` tracking, a hint under `Protect`; either way the
    /// renderer and the recording hear of what changed now.
    pub fn flush_mapped_range(
        &self,
        pool: PoolId,
        offset_b: u64,
        len_b: u64,
    ) -> Result<(), ObjectError> {
        let storage = self.pool(pool)?;
        storage
            .flush_mapped_range(offset_b, len_b)
            .map_err(|source| ObjectError::PoolAccess { pool, source })?;
        if storage.tracking() == crate::mem::WriteTracking::Explicit {
            self.cpu_wrote(pool, offset_b, len_b)?;
        }
        self.report_pointer_writes(pool, &storage)
    }

    /// NVN's `InvalidateMappedRange`: the CPU is about to read what the GPU wrote there.
    pub fn invalidate_mapped_range(
        &self,
        pool: PoolId,
        offset_b: u64,
        len_b: u64,
    ) -> Result<(), ObjectError> {
        self.pool(pool)?
            .invalidate_mapped_range(offset_b, len_b)
            .map_err(|source| ObjectError::PoolAccess { pool, source })
    }

    /// Tells the renderer and the recording of the writes through `pool`'s pointer that
    /// page protection found since the last time.
    pub(crate) fn report_pointer_writes(
        &self,
        pool: PoolId,
        storage: &MemoryPool,
    ) -> Result<(), ObjectError> {
        for range in storage.take_cpu_writes() {
            self.cpu_wrote(pool, range.start, range.end - range.start)?;
        }
        Ok(())
    }

    /// The CPU changed the range outside the pool's calls: the backend hears of the exact
    /// bytes and the recording takes them.
    fn cpu_wrote(&self, pool: PoolId, offset_b: u64, len_b: u64) -> Result<(), ObjectError> {
        self.backend.lock().pool_written(pool, offset_b, len_b);
        if self.is_recording() {
            self.record_pool_contents(pool, offset_b, len_b, false)?;
        }
        Ok(())
    }

    /// `report_pointer_writes` for every pool (before each submission).
    pub(crate) fn report_all_pointer_writes(&self) -> Result<(), ObjectError> {
        // A write through a pool's pointer is seen only by its trap, counted after the
        // page is marked: with no trap since the last report, no pool has one to report,
        // and a submission does not walk every live pool. The count is read before the
        // walk, so a trap during it is looked for again at the next submission.
        let traps = crate::mem::tracking::trap_count();
        if self.pointer_writes_reported_at.load(Ordering::Acquire) == traps {
            return Ok(());
        }
        let pools: Vec<(PoolId, Arc<MemoryPool>)> = self
            .tables
            .read()
            .pools
            .iter()
            .filter(|(_, pool)| pool.storage.tracking() == crate::mem::WriteTracking::Protect)
            .map(|(&id, pool)| (id, Arc::clone(&pool.storage)))
            .collect();
        for (id, storage) in pools {
            self.report_pointer_writes(id, &storage)?;
        }
        self.pointer_writes_reported_at
            .store(traps, Ordering::Release);
        Ok(())
    }

    /// Records the bytes of a pool range as pool writes (pieces within the payload limit);
    /// with `skip_zeros`, pieces of zeros are left out (a replay's new pool is zeroed).
    pub(crate) fn record_pool_contents(
        &self,
        pool: PoolId,
        offset_b: u64,
        len_b: u64,
        skip_zeros: bool,
    ) -> Result<(), ObjectError> {
        let storage = self.pool(pool)?;
        let mut piece_offset_b = offset_b;
        let end_b = offset_b + len_b;
        while piece_offset_b < end_b {
            let piece_b = (end_b - piece_offset_b).min(WRITE_RECORD_B as u64);
            let mut bytes = vec![0u8; piece_b as usize];
            storage
                .read_for_device(piece_offset_b, piece_b, |stored| {
                    bytes.copy_from_slice(stored)
                })
                .map_err(|source| ObjectError::PoolAccess { pool, source })?;
            if !skip_zeros || bytes.iter().any(|&byte| byte != 0) {
                self.record_pool_bytes(pool, piece_offset_b, &bytes);
            }
            piece_offset_b += piece_b;
        }
        Ok(())
    }

    /// The CPU's `memcpy` between pool ranges (the same pool or two), as a game's
    /// defragmentation does. Overlapping ranges in one pool copy as `memmove`.
    pub fn copy_pool(
        &self,
        source: PoolId,
        source_offset_b: u64,
        destination: PoolId,
        destination_offset_b: u64,
        len_b: u64,
    ) -> Result<(), ObjectError> {
        let (destination_storage, destination_size_b) = self.pool_storage(destination)?;
        let (source_storage, source_size_b) = self.pool_storage(source)?;
        // Both ends are checked before anything is allocated or written.
        for (pool, offset_b, pool_size_b) in [
            (source, source_offset_b, source_size_b),
            (destination, destination_offset_b, destination_size_b),
        ] {
            let inside = offset_b
                .checked_add(len_b)
                .is_some_and(|end_b| end_b <= pool_size_b);
            if !inside {
                return Err(ObjectError::PoolRangeOutOfBounds {
                    pool,
                    offset_b,
                    len_b,
                    pool_size_b,
                });
            }
        }
        let access = |pool| {
            move |source_error| ObjectError::PoolAccess {
                pool,
                source: source_error,
            }
        };
        if source == destination {
            destination_storage
                .copy_within(source_offset_b, destination_offset_b, len_b)
                .map_err(access(destination))?;
        } else {
            // In range of a pool that exists, so `len_b` fits in memory.
            let mut bytes = vec![0u8; len_b as usize];
            source_storage
                .read(source_offset_b, &mut bytes)
                .map_err(access(source))?;
            destination_storage
                .write(destination_offset_b, &bytes)
                .map_err(access(destination))?;
        }
        self.backend.lock().pool_copied(
            source,
            source_offset_b,
            destination,
            destination_offset_b,
            len_b,
        );
        self.record_with(|| Record::PoolCopy {
            source,
            source_offset_b,
            destination,
            destination_offset_b,
            len_b,
        });
        Ok(())
    }
}

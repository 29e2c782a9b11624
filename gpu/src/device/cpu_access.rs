//! CPU reads and writes of pool memory. Writes go through here so the recording sees
//! them and the backend hears of them; the pool stamps the pages they touch.

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
        let mut piece_offset_b = offset_b;
        for piece in bytes.chunks(WRITE_RECORD_B) {
            self.record_with(|| Record::PoolWrite {
                pool,
                offset_b: piece_offset_b,
                bytes: piece.to_vec(),
            });
            piece_offset_b += piece.len() as u64;
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

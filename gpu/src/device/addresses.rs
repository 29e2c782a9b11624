//! The device's side of NVN's address model: a pool's and a buffer's GPU address, and an
//! address turned back into the range of a pool that commands bind.

use crate::address::{AddressError, GpuAddress, PoolRange};
use crate::error::ObjectError;
use crate::ids::{BufferId, PoolId};
use crate::objects::BufferRange;

use super::Device;

impl Device {
    /// NVN's `MemoryPool::GetBufferAddress`: the address of the pool's first byte, the
    /// same for the pool's whole life and in a replay of this run.
    pub fn pool_address(&self, pool: PoolId) -> Result<GpuAddress, ObjectError> {
        let tables = self.tables.read();
        let pool = tables
            .pools
            .get(pool)
            .ok_or(ObjectError::UnknownObject(pool.into()))?;
        Ok(pool.address)
    }

    /// NVN's `Buffer::GetAddress`: its pool's address plus its offset in the pool.
    pub fn buffer_address(&self, buffer: BufferId) -> Result<GpuAddress, ObjectError> {
        let tables = self.tables.read();
        let buffer = tables
            .buffers
            .get(buffer)
            .ok_or(ObjectError::UnknownObject(buffer.into()))?;
        Ok(buffer.address)
    }

    /// `size_b` bytes at `address` as (pool, offset in it); refused when the address is
    /// in no live pool, or the range runs past its pool's end or into another pool.
    pub fn resolve_address(
        &self,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<(PoolId, u64), AddressError> {
        let (range, offset_b) = self.tables.read().addresses.resolve(address, size_b)?;
        Ok((range.pool, offset_b))
    }

    /// `size_b` bytes at `address` as a range a command binds: the range of the pool's
    /// whole-pool buffer (`Pool::whole_buffer`), checked as `resolve_address` checks it.
    pub fn address_range(
        &self,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<BufferRange, AddressError> {
        let tables = self.tables.read();
        let (range, offset_b) = tables.addresses.resolve(address, size_b)?;
        let pool = tables
            .pools
            .get(range.pool)
            .expect("the table holds live pools");
        Ok(BufferRange {
            buffer: pool.whole_buffer,
            offset_b,
            size_b,
        })
    }

    /// The live pool whose range holds `address`, if any.
    pub fn pool_range_at(&self, address: GpuAddress) -> Option<PoolRange> {
        self.tables.read().addresses.pool_at(address).copied()
    }
}

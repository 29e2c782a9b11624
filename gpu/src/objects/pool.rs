//! Memory pools: the storage every texture and buffer lives in. The bytes and their
//! write stamps are `memory`'s; this is the object wrapper the device tables hold.

use std::sync::Arc;

use crate::address::{GpuAddress, PageMap};
use crate::ids::{BufferId, PoolId};
use crate::mem::pool::{MemoryPool, PoolFlags};
use crate::mem::WriteStamp;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolMaker {
    pub size_b: u64,
    pub flags: PoolFlags,
}

impl PoolMaker {
    pub fn new(size_b: u64, flags: PoolFlags) -> PoolMaker {
        PoolMaker { size_b, flags }
    }
}

pub struct Pool {
    pub id: PoolId,
    pub maker: PoolMaker,
    /// Where the pool lies in the GPU address space, for its whole life
    /// (`AddressSpace`).
    pub address: GpuAddress,
    /// The buffer that stands for the whole pool when a command names an address in it
    /// (`address::pool_buffer_id`): made and finalized with the pool.
    pub whole_buffer: BufferId,
    /// Shared with the backend, which reads and (for write-back) writes it.
    pub storage: Arc<MemoryPool>,
    /// A virtual pool's page map (empty for a physical pool): `Device::map_virtual`.
    pub pages: PageMap,
    /// The virtual pool's storage stamp after its last mapping change: a page written
    /// after it goes back to its physical page when the mapping changes.
    pub pages_synced_at: WriteStamp,
    /// Per physical pool mapped under this virtual pool, its storage stamp when its CPU
    /// writes were last taken into the virtual pool's pages (`Device::map_virtual`).
    pub physical_synced_at: std::collections::BTreeMap<PoolId, WriteStamp>,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("id", &self.id)
            .field("maker", &self.maker)
            .field("address", &self.address)
            .finish_non_exhaustive()
    }
}

impl Pool {
    pub fn size_b(&self) -> u64 {
        self.maker.size_b
    }

    /// NVN's `MemoryPool::GetBufferAddress`: the pool's first byte's GPU address.
    pub fn buffer_address(&self) -> GpuAddress {
        self.address
    }
}

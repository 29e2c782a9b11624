//! Memory pools: the storage every texture and buffer lives in. The bytes and their
//! write stamps are `memory`'s; this is the object wrapper the device tables hold.

use std::sync::Arc;

use crate::ids::PoolId;
use crate::mem::pool::{MemoryPool, PoolFlags};

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
    /// Shared with the backend, which reads and (for write-back) writes it.
    pub storage: Arc<MemoryPool>,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("id", &self.id)
            .field("maker", &self.maker)
            .finish_non_exhaustive()
    }
}

impl Pool {
    pub fn size_b(&self) -> u64 {
        self.maker.size_b
    }
}

//! Buffers: ranges of a pool, made for the uses they are bound for.

use crate::address::GpuAddress;
use crate::ids::{BufferId, PoolId};

flag_set!(
    pub struct BufferUsage {
        VERTEX = 1,
        INDEX = 2,
        UNIFORM = 4,
        STORAGE = 8,
        INDIRECT = 16,
    }
);

impl BufferUsage {
    pub const ALL: BufferUsage = BufferUsage(31);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferMaker {
    pub pool: PoolId,
    pub offset_b: u64,
    pub size_b: u64,
    pub usage: BufferUsage,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Buffer {
    pub id: BufferId,
    pub pool: PoolId,
    pub offset_b: u64,
    pub size_b: u64,
    pub usage: BufferUsage,
    /// NVN's `Buffer::GetAddress`: its pool's address plus its offset.
    pub address: GpuAddress,
}

/// Bytes `offset_b..offset_b + size_b` of a buffer (offsets relative to the buffer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BufferRange {
    pub buffer: BufferId,
    pub offset_b: u64,
    pub size_b: u64,
}

impl Buffer {
    /// Whether `offset_b..offset_b + size_b` lies inside the buffer.
    #[inline]
    pub fn contains(&self, offset_b: u64, size_b: u64) -> bool {
        offset_b
            .checked_add(size_b)
            .is_some_and(|end_b| end_b <= self.size_b)
    }
}

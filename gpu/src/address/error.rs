//! What is wrong with an address a command or an object named.

use super::GpuAddress;
use crate::ids::PoolId;

/// The live pool nearest to an address that no pool holds, for the error's message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearestPool {
    pub pool: PoolId,
    pub start: GpuAddress,
    pub size_b: u64,
}

impl std::fmt::Display for NearestPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the nearest live pool is {} at {}..{:#x}",
            self.pool,
            self.start,
            self.start.0 + self.size_b
        )
    }
}

/// Refusals of an address, each naming the address and the pool nearest to it.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum AddressError {
    #[error("address {address} is in no live pool ({})", match nearest {
        Some(nearest) => nearest.to_string(),
        None => "no pool is live".to_string(),
    })]
    NotInPool {
        address: GpuAddress,
        nearest: Option<NearestPool>,
    },
    #[error(
        "{size_b} bytes at address {address} run past the end of {} ({}..{:#x})",
        pool.pool, pool.start, pool.start.0 + pool.size_b
    )]
    PastPoolEnd {
        address: GpuAddress,
        size_b: u64,
        pool: NearestPool,
    },
    #[error(
        "{size_b} bytes at address {address} run from {} into {}: a range lies in one pool",
        pool.pool, next.pool
    )]
    AcrossPools {
        address: GpuAddress,
        size_b: u64,
        pool: NearestPool,
        next: NearestPool,
    },
    #[error(
        "no room for a pool of {size_b} bytes in the GPU address space ({} live pools)",
        live_pools
    )]
    Exhausted { size_b: u64, live_pools: usize },
}

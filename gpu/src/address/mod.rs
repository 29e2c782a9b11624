//! NVN's address model: every pool has a 64-bit GPU address range for its life, and every
//! buffer is an address inside one. The addresses are Hookshot's own, handed out by an
//! `AddressSpace` as deterministically as the console's (the same sequence of pools gets
//! the same addresses on any driver, in a replay as in the recorded run), and turned back
//! into (pool, offset) by the same table when a command names one.

mod error;
mod space;
mod virtual_pages;
mod virtual_path;

pub use error::{AddressError, NearestPool};
pub use space::{AddressSpace, PoolRange};
pub use virtual_pages::{
    check_inside, check_request, MappedPage, MappingRequest, PageChange, PageMap, StorageClass,
    VirtualMapError, VIRTUAL_PAGE_B,
};
pub use virtual_path::{sparse_block_refusal, SparseResidency, SparseSwitch, VirtualPoolPath};

use std::fmt;

/// A GPU address in Hookshot's address space (NVN's `BufferAddress`, deko3d's
/// `DkGpuAddr`). Printed in hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct GpuAddress(pub u64);

impl GpuAddress {
    /// `self + offset_b`, or `None` past the 64-bit range.
    #[inline]
    pub fn checked_add(self, offset_b: u64) -> Option<GpuAddress> {
        self.0.checked_add(offset_b).map(GpuAddress)
    }
}

impl fmt::Display for GpuAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}", self.0)
    }
}

/// Where the first pool is placed: above 4 GiB, so an address cut to 32 bits anywhere
/// misses every pool instead of hitting another one.
pub const ADDRESS_BASE: u64 = 1 << 32;

/// Pools start at multiples of Maxwell's big page (64 KiB), as deko3d maps its memory
/// blocks.
pub const POOL_ALIGNMENT_B: u64 = 64 << 10;

/// The end of the address space: Maxwell's GPU virtual addresses are 40 bits.
pub const ADDRESS_LIMIT: u64 = 1 << 40;

/// The buffer id that stands for the whole of pool `pool` when a command names an
/// address: ids from here up are the pools' (ordinary buffers stay below it).
pub const POOL_BUFFER_ID_BASE: u32 = 1 << 31;

/// The buffer id standing for the whole of `pool` (`POOL_BUFFER_ID_BASE` + the pool's
/// raw id); `None` for a pool id too large to have one (refused when made).
#[inline]
pub fn pool_buffer_id(pool: crate::ids::PoolId) -> Option<crate::ids::BufferId> {
    let raw = pool.raw();
    if raw >= POOL_BUFFER_ID_BASE {
        return None;
    }
    crate::ids::BufferId::from_raw(POOL_BUFFER_ID_BASE | raw)
}

/// The pool whose whole-pool buffer `buffer` is, if it is one.
#[inline]
pub fn pool_of_pool_buffer(buffer: crate::ids::BufferId) -> Option<crate::ids::PoolId> {
    let raw = buffer.raw();
    if raw & POOL_BUFFER_ID_BASE == 0 {
        return None;
    }
    crate::ids::PoolId::from_raw(raw & !POOL_BUFFER_ID_BASE)
}

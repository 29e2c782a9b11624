//! The address space: where each live pool's range lies, and the table that turns an
//! address back into (pool, offset). Both are one sorted map of the live ranges, so a
//! lookup is O(log n) in the live pools.
//!
//! Placement is next-fit from a cursor: a pool goes at the first aligned gap at or after
//! the end of the pool placed before it, wrapping to the base only when the top of the
//! space is reached. So the addresses depend only on the order of pool creations and
//! finalizations and their sizes (a replay gets the same ones), and a finalized pool's
//! range is not handed out again until the whole space has been gone round: an address
//! kept past its pool's end misses instead of hitting a newer pool.

use std::collections::BTreeMap;

use super::{AddressError, GpuAddress, NearestPool, ADDRESS_BASE, ADDRESS_LIMIT, POOL_ALIGNMENT_B};
use crate::ids::PoolId;

/// One live pool's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolRange {
    pub pool: PoolId,
    pub start: GpuAddress,
    pub size_b: u64,
}

impl PoolRange {
    #[inline]
    pub fn end(&self) -> u64 {
        self.start.0 + self.size_b
    }

    fn nearest(&self) -> NearestPool {
        NearestPool {
            pool: self.pool,
            start: self.start,
            size_b: self.size_b,
        }
    }
}

#[derive(Debug)]
pub struct AddressSpace {
    /// Live ranges by start address.
    live: BTreeMap<u64, PoolRange>,
    /// Where the next placement's search starts.
    cursor: u64,
    base: u64,
    limit: u64,
}

impl Default for AddressSpace {
    fn default() -> Self {
        AddressSpace::with_bounds(ADDRESS_BASE, ADDRESS_LIMIT)
    }
}

fn align_up(address: u64) -> Option<u64> {
    address
        .checked_add(POOL_ALIGNMENT_B - 1)
        .map(|a| a & !(POOL_ALIGNMENT_B - 1))
}

impl AddressSpace {
    /// A space from `base` to `limit` (both multiples of `POOL_ALIGNMENT_B`); smaller
    /// than the default to test its wrapping.
    pub fn with_bounds(base: u64, limit: u64) -> AddressSpace {
        AddressSpace {
            live: BTreeMap::new(),
            cursor: base,
            base,
            limit,
        }
    }

    /// Places `pool`'s `size_b` bytes (non-zero) and returns its start address.
    pub fn place(&mut self, pool: PoolId, size_b: u64) -> Result<GpuAddress, AddressError> {
        let exhausted = AddressError::Exhausted {
            size_b,
            live_pools: self.live.len(),
        };
        let start = self
            .first_gap(self.cursor, self.limit, size_b)
            .or_else(|| self.first_gap(self.base, self.limit, size_b))
            .ok_or(exhausted)?;
        let range = PoolRange {
            pool,
            start: GpuAddress(start),
            size_b,
        };
        self.live.insert(start, range);
        self.cursor = align_up(range.end()).unwrap_or(self.limit).min(self.limit);
        Ok(range.start)
    }

    /// The first aligned start in `from..until` where `size_b` bytes fit between live
    /// ranges and end by `until`.
    fn first_gap(&self, from: u64, until: u64, size_b: u64) -> Option<u64> {
        let mut candidate = align_up(from)?;
        // A range that began before `from` may still cover it.
        if let Some((_, before)) = self.live.range(..candidate).next_back() {
            if before.end() > candidate {
                candidate = align_up(before.end())?;
            }
        }
        loop {
            let end = candidate.checked_add(size_b)?;
            if end > until {
                return None;
            }
            match self.live.range(candidate..).next() {
                Some((&next_start, next)) if next_start < end => {
                    candidate = align_up(next.end())?;
                }
                _ => return Some(candidate),
            }
        }
    }

    /// Takes the range starting at `start` out of the table (the pool was finalized).
    pub fn remove(&mut self, start: GpuAddress) -> Option<PoolRange> {
        self.live.remove(&start.0)
    }

    /// The live pool holding `address`, if any.
    #[inline]
    pub fn pool_at(&self, address: GpuAddress) -> Option<&PoolRange> {
        let (_, range) = self.live.range(..=address.0).next_back()?;
        (address.0 < range.end()).then_some(range)
    }

    /// `size_b` bytes at `address` as (pool, offset in it): refused when the address is
    /// in no live pool, or the range runs past its pool's end or into another pool.
    pub fn resolve(
        &self,
        address: GpuAddress,
        size_b: u64,
    ) -> Result<(PoolRange, u64), AddressError> {
        let Some(range) = self.pool_at(address) else {
            return Err(AddressError::NotInPool {
                address,
                nearest: self.nearest(address),
            });
        };
        let offset_b = address.0 - range.start.0;
        if offset_b
            .checked_add(size_b)
            .is_some_and(|end_b| end_b <= range.size_b)
        {
            return Ok((*range, offset_b));
        }
        let next = self.live.get(&range.end()).filter(|_| size_b > 0);
        Err(match next {
            Some(next) => AddressError::AcrossPools {
                address,
                size_b,
                pool: range.nearest(),
                next: next.nearest(),
            },
            None => AddressError::PastPoolEnd {
                address,
                size_b,
                pool: range.nearest(),
            },
        })
    }

    /// The live pool whose range is closest to `address` (by the distance to its nearer
    /// end), for an error's message.
    pub fn nearest(&self, address: GpuAddress) -> Option<NearestPool> {
        let below = self.live.range(..=address.0).next_back().map(|(_, r)| r);
        let above = self.live.range(address.0..).next().map(|(_, r)| r);
        let distance = |range: &PoolRange| {
            if address.0 < range.start.0 {
                range.start.0 - address.0
            } else {
                address.0.saturating_sub(range.end().saturating_sub(1))
            }
        };
        [below, above]
            .into_iter()
            .flatten()
            .min_by_key(|range| distance(range))
            .map(PoolRange::nearest)
    }

    /// The live ranges in address order.
    pub fn ranges(&self) -> impl Iterator<Item = &PoolRange> {
        self.live.values()
    }

    pub fn len(&self) -> usize {
        self.live.len()
    }

    pub fn is_empty(&self) -> bool {
        self.live.is_empty()
    }
}

#[cfg(test)]
#[path = "space_tests.rs"]
mod tests;

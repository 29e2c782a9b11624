//! The pool table: how a translated program turns a raw 64-bit address (NVN's address
//! model: a pointer the game keeps in memory and a shader dereferences) into a device
//! address. The backend keeps one storage buffer of the live pools' ranges, sorted by
//! start, each with its buffer's `bufferDeviceAddress`; a program that dereferences a raw
//! address binds it at [`POOL_TABLE_HOST`] and searches it with a binary search of fixed
//! depth ([`POOL_TABLE_DEPTH`] steps, no loop), so a lookup ends whatever the address.
//!
//! Layout (little-endian words): a header of [`POOL_TABLE_HEADER_B`] bytes (its first 64
//! bits: the device address of the miss record; then the count of live entries), then [`POOL_TABLE_ENTRIES`] entries of
//! [`POOL_TABLE_ENTRY_B`] bytes: start, end (one past the last byte) and device address,
//! each a 64-bit word, then 8 bytes of padding. Entries past the live pools start at
//! `u64::MAX` and end at 0, so no address is in them.
//!
//! The program only reads the table (a descriptor); a miss goes to the miss record, a
//! small buffer it reaches through its device address: word 0 the count of misses (added
//! to atomically), words 1-2 the low and high word of a missed address, word 3 the tag of
//! the program that missed there ([`program_tag`]). Kept apart so that programs running
//! at once share no written descriptor.

use crate::spirv::ops::decoration;
use crate::spirv::{Module, ModuleIndex, ParseError};
use crate::{HostBinding, ResourceKind, Stage};

/// Where the pool table is bound: the storage buffer set, the binding after every
/// stage's NVN storage slots (no NVN slot maps to it).
pub const POOL_TABLE_HOST: HostBinding = HostBinding {
    set: ResourceKind::StorageBuffer.host_set(),
    binding: Stage::ALL.len() as u32 * ResourceKind::StorageBuffer.slots_per_stage(),
};
/// Steps of the lookup's binary search: the table holds 2^depth entries.
pub const POOL_TABLE_DEPTH: u32 = 12;
pub const POOL_TABLE_ENTRIES: usize = 1 << POOL_TABLE_DEPTH;
pub const POOL_TABLE_HEADER_B: usize = 16;
pub const POOL_TABLE_ENTRY_B: usize = 32;
pub const POOL_TABLE_SIZE_B: usize = POOL_TABLE_HEADER_B + POOL_TABLE_ENTRIES * POOL_TABLE_ENTRY_B;
/// Byte offset in the header of the miss record's device address.
pub const POOL_TABLE_MISS_RECORD_B: usize = 0;
/// Byte offset in the header of the count of live entries (a `u32`): the search skips
/// the steps past it (those entries are padding).
pub const POOL_TABLE_COUNT_B: usize = 8;
/// The miss record: its size, and the byte offsets of the count and the address in it.
pub const MISS_RECORD_B: usize = 16;
pub const MISS_RECORD_COUNT_B: usize = 0;
pub const MISS_RECORD_ADDRESS_B: usize = 4;
pub const MISS_RECORD_PROGRAM_B: usize = 12;

/// The tag a program translated from `source` leaves in the miss record beside a missed
/// address: a 32-bit FNV-1a hash of its stage and code (not its name, which the cache
/// key leaves out), never 0. The backend turns it back into the name of a module it
/// holds. Compiled Maxwell programs leave [`COMPILED_PROGRAM_TAG`].
pub fn program_tag(source: &crate::ShaderSource) -> u32 {
    let stage = source.stage.short_name().as_bytes().iter();
    let tag = stage
        .chain(source.code.key_bytes().iter())
        .fold(0x811c_9dc5u32, |hash, byte| {
            (hash ^ u32::from(*byte)).wrapping_mul(0x0100_0193)
        });
    tag.max(1)
}

/// The tag compiled Maxwell programs leave in the miss record.
pub const COMPILED_PROGRAM_TAG: u32 = 0;

/// One live pool: its Hookshot address range and its buffer's device address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolTableEntry {
    pub start: u64,
    pub end: u64,
    pub device_address: u64,
}

/// More live pools than the table holds: the ones past it miss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{live} live pools, past the pool table's {POOL_TABLE_ENTRIES} entries: raw pointers into the last {} miss",
    live - POOL_TABLE_ENTRIES
)]
pub struct PoolTableFull {
    pub live: usize,
}

/// The entries' bytes (the header left out): `pools` sorted by start, padded to
/// [`POOL_TABLE_ENTRIES`]. With more pools than that, the table holds the first ones by
/// address, and says how many there were.
pub fn pool_table_entries(pools: &[PoolTableEntry]) -> (Vec<u8>, Result<(), PoolTableFull>) {
    let mut sorted = pools.to_vec();
    sorted.sort_by_key(|entry| entry.start);
    let fits = if sorted.len() > POOL_TABLE_ENTRIES {
        Err(PoolTableFull { live: sorted.len() })
    } else {
        Ok(())
    };
    let mut bytes = Vec::with_capacity(POOL_TABLE_ENTRIES * POOL_TABLE_ENTRY_B);
    let empty = PoolTableEntry {
        start: u64::MAX,
        end: 0,
        device_address: 0,
    };
    let padding = std::iter::repeat(empty);
    for entry in sorted.into_iter().chain(padding).take(POOL_TABLE_ENTRIES) {
        for word in [entry.start, entry.end, entry.device_address, 0] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
    }
    (bytes, fits)
}

/// Whether a translated module reads the pool table (it dereferences raw addresses).
pub fn uses_pool_table(spirv_words: &[u32]) -> Result<bool, ParseError> {
    let module = Module::parse(spirv_words)?;
    Ok(pool_table_variable(&ModuleIndex::new(&module)).is_some())
}

/// The variable bound at [`POOL_TABLE_HOST`], if any.
pub(crate) fn pool_table_variable(index: &ModuleIndex) -> Option<u32> {
    index
        .variables
        .iter()
        .map(|variable| variable.id)
        .find(|&id| is_pool_table(index, id))
}

/// Whether variable `id` is the pool table (not an NVN resource).
pub(crate) fn is_pool_table(index: &ModuleIndex, id: u32) -> bool {
    index.decoration_literal(id, decoration::DESCRIPTOR_SET) == Some(POOL_TABLE_HOST.set)
        && index.decoration_literal(id, decoration::BINDING) == Some(POOL_TABLE_HOST.binding)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A naive model of the lookup: every live pool scanned.
    fn naive(pools: &[PoolTableEntry], address: u64, size_b: u64) -> Option<u64> {
        pools
            .iter()
            .find(|p| p.start <= address && address < p.end && p.end - address >= size_b)
            .map(|p| p.device_address + (address - p.start))
    }

    /// The lookup the emitted code performs, on the bytes, skipping the steps past the
    /// `live` entries.
    fn searched(bytes: &[u8], live: usize, address: u64, size_b: u64) -> Option<u64> {
        let word = |entry: usize, k: usize| {
            let at = entry * POOL_TABLE_ENTRY_B + 8 * k;
            u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
        };
        let mut i = 0usize;
        for step in (0..POOL_TABLE_DEPTH).rev() {
            let probe = i + (1 << step);
            if probe < live && word(probe, 0) <= address {
                i = probe;
            }
        }
        let (start, end, device) = (word(i, 0), word(i, 1), word(i, 2));
        let aligned = address.is_multiple_of(size_b);
        (start <= address && address < end && end - address >= size_b && aligned)
            .then(|| device + (address - start))
    }

    #[test]
    fn the_fixed_depth_search_finds_what_a_scan_finds() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..200 {
            let count = (next() % 40) as usize + usize::from(round % 7 == 0) * 4000;
            let mut pools = Vec::new();
            let mut start = 1u64 << 32;
            for _ in 0..count.min(POOL_TABLE_ENTRIES) {
                start += (next() % 4) << 16;
                let size = ((next() % 3) + 1) << 16;
                pools.push(PoolTableEntry {
                    start,
                    end: start + size - (next() % 2) * 12,
                    device_address: next() & !3,
                });
                start += size;
            }
            let (bytes, fits) = pool_table_entries(&pools);
            assert_eq!(fits, Ok(()));
            for _ in 0..200 {
                // An access of 4 bytes (Maxwell's words) or of a buffer reference's
                // 1 to 64 bytes, aligned to its size.
                let size_b = [4, 1, 2, 8, 16, 64][(next() % 6) as usize];
                let address = match next() % 3 {
                    0 => next(),
                    _ => (1u64 << 32) + (next() % (start - (1 << 32) + 0x20000)),
                } & !(size_b - 1);
                let found = naive(&pools, address, size_b);
                assert_eq!(
                    searched(&bytes, pools.len(), address, size_b),
                    found,
                    "{address:#x}"
                );
                // Reading the padding too finds the same (it starts at u64::MAX).
                let all = POOL_TABLE_ENTRIES;
                assert_eq!(
                    searched(&bytes, all, address, size_b),
                    found,
                    "{address:#x}"
                );
            }
            assert_eq!(searched(&bytes, pools.len(), !3, 4), None);
        }
    }

    #[test]
    fn pools_past_the_table_are_named() {
        let pools: Vec<_> = (0..POOL_TABLE_ENTRIES as u64 + 3)
            .map(|i| PoolTableEntry {
                start: (1 << 32) + (i << 16),
                end: (1 << 32) + ((i + 1) << 16),
                device_address: i << 20,
            })
            .collect();
        let (bytes, fits) = pool_table_entries(&pools);
        assert_eq!(bytes.len(), POOL_TABLE_ENTRIES * POOL_TABLE_ENTRY_B);
        assert_eq!(
            fits.unwrap_err().to_string(),
            "4099 live pools, past the pool table's 4096 entries: raw pointers into the last 3 miss"
        );
    }
}

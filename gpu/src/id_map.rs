//! Maps keyed by counter ids (objects, and the Vulkan executor's pools and pipelines),
//! hashed by one multiply.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` keyed by an id, without a keyed (SipHash) hash.
pub type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// Hashes an id by one multiply: ids are distinct counters, looked up once a draw or
/// more, where a keyed hash of them would cost more than the lookup.
#[derive(Default)]
pub struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(self.0 ^ u64::from(byte));
        }
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        // A large odd constant spreads counters over the high bits the table probes by.
        self.0 = value.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

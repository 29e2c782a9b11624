//! Maps keyed by counter ids (objects, the Vulkan executor's pools, pipelines and Vulkan
//! handles), hashed by one multiply per word.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` keyed by an id, without a keyed (SipHash) hash.
pub type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// Hashes an id by one multiply: ids are distinct counters (or handles), looked up once a
/// draw or more, where a keyed hash of them would cost more than the lookup. Keys of
/// several words (a descriptor set's contents) fold each word into the state before the
/// multiply, so every word counts.
#[derive(Default)]
pub struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        // The table picks buckets by the low bits: rotate the well-mixed middle bits of
        // the product down to them (a product keeps the key's low zero bits, and
        // handles are aligned).
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }

    fn write_u64(&mut self, value: u64) {
        // A large odd constant spreads the word over the high bits; `finish` brings them
        // down to the bucket bits.
        self.0 = (self.0.rotate_left(26) ^ value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

#[cfg(test)]
mod tests {
    use std::hash::{BuildHasher, BuildHasherDefault};

    use super::IdHasher;

    fn hash(value: impl std::hash::Hash) -> u64 {
        BuildHasherDefault::<IdHasher>::default().hash_one(value)
    }

    #[test]
    fn every_word_of_a_key_counts() {
        assert_ne!(hash((1u64, 2u64)), hash((3u64, 2u64)));
        assert_ne!(hash((1u64, 2u64)), hash((2u64, 1u64)));
        assert_ne!(hash([5u32, 0, 0]), hash([0u32, 5, 0]));
    }

    #[test]
    fn aligned_keys_spread_over_the_low_bits() {
        // Handles are often 64-byte aligned: their low 10 hash bits still take most values.
        let buckets: std::collections::HashSet<u64> =
            (1..=4096u64).map(|key| hash(key * 64) & 1023).collect();
        assert!(buckets.len() > 950, "{} buckets of 1024", buckets.len());
    }
}

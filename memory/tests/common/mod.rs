//! Helpers shared by the integration tests.
#![allow(dead_code)]

/// Deterministic bytes, different for each seed (xorshift64*).
pub fn pattern_bytes(len_b: usize, seed: u64) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len_b)
        .map(|_| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
        })
        .collect()
}

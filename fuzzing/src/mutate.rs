//! The driver's mutations of an input: bit flips, byte and word values chosen to sit on
//! bounds, insertions, deletions, repeats and splices with another input of the corpus.

/// xorshift64*: a fixed seed gives the same run everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// A value below `bound` (0 for a bound of 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            0
        } else {
            (self.next_u64() % bound as u64) as usize
        }
    }
}

/// Values at the edges of what lengths, counts and offsets may be.
const EDGES: [u64; 12] = [
    0,
    1,
    3,
    4,
    0x7f,
    0xff,
    0xffff,
    0x1_0000,
    0x7fff_ffff,
    0xffff_ffff,
    0x7fff_ffff_ffff_ffff,
    u64::MAX,
];

/// The largest input the driver makes: past every target's interesting size.
pub const MAX_INPUT_B: usize = 64 << 10;

/// Changes `input` by one to four mutations; `other` is another corpus entry to splice.
pub fn mutate(input: &mut Vec<u8>, other: &[u8], rng: &mut Rng) {
    for _ in 0..=rng.below(4) {
        match rng.below(8) {
            0 if !input.is_empty() => {
                let at = rng.below(input.len());
                input[at] ^= 1 << rng.below(8);
            }
            1 if !input.is_empty() => {
                let at = rng.below(input.len());
                input[at] = rng.next_u64() as u8;
            }
            2 if !input.is_empty() => {
                let width = [1usize, 2, 4, 8][rng.below(4)];
                let at = rng.below(input.len());
                let edge = EDGES[rng.below(EDGES.len())].to_le_bytes();
                for (offset, byte) in edge.iter().take(width).enumerate() {
                    if let Some(slot) = input.get_mut(at + offset) {
                        *slot = *byte;
                    }
                }
            }
            3 => {
                let at = rng.below(input.len() + 1);
                let count = 1 + rng.below(16);
                let bytes: Vec<u8> = (0..count).map(|_| rng.next_u64() as u8).collect();
                input.splice(at..at, bytes);
            }
            4 if !input.is_empty() => {
                let at = rng.below(input.len());
                let end = (at + 1 + rng.below(32)).min(input.len());
                input.drain(at..end);
            }
            5 if !input.is_empty() => {
                // A run of the input repeated: lengths and nesting grow.
                let at = rng.below(input.len());
                let end = (at + 1 + rng.below(64)).min(input.len());
                let run = input[at..end].to_vec();
                let times = 1 + rng.below(8);
                for _ in 0..times {
                    input.splice(end..end, run.iter().copied());
                }
            }
            6 if !other.is_empty() => {
                let from = rng.below(other.len());
                let end = (from + 1 + rng.below(256)).min(other.len());
                let at = rng.below(input.len() + 1);
                input.splice(at..at, other[from..end].iter().copied());
            }
            _ => {
                let at = rng.below(input.len() + 1);
                input.truncate(at.max(1).min(input.len()));
            }
        }
    }
    input.truncate(MAX_INPUT_B);
}

//! Where the terrain tiles live in their pool. Every chunk ever drawn keeps its storage
//! (a finalized texture ends the object, not the storage); a defragmentation moves every
//! tile to the other half of the pool, in order, as the game's `memcpy` does.

use std::collections::BTreeMap;

use super::terrain::ChunkCoord;

/// Storage placement of the tiles: two halves, the live half and the one the next
/// defragmentation moves into.
#[derive(Debug)]
pub struct TileStorage {
    /// Bytes one tile's storage takes, aligned for the next one.
    pub stride_b: u64,
    pub slots_per_half: u64,
    /// Which half holds the tiles now.
    half: u64,
    offsets: BTreeMap<ChunkCoord, u64>,
}

/// One tile's move in a defragmentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub chunk: ChunkCoord,
    pub from_b: u64,
    pub to_b: u64,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the tile pool holds {0} tiles and is full")]
pub struct PoolFull(pub u64);

impl TileStorage {
    pub fn new(tile_size_b: u64, alignment_b: u64, slots_per_half: u64) -> TileStorage {
        TileStorage {
            stride_b: tile_size_b.next_multiple_of(alignment_b),
            slots_per_half,
            half: 0,
            offsets: BTreeMap::new(),
        }
    }

    /// The pool size the tiles need.
    pub fn pool_size_b(&self) -> u64 {
        (2 * self.slots_per_half * self.stride_b).next_multiple_of(4096)
    }

    pub fn offset_of(&self, chunk: ChunkCoord) -> Option<u64> {
        self.offsets.get(&chunk).copied()
    }

    /// Places a new chunk's tile after the last one in the live half.
    pub fn place(&mut self, chunk: ChunkCoord) -> Result<u64, PoolFull> {
        let slot = self.offsets.len() as u64;
        if slot >= self.slots_per_half {
            return Err(PoolFull(self.slots_per_half));
        }
        let offset_b = (self.half * self.slots_per_half + slot) * self.stride_b;
        self.offsets.insert(chunk, offset_b);
        Ok(offset_b)
    }

    /// Moves every tile to the other half, packed in chunk order; returns the moves.
    pub fn defragment(&mut self) -> Vec<Move> {
        self.half = 1 - self.half;
        let base = self.half * self.slots_per_half;
        self.offsets
            .iter_mut()
            .enumerate()
            .map(|(slot, (&chunk, offset_b))| {
                let to_b = (base + slot as u64) * self.stride_b;
                let step = Move {
                    chunk,
                    from_b: *offset_b,
                    to_b,
                };
                *offset_b = to_b;
                step
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_packed_and_every_defragmentation_moves_all_of_them() {
        let mut storage = TileStorage::new(1000, 512, 4);
        assert_eq!(storage.stride_b, 1024);
        let a = ChunkCoord { x: 1, y: 0 };
        let b = ChunkCoord { x: 0, y: 0 };
        assert_eq!(storage.place(a), Ok(0));
        assert_eq!(storage.place(b), Ok(1024));
        let moves = storage.defragment();
        assert_eq!(moves.len(), 2);
        assert!(moves
            .iter()
            .all(|m| m.to_b >= 4 * 1024 && m.from_b < 4 * 1024));
        assert_eq!(storage.offset_of(b), Some(4 * 1024));
        assert_eq!(storage.offset_of(a), Some(5 * 1024));
        let back = storage.defragment();
        assert!(back.iter().all(|m| m.to_b < 4 * 1024));
        for slot in 2..4 {
            storage.place(ChunkCoord { x: 9, y: slot }).unwrap();
        }
        assert_eq!(storage.place(ChunkCoord { x: 9, y: 9 }), Err(PoolFull(4)));
    }
}

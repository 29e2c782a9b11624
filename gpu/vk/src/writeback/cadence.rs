//! The write-back's cost bound (seed 000): a level written in this frame and each of the
//! two frames before it is a render target drawn every frame, and storing it every frame
//! costs a store a frame for storage nothing reads. Its writes wait until two frames pass
//! without a write, then its last contents are stored once: two stores while it is drawn,
//! one after. Everything else is stored in the submission that wrote it, so a baked tile
//! and the second of two writes in consecutive frames are in storage when their fence
//! signals (seed 000's terrain, and the copy right after a second write).
//!
//! What waits is stored earlier when work reads its storage's bytes through a buffer, when
//! a texture over it is filled from storage, and at the next submission once the texture
//! ends; a CPU write over it drops it. What it gives up: a CPU copy or read of a level
//! drawn in three or more consecutive frames, before it has been quiet for two frames,
//! sees an older drawing (the executor warns when a `copy_pool` does).

use std::collections::HashMap;

use gpu::TextureId;

/// Frames without a write after which a waiting level is stored.
pub const QUIET_FRAMES: u64 = 2;

/// One level and layer of one texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelKey {
    pub texture: TextureId,
    pub level: u32,
    pub layer: u32,
}

/// When a written level is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreWhen {
    /// In the submission that wrote it, before its next signal.
    Now,
    /// Once `QUIET_FRAMES` frames pass without a write (or earlier, when its storage is
    /// read through a buffer or the texture ends).
    AfterQuiet,
}

/// A level's run of writes in consecutive frames.
#[derive(Clone, Copy, Debug)]
struct Run {
    first_frame: u64,
    last_frame: u64,
}

/// The runs of writes of each level, and the rule above.
#[derive(Debug, Default)]
pub struct StoreCadence {
    runs: HashMap<LevelKey, Run>,
}

impl StoreCadence {
    /// Notes a write of `key` in `frame` and says when it is stored.
    pub fn note_write(&mut self, key: LevelKey, frame: u64) -> StoreWhen {
        let run = self.runs.entry(key).or_insert(Run {
            first_frame: frame,
            last_frame: frame,
        });
        if frame > run.last_frame.saturating_add(1) || frame < run.last_frame {
            run.first_frame = frame;
        }
        run.last_frame = frame;
        // Written in this frame and each of the two before it.
        if frame - run.first_frame >= QUIET_FRAMES {
            StoreWhen::AfterQuiet
        } else {
            StoreWhen::Now
        }
    }

    /// Whether a level that waits is due in `frame`: `QUIET_FRAMES` frames passed since
    /// its last write (or nothing is known of it).
    pub fn is_quiet(&self, key: LevelKey, frame: u64) -> bool {
        self.runs
            .get(&key)
            .is_none_or(|run| frame > run.last_frame.saturating_add(QUIET_FRAMES))
    }

    /// Forgets `texture`'s levels (it was finalized).
    pub fn forget_texture(&mut self, texture: TextureId) {
        self.runs.retain(|key, _| key.texture != texture);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(texture: u32) -> LevelKey {
        LevelKey {
            texture: TextureId::from_raw(texture).unwrap(),
            level: 0,
            layer: 0,
        }
    }

    #[test]
    fn a_level_written_once_is_stored_at_once() {
        let mut cadence = StoreCadence::default();
        assert_eq!(cadence.note_write(key(1), 7), StoreWhen::Now);
        // Several writes in one frame do not make a run.
        assert_eq!(cadence.note_write(key(1), 7), StoreWhen::Now);
    }

    #[test]
    fn the_second_of_two_consecutive_frames_is_stored_at_once() {
        let mut cadence = StoreCadence::default();
        assert_eq!(cadence.note_write(key(1), 3), StoreWhen::Now);
        assert_eq!(cadence.note_write(key(1), 4), StoreWhen::Now);
    }

    #[test]
    fn a_level_written_every_frame_is_stored_twice_while_it_is_drawn() {
        let mut cadence = StoreCadence::default();
        let now = (0..200)
            .filter(|&frame| cadence.note_write(key(1), frame) == StoreWhen::Now)
            .count();
        assert_eq!(now, 2);
        // Its last write waits for two frames without a write.
        assert!(!cadence.is_quiet(key(1), 200));
        assert!(!cadence.is_quiet(key(1), 201));
        assert!(cadence.is_quiet(key(1), 202));
    }

    #[test]
    fn a_quiet_frame_ends_the_run() {
        let mut cadence = StoreCadence::default();
        for frame in 0..5 {
            cadence.note_write(key(1), frame);
        }
        assert_eq!(cadence.note_write(key(1), 6), StoreWhen::Now);
        assert_eq!(cadence.note_write(key(1), 7), StoreWhen::Now);
        assert_eq!(cadence.note_write(key(1), 8), StoreWhen::AfterQuiet);
    }

    #[test]
    fn levels_and_textures_are_apart_and_forgotten_textures_start_again() {
        let mut cadence = StoreCadence::default();
        for frame in 0..3 {
            cadence.note_write(key(1), frame);
        }
        assert_eq!(cadence.note_write(key(2), 2), StoreWhen::Now);
        let other_level = LevelKey { level: 1, ..key(1) };
        assert_eq!(cadence.note_write(other_level, 2), StoreWhen::Now);
        cadence.forget_texture(key(1).texture);
        assert_eq!(cadence.note_write(key(1), 3), StoreWhen::Now);
        assert!(cadence.is_quiet(key(3), 0));
    }
}

//! One cached host image and the facts the keep rule and eviction read.

use gpu::TextureId;
use memory::WriteStamp;

use super::config::KEEP_MAX_SIZE_B;
use super::decision::Texels;
use super::key::{HostImageId, ImageKey};
use super::reclaim_state::ReclaimState;

#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub image: HostImageId,
    pub key: ImageKey,
    /// The write-back can store its texels (admitted, and `RX_VK_GPU_STORAGE` on).
    pub storable: bool,
    pub texels: Texels,
    /// The pool's clock when the image last matched storage; CPU writes after it make
    /// the image stale.
    pub synced: WriteStamp,
    /// First and last frame the GPU wrote the current contents.
    pub drawn_frames: Option<(u64, u64)>,
    pub kept: bool,
    /// Resolved by the submission being recorded: not evicted until it is recorded.
    pub pinned: bool,
    /// Recency: larger is more recent.
    pub tick: u64,
    pub last_texture: TextureId,
    /// Render-target reclaim by overwrite (`reclaim`).
    pub reclaim: ReclaimState,
}

impl Entry {
    pub fn drawn_in_one_frame(&self) -> bool {
        matches!(self.drawn_frames, Some((first, last)) if first == last)
    }

    /// The keep rule, less the cap: drawn in one frame, small, finalized (no live
    /// texture), storage still the range it was drawn in, nothing drawn over it.
    pub fn keepable(&self, live_textures: u32) -> bool {
        self.drawn_in_one_frame()
            && self.key.size_b <= KEEP_MAX_SIZE_B
            && live_textures == 0
            && !matches!(self.texels, Texels::Stale(_))
            && !self.pinned
    }

    /// A multisample image holding GPU drawing: storage never holds a multisample
    /// texture's texels (seed 000's rule keeps them out of the write-back and the
    /// upload), so this image is their only copy and is never evicted, live or finalized,
    /// whatever the budget. A CPU write or drawing over its storage ends it (stale).
    pub fn holds_multisample_drawing(&self) -> bool {
        self.key.layout.samples > 1 && self.texels == Texels::HostOnly
    }

    pub fn drawn_frame(&self) -> u64 {
        self.drawn_frames.map_or(0, |(_, last)| last)
    }
}

/// What the cache shows of an entry, for the executor's stats and for tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CachedImage {
    pub image: HostImageId,
    pub key: ImageKey,
    pub texels: Texels,
    pub kept: bool,
    pub pinned: bool,
    pub drawn_frames: Option<(u64, u64)>,
}

impl From<&Entry> for CachedImage {
    fn from(entry: &Entry) -> CachedImage {
        CachedImage {
            image: entry.image,
            key: entry.key,
            texels: entry.texels,
            kept: entry.kept,
            pinned: entry.pinned,
            drawn_frames: entry.drawn_frames,
        }
    }
}

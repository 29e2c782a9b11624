//! What the cache tells the executor: how to resolve a texture use, and what each
//! eviction must do with the image's texels.

use std::fmt;

use gpu::TextureId;

use super::key::{HostImageId, ImageKey};

/// How a submission uses a texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// Read by a shader.
    Sample,
    /// Read by a copy or a blit.
    CopySource,
    /// Written by a render pass, a clear or a copy; `gpu_wrote` follows once recorded.
    Write,
}

/// Where the latest texels of a cached image's storage are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Texels {
    /// Storage holds them (after an upload, or a write-back of the GPU's drawing).
    Stored,
    /// Only the host image holds them: the GPU drew it and storage has not got them.
    HostOnly,
    /// Storage moved on since; the image must be filled again before use, and its own
    /// texels are worth nothing.
    Stale(StaleCause),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StaleCause {
    CpuWritten,
    DrawnOver,
    /// The GPU wrote the storage through a buffer (a copy into the pool, a storage buffer).
    BufferWritten,
    /// The fill the image was resolved with was never recorded (the submission was refused).
    FillAbandoned,
}

/// Why the executor fills a host image from storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillReason {
    /// No host image is cached for this storage and layout.
    NoImage,
    /// The CPU wrote the storage since the image matched it.
    CpuWritten,
    /// Another image was drawn over the storage since.
    DrawnOver,
    /// The GPU wrote the storage through a buffer since.
    BufferWritten,
    /// The image's last fill was never recorded.
    FillAbandoned,
    /// Storage lacks texels the GPU drew: `image` held them and went (or, not storable,
    /// still holds them) without a write-back. The fill gives storage's stale bytes.
    GpuTexelsLost {
        image: HostImageId,
        drawn_frame: u64,
    },
}

impl From<StaleCause> for FillReason {
    fn from(cause: StaleCause) -> FillReason {
        match cause {
            StaleCause::CpuWritten => FillReason::CpuWritten,
            StaleCause::DrawnOver => FillReason::DrawnOver,
            StaleCause::BufferWritten => FillReason::BufferWritten,
            StaleCause::FillAbandoned => FillReason::FillAbandoned,
        }
    }
}

impl fmt::Display for FillReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FillReason::NoImage => write!(f, "no host image for this storage"),
            FillReason::CpuWritten => write!(f, "the CPU wrote the storage"),
            FillReason::DrawnOver => write!(f, "another image was drawn over the storage"),
            FillReason::BufferWritten => write!(f, "the GPU wrote the storage through a buffer"),
            FillReason::FillAbandoned => write!(f, "its last fill was never recorded"),
            FillReason::GpuTexelsLost { image, drawn_frame } => write!(
                f,
                "storage lacks the GPU's texels: {image} drew them at frame {drawn_frame}, never stored"
            ),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The image holds the storage's texels: use it as it is (NOT uploaded).
    Reuse,
    /// Upload storage into the image. First record the write-back of each image in
    /// `write_back_first`: they overlap this storage and hold GPU texels it lacks (the
    /// cache counts them as stored from now on).
    Fill {
        reason: FillReason,
        write_back_first: Vec<HostImageId>,
    },
}

/// The answer to `ImageCache::resolve`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    pub image: HostImageId,
    /// The executor makes the host image (it is new to the cache).
    pub created: bool,
    pub action: Action,
}

impl Resolution {
    pub fn uploads(&self) -> bool {
        matches!(self.action, Action::Fill { .. })
    }
}

/// Why an eviction gives up texels that storage never held. The loss is reported, never
/// silent, and a texture made over that storage later is told `GpuTexelsLost`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LossCause {
    /// A kept image past the keep cap: kept images are never written back (the game may
    /// have reused the storage).
    KeptPastCap,
    /// A kept image past the whole budget.
    KeptPastBudget,
    /// A finalized image the write-back cannot store (not admitted, or `RX_VK_GPU_STORAGE=0`)
    /// and the keep rule does not keep.
    NotStorable,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvictAction {
    /// Nothing to save: storage holds the texels, or storage moved on since.
    Release,
    /// Record the write-back of the image into its storage, then release it.
    WriteBackThenRelease,
    /// Release it; its GPU texels are gone (see `LossCause`).
    ReleaseLosing(LossCause),
}

impl fmt::Display for EvictAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvictAction::Release => write!(f, "released, storage holds its texels"),
            EvictAction::WriteBackThenRelease => write!(f, "written back, then released"),
            EvictAction::ReleaseLosing(LossCause::KeptPastCap) => {
                write!(f, "released past the keep cap, GPU texels lost")
            }
            EvictAction::ReleaseLosing(LossCause::KeptPastBudget) => {
                write!(f, "released past the budget while kept, GPU texels lost")
            }
            EvictAction::ReleaseLosing(LossCause::NotStorable) => {
                write!(f, "released, not storable, GPU texels lost")
            }
        }
    }
}

/// One host image leaving the cache. The executor destroys it after the fence of its
/// last use (the retire list), after the write-back when one is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eviction {
    pub image: HostImageId,
    pub key: ImageKey,
    /// The texture that used it last.
    pub texture: TextureId,
    pub action: EvictAction,
    /// Dead by overwrite (`RX_VK_RT_RECLAIM`): its host image may serve another texture.
    pub reclaimed: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CacheError {
    #[error("{0} is not known to the image cache (never made, or finalized)")]
    UnknownTexture(TextureId),
    #[error("{0} was made twice in the image cache")]
    TextureExists(TextureId),
    #[error("{0} was written without being resolved in this submission")]
    NotResolved(TextureId),
    #[error("{0} is not in the image cache")]
    UnknownImage(HostImageId),
}

//! A copy ready to record (the NVN copy in its Vulkan form), and the pool bytes work
//! writes.

use ash::vk;
use gpu::PoolId;

/// A copy ready to record.
#[derive(Clone, Copy, Debug)]
pub enum PreparedCopy {
    Buffers {
        source: vk::Buffer,
        destination: vk::Buffer,
        region: vk::BufferCopy,
    },
    BufferToImage {
        source: vk::Buffer,
        destination: vk::Image,
        region: vk::BufferImageCopy,
    },
    ImageToBuffer {
        source: vk::Image,
        destination: vk::Buffer,
        region: vk::BufferImageCopy,
    },
    Images {
        source: vk::Image,
        destination: vk::Image,
        region: vk::ImageCopy,
    },
    Blit {
        source: vk::Image,
        destination: vk::Image,
        region: vk::ImageBlit,
        filter: vk::Filter,
    },
    /// A colour resolve (NVN's `Downsample`).
    Resolve {
        source: vk::Image,
        destination: vk::Image,
        region: vk::ImageResolve,
    },
    /// A depth resolve: an empty pass over `source` (loaded and stored) resolving its
    /// `aspect` by sample zero into `destination`.
    DepthResolve {
        source: vk::ImageView,
        destination: vk::ImageView,
        aspect: vk::ImageAspectFlags,
        extent: vk::Extent2D,
    },
}

/// Pool bytes a copy writes: `(pool, offset_b, len_b)`.
pub type PoolWrite = (PoolId, u64, u64);

/// An inline uniform update ready to record: its bytes stay in the list's side table.
#[derive(Clone, Copy, Debug)]
pub struct PreparedUpdate {
    pub destination: vk::Buffer,
    /// Into `destination`; a multiple of 4.
    pub offset_b: u64,
    pub write: PoolWrite,
}

//! A program's descriptors as its slots resolved (`prepare::slots`), in the form sets are
//! written from (`record::sets`): buffer ranges, sampled views with their samplers, and
//! storage images, with what the resolution used.

use ash::vk;
use gpu::{PoolId, SamplerId, TextureId};

use super::copy::PoolWrite;

#[derive(Clone, Copy, Debug)]
pub enum Resource {
    Buffer {
        buffer: vk::Buffer,
        offset_b: u64,
        range_b: u64,
    },
    Texture {
        view: vk::ImageView,
        sampler: vk::Sampler,
    },
    Image {
        view: vk::ImageView,
    },
}

/// Where a uniform or storage buffer descriptor's range came from: the binding a later
/// draw reads again when only offsets moved, and the pool its bytes lie in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferSource {
    pub storage: bool,
    pub stage: u8,
    pub slot: u8,
    pub pool: PoolId,
    /// The buffer object's offset in its pool.
    pub base_b: u64,
}

/// One descriptor to write.
#[derive(Clone, Copy, Debug)]
pub struct Descriptor {
    pub set: u32,
    pub binding: u32,
    /// The element of an array binding (0 for a single resource).
    pub element: u32,
    pub ty: vk::DescriptorType,
    pub resource: Resource,
    /// For uniform and storage buffers.
    pub source: Option<BufferSource>,
}

/// What a program's slots resolved to, and what that uses.
#[derive(Clone, Debug, Default)]
pub struct Resolved {
    pub descriptors: Vec<Descriptor>,
    /// Storage buffer ranges the work may write.
    pub writes: Vec<PoolWrite>,
    pub pools: Vec<PoolId>,
    pub textures: Vec<TextureId>,
    /// Of those, textures a shader may store to (load/store images).
    pub images_written: Vec<TextureId>,
    pub samplers: Vec<SamplerId>,
}

impl Resolved {
    /// Empty, keeping the room.
    pub fn clear(&mut self) {
        self.descriptors.clear();
        self.writes.clear();
        self.pools.clear();
        self.textures.clear();
        self.images_written.clear();
        self.samplers.clear();
    }
}

/// The part of a dynamic buffer's offset written into its descriptor: a multiple of 4 GiB
/// (aligned for any device), so the rest fits the bind's 32-bit dynamic offset.
pub fn dynamic_base_b(offset_b: u64) -> u64 {
    offset_b & !u64::from(u32::MAX)
}

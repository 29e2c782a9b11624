//! The staging arena: host-visible memory handed out linearly for uploads, read-backs and
//! the write-back's intermediate copies. Chunks go back to the free list once the
//! submission that used them has completed.

use std::sync::Arc;

use ash::vk;
use gpu_allocator::MemoryLocation;

use crate::bringup::device::Device;
use crate::error::VkResult;
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;

const CHUNK_B: u64 = 16 << 20;
/// Offsets are aligned for every use: texel copies of 16-byte blocks and storage buffers.
const ALIGNMENT_B: u64 = 256;

pub struct Chunk {
    pub raw: vk::Buffer,
    pub size_b: u64,
    used_b: u64,
    buffer: AllocatedBuffer,
}

impl Chunk {
    fn new(device: &Arc<Device>, size_b: u64, location: MemoryLocation) -> VkResult<Chunk> {
        let usage = vk::BufferUsageFlags::TRANSFER_SRC
            | vk::BufferUsageFlags::TRANSFER_DST
            | vk::BufferUsageFlags::STORAGE_BUFFER;
        let buffer = AllocatedBuffer::new(device, size_b, usage, location, "a staging chunk")?;
        Ok(Chunk {
            raw: buffer.raw,
            size_b,
            used_b: 0,
            buffer,
        })
    }

    fn bytes(&self) -> &[u8] {
        self.buffer
            .mapped()
            .expect("a host-visible arena's memory is mapped")
    }

    fn bytes_mut(&mut self) -> &mut [u8] {
        self.buffer
            .mapped_mut()
            .expect("a host-visible arena's memory is mapped")
    }
}

/// A slice of staging memory: which chunk, where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StagingSlice {
    pub chunk: usize,
    pub buffer: vk::Buffer,
    pub offset_b: u64,
    pub size_b: u64,
}

/// The chunks of one submission; reset once its timeline value is reached.
pub struct StagingArena {
    device: Arc<Device>,
    chunks: Vec<Chunk>,
    location: MemoryLocation,
}

impl StagingArena {
    /// Host-visible staging: the CPU fills or reads it.
    pub fn new(device: &Arc<Device>) -> StagingArena {
        StagingArena {
            device: device.clone(),
            chunks: Vec::new(),
            location: MemoryLocation::GpuToCpu,
        }
    }

    /// Device-local scratch that only the GPU touches (the write-back's intermediate rows):
    /// on a discrete GPU it keeps that copy off the bus. `bytes`/`bytes_mut` panic here.
    pub fn device_local(device: &Arc<Device>) -> StagingArena {
        StagingArena {
            device: device.clone(),
            chunks: Vec::new(),
            location: MemoryLocation::GpuOnly,
        }
    }

    /// Hands out `size_b` bytes, in a new chunk when the current ones are full.
    pub fn allocate(&mut self, size_b: u64) -> VkResult<StagingSlice> {
        let fits =
            |chunk: &Chunk| chunk.used_b.next_multiple_of(ALIGNMENT_B) + size_b <= chunk.size_b;
        let index = match self.chunks.iter().position(fits) {
            Some(index) => index,
            None => {
                self.chunks.push(Chunk::new(
                    &self.device,
                    size_b.max(CHUNK_B),
                    self.location,
                )?);
                self.chunks.len() - 1
            }
        };
        let chunk = &mut self.chunks[index];
        let offset_b = chunk.used_b.next_multiple_of(ALIGNMENT_B);
        chunk.used_b = offset_b + size_b;
        Ok(StagingSlice {
            chunk: index,
            buffer: chunk.raw,
            offset_b,
            size_b,
        })
    }

    pub fn bytes(&self, slice: StagingSlice) -> &[u8] {
        &self.chunks[slice.chunk].bytes()
            [slice.offset_b as usize..(slice.offset_b + slice.size_b) as usize]
    }

    pub fn bytes_mut(&mut self, slice: StagingSlice) -> &mut [u8] {
        &mut self.chunks[slice.chunk].bytes_mut()
            [slice.offset_b as usize..(slice.offset_b + slice.size_b) as usize]
    }

    /// Makes every chunk free again; call only once the GPU is done with them.
    pub fn reset(&mut self) {
        for chunk in &mut self.chunks {
            chunk.used_b = 0;
        }
    }

    pub fn capacity_b(&self) -> u64 {
        self.chunks.iter().map(|chunk| chunk.size_b).sum()
    }
}

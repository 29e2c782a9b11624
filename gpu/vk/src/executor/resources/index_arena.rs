//! Per-frame index data the executor makes itself (primitive kinds converted to ones every
//! driver draws): host-visible index buffers handed out linearly and reused once the
//! frame's submission completed.

use std::sync::Arc;

use ash::vk;
use gpu_allocator::vulkan::{Allocation, AllocationCreateDesc, AllocationScheme};
use gpu_allocator::MemoryLocation;

use crate::bringup::device::Device;
use crate::error::{map_allocation, map_vk, VkResult};

const CHUNK_B: u64 = 256 << 10;

struct Chunk {
    raw: vk::Buffer,
    size_b: u64,
    used_b: u64,
    allocation: Option<Allocation>,
    device: Arc<Device>,
}

impl Chunk {
    fn new(device: &Arc<Device>, size_b: u64) -> VkResult<Chunk> {
        let info = vk::BufferCreateInfo::default()
            .size(size_b)
            .usage(vk::BufferUsageFlags::INDEX_BUFFER)
            .sharing_mode(vk::SharingMode::EXCLUSIVE);
        // SAFETY: valid create info.
        let raw = unsafe { device.raw.create_buffer(&info, None) }
            .map_err(map_vk("creating an index chunk"))?;
        // SAFETY: `raw` was just created on this device.
        let requirements = unsafe { device.raw.get_buffer_memory_requirements(raw) };
        let allocation = device.allocator.lock().allocate(&AllocationCreateDesc {
            name: "converted indices",
            requirements,
            location: MemoryLocation::CpuToGpu,
            linear: true,
            allocation_scheme: AllocationScheme::GpuAllocatorManaged,
        });
        let allocation = match allocation {
            Ok(allocation) => allocation,
            Err(error) => {
                // SAFETY: the buffer is unused.
                unsafe { device.raw.destroy_buffer(raw, None) };
                return Err(map_allocation("an index chunk")(error));
            }
        };
        // SAFETY: the allocation fits the buffer and is unbound.
        if let Err(result) = unsafe {
            device
                .raw
                .bind_buffer_memory(raw, allocation.memory(), allocation.offset())
        } {
            // SAFETY: the buffer is unused.
            unsafe { device.raw.destroy_buffer(raw, None) };
            let _ = device.allocator.lock().free(allocation);
            return Err(map_vk("binding an index chunk")(result));
        }
        Ok(Chunk {
            raw,
            size_b,
            used_b: 0,
            allocation: Some(allocation),
            device: device.clone(),
        })
    }
}

impl Drop for Chunk {
    fn drop(&mut self) {
        // SAFETY: chunks are dropped with their frame, after its submission completed.
        unsafe { self.device.raw.destroy_buffer(self.raw, None) };
        if let Some(allocation) = self.allocation.take() {
            let _ = self.device.allocator.lock().free(allocation);
        }
    }
}

pub struct IndexArena {
    chunks: Vec<Chunk>,
    device: Arc<Device>,
}

impl IndexArena {
    pub fn new(device: &Arc<Device>) -> IndexArena {
        IndexArena {
            chunks: Vec::new(),
            device: device.clone(),
        }
    }

    /// Copies `indices` into an index buffer; returns the buffer and offset to bind.
    pub fn push(&mut self, indices: &[u32]) -> VkResult<(vk::Buffer, u64)> {
        let bytes: &[u8] = bytemuck::cast_slice(indices);
        let size_b = bytes.len() as u64;
        let fits = |chunk: &Chunk| chunk.used_b + size_b <= chunk.size_b;
        let index = match self.chunks.iter().position(fits) {
            Some(index) => index,
            None => {
                self.chunks
                    .push(Chunk::new(&self.device, size_b.max(CHUNK_B))?);
                self.chunks.len() - 1
            }
        };
        let chunk = &mut self.chunks[index];
        let offset_b = chunk.used_b;
        let mapped = chunk
            .allocation
            .as_mut()
            .and_then(|allocation| allocation.mapped_slice_mut())
            .expect("host-visible index memory is mapped");
        mapped[offset_b as usize..(offset_b + size_b) as usize].copy_from_slice(bytes);
        // Index offsets stay 4-byte aligned (u32 indices).
        chunk.used_b = offset_b + size_b;
        Ok((chunk.raw, offset_b))
    }

    /// Makes every chunk free again; call only once the GPU is done with them.
    pub fn reset(&mut self) {
        for chunk in &mut self.chunks {
            chunk.used_b = 0;
        }
    }
}

//! A `VkBuffer` with its own gpu-allocator memory: the one way this backend makes buffers
//! whose memory it allocates (pool mirrors, staging chunks).

use std::sync::Arc;

use ash::vk;
use gpu_allocator::vulkan::{Allocation, AllocationCreateDesc, AllocationScheme};
use gpu_allocator::MemoryLocation;

use crate::bringup::device::Device;
use crate::error::{map_allocation, map_vk, VkResult};

pub struct AllocatedBuffer {
    pub raw: vk::Buffer,
    pub allocation: Option<Allocation>,
    device: Arc<Device>,
}

impl AllocatedBuffer {
    /// A buffer of `size_b` bytes for `usage`, in memory at `location`; `name` labels the
    /// allocation in reports and errors.
    pub fn new(
        device: &Arc<Device>,
        size_b: u64,
        usage: vk::BufferUsageFlags,
        location: MemoryLocation,
        name: &'static str,
    ) -> VkResult<AllocatedBuffer> {
        let info = vk::BufferCreateInfo::default()
            .size(size_b)
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE);
        // SAFETY: valid create info on a live device.
        let raw = unsafe { device.raw.create_buffer(&info, None) }.map_err(map_vk(name))?;
        // SAFETY: `raw` was just created on this device.
        let requirements = unsafe { device.raw.get_buffer_memory_requirements(raw) };
        let allocation = device.allocator.lock().allocate(&AllocationCreateDesc {
            name,
            requirements,
            location,
            linear: true,
            allocation_scheme: AllocationScheme::DedicatedBuffer(raw),
        });
        let allocation = match allocation {
            Ok(allocation) => allocation,
            Err(error) => {
                // SAFETY: the buffer is unused.
                unsafe { device.raw.destroy_buffer(raw, None) };
                return Err(map_allocation(name)(error));
            }
        };
        // SAFETY: the allocation fits the buffer's requirements and is bound nowhere else.
        if let Err(result) = unsafe {
            device
                .raw
                .bind_buffer_memory(raw, allocation.memory(), allocation.offset())
        } {
            // SAFETY: the buffer is unused.
            unsafe { device.raw.destroy_buffer(raw, None) };
            let _ = device.allocator.lock().free(allocation);
            return Err(map_vk(name)(result));
        }
        Ok(AllocatedBuffer {
            raw,
            allocation: Some(allocation),
            device: device.clone(),
        })
    }

    /// The mapped bytes of a host-visible buffer; `None` for device-local memory.
    pub fn mapped(&self) -> Option<&[u8]> {
        self.allocation.as_ref().and_then(|a| a.mapped_slice())
    }

    pub fn mapped_mut(&mut self) -> Option<&mut [u8]> {
        self.allocation.as_mut().and_then(|a| a.mapped_slice_mut())
    }
}

impl Drop for AllocatedBuffer {
    fn drop(&mut self) {
        // SAFETY: owners drop a buffer only after the fence of its last use.
        unsafe { self.device.raw.destroy_buffer(self.raw, None) };
        if let Some(allocation) = self.allocation.take() {
            let _ = self.device.allocator.lock().free(allocation);
        }
    }
}

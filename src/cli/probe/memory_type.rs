//! Raw device memory for the probes that must place objects at exact offsets or watch one
//! allocation: gpu-allocator suballocates, which would hide both.

use std::sync::Arc;

use anyhow::Context;
use gpu_vk::ash::vk;
use gpu_vk::Device;

/// The first memory type in `type_bits` with all of `wanted`, else the first in `type_bits`.
pub fn choose(device: &Device, type_bits: u32, wanted: vk::MemoryPropertyFlags) -> Option<u32> {
    let allowed = |index: &usize| type_bits & (1 << index) != 0;
    let types = &device.caps.memory_types;
    let with_flags = (0..types.len())
        .filter(allowed)
        .find(|&index| types[index].contains(wanted));
    with_flags
        .or_else(|| (0..types.len()).find(allowed))
        .map(|index| index as u32)
}

/// One `VkDeviceMemory`, freed on drop.
pub struct RawMemory {
    pub raw: vk::DeviceMemory,
    device: Arc<Device>,
}

impl RawMemory {
    pub fn allocate(
        device: &Arc<Device>,
        size_b: u64,
        type_index: u32,
    ) -> anyhow::Result<RawMemory> {
        let info = vk::MemoryAllocateInfo::default()
            .allocation_size(size_b)
            .memory_type_index(type_index);
        // SAFETY: valid allocate info on a live device.
        let raw = unsafe { device.raw.allocate_memory(&info, None) }
            .with_context(|| format!("allocating {size_b} bytes of memory type {type_index}"))?;
        Ok(RawMemory {
            raw,
            device: device.clone(),
        })
    }
}

impl Drop for RawMemory {
    fn drop(&mut self) {
        // SAFETY: the probes drop memory only after the GPU work using it was waited for,
        // and after the objects bound to it.
        unsafe { self.device.raw.free_memory(self.raw, None) };
    }
}

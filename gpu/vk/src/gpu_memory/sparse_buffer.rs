//! A virtual pool's sparse buffer: partly resident, made for imported host memory or for
//! ordinary allocations (the physical pools' mirrors). `sparse_pool` chooses which.

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};
use crate::gpu_memory::pool_usage::pool_buffer_usage;

/// Host memory imported from a pointer (`VK_EXT_external_memory_host`).
pub const HOST_ALLOCATION: vk::ExternalMemoryHandleTypeFlags =
    vk::ExternalMemoryHandleTypeFlags::HOST_ALLOCATION_EXT;

/// A sparse buffer that may be partly bound.
pub const SPARSE_FLAGS: vk::BufferCreateFlags = vk::BufferCreateFlags::from_raw(
    vk::BufferCreateFlags::SPARSE_BINDING.as_raw()
        | vk::BufferCreateFlags::SPARSE_RESIDENCY.as_raw(),
);

/// What memory a virtual pool's sparse buffer is made to bind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SparseFor {
    /// The physical pools' imported host memory.
    ImportedHost,
    /// Physical pools' mirrors (ordinary allocations).
    Mirror,
}

/// A sparse, partly resident pool buffer of `size_b` bytes that binds `what`.
pub fn sparse_buffer(device: &Device, size_b: u64, what: SparseFor) -> VkResult<vk::Buffer> {
    let mut external = vk::ExternalMemoryBufferCreateInfo::default().handle_types(HOST_ALLOCATION);
    let mut info = vk::BufferCreateInfo::default()
        .flags(SPARSE_FLAGS)
        .size(size_b.max(1))
        .usage(pool_buffer_usage(device))
        .sharing_mode(vk::SharingMode::EXCLUSIVE);
    if what == SparseFor::ImportedHost {
        info = info.push_next(&mut external);
    }
    // SAFETY: valid create info; the device was made with sparseBinding and
    // sparseResidencyBuffer (`SparseSupport::features_offered`, checked by
    // `sparse_pool::choose`).
    unsafe { device.raw.create_buffer(&info, None) }
        .map_err(map_vk("creating a virtual pool's sparse buffer"))
}

//! Virtual pools by sparse binding: the choice of path, made once when the executor is
//! made, and the virtual pool's sparse buffer. The path needs every part of
//! `SparseSupport`, pools imported from host memory (`VK_EXT_external_memory_host`: the
//! physical pools' memory is what gets bound), a sparse buffer that may be made for such
//! memory, a sparse block dividing NVN's 64 KiB page, and a memory type both take.
//! Anything missing gives copy-on-map, with the reason named.

use std::sync::Arc;

use ash::vk;
use gpu::address::{sparse_block_refusal, VirtualPoolPath, VIRTUAL_PAGE_B};

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};
use crate::gpu_memory::pool_usage::pool_buffer_usage;

const HOST_ALLOCATION: vk::ExternalMemoryHandleTypeFlags =
    vk::ExternalMemoryHandleTypeFlags::HOST_ALLOCATION_EXT;

const SPARSE_FLAGS: vk::BufferCreateFlags = vk::BufferCreateFlags::from_raw(
    vk::BufferCreateFlags::SPARSE_BINDING.as_raw()
        | vk::BufferCreateFlags::SPARSE_RESIDENCY.as_raw(),
);

/// The path virtual pools take on this device, and the memory types a sparse pool
/// buffer binds (imports prefer them; 0 on the copy path).
#[derive(Clone, Debug)]
pub struct SparseChoice {
    pub path: VirtualPoolPath,
    pub memory_types: u32,
}

impl SparseChoice {
    fn copy(why: impl Into<String>) -> SparseChoice {
        SparseChoice {
            path: VirtualPoolPath::CopyOnMap { why: why.into() },
            memory_types: 0,
        }
    }
}

/// Chooses the path: `switch_on` is `RX_VK_VIRTUAL_SPARSE`, `import_pools` whether pools
/// are imported at all.
pub fn choose(device: &Arc<Device>, switch_on: bool, import_pools: bool) -> VkResult<SparseChoice> {
    if !switch_on {
        return Ok(SparseChoice::copy("RX_VK_VIRTUAL_SPARSE=0"));
    }
    if let Some(why) = device.caps.sparse.missing() {
        return Ok(SparseChoice::copy(why));
    }
    if !device.caps.external_memory_host || !import_pools {
        return Ok(SparseChoice::copy(
            "pools are mirrored, not imported (VK_EXT_external_memory_host), and only \
             imported pool memory is bound under a virtual pool",
        ));
    }
    if !sparse_buffer_importable(device) {
        return Ok(SparseChoice::copy(
            "a sparse buffer cannot be made for imported host memory \
             (vkGetPhysicalDeviceExternalBufferProperties)",
        ));
    }
    let probe = sparse_buffer(device, VIRTUAL_PAGE_B)?;
    // SAFETY: `probe` was just made on this device; it is destroyed right after.
    let requirements = unsafe { device.raw.get_buffer_memory_requirements(probe) };
    // SAFETY: unused, and never bound.
    unsafe { device.raw.destroy_buffer(probe, None) };
    if let Some(why) = sparse_block_refusal(requirements.alignment) {
        return Ok(SparseChoice::copy(why));
    }
    let host_types = host_pointer_types(device)?;
    let memory_types = requirements.memory_type_bits & host_types;
    if memory_types == 0 {
        return Ok(SparseChoice::copy(format!(
            "no memory type takes both a sparse buffer ({:#x}) and imported host memory \
             ({host_types:#x})",
            requirements.memory_type_bits
        )));
    }
    Ok(SparseChoice {
        path: VirtualPoolPath::SparseBinding {
            block_b: requirements.alignment,
        },
        memory_types,
    })
}

/// A sparse, partly resident pool buffer of `size_b` bytes for imported host memory.
pub fn sparse_buffer(device: &Device, size_b: u64) -> VkResult<vk::Buffer> {
    let mut external = vk::ExternalMemoryBufferCreateInfo::default().handle_types(HOST_ALLOCATION);
    let info = vk::BufferCreateInfo::default()
        .flags(SPARSE_FLAGS)
        .size(size_b.max(1))
        .usage(pool_buffer_usage(device))
        .sharing_mode(vk::SharingMode::EXCLUSIVE)
        .push_next(&mut external);
    // SAFETY: valid create info; the device was made with sparseBinding and
    // sparseResidencyBuffer (`SparseSupport::complete`, checked by `choose`).
    unsafe { device.raw.create_buffer(&info, None) }
        .map_err(map_vk("creating a virtual pool's sparse buffer"))
}

/// Whether a sparse pool buffer may be made for imported host memory.
fn sparse_buffer_importable(device: &Device) -> bool {
    let info = vk::PhysicalDeviceExternalBufferInfo::default()
        .flags(SPARSE_FLAGS)
        .usage(pool_buffer_usage(device))
        .handle_type(HOST_ALLOCATION);
    let mut properties = vk::ExternalBufferProperties::default();
    // SAFETY: a plain query on this device's physical device.
    unsafe {
        device
            .instance
            .raw
            .get_physical_device_external_buffer_properties(device.physical, &info, &mut properties)
    };
    let external = properties.external_memory_properties;
    external
        .external_memory_features
        .contains(vk::ExternalMemoryFeatureFlags::IMPORTABLE)
        && external.compatible_handle_types.contains(HOST_ALLOCATION)
}

/// The memory types host memory imports into on this device, asked of one page-aligned
/// allocation of a virtual page.
fn host_pointer_types(device: &Device) -> VkResult<u32> {
    let layout =
        std::alloc::Layout::from_size_align(VIRTUAL_PAGE_B as usize, VIRTUAL_PAGE_B as usize)
            .expect("a page is a valid layout");
    // SAFETY: a non-zero layout; freed below.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    if ptr.is_null() {
        return Ok(0);
    }
    let host = ash::ext::external_memory_host::Device::new(&device.instance.raw, &device.raw);
    let mut properties = vk::MemoryHostPointerPropertiesEXT::default();
    // SAFETY: `ptr` is a live allocation, aligned to 64 KiB (more than any import
    // alignment), that outlives the call.
    let result = unsafe {
        (host.fp().get_memory_host_pointer_properties_ext)(
            device.raw.handle(),
            HOST_ALLOCATION,
            ptr as *const std::ffi::c_void,
            &mut properties,
        )
    };
    // SAFETY: allocated above with this layout.
    unsafe { std::alloc::dealloc(ptr, layout) };
    result
        .result()
        .map_err(map_vk("asking which memory types host memory imports into"))?;
    Ok(properties.memory_type_bits)
}

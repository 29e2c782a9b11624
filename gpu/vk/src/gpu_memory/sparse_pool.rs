//! Virtual pools by sparse binding: the choice of path, made once when the executor is
//! made, and the virtual pool's sparse buffer. The path needs every part of
//! `SparseSupport`, a sparse block dividing NVN's 64 KiB page, and memory to bind: the
//! physical pools' imported host memory where a sparse buffer takes its type, else
//! mirrors of the physical pools in a type it takes (`sparse_memory` chooses from the
//! device's table). Anything missing gives copy-on-map, with the reason named.

use std::sync::Arc;

use ash::vk;
use gpu::address::{sparse_block_refusal, SparseSwitch, VirtualPoolPath, VIRTUAL_PAGE_B};

use crate::gpu_memory::sparse_memory::{
    choose_sparse_memory, PhysicalMemory, SparseMemory, SparseTypeBits,
};

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::pool_usage::pool_buffer_usage;
use crate::gpu_memory::sparse_buffer::{sparse_buffer, SparseFor, HOST_ALLOCATION, SPARSE_FLAGS};

/// The path virtual pools take on this device, and what their pages bind (`None` on the
/// copy path).
#[derive(Clone, Debug)]
pub struct SparseChoice {
    pub path: VirtualPoolPath,
    pub memory: Option<SparseMemory>,
}

impl SparseChoice {
    fn copy(why: impl Into<String>) -> SparseChoice {
        SparseChoice {
            path: VirtualPoolPath::CopyOnMap { why: why.into() },
            memory: None,
        }
    }
}

/// Chooses the path: `switch` is `RX_VK_VIRTUAL_SPARSE` (`relaxed` takes sparse binding
/// without strict residency too), `import_pools` whether pools are imported at all
/// (without imports only mirrors can be bound).
pub fn choose(
    device: &Arc<Device>,
    switch: SparseSwitch,
    import_pools: bool,
) -> VkResult<SparseChoice> {
    if switch == SparseSwitch::Off {
        return Ok(SparseChoice::copy("RX_VK_VIRTUAL_SPARSE=0"));
    }
    if let Some(why) = device.caps.sparse.missing_for(switch) {
        return Ok(SparseChoice::copy(why));
    }
    let residency = device.caps.sparse.residency();
    let importing = device.caps.external_memory_host && import_pools;
    let mut bits = SparseTypeBits::default();
    let mut block_b = 0;
    if importing && sparse_buffer_importable(device) {
        let requirements = probe_requirements(device, SparseFor::ImportedHost)?;
        bits.sparse_for_import = requirements.memory_type_bits;
        bits.host_pointer = host_pointer_types(device)?;
        block_b = requirements.alignment;
        // The types may say so where the driver binds nothing: asked of the GPU once.
        let shared = bits.sparse_for_import & bits.host_pointer;
        if shared != 0 {
            // A probe that cannot run is taken as a no: mirrors bind on any driver.
            let binds = crate::gpu_memory::sparse_probe::imported_memory_binds(device, shared)
                .unwrap_or_else(|error| {
                    tracing::warn!(target: "gpu_vk::memory", %error,
                        "probing imported memory under a sparse buffer failed");
                    false
                });
            bits.imports_unbound = !binds;
        }
    }
    let plain = probe_requirements(device, SparseFor::Mirror)?;
    bits.sparse_plain = plain.memory_type_bits;
    bits.pool_buffer = pool_buffer_types(device)?;
    let types = &device.caps.memory_types;
    let memory = match choose_sparse_memory(&bits, types) {
        Ok(memory) => memory,
        Err(why) => return Ok(SparseChoice::copy(why)),
    };
    if let SparseMemory::Mirror { .. } = memory {
        block_b = plain.alignment;
    }
    if let Some(why) = sparse_block_refusal(block_b) {
        return Ok(SparseChoice::copy(why));
    }
    let described = memory.describe(&bits, types);
    tracing::info!(target: "gpu_vk::memory", ?bits, ?types, chosen = %described,
        "memory under virtual pools' pages");
    Ok(SparseChoice {
        path: VirtualPoolPath::SparseBinding {
            block_b,
            memory: described,
            residency,
        },
        memory: Some(memory),
    })
}

/// Where physical pools' GPU bytes live when they are made: imported or in mapped mirrors,
/// or (`unmapped_mirrors`, for tests) in unmapped mirrors of the pool buffer's first
/// device-local type. Where virtual pages bind mirrors, a physical pool moves into one
/// when it is first mapped (`executor::sparse_pages`), so pools never mapped keep their
/// imported memory.
pub fn physical_memory(device: &Device, unmapped_mirrors: bool) -> VkResult<PhysicalMemory> {
    if !unmapped_mirrors {
        return Ok(PhysicalMemory::ImportedOrMirrored);
    }
    let taken = pool_buffer_types(device)?;
    let types = &device.caps.memory_types;
    let allowed = |index: &u32| taken & (1 << index) != 0 && (*index as usize) < types.len();
    let local = (0..32)
        .filter(allowed)
        .find(|&index| types[index as usize].contains(vk::MemoryPropertyFlags::DEVICE_LOCAL));
    let type_index =
        local
            .or_else(|| (0..32).find(allowed))
            .ok_or_else(|| VkError::Allocation {
                context: "a pool mirror",
                reason: format!("the pool buffer takes no memory type ({taken:#x})"),
            })?;
    Ok(PhysicalMemory::OwnMirror {
        type_index,
        map: false,
    })
}

/// The memory requirements of a one-page sparse pool buffer made for `what`.
fn probe_requirements(device: &Device, what: SparseFor) -> VkResult<vk::MemoryRequirements> {
    let probe = sparse_buffer(device, VIRTUAL_PAGE_B, what)?;
    // SAFETY: `probe` was just made on this device; it is destroyed right after.
    let requirements = unsafe { device.raw.get_buffer_memory_requirements(probe) };
    // SAFETY: unused, and never bound.
    unsafe { device.raw.destroy_buffer(probe, None) };
    Ok(requirements)
}

/// The memory types an ordinary pool buffer (a mirror) takes.
fn pool_buffer_types(device: &Device) -> VkResult<u32> {
    let info = vk::BufferCreateInfo::default()
        .size(VIRTUAL_PAGE_B)
        .usage(pool_buffer_usage(device))
        .sharing_mode(vk::SharingMode::EXCLUSIVE);
    // SAFETY: valid create info on a live device; destroyed right after.
    let probe = unsafe { device.raw.create_buffer(&info, None) }
        .map_err(map_vk("creating a pool buffer to ask its memory types"))?;
    // SAFETY: `probe` was just made on this device.
    let requirements = unsafe { device.raw.get_buffer_memory_requirements(probe) };
    // SAFETY: unused, and never bound.
    unsafe { device.raw.destroy_buffer(probe, None) };
    Ok(requirements.memory_type_bits)
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

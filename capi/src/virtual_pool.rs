//! NVN's virtual memory pools: `hsMemoryPoolMapVirtual` maps pages of physical pools under
//! a pool made with `HS_MEMORY_POOL_FLAGS_VIRTUAL`; textures and buffers made in it see
//! whatever pages are mapped under them. `hsTextureGetStorageClass` gives the storage
//! class a mapping under a texture must carry; `hsDeviceGetVirtualPoolPath` how the
//! device gives virtual pools their pages.

use gpu::address::{MappingRequest, StorageClass, VIRTUAL_PAGE_B};

use crate::builder::{check_array, out_value};
use crate::guard::entry;
use crate::objects::{resolve, resolve_optional, HSDevice, HSMemoryPool, HSTexture};
use crate::result::{CapiError, HSresult};

/// NVN's storage class: the page kind pages are mapped with.
pub type HSstorageClass = u32;
/// Pitch (linear) storage: buffers, linear textures.
pub const HS_STORAGE_CLASS_PITCH: HSstorageClass = 0x00;
/// Block-linear storage: every block-linear texture.
pub const HS_STORAGE_CLASS_BLOCK_LINEAR: HSstorageClass = 0xfe;

/// Offsets and sizes of a mapping request are multiples of this (64 KiB).
pub const HS_MEMORY_POOL_VIRTUAL_PAGE_SIZE: u64 = 0x10000;

// The header's literals are `gpu`'s values.
const _: () = assert!(
    HS_STORAGE_CLASS_PITCH == StorageClass::PITCH.0
        && HS_STORAGE_CLASS_BLOCK_LINEAR == StorageClass::BLOCK_LINEAR.0
        && HS_MEMORY_POOL_VIRTUAL_PAGE_SIZE == VIRTUAL_PAGE_B
);

/// The most requests one `hsMemoryPoolMapVirtual` call takes.
pub const HS_MEMORY_POOL_MAX_MAPPING_REQUESTS: u32 = 1 << 16;

/// NVN's `MappingRequest`: `size` bytes at `virtualOffset` of the virtual pool map
/// `physicalPool`'s bytes at `physicalOffset`, with `storageClass`. A NULL
/// `physicalPool` unmaps the range (its pages then read zeros).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HSmappingRequest {
    pub physicalPool: *const HSMemoryPool,
    pub physicalOffset: i64,
    pub virtualOffset: i64,
    pub size: u64,
    pub storageClass: HSstorageClass,
}

/// NVN's `MemoryPool::MapVirtual`: applies `requests` to `virtualPool`'s page map in
/// order (a later request wins a page an earlier one mapped). Every request is checked
/// first; a refused call maps nothing. HS_ERROR_INVALID_ARGUMENT: the pool is not
/// virtual, a physical pool is virtual, an offset or size is not a multiple of
/// HS_MEMORY_POOL_VIRTUAL_PAGE_SIZE or negative, a storage class Hookshot does not lay
/// out, or one a texture over the range cannot read (hsTextureGetStorageClass).
/// HS_ERROR_OUT_OF_RANGE: a range past the end of either pool. The pages must not be in
/// use by GPU work still running. Under the pages, writes made through the virtual pool
/// reach the physical pages when the mapping of those pages changes; CPU writes to
/// mapped physical pages reach the virtual pool at the next submission.
#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolMapVirtual(
    virtualPool: *const HSMemoryPool,
    numRequests: i32,
    requests: *const HSmappingRequest,
) -> HSresult {
    entry("hsMemoryPoolMapVirtual", || {
        // SAFETY: the header's contract for objects and arrays.
        let pool = unsafe { resolve(virtualPool, "virtualPool") }?;
        let count = u32::try_from(numRequests).map_err(|_| {
            CapiError::InvalidArgument(format!("numRequests {numRequests} is negative"))
        })?;
        let given = unsafe {
            check_array(
                requests,
                count,
                HS_MEMORY_POOL_MAX_MAPPING_REQUESTS as usize,
                "mapping requests",
            )
        }?;
        let mut mapped = Vec::with_capacity(given.len());
        for (index, request) in given.iter().enumerate() {
            // SAFETY: the header's contract for objects; NULL unmaps.
            let physical = unsafe { resolve_optional(request.physicalPool, "physicalPool") }?;
            if let Some(physical) = &physical {
                pool.device.check_same(&physical.device, "physicalPool")?;
            }
            let offset = |what: &str, value: i64| {
                u64::try_from(value).map_err(|_| {
                    CapiError::InvalidArgument(format!(
                        "request {index}: {what} {value} is negative"
                    ))
                })
            };
            mapped.push(MappingRequest {
                physical: physical.map(|physical| physical.id),
                physical_offset_b: offset("physicalOffset", request.physicalOffset)?,
                virtual_offset_b: offset("virtualOffset", request.virtualOffset)?,
                size_b: request.size,
                storage_class: StorageClass(request.storageClass),
            });
        }
        pool.device.gpu.map_virtual(pool.id, &mapped)?;
        Ok(())
    })
}

/// NVN's `Texture::GetStorageClass`: the storage class a mapping under the texture's
/// pages must carry.
#[no_mangle]
pub unsafe extern "C" fn hsTextureGetStorageClass(
    texture: *const HSTexture,
    storageClass: *mut HSstorageClass,
) -> HSresult {
    entry("hsTextureGetStorageClass", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(texture, "texture") }?;
        let class = state.device.gpu.texture_storage_class(state.id)?;
        unsafe { out_value(storageClass, "storageClass", class.0) }
    })
}

/// How a device gives virtual pools their pages.
pub type HSvirtualPoolPath = u32;
/// Hookshot's copy-on-map: changed pages are copied at each mapping change (devices
/// without sparse binding, and `RX_VK_VIRTUAL_SPARSE=0`).
pub const HS_VIRTUAL_POOL_PATH_COPY_ON_MAP: HSvirtualPoolPath = 0;
/// Vulkan sparse binding: the physical pages' memory is bound under the virtual pool, so
/// GPU writes through it are in the physical pages when the writing work completes. The
/// device has strict residency: unmapped pages read zero and drop writes.
pub const HS_VIRTUAL_POOL_PATH_SPARSE_BINDING: HSvirtualPoolPath = 1;
/// Sparse binding as above on a device without strict residency, taken because
/// `RX_VK_VIRTUAL_SPARSE=relaxed`: the GPU reads undefined values at unmapped pages (the
/// CPU still reads zero there); its accesses there touch no mapped page.
pub const HS_VIRTUAL_POOL_PATH_SPARSE_BINDING_RELAXED: HSvirtualPoolPath = 2;

/// The path this device's virtual pools take (the log says why where it is copy-on-map).
#[no_mangle]
pub unsafe extern "C" fn hsDeviceGetVirtualPoolPath(
    device: *const HSDevice,
    path: *mut HSvirtualPoolPath,
) -> HSresult {
    entry("hsDeviceGetVirtualPoolPath", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(device, "device") }?;
        let taken = state.gpu.virtual_pool_path();
        let value = match (taken.is_sparse(), taken.unmapped_reads_zero()) {
            (false, _) => HS_VIRTUAL_POOL_PATH_COPY_ON_MAP,
            (true, true) => HS_VIRTUAL_POOL_PATH_SPARSE_BINDING,
            (true, false) => HS_VIRTUAL_POOL_PATH_SPARSE_BINDING_RELAXED,
        };
        unsafe { out_value(path, "path", value) }
    })
}

/// What the device binds under virtual pools' pages and why, or why it copies: the text of
/// `Device::virtual_pool_path` (for example "sparse binding, strict residency
/// (65536-byte sparse blocks, bound to physical pools' mirrors in memory type 1 ...;
/// unmapped pages read zero and drop writes)", "sparse binding, relaxed residency (...;
/// unmapped pages read undefined values on the GPU ...)" or "copy-on-map (the device lacks
/// sparseBinding; ...)"). Writes at most `capacity` bytes with the terminating NUL (cut
/// at a character boundary when it does not fit) and the full text's length without the
/// NUL in `length`; `text` may be NULL when `capacity` is 0, to ask the length.
#[no_mangle]
pub unsafe extern "C" fn hsDeviceGetVirtualPoolPathDescription(
    device: *const HSDevice,
    text: *mut std::ffi::c_char,
    capacity: usize,
    length: *mut usize,
) -> HSresult {
    entry("hsDeviceGetVirtualPoolPathDescription", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(device, "device") }?;
        crate::builder::check_out(length, "length")?;
        if capacity > 0 && text.is_null() {
            return Err(CapiError::argument("text is NULL with a capacity above 0"));
        }
        let described = state.gpu.virtual_pool_path().to_string();
        if capacity > 0 {
            let mut cut = described.len().min(capacity - 1);
            while !described.is_char_boundary(cut) {
                cut -= 1;
            }
            // SAFETY: the caller gives `capacity` writable bytes at `text`; `cut + 1` is at
            // most `capacity`.
            unsafe {
                std::ptr::copy_nonoverlapping(described.as_ptr(), text.cast::<u8>(), cut);
                text.add(cut).write(0);
            }
        }
        unsafe { out_value(length, "length", described.len()) }
    })
}

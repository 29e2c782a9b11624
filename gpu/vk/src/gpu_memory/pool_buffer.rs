//! A pool's storage as a `VkBuffer` the GPU reads and writes. Where the driver has
//! `VK_EXT_external_memory_host` the pool's own bytes are imported, so CPU and GPU see one
//! storage; otherwise a host-visible mirror is allocated and kept in step by the executor.

use std::sync::Arc;

use ash::vk;
use gpu_allocator::MemoryLocation;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;
use crate::gpu_memory::sparse_buffer::SparseFor;
use crate::gpu_memory::sparse_memory::SparseMemory;

pub use crate::gpu_memory::pool_usage::{pool_buffer_usage, POOL_BUFFER_USAGE};

enum Backing {
    /// The pool's storage itself, imported, in memory type `type_index`.
    Imported {
        memory: vk::DeviceMemory,
        type_index: u32,
    },
    /// No memory of its own: a virtual pool's sparse buffer, physical pools' memory bound
    /// under its pages (`executor::resources::sparse_pages`).
    Sparse,
    /// A host-visible copy of the storage (the buffer is `raw`).
    Mirror(AllocatedBuffer),
    /// A copy of the storage in memory of its own, of type `type_index`, which a sparse
    /// buffer can bind (`gpu_memory::sparse_memory`). `mapped`: the memory's bytes where
    /// the type is host-visible (kept in step by CPU copies, as `Mirror`); `None`: kept in
    /// step by GPU copies through staging (`executor::resources::device_mirrors`).
    OwnMemory {
        memory: vk::DeviceMemory,
        mapped: Option<MappedMemory>,
    },
}

/// Where a mirror's memory is mapped, for its life.
struct MappedMemory(std::ptr::NonNull<u8>);

// SAFETY: the mapping belongs to the memory its `PoolBuffer` owns; the bytes are only
// reached through `&mut PoolBuffer`, so moving or sharing the owner moves the pointer
// with it and no two threads reach the bytes at once.
unsafe impl Send for MappedMemory {}
// SAFETY: as above: `&PoolBuffer` gives no access to the bytes.
unsafe impl Sync for MappedMemory {}

pub struct PoolBuffer {
    pub raw: vk::Buffer,
    pub size_b: u64,
    backing: Option<Backing>,
    device: Arc<Device>,
}

impl PoolBuffer {
    /// Whether a storage of `size_b` bytes at `ptr` can be imported on this device.
    pub fn can_import(device: &Device, ptr: *const u8, size_b: u64) -> bool {
        let alignment_b = device.caps.min_imported_host_pointer_alignment_b.max(1);
        device.caps.external_memory_host
            && (ptr as u64).is_multiple_of(alignment_b)
            && size_b.is_multiple_of(alignment_b)
            && size_b > 0
    }

    /// Imports the storage at `ptr` as the buffer's memory.
    ///
    /// # Safety
    /// `ptr` must stay valid, unmoved and allocated for `size_b` bytes until this buffer is
    /// dropped and the GPU has finished with it; `can_import` must have returned true.
    pub unsafe fn import(device: &Arc<Device>, ptr: *mut u8, size_b: u64) -> VkResult<PoolBuffer> {
        // SAFETY: the caller's guarantees, passed on.
        unsafe { PoolBuffer::import_preferring(device, ptr, size_b, 0) }
    }

    /// `import`, in a memory type of `preferred_types` where one fits (the types sparse
    /// buffers take, on the sparse path), else in any that does.
    ///
    /// # Safety
    /// As `import`.
    pub unsafe fn import_preferring(
        device: &Arc<Device>,
        ptr: *mut u8,
        size_b: u64,
        preferred_types: u32,
    ) -> VkResult<PoolBuffer> {
        let host = ash::ext::external_memory_host::Device::new(&device.instance.raw, &device.raw);
        let handle_type = vk::ExternalMemoryHandleTypeFlags::HOST_ALLOCATION_EXT;
        let mut pointer_properties = vk::MemoryHostPointerPropertiesEXT::default();
        // SAFETY: the caller guarantees `ptr` is a live host allocation of `size_b` bytes,
        // aligned as the device requires.
        unsafe {
            (host.fp().get_memory_host_pointer_properties_ext)(
                device.raw.handle(),
                handle_type,
                ptr as *const std::ffi::c_void,
                &mut pointer_properties,
            )
        }
        .result()
        .map_err(map_vk("querying an imported pool's memory types"))?;
        let mut external = vk::ExternalMemoryBufferCreateInfo::default().handle_types(handle_type);
        let buffer_info = vk::BufferCreateInfo::default()
            .size(size_b)
            .usage(pool_buffer_usage(device))
            .sharing_mode(vk::SharingMode::EXCLUSIVE)
            .push_next(&mut external);
        // SAFETY: valid create info; the buffer is destroyed on every error path below.
        let raw = unsafe { device.raw.create_buffer(&buffer_info, None) }
            .map_err(map_vk("creating a pool buffer"))?;
        // SAFETY: `raw` was just created on this device.
        let requirements = unsafe { device.raw.get_buffer_memory_requirements(raw) };
        let type_bits = requirements.memory_type_bits & pointer_properties.memory_type_bits;
        let preferred = match type_bits & preferred_types {
            0 => type_bits,
            both => both,
        };
        let Some(type_index) = (0..32).find(|index| preferred & (1 << index) != 0) else {
            // SAFETY: the buffer is unused.
            unsafe { device.raw.destroy_buffer(raw, None) };
            return Err(VkError::Allocation {
                context: "importing a pool",
                reason: "no memory type accepts both the buffer and the host pointer".into(),
            });
        };
        let import = vk::ImportMemoryHostPointerInfoEXT::default()
            .handle_type(handle_type)
            .host_pointer(ptr as *mut std::ffi::c_void);
        // SAFETY: the import info names the caller's live allocation; the buffer is new.
        let memory = unsafe {
            allocate_for(
                device,
                raw,
                size_b,
                type_index,
                Some(import),
                "importing a pool's storage",
            )
        }?;
        // SAFETY: memory and buffer are both new, and the memory is as large as the buffer.
        if let Err(result) = unsafe { device.raw.bind_buffer_memory(raw, memory, 0) } {
            // SAFETY: neither is in use.
            unsafe {
                device.raw.destroy_buffer(raw, None);
                device.raw.free_memory(memory, None);
            }
            return Err(map_vk("binding an imported pool")(result));
        }
        tracing::debug!(size_b, "pool storage imported as a buffer");
        Ok(PoolBuffer {
            raw,
            size_b,
            backing: Some(Backing::Imported { memory, type_index }),
            device: device.clone(),
        })
    }

    /// A host-visible buffer mirroring a pool of `size_b` bytes.
    pub fn mirror(device: &Arc<Device>, size_b: u64) -> VkResult<PoolBuffer> {
        let buffer = AllocatedBuffer::new(
            device,
            size_b,
            pool_buffer_usage(device),
            MemoryLocation::CpuToGpu,
            "a pool mirror",
        )?;
        Ok(PoolBuffer {
            raw: buffer.raw,
            size_b,
            backing: Some(Backing::Mirror(buffer)),
            device: device.clone(),
        })
    }

    /// A mirror of a pool of `size_b` bytes in memory of its own, of type `type_index`
    /// (which the pool buffer must take), mapped where `map` (the type must then be
    /// host-visible). Its bytes start undefined: the owner fills it.
    pub fn own_memory_mirror(
        device: &Arc<Device>,
        size_b: u64,
        type_index: u32,
        map: bool,
    ) -> VkResult<PoolBuffer> {
        let info = vk::BufferCreateInfo::default()
            .size(size_b)
            .usage(pool_buffer_usage(device))
            .sharing_mode(vk::SharingMode::EXCLUSIVE);
        // SAFETY: valid create info; the buffer is destroyed on every error path below.
        let raw = unsafe { device.raw.create_buffer(&info, None) }
            .map_err(map_vk("creating a pool mirror"))?;
        // SAFETY: `raw` was just created on this device.
        let requirements = unsafe { device.raw.get_buffer_memory_requirements(raw) };
        if requirements.memory_type_bits & (1 << type_index) == 0 {
            // SAFETY: the buffer is unused.
            unsafe { device.raw.destroy_buffer(raw, None) };
            return Err(VkError::Allocation {
                context: "a pool mirror",
                reason: format!(
                    "the pool buffer takes memory types {:#x}, not type {type_index}",
                    requirements.memory_type_bits
                ),
            });
        }
        // SAFETY: a plain allocation of a type the buffer takes; the buffer is new.
        let memory = unsafe {
            allocate_for(
                device,
                raw,
                requirements.size,
                type_index,
                None,
                "allocating a pool mirror",
            )
        }?;
        let free = |result| {
            // SAFETY: neither is in use (the memory is unmapped when it is freed).
            unsafe {
                device.raw.destroy_buffer(raw, None);
                device.raw.free_memory(memory, None);
            }
            map_vk("a pool mirror's memory")(result)
        };
        // SAFETY: memory and buffer are both new; the memory is as large as the buffer needs.
        if let Err(result) = unsafe { device.raw.bind_buffer_memory(raw, memory, 0) } {
            return Err(free(result));
        }
        let mapped = if map {
            // SAFETY: the memory is host-visible (the caller's choice of type), unmapped,
            // and mapped whole once for its life.
            match unsafe {
                device
                    .raw
                    .map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())
            } {
                Ok(ptr) => std::ptr::NonNull::new(ptr.cast::<u8>()).map(MappedMemory),
                Err(result) => return Err(free(result)),
            }
        } else {
            None
        };
        Ok(PoolBuffer {
            raw,
            size_b,
            backing: Some(Backing::OwnMemory { memory, mapped }),
            device: device.clone(),
        })
    }

    /// A virtual pool's buffer with no memory of its own: `SPARSE_BINDING` and
    /// `SPARSE_RESIDENCY` (unmapped pages stay unbound), made for the memory `what`
    /// names. `size_b` is rounded up to the sparse block.
    pub fn sparse(device: &Arc<Device>, size_b: u64, what: SparseFor) -> VkResult<PoolBuffer> {
        let raw = crate::gpu_memory::sparse_buffer::sparse_buffer(device, size_b, what)?;
        Ok(PoolBuffer {
            raw,
            size_b,
            backing: Some(Backing::Sparse),
            device: device.clone(),
        })
    }

    pub fn is_imported(&self) -> bool {
        matches!(self.backing, Some(Backing::Imported { .. }))
    }

    pub fn is_sparse(&self) -> bool {
        matches!(self.backing, Some(Backing::Sparse))
    }

    /// A mirror the CPU does not map: kept in step by GPU copies.
    pub fn is_unmapped_mirror(&self) -> bool {
        matches!(self.backing, Some(Backing::OwnMemory { mapped: None, .. }))
    }

    /// The memory a sparse buffer binding `what` may bind under a page of this pool: its
    /// imported memory where that is of one of the types, or its own mirror's.
    pub fn bindable_memory(&self, what: &SparseMemory) -> Option<vk::DeviceMemory> {
        match (&self.backing, what) {
            (Some(Backing::Imported { memory, type_index }), SparseMemory::Imported { types })
                if types & (1 << type_index) != 0 =>
            {
                Some(*memory)
            }
            (Some(Backing::OwnMemory { memory, .. }), SparseMemory::Mirror { .. }) => Some(*memory),
            _ => None,
        }
    }

    /// The mirror's mapped bytes (`None` for an imported pool, whose bytes are the pool's,
    /// and for a mirror kept by GPU copies).
    pub fn mirror_bytes_mut(&mut self) -> Option<&mut [u8]> {
        match &mut self.backing {
            Some(Backing::Mirror(buffer)) => buffer.mapped_mut(),
            Some(Backing::OwnMemory {
                mapped: Some(ptr), ..
            }) => {
                // SAFETY: the memory is mapped whole for the buffer's life and is at least
                // `size_b` bytes; `&mut self` keeps the slice unique on the CPU.
                Some(unsafe {
                    std::slice::from_raw_parts_mut(ptr.0.as_ptr(), self.size_b as usize)
                })
            }
            _ => None,
        }
    }
}

/// Memory of `size_b` bytes in type `type_index` for the new buffer `raw` (imported where
/// `import` is given), with device addresses where the device has them; `raw` is
/// destroyed if the allocation fails.
///
/// # Safety
/// `raw` must be unused and unbound; an `import` must name a live host allocation of
/// `size_b` bytes that outlives the memory.
unsafe fn allocate_for(
    device: &Device,
    raw: vk::Buffer,
    size_b: u64,
    type_index: u32,
    import: Option<vk::ImportMemoryHostPointerInfoEXT<'_>>,
    context: &'static str,
) -> VkResult<vk::DeviceMemory> {
    let mut flags =
        vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
    let mut import = import;
    let mut allocate_info = vk::MemoryAllocateInfo::default()
        .allocation_size(size_b)
        .memory_type_index(type_index);
    if let Some(import) = import.as_mut() {
        allocate_info = allocate_info.push_next(import);
    }
    if device.caps.state.buffer_device_address {
        allocate_info = allocate_info.push_next(&mut flags);
    }
    // SAFETY: valid allocate info; an import names the caller's live allocation.
    match unsafe { device.raw.allocate_memory(&allocate_info, None) } {
        Ok(memory) => Ok(memory),
        Err(result) => {
            // SAFETY: the caller says the buffer is unused.
            unsafe { device.raw.destroy_buffer(raw, None) };
            Err(map_vk(context)(result))
        }
    }
}

impl Drop for PoolBuffer {
    fn drop(&mut self) {
        // SAFETY: owners drop a pool buffer only after the fence of its last use; the
        // imported memory is freed after the buffer bound to it. A mirror frees itself; a
        // sparse buffer owns no memory (what is bound under it is the physical pools').
        match self.backing.take() {
            Some(Backing::Imported { memory, .. }) => unsafe {
                self.device.raw.destroy_buffer(self.raw, None);
                self.device.raw.free_memory(memory, None);
            },
            Some(Backing::Sparse) => unsafe { self.device.raw.destroy_buffer(self.raw, None) },
            // Freeing mapped memory unmaps it.
            Some(Backing::OwnMemory { memory, .. }) => unsafe {
                self.device.raw.destroy_buffer(self.raw, None);
                self.device.raw.free_memory(memory, None);
            },
            _ => {}
        }
    }
}

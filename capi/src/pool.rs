//! Memory pools: `hsMemoryPoolBuilder*` (over storage Hookshot allocates, or the game's
//! own), initialize/finalize, size, map, and the CPU writes Hookshot sees. Under
//! `RX_VK_WRITE_TRACKING=protect` (the default) every write through the mapped pointer is
//! seen by page protection; under `explicit` announce them with
//! `hsMemoryPoolFlushMappedRange`, or write with `hsMemoryPoolWrite` / `hsMemoryPoolCopy`.

use std::ffi::c_void;

use gpu::objects::PoolMaker;
use memory::pool::{CpuAccess, GpuAccess, PoolBacking, PoolFlags};

use crate::builder::{check_builder, check_builder_pointer, out_value, BUILDER_MAGIC};
use crate::guard::entry;
use crate::objects::{check_new, finalize_object, publish, resolve, HSDevice, HSMemoryPool};
use crate::result::{CapiError, CapiResult, HSresult};
use crate::state::{DeviceRef, PoolState};

/// Memory pool flags, NVN's bits: one CPU and one GPU access, and the rest as wanted.
pub type HSmemoryPoolFlags = u32;
pub const HS_MEMORY_POOL_FLAGS_CPU_NO_ACCESS: HSmemoryPoolFlags = 0x1;
pub const HS_MEMORY_POOL_FLAGS_CPU_UNCACHED: HSmemoryPoolFlags = 0x2;
pub const HS_MEMORY_POOL_FLAGS_CPU_CACHED: HSmemoryPoolFlags = 0x4;
pub const HS_MEMORY_POOL_FLAGS_GPU_NO_ACCESS: HSmemoryPoolFlags = 0x8;
pub const HS_MEMORY_POOL_FLAGS_GPU_UNCACHED: HSmemoryPoolFlags = 0x10;
pub const HS_MEMORY_POOL_FLAGS_GPU_CACHED: HSmemoryPoolFlags = 0x20;
pub const HS_MEMORY_POOL_FLAGS_SHADER_CODE: HSmemoryPoolFlags = 0x40;
pub const HS_MEMORY_POOL_FLAGS_COMPRESSIBLE: HSmemoryPoolFlags = 0x80;
pub const HS_MEMORY_POOL_FLAGS_PHYSICAL: HSmemoryPoolFlags = 0x100;
pub const HS_MEMORY_POOL_FLAGS_VIRTUAL: HSmemoryPoolFlags = 0x200;

/// Pool sizes are multiples of this.
pub const HS_MEMORY_POOL_STORAGE_GRANULARITY: u64 = 4096;

#[repr(C)]
pub struct HSMemoryPoolBuilder {
    /// Set by its SetDefaults function; a struct without it is refused.
    pub magic: u32,
    /// Default CPU_UNCACHED | GPU_CACHED.
    pub flags: HSmemoryPoolFlags,
    pub device: *const HSDevice,
    /// A non-zero multiple of `HS_MEMORY_POOL_STORAGE_GRANULARITY`.
    pub size_b: u64,
    /// The game's own storage for the pool, or NULL for storage Hookshot allocates.
    pub storage: *mut c_void,
}

#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolBuilderSetDefaults(
    builder: *mut HSMemoryPoolBuilder,
) -> HSresult {
    entry("hsMemoryPoolBuilderSetDefaults", || {
        check_builder_pointer(builder.cast_const())?;
        // SAFETY: checked non-null and aligned; the caller owns the builder.
        unsafe {
            builder.write(HSMemoryPoolBuilder {
                magic: BUILDER_MAGIC,
                flags: HS_MEMORY_POOL_FLAGS_CPU_UNCACHED | HS_MEMORY_POOL_FLAGS_GPU_CACHED,
                device: std::ptr::null(),
                size_b: 0,
                storage: std::ptr::null_mut(),
            })
        };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolBuilderSetDevice(
    builder: *mut HSMemoryPoolBuilder,
    device: *const HSDevice,
) -> HSresult {
    entry("hsMemoryPoolBuilderSetDevice", || {
        // SAFETY: the header's contract for builders.
        unsafe { check_builder(builder) }?.device = device;
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolBuilderSetFlags(
    builder: *mut HSMemoryPoolBuilder,
    flags: HSmemoryPoolFlags,
) -> HSresult {
    entry("hsMemoryPoolBuilderSetFlags", || {
        // SAFETY: the header's contract for builders.
        unsafe { check_builder(builder) }?.flags = flags;
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolBuilderSetSize(
    builder: *mut HSMemoryPoolBuilder,
    size_b: u64,
) -> HSresult {
    entry("hsMemoryPoolBuilderSetSize", || {
        // SAFETY: the header's contract for builders.
        unsafe { check_builder(builder) }?.size_b = size_b;
        Ok(())
    })
}

/// NVN's `MemoryPoolBuilder::SetStorage`: the pool lives in the game's `size_b` bytes
/// at `storage` (aligned to `hsGetHostPageSize`, a multiple of it in size), which the
/// game keeps mapped and does not free until the pool is finalized and the GPU is done
/// with it (`hsQueueFinish`). What the bytes hold is the pool's contents. NULL: storage
/// Hookshot allocates, of the builder's size.
#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolBuilderSetStorage(
    builder: *mut HSMemoryPoolBuilder,
    storage: *mut c_void,
    size_b: u64,
) -> HSresult {
    entry("hsMemoryPoolBuilderSetStorage", || {
        // SAFETY: the header's contract for builders.
        let builder = unsafe { check_builder(builder) }?;
        builder.storage = storage;
        builder.size_b = size_b;
        Ok(())
    })
}

/// The host's page size in bytes (16384 on Apple Silicon, 4096 on most others): the
/// alignment of storage given to `hsMemoryPoolBuilderSetStorage`.
#[no_mangle]
pub unsafe extern "C" fn hsGetHostPageSize(page_size_b: *mut u64) -> HSresult {
    entry("hsGetHostPageSize", || {
        // SAFETY: the header's contract for out-parameters.
        unsafe { out_value(page_size_b, "page_size_b", memory::host_page_size_b()) }
    })
}

/// NVN's flag bits as `memory`'s flags: exactly one CPU and one GPU access bit.
fn pool_flags(flags: HSmemoryPoolFlags) -> CapiResult<PoolFlags> {
    const KNOWN: u32 = 0x3ff;
    if flags & !KNOWN != 0 {
        return Err(CapiError::argument(format!(
            "flags {flags:#x} has bits that are no memory pool flag"
        )));
    }
    let cpu = match flags & 0x7 {
        HS_MEMORY_POOL_FLAGS_CPU_NO_ACCESS => CpuAccess::NoAccess,
        HS_MEMORY_POOL_FLAGS_CPU_UNCACHED => CpuAccess::Uncached,
        HS_MEMORY_POOL_FLAGS_CPU_CACHED => CpuAccess::Cached,
        _ => {
            return Err(CapiError::argument(
                "flags need exactly one CPU_* access bit",
            ))
        }
    };
    let gpu = match flags & 0x38 {
        HS_MEMORY_POOL_FLAGS_GPU_NO_ACCESS => GpuAccess::NoAccess,
        HS_MEMORY_POOL_FLAGS_GPU_UNCACHED => GpuAccess::Uncached,
        HS_MEMORY_POOL_FLAGS_GPU_CACHED => GpuAccess::Cached,
        _ => {
            return Err(CapiError::argument(
                "flags need exactly one GPU_* access bit",
            ))
        }
    };
    let backing = match flags & 0x300 {
        0 | HS_MEMORY_POOL_FLAGS_PHYSICAL => PoolBacking::Physical,
        HS_MEMORY_POOL_FLAGS_VIRTUAL => PoolBacking::Virtual,
        _ => return Err(CapiError::argument("flags are both PHYSICAL and VIRTUAL")),
    };
    Ok(PoolFlags {
        cpu,
        gpu,
        backing,
        compressible: flags & HS_MEMORY_POOL_FLAGS_COMPRESSIBLE != 0,
        shader_code: flags & HS_MEMORY_POOL_FLAGS_SHADER_CODE != 0,
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolInitialize(
    pool: *mut HSMemoryPool,
    builder: *const HSMemoryPoolBuilder,
) -> HSresult {
    entry("hsMemoryPoolInitialize", || {
        // SAFETY: the header's contract for objects and builders.
        let builder = unsafe { check_builder(builder.cast_mut()) }?;
        let device = unsafe { resolve(builder.device, "builder's device") }?;
        unsafe { check_new(pool, "pool") }?;
        let flags = pool_flags(builder.flags)?;
        if builder.size_b == 0
            || !builder
                .size_b
                .is_multiple_of(HS_MEMORY_POOL_STORAGE_GRANULARITY)
        {
            return Err(CapiError::argument(format!(
                "size_b {} is not a non-zero multiple of {HS_MEMORY_POOL_STORAGE_GRANULARITY}",
                builder.size_b
            )));
        }
        let maker = PoolMaker::new(builder.size_b, flags);
        let id = match std::ptr::NonNull::new(builder.storage.cast::<u8>()) {
            None => device.gpu.create_pool(&maker)?,
            // SAFETY: the header's contract for SetStorage: the game's memory, mapped
            // and kept until the pool is finalized and the GPU is done with it. Its
            // alignment is checked by the pool.
            Some(storage) => unsafe { device.gpu.create_pool_over(&maker, storage) }?,
        };
        let state = PoolState {
            device: DeviceRef::new(&device),
            id,
            size_b: builder.size_b,
        };
        // SAFETY: checked by check_new.
        unsafe { publish(pool, state) };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolFinalize(pool: *mut HSMemoryPool) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { finalize_object("hsMemoryPoolFinalize", pool, "pool") }
}

#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolGetSize(
    pool: *const HSMemoryPool,
    size_b: *mut u64,
) -> HSresult {
    entry("hsMemoryPoolGetSize", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(pool, "pool") }?;
        unsafe { out_value(size_b, "size_b", state.size_b) }
    })
}

/// The pool's first byte, for the CPU, good until the pool is finalized. Reads are good
/// once the GPU work that wrote the bytes is done (a sync wait or `hsQueueFinish`). Writes
/// are seen by page protection under `RX_VK_WRITE_TRACKING=protect` (the default); under
/// `explicit` they must be announced with `hsMemoryPoolFlushMappedRange` before GPU work or
/// a texture made there reads them.
#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolMap(
    pool: *const HSMemoryPool,
    pointer: *mut *mut c_void,
) -> HSresult {
    entry("hsMemoryPoolMap", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(pool, "pool") }?;
        let storage = state.device.gpu.pool(state.id)?;
        if !storage.flags().cpu_accessible() {
            return Err(CapiError::Refused("the pool was made CPU_NO_ACCESS".into()));
        }
        let first = state
            .device
            .gpu
            .map_pool(state.id)?
            .as_ptr()
            .cast::<c_void>();
        // SAFETY: the header's contract for out-parameters.
        unsafe { out_value(pointer, "pointer", first) }
    })
}

/// Checks that `offset_b..offset_b + size_b` lies in the pool.
fn check_range(state: &PoolState, offset_b: u64, size_b: u64) -> CapiResult<()> {
    match offset_b.checked_add(size_b) {
        Some(end_b) if end_b <= state.size_b => Ok(()),
        _ => Err(CapiError::OutOfRange(format!(
            "range {offset_b:#x}+{size_b:#x} is past the pool's end at {:#x}",
            state.size_b
        ))),
    }
}

/// NVN's `FlushMappedRange`: the CPU wrote `offset_b..offset_b + size_b` through the
/// mapped pointer. The write's signal under `RX_VK_WRITE_TRACKING=explicit`; a hint under
/// `protect`, which saw the writes already. Either way textures over those bytes are
/// filled again and the recording has them.
#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolFlushMappedRange(
    pool: *const HSMemoryPool,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    entry("hsMemoryPoolFlushMappedRange", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(pool, "pool") }?;
        check_range(&state, offset_b, size_b)?;
        Ok(state
            .device
            .gpu
            .flush_mapped_range(state.id, offset_b, size_b)?)
    })
}

/// NVN's `InvalidateMappedRange`: the CPU is about to read what the GPU wrote there. The
/// mapped bytes are the storage the GPU's results land in by their fence, so only the
/// range is checked; kept so NVN code ports as it is.
#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolInvalidateMappedRange(
    pool: *const HSMemoryPool,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    entry("hsMemoryPoolInvalidateMappedRange", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(pool, "pool") }?;
        check_range(&state, offset_b, size_b)?;
        Ok(state
            .device
            .gpu
            .invalidate_mapped_range(state.id, offset_b, size_b)?)
    })
}

/// Copies `size_b` bytes from `data` into the pool at `offset_b` (a tracked CPU write).
#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolWrite(
    pool: *const HSMemoryPool,
    offset_b: u64,
    data: *const c_void,
    size_b: u64,
) -> HSresult {
    entry("hsMemoryPoolWrite", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(pool, "pool") }?;
        check_range(&state, offset_b, size_b)?;
        // SAFETY: the caller promises `size_b` readable bytes; the range check above
        // bounds it by the pool's size.
        let bytes = unsafe { bytes_in(data, size_b, state.size_b, "data") }?;
        state.device.gpu.write_pool(state.id, offset_b, bytes)?;
        Ok(())
    })
}

/// Copies `size_b` bytes of the pool at `offset_b` out to `data`.
#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolRead(
    pool: *const HSMemoryPool,
    offset_b: u64,
    data: *mut c_void,
    size_b: u64,
) -> HSresult {
    entry("hsMemoryPoolRead", || {
        // SAFETY: the header's contract for objects.
        let state = unsafe { resolve(pool, "pool") }?;
        check_range(&state, offset_b, size_b)?;
        if size_b == 0 {
            return Ok(());
        }
        if data.is_null() {
            return Err(CapiError::argument("data is NULL"));
        }
        // SAFETY: the caller promises `size_b` writable bytes at `data`.
        let out = unsafe { std::slice::from_raw_parts_mut(data.cast::<u8>(), size_b as usize) };
        state.device.gpu.read_pool(state.id, offset_b, out)?;
        Ok(())
    })
}

/// The CPU's `memcpy` between pool ranges (a defragmentation), tracked: a texture whose
/// whole storage moves keeps its cached image.
#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolCopy(
    source: *const HSMemoryPool,
    source_offset_b: u64,
    destination: *const HSMemoryPool,
    destination_offset_b: u64,
    size_b: u64,
) -> HSresult {
    entry("hsMemoryPoolCopy", || {
        // SAFETY: the header's contract for objects.
        let source = unsafe { resolve(source, "source") }?;
        let destination = unsafe { resolve(destination, "destination") }?;
        source
            .device
            .check_same(&destination.device, "destination")?;
        check_range(&source, source_offset_b, size_b)?;
        check_range(&destination, destination_offset_b, size_b)?;
        source.device.gpu.copy_pool(
            source.id,
            source_offset_b,
            destination.id,
            destination_offset_b,
            size_b,
        )?;
        Ok(())
    })
}

/// `size_b` bytes at `data` (NULL allowed for none). A `size_b` past `max_b` is refused
/// before a byte is read or copied: the caller's length is never trusted for memory.
///
/// # Safety
/// A non-null `data` points to `size_b` readable bytes.
pub(crate) unsafe fn bytes_in<'a>(
    data: *const c_void,
    size_b: u64,
    max_b: u64,
    arg: &str,
) -> CapiResult<&'a [u8]> {
    if size_b > max_b {
        return Err(CapiError::OutOfRange(format!(
            "{arg} is {size_b} bytes; at most {max_b}"
        )));
    }
    if size_b == 0 {
        return Ok(&[]);
    }
    if data.is_null() {
        return Err(CapiError::argument(format!("{arg} is NULL")));
    }
    let len = usize::try_from(size_b).map_err(|_| CapiError::argument("size_b too large"))?;
    // SAFETY: the caller promises `size_b` readable bytes.
    Ok(unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) })
}

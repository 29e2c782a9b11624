//! Buffers: a range of a memory pool, bound by (buffer, offset, size) where NVN binds GPU
//! addresses (addresses come with the pools issue).

use gpu::objects::{BufferMaker, BufferUsage};

use crate::builder::{check_builder, check_builder_pointer, out_value, BUILDER_MAGIC};
use crate::guard::entry;
use crate::objects::{
    check_new, finalize_object, publish, resolve, HSBuffer, HSDevice, HSMemoryPool,
};
use crate::result::{CapiError, HSresult};
use crate::state::{BufferState, DeviceRef};

#[repr(C)]
pub struct HSBufferBuilder {
    /// Set by its SetDefaults function; a struct without it is refused.
    pub magic: u32,
    pub reserved: u32,
    pub device: *const HSDevice,
    pub pool: *const HSMemoryPool,
    pub offset_b: u64,
    pub size_b: u64,
}

#[no_mangle]
pub unsafe extern "C" fn hsBufferBuilderSetDefaults(builder: *mut HSBufferBuilder) -> HSresult {
    entry("hsBufferBuilderSetDefaults", || {
        check_builder_pointer(builder.cast_const())?;
        // SAFETY: checked non-null and aligned; the caller owns the builder.
        unsafe {
            builder.write(HSBufferBuilder {
                magic: BUILDER_MAGIC,
                reserved: 0,
                device: std::ptr::null(),
                pool: std::ptr::null(),
                offset_b: 0,
                size_b: 0,
            })
        };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsBufferBuilderSetDevice(
    builder: *mut HSBufferBuilder,
    device: *const HSDevice,
) -> HSresult {
    entry("hsBufferBuilderSetDevice", || {
        // SAFETY: the header's contract for builders.
        unsafe { check_builder(builder) }?.device = device;
        Ok(())
    })
}

/// The buffer's bytes: `size_b` bytes of `pool` from `offset_b`.
#[no_mangle]
pub unsafe extern "C" fn hsBufferBuilderSetStorage(
    builder: *mut HSBufferBuilder,
    pool: *const HSMemoryPool,
    offset_b: u64,
    size_b: u64,
) -> HSresult {
    entry("hsBufferBuilderSetStorage", || {
        // SAFETY: the header's contract for builders.
        let builder = unsafe { check_builder(builder) }?;
        builder.pool = pool;
        builder.offset_b = offset_b;
        builder.size_b = size_b;
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsBufferInitialize(
    buffer: *mut HSBuffer,
    builder: *const HSBufferBuilder,
) -> HSresult {
    entry("hsBufferInitialize", || {
        // SAFETY: the header's contract for objects and builders.
        let builder = unsafe { check_builder(builder.cast_mut()) }?;
        let device = unsafe { resolve(builder.device, "builder's device") }?;
        let pool = unsafe { resolve(builder.pool, "builder's pool") }?;
        device.check_same(&pool.device, "the builder's pool")?;
        unsafe { check_new(buffer, "buffer") }?;
        let id = device.gpu.create_buffer(&BufferMaker {
            pool: pool.id,
            offset_b: builder.offset_b,
            size_b: builder.size_b,
            // NVN's buffers serve every use; so do these.
            usage: BufferUsage::ALL,
        })?;
        let state = BufferState {
            device: DeviceRef::new(&device),
            id,
            size_b: builder.size_b,
        };
        // SAFETY: checked by check_new.
        unsafe { publish(buffer, state) };
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn hsBufferFinalize(buffer: *mut HSBuffer) -> HSresult {
    // SAFETY: the header's contract for objects.
    unsafe { finalize_object("hsBufferFinalize", buffer, "buffer") }
}

#[no_mangle]
pub unsafe extern "C" fn hsBufferGetSize(buffer: *const HSBuffer, size_b: *mut u64) -> HSresult {
    entry("hsBufferGetSize", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(buffer, "buffer") }?;
        if state.size_b == 0 {
            return Err(CapiError::Internal("a buffer of no bytes".into()));
        }
        unsafe { out_value(size_b, "size_b", state.size_b) }
    })
}

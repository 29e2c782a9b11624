//! NVN's addresses in the C ABI: a pool's and a buffer's GPU address, and the binds that
//! take an address (NVN's `BindVertexBuffer`, `BindUniformBuffer`, `BindStorageBuffer`,
//! and the index buffer), each with a short way as the buffer-object binds have: the pool
//! an address named last is remembered, and a bind into it goes straight to `gpu`'s short
//! way.

use gpu::address::{pool_buffer_id, GpuAddress};
use gpu::command::BufferBinding;
use gpu::objects::BufferRange;
use gpu::BufferId;

use crate::builder::out_value;
use crate::command_buffer::{short_way, with_recording};
use crate::commands::{
    BufferBindKind, HSindexType, IndexBind, StorageBind, UniformBind, VertexBind,
};
use crate::guard::entry;
use crate::objects::{resolve, CObject, HSBuffer, HSCommandBuffer, HSMemoryPool};
use crate::program::HSshaderStage;
use crate::result::{CapiResult, HSresult};
use crate::state::{DeviceState, Recording};

/// A GPU address (NVN's `BufferAddress`): the same for a pool's whole life and in a
/// replay of the run; 0 is never one.
pub type HSgpuAddress = u64;

/// The pool an address named last: its range, its whole-pool buffer, and the pools'
/// removal count then.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LastPool {
    start: u64,
    end: u64,
    buffer: BufferId,
    removals: u64,
}

/// NVN's `MemoryPool::GetBufferAddress`: the address of the pool's first byte.
#[no_mangle]
pub unsafe extern "C" fn hsMemoryPoolGetBufferAddress(
    pool: *const HSMemoryPool,
    address: *mut HSgpuAddress,
) -> HSresult {
    entry("hsMemoryPoolGetBufferAddress", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(pool, "pool") }?;
        let got = state.device.gpu.pool_address(state.id)?;
        unsafe { out_value(address, "address", got.0) }
    })
}

/// NVN's `Buffer::GetAddress`: its pool's address plus its offset in the pool.
#[no_mangle]
pub unsafe extern "C" fn hsBufferGetAddress(
    buffer: *const HSBuffer,
    address: *mut HSgpuAddress,
) -> HSresult {
    entry("hsBufferGetAddress", || {
        // SAFETY: the header's contract for objects and out-parameters.
        let state = unsafe { resolve(buffer, "buffer") }?;
        let got = state.device.gpu.buffer_address(state.id)?;
        unsafe { out_value(address, "address", got.0) }
    })
}

impl Recording {
    /// `size_b` bytes at `address` in the pool an address named last, while no pool has
    /// been finalized since; `None` for anything else (`gpu` checks the range).
    #[inline(always)]
    fn remembered_address(&self, address: u64, size_b: u64) -> Option<BufferRange> {
        let last = self.last_pool?;
        if address < last.start
            || address >= last.end
            || last.removals != HSMemoryPool::registry().removals()
        {
            return None;
        }
        Some(BufferRange {
            buffer: last.buffer,
            offset_b: address - last.start,
            size_b,
        })
    }

    /// An address bind's short way: the address is in the pool an address named last,
    /// and `gpu`'s short way records the bind. False, with nothing recorded, otherwise.
    #[inline(always)]
    pub(crate) fn try_bind_address(
        &mut self,
        binding: BufferBinding,
        address: u64,
        size_b: u64,
    ) -> bool {
        let Some(range) = self.remembered_address(address, size_b) else {
            return false;
        };
        self.buffer
            .as_mut()
            .is_some_and(|commands| commands.try_bind_buffer(binding, range))
    }

    /// `size_b` bytes at `address` as a range of its pool, checked by the device (an
    /// address in no live pool, or a range past its pool, is refused naming the address
    /// and the nearest pool); the pool is remembered for the binds after it.
    pub(crate) fn address_range(
        &mut self,
        device: &DeviceState,
        address: HSgpuAddress,
        size_b: u64,
    ) -> CapiResult<BufferRange> {
        let range = device
            .gpu
            .address_range(GpuAddress(address), size_b)
            .map_err(gpu::RecordError::from)?;
        if let Some(pool) = device.gpu.pool_range_at(GpuAddress(address)) {
            if let Some(buffer) = pool_buffer_id(pool.pool) {
                self.last_pool = Some(LastPool {
                    start: pool.start.0,
                    end: pool.end(),
                    buffer,
                    removals: HSMemoryPool::registry().removals(),
                });
            }
        }
        Ok(range)
    }
}

/// An address bind's entry point, its short way in line (as `bind_entry`'s).
///
/// # Safety
/// The header's contract for objects.
#[inline(always)]
unsafe fn address_bind_entry<K: BufferBindKind>(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    first: u32,
    second: u32,
    address: HSgpuAddress,
    size_b: u64,
) -> HSresult {
    let record = move |recording: &mut Recording| {
        K::known(first, second)
            .is_some_and(|binding| recording.try_bind_address(binding, address, size_b))
    };
    // SAFETY: passed on from the caller.
    unsafe { short_way(function, command_buffer, record) }.unwrap_or_else(|| {
        // SAFETY: passed on from the caller.
        unsafe { address_bind_full::<K>(function, command_buffer, first, second, address, size_b) }
    })
}

/// An address bind's full way: every check, and the failure reported.
///
/// # Safety
/// The header's contract for objects.
#[inline(never)]
unsafe fn address_bind_full<K: BufferBindKind>(
    function: &'static str,
    command_buffer: *const HSCommandBuffer,
    first: u32,
    second: u32,
    address: HSgpuAddress,
    size_b: u64,
) -> HSresult {
    // SAFETY: passed on from the caller.
    unsafe {
        with_recording(function, command_buffer, move |device, recording| {
            let binding = K::checked(first, second)?;
            let range = recording.address_range(device, address, size_b)?;
            recording.buffer().bind_buffer(binding, range)?;
            Ok(())
        })
    }
}

/// NVN's `BindVertexBuffer`: `size_b` bytes at `address` as vertex stream `stream`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindVertexBufferAddress(
    command_buffer: *const HSCommandBuffer,
    stream: u32,
    address: HSgpuAddress,
    size_b: u64,
) -> HSresult {
    let function = "hsCommandBufferBindVertexBufferAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        address_bind_entry::<VertexBind>(function, command_buffer, stream, 0, address, size_b)
    }
}

/// The index buffer `hsCommandBufferDrawElements` reads, at `address`.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindIndexBufferAddress(
    command_buffer: *const HSCommandBuffer,
    index_type: HSindexType,
    address: HSgpuAddress,
    size_b: u64,
) -> HSresult {
    let function = "hsCommandBufferBindIndexBufferAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        address_bind_entry::<IndexBind>(function, command_buffer, index_type, 0, address, size_b)
    }
}

/// NVN's `BindUniformBuffer`: `size_b` bytes at `address` at `stage`'s uniform slot.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindUniformBufferAddress(
    command_buffer: *const HSCommandBuffer,
    stage: HSshaderStage,
    slot: u32,
    address: HSgpuAddress,
    size_b: u64,
) -> HSresult {
    let function = "hsCommandBufferBindUniformBufferAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        address_bind_entry::<UniformBind>(function, command_buffer, stage, slot, address, size_b)
    }
}

/// NVN's `BindStorageBuffer`: `size_b` bytes at `address` at `stage`'s storage slot.
#[no_mangle]
pub unsafe extern "C" fn hsCommandBufferBindStorageBufferAddress(
    command_buffer: *const HSCommandBuffer,
    stage: HSshaderStage,
    slot: u32,
    address: HSgpuAddress,
    size_b: u64,
) -> HSresult {
    let function = "hsCommandBufferBindStorageBufferAddress";
    // SAFETY: the header's contract for objects.
    unsafe {
        address_bind_entry::<StorageBind>(function, command_buffer, stage, slot, address, size_b)
    }
}

//! Whether imported host memory bound under a sparse buffer shows the GPU the host's
//! bytes: asked once, where the memory types say it may, before the sparse path binds the
//! physical pools' imported memory. A driver may take the type and bind nothing: lavapipe
//! 25 binds a sparse buffer's pages by mapping the memory's file descriptor over them, and
//! memory imported from a host pointer has none, so the GPU reads other bytes there. The
//! probe writes a pattern into one imported page, binds it under a one-page sparse buffer,
//! copies it out on the GPU and compares; on a mismatch the path binds mirrors instead.

use std::sync::Arc;
use std::time::Duration;

use ash::vk;
use gpu::address::VIRTUAL_PAGE_B;
use gpu_allocator::MemoryLocation;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::allocated_buffer::AllocatedBuffer;
use crate::gpu_memory::pool_buffer::PoolBuffer;
use crate::gpu_memory::sparse_buffer::{sparse_buffer, SparseFor};
use crate::gpu_memory::sparse_memory::SparseMemory;
use crate::immediate::Immediate;

/// Bytes compared: the page's first and last words of the pattern.
const PROBE_B: u64 = 16;
const TIMEOUT: Duration = Duration::from_secs(10);

/// The byte the probe writes at `at` of its page.
fn pattern(at: u64) -> u8 {
    (at.wrapping_mul(29) ^ 0xa7) as u8
}

/// One host page, 64 KiB-aligned (more than any import alignment), freed on drop.
struct HostPage {
    ptr: *mut u8,
    layout: std::alloc::Layout,
}

impl HostPage {
    fn new() -> Option<HostPage> {
        let size = VIRTUAL_PAGE_B as usize;
        let layout = std::alloc::Layout::from_size_align(size, size).ok()?;
        // SAFETY: a non-zero layout; freed in `drop`.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
        (!ptr.is_null()).then_some(HostPage { ptr, layout })
    }
}

impl Drop for HostPage {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout; every import of it is gone first
        // (the pool buffer is dropped before the page in `imported_memory_binds`).
        unsafe { std::alloc::dealloc(self.ptr, self.layout) };
    }
}

/// Whether the GPU reads a host page's bytes through a sparse buffer its import is bound
/// under (`types`: the memory types the sparse path would bind imports of).
pub fn imported_memory_binds(device: &Arc<Device>, types: u32) -> VkResult<bool> {
    let Some(page) = HostPage::new() else {
        return Ok(false);
    };
    for at in 0..VIRTUAL_PAGE_B {
        // SAFETY: `at` is inside the page's allocation.
        unsafe { *page.ptr.add(at as usize) = pattern(at) };
    }
    // SAFETY: the page is live, page-aligned and outlives `pool` (dropped first below);
    // the GPU is done with it when the probe returns (the immediate submission waits).
    let pool = unsafe { PoolBuffer::import_preferring(device, page.ptr, VIRTUAL_PAGE_B, types) }?;
    let Some(memory) = pool.bindable_memory(&SparseMemory::Imported { types }) else {
        return Ok(false);
    };
    let sparse = sparse_buffer(device, VIRTUAL_PAGE_B, SparseFor::ImportedHost)?;
    let read = read_through(device, sparse, memory);
    // SAFETY: the bind and the copy have completed (`read_through` waited for both).
    unsafe { device.raw.destroy_buffer(sparse, None) };
    drop(pool);
    let bytes = read?;
    let last_b = VIRTUAL_PAGE_B - PROBE_B / 2;
    let expected: Vec<u8> = (0..PROBE_B / 2)
        .chain(last_b..VIRTUAL_PAGE_B)
        .map(pattern)
        .collect();
    let binds = bytes == expected;
    tracing::info!(target: "gpu_vk::memory", binds, ?bytes, ?expected,
        "imported host memory under a sparse buffer, as the GPU reads it");
    Ok(binds)
}

/// Binds `memory` under the whole of `sparse` (one page) and copies its first and last
/// eight bytes out on the GPU.
fn read_through(
    device: &Arc<Device>,
    sparse: vk::Buffer,
    memory: vk::DeviceMemory,
) -> VkResult<Vec<u8>> {
    let binds = [vk::SparseMemoryBind::default()
        .resource_offset(0)
        .size(VIRTUAL_PAGE_B)
        .memory(memory)
        .memory_offset(0)];
    let buffer_binds = [vk::SparseBufferMemoryBindInfo::default()
        .buffer(sparse)
        .binds(&binds)];
    let info = [vk::BindSparseInfo::default().buffer_binds(&buffer_binds)];
    // SAFETY: valid create info on a live device; destroyed below.
    let fence = unsafe {
        device
            .raw
            .create_fence(&vk::FenceCreateInfo::default(), None)
    }
    .map_err(map_vk("creating the sparse probe's fence"))?;
    let bound = {
        let queue = device.queue.lock();
        // SAFETY: the queue lock serialises queue operations; the buffer is sparse and
        // unused, the memory a live import of a type it takes, bound at offset 0.
        unsafe { device.raw.queue_bind_sparse(*queue, &info, fence) }
            .map_err(map_vk("binding the sparse probe (vkQueueBindSparse)"))
    };
    let waited = bound.and_then(|()| {
        // SAFETY: the fence was just submitted with the bind.
        unsafe {
            device
                .raw
                .wait_for_fences(&[fence], true, TIMEOUT.as_nanos() as u64)
        }
        .map_err(map_vk("waiting for the sparse probe's bind"))
    });
    // SAFETY: the bind completed, or was never submitted, or the wait failed on a lost
    // device (nothing runs on it any more).
    unsafe { device.raw.destroy_fence(fence, None) };
    waited?;
    let mut readback = AllocatedBuffer::new(
        device,
        PROBE_B,
        vk::BufferUsageFlags::TRANSFER_DST,
        MemoryLocation::GpuToCpu,
        "the sparse probe's read-back",
    )?;
    let target = readback.raw;
    let half_b = PROBE_B / 2;
    Immediate::new(device)?.run(TIMEOUT, |cmd| {
        let regions = [
            vk::BufferCopy::default().size(half_b),
            vk::BufferCopy::default()
                .src_offset(VIRTUAL_PAGE_B - half_b)
                .dst_offset(half_b)
                .size(half_b),
        ];
        let to_host = [vk::MemoryBarrier2::default()
            .src_stage_mask(vk::PipelineStageFlags2::COPY)
            .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
            .dst_stage_mask(vk::PipelineStageFlags2::HOST)
            .dst_access_mask(vk::AccessFlags2::HOST_READ)];
        // SAFETY: both buffers are live and large enough for the regions; the sparse
        // buffer's page is bound (the fence above).
        unsafe {
            device.raw.cmd_copy_buffer(cmd, sparse, target, &regions);
            device.raw.cmd_pipeline_barrier2(
                cmd,
                &vk::DependencyInfo::default().memory_barriers(&to_host),
            );
        }
        Ok(())
    })?;
    readback
        .mapped_mut()
        .map(|bytes| bytes[..PROBE_B as usize].to_vec())
        .ok_or_else(|| VkError::Allocation {
            context: "the sparse probe's read-back",
            reason: "the read-back buffer is not mapped".into(),
        })
}

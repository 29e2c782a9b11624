//! The swizzle kernels' test rig: the real device, a one-shot command runner, a
//! host-visible staging arena and the kernels, and pools imported for the GPU to write.

use std::sync::Arc;

use gpu_vk::ash::vk;
use gpu_vk::gpu_memory::pool_buffer::PoolBuffer;
use gpu_vk::gpu_memory::staging::StagingArena;
use gpu_vk::immediate::Immediate;
use gpu_vk::kernels::swizzle_kernel::SwizzleKernels;
use gpu_vk::Device;
use memory::{MemoryPool, PoolFlags};

use super::programs::translator;
use super::TestGpu;

pub struct SwizzleRig {
    pub gpu: TestGpu,
    pub immediate: Immediate,
    pub staging: StagingArena,
    pub kernels: SwizzleKernels,
}

impl SwizzleRig {
    /// `use_push_descriptors` is normally true; false covers drivers without them.
    pub fn new(use_push_descriptors: bool) -> SwizzleRig {
        let gpu = TestGpu::open();
        let device = gpu.device.clone();
        let kernels = SwizzleKernels::build(
            &device,
            &translator(),
            use_push_descriptors,
            vk::PipelineCache::null(),
        )
        .expect("kernels");
        SwizzleRig {
            immediate: Immediate::new(&device).unwrap(),
            staging: StagingArena::new(&device),
            kernels,
            gpu,
        }
    }

    pub fn device(&self) -> &Arc<Device> {
        &self.gpu.device
    }

    /// A pool of `pool_size_b` bytes imported as a buffer: the tests read storage
    /// through the pool, so they need host-memory import. Drop the buffer before the pool.
    pub fn pool_with_buffer(&self, pool_size_b: u64) -> (MemoryPool, PoolBuffer) {
        let pool = MemoryPool::new(pool_size_b, PoolFlags::CPU_CACHED_GPU_CACHED).unwrap();
        let ptr = pool.storage_ptr().as_ptr();
        assert!(
            PoolBuffer::can_import(self.device(), ptr, pool_size_b),
            "these tests read storage through the pool, so they need host-memory import"
        );
        // SAFETY: callers drop the buffer before the pool, and every GPU access is waited
        // for before the pool is read or written.
        let buffer = unsafe { PoolBuffer::import(self.device(), ptr, pool_size_b) }.unwrap();
        (pool, buffer)
    }
}

/// Every byte of `pool`.
pub fn pool_bytes(pool: &MemoryPool) -> Vec<u8> {
    let mut out = vec![0; pool.size_b() as usize];
    pool.read(0, &mut out).unwrap();
    out
}

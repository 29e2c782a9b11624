//! A gpu device on the Vulkan executor, and the pools and buffers tests place things in.

use gpu::objects::{BufferMaker, BufferUsage, PoolMaker};
use gpu::{BufferId, DeviceMaker, PoolId};
use gpu_vk::executor::VkBackend;
use gpu_vk::shared_backend::SharedBackend;
use memory::PoolFlags;

/// A gpu device on `backend`, and a handle to the backend for its stats and controls.
/// Drop the device before the test's `TestGpu`: the executor ends with it.
pub fn executor_device(backend: VkBackend) -> (gpu::Device, SharedBackend) {
    let backend = SharedBackend::new(backend);
    let device = gpu::Device::new(DeviceMaker::new(Box::new(backend.clone()))).unwrap();
    (device, backend)
}

/// A CPU_CACHED | GPU_CACHED pool of `size_b` bytes, as the game's textures live in.
pub fn cached_pool(device: &gpu::Device, size_b: u64) -> PoolId {
    device
        .create_pool(&PoolMaker::new(size_b, PoolFlags::CPU_CACHED_GPU_CACHED))
        .unwrap()
}

/// A buffer over `size_b` bytes of `pool` from `offset_b`, usable for anything.
pub fn buffer(device: &gpu::Device, pool: PoolId, offset_b: u64, size_b: u64) -> BufferId {
    device
        .create_buffer(&BufferMaker {
            pool,
            offset_b,
            size_b,
            usage: BufferUsage::ALL,
        })
        .unwrap()
}

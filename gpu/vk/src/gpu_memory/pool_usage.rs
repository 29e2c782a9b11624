//! The buffer usages a pool's `VkBuffer` is made with, ordinary or sparse.

use ash::vk;

use crate::bringup::device::Device;

/// Every way NVN may bind a pool range.
pub const POOL_BUFFER_USAGE: vk::BufferUsageFlags = vk::BufferUsageFlags::from_raw(
    vk::BufferUsageFlags::VERTEX_BUFFER.as_raw()
        | vk::BufferUsageFlags::INDEX_BUFFER.as_raw()
        | vk::BufferUsageFlags::UNIFORM_BUFFER.as_raw()
        | vk::BufferUsageFlags::STORAGE_BUFFER.as_raw()
        | vk::BufferUsageFlags::INDIRECT_BUFFER.as_raw()
        | vk::BufferUsageFlags::TRANSFER_SRC.as_raw()
        | vk::BufferUsageFlags::TRANSFER_DST.as_raw(),
);

/// `POOL_BUFFER_USAGE`, with transform feedback's capture and counter uses where the
/// device has it (a capture buffer and its control buffer are ranges of pools).
pub fn pool_buffer_usage(device: &Device) -> vk::BufferUsageFlags {
    let mut usage = POOL_BUFFER_USAGE;
    if device.caps.state.transform_feedback {
        usage |= vk::BufferUsageFlags::TRANSFORM_FEEDBACK_BUFFER_EXT
            | vk::BufferUsageFlags::TRANSFORM_FEEDBACK_COUNTER_BUFFER_EXT;
    }
    // Raw pointers in shaders reach a pool through its device address (the pool table).
    if device.caps.state.buffer_device_address {
        usage |= vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS;
    }
    usage
}

//! Frames in flight: each submission's command buffer and staging arena, parked with its
//! timeline value and reused once the GPU has passed it.

use std::collections::VecDeque;
use std::sync::Arc;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};
use crate::gpu_memory::staging::StagingArena;

use super::descriptors::DescriptorPools;
use super::index_arena::IndexArena;
use crate::executor::pipelines::bindless_layout::BindlessLayout;

/// What one submission records into.
pub struct Frame {
    pub cmd: vk::CommandBuffer,
    pub staging: StagingArena,
    /// Device-local rows the write-back moves through.
    pub scratch: StagingArena,
    pub descriptors: DescriptorPools,
    pub indices: IndexArena,
}

pub struct FrameRing {
    pool: vk::CommandPool,
    free: Vec<Frame>,
    in_flight: VecDeque<(u64, Frame)>,
    /// Each frame's bindless texture table follows it (descriptor-indexing path).
    bindless: Option<Arc<BindlessLayout>>,
    device: Arc<Device>,
}

impl FrameRing {
    pub fn new(device: &Arc<Device>, bindless: Option<Arc<BindlessLayout>>) -> VkResult<FrameRing> {
        let info = vk::CommandPoolCreateInfo::default()
            .queue_family_index(device.queue_family_index)
            .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER);
        // SAFETY: valid create info on a live device.
        let pool = unsafe { device.raw.create_command_pool(&info, None) }
            .map_err(map_vk("creating the executor's command pool"))?;
        Ok(FrameRing {
            pool,
            free: Vec::new(),
            in_flight: VecDeque::new(),
            bindless,
            device: device.clone(),
        })
    }

    /// A frame whose command buffer is recording.
    pub fn begin(&mut self) -> VkResult<Frame> {
        let raw = &self.device.raw;
        let frame = match self.free.pop() {
            Some(frame) => frame,
            None => {
                let info = vk::CommandBufferAllocateInfo::default()
                    .command_pool(self.pool)
                    .level(vk::CommandBufferLevel::PRIMARY)
                    .command_buffer_count(1);
                // SAFETY: the pool belongs to this device; the executor uses it from one
                // thread at a time (the backend is behind the device's lock).
                let cmd = unsafe { raw.allocate_command_buffers(&info) }
                    .map_err(map_vk("allocating a command buffer"))?[0];
                Frame {
                    cmd,
                    staging: StagingArena::new(&self.device),
                    scratch: StagingArena::device_local(&self.device),
                    descriptors: DescriptorPools::new(&self.device, self.bindless.clone()),
                    indices: IndexArena::new(&self.device),
                }
            }
        };
        let begin = vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
        // SAFETY: a free frame's buffer is not pending (its value was reached, or it was
        // never submitted); beginning resets it (the pool allows per-buffer reset).
        if let Err(result) = unsafe { raw.begin_command_buffer(frame.cmd, &begin) } {
            self.free.push(frame);
            return Err(map_vk("beginning a command buffer")(result));
        }
        Ok(frame)
    }

    /// A frame that was begun but will not be submitted.
    pub fn abandon(&mut self, mut frame: Frame) {
        // SAFETY: the buffer is recording and was never submitted; ending it makes it
        // executable, and the next `begin` resets it.
        let _ = unsafe { self.device.raw.end_command_buffer(frame.cmd) };
        frame.staging.reset();
        frame.scratch.reset();
        frame.indices.reset();
        if let Err(error) = frame.descriptors.reset() {
            tracing::error!(target: "gpu_vk::executor", %error, "an abandoned frame's descriptors");
        }
        self.free.push(frame);
    }

    /// Parks a submitted frame until the timeline reaches `value`.
    pub fn park(&mut self, value: u64, frame: Frame) {
        self.in_flight.push_back((value, frame));
    }

    /// Frames whose submission completed become free again.
    pub fn retire(&mut self, completed: u64) {
        while self
            .in_flight
            .front()
            .is_some_and(|&(value, _)| value <= completed)
        {
            let (_, mut frame) = self.in_flight.pop_front().expect("checked above");
            frame.staging.reset();
            frame.scratch.reset();
            frame.indices.reset();
            if let Err(error) = frame.descriptors.reset() {
                tracing::error!(target: "gpu_vk::executor", %error, "a completed frame's descriptors");
            }
            self.free.push(frame);
        }
    }

    pub fn in_flight(&self) -> usize {
        self.in_flight.len()
    }
}

impl Drop for FrameRing {
    fn drop(&mut self) {
        // SAFETY: the executor waits for its last submission before dropping the ring, so
        // no buffer of the pool is pending; freeing the pool frees its buffers.
        unsafe { self.device.raw.destroy_command_pool(self.pool, None) };
    }
}

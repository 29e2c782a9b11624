//! Frames in flight: each submission's command buffers and staging arena, parked with its
//! timeline value and reused once the GPU has passed it. Each frame has a command pool
//! of its own, so a list's body is recorded into its frame on the submitting thread
//! while other threads record theirs (`executor::split_submit`).

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
    /// The frame's own pool: its buffers are recorded by one thread at a time.
    pool: vk::CommandPool,
    /// The submission's commands (a split submission: those before the list's body).
    pub cmd: vk::CommandBuffer,
    /// A split submission's body (its passes and draws) and the commands after it.
    pub body: vk::CommandBuffer,
    pub post: vk::CommandBuffer,
    pub staging: StagingArena,
    /// Device-local rows the write-back moves through.
    pub scratch: StagingArena,
    pub descriptors: DescriptorPools,
    pub indices: IndexArena,
}

pub struct FrameRing {
    free: Vec<Frame>,
    in_flight: VecDeque<(u64, Frame)>,
    /// Each frame's bindless texture table follows it (descriptor-indexing path).
    bindless: Option<Arc<BindlessLayout>>,
    device: Arc<Device>,
}

impl FrameRing {
    pub fn new(device: &Arc<Device>, bindless: Option<Arc<BindlessLayout>>) -> VkResult<FrameRing> {
        Ok(FrameRing {
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
                let info = vk::CommandPoolCreateInfo::default()
                    .queue_family_index(self.device.queue_family_index)
                    .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER);
                // SAFETY: valid create info on a live device.
                let pool = unsafe { raw.create_command_pool(&info, None) }
                    .map_err(map_vk("creating a frame's command pool"))?;
                let info = vk::CommandBufferAllocateInfo::default()
                    .command_pool(pool)
                    .level(vk::CommandBufferLevel::PRIMARY)
                    .command_buffer_count(3);
                // SAFETY: the pool is new and this frame's alone.
                let buffers = match unsafe { raw.allocate_command_buffers(&info) } {
                    Ok(buffers) => buffers,
                    Err(result) => {
                        // SAFETY: the pool is new, none of its buffers exists.
                        unsafe { raw.destroy_command_pool(pool, None) };
                        return Err(map_vk("allocating a frame's command buffers")(result));
                    }
                };
                Frame {
                    pool,
                    cmd: buffers[0],
                    body: buffers[1],
                    post: buffers[2],
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

    /// Parks a submitted frame until the timeline reaches `value`. Split submissions
    /// hand their frames back after later ones may have parked theirs: kept in value
    /// order.
    pub fn park(&mut self, value: u64, frame: Frame) {
        let at = self
            .in_flight
            .partition_point(|&(parked, _)| parked < value);
        self.in_flight.insert(at, (value, frame));
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
        let frames = self.free.drain(..);
        let parked = self.in_flight.drain(..).map(|(_, frame)| frame);
        for frame in frames.chain(parked) {
            // SAFETY: the executor waits for its last submission before dropping the ring
            // (and takes back every split submission's frame), so no buffer of the pool is
            // pending; freeing the pool frees its buffers.
            unsafe { self.device.raw.destroy_command_pool(frame.pool, None) };
        }
    }
}

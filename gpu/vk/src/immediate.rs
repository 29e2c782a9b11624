//! Immediate submissions: record one command buffer, submit it on the queue with the next
//! timeline value, and wait. For tests, benchmarks, probes and set-up work; frame work goes
//! through the executor's ring instead.

use std::sync::Arc;
use std::time::Duration;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};
use crate::gpu_memory::timeline::{Timeline, WaitOutcome};

pub struct Immediate {
    pool: vk::CommandPool,
    timeline: Timeline,
    last_value: u64,
    device: Arc<Device>,
}

impl Immediate {
    pub fn new(device: &Arc<Device>) -> VkResult<Immediate> {
        let info = vk::CommandPoolCreateInfo::default()
            .queue_family_index(device.queue_family_index)
            .flags(vk::CommandPoolCreateFlags::TRANSIENT);
        // SAFETY: valid create info on a live device.
        let pool = unsafe { device.raw.create_command_pool(&info, None) }
            .map_err(map_vk("creating a command pool"))?;
        Ok(Immediate {
            pool,
            timeline: Timeline::new(device)?,
            last_value: 0,
            device: device.clone(),
        })
    }

    /// Records with `record`, submits, and waits up to `timeout` for the GPU to finish.
    pub fn run(
        &mut self,
        timeout: Duration,
        record: impl FnOnce(vk::CommandBuffer) -> VkResult<()>,
    ) -> VkResult<()> {
        let raw = &self.device.raw;
        let info = vk::CommandBufferAllocateInfo::default()
            .command_pool(self.pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(1);
        // SAFETY: the pool belongs to this device and is used by this thread only.
        let cmd = unsafe { raw.allocate_command_buffers(&info) }
            .map_err(map_vk("allocating a command buffer"))?[0];
        let begin = vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
        // SAFETY: a new command buffer in the initial state.
        unsafe { raw.begin_command_buffer(cmd, &begin) }
            .map_err(map_vk("beginning a command buffer"))?;
        let recorded = record(cmd);
        // SAFETY: the buffer is in the recording state.
        let ended =
            unsafe { raw.end_command_buffer(cmd) }.map_err(map_vk("ending a command buffer"));
        let outcome = recorded.and(ended).and_then(|()| {
            self.last_value += 1;
            let commands = [vk::CommandBufferSubmitInfo::default().command_buffer(cmd)];
            let signals = [vk::SemaphoreSubmitInfo::default()
                .semaphore(self.timeline.raw)
                .value(self.last_value)
                .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
            let submit = [vk::SubmitInfo2::default()
                .command_buffer_infos(&commands)
                .signal_semaphore_infos(&signals)];
            let queue = self.device.queue.lock();
            // SAFETY: the queue lock serialises submissions; the arrays outlive the call.
            unsafe { raw.queue_submit2(*queue, &submit, vk::Fence::null()) }
                .map_err(map_vk("submitting work"))?;
            drop(queue);
            match self.timeline.wait(self.last_value, timeout)? {
                WaitOutcome::Reached => Ok(()),
                WaitOutcome::TimedOut => Err(VkError::DeviceLost(
                    "an immediate submission that did not finish in time",
                )),
            }
        });
        if outcome.is_ok() {
            // SAFETY: the GPU has finished with the buffer (the wait above reached it).
            unsafe { raw.free_command_buffers(self.pool, &[cmd]) };
        }
        outcome
    }
}

impl Drop for Immediate {
    fn drop(&mut self) {
        // SAFETY: waiting for the last value first means no command buffer of the pool is
        // still pending when the pool goes.
        let _ = self.timeline.wait(self.last_value, Duration::from_secs(10));
        unsafe { self.device.raw.destroy_command_pool(self.pool, None) };
    }
}

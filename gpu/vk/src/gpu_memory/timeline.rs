//! The queue's timeline semaphore: every submission signals the next value, NVN sync
//! objects are values on it, and "the fence of a resource's last use" is a value too.

use std::sync::Arc;
use std::time::Duration;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};

pub struct Timeline {
    pub raw: vk::Semaphore,
    device: Arc<Device>,
}

/// Whether a CPU wait reached its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitOutcome {
    Reached,
    TimedOut,
}

impl Timeline {
    pub fn new(device: &Arc<Device>) -> VkResult<Timeline> {
        let mut kind = vk::SemaphoreTypeCreateInfo::default()
            .semaphore_type(vk::SemaphoreType::TIMELINE)
            .initial_value(0);
        let info = vk::SemaphoreCreateInfo::default().push_next(&mut kind);
        // SAFETY: valid create info on a live device.
        let raw = unsafe { device.raw.create_semaphore(&info, None) }
            .map_err(map_vk("creating the queue timeline"))?;
        Ok(Timeline {
            raw,
            device: device.clone(),
        })
    }

    /// The highest value the GPU has signalled.
    pub fn completed(&self) -> VkResult<u64> {
        // SAFETY: `raw` is a live timeline semaphore of this device.
        unsafe { self.device.raw.get_semaphore_counter_value(self.raw) }
            .map_err(map_vk("reading the queue timeline"))
    }

    /// Waits on the CPU until the timeline reaches `value`, at most `timeout`.
    pub fn wait(&self, value: u64, timeout: Duration) -> VkResult<WaitOutcome> {
        let semaphores = [self.raw];
        let values = [value];
        let info = vk::SemaphoreWaitInfo::default()
            .semaphores(&semaphores)
            .values(&values);
        let timeout_ns = u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX);
        // SAFETY: `raw` is a live timeline semaphore; the arrays outlive the call.
        match unsafe { self.device.raw.wait_semaphores(&info, timeout_ns) } {
            Ok(()) => Ok(WaitOutcome::Reached),
            Err(vk::Result::TIMEOUT) => Ok(WaitOutcome::TimedOut),
            Err(result) => Err(map_vk("waiting on the queue timeline")(result)),
        }
    }
}

impl Drop for Timeline {
    fn drop(&mut self) {
        // SAFETY: the owner waits for the queue to drain before dropping its timeline.
        unsafe { self.device.raw.destroy_semaphore(self.raw, None) };
    }
}

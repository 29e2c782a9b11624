//! A host-released gate: while held, submissions also wait on a timeline semaphore the
//! host signals on release. It makes "submitted but not complete" observable on any
//! driver, for tests and probes; nothing else holds it.

use std::sync::Arc;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};
use crate::gpu_memory::timeline::Timeline;

#[derive(Default)]
pub struct Gate {
    semaphore: Option<Timeline>,
    /// The value held submissions wait for.
    value: u64,
    held: bool,
}

impl Gate {
    pub fn hold(&mut self, device: &Arc<Device>) -> VkResult<()> {
        if self.held {
            return Ok(());
        }
        if self.semaphore.is_none() {
            self.semaphore = Some(Timeline::new(device)?);
        }
        self.value += 1;
        self.held = true;
        Ok(())
    }

    pub fn release(&mut self, device: &Device) -> VkResult<()> {
        let Some(semaphore) = self.semaphore.as_ref().filter(|_| self.held) else {
            return Ok(());
        };
        let info = vk::SemaphoreSignalInfo::default()
            .semaphore(semaphore.raw)
            .value(self.value);
        // SAFETY: a live timeline semaphore, signalled to a value above its current one
        // (each hold takes a new value and only a release signals it).
        unsafe { device.raw.signal_semaphore(&info) }
            .map_err(map_vk("releasing held submissions"))?;
        self.held = false;
        Ok(())
    }

    /// The wait a submission must add while the gate is held.
    pub fn wait_info(&self) -> Option<vk::SemaphoreSubmitInfo<'static>> {
        let semaphore = self.semaphore.as_ref().filter(|_| self.held)?;
        Some(
            vk::SemaphoreSubmitInfo::default()
                .semaphore(semaphore.raw)
                .value(self.value)
                .stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS),
        )
    }
}

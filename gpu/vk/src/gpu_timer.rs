//! GPU timestamps around recorded work, for frame times and benchmarks.

use std::sync::Arc;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkError, VkResult};

pub struct GpuTimer {
    pool: vk::QueryPool,
    capacity: u32,
    device: Arc<Device>,
}

impl GpuTimer {
    /// A timer with room for `spans` measured spans (two timestamps each).
    pub fn new(device: &Arc<Device>, spans: u32) -> VkResult<GpuTimer> {
        if !device.caps.timestamps {
            return Err(VkError::MissingFeature {
                device: device.info.name.clone(),
                what: "timestamp queries on the graphics queue".into(),
            });
        }
        let info = vk::QueryPoolCreateInfo::default()
            .query_type(vk::QueryType::TIMESTAMP)
            .query_count(spans * 2);
        // SAFETY: valid create info on a live device.
        let pool = unsafe { device.raw.create_query_pool(&info, None) }
            .map_err(map_vk("creating a timestamp pool"))?;
        Ok(GpuTimer {
            pool,
            capacity: spans,
            device: device.clone(),
        })
    }

    /// Resets every span; record before the first `begin` of a submission.
    pub fn reset(&self, cmd: vk::CommandBuffer) {
        // SAFETY: `cmd` is recording outside a render pass.
        unsafe {
            self.device
                .raw
                .cmd_reset_query_pool(cmd, self.pool, 0, self.capacity * 2)
        };
    }

    /// Marks the start of span `span` once all earlier work has completed.
    pub fn begin(&self, cmd: vk::CommandBuffer, span: u32) {
        // SAFETY: `cmd` is recording; the query index is inside the pool.
        unsafe {
            self.device.raw.cmd_write_timestamp2(
                cmd,
                vk::PipelineStageFlags2::ALL_COMMANDS,
                self.pool,
                span * 2,
            )
        };
    }

    /// Marks the end of span `span`.
    pub fn end(&self, cmd: vk::CommandBuffer, span: u32) {
        // SAFETY: as for `begin`.
        unsafe {
            self.device.raw.cmd_write_timestamp2(
                cmd,
                vk::PipelineStageFlags2::ALL_COMMANDS,
                self.pool,
                span * 2 + 1,
            )
        };
    }

    /// The duration of each of the first `spans` spans in nanoseconds; call after the
    /// submission that wrote them has completed.
    pub fn read_ns(&self, spans: u32) -> VkResult<Vec<f64>> {
        let mut ticks = vec![0u64; (spans * 2) as usize];
        // SAFETY: the queries were written by completed work; WAIT makes the call block
        // until results are available should they not be yet.
        unsafe {
            self.device.raw.get_query_pool_results(
                self.pool,
                0,
                &mut ticks,
                vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT,
            )
        }
        .map_err(map_vk("reading timestamps"))?;
        let period_ns = f64::from(self.device.caps.timestamp_period_ns);
        Ok(ticks
            .chunks(2)
            .map(|pair| pair[1].wrapping_sub(pair[0]) as f64 * period_ns)
            .collect())
    }
}

impl Drop for GpuTimer {
    fn drop(&mut self) {
        // SAFETY: owners drop the timer after the work using it completed.
        unsafe { self.device.raw.destroy_query_pool(self.pool, None) };
    }
}

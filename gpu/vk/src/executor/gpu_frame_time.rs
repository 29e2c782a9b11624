//! The GPU time of a frame (the work between two presents): each command buffer the
//! executor submits gets a timestamp at its start and one at its end, into the query
//! pool of the frame it belongs to; a frame's GPU time is the sum of its spans (idle gaps
//! between submissions are not counted). Pools form a ring a few frames deep, and a
//! frame's spans are read at a present once the timeline has passed its last submission,
//! so reading never waits on the GPU, and the figure changes only at presents (what the
//! HUD draws at a present is the figure the stats gave just before it); a frame that
//! finds every pool still in flight goes unmeasured.
//! Where the queue's `timestampValidBits` is 0 nothing is timed, and the figures say so
//! (`GpuFrameTime::NoTimestamps`).

use std::sync::Arc;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};

/// Frames whose pools may be in flight at once.
const RING_FRAMES: usize = 4;
/// Spans (submissions) a frame's pool holds at first; a frame with more goes unmeasured
/// and its pool doubles before its next use.
const FIRST_SPANS: u32 = 32;

/// What the stats say about the GPU time of frames.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum GpuFrameTime {
    /// No frame measured yet (results lag a frame or two behind presents).
    #[default]
    Pending,
    /// The most recent measured frame's GPU time, and which present ended it (1-based).
    Measured { ms: f32, frame: u64 },
    /// The queue writes no timestamps (`timestampValidBits` 0): GPU time is not measured.
    NoTimestamps,
}

impl GpuFrameTime {
    pub fn ms(&self) -> Option<f32> {
        match self {
            GpuFrameTime::Measured { ms, .. } => Some(*ms),
            _ => None,
        }
    }
}

struct Slot {
    pool: vk::QueryPool,
    capacity_spans: u32,
    /// Spans submitted into the pool this use.
    used_spans: u32,
    /// More submissions than spans: this use is not measured.
    overflowed: bool,
    /// The timeline value of the last submission that wrote the pool.
    last_value: u64,
    /// The present that closed this use (1-based), while its results are awaited.
    closed_at_frame: Option<u64>,
}

pub struct GpuFrameTimer {
    /// Empty where the queue has no timestamps.
    slots: Vec<Slot>,
    /// The slot of the frame being recorded; `None` while every slot is in flight.
    current: Option<usize>,
    /// The span written into the command buffer being recorded, not yet submitted.
    open_span: Option<u32>,
    valid_mask: u64,
    period_ns: f64,
    presents: u64,
    latest: GpuFrameTime,
    /// Frames that found every pool in flight, or overflowed theirs.
    pub unmeasured_frames: u64,
    device: Arc<Device>,
}

impl GpuFrameTimer {
    pub fn new(device: &Arc<Device>) -> VkResult<GpuFrameTimer> {
        // SAFETY: a plain query of the physical device the device was made on.
        let families = unsafe {
            device
                .instance
                .raw
                .get_physical_device_queue_family_properties(device.physical)
        };
        // The queue's own bits: `Capabilities::timestamps` asks of any family.
        let valid_bits = families
            .get(device.queue_family_index as usize)
            .filter(|_| device.caps.timestamps)
            .map_or(0, |family| family.timestamp_valid_bits);
        let mut timer = GpuFrameTimer {
            slots: Vec::new(),
            current: None,
            open_span: None,
            valid_mask: if valid_bits >= 64 {
                u64::MAX
            } else {
                (1u64 << valid_bits) - 1
            },
            period_ns: f64::from(device.caps.timestamp_period_ns),
            presents: 0,
            latest: GpuFrameTime::NoTimestamps,
            unmeasured_frames: 0,
            device: device.clone(),
        };
        if valid_bits == 0 {
            tracing::debug!(target: "gpu_vk::executor",
                "the queue writes no timestamps: frames' GPU time is not measured");
            return Ok(timer);
        }
        for _ in 0..RING_FRAMES {
            let pool = make_pool(device, FIRST_SPANS)?;
            timer.slots.push(Slot {
                pool,
                capacity_spans: FIRST_SPANS,
                used_spans: 0,
                overflowed: false,
                last_value: 0,
                closed_at_frame: None,
            });
        }
        timer.current = Some(0);
        timer.latest = GpuFrameTime::Pending;
        Ok(timer)
    }

    /// The latest figure.
    pub fn latest(&self) -> GpuFrameTime {
        self.latest
    }

    /// Marks the start of `cmd`'s work (record first, outside a render pass).
    pub fn open(&mut self, cmd: vk::CommandBuffer) {
        self.open_span = None;
        let Some(slot) = self.current.map(|index| &mut self.slots[index]) else {
            return;
        };
        if slot.used_spans == slot.capacity_spans {
            slot.overflowed = true;
            return;
        }
        let span = slot.used_spans;
        // SAFETY: `cmd` is recording outside a pass; the two queries lie inside the pool
        // and are reset in this command buffer before their one write.
        unsafe {
            let raw = &self.device.raw;
            raw.cmd_reset_query_pool(cmd, slot.pool, span * 2, 2);
            raw.cmd_write_timestamp2(
                cmd,
                vk::PipelineStageFlags2::TOP_OF_PIPE,
                slot.pool,
                span * 2,
            );
        }
        self.open_span = Some(span);
    }

    /// Marks the end of `cmd`'s work (record last, outside a render pass).
    pub fn close(&mut self, cmd: vk::CommandBuffer) {
        let (Some(index), Some(span)) = (self.current, self.open_span) else {
            return;
        };
        // SAFETY: as in `open`; the query was reset earlier in this command buffer.
        unsafe {
            self.device.raw.cmd_write_timestamp2(
                cmd,
                vk::PipelineStageFlags2::BOTTOM_OF_PIPE,
                self.slots[index].pool,
                span * 2 + 1,
            )
        };
    }

    /// The command buffer whose span was opened was submitted, signalling `value`.
    pub fn submitted(&mut self, value: u64) {
        if let (Some(index), Some(_)) = (self.current, self.open_span.take()) {
            let slot = &mut self.slots[index];
            slot.used_spans += 1;
            slot.last_value = value;
        }
    }

    /// The command buffer whose span was opened will not be submitted.
    pub fn abandoned(&mut self) {
        self.open_span = None;
    }

    /// A present ended the frame: its pool waits for the GPU, the next frame takes a free
    /// one (or goes unmeasured). Reads whatever the GPU has finished by `completed`.
    pub fn end_frame(&mut self, completed: u64) -> VkResult<()> {
        self.presents += 1;
        if self.slots.is_empty() {
            return Ok(());
        }
        match self.current {
            Some(index) => self.slots[index].closed_at_frame = Some(self.presents),
            None => self.unmeasured_frames += 1,
        }
        self.poll(completed)?;
        self.current = self
            .slots
            .iter()
            .position(|slot| slot.closed_at_frame.is_none());
        Ok(())
    }

    /// Reads every closed frame the timeline has passed, newest figure last.
    fn poll(&mut self, completed: u64) -> VkResult<()> {
        let mut done: Vec<usize> = (0..self.slots.len())
            .filter(|&index| {
                let slot = &self.slots[index];
                slot.closed_at_frame.is_some() && slot.last_value <= completed
            })
            .collect();
        done.sort_by_key(|&index| self.slots[index].closed_at_frame);
        for index in done {
            let frame = self.slots[index].closed_at_frame.unwrap_or_default();
            match self.read(index)? {
                Some(ms) => self.latest = GpuFrameTime::Measured { ms, frame },
                None => self.unmeasured_frames += 1,
            }
            let slot = &mut self.slots[index];
            if slot.overflowed {
                let spans = slot.capacity_spans * 2;
                let pool = make_pool(&self.device, spans)?;
                // SAFETY: the timeline passed every submission that wrote the old pool.
                unsafe { self.device.raw.destroy_query_pool(slot.pool, None) };
                slot.pool = pool;
                slot.capacity_spans = spans;
            }
            slot.used_spans = 0;
            slot.overflowed = false;
            slot.closed_at_frame = None;
        }
        Ok(())
    }

    /// The slot's frame time in milliseconds; `None` when it overflowed.
    fn read(&self, index: usize) -> VkResult<Option<f32>> {
        let slot = &self.slots[index];
        if slot.overflowed {
            return Ok(None);
        }
        if slot.used_spans == 0 {
            return Ok(Some(0.0));
        }
        let mut ticks = vec![0u64; slot.used_spans as usize * 2];
        // SAFETY: every query read was reset and written by a submission the timeline
        // has passed, so all are available; no WAIT flag, so the call cannot block.
        let result = unsafe {
            self.device.raw.get_query_pool_results(
                slot.pool,
                0,
                &mut ticks,
                vk::QueryResultFlags::TYPE_64,
            )
        };
        match result {
            Ok(()) => {}
            // Not expected after the timeline passed; counted as unmeasured, not waited on.
            Err(vk::Result::NOT_READY) => return Ok(None),
            Err(result) => return Err(map_vk("reading a frame's timestamps")(result)),
        }
        let total_ticks: u64 = ticks
            .chunks_exact(2)
            .map(|pair| pair[1].wrapping_sub(pair[0]) & self.valid_mask)
            .sum();
        Ok(Some((total_ticks as f64 * self.period_ns / 1.0e6) as f32))
    }
}

fn make_pool(device: &Device, spans: u32) -> VkResult<vk::QueryPool> {
    let info = vk::QueryPoolCreateInfo::default()
        .query_type(vk::QueryType::TIMESTAMP)
        .query_count(spans * 2);
    // SAFETY: valid create info on a live device.
    unsafe { device.raw.create_query_pool(&info, None) }
        .map_err(map_vk("creating a frame's timestamp pool"))
}

impl Drop for GpuFrameTimer {
    fn drop(&mut self) {
        for slot in self.slots.drain(..) {
            // SAFETY: the executor drops the timer after the device finished its work.
            unsafe { self.device.raw.destroy_query_pool(slot.pool, None) };
        }
    }
}

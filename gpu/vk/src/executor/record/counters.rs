//! Recording a list's counter work (`prepared::counters`): the query pools reset and the
//! first segment begun after the list's uploads, each report's or reset's segment ended
//! and the next begun (outside passes: the plan closes a pass at each counter op), each
//! report's timestamp, `ReportValue` as a 4-byte fill, and the last segment ended.

use ash::vk;

use crate::bringup::device::Device;
use crate::executor::prepared::counters::{CounterStep, PreparedCounters};

/// The segment queries the list counts with, and how each is begun.
fn segment_pools(
    counters: &PreparedCounters,
) -> impl Iterator<Item = (vk::QueryPool, vk::QueryControlFlags)> {
    let queries = &counters.queries;
    [
        (queries.occlusion, vk::QueryControlFlags::PRECISE),
        (queries.statistics, vk::QueryControlFlags::empty()),
        (queries.generated, vk::QueryControlFlags::empty()),
    ]
    .into_iter()
    .filter(|(pool, _)| *pool != vk::QueryPool::null())
}

fn begin_segment(device: &Device, cmd: vk::CommandBuffer, counters: &PreparedCounters, at: u32) {
    for (pool, flags) in segment_pools(counters) {
        // SAFETY: `cmd` is recording outside any pass; each query was reset at the
        // list's start and is begun once; no other query of its type is active.
        unsafe { device.raw.cmd_begin_query(cmd, pool, at, flags) };
    }
}

fn end_segment(device: &Device, cmd: vk::CommandBuffer, counters: &PreparedCounters, at: u32) {
    for (pool, _) in segment_pools(counters) {
        // SAFETY: `cmd` is recording outside any pass; query `at` was begun in it.
        unsafe { device.raw.cmd_end_query(cmd, pool, at) };
    }
}

/// Resets the list's queries and begins segment 0.
pub fn begin_counting(device: &Device, cmd: vk::CommandBuffer, counters: &PreparedCounters) {
    let queries = &counters.queries;
    let timestamps =
        (queries.timestamp_count > 0).then_some((queries.timestamps, queries.timestamp_count));
    let segments = segment_pools(counters).map(|(pool, _)| (pool, queries.segment_count));
    for (pool, count) in timestamps.into_iter().chain(segments) {
        // SAFETY: `cmd` is recording outside any pass; the pool is live and holds the
        // queries reset, none of them in use yet.
        unsafe { device.raw.cmd_reset_query_pool(cmd, pool, 0, count) };
    }
    begin_segment(device, cmd, counters, 0);
}

/// Records the counter op of `step`; `segment` is the running segment, moved on by
/// reports and resets.
pub fn record_counter_step(
    device: &Device,
    cmd: vk::CommandBuffer,
    counters: &PreparedCounters,
    step: &CounterStep,
    segment: &mut u32,
) {
    match *step {
        CounterStep::Value {
            buffer,
            offset_b,
            value,
            ..
        } => {
            // SAFETY: `cmd` is recording outside any pass; the pool buffer is live until
            // the fence; 4 bytes at a multiple of 4 inside it (checked when recorded).
            unsafe { device.raw.cmd_fill_buffer(cmd, buffer, offset_b, 4, value) };
        }
        CounterStep::Reset(_) => {
            end_segment(device, cmd, counters, *segment);
            *segment += 1;
            begin_segment(device, cmd, counters, *segment);
        }
        CounterStep::Report {
            kind, timestamp, ..
        } => {
            end_segment(device, cmd, counters, *segment);
            let stage = match kind {
                gpu::command::CounterKind::Timestamp { top: true } => {
                    vk::PipelineStageFlags2::TOP_OF_PIPE
                }
                _ => vk::PipelineStageFlags2::ALL_COMMANDS,
            };
            // SAFETY: `cmd` is recording; query `timestamp` was reset and is written once.
            unsafe {
                device
                    .raw
                    .cmd_write_timestamp2(cmd, stage, counters.queries.timestamps, timestamp)
            };
            *segment += 1;
            begin_segment(device, cmd, counters, *segment);
        }
    }
}

/// Ends the last segment.
pub fn end_counting(
    device: &Device,
    cmd: vk::CommandBuffer,
    counters: &PreparedCounters,
    segment: u32,
) {
    end_segment(device, cmd, counters, segment);
}

//! Preparing a list's counter ops (`ReportCounter`, `ReportValue`, `ResetCounter`): each
//! report's destination in pool storage, the query pools the list writes, and whether
//! its segments count samples passed and pipeline statistics (once a list has used one,
//! every later list counts it, so a count runs on across lists).

use std::sync::Arc;

use gpu::command::counters::check_counter_features;
use gpu::command::{CommandList, CounterKind, Op};
use gpu::objects::ObjectTables;
use gpu::BufferId;

use crate::bringup::device::Device;
use crate::error::{VkError, VkResult};
use crate::executor::prepared::counters::{
    CounterStep, PreparedCounters, QueryPools, ReportDestination,
};
use crate::executor::resources::counters::Armed;
use crate::executor::resources::pools::PoolTable;

/// The buffer's pool, its storage and the pool offset of `offset_b` into it (a report's
/// place, or the render condition's).
pub(in crate::executor) fn report_destination(
    tables: &ObjectTables,
    buffer: BufferId,
    offset_b: u64,
) -> VkResult<ReportDestination> {
    let object = tables
        .buffers
        .get(buffer)
        .ok_or_else(|| VkError::UnknownObject(buffer.into()))?;
    let pool = tables
        .pools
        .get(object.pool)
        .ok_or_else(|| VkError::UnknownObject(object.pool.into()))?;
    Ok(ReportDestination {
        pool: object.pool,
        storage: Arc::clone(&pool.storage),
        offset_b: object.offset_b + offset_b,
    })
}

/// The list's counter work, or `None` when it has no counter op and counts nothing.
pub fn prepare_counters(
    device: &Arc<Device>,
    list: &CommandList,
    tables: &ObjectTables,
    pools: &PoolTable,
    armed: &mut Armed,
    features: &gpu::DeviceFeatures,
) -> VkResult<Option<PreparedCounters>> {
    if list.counter_count() == 0 && !armed.any() {
        return Ok(None);
    }
    let mut steps = Vec::with_capacity(list.counter_count());
    let mut timestamps = 0u32;
    let mut counted = *armed;
    let counter_ops = if list.counter_count() > 0 {
        list.ops()
    } else {
        &[]
    };
    for (index, op) in counter_ops.iter().enumerate() {
        let step = match *op {
            Op::ReportCounter {
                counter,
                buffer,
                offset_b,
            } => {
                // Recorded lists were checked; decoded ones are here.
                check_counter_features(counter, features)
                    .map_err(|error| VkError::Unsupported(error.to_string()))?;
                let kind = counter
                    .kind()
                    .map_err(|missing| VkError::Unsupported(missing.to_owned()))?;
                counted.samples |= kind == CounterKind::SamplesPassed;
                counted.statistics |= matches!(kind, CounterKind::PipelineStatistic(_));
                counted.generated |= kind == CounterKind::PrimitivesGenerated;
                timestamps += 1;
                CounterStep::Report {
                    kind,
                    destination: report_destination(tables, buffer, offset_b)?,
                    timestamp: timestamps - 1,
                }
            }
            Op::ResetCounter(counter) => {
                check_counter_features(counter, features)
                    .map_err(|error| VkError::Unsupported(error.to_string()))?;
                match counter.kind() {
                    // Resetting a timestamp resets samples passed (deko3d's reset).
                    Ok(CounterKind::SamplesPassed | CounterKind::Timestamp { .. }) => {
                        counted.samples = true
                    }
                    Ok(CounterKind::PipelineStatistic(_)) => counted.statistics = true,
                    Ok(CounterKind::PrimitivesGenerated) => counted.generated = true,
                    Err(missing) => return Err(VkError::Unsupported(missing.to_owned())),
                }
                CounterStep::Reset(counter)
            }
            Op::ReportValue {
                value,
                buffer,
                offset_b,
            } => {
                let at = report_destination(tables, buffer, offset_b)?;
                let pool = pools.get(at.pool)?;
                CounterStep::Value {
                    buffer: pool.buffer.raw,
                    offset_b: at.offset_b,
                    value,
                    write: (at.pool, at.offset_b, gpu::command::counters::VALUE_B),
                }
            }
            _ => continue,
        };
        steps.push((index, step));
    }
    let boundaries = steps
        .iter()
        .filter(|(_, step)| !matches!(step, CounterStep::Value { .. }))
        .count();
    let segment_count = u32::try_from(boundaries + 1)
        .map_err(|_| VkError::Unsupported("more than 4G counter ops in a list".to_owned()))?;
    *armed = counted;
    let queries = QueryPools::new(device, timestamps, segment_count, counted)?;
    Ok(Some(PreparedCounters { queries, steps }))
}

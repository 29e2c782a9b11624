//! A list's counter work ready to record (`prepare::counters` makes it): the query pools
//! it writes, one step per counter op, and where each report lands in pool storage.
//!
//! Accumulating counters (samples passed, pipeline statistics, primitives generated)
//! count in segments: one query of each kind counted runs from the list's start to its first report or
//! reset, the next to the following one, and the last to the list's end; the executor
//! adds the segments up in submission order once they completed
//! (`resources::counters`), which is how a count runs on across lists as NVN's does.
//! Timestamps are one query per report.

use std::sync::Arc;

use ash::vk;
use gpu::command::{Counter, CounterKind, PIPELINE_STATISTIC_COUNT};
use gpu::PoolId;
use memory::pool::MemoryPool;

use crate::bringup::device::Device;
use crate::error::{map_vk, VkResult};

use super::copy::PoolWrite;

/// Every statistic `PipelineStatistic` names, in its order (Vulkan's bit order).
pub const STATISTICS: vk::QueryPipelineStatisticFlags = vk::QueryPipelineStatisticFlags::from_raw(
    vk::QueryPipelineStatisticFlags::INPUT_ASSEMBLY_VERTICES.as_raw()
        | vk::QueryPipelineStatisticFlags::INPUT_ASSEMBLY_PRIMITIVES.as_raw()
        | vk::QueryPipelineStatisticFlags::VERTEX_SHADER_INVOCATIONS.as_raw()
        | vk::QueryPipelineStatisticFlags::GEOMETRY_SHADER_INVOCATIONS.as_raw()
        | vk::QueryPipelineStatisticFlags::GEOMETRY_SHADER_PRIMITIVES.as_raw()
        | vk::QueryPipelineStatisticFlags::CLIPPING_INVOCATIONS.as_raw()
        | vk::QueryPipelineStatisticFlags::CLIPPING_PRIMITIVES.as_raw()
        | vk::QueryPipelineStatisticFlags::FRAGMENT_SHADER_INVOCATIONS.as_raw()
        | vk::QueryPipelineStatisticFlags::TESSELLATION_CONTROL_SHADER_PATCHES.as_raw()
        | vk::QueryPipelineStatisticFlags::TESSELLATION_EVALUATION_SHADER_INVOCATIONS.as_raw(),
);

/// The query pools of one submission; destroyed with it (after its fence, or at once
/// when it never ran).
pub struct QueryPools {
    /// One timestamp a report (null when the list reports none).
    pub timestamps: vk::QueryPool,
    pub timestamp_count: u32,
    /// One exact occlusion query a segment (null when samples passed is not counted).
    pub occlusion: vk::QueryPool,
    /// One query of every statistic a segment (null when statistics are not counted).
    pub statistics: vk::QueryPool,
    /// One primitives generated query a segment (null when they are not counted).
    pub generated: vk::QueryPool,
    /// Reports and resets, plus one.
    pub segment_count: u32,
    device: Arc<Device>,
}

fn make_pool(
    device: &Device,
    query_type: vk::QueryType,
    count: u32,
    statistics: vk::QueryPipelineStatisticFlags,
) -> VkResult<vk::QueryPool> {
    let info = vk::QueryPoolCreateInfo::default()
        .query_type(query_type)
        .query_count(count)
        .pipeline_statistics(statistics);
    // SAFETY: valid create info on a live device; the pool is destroyed by `QueryPools`.
    unsafe { device.raw.create_query_pool(&info, None) }.map_err(map_vk("creating a query pool"))
}

impl QueryPools {
    /// Pools for `timestamp_count` reports and `segment_count` segments of the counters
    /// `counted` asks for.
    pub fn new(
        device: &Arc<Device>,
        timestamp_count: u32,
        segment_count: u32,
        counted: Counted,
    ) -> VkResult<QueryPools> {
        let mut pools = QueryPools {
            timestamps: vk::QueryPool::null(),
            timestamp_count,
            occlusion: vk::QueryPool::null(),
            statistics: vk::QueryPool::null(),
            generated: vk::QueryPool::null(),
            segment_count,
            device: device.clone(),
        };
        let none = vk::QueryPipelineStatisticFlags::empty();
        if timestamp_count > 0 {
            pools.timestamps = make_pool(device, vk::QueryType::TIMESTAMP, timestamp_count, none)?;
        }
        if counted.samples {
            pools.occlusion = make_pool(device, vk::QueryType::OCCLUSION, segment_count, none)?;
        }
        if counted.generated {
            pools.generated = make_pool(
                device,
                vk::QueryType::PRIMITIVES_GENERATED_EXT,
                segment_count,
                none,
            )?;
        }
        if counted.statistics {
            pools.statistics = make_pool(
                device,
                vk::QueryType::PIPELINE_STATISTICS,
                segment_count,
                STATISTICS,
            )?;
        }
        Ok(pools)
    }

    /// Reads every query (each has completed: its submission's fence passed): the
    /// timestamps, each segment's samples passed and each segment's statistics.
    pub fn results(&self) -> VkResult<QueryResults> {
        let flags = vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT;
        let raw = &self.device.raw;
        let mut results = QueryResults {
            timestamps: vec![0; self.timestamp_count as usize],
            samples: Vec::new(),
            statistics: Vec::new(),
            generated: Vec::new(),
        };
        // SAFETY: each pool is live and holds the queries read; the submission that
        // wrote them has completed (WAIT returns at once).
        unsafe {
            if self.timestamp_count > 0 {
                raw.get_query_pool_results(self.timestamps, 0, &mut results.timestamps, flags)
                    .map_err(map_vk("reading timestamp queries"))?;
            }
            if self.occlusion != vk::QueryPool::null() {
                results.samples = vec![0; self.segment_count as usize];
                raw.get_query_pool_results(self.occlusion, 0, &mut results.samples, flags)
                    .map_err(map_vk("reading occlusion queries"))?;
            }
            if self.statistics != vk::QueryPool::null() {
                results.statistics =
                    vec![[0; PIPELINE_STATISTIC_COUNT]; self.segment_count as usize];
                raw.get_query_pool_results(self.statistics, 0, &mut results.statistics, flags)
                    .map_err(map_vk("reading pipeline statistics queries"))?;
            }
            if self.generated != vk::QueryPool::null() {
                results.generated = vec![0; self.segment_count as usize];
                raw.get_query_pool_results(self.generated, 0, &mut results.generated, flags)
                    .map_err(map_vk("reading primitives generated queries"))?;
            }
        }
        Ok(results)
    }
}

impl Drop for QueryPools {
    fn drop(&mut self) {
        for pool in [
            self.timestamps,
            self.occlusion,
            self.statistics,
            self.generated,
        ] {
            if pool != vk::QueryPool::null() {
                // SAFETY: made on this device; the owner drops it once no submission uses
                // it (after the fence, or never submitted).
                unsafe { self.device.raw.destroy_query_pool(pool, None) };
            }
        }
    }
}

/// What a list's queries counted.
pub struct QueryResults {
    /// Device ticks, one a report.
    pub timestamps: Vec<u64>,
    /// Samples passed, one a segment (empty when not counted).
    pub samples: Vec<u64>,
    /// Every statistic, one set a segment (empty when not counted).
    pub statistics: Vec<[u64; PIPELINE_STATISTIC_COUNT]>,
    /// Primitives generated, one a segment (empty when not counted).
    pub generated: Vec<u64>,
}

/// The accumulating counters a list's segments count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counted {
    pub samples: bool,
    pub statistics: bool,
    pub generated: bool,
}

impl Counted {
    pub fn any(self) -> bool {
        self.samples || self.statistics || self.generated
    }
}

/// Where a report lands: 16 bytes of pool storage.
#[derive(Clone)]
pub struct ReportDestination {
    pub pool: PoolId,
    pub storage: Arc<MemoryPool>,
    /// From the pool's start.
    pub offset_b: u64,
}

/// One counter op of the list.
#[derive(Clone)]
pub enum CounterStep {
    /// Ends the running segment, takes timestamp `timestamp`, begins the next segment.
    Report {
        kind: CounterKind,
        destination: ReportDestination,
        timestamp: u32,
    },
    /// Ends the running segment and begins the next; the counter restarts from zero.
    Reset(Counter),
    /// `vkCmdFillBuffer` of 4 bytes, in order with the work around it.
    Value {
        buffer: vk::Buffer,
        /// Into `buffer`.
        offset_b: u64,
        value: u32,
        write: PoolWrite,
    },
}

/// A list's counter work.
pub struct PreparedCounters {
    pub queries: QueryPools,
    /// Each counter op's step, by op index, in op order.
    pub steps: Vec<(usize, CounterStep)>,
}

impl PreparedCounters {
    pub fn counts_samples(&self) -> bool {
        self.queries.occlusion != vk::QueryPool::null()
    }
    pub fn counts_statistics(&self) -> bool {
        self.queries.statistics != vk::QueryPool::null()
    }
    pub fn counts_generated(&self) -> bool {
        self.queries.generated != vk::QueryPool::null()
    }
    /// The step of the counter op at `index`.
    pub fn step(&self, index: usize) -> Option<&CounterStep> {
        self.steps
            .binary_search_by_key(&index, |(at, _)| *at)
            .ok()
            .map(|found| &self.steps[found].1)
    }
    /// Pool bytes the GPU writes (`ReportValue`).
    pub fn gpu_writes(&self) -> impl Iterator<Item = PoolWrite> + '_ {
        self.steps.iter().filter_map(|(_, step)| match step {
            CounterStep::Value { write, .. } => Some(*write),
            _ => None,
        })
    }
}

//! NVN's counters across submissions: which accumulating counters run (`Armed`), their
//! totals, and the reports of submissions in flight. Once a submission's fence passed,
//! its segments are added to the totals in op order and each report is written into
//! pool storage as NVN lays it out (value, then timestamp in 19.2 MHz ticks), so the CPU
//! reads it there after waiting on the fence.

use std::collections::VecDeque;

use gpu::command::counters::console_ticks;
use gpu::command::{Counter, CounterKind, PIPELINE_STATISTIC_COUNT};

use crate::error::VkResult;
use crate::executor::prepared::counters::{
    Counted, CounterStep, PreparedCounters, ReportDestination,
};

/// The accumulating counters lists count (from the first list that used one).
pub type Armed = Counted;

/// A report to write: 16 bytes at a pool offset.
pub struct ReportWrite {
    pub destination: ReportDestination,
    pub bytes: [u8; 16],
}

/// Counters' totals and the submissions whose reports wait for their fence.
#[derive(Default)]
pub struct CounterTotals {
    pub armed: Armed,
    samples: u64,
    statistics: [u64; PIPELINE_STATISTIC_COUNT],
    generated: u64,
    pending: VecDeque<(u64, PreparedCounters)>,
}

impl CounterTotals {
    /// The submission of timeline `value` holds `counters`.
    pub fn submitted(&mut self, value: u64, counters: PreparedCounters) {
        self.pending.push_back((value, counters));
    }

    /// Settles every submission up to `completed`, in order: its reports, with device
    /// timestamps of `period_ns` converted to the console's ticks.
    pub fn retire(&mut self, completed: u64, period_ns: f64) -> VkResult<Vec<ReportWrite>> {
        let mut writes = Vec::new();
        while self
            .pending
            .front()
            .is_some_and(|(value, _)| *value <= completed)
        {
            let (_, counters) = self.pending.pop_front().expect("checked above");
            self.settle(&counters, period_ns, &mut writes)?;
        }
        Ok(writes)
    }

    fn add_segment(
        &mut self,
        counters: &PreparedCounters,
        results: &crate::executor::prepared::counters::QueryResults,
        segment: usize,
    ) {
        if counters.counts_samples() {
            self.samples = self.samples.wrapping_add(results.samples[segment]);
        }
        if counters.counts_statistics() {
            for (total, counted) in self.statistics.iter_mut().zip(results.statistics[segment]) {
                *total = total.wrapping_add(counted);
            }
        }
        if counters.counts_generated() {
            self.generated = self.generated.wrapping_add(results.generated[segment]);
        }
    }

    fn settle(
        &mut self,
        counters: &PreparedCounters,
        period_ns: f64,
        writes: &mut Vec<ReportWrite>,
    ) -> VkResult<()> {
        let results = counters.queries.results()?;
        let mut segment = 0;
        for (_, step) in &counters.steps {
            match step {
                CounterStep::Value { .. } => continue,
                CounterStep::Reset(counter) => {
                    self.add_segment(counters, &results, segment);
                    segment += 1;
                    self.reset(*counter);
                }
                CounterStep::Report {
                    kind,
                    destination,
                    timestamp,
                    ..
                } => {
                    self.add_segment(counters, &results, segment);
                    segment += 1;
                    let ticks = console_ticks(results.timestamps[*timestamp as usize], period_ns);
                    let value = match kind {
                        CounterKind::Timestamp { .. } => ticks,
                        CounterKind::SamplesPassed => self.samples,
                        CounterKind::PipelineStatistic(statistic) => {
                            self.statistics[*statistic as usize]
                        }
                        CounterKind::PrimitivesGenerated => self.generated,
                    };
                    let mut bytes = [0u8; 16];
                    bytes[..8].copy_from_slice(&value.to_le_bytes());
                    bytes[8..].copy_from_slice(&ticks.to_le_bytes());
                    writes.push(ReportWrite {
                        destination: destination.clone(),
                        bytes,
                    });
                }
            }
        }
        self.add_segment(counters, &results, segment);
        Ok(())
    }

    fn reset(&mut self, counter: Counter) {
        match counter.kind() {
            Ok(CounterKind::SamplesPassed | CounterKind::Timestamp { .. }) => self.samples = 0,
            Ok(CounterKind::PipelineStatistic(statistic)) => {
                self.statistics[statistic as usize] = 0
            }
            Ok(CounterKind::PrimitivesGenerated) => self.generated = 0,
            // Refused when recorded and when prepared.
            Err(_) => {}
        }
    }
}

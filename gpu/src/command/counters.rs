//! NVN's counters: `ReportCounter` writes a 16-byte report (the counter's 64-bit value,
//! then a 64-bit timestamp, both little-endian) into pool memory, `ResetCounter` sets an
//! accumulating counter back to zero, `ReportValue` writes a 32-bit value. The numbering
//! is NVN's (deko3d's `DkCounter`). Counters Vulkan has no query for are refused when
//! recorded, naming what is missing.

use crate::error::RecordError;
use crate::features::DeviceFeatures;
use crate::ids::BufferId;
use crate::objects::ObjectTables;

/// Bytes of one report: the value (u64), then the timestamp (u64).
pub const REPORT_B: u64 = 16;
/// A report's address in its pool is a multiple of this (NVN's rule).
pub const REPORT_ALIGN_B: u64 = 16;
/// Bytes `ReportValue` writes (a u32), at a pool address that is a multiple of 4.
pub const VALUE_B: u64 = 4;
/// The console's timestamp rate: reports carry GPU time in ticks of 19.2 MHz.
pub const CONSOLE_TICKS_PER_S: u64 = 19_200_000;

/// NVN's counters, with NVN's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Counter {
    /// GPU time when the work before it has been fetched (top of the pipe).
    TimestampPipelineTop = 0,
    /// GPU time when the work before it has completed.
    Timestamp = 1,
    SamplesPassed = 2,
    ZcullStats = 3,
    InputVertices = 4,
    InputPrimitives = 5,
    VertexShaderInvocations = 6,
    TessControlShaderInvocations = 7,
    TessEvaluationShaderInvocations = 8,
    GeometryShaderInvocations = 9,
    FragmentShaderInvocations = 10,
    TessEvaluationShaderPrimitives = 11,
    GeometryShaderPrimitives = 12,
    ClipperInputPrimitives = 13,
    ClipperOutputPrimitives = 14,
    PrimitivesGenerated = 15,
    TransformFeedbackPrimitivesWritten = 16,
}

/// A pipeline statistic Vulkan counts (one `PIPELINE_STATISTICS` query holds them all),
/// in the order of Vulkan's statistic bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PipelineStatistic {
    InputVertices = 0,
    InputPrimitives = 1,
    VertexShaderInvocations = 2,
    GeometryShaderInvocations = 3,
    GeometryShaderPrimitives = 4,
    ClipperInputPrimitives = 5,
    ClipperOutputPrimitives = 6,
    FragmentShaderInvocations = 7,
    TessControlShaderInvocations = 8,
    TessEvaluationShaderInvocations = 9,
}

/// How many `PipelineStatistic`s there are.
pub const PIPELINE_STATISTIC_COUNT: usize = 10;

/// What a counter is on Vulkan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CounterKind {
    /// A timestamp query; `top`: written at the top of the pipe.
    Timestamp {
        top: bool,
    },
    /// An exact (`PRECISE`) occlusion query.
    SamplesPassed,
    PipelineStatistic(PipelineStatistic),
    /// A `VK_EXT_primitives_generated_query` query: primitives out of the last vertex
    /// processing stage.
    PrimitivesGenerated,
}

impl Counter {
    pub const ALL: [Counter; 17] = [
        Counter::TimestampPipelineTop,
        Counter::Timestamp,
        Counter::SamplesPassed,
        Counter::ZcullStats,
        Counter::InputVertices,
        Counter::InputPrimitives,
        Counter::VertexShaderInvocations,
        Counter::TessControlShaderInvocations,
        Counter::TessEvaluationShaderInvocations,
        Counter::GeometryShaderInvocations,
        Counter::FragmentShaderInvocations,
        Counter::TessEvaluationShaderPrimitives,
        Counter::GeometryShaderPrimitives,
        Counter::ClipperInputPrimitives,
        Counter::ClipperOutputPrimitives,
        Counter::PrimitivesGenerated,
        Counter::TransformFeedbackPrimitivesWritten,
    ];

    /// The counter NVN numbers `raw`.
    pub fn from_raw(raw: u32) -> Option<Counter> {
        Counter::ALL.get(usize::try_from(raw).ok()?).copied()
    }

    /// NVN's number for it.
    pub fn raw(self) -> u32 {
        self as u32
    }

    /// What it is on Vulkan, or what Vulkan lacks for it.
    pub fn kind(self) -> Result<CounterKind, &'static str> {
        use PipelineStatistic as S;
        Ok(CounterKind::PipelineStatistic(match self {
            Counter::TimestampPipelineTop => return Ok(CounterKind::Timestamp { top: true }),
            Counter::Timestamp => return Ok(CounterKind::Timestamp { top: false }),
            Counter::SamplesPassed => return Ok(CounterKind::SamplesPassed),
            Counter::InputVertices => S::InputVertices,
            Counter::InputPrimitives => S::InputPrimitives,
            Counter::VertexShaderInvocations => S::VertexShaderInvocations,
            Counter::TessControlShaderInvocations => S::TessControlShaderInvocations,
            Counter::TessEvaluationShaderInvocations => S::TessEvaluationShaderInvocations,
            Counter::GeometryShaderInvocations => S::GeometryShaderInvocations,
            Counter::GeometryShaderPrimitives => S::GeometryShaderPrimitives,
            Counter::FragmentShaderInvocations => S::FragmentShaderInvocations,
            Counter::ClipperInputPrimitives => S::ClipperInputPrimitives,
            Counter::ClipperOutputPrimitives => S::ClipperOutputPrimitives,
            Counter::ZcullStats => return Err("a Z-cull statistics query (Vulkan has none)"),
            Counter::TessEvaluationShaderPrimitives => {
                return Err("a tessellation evaluation primitive count (Vulkan has none)")
            }
            Counter::PrimitivesGenerated => return Ok(CounterKind::PrimitivesGenerated),
            Counter::TransformFeedbackPrimitivesWritten => {
                return Err("VK_EXT_transform_feedback's stream query (not wired to reports yet)")
            }
        }))
    }
}

fn missing(what: &'static str, capability: &'static str) -> RecordError {
    RecordError::MissingCapability { what, capability }
}

/// Refuses a counter the device (or Vulkan) cannot give.
pub fn check_counter_features(
    counter: Counter,
    features: &DeviceFeatures,
) -> Result<(), RecordError> {
    match counter.kind() {
        Err(capability) => Err(missing("counter", capability)),
        Ok(CounterKind::Timestamp { .. }) if !features.timestamps => Err(missing(
            "timestamp counter",
            "timestampComputeAndGraphics with timestampValidBits on the queue",
        )),
        Ok(CounterKind::SamplesPassed) if !features.occlusion_query_precise => Err(missing(
            "samples passed counter (an exact count)",
            "occlusionQueryPrecise",
        )),
        Ok(CounterKind::PipelineStatistic(_)) if !features.pipeline_statistics_query => Err(
            missing("pipeline statistics counter", "pipelineStatisticsQuery"),
        ),
        Ok(CounterKind::PrimitivesGenerated) if !features.primitives_generated_query => {
            Err(missing(
                "primitives generated counter",
                "primitivesGeneratedQuery (VK_EXT_primitives_generated_query)",
            ))
        }
        Ok(_) => Ok(()),
    }
}

/// Checks that `len_b` bytes at `offset_b` of `buffer` lie in it, at a pool address that
/// is a multiple of `align_b`.
pub fn check_report_destination(
    tables: &ObjectTables,
    buffer: BufferId,
    offset_b: u64,
    len_b: u64,
    align_b: u64,
    what: &'static str,
) -> Result<(), RecordError> {
    let found = tables
        .buffers
        .get(buffer)
        .ok_or_else(|| RecordError::UnknownObject(buffer.into()))?;
    if !found.contains(offset_b, len_b) {
        return Err(RecordError::BufferRangeOutOfBounds {
            buffer,
            offset_b,
            size_b: len_b,
            buffer_size_b: found.size_b,
        });
    }
    if !found
        .offset_b
        .wrapping_add(offset_b)
        .is_multiple_of(align_b)
    {
        return Err(RecordError::BadArgument {
            what,
            why: "its pool address is not aligned (16 bytes for a report, 4 for a value)",
        });
    }
    Ok(())
}

/// GPU time in the console's ticks (19.2 MHz) from `raw` device ticks of `period_ns`.
pub fn console_ticks(raw: u64, period_ns: f64) -> u64 {
    // Nanoseconds exact to well under a tick for any uptime, then 12 ticks per 625 ns.
    let ns = (raw as f64 * period_ns) as u128;
    (ns * 12 / 625) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_nvns_and_round_trip() {
        for (raw, counter) in Counter::ALL.iter().enumerate() {
            assert_eq!(counter.raw(), raw as u32);
            assert_eq!(Counter::from_raw(raw as u32), Some(*counter));
        }
        assert_eq!(Counter::from_raw(17), None);
        assert_eq!(Counter::SamplesPassed.raw(), 2);
        assert_eq!(Counter::ClipperOutputPrimitives.raw(), 14);
    }

    #[test]
    fn console_ticks_are_19_2_mhz() {
        // One second of 1 ns device ticks is 19.2 million console ticks.
        assert_eq!(console_ticks(1_000_000_000, 1.0), CONSOLE_TICKS_PER_S);
        // 52.08 ns a tick at 19.2 MHz: 625 ns are 12 ticks, whatever the device period.
        assert_eq!(console_ticks(25, 25.0), 12);
        assert_eq!(console_ticks(0, 83.3), 0);
    }

    #[test]
    fn unsupported_counters_name_what_is_missing() {
        let all = DeviceFeatures {
            timestamps: true,
            occlusion_query_precise: true,
            pipeline_statistics_query: true,
            primitives_generated_query: true,
            ..DeviceFeatures::NONE
        };
        for counter in [
            Counter::ZcullStats,
            Counter::TransformFeedbackPrimitivesWritten,
        ] {
            assert!(matches!(
                check_counter_features(counter, &all),
                Err(RecordError::MissingCapability { .. })
            ));
        }
        assert!(check_counter_features(Counter::SamplesPassed, &all).is_ok());
        let none = DeviceFeatures::NONE;
        for counter in [
            Counter::Timestamp,
            Counter::SamplesPassed,
            Counter::FragmentShaderInvocations,
            Counter::PrimitivesGenerated,
        ] {
            assert!(matches!(
                check_counter_features(counter, &none),
                Err(RecordError::MissingCapability { .. })
            ));
        }
    }
}

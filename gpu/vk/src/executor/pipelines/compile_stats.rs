//! What making graphics pipelines cost, in total and in the last frame: how many, and
//! the time the recording thread spent (every such pipeline is made inside the submit
//! that first draws with it, so a frame waits for each). Read through
//! `VkBackend::pipeline_stats` and the C ABI's `hsDeviceGetPipelineStats`.

/// Running totals since the executor was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompileCounters {
    /// Graphics pipelines made inside a submit (whole, or linked from libraries).
    pub graphics_made: u64,
    /// Of those, pipelines linked from stage libraries without link-time optimisation.
    pub graphics_fast_linked: u64,
    /// Optimised pipelines linked in the background and taken up in place of
    /// fast-linked ones (no frame waits for them).
    pub graphics_optimised: u64,
    /// Nanoseconds the submitting thread spent making them.
    pub graphics_compile_ns: u64,
}

impl CompileCounters {
    fn since(self, earlier: CompileCounters) -> CompileCounters {
        CompileCounters {
            graphics_made: self.graphics_made.saturating_sub(earlier.graphics_made),
            graphics_fast_linked: self
                .graphics_fast_linked
                .saturating_sub(earlier.graphics_fast_linked),
            graphics_optimised: self
                .graphics_optimised
                .saturating_sub(earlier.graphics_optimised),
            graphics_compile_ns: self
                .graphics_compile_ns
                .saturating_sub(earlier.graphics_compile_ns),
        }
    }
}

/// The figures `VkBackend::pipeline_stats` gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PipelineStats {
    pub total: CompileCounters,
    /// The last frame's share (between the last two presents a submission or a read saw).
    pub last_frame: CompileCounters,
    /// Frames that waited on at least one pipeline compile.
    pub frames_waited: u64,
    /// The longest time one frame spent compiling, in nanoseconds.
    pub worst_frame_compile_ns: u64,
}

/// Splits the totals at presents. Compiles happen only inside submits, so the totals a
/// submission finds before it compiles anything are those of the last present: rolled
/// there (and when the figures are read), the clock needs no hook in presenting.
#[derive(Debug, Default)]
pub struct CompileClock {
    /// Presents counted when the clock last rolled.
    frames_seen: u64,
    at_frame_start: CompileCounters,
    stats: PipelineStats,
}

impl CompileClock {
    /// `frames`: presents so far; `now`: the totals now, before the submission compiles.
    pub fn roll(&mut self, frames: u64, now: CompileCounters) {
        self.stats.total = now;
        if frames == self.frames_seen {
            return;
        }
        let frame = now.since(self.at_frame_start);
        self.stats.last_frame = frame;
        if frame.graphics_made > 0 {
            self.stats.frames_waited += 1;
        }
        self.stats.worst_frame_compile_ns = self
            .stats
            .worst_frame_compile_ns
            .max(frame.graphics_compile_ns);
        self.at_frame_start = now;
        self.frames_seen = frames;
    }

    pub fn stats(&self) -> PipelineStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counters(made: u64, ns: u64) -> CompileCounters {
        CompileCounters {
            graphics_made: made,
            graphics_fast_linked: 0,
            graphics_optimised: 0,
            graphics_compile_ns: ns,
        }
    }

    #[test]
    fn a_frame_is_what_compiled_between_two_presents() {
        let mut clock = CompileClock::default();
        // Frame 1 compiles two pipelines across two submissions.
        clock.roll(0, counters(0, 0));
        clock.roll(0, counters(1, 100));
        assert_eq!(clock.stats().last_frame, counters(0, 0));
        // Presented; the next submission sees the totals of the present.
        clock.roll(1, counters(2, 300));
        assert_eq!(clock.stats().last_frame, counters(2, 300));
        assert_eq!(clock.stats().frames_waited, 1);
        // Frame 2 compiles nothing.
        clock.roll(2, counters(2, 300));
        assert_eq!(clock.stats().last_frame, counters(0, 0));
        assert_eq!(clock.stats().frames_waited, 1);
        // Frame 3 compiles one, cheaper.
        clock.roll(3, counters(3, 350));
        let stats = clock.stats();
        assert_eq!(
            (
                stats.last_frame,
                stats.frames_waited,
                stats.worst_frame_compile_ns
            ),
            (counters(1, 50), 2, 300)
        );
        assert_eq!(stats.total, counters(3, 350));
    }
}

//! Per-frame figures, a frame being the work between two presents: the frame time (CPU
//! time between presents) with a history for a graph, frames a second, and what the last
//! frame did that a player feels as a stutter: pipelines compiled, regions written back,
//! CPU write traps. The HUD (`RX_VK_HUD`), `VkBackend::frame_stats` and the C ABI's
//! `hsDeviceGetStats` read the same figures.

use std::time::Instant;

/// Frames the history keeps (the HUD's graph is as wide).
pub const HISTORY_FRAMES: usize = 120;

/// Running totals read at each present; a frame's figures are their differences.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub pipelines: u64,
    pub write_back_regions: u64,
    pub traps: u64,
}

/// What the frames so far did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameStats {
    /// Presents so far (of every window).
    pub frames: u64,
    /// The last frame's time in milliseconds; 0 before the second present.
    pub frame_ms: f32,
    /// Frames a second over the history (0 before the second present).
    pub fps: f32,
    /// Frame times, oldest first, at most `HISTORY_FRAMES`.
    pub frame_ms_history: Vec<f32>,
    /// What the last frame did.
    pub last_frame: Totals,
    /// Since the executor was made.
    pub total: Totals,
    /// The GPU time of the latest frame measured (`gpu_frame_time`): it lags the
    /// presents by a frame or two, as its timestamps are read without waiting.
    pub gpu: super::gpu_frame_time::GpuFrameTime,
}

/// Keeps the figures from one present to the next.
#[derive(Debug, Default)]
pub struct FrameClock {
    last_present: Option<Instant>,
    stats: FrameStats,
}

impl FrameClock {
    /// A present at `now`, with the running totals then.
    pub fn on_present(&mut self, now: Instant, totals: Totals) {
        let stats = &mut self.stats;
        if let Some(last) = self.last_present {
            let frame_ms = now.saturating_duration_since(last).as_secs_f32() * 1000.0;
            stats.frame_ms = frame_ms;
            if stats.frame_ms_history.len() == HISTORY_FRAMES {
                stats.frame_ms_history.remove(0);
            }
            stats.frame_ms_history.push(frame_ms);
            let sum_ms: f32 = stats.frame_ms_history.iter().sum();
            stats.fps = if sum_ms > 0.0 {
                stats.frame_ms_history.len() as f32 * 1000.0 / sum_ms
            } else {
                0.0
            };
        }
        stats.last_frame = Totals {
            pipelines: totals.pipelines.saturating_sub(stats.total.pipelines),
            write_back_regions: totals
                .write_back_regions
                .saturating_sub(stats.total.write_back_regions),
            traps: totals.traps.saturating_sub(stats.total.traps),
        };
        stats.total = totals;
        stats.frames += 1;
        self.last_present = Some(now);
    }

    pub fn stats(&self) -> &FrameStats {
        &self.stats
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_frame_is_the_difference_between_two_presents() {
        let start = Instant::now();
        let mut clock = FrameClock::default();
        let totals = |pipelines, traps| Totals {
            pipelines,
            write_back_regions: 3 * pipelines,
            traps,
        };
        clock.on_present(start, totals(10, 1));
        assert_eq!(clock.stats().frames, 1);
        assert_eq!(clock.stats().frame_ms, 0.0);
        assert_eq!(clock.stats().last_frame, totals(10, 1));
        clock.on_present(start + Duration::from_millis(20), totals(14, 1));
        clock.on_present(start + Duration::from_millis(50), totals(14, 6));
        let stats = clock.stats();
        assert_eq!(stats.frames, 3);
        assert!((stats.frame_ms - 30.0).abs() < 0.01);
        assert_eq!(stats.frame_ms_history.len(), 2);
        // Two frames in 50 ms.
        assert!((stats.fps - 40.0).abs() < 0.01, "{}", stats.fps);
        assert_eq!(
            stats.last_frame,
            Totals {
                pipelines: 0,
                write_back_regions: 0,
                traps: 5
            }
        );
        assert_eq!(stats.total, totals(14, 6));
        for frame in 0..HISTORY_FRAMES as u64 {
            clock.on_present(start + Duration::from_millis(60 + frame), totals(14, 6));
        }
        assert_eq!(clock.stats().frame_ms_history.len(), HISTORY_FRAMES);
    }
}

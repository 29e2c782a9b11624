//! `RX_VK_PASS_DEFER`: the merge's numbers in the demo's summary, and with
//! `RX_VK_PASS_DEFER=ab` its A/B benchmark in one run: after a loading phase, phases of
//! `RX_VK_AB` frames (100 when that is 0) alternate with the merge on and off, and the
//! summary gives passes a frame and the median GPU frame time of each, and their ratio.

use std::fmt::Write as _;

use super::report::{percentile, AbPhase};

/// Frames a phase when `RX_VK_AB` does not say.
pub const DEFAULT_PHASE_FRAMES: u64 = 100;

/// The merge over a run, and each frame's passes and A/B phase.
#[derive(Debug, Default)]
pub struct DeferStats {
    /// `RX_VK_PASS_DEFER` as set: 0, 1 or ab.
    pub switch: &'static str,
    pub groups: u64,
    /// `reason=count ...` over the run.
    pub rejected: String,
    pub frame_passes: Vec<u64>,
    /// With `ab`: frames a phase and each frame's phase.
    pub ab_frames: Option<u64>,
    pub phases: Vec<AbPhase>,
}

/// One side of the A/B run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    pub frames: usize,
    pub passes_per_frame: f64,
    pub gpu_ms_p50: f64,
}

impl DeferStats {
    /// (merge on, merge off) over the measured phases, when the run had both.
    pub fn ab(&self, gpu_ms: &[f64]) -> Option<(Side, Side)> {
        let side = |phase: AbPhase| {
            let frames: Vec<usize> = (0..self.phases.len())
                .filter(|&frame| self.phases[frame] == phase)
                .collect();
            let times: Vec<f64> = frames
                .iter()
                .filter_map(|&f| gpu_ms.get(f))
                .copied()
                .collect();
            let passes: u64 = frames
                .iter()
                .filter_map(|&f| self.frame_passes.get(f))
                .sum();
            Side {
                frames: frames.len(),
                passes_per_frame: passes as f64 / frames.len().max(1) as f64,
                gpu_ms_p50: percentile(&times, 50.0),
            }
        };
        let (on, off) = (side(AbPhase::On), side(AbPhase::Off));
        (on.frames > 0 && off.frames > 0).then_some((on, off))
    }

    pub fn summary(&self, gpu_ms: &[f64], out: &mut String) {
        let _ = writeln!(
            out,
            "pass defer ({}): {} groups merged; rejected: {}",
            self.switch, self.groups, self.rejected
        );
        if let (Some(frames), Some((on, off))) = (self.ab_frames, self.ab(gpu_ms)) {
            let _ = writeln!(
                out,
                "pass defer A/B ({frames} frames a phase; {} on, {} off): passes a frame {:.1} \
                 on, {:.1} off; gpu p50 {:.2} ms on, {:.2} ms off, ratio {:.3} (on / off)",
                on.frames,
                off.frames,
                on.passes_per_frame,
                off.passes_per_frame,
                on.gpu_ms_p50,
                off.gpu_ms_p50,
                on.gpu_ms_p50 / off.gpu_ms_p50.max(f64::MIN_POSITIVE)
            );
        }
    }

    pub fn add_json(&self, gpu_ms: &[f64], json: &mut serde_json::Value) {
        json["pass_defer"] = self.switch.into();
        json["pass_defer_groups"] = self.groups.into();
        json["pass_defer_rejected"] = self.rejected.clone().into();
        if let (Some(frames), Some((on, off))) = (self.ab_frames, self.ab(gpu_ms)) {
            json["pass_defer_ab_frames_per_phase"] = frames.into();
            json["pass_defer_passes_per_frame_on"] = on.passes_per_frame.into();
            json["pass_defer_passes_per_frame_off"] = off.passes_per_frame.into();
            json["pass_defer_gpu_ms_p50_on"] = on.gpu_ms_p50.into();
            json["pass_defer_gpu_ms_p50_off"] = off.gpu_ms_p50.into();
            json["pass_defer_gpu_ratio"] =
                (on.gpu_ms_p50 / off.gpu_ms_p50.max(f64::MIN_POSITIVE)).into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ab_sides_take_their_phases_frames_only() {
        use AbPhase::*;
        let stats = DeferStats {
            frame_passes: vec![30, 14, 14, 24, 24],
            ab_frames: Some(2),
            phases: vec![Loading, On, On, Off, Off],
            ..DeferStats::default()
        };
        let (on, off) = stats.ab(&[9.0, 1.0, 3.0, 2.0, 4.0]).unwrap();
        assert_eq!((on.frames, off.frames), (2, 2));
        assert_eq!((on.passes_per_frame, off.passes_per_frame), (14.0, 24.0));
        assert_eq!((on.gpu_ms_p50, off.gpu_ms_p50), (1.0, 2.0));
        let one_sided = DeferStats {
            phases: vec![Loading, On],
            ..DeferStats::default()
        };
        assert_eq!(one_sided.ab(&[1.0, 1.0]), None);
    }
}

//! `hookshot demo --hud-ab FRAMES`: the HUD's cost measured in one run. After a loading
//! phase, phases of FRAMES frames alternate with the HUD drawn (`RX_VK_HUD`'s items, or
//! every item where it is 0) and not; the summary gives the median CPU frame time (the
//! frame's recording, submission and present on the CPU) and GPU frame time (timestamps
//! around the frame's submissions, `gpu_frame_time`) of each, and the HUD's share of
//! each and of the frame.

use std::collections::BTreeMap;

use gpu::switches::hud_items::HudItem;

use super::ab::AbPhases;
use super::report::AbPhase;

pub struct HudAb {
    phases: AbPhases,
    pub items: Vec<HudItem>,
    /// CPU ms by frame.
    cpu_ms: BTreeMap<u32, f64>,
    /// GPU ms by frame (measured frames only; they arrive a frame or two late).
    gpu_ms: BTreeMap<u32, f64>,
}

fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

impl HudAb {
    pub fn new(frames_per_phase: u64, items: Vec<HudItem>) -> HudAb {
        HudAb {
            phases: AbPhases::new(frames_per_phase),
            items,
            cpu_ms: BTreeMap::new(),
            gpu_ms: BTreeMap::new(),
        }
    }

    /// The HUD's items for `frame`: drawn in loading and on phases.
    pub fn items_for(&self, frame: u32) -> Vec<HudItem> {
        match self.phases.phase(frame) {
            AbPhase::Off => Vec::new(),
            _ => self.items.clone(),
        }
    }

    pub fn sample_cpu(&mut self, frame: u32, cpu_ms: f64) {
        self.cpu_ms.insert(frame, cpu_ms);
    }

    pub fn sample_gpu(&mut self, frame: u32, gpu_ms: f64) {
        self.gpu_ms.insert(frame, gpu_ms);
    }

    /// The median of `samples` over the frames of `phase`, and their count.
    fn median_of(&self, samples: &BTreeMap<u32, f64>, phase: AbPhase) -> (f64, usize) {
        let values: Vec<f64> = samples
            .iter()
            .filter(|(frame, _)| self.phases.phase(**frame) == phase)
            .map(|(_, ms)| *ms)
            .collect();
        let count = values.len();
        (median(values), count)
    }

    /// One line: the medians on and off, and the HUD's cost as a share of each and of
    /// the frame (CPU + GPU).
    pub fn summary(&self) -> String {
        let (cpu_on, frames_on) = self.median_of(&self.cpu_ms, AbPhase::On);
        let (cpu_off, frames_off) = self.median_of(&self.cpu_ms, AbPhase::Off);
        let (gpu_on, gpu_frames_on) = self.median_of(&self.gpu_ms, AbPhase::On);
        let (gpu_off, gpu_frames_off) = self.median_of(&self.gpu_ms, AbPhase::Off);
        let share = |on: f64, off: f64| {
            if off > 0.0 {
                (on - off) / off * 100.0
            } else {
                0.0
            }
        };
        format!(
            "hud a/b ({frames_on} frames on, {frames_off} off; GPU time of \
             {gpu_frames_on} / {gpu_frames_off}): cpu {cpu_on:.3} / {cpu_off:.3} ms, \
             gpu {gpu_on:.3} / {gpu_off:.3} ms median on / off; cost {:+.2}% cpu, {:+.2}% gpu, \
             {:+.2}% of frame time (cpu + gpu)",
            share(cpu_on, cpu_off),
            share(gpu_on, gpu_off),
            share(cpu_on + gpu_on, cpu_off + gpu_off),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_and_off_phases_give_the_cost() {
        let mut ab = HudAb::new(2, vec![HudItem::Fps]);
        assert_eq!(ab.items_for(0), [HudItem::Fps]);
        assert_eq!(ab.items_for(2), [HudItem::Fps]);
        assert!(ab.items_for(4).is_empty());
        for frame in 0..8 {
            let on = !ab.items_for(frame).is_empty();
            ab.sample_cpu(frame, if on { 10.5 } else { 10.0 });
            // The GPU figure of the last frame never arrives.
            if frame < 7 {
                ab.sample_gpu(frame, 20.0);
            }
        }
        // Frames 0-1 load, 2-3 and 6-7 are on, 4-5 off; frame 7's GPU time is missing.
        let line = ab.summary();
        assert!(line.contains("4 frames on, 2 off"), "{line}");
        assert!(line.contains("cpu 10.500 / 10.000 ms"), "{line}");
        assert!(line.contains("GPU time of 3 / 2"), "{line}");
        assert!(
            line.contains("+5.00% cpu, +0.00% gpu, +1.67% of frame time"),
            "{line}"
        );
    }
}

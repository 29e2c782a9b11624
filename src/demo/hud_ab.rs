//! `hookshot demo --hud-ab FRAMES`: the HUD's cost measured in one run. After a loading
//! phase, phases of FRAMES frames alternate with the HUD drawn (`RX_VK_HUD`'s items, or
//! every item where it is 0) and not; the summary gives the median CPU and GPU frame time
//! of each and the HUD's share of the frame.

use gpu::switches::hud_items::HudItem;

use super::ab::AbPhases;
use super::report::AbPhase;

pub struct HudAb {
    phases: AbPhases,
    pub items: Vec<HudItem>,
    /// (phase, CPU ms, GPU ms) a frame.
    samples: Vec<(AbPhase, f64, f64)>,
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
            samples: Vec::new(),
        }
    }

    /// The HUD's items for `frame`: drawn in loading and on phases.
    pub fn items_for(&self, frame: u32) -> Vec<HudItem> {
        match self.phases.phase(frame) {
            AbPhase::Off => Vec::new(),
            _ => self.items.clone(),
        }
    }

    pub fn sample(&mut self, frame: u32, cpu_ms: f64, gpu_ms: f64) {
        self.samples
            .push((self.phases.phase(frame), cpu_ms, gpu_ms));
    }

    /// Median (CPU, GPU) ms of the frames of `phase`.
    fn medians(&self, phase: AbPhase) -> (f64, f64, usize) {
        let of = |pick: fn(&(AbPhase, f64, f64)) -> f64| {
            median(
                self.samples
                    .iter()
                    .filter(|s| s.0 == phase)
                    .map(pick)
                    .collect(),
            )
        };
        let count = self.samples.iter().filter(|s| s.0 == phase).count();
        (of(|s| s.1), of(|s| s.2), count)
    }

    /// One line: the medians on and off, and the HUD's cost as a share of frame time.
    pub fn summary(&self) -> String {
        let (cpu_on, gpu_on, frames_on) = self.medians(AbPhase::On);
        let (cpu_off, gpu_off, frames_off) = self.medians(AbPhase::Off);
        let share = |on: f64, off: f64, frame: f64| {
            if frame > 0.0 {
                (on - off) / frame * 100.0
            } else {
                0.0
            }
        };
        let frame_off = cpu_off + gpu_off;
        format!(
            "hud a/b ({frames_on} frames on, {frames_off} off): cpu {cpu_on:.3} / {cpu_off:.3} ms, \
             gpu {gpu_on:.3} / {gpu_off:.3} ms median on / off; cost {:+.2}% cpu, {:+.2}% gpu, \
             {:+.2}% of frame time",
            share(cpu_on, cpu_off, cpu_off),
            share(gpu_on, gpu_off, gpu_off),
            share(cpu_on + gpu_on, frame_off, frame_off),
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
            ab.sample(frame, if on { 10.5 } else { 10.0 }, 20.0);
        }
        let line = ab.summary();
        assert!(line.contains("cpu 10.500 / 10.000 ms"), "{line}");
        assert!(
            line.contains("+5.00% cpu, +0.00% gpu, +1.67% of frame time"),
            "{line}"
        );
    }
}

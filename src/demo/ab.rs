//! `RX_VK_AB`: the write-back's cost measured in one run, phases of frames with it on and
//! off.

use super::report;

/// `RX_VK_AB`'s phases: the first phase loads (the write-back on), then phases of the
/// same length alternate with it on and off.
#[derive(Clone, Copy, Debug)]
pub struct AbPhases {
    frames_per_phase: u64,
}

impl AbPhases {
    pub fn new(frames_per_phase: u64) -> AbPhases {
        AbPhases {
            frames_per_phase: frames_per_phase.max(1),
        }
    }

    pub fn phase(self, frame: u32) -> report::AbPhase {
        match u64::from(frame) / self.frames_per_phase {
            0 => report::AbPhase::Loading,
            phase if phase % 2 == 1 => report::AbPhase::On,
            _ => report::AbPhase::Off,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::report::AbPhase;
    use super::AbPhases;

    #[test]
    fn a_loading_phase_then_on_and_off_alternate() {
        let ab = AbPhases::new(50);
        let phases: Vec<AbPhase> = [0, 49, 50, 99, 100, 149, 150, 200]
            .map(|frame| ab.phase(frame))
            .to_vec();
        use AbPhase::*;
        assert_eq!(phases, [Loading, Loading, On, On, Off, Off, On, Off]);
        assert_eq!(AbPhases::new(0).phase(1), On);
    }
}

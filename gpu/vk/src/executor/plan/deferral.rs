//! The executor's side of the deferred pass merge: whether it runs (`RX_VK_PASS_DEFER`,
//! switched at run time for the A/B phases), its rules, and its tally, logged every
//! [`LOG_EVERY_FRAMES`] frames as the accepted groups and the rejections by reason.

use std::collections::BTreeMap;

use super::defer::{DeferRules, Merged, Rejection, LOOK_AHEAD_OPS};
use crate::executor::{VkBackend, TARGET};

/// Frames between two summary lines.
pub const LOG_EVERY_FRAMES: u64 = 300;

/// Accepted groups and rejections by reason, counted over some frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeferTally {
    pub accepted: u64,
    pub rejected: BTreeMap<Rejection, u64>,
}

impl DeferTally {
    fn add(&mut self, merged: &Merged) {
        self.accepted += u64::from(merged.accepted);
        for &(reason, count) in &merged.rejected {
            *self.rejected.entry(reason).or_default() += u64::from(count);
        }
    }

    /// `reason=count` for each reason counted, in the enum's order.
    pub fn reasons_line(&self) -> String {
        let reasons: Vec<String> = self
            .rejected
            .iter()
            .map(|(reason, count)| format!("{}={count}", reason.name()))
            .collect();
        if reasons.is_empty() {
            "none".to_owned()
        } else {
            reasons.join(" ")
        }
    }
}

#[derive(Debug)]
pub(in crate::executor) struct Deferral {
    pub(in crate::executor) on: bool,
    pub(in crate::executor) rules: DeferRules,
    /// Since the executor was made.
    total: DeferTally,
    /// Since the last summary line, and the frame period it covers.
    window: DeferTally,
    logged_period: u64,
}

impl Deferral {
    pub(in crate::executor) fn from_switches(switches: &gpu::switches::Switches) -> Deferral {
        Deferral {
            on: switches.pass_defer != gpu::switches::PassDefer::Off,
            rules: DeferRules {
                allow_bindless: switches.pass_defer_bindless,
                look_ahead_ops: LOOK_AHEAD_OPS,
            },
            total: DeferTally::default(),
            window: DeferTally::default(),
            logged_period: 0,
        }
    }

    /// A list of `frame` is prepared: at the first list of a new period, logs the last
    /// period's tally (when the merge ran in it).
    pub(in crate::executor) fn roll(&mut self, frame: u64) {
        let period = frame / LOG_EVERY_FRAMES;
        if period > self.logged_period {
            let window = std::mem::take(&mut self.window);
            if window != DeferTally::default() {
                tracing::info!(target: TARGET, frames = LOG_EVERY_FRAMES,
                    accepted_groups = window.accepted,
                    rejected = %window.reasons_line(),
                    "deferred pass merge: groups accepted, rejections by reason");
            }
            self.logged_period = period;
        }
    }

    /// Counts a list's merge.
    pub(in crate::executor) fn note(&mut self, merged: &Merged) {
        self.window.add(merged);
        self.total.add(merged);
    }
}

impl VkBackend {
    /// Whether the deferred pass merge runs from the next list on (`RX_VK_PASS_DEFER` at
    /// run time, for the A/B phases).
    pub fn set_pass_defer(&mut self, on: bool) {
        self.defer.on = on;
    }

    /// Passes recorded since the executor was made (cheap: no allocator report).
    pub fn passes_recorded(&self) -> u64 {
        self.stats.passes
    }

    /// The merge's accepted groups and rejections by reason since the executor was made.
    pub fn pass_defer_tally(&self) -> DeferTally {
        self.defer.total.clone()
    }
}

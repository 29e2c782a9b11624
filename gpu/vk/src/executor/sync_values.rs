//! NVN sync values on the queue timeline. The queue gives each signal of a sync the next
//! value of that sync's counter; the executor signals it with the timeline value of the
//! submission that holds it. A CPU wait for a sync value is a wait for that timeline value.

use std::collections::{HashMap, VecDeque};

use gpu::SyncId;

#[derive(Default)]
struct Signals {
    /// The highest sync value whose submission has completed.
    completed: u64,
    /// (sync value, timeline value) of signals not known complete, in order.
    pending: VecDeque<(u64, u64)>,
}

/// Where each sync's signals are on the timeline.
#[derive(Default)]
pub struct SyncValues {
    syncs: HashMap<SyncId, Signals>,
}

/// What a CPU wait for a sync value must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncTarget {
    /// Already reached: nothing to wait for.
    Reached,
    /// Wait until the timeline reaches this value.
    Timeline(u64),
    /// No submission signals it yet.
    NotSubmitted,
}

impl SyncValues {
    /// `sync` reaches `value` when the timeline reaches `timeline_value`.
    pub fn signalled(&mut self, sync: SyncId, value: u64, timeline_value: u64) {
        let signals = self.syncs.entry(sync).or_default();
        let at = signals.pending.partition_point(|&(known, _)| known < value);
        signals.pending.insert(at, (value, timeline_value));
    }

    pub fn target(&self, sync: SyncId, value: u64) -> SyncTarget {
        let Some(signals) = self.syncs.get(&sync) else {
            return SyncTarget::NotSubmitted;
        };
        if value <= signals.completed {
            return SyncTarget::Reached;
        }
        signals
            .pending
            .iter()
            .find(|&&(known, _)| known >= value)
            .map_or(SyncTarget::NotSubmitted, |&(_, timeline)| {
                SyncTarget::Timeline(timeline)
            })
    }

    /// Forgets signals whose timeline value the GPU has reached.
    pub fn retire(&mut self, completed_timeline: u64) {
        for signals in self.syncs.values_mut() {
            while let Some(&(value, timeline)) = signals.pending.front() {
                if timeline > completed_timeline {
                    break;
                }
                signals.completed = signals.completed.max(value);
                signals.pending.pop_front();
            }
        }
    }

    pub fn forget(&mut self, sync: SyncId) {
        self.syncs.remove(&sync);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_map_to_the_signalling_submission_until_it_completes() {
        let sync = SyncId::from_raw(1).unwrap();
        let other = SyncId::from_raw(2).unwrap();
        let mut values = SyncValues::default();
        assert_eq!(values.target(sync, 1), SyncTarget::NotSubmitted);
        values.signalled(sync, 1, 10);
        values.signalled(sync, 2, 12);
        assert_eq!(values.target(sync, 1), SyncTarget::Timeline(10));
        assert_eq!(values.target(sync, 2), SyncTarget::Timeline(12));
        assert_eq!(values.target(sync, 3), SyncTarget::NotSubmitted);
        assert_eq!(values.target(other, 1), SyncTarget::NotSubmitted);
        values.retire(11);
        assert_eq!(values.target(sync, 1), SyncTarget::Reached);
        assert_eq!(values.target(sync, 2), SyncTarget::Timeline(12));
        values.retire(12);
        assert_eq!(values.target(sync, 2), SyncTarget::Reached);
        values.forget(sync);
        assert_eq!(values.target(sync, 1), SyncTarget::NotSubmitted);
    }
}

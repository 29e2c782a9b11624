//! The order submissions reach the GPU queue in. Every queue operation that signals the
//! executor's timeline takes its turn here by its value, so values reach the queue in
//! increasing order even when a split submission (`split_submit`) records its body
//! after later submissions were prepared. Split submissions also hand their frames back
//! through here, and count the time their bodies took, without the backend's lock.

use std::sync::atomic::{AtomicU64, Ordering};

use parking_lot::{Condvar, Mutex};

use super::plan::Step;
use super::prepared::draws::PreparedDraws;
use super::resources::frames::Frame;

/// The most emptied draw lists kept for reuse.
const SPARES: usize = 16;

pub(super) struct SubmitLine {
    /// The timeline value whose queue operation goes next.
    next_value: Mutex<u64>,
    turn: Condvar,
    /// Frames of split submissions on the queue, with their values, for the ring.
    returned: Mutex<Vec<(u64, Frame)>>,
    /// Split submissions' draw lists and planned steps, emptied by their threads, for
    /// the next lists to prepare into without growing new ones under the lock.
    spares: Mutex<Vec<(PreparedDraws, Vec<Step>)>>,
    /// Nanoseconds split submissions spent recording their bodies, and how many.
    body_ns: AtomicU64,
    bodies: AtomicU64,
}

impl SubmitLine {
    pub fn new() -> SubmitLine {
        SubmitLine {
            next_value: Mutex::new(1),
            turn: Condvar::new(),
            returned: Mutex::new(Vec::new()),
            spares: Mutex::new(Vec::new()),
            body_ns: AtomicU64::new(0),
            bodies: AtomicU64::new(0),
        }
    }

    /// Runs `submit` (the queue operation that signals `value`) once every value below
    /// it went to the queue. `submit` says whether `value` is now spent: a failed queue
    /// operation of the backend's own path leaves it for the next submission, a split
    /// one's always spends it (later values signal over it).
    pub fn in_turn<T>(&self, value: u64, submit: impl FnOnce() -> (T, bool)) -> T {
        let mut next_value = self.next_value.lock();
        while *next_value < value {
            self.turn.wait(&mut next_value);
        }
        let (outcome, spent) = submit();
        if spent {
            *next_value = value + 1;
            self.turn.notify_all();
        }
        outcome
    }

    /// A split submission's frame, on the queue with `value` (or abandoned).
    pub fn hand_back(&self, value: u64, frame: Frame) {
        self.returned.lock().push((value, frame));
    }

    pub fn take_returned(&self) -> Vec<(u64, Frame)> {
        std::mem::take(&mut *self.returned.lock())
    }

    /// An emptied draw list and step list (dropped when enough are kept).
    pub fn recycle(&self, draws: PreparedDraws, steps: Vec<Step>) {
        let mut spares = self.spares.lock();
        if spares.len() < SPARES {
            spares.push((draws, steps));
        }
    }

    pub fn take_spare(&self) -> Option<(PreparedDraws, Vec<Step>)> {
        self.spares.lock().pop()
    }

    pub fn count_body(&self, ns: u64) {
        self.body_ns.fetch_add(ns, Ordering::Relaxed);
        self.bodies.fetch_add(1, Ordering::Relaxed);
    }

    /// (nanoseconds, bodies) so far.
    pub fn body_totals(&self) -> (u64, u64) {
        (
            self.body_ns.load(Ordering::Relaxed),
            self.bodies.load(Ordering::Relaxed),
        )
    }
}

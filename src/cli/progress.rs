//! The progress line of long work (demo, replay, warm, bench): one line to stderr at most once a
//! second, so a long run shows it is alive without flooding a log.

use std::time::{Duration, Instant};

pub const EVERY: Duration = Duration::from_secs(1);

pub struct Progress {
    label: &'static str,
    started: Instant,
    last: Option<Instant>,
}

impl Progress {
    pub fn new(label: &'static str) -> Progress {
        Progress {
            label,
            started: Instant::now(),
            last: None,
        }
    }

    /// Prints `line()` when a second has passed since the last line (or the start).
    pub fn tick(&mut self, line: impl FnOnce() -> String) {
        let now = Instant::now();
        let since = now.duration_since(self.last.unwrap_or(self.started));
        if since >= EVERY {
            eprintln!(
                "{}: {} ({:.0} s)",
                self.label,
                line(),
                now.duration_since(self.started).as_secs_f64()
            );
            self.last = Some(now);
        }
    }
}

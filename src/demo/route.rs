//! The demo's fixed route: the camera walks out along a row of chunks and back, again and
//! again, so chunks leave range (their textures are finalized) and come back (a texture is
//! made over the same storage and sampled without drawing), and the pool is defragmented
//! every few hundred frames.

use std::collections::BTreeSet;

use super::terrain::ChunkCoord;

/// The route's shape and pace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// Frames the camera stays over one chunk.
    pub frames_per_chunk: u32,
    /// Chunks the walk goes out before it turns back.
    pub span_chunks: u32,
    /// Chunks in range: those within this many chunks of the camera's, both ways.
    pub radius_chunks: i32,
    /// Frames between defragmentations.
    pub defragment_every: u32,
}

impl Default for Route {
    fn default() -> Route {
        Route {
            frames_per_chunk: 30,
            span_chunks: 4,
            radius_chunks: 1,
            defragment_every: 250,
        }
    }
}

/// What changes at a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A chunk comes into range: the first time its tile is drawn; later, its texture is
    /// made again over the same storage and not drawn.
    Enter { chunk: ChunkCoord, returning: bool },
    /// A chunk leaves range: its texture is finalized, its storage kept.
    Leave { chunk: ChunkCoord },
    /// Live tiles move to new offsets in the pool and their textures are made again there.
    Defragment,
}

impl Route {
    /// The frames one default run takes: two full walks out and back and then some, so it
    /// passes every event at least once and defragments at least twice.
    pub fn default_frames(&self) -> u32 {
        let walk = 2 * self.span_chunks * self.frames_per_chunk;
        (2 * walk).max(2 * self.defragment_every + self.frames_per_chunk)
    }

    /// Every chunk the route ever brings into range: the walk's columns widened by the
    /// radius both ways, times the rows the radius covers.
    pub fn chunks_on_route(&self) -> u64 {
        let side = 2 * u64::from(self.radius_chunks.unsigned_abs()) + 1;
        (u64::from(self.span_chunks) + side) * side
    }

    /// The chunk under the camera at `frame`.
    pub fn camera_chunk(&self, frame: u32) -> ChunkCoord {
        let step = frame / self.frames_per_chunk;
        let period = 2 * self.span_chunks;
        let phase = step % period;
        let x = if phase <= self.span_chunks {
            phase
        } else {
            period - phase
        };
        ChunkCoord { x: x as i32, y: 0 }
    }

    /// The chunks in range at `frame`.
    pub fn in_range(&self, frame: u32) -> BTreeSet<ChunkCoord> {
        let camera = self.camera_chunk(frame);
        let r = self.radius_chunks;
        (-r..=r)
            .flat_map(|dy| {
                (-r..=r).map(move |dx| ChunkCoord {
                    x: camera.x + dx,
                    y: camera.y + dy,
                })
            })
            .collect()
    }

    /// The events of `frame`, given every chunk ever drawn before it.
    pub fn events(&self, frame: u32, drawn_before: &BTreeSet<ChunkCoord>) -> Vec<Event> {
        let now = self.in_range(frame);
        let before = if frame == 0 {
            BTreeSet::new()
        } else {
            self.in_range(frame - 1)
        };
        // Chunks leave, then the pool is defragmented, then chunks enter: a tile is
        // never moved and made again after it left, and a tile that enters in the frame
        // of a defragmentation is made (or drawn) at its new offset, never moved or
        // ended before the frame that uses it has run.
        let mut events: Vec<Event> = before
            .difference(&now)
            .map(|&chunk| Event::Leave { chunk })
            .collect();
        if frame > 0 && frame.is_multiple_of(self.defragment_every) {
            events.push(Event::Defragment);
        }
        events.extend(now.difference(&before).map(|&chunk| Event::Enter {
            chunk,
            returning: drawn_before.contains(&chunk),
        }));
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_run_passes_every_event_and_defragments_twice() {
        let route = Route::default();
        let mut drawn = BTreeSet::new();
        let (mut leaves, mut returns, mut firsts, mut defragments) = (0, 0, 0, 0);
        for frame in 0..route.default_frames() {
            for event in route.events(frame, &drawn) {
                match event {
                    Event::Enter { chunk, returning } => {
                        if returning {
                            returns += 1;
                        } else {
                            firsts += 1;
                            drawn.insert(chunk);
                        }
                    }
                    Event::Leave { .. } => leaves += 1,
                    Event::Defragment => defragments += 1,
                }
            }
        }
        assert!(
            firsts >= 9 && leaves > 0 && returns > 0,
            "{firsts} {leaves} {returns}"
        );
        assert!(defragments >= 2);
        assert!(
            route.default_frames() < 1000,
            "the default run must stay short on lavapipe"
        );
    }

    #[test]
    fn a_defragmentation_comes_after_the_leaves_and_before_the_enters_of_its_frame() {
        let route = Route::default();
        let mut drawn = BTreeSet::new();
        let mut shared_frames = 0;
        for frame in 0..3 * route.default_frames() {
            let events = route.events(frame, &drawn);
            if let Some(at) = events.iter().position(|e| *e == Event::Defragment) {
                let (before, after) = events.split_at(at);
                assert!(
                    before.iter().all(|e| matches!(e, Event::Leave { .. })),
                    "frame {frame}: {events:?}"
                );
                assert!(
                    after[1..].iter().all(|e| matches!(e, Event::Enter { .. })),
                    "frame {frame}: {events:?}"
                );
                shared_frames += usize::from(events.len() > 1);
            }
            for event in events {
                if let Event::Enter { chunk, .. } = event {
                    drawn.insert(chunk);
                }
            }
        }
        assert!(
            shared_frames > 0,
            "some defragmentation shares its frame with a chunk step"
        );
    }

    #[test]
    fn chunks_on_route_counts_every_chunk_a_run_brings_into_range() {
        let route = Route::default();
        let seen: BTreeSet<ChunkCoord> = (0..route.default_frames())
            .flat_map(|frame| route.in_range(frame))
            .collect();
        assert_eq!(seen.len() as u64, route.chunks_on_route());
    }

    #[test]
    fn the_walk_goes_out_and_back() {
        let route = Route::default();
        let xs: Vec<i32> = (0..9)
            .map(|step| route.camera_chunk(step * route.frames_per_chunk).x)
            .collect();
        assert_eq!(xs, [0, 1, 2, 3, 4, 3, 2, 1, 0]);
        assert_eq!(route.in_range(0).len(), 9);
    }

    #[test]
    fn a_chunk_that_left_comes_back_as_returning() {
        let route = Route::default();
        let mut drawn = BTreeSet::new();
        let mut seen_return = None;
        for frame in 0..route.default_frames() {
            for event in route.events(frame, &drawn) {
                if let Event::Enter { chunk, returning } = event {
                    if returning && seen_return.is_none() {
                        seen_return = Some((frame, chunk));
                    }
                    drawn.insert(chunk);
                }
            }
        }
        let (frame, chunk) = seen_return.expect("some chunk returns");
        assert_eq!(
            chunk.x,
            route.camera_chunk(frame).x - 1,
            "the chunk behind the turn returns"
        );
    }
}

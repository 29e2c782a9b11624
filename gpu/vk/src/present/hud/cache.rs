//! The panel kept from one present to the next. Its text is refreshed four times a second
//! (a figure that changes every frame cannot be read anyway; DXVK's HUD does the same),
//! its counts (pipelines, write-back regions, traps) being those since the last refresh, and
//! its frame-time graph at most 60 times a second, each refresh drawing every frame since;
//! only the lines whose text changed and the graph are drawn again, and each row remembers
//! when it was last drawn, so a copy of the panel (a window's read-back buffer or display
//! rows) is brought up to date by the rows it lacks instead of the whole panel.

use std::time::{Duration, Instant};

use gpu::switches::hud_items::HudItem;

use crate::executor::frame_stats::Totals;

use super::panel::{graph_top_px, layout, line_rows, lines, HudFigures, Panel, GRAPH_H_PX};

/// Which panel a copy of it holds: the layout (a change redraws every row) and the
/// version of its newest row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelStamp {
    layout: u64,
    version: u64,
}

/// The last panel drawn, its lines, and the version each row was last drawn at. The panel
/// is kept while the HUD is off, so turning it on again redraws only what changed.
#[derive(Default)]
pub struct PanelCache {
    items: Vec<HudItem>,
    /// When the text and the graph were last drawn.
    text_at: Option<Instant>,
    graph_at: Option<Instant>,
    /// The running totals when the text was last drawn: the counts it shows are those
    /// since, so a compile between two refreshes is not lost.
    totals_at_text: Totals,
    lines: Vec<String>,
    graph: bool,
    panel: Option<Panel>,
    shown: bool,
    layout: u64,
    version: u64,
    row_versions: Vec<u64>,
}

/// How often the text is drawn again.
pub const TEXT_EVERY: Duration = Duration::from_millis(250);
/// How often the frame-time graph is drawn again.
pub const GRAPH_EVERY: Duration = Duration::from_micros(16_667);

impl PanelCache {
    /// Brings the panel up to the figures `figures` gives for `items` at `now`, where its
    /// text or graph is due; `None` when there are no items.
    pub fn update(
        &mut self,
        items: &[HudItem],
        now: Instant,
        figures: impl FnOnce() -> HudFigures,
    ) -> Option<&Panel> {
        self.shown = !items.is_empty();
        if !self.shown {
            return None;
        }
        let due = |at: Option<Instant>, every: Duration| {
            at.is_none_or(|at| now.saturating_duration_since(at) >= every)
        };
        let text_due = self.items != items || due(self.text_at, TEXT_EVERY);
        if !text_due && !due(self.graph_at, GRAPH_EVERY) {
            return self.panel.as_ref();
        }
        let mut figures = figures();
        if text_due {
            self.items = items.to_vec();
            self.text_at = Some(now);
            let total = figures.frames.total;
            let before = self.totals_at_text;
            figures.frames.last_frame = Totals {
                pipelines: total.pipelines.saturating_sub(before.pipelines),
                write_back_regions: total
                    .write_back_regions
                    .saturating_sub(before.write_back_regions),
                traps: total.traps.saturating_sub(before.traps),
            };
            self.totals_at_text = total;
        }
        self.graph_at = Some(now);
        self.draw(items, &figures, text_due)
    }

    /// Draws the graph, and the text where `text_due`, of `figures`.
    fn draw(&mut self, items: &[HudItem], figures: &HudFigures, text_due: bool) -> Option<&Panel> {
        self.version += 1;
        let version = self.version;
        let text = if text_due {
            lines(items, figures)
        } else {
            std::mem::take(&mut self.lines)
        };
        let graph = items.contains(&HudItem::FrameTime);
        let history = &figures.frames.frame_ms_history[..];
        let same_layout = self.panel.as_ref().is_some_and(|panel| {
            self.graph == graph
                && self.lines.len() == text.len()
                && (panel.width_px, panel.height_px) == layout(&text, graph)
        });
        if !same_layout {
            let panel = Panel::drawn(&text, graph.then_some(history));
            self.layout += 1;
            self.row_versions = vec![version; panel.height_px as usize];
            self.panel = Some(panel);
        } else {
            let panel = self.panel.as_mut().expect("checked above");
            let mut drawn = Vec::new();
            for (index, (old, new)) in self.lines.iter().zip(&text).enumerate() {
                if old != new {
                    let rows = line_rows(index);
                    panel.clear_rows(rows.clone());
                    panel.draw_line(index, new);
                    drawn.push(rows);
                }
            }
            if graph {
                let top_px = graph_top_px(text.len());
                let rows = top_px..top_px + GRAPH_H_PX;
                panel.clear_rows(rows.clone());
                panel.draw_graph(top_px, history);
                drawn.push(rows);
            }
            for y in drawn.into_iter().flatten() {
                self.row_versions[y as usize] = version;
            }
        }
        self.lines = text;
        self.graph = graph;
        self.panel.as_ref()
    }

    /// The panel as last drawn; `None` while the HUD is off.
    pub fn panel(&self) -> Option<&Panel> {
        self.panel.as_ref().filter(|_| self.shown)
    }

    /// What a copy of the panel as it is now holds.
    pub fn stamp(&self) -> PanelStamp {
        PanelStamp {
            layout: self.layout,
            version: self.version,
        }
    }

    /// The rows a copy stamped `seen` lacks (every row where it holds no panel or one of
    /// another layout).
    pub fn rows_after(&self, seen: Option<PanelStamp>) -> impl Iterator<Item = u32> + '_ {
        let after = match seen {
            Some(seen) if seen.layout == self.layout => seen.version,
            _ => 0,
        };
        (0..self.row_versions.len() as u32).filter(move |y| self.row_versions[*y as usize] > after)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::hud::render;
    use gpu::switches::hud_items::parse_items;

    /// Random figures, frame after frame: the kept panel is always the one drawn afresh,
    /// and the rows it reports changed cover every row that differs from the last.
    #[test]
    fn the_kept_panel_is_the_fresh_one_and_its_listed_rows_cover_the_changes() {
        let items = parse_items("full").unwrap();
        let mut cache = PanelCache::default();
        let mut previous: Option<Panel> = None;
        let mut stamp = cache.stamp();
        let mut state = 0x9e37_79b9_u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let mut figures = HudFigures::default();
        for frame in 0..300 {
            figures.frames.frames = frame;
            figures.frames.fps = (next() % 2000) as f32 / 10.0;
            figures.frames.frame_ms = (next() % 700) as f32 / 10.0;
            if next() % 4 == 0 {
                figures.cached_images = u64::from(next() % 100_000);
            }
            if next() % 9 == 0 {
                figures.evictions = u64::from(next() % 10);
            }
            figures
                .frames
                .frame_ms_history
                .push((next() % 800) as f32 / 10.0);
            if figures.frames.frame_ms_history.len() > 120 {
                figures.frames.frame_ms_history.remove(0);
            }
            let fresh = render(&items, &figures).unwrap();
            let seen = (frame % 7 != 0).then_some(stamp);
            let kept = cache.draw(&items, &figures, true).unwrap().clone();
            assert_eq!(kept, fresh, "frame {frame}");
            let rows: Vec<u32> = cache.rows_after(seen).collect();
            if let Some(previous) =
                previous.filter(|p| p.width_px == kept.width_px && seen.is_some())
            {
                let row_b = kept.width_px as usize * 4;
                for y in 0..kept.height_px.min(previous.height_px) {
                    let at = y as usize * row_b..(y as usize + 1) * row_b;
                    if previous.rgba8[at.clone()] != kept.rgba8[at] {
                        assert!(
                            rows.contains(&y),
                            "frame {frame}: row {y} changed, not listed"
                        );
                    }
                }
            } else {
                assert_eq!(
                    rows,
                    (0..kept.height_px).collect::<Vec<_>>(),
                    "frame {frame}"
                );
            }
            stamp = cache.stamp();
            // Off for a frame now and then: the panel is kept.
            if frame % 5 == 0 {
                assert!(cache
                    .update(&[], Instant::now(), || unreachable!())
                    .is_none());
                assert!(cache.panel().is_none());
            }
            previous = Some(kept);
        }
    }

    /// The text is drawn again once `TEXT_EVERY` has passed (or the items changed), the
    /// graph once `GRAPH_EVERY` has; between them the panel is left as it is.
    #[test]
    fn text_and_graph_are_drawn_when_due() {
        let items = parse_items("fps,frametime").unwrap();
        let mut cache = PanelCache::default();
        let start = Instant::now();
        let mut figures = HudFigures::default();
        let mut calls = 0;
        // A present `ms` after the start, the figures now saying `fps` (and a bar of it).
        let mut at = |cache: &mut PanelCache, figures: &mut HudFigures, ms: u64, fps: f32| {
            figures.frames.fps = fps;
            figures.frames.frame_ms_history.push(fps);
            let mut asked = false;
            let panel = cache
                .update(&items, start + Duration::from_millis(ms), || {
                    asked = true;
                    figures.clone()
                })
                .cloned();
            calls += usize::from(asked);
            (panel.unwrap(), asked)
        };
        let (first, asked) = at(&mut cache, &mut figures, 0, 10.0);
        assert!(asked);
        assert_eq!(first, render(&items, &figures).unwrap());
        // 5 ms later: nothing due, nothing asked, the panel unchanged.
        let (same, asked) = at(&mut cache, &mut figures, 5, 20.0);
        assert!(!asked);
        assert_eq!(same, first);
        // 20 ms: the graph is due (all three frames' bars), the text is not (FPS 10.0).
        let (graphed, asked) = at(&mut cache, &mut figures, 20, 30.0);
        assert!(asked);
        let mut old_text = figures.clone();
        old_text.frames.fps = 10.0;
        assert_eq!(graphed, render(&items, &old_text).unwrap());
        // 250 ms: the text too.
        let (refreshed, _) = at(&mut cache, &mut figures, 250, 40.0);
        assert_eq!(refreshed, render(&items, &figures).unwrap());
        assert_eq!(calls, 3);
        // Other items: at once.
        let fps_only = parse_items("fps").unwrap();
        let panel = cache
            .update(&fps_only, start + Duration::from_millis(251), || {
                figures.clone()
            })
            .cloned()
            .unwrap();
        assert_eq!(panel, render(&fps_only, &figures).unwrap());
    }
}

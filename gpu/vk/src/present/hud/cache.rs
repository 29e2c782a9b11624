//! The panel kept from one present to the next: only the lines whose text changed and the
//! frame-time graph are drawn again, and the rows drawn since the last upload are
//! remembered, so a present moves a few rows to the GPU instead of the whole panel.

use std::ops::Range;

use gpu::switches::hud_items::HudItem;

use super::panel::{graph_top_px, layout, line_rows, lines, HudFigures, Panel, GRAPH_H_PX};

/// The last panel drawn, its lines, and the rows changed since `take_dirty`.
#[derive(Default)]
pub struct PanelCache {
    lines: Vec<String>,
    graph: bool,
    panel: Option<Panel>,
    dirty: Option<Range<u32>>,
}

impl PanelCache {
    /// Brings the panel up to `figures` for `items`; `None` when there are no items.
    pub fn update(&mut self, items: &[HudItem], figures: &HudFigures) -> Option<&Panel> {
        if items.is_empty() {
            self.panel = None;
            return None;
        }
        let text = lines(items, figures);
        let graph = items.contains(&HudItem::FrameTime);
        let history = &figures.frames.frame_ms_history[..];
        let same_layout = self.panel.as_ref().is_some_and(|panel| {
            self.graph == graph
                && self.lines.len() == text.len()
                && (panel.width_px, panel.height_px) == layout(&text, graph)
        });
        if !same_layout {
            let panel = Panel::drawn(&text, graph.then_some(history));
            self.dirty = Some(0..panel.height_px);
            self.panel = Some(panel);
        } else {
            let panel = self.panel.as_mut().expect("checked above");
            for (index, (old, new)) in self.lines.iter().zip(&text).enumerate() {
                if old != new {
                    let rows = line_rows(index);
                    panel.clear_rows(rows.clone());
                    panel.draw_line(index, new);
                    self.dirty = Some(union(self.dirty.take(), rows));
                }
            }
            if graph {
                let top_px = graph_top_px(text.len());
                let rows = top_px..top_px + GRAPH_H_PX;
                panel.clear_rows(rows.clone());
                panel.draw_graph(top_px, history);
                self.dirty = Some(union(self.dirty.take(), rows));
            }
        }
        self.lines = text;
        self.graph = graph;
        self.panel.as_ref()
    }

    /// The panel as last drawn.
    pub fn panel(&self) -> Option<&Panel> {
        self.panel.as_ref()
    }

    /// The rows drawn since the last call (all of them after a change of layout).
    pub fn take_dirty(&mut self) -> Option<Range<u32>> {
        self.dirty.take()
    }

    /// Marks every row as changed (the copy they were uploaded to is gone).
    pub fn invalidate(&mut self) {
        if let Some(panel) = &self.panel {
            self.dirty = Some(0..panel.height_px);
        }
    }
}

fn union(a: Option<Range<u32>>, b: Range<u32>) -> Range<u32> {
    match a {
        Some(a) => a.start.min(b.start)..a.end.max(b.end),
        None => b,
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
    fn the_kept_panel_is_the_fresh_one_and_its_dirty_rows_cover_the_changes() {
        let items = parse_items("full").unwrap();
        let mut cache = PanelCache::default();
        let mut previous: Option<Panel> = None;
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
            let kept = cache.update(&items, &figures).unwrap().clone();
            assert_eq!(kept, fresh, "frame {frame}");
            let dirty = cache.take_dirty();
            if let Some(previous) = previous.filter(|p| p.width_px == kept.width_px) {
                let row_b = kept.width_px as usize * 4;
                for y in 0..kept.height_px.min(previous.height_px) {
                    let at = y as usize * row_b..(y as usize + 1) * row_b;
                    if previous.rgba8[at.clone()] != kept.rgba8[at] {
                        assert!(
                            dirty.as_ref().is_some_and(|d| d.contains(&y)),
                            "frame {frame}: row {y} changed outside {dirty:?}"
                        );
                    }
                }
            } else {
                assert_eq!(dirty, Some(0..kept.height_px), "frame {frame}");
            }
            previous = Some(kept);
        }
    }
}

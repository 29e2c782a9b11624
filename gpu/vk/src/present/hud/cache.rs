//! The panel kept from one present to the next: only the lines whose text changed and the
//! frame-time graph are drawn again, and each row remembers when it was last drawn, so a
//! copy of the panel (a window's read-back buffer) is brought up to date by the rows it
//! lacks instead of the whole panel.

use gpu::switches::hud_items::HudItem;

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
    lines: Vec<String>,
    graph: bool,
    panel: Option<Panel>,
    shown: bool,
    layout: u64,
    version: u64,
    row_versions: Vec<u64>,
}

impl PanelCache {
    /// Brings the panel up to `figures` for `items`; `None` when there are no items.
    pub fn update(&mut self, items: &[HudItem], figures: &HudFigures) -> Option<&Panel> {
        self.shown = !items.is_empty();
        if !self.shown {
            return None;
        }
        self.version += 1;
        let version = self.version;
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
            let kept = cache.update(&items, &figures).unwrap().clone();
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
                assert!(cache.update(&[], &figures).is_none());
                assert!(cache.panel().is_none());
            }
            previous = Some(kept);
        }
    }
}

//! The HUD's panel: its lines of text from the figures, and its pixels (RGBA8, opaque):
//! a dark background, white text in the built-in font, and under the text, with
//! `frametime`, one bar a frame of the last frames' times (green, red past 33.3 ms).

use gpu::switches::hud_items::HudItem;

use super::font::{glyph, CELL_H_PX, CELL_W_PX, GLYPH_H_PX, GLYPH_W_PX};
use crate::executor::frame_stats::{FrameStats, HISTORY_FRAMES};
use crate::executor::gpu_frame_time::GpuFrameTime;

pub const PADDING_PX: u32 = 4;
pub const GRAPH_H_PX: u32 = 32;
/// The graph's scale: a bar this tall is 2x this many milliseconds.
pub const GRAPH_FULL_MS: f32 = 33.3;
pub const BACKGROUND: [u8; 4] = [16, 16, 16, 255];
pub const TEXT: [u8; 4] = [255, 255, 255, 255];
pub const BAR: [u8; 4] = [64, 224, 64, 255];
pub const SLOW_BAR: [u8; 4] = [240, 64, 64, 255];

/// What the HUD shows, gathered at a present.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HudFigures {
    pub frames: FrameStats,
    pub device_name: String,
    pub image_memory_b: u64,
    pub buffer_memory_b: u64,
    pub texture_in_use_b: u64,
    pub texture_budget_b: u64,
    pub cached_images: u64,
    pub evictions: u64,
}

/// A rendered panel: rows top to bottom, 4 bytes a pixel, no padding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    pub width_px: u32,
    pub height_px: u32,
    pub rgba8: Vec<u8>,
}

fn mib(bytes: u64) -> u64 {
    bytes >> 20
}

/// The panel's lines of text for `items`, in their order.
pub fn lines(items: &[HudItem], figures: &HudFigures) -> Vec<String> {
    let frames = &figures.frames;
    items
        .iter()
        .map(|item| match item {
            HudItem::Fps => format!("FPS {:.1}", frames.fps),
            HudItem::FrameTime => format!("FRAME {:.2} MS", frames.frame_ms),
            HudItem::Gpu => match frames.gpu {
                GpuFrameTime::Measured { ms, .. } => format!("GPU {ms:.2} MS"),
                GpuFrameTime::Pending => "GPU -- MS".to_owned(),
                GpuFrameTime::NoTimestamps => "GPU N/A (NO TIMESTAMPS)".to_owned(),
            },
            HudItem::Memory => format!(
                "MEM {} MIB IMG {} MIB BUF",
                mib(figures.image_memory_b),
                mib(figures.buffer_memory_b)
            ),
            HudItem::Budget => format!(
                "BUDGET {}/{} MIB",
                mib(figures.texture_in_use_b),
                mib(figures.texture_budget_b)
            ),
            HudItem::Cache => format!(
                "CACHE {} IMG {} EVICTED",
                figures.cached_images, figures.evictions
            ),
            HudItem::Pipelines => format!(
                "PIPELINES {} (TOTAL {})",
                frames.last_frame.pipelines, frames.total.pipelines
            ),
            HudItem::WriteBack => {
                format!("WRITEBACK {} REGIONS", frames.last_frame.write_back_regions)
            }
            HudItem::Traps => format!("TRAPS {}", frames.last_frame.traps),
        })
        .collect()
}

/// The panel's size in pixels for `lines` of text, with a graph or without.
pub fn layout(lines: &[String], graph: bool) -> (u32, u32) {
    let text_w_px = lines
        .iter()
        .map(|line| line.chars().count() as u32 * CELL_W_PX)
        .max()
        .unwrap_or(0);
    let graph_w_px = if graph { HISTORY_FRAMES as u32 } else { 0 };
    let width_px = text_w_px.max(graph_w_px) + 2 * PADDING_PX;
    let height_px = graph_top_px(lines.len()) + if graph { GRAPH_H_PX } else { 0 } + PADDING_PX;
    (width_px, height_px)
}

/// The first row of the graph under `line_count` lines of text.
pub fn graph_top_px(line_count: usize) -> u32 {
    PADDING_PX + line_count as u32 * CELL_H_PX
}

/// The rows line `index` of the text covers.
pub fn line_rows(index: usize) -> std::ops::Range<u32> {
    let top_px = PADDING_PX + index as u32 * CELL_H_PX;
    top_px..top_px + CELL_H_PX
}

/// The panel for `items`; `None` when there are none.
pub fn render(items: &[HudItem], figures: &HudFigures) -> Option<Panel> {
    if items.is_empty() {
        return None;
    }
    let text = lines(items, figures);
    let graph = items.contains(&HudItem::FrameTime);
    Some(Panel::drawn(
        &text,
        graph.then_some(&figures.frames.frame_ms_history[..]),
    ))
}

impl Panel {
    /// A panel of `text` and, when given, the graph of those frame times.
    pub fn drawn(text: &[String], graph: Option<&[f32]>) -> Panel {
        let (width_px, height_px) = layout(text, graph.is_some());
        let mut panel = Panel {
            width_px,
            height_px,
            rgba8: BACKGROUND.repeat((width_px * height_px) as usize),
        };
        for (index, line) in text.iter().enumerate() {
            panel.draw_line(index, line);
        }
        if let Some(history) = graph {
            panel.draw_graph(graph_top_px(text.len()), history);
        }
        panel
    }

    /// Fills `rows` with the background.
    pub fn clear_rows(&mut self, rows: std::ops::Range<u32>) {
        let row_b = self.width_px as usize * 4;
        let span = &mut self.rgba8[rows.start as usize * row_b..rows.end as usize * row_b];
        if span.is_empty() {
            return;
        }
        // One pixel, then the filled part copied after itself: a few `memcpy`s.
        span[..4].copy_from_slice(&BACKGROUND);
        let mut filled_b = 4;
        while filled_b < span.len() {
            let n_b = filled_b.min(span.len() - filled_b);
            span.copy_within(..n_b, filled_b);
            filled_b += n_b;
        }
    }

    /// Writes the lit pixels of line `index` (over a background already there).
    pub fn draw_line(&mut self, index: usize, line: &str) {
        let top_px = line_rows(index).start;
        for (column, c) in line.chars().enumerate() {
            let left_px = PADDING_PX + column as u32 * CELL_W_PX;
            for (y, bits) in (0..GLYPH_H_PX).zip(glyph(c)) {
                for x in (0..GLYPH_W_PX).filter(|x| bits & (0x10 >> x) != 0) {
                    self.set(left_px + x, top_px + y, TEXT);
                }
            }
        }
    }

    /// Writes one bar a frame time from the left, bottom-aligned in the graph's rows
    /// (over a background already there).
    pub fn draw_graph(&mut self, graph_top_px: u32, history: &[f32]) {
        let bottom_px = graph_top_px + GRAPH_H_PX;
        for (index, frame_ms) in history.iter().enumerate() {
            let share = (frame_ms / (2.0 * GRAPH_FULL_MS)).clamp(0.0, 1.0);
            let bar_h_px = ((share * GRAPH_H_PX as f32).round() as u32).max(1);
            let colour = if *frame_ms > GRAPH_FULL_MS {
                SLOW_BAR
            } else {
                BAR
            };
            for y in bottom_px - bar_h_px..bottom_px {
                self.set(PADDING_PX + index as u32, y, colour);
            }
        }
    }

    fn set(&mut self, x: u32, y: u32, rgba: [u8; 4]) {
        let at = ((y * self.width_px + x) * 4) as usize;
        self.rgba8[at..at + 4].copy_from_slice(&rgba);
    }

    /// Writes row `y`'s first `out.len() / 4` pixels into `out` in a presentable
    /// `format`'s texel order (RGB10A2 packed, BGRA swapped).
    pub fn write_row_as(&self, format: memory::Format, y: u32, out: &mut [u8]) {
        let start = (y * self.width_px * 4) as usize;
        let row = &self.rgba8[start..start + out.len()];
        match format {
            memory::Format::Bgra8 | memory::Format::Bgra8Srgb => {
                for (to, px) in out.chunks_exact_mut(4).zip(row.chunks_exact(4)) {
                    to.copy_from_slice(&[px[2], px[1], px[0], px[3]]);
                }
            }
            memory::Format::Rgb10A2 => {
                let ten = |byte: u8| (u32::from(byte) * 1023 + 127) / 255;
                for (to, px) in out.chunks_exact_mut(4).zip(row.chunks_exact(4)) {
                    let packed = ten(px[0])
                        | (ten(px[1]) << 10)
                        | (ten(px[2]) << 20)
                        | (u32::from(px[3] / 85) << 30);
                    to.copy_from_slice(&packed.to_le_bytes());
                }
            }
            _ => out.copy_from_slice(row),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gpu_line_says_whether_a_frame_was_measured() {
        let line = |gpu| {
            let mut figures = HudFigures::default();
            figures.frames.gpu = gpu;
            lines(&[HudItem::Gpu], &figures).remove(0)
        };
        assert_eq!(line(GpuFrameTime::Pending), "GPU -- MS");
        assert_eq!(
            line(GpuFrameTime::Measured {
                ms: 1.236,
                frame: 3
            }),
            "GPU 1.24 MS"
        );
        assert_eq!(line(GpuFrameTime::NoTimestamps), "GPU N/A (NO TIMESTAMPS)");
        // Every character of each is in the font.
        for text in [
            line(GpuFrameTime::NoTimestamps),
            line(GpuFrameTime::Pending),
        ] {
            assert!(
                text.chars().all(|c| c == ' ' || glyph(c) != glyph('?')),
                "{text}"
            );
        }
    }
}

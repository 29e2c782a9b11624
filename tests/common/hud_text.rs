//! The HUD's text read back from a presented image: each glyph cell matched against the
//! built-in font, and each cell's pixels against a CPU rendering of the expected line.

use gpu_vk::executor::PresentedImage;
use gpu_vk::present::hud::font::{glyph, lit, CELL_H_PX, CELL_W_PX};
use gpu_vk::present::hud::panel::{BACKGROUND, PADDING_PX, TEXT};

const FONT_CHARS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.:/%-() ";

pub fn pixel(image: &PresentedImage, x: u32, y: u32) -> [u8; 4] {
    let at = ((y * image.width_px + x) * 4) as usize;
    image.rgba8[at..at + 4].try_into().unwrap()
}

/// The character whose glyph the cell at (`left`, `top`) shows, read from its pixels;
/// `None` when no glyph of the font matches.
pub fn read_cell(image: &PresentedImage, left: u32, top: u32) -> Option<char> {
    let mut rows = [0u8; 7];
    for (y, row) in rows.iter_mut().enumerate() {
        for x in 0..5 {
            let on = pixel(image, left + x, top + y as u32) == TEXT;
            *row = (*row << 1) | u8::from(on);
        }
    }
    FONT_CHARS.chars().find(|c| glyph(*c) == rows)
}

/// Checks the panel in `image` against `expected` lines: read back cell by cell, and
/// pixel for pixel against a CPU rendering of the same lines.
pub fn check_text(image: &PresentedImage, expected: &[String]) {
    for (row, line) in expected.iter().enumerate() {
        let top = PADDING_PX + row as u32 * CELL_H_PX;
        let read = read_line(image, row as u32, line.chars().count() as u32);
        assert_eq!(read, line.trim_end(), "line {row} as read back");
        for (column, c) in line.chars().enumerate() {
            let left = PADDING_PX + column as u32 * CELL_W_PX;
            for y in 0..CELL_H_PX {
                for x in 0..CELL_W_PX {
                    let want = if lit(c, x, y) { TEXT } else { BACKGROUND };
                    assert_eq!(pixel(image, left + x, top + y), want, "{c:?} at ({x}, {y})");
                }
            }
        }
    }
}

/// Line `row` of the panel in `image`, `chars` cells read back (`?` for a cell that is no
/// glyph), trailing blanks cut.
pub fn read_line(image: &PresentedImage, row: u32, chars: u32) -> String {
    let top = PADDING_PX + row * CELL_H_PX;
    let read: String = (0..chars)
        .map(|column| read_cell(image, PADDING_PX + column * CELL_W_PX, top).unwrap_or('?'))
        .collect();
    read.trim_end().to_owned()
}

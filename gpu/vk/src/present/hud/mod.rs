//! The on-screen display (`RX_VK_HUD`): the figures of `executor::frame_stats` and the
//! executor's memory, laid out as lines of text in the built-in font (`font`) and a
//! frame-time graph on an opaque panel (`panel`), which the present writes over the top
//! left of the presented image in a transfer pass of its own
//! (`executor::record::hud`). It reads nothing of the game's state.

pub mod cache;
pub mod font;
pub mod panel;

pub use panel::{lines, render, HudFigures, Panel};

//! Presentation: a window's surface and swapchain, the present interval's mode, the HUD
//! drawn into presented frames (read-back snapshots and swapchain images alike), and the
//! capture of what a display was given.

pub mod display_capture;
pub mod hud;
pub mod present_mode;
pub mod swapchain_hud;
pub mod window_surface;

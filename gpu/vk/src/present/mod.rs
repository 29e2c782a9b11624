//! Presentation: a window's surface and swapchain, the present interval's mode, and the
//! HUD drawn into presented frames.

pub mod hud;
pub mod present_mode;
pub mod window_surface;

//! Presentation: a window's surface and swapchain, and the present interval's mode.

pub mod present_mode;
pub mod window_surface;

//! A window: the textures presented to it, acquired and presented in turn.

use crate::ids::{TextureId, WindowId};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowMaker {
    pub textures: Vec<TextureId>,
    /// Vertical blanks between presents (0: do not wait).
    pub present_interval: u8,
}

/// Textures a window may have.
pub const MAX_WINDOW_TEXTURES: usize = 4;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub id: WindowId,
    pub textures: Vec<TextureId>,
    pub present_interval: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AcquiredTexture {
    pub index: u32,
    pub texture: TextureId,
}

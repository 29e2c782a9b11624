//! What a list writes into textures the write-back stores: each pass's colour targets
//! (the whole level when the pass clears, else the bounds of its draws' scissors) and
//! each copy's destination region, as `writeback::WriteTarget`s.

use ash::vk;
use gpu::command::{CopyOp, TextureClear};
use gpu::objects::{ObjectTables, Texture};

use crate::writeback::{Rect, WriteTarget};

use crate::executor::plan::{Load, PassPlan};
use crate::executor::resources::textures::ImageTable;

/// The part of its targets a pass writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct PassBounds {
    /// A clear (load op or in the pass) writes the whole attachment.
    pub whole: bool,
    /// The union of the draws' scissors, in pixels.
    pub drawn: Option<Rect>,
}

impl PassBounds {
    /// A pass that clears or discards a colour target on load writes all of it.
    pub fn from_loads(pass: &PassPlan) -> PassBounds {
        let whole = pass
            .targets
            .colors
            .iter()
            .zip(&pass.color_loads)
            .any(|(view, load)| view.is_some() && !matches!(load, Load::Load));
        PassBounds { whole, drawn: None }
    }

    /// Whether the pass writes its colour targets at all.
    pub fn writes(&self) -> bool {
        self.whole || self.drawn.is_some()
    }

    pub fn add_scissor(&mut self, scissor: vk::Rect2D) {
        let rect = Rect {
            x_el: scissor.offset.x.max(0) as u32,
            y_el: scissor.offset.y.max(0) as u32,
            width_el: scissor.extent.width,
            height_el: scissor.extent.height,
        };
        if rect.is_empty() {
            return;
        }
        self.drawn = Some(self.drawn.map_or(rect, |drawn| drawn.union(rect)));
    }

    /// The pass's writes into storable colour targets.
    pub fn targets(
        &self,
        pass: &PassPlan,
        tables: &ObjectTables,
        images: &ImageTable,
    ) -> Vec<WriteTarget> {
        let mut targets = Vec::new();
        for view in pass.targets.colors.iter().flatten() {
            let Some(view) = tables.views.get(*view) else {
                continue;
            };
            if !images.is_storable(view.texture) {
                continue;
            }
            let Some(texture) = tables.textures.get(view.texture) else {
                continue;
            };
            let rect = if self.whole { None } else { self.drawn };
            if !self.whole && rect.is_none() {
                continue;
            }
            if let Some(target) =
                write_target(texture, view.levels.start, view.layers.clone(), rect)
            {
                targets.push(target);
            }
        }
        targets
    }
}

/// A write of `rect` (the whole level when `None`) into `level` and `layers`, clamped
/// to the level; `None` when nothing of it lies inside.
fn write_target(
    texture: &Texture,
    level: u32,
    layers: std::ops::Range<u32>,
    rect: Option<Rect>,
) -> Option<WriteTarget> {
    let level_layout = texture.layout.level(level).ok()?;
    let (width_el, height_el) = (level_layout.width_el, level_layout.height_el);
    let rect = rect.unwrap_or(Rect {
        x_el: 0,
        y_el: 0,
        width_el,
        height_el,
    });
    let x1_el = (rect.x_el.saturating_add(rect.width_el)).min(width_el);
    let y1_el = (rect.y_el.saturating_add(rect.height_el)).min(height_el);
    if rect.x_el >= x1_el || rect.y_el >= y1_el {
        return None;
    }
    Some(WriteTarget {
        texture: texture.id,
        pool: texture.pool,
        storage_b: texture.storage_range_b(),
        level,
        layers,
        rect: Rect {
            x_el: rect.x_el,
            y_el: rect.y_el,
            width_el: x1_el - rect.x_el,
            height_el: y1_el - rect.y_el,
        },
    })
}

/// What a copy writes into a texture the write-back stores.
pub fn copy_write(
    copy: &CopyOp,
    tables: &ObjectTables,
    images: &ImageTable,
) -> Option<WriteTarget> {
    let destination = match *copy {
        CopyOp::BufferToTexture { destination, .. } => destination,
        CopyOp::TextureToTexture { destination, .. } => destination,
        CopyOp::Resolve { destination, .. } => {
            gpu::command::resolve::resolve_region(tables.textures.get(destination)?)
        }
        CopyOp::TextureToBuffer { .. } | CopyOp::BufferToBuffer { .. } => return None,
    };
    if !images.is_storable(destination.texture) {
        return None;
    }
    let texture = tables.textures.get(destination.texture)?;
    // Admitted textures are uncompressed 2D: pixels are elements, z counts layers.
    write_target(
        texture,
        destination.level,
        destination.z..destination.z + destination.depth,
        Some(Rect {
            x_el: destination.x_px,
            y_el: destination.y_px,
            width_el: destination.width_px,
            height_el: destination.height_px,
        }),
    )
}

/// What a texture clear writes into a texture the write-back stores: its box of the
/// view's first level and layers.
pub fn texture_clear_write(
    clear: &TextureClear,
    tables: &ObjectTables,
    images: &ImageTable,
) -> Option<WriteTarget> {
    let (view, texture) = tables.view_texture(clear.view)?;
    if !images.is_storable(texture.id) {
        return None;
    }
    let first_layer = view.layers.start + clear.z;
    write_target(
        texture,
        view.levels.start,
        first_layer..first_layer + clear.depth,
        Some(Rect {
            x_el: clear.x_px,
            y_el: clear.y_px,
            width_el: clear.width_px,
            height_el: clear.height_px,
        }),
    )
}

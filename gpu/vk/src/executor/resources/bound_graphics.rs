//! What the frame's command buffer holds bound for graphics, kept beside the frame's
//! descriptor sets: recording (`record::draw`) reads and updates it.

use ash::vk;

use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::dynamic_state::DynamicValues;
use crate::executor::prepared::draws::{StencilValues, VertexBuffer};

/// The graphics state the command buffer's last draw bound, so the next draw records
/// only what differs: consecutive draws mostly share pipeline, vertex buffers, viewport,
/// scissor and blend constants, and every command recorded costs again when the
/// buffer is reset. Forgotten when other work binds graphics state (masked clears) and
/// when the frame is reset (a frame records one list).
#[derive(Debug, Default)]
pub struct BoundGraphics {
    /// The shape (of the list being recorded) the last draw bound in full.
    pub(in crate::executor) shape: Option<u32>,
    /// The shape bound in full before repeats moved these parts of it (`ShapeMove`);
    /// `shape` is then `None`.
    pub(in crate::executor) moved_from: Option<(u32, MovedParts)>,
    pub(in crate::executor) pipeline: Option<vk::Pipeline>,
    pub(in crate::executor) vertex_buffers: Vec<VertexBuffer>,
    pub(in crate::executor) index: Option<(vk::Buffer, u64, vk::IndexType)>,
    pub(in crate::executor) viewport: Option<vk::Viewport>,
    pub(in crate::executor) scissor: Option<vk::Rect2D>,
    pub(in crate::executor) blend_constant: Option<[f32; 4]>,
    pub(in crate::executor) stencil: Option<StencilValues>,
    /// The rest of the dynamic state (`pipelines::dynamic_state`).
    pub(in crate::executor) dynamic: Option<DynamicValues>,
    /// The pipeline layout, sets and dynamic offsets last bound.
    pub(in crate::executor) descriptor_layout: Option<vk::PipelineLayout>,
    pub(in crate::executor) sets: Vec<vk::DescriptorSet>,
    pub(in crate::executor) offsets: Vec<u32>,
    /// The list's descriptors (`PreparedDraws::descriptors`) the sets bound hold: a draw
    /// sharing them (`PreparedDraw::same_sets`) after a shape of other dynamic values
    /// moves the offsets alone.
    pub(in crate::executor) descriptors: Option<std::ops::Range<u32>>,
    /// The layout and bindless handle words last pushed.
    pub(in crate::executor) handle_layout: Option<vk::PipelineLayout>,
    pub(in crate::executor) handles: Vec<u32>,
}

impl BoundGraphics {
    pub fn forget(&mut self) {
        *self = BoundGraphics::default();
    }

    /// Repeats moved `parts` of the shape bound (`record::draw`'s moves): it is held but
    /// for them.
    pub fn note_moves(&mut self, parts: MovedParts) {
        match (self.shape.take(), &mut self.moved_from) {
            (Some(shape), _) => self.moved_from = Some((shape, parts)),
            (None, Some((_, moved))) => *moved = moved.with(parts),
            (None, None) => {}
        }
    }

    /// Whether what is bound is shape `from` but for (at most) `parts`.
    pub fn holds_but(&self, from: u32, parts: MovedParts) -> bool {
        match (self.shape, self.moved_from) {
            (Some(shape), _) => shape == from,
            (None, Some((shape, moved))) => shape == from && parts.covers(moved),
            (None, None) => false,
        }
    }

    /// The next bindless draw pushes its handle words whatever was pushed before.
    pub fn forget_pushed(&mut self) {
        self.handle_layout = None;
    }
}

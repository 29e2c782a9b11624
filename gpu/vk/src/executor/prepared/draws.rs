//! A list's prepared draws, as preparation (`prepare::draw`, `prepare::repeat`) leaves
//! them and recording (`record::draw`) reads them.
//!
//! A list's draws are kept flat: what consecutive draws share (pipeline, buffers,
//! viewport...) is one `DrawShape`, descriptors lie in one array, and a draw is a few
//! indices into them. A draw after one with the same program, state, pass and bindings
//! but for moved uniform or storage offsets (a game's per-object constants) is made from
//! the one before by patching those offsets (`DrawMemo`), without resolving anything.

use std::ops::Range;
use std::sync::Arc;

use ash::vk;
use gpu::command::Op;
use gpu::{PoolId, SamplerId, TextureId};

use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::dynamic_state::DynamicValues;
use crate::executor::pipelines::graphics::PipelineId;
use crate::executor::pipelines::graphics_state::BoundPatches;

use super::bindless_list::{DrawHandles, ListTables};
use super::copy::PoolWrite;
use super::descriptors::{Descriptor, Resolved};
use super::memo::DrawMemo;

#[derive(Clone, Debug)]
pub enum DrawCall {
    /// `vkCmdDraw` or `vkCmdDrawIndexed`.
    Direct(DirectCall),
    Indirect {
        buffer: vk::Buffer,
        offset_b: u64,
        draw_count: u32,
        stride_b: u32,
        indexed: bool,
    },
    /// A kind the driver lacks drawn from made indices: positions into the draw's
    /// vertices, or (for an indexed draw) the game's indices rearranged.
    Converted {
        indices: Vec<u32>,
        /// Added to every index: the first vertex, or the base vertex.
        vertex_offset: i32,
        first_instance: u32,
        instance_count: u32,
    },
}

/// (binding, buffer, offset) of a vertex stream.
pub type VertexBuffer = (u32, vk::Buffer, u64);

/// What a run of draws shares and binds once.
#[derive(Clone, Debug)]
pub struct DrawShape {
    pub key: PipelineId,
    pub pipeline: vk::Pipeline,
    pub layout: vk::PipelineLayout,
    pub set_layouts: Arc<[vk::DescriptorSetLayout]>,
    /// The stages given the draw's bindless texture handles in push constants (empty on
    /// the per-slot path).
    pub handle_stages: vk::ShaderStageFlags,
    /// Each vertex stream the pipeline reads.
    /// Shared: a shape made again for other dynamic values (`prepare::dynamic_shape`)
    /// keeps its buffers without a copy.
    pub vertex_buffers: Arc<[VertexBuffer]>,
    pub index: Option<(vk::Buffer, u64, vk::IndexType)>,
    pub viewport: vk::Viewport,
    pub scissor: vk::Rect2D,
    pub blend_constant: [f32; 4],
    /// Dynamic: the stencil reference, compare mask and write mask of front, then back.
    pub stencil: StencilValues,
    /// Viewports and scissors 1-15, for a pipeline whose shaders choose among them
    /// (`gl_ViewportIndex`); `None` for the others, which use 0 alone.
    pub more_viewports: Option<MoreViewports>,
    /// The rest of the state pipelines take dynamically (`pipelines::dynamic_state`).
    pub dynamic: DynamicValues,
    /// The shape this one was made from with some parts taken again from the state
    /// (`prepare::dynamic_shape`), and those parts: recording after a draw of that shape
    /// sets those alone. Not compared by `same_as`.
    pub restyled_from: Option<(u32, MovedParts)>,
}

/// Viewports and scissors 1-15 in Vulkan's framebuffer coordinates.
#[derive(Clone, Debug)]
pub struct MoreViewports {
    pub viewports: Box<[vk::Viewport]>,
    pub scissors: Box<[vk::Rect2D]>,
}

impl MoreViewports {
    fn same_as(&self, other: &MoreViewports) -> bool {
        self.scissors == other.scissors
            && self.viewports.len() == other.viewports.len()
            && self
                .viewports
                .iter()
                .zip(other.viewports.iter())
                .all(|(a, b)| viewport_values(a) == viewport_values(b))
    }
}

fn viewport_values(v: &vk::Viewport) -> [f32; 6] {
    [v.x, v.y, v.width, v.height, v.min_depth, v.max_depth]
}

/// `[reference, compare mask, write mask]` of the front face, then the back face.
pub type StencilValues = [[u8; 3]; 2];

impl DrawShape {
    pub fn same_as(&self, other: &DrawShape) -> bool {
        let viewport = viewport_values;
        let more_viewports = match (&self.more_viewports, &other.more_viewports) {
            (None, None) => true,
            (Some(a), Some(b)) => a.same_as(b),
            _ => false,
        };
        self.key == other.key
            && self.pipeline == other.pipeline
            && self.layout == other.layout
            && self.vertex_buffers == other.vertex_buffers
            && self.index == other.index
            && viewport(&self.viewport) == viewport(&other.viewport)
            && self.scissor == other.scissor
            && self.blend_constant == other.blend_constant
            && self.stencil == other.stencil
            && self.dynamic == other.dynamic
            && more_viewports
    }
}

/// A prepared draw: indices into its list's `PreparedDraws`.
#[derive(Clone, Debug)]
pub struct PreparedDraw {
    /// Into `PreparedDraws::shapes`.
    pub shape: u32,
    /// Into `PreparedDraws::descriptors`, in (set, binding) order. A draw with
    /// `same_sets` shares the draw before's, whose buffer offsets may be older.
    pub descriptors: Range<u32>,
    /// The draw's sets hold what the draw before's do (same shape, and only dynamic
    /// offsets moved): recording binds those sets with these dynamic offsets (into
    /// `PreparedDraws::dynamic_offsets`, in (set, binding) order).
    pub same_sets: bool,
    pub offsets: Range<u32>,
    /// The bindless table and handle words of its textures (none on the per-slot path).
    pub handles: DrawHandles,
    pub call: DrawCall,
    /// Draws made from this one by moving dynamic offsets alone (`prepare::repeat`), recorded
    /// right after it: into `PreparedDraws::repeats` (set by `PreparedDraws::push`).
    pub repeats: Range<u32>,
}

/// A draw recorded as the draw before it but for its dynamic offsets, the moves of its
/// shape's dynamic parts before it, and its call.
#[derive(Clone, Copy, Debug)]
pub struct RepeatedDraw {
    /// Into `PreparedDraws::dynamic_offsets`.
    pub offsets_start: u32,
    pub offsets_end: u32,
    /// Into `PreparedDraws::moves`: recorded before the call (empty for most repeats).
    pub moves_start: u32,
    pub moves_end: u32,
    pub call: DirectCall,
}

/// A part of the shape bound that a repeat moves before its call, beside the shape it
/// shares (`prepare::repeat_moves`): a scissor change costs its own 20 bytes, not a copy
/// of the shape.
#[derive(Clone, Copy, Debug)]
pub enum ShapeMove {
    Viewport(vk::Viewport),
    Scissor(vk::Rect2D),
    BlendConstant([f32; 4]),
    Stencil(StencilValues),
    /// Into `PreparedDraws::moved_values`: the other dynamic values, whole.
    Dynamic(u32),
}

/// The call of a direct draw: `vkCmdDraw` (`indexed` false: `first` and `count` are
/// vertices, `base_vertex` is unused) or `vkCmdDrawIndexed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectCall {
    pub indexed: bool,
    pub first: u32,
    pub count: u32,
    pub base_vertex: i32,
    pub first_instance: u32,
    pub instance_count: u32,
}

/// A list's prepared draws in op order, and what they use, each once. Kept between
/// submissions (`reset`), so a frame of thousands of draws allocates nothing.
#[derive(Debug, Default)]
pub struct PreparedDraws {
    ops: Vec<usize>,
    draws: Vec<PreparedDraw>,
    pub repeats: Vec<RepeatedDraw>,
    /// The moves of repeats (`RepeatedDraw::moves_start`), and the dynamic values they
    /// set (`ShapeMove::Dynamic`).
    pub moves: Vec<ShapeMove>,
    pub moved_values: Vec<DynamicValues>,
    /// The last draw pushed is in the span being prepared: a repeat of it joins its
    /// `repeats` (draws of another span are recorded apart, in their place).
    run_open: bool,
    pub shapes: Vec<DrawShape>,
    pub descriptors: Vec<Descriptor>,
    pub dynamic_offsets: Vec<u32>,
    pub pipelines: Vec<PipelineId>,
    pub pools: Vec<PoolId>,
    pub samplers: Vec<SamplerId>,
    /// Sampled and stored textures (repeats possible), and those stored to.
    pub textures: Vec<TextureId>,
    pub images_written: Vec<TextureId>,
    /// Storage buffer ranges the draws may write.
    pub writes: Vec<PoolWrite>,
    /// What the bindless draws put in the frame's texture tables.
    pub bindless: ListTables,
    /// The draw the next may repeat (`prepare::repeat`).
    pub(in crate::executor) memo: Option<DrawMemo>,
    /// Reused by each resolution.
    pub(in crate::executor) scratch: Resolved,
    pub(in crate::executor) pairs: Vec<(vk::ImageView, vk::Sampler)>,
    /// Reused for each draw's shader patches (`prepare::patches`).
    pub(in crate::executor) patches: BoundPatches,
}

/// Adds `item` to `set` unless it holds it (sets of a list's pools and pipelines are few).
pub fn add_once<T: PartialEq + Copy>(set: &mut Vec<T>, item: T) {
    if !set.contains(&item) {
        set.push(item);
    }
}

impl PreparedDraws {
    /// Empty for a new list, keeping the room.
    pub fn reset(&mut self) {
        self.ops.clear();
        self.draws.clear();
        self.repeats.clear();
        self.moves.clear();
        self.moved_values.clear();
        self.run_open = false;
        self.shapes.clear();
        self.descriptors.clear();
        self.dynamic_offsets.clear();
        self.pipelines.clear();
        self.pools.clear();
        self.samplers.clear();
        self.textures.clear();
        self.images_written.clear();
        self.writes.clear();
        self.bindless.reset();
        self.memo = None;
    }

    /// Adds the draw of op `index`, after every draw added so far.
    pub(in crate::executor) fn push(&mut self, index: usize, mut draw: PreparedDraw) {
        debug_assert!(self.ops.last().is_none_or(|&last| last < index));
        let at = self.repeats.len() as u32;
        draw.repeats = at..at;
        self.ops.push(index);
        self.draws.push(draw);
        self.run_open = true;
    }

    /// A span's preparation starts: its draws are recorded apart from those before.
    pub fn start_span(&mut self) {
        self.run_open = false;
    }

    /// Whether the last draw pushed is in the span being prepared (repeats may join it).
    pub fn run_open(&self) -> bool {
        self.run_open && !self.draws.is_empty()
    }

    /// Whether the last draw pushed has this shape and these descriptors.
    pub(in crate::executor) fn last_is(&self, shape: u32, descriptors: &Range<u32>) -> bool {
        self.draws
            .last()
            .is_some_and(|draw| draw.shape == shape && draw.descriptors == *descriptors)
    }

    /// The repeats added since the last draw was pushed join it (`prepare::repeat`).
    pub(in crate::executor) fn joined_repeats(&mut self) {
        let end = self.repeats.len() as u32;
        if let Some(draw) = self.draws.last_mut() {
            draw.repeats.end = end;
        }
    }

    /// The draws pushed, repeats not counted (they share their draw's pipeline).
    pub fn draw_count(&self) -> usize {
        self.draws.len()
    }

    /// The pipeline of each draw pushed from the `from`th on, in order.
    pub fn pipelines_from(&self, from: usize) -> Vec<vk::Pipeline> {
        self.draws
            .get(from..)
            .unwrap_or_default()
            .iter()
            .map(|draw| self.shape(draw).pipeline)
            .collect()
    }

    /// Every draw, repeats included.
    pub fn len(&self) -> usize {
        self.draws.len() + self.repeats.len()
    }

    /// The repeats recorded right after `draw`.
    pub fn repeats_of(&self, draw: &PreparedDraw) -> &[RepeatedDraw] {
        &self.repeats[draw.repeats.start as usize..draw.repeats.end as usize]
    }

    pub fn shape(&self, draw: &PreparedDraw) -> &DrawShape {
        &self.shapes[draw.shape as usize]
    }

    pub fn descriptors(&self, draw: &PreparedDraw) -> &[Descriptor] {
        &self.descriptors[draw.descriptors.start as usize..draw.descriptors.end as usize]
    }

    /// The dynamic offsets of a draw with `same_sets`.
    pub fn dynamic_offsets(&self, draw: &PreparedDraw) -> &[u32] {
        &self.dynamic_offsets[draw.offsets.start as usize..draw.offsets.end as usize]
    }

    /// The shape index and scissor of the draw added last.
    pub fn last_shape(&self) -> Option<(u32, vk::Rect2D)> {
        self.draws
            .last()
            .map(|draw| (draw.shape, self.shape(draw).scissor))
    }

    /// The draws whose ops lie in `first..end` (a span recorded away from its place, by
    /// the deferred pass merge).
    pub fn span_of(&self, first: usize, end: usize) -> &[PreparedDraw] {
        let from = self.ops.partition_point(|&op| op < first);
        self.span(from, end)
    }

    /// Whether the draw added last reads its textures through the bindless table.
    pub fn last_bindless(&self) -> bool {
        self.draws
            .last()
            .is_some_and(|draw| !self.shape(draw).handle_stages.is_empty())
    }

    /// The draws from the `from`th (in op order) whose ops come before op `end`: a span's
    /// draws, recorded in one loop.
    pub fn span(&self, from: usize, end: usize) -> &[PreparedDraw] {
        let count = self.ops[from..].partition_point(|&op| op < end);
        &self.draws[from..from + count]
    }
}

/// The call of a direct (not indirect, not converted) draw op.
pub fn direct_call(op: &Op) -> Option<DirectCall> {
    match *op {
        Op::Draw(draw) => Some(DirectCall {
            indexed: false,
            first: draw.first_vertex,
            count: draw.vertex_count,
            base_vertex: 0,
            first_instance: draw.first_instance,
            instance_count: draw.instance_count,
        }),
        Op::DrawIndexed(draw) => Some(DirectCall {
            indexed: true,
            first: draw.first_index,
            count: draw.index_count,
            base_vertex: draw.base_vertex,
            first_instance: draw.first_instance,
            instance_count: draw.instance_count,
        }),
        _ => None,
    }
}

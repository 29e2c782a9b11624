//! Preparing draws inside a pass: the bound graphics program's pipeline for the current
//! state and the pass's formats, its buffer slots, vertex and index buffers, viewport and
//! scissor, and what the draw reads. Recording them is `draw_record`.
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
use gpu::objects::{ObjectTables, TextureHandle};
use gpu::state::{PrimitiveKind, MAX_VERTEX_STREAMS};
use gpu::{BufferId, PoolId, ProgramId, SamplerId, TextureId};
use shader_translate::{nvn_slot, HostBinding};

use crate::device::Device;
use crate::error::{VkError, VkResult};

use super::bindings::Bindings;
use super::bindless_list::{DrawHandles, ListTables};
use super::buffer_reads::{descriptor_reads, note_read, note_stream_reads, PoolRead};
use super::copy::PoolWrite;
use super::graphics::{GraphicsPipelines, PipelineId};
use super::graphics_conv;
use super::graphics_state::GraphicsState;
use super::layout::is_dynamic;
use super::passes::{full_viewport, render_area, PassTargets};
use super::pools::PoolTable;
use super::repeat::DrawMemo;
use super::slots::{
    checked_buffer_range, dynamic_base_b, BufferSource, Descriptor, Resolved, Resource, SlotContext,
};
use crate::writeback::PendingWrites;

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

/// The most vertices (or indices) a converted draw takes: its made indices (at most three
/// times as many, 4 bytes each) stay within 48 MiB of the frame's index arena.
const MAX_CONVERTED_VERTICES: u32 = 1 << 22;

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
    pub vertex_buffers: Box<[VertexBuffer]>,
    pub index: Option<(vk::Buffer, u64, vk::IndexType)>,
    pub viewport: vk::Viewport,
    pub scissor: vk::Rect2D,
    pub blend_constant: [f32; 4],
}

impl DrawShape {
    fn same_as(&self, other: &DrawShape) -> bool {
        let viewport = |v: &vk::Viewport| [v.x, v.y, v.width, v.height, v.min_depth, v.max_depth];
        self.key == other.key
            && self.pipeline == other.pipeline
            && self.layout == other.layout
            && self.vertex_buffers == other.vertex_buffers
            && self.index == other.index
            && viewport(&self.viewport) == viewport(&other.viewport)
            && self.scissor == other.scissor
            && self.blend_constant == other.blend_constant
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
    /// Draws made from this one by moving dynamic offsets alone (`repeat`), recorded
    /// right after it: into `PreparedDraws::repeats` (set by `PreparedDraws::push`).
    pub repeats: Range<u32>,
}

/// A draw recorded as the draw before it but for its dynamic offsets and its call.
#[derive(Clone, Copy, Debug)]
pub struct RepeatedDraw {
    /// Into `PreparedDraws::dynamic_offsets`.
    pub offsets_start: u32,
    pub offsets_end: u32,
    pub call: DirectCall,
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
    /// The draw the next may repeat (`repeat`).
    pub(super) memo: Option<DrawMemo>,
    /// Reused by each resolution.
    scratch: Resolved,
    pairs: Vec<(vk::ImageView, vk::Sampler)>,
}

/// Adds `item` to `set` unless it holds it (sets of a list's pools and pipelines are few).
fn add_once<T: PartialEq + Copy>(set: &mut Vec<T>, item: T) {
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
    pub(super) fn push(&mut self, index: usize, mut draw: PreparedDraw) {
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
    pub(super) fn last_is(&self, shape: u32, descriptors: &Range<u32>) -> bool {
        self.draws
            .last()
            .is_some_and(|draw| draw.shape == shape && draw.descriptors == *descriptors)
    }

    /// The repeats added since the last draw was pushed join it (`repeat`).
    pub(super) fn joined_repeats(&mut self) {
        let end = self.repeats.len() as u32;
        if let Some(draw) = self.draws.last_mut() {
            draw.repeats.end = end;
        }
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

    /// The draws from the `from`th (in op order) whose ops come before op `end`: a span's
    /// draws, recorded in one loop.
    pub fn span(&self, from: usize, end: usize) -> &[PreparedDraw] {
        let count = self.ops[from..].partition_point(|&op| op < end);
        &self.draws[from..from + count]
    }
}

/// The pool buffer and absolute offset of `offset_b` into a buffer object; notes its pool.
fn pool_buffer(
    tables: &ObjectTables,
    pools: &PoolTable,
    used: &mut Vec<PoolId>,
    buffer: BufferId,
    offset_b: u64,
) -> VkResult<(vk::Buffer, u64)> {
    let object = tables
        .buffers
        .get(buffer)
        .ok_or_else(|| VkError::UnknownObject(buffer.into()))?;
    add_once(used, object.pool);
    Ok((
        pools.get(object.pool)?.buffer.raw,
        object.offset_b + offset_b,
    ))
}

/// Where a draw is prepared: the list's bindings and state at the draw, and its pass.
pub struct DrawSite<'a> {
    pub bindings: &'a Bindings,
    pub state: &'a GraphicsState,
    pub targets: &'a PassTargets,
    pub pass: usize,
    /// The draw's op and its index in the list.
    pub op: &'a Op,
    pub index: usize,
    /// Pool ranges the list's work before the draw may write on the GPU: copies,
    /// dispatches, the storage of textures its passes, copies and dispatches write.
    pub list_writes: &'a [PoolWrite],
    /// Drawn texels whose store into storage is deferred (`RX_VK_STORE_HOT`).
    pub waiting: &'a PendingWrites,
}

/// Prepares the draw at `site` into `draws`, and notes what it reads in `reads` (its
/// pass's reads).
pub fn prepare_draw(
    context: &mut SlotContext<'_>,
    pipelines: &mut GraphicsPipelines,
    site: &DrawSite<'_>,
    draws: &mut PreparedDraws,
    reads: &mut Vec<PoolRead>,
) -> VkResult<()> {
    let program = site
        .bindings
        .graphics_program
        .ok_or_else(|| VkError::Unsupported("a draw with no graphics program bound".into()))?;
    let (primitive, indexed) = match site.op {
        Op::Draw(draw) => (draw.primitive, false),
        Op::DrawIndexed(draw) => (draw.primitive, true),
        Op::DrawIndirect(draw) => (draw.primitive, draw.indexed),
        _ => unreachable!("prepare_draw is called for draws"),
    };
    if let Some(mut memo) = draws.memo.take() {
        let repeats = memo.program == program
            && memo.state_version == pipelines.state_version()
            && memo.bindings_version == site.bindings.version
            && memo.pass == site.pass
            && memo.primitive == primitive
            && memo.indexed == indexed
            && !matches!(site.op, Op::DrawIndirect(_));
        let capacity = pipelines.bindless_capacity();
        let repeated = repeats
            .then(|| repeat_draw(context, &mut memo, site, capacity, draws, reads))
            .transpose();
        draws.memo = Some(memo);
        if let Some(draw) = repeated?.flatten() {
            draws.push(site.index, draw);
            return Ok(());
        }
    }
    resolve_draw(context, pipelines, site, program, primitive, draws, reads)
}

/// Where a memo descriptor's buffer range moved to with the bindings at `site`: (pool
/// offset, range); `None` when its binding is gone.
fn moved_range(
    device: &Device,
    site: &DrawSite<'_>,
    source: BufferSource,
    offset_b: u64,
    range_b: u64,
) -> VkResult<Option<(u64, u64)>> {
    let (stage, slot) = (usize::from(source.stage), usize::from(source.slot));
    let bound = if source.storage {
        site.bindings.storage[stage][slot]
    } else {
        site.bindings.uniform[stage][slot]
    };
    let Some(bound) = bound else {
        return Ok(None);
    };
    let moved_b = source.base_b + bound.offset_b;
    if moved_b == offset_b {
        return Ok(Some((offset_b, range_b)));
    }
    let range_b = checked_buffer_range(&device.caps, source.storage, moved_b, bound.size_b)?;
    Ok(Some((moved_b, range_b)))
}

/// The draw at `site` made from the memo's draw by moving its uniform and storage
/// offsets to where the bindings now are, and resolving its textures again when a texture
/// handle was replaced; `None` when a binding it needs is gone. While only dynamic
/// offsets move (within the 4 GiB base their sets hold), the draw shares the memo's
/// descriptors and carries its dynamic offsets alone; otherwise it gets a patched copy of
/// the descriptors (and new sets, or bindless handles, when recorded).
fn repeat_draw(
    context: &mut SlotContext<'_>,
    memo: &mut DrawMemo,
    site: &DrawSite<'_>,
    bindless_capacity: Option<(u32, u32)>,
    draws: &mut PreparedDraws,
    reads: &mut Vec<PoolRead>,
) -> VkResult<Option<PreparedDraw>> {
    let device = context.device;
    let memo_range = memo.descriptors.start as usize..memo.descriptors.end as usize;
    let (offsets_start, writes_start) = (draws.dynamic_offsets.len(), draws.writes.len());
    let textures_moved = memo.textures_version != site.bindings.textures_version;
    let bindless = !draws.shapes[memo.shape as usize].handle_stages.is_empty();
    // On the bindless path textures are handle words: the sets do not hold them.
    let memo_table = memo.handles.table;
    if textures_moved && bindless {
        let capacity = bindless_capacity.expect("bindless shapes come with a table");
        memo.handles = bindless_handles(context, site, memo_range.clone(), capacity, draws)?;
        memo.textures_version = site.bindings.textures_version;
    }
    let handles = memo.handles.clone();
    let mut same_sets = (bindless || !textures_moved) && handles.table == memo_table;
    for at in memo_range.clone() {
        let descriptor = draws.descriptors[at];
        let (
            Some(source),
            Resource::Buffer {
                offset_b, range_b, ..
            },
        ) = (descriptor.source, descriptor.resource)
        else {
            continue;
        };
        let Some((moved_b, moved_range_b)) = moved_range(device, site, source, offset_b, range_b)?
        else {
            draws.dynamic_offsets.truncate(offsets_start);
            draws.writes.truncate(writes_start);
            return Ok(None);
        };
        if is_dynamic(descriptor.ty) {
            // The set holds the 4 GiB base of the offset it was written with.
            let base_b = dynamic_base_b(offset_b);
            if dynamic_base_b(moved_b) == base_b {
                draws.dynamic_offsets.push((moved_b - base_b) as u32);
            } else {
                same_sets = false;
            }
        } else {
            same_sets &= moved_b == offset_b;
        }
        let range = moved_b..moved_b.saturating_add(moved_range_b);
        if source.storage {
            draws.writes.push((source.pool, range.start, moved_range_b));
        }
        note_read(reads, (source.pool, range));
    }
    let call = DrawCall::Direct(direct_call(site.op).expect("only direct draws repeat"));
    if same_sets {
        let offsets = offsets_start as u32..draws.dynamic_offsets.len() as u32;
        return Ok(Some(PreparedDraw {
            shape: memo.shape,
            descriptors: memo.descriptors.clone(),
            offsets,
            same_sets,
            handles,
            call,
            repeats: 0..0,
        }));
    }
    // A set's contents change: a copy with the moved ranges (checked above).
    draws.dynamic_offsets.truncate(offsets_start);
    let start = draws.descriptors.len();
    draws.descriptors.extend_from_within(memo_range);
    let mut scratch = std::mem::take(&mut draws.scratch);
    scratch.clear();
    for descriptor in &mut draws.descriptors[start..] {
        match (descriptor.source, &mut descriptor.resource) {
            (
                Some(source),
                Resource::Buffer {
                    offset_b, range_b, ..
                },
            ) => {
                if let Some((moved_b, moved_range_b)) =
                    moved_range(device, site, source, *offset_b, *range_b)?
                {
                    (*offset_b, *range_b) = (moved_b, moved_range_b);
                }
            }
            (_, resource @ Resource::Texture { .. }) if textures_moved && !bindless => {
                let handle = bound_texture(
                    descriptor.set,
                    descriptor.binding,
                    descriptor.element,
                    site.bindings,
                );
                *resource = context.texture(handle, site.bindings, &mut scratch)?;
            }
            _ => {}
        }
    }
    draws.textures.extend(&scratch.textures);
    for &sampler in &scratch.samplers {
        add_once(&mut draws.samplers, sampler);
    }
    draws.scratch = scratch;
    let descriptors = start as u32..draws.descriptors.len() as u32;
    memo.descriptors = descriptors.clone();
    memo.textures_version = site.bindings.textures_version;
    memo.note_moving(&draws.descriptors);
    Ok(Some(PreparedDraw {
        shape: memo.shape,
        descriptors,
        offsets: 0..0,
        same_sets,
        handles,
        call,
        repeats: 0..0,
    }))
}

/// The texture handle now bound at the slot of the texture descriptor at (`set`,
/// `binding`, `element`): an array's element `i` is its first slot plus `i`.
fn bound_texture(set: u32, binding: u32, element: u32, bindings: &Bindings) -> TextureHandle {
    let (stage, _, first_slot) =
        nvn_slot(HostBinding { set, binding }).expect("texture descriptors sit at host bindings");
    let slot = first_slot + element;
    bindings.textures[stage.index() as usize][slot as usize]
        .expect("a replaced handle leaves the slot bound")
}

/// The handle words of the texture descriptors in `range` of `draws.descriptors`, each
/// resolved again through the bindings at `site` (the textures made resident and noted).
fn bindless_handles(
    context: &mut SlotContext<'_>,
    site: &DrawSite<'_>,
    range: Range<usize>,
    capacity: (u32, u32),
    draws: &mut PreparedDraws,
) -> VkResult<DrawHandles> {
    let mut scratch = std::mem::take(&mut draws.scratch);
    scratch.clear();
    let mut pairs = std::mem::take(&mut draws.pairs);
    pairs.clear();
    for descriptor in &draws.descriptors[range] {
        if !matches!(descriptor.resource, Resource::Texture { .. }) {
            continue;
        }
        let handle = bound_texture(
            descriptor.set,
            descriptor.binding,
            descriptor.element,
            site.bindings,
        );
        match context.texture(handle, site.bindings, &mut scratch) {
            Ok(Resource::Texture { view, sampler }) => pairs.push((view, sampler)),
            Ok(_) => unreachable!("a texture resolves to a texture"),
            Err(error) => {
                draws.scratch = scratch;
                draws.pairs = pairs;
                return Err(error);
            }
        }
    }
    draws.textures.extend(&scratch.textures);
    for &sampler in &scratch.samplers {
        add_once(&mut draws.samplers, sampler);
    }
    let handles = draws.bindless.add(&pairs, capacity);
    draws.scratch = scratch;
    draws.pairs = pairs;
    handles
}

/// The handle words of a resolved draw's textures (in slot order, as the rewritten
/// shaders number them).
fn resolved_handles(
    descriptors: &[Descriptor],
    capacity: (u32, u32),
    draws: &mut PreparedDraws,
) -> VkResult<DrawHandles> {
    let mut pairs = std::mem::take(&mut draws.pairs);
    pairs.clear();
    pairs.extend(
        descriptors
            .iter()
            .filter_map(|descriptor| match descriptor.resource {
                Resource::Texture { view, sampler } => Some((view, sampler)),
                _ => None,
            }),
    );
    let handles = draws.bindless.add(&pairs, capacity);
    draws.pairs = pairs;
    handles
}

/// Resolves the draw at `site` in full: pipeline, slots, buffers, viewport and scissor.
fn resolve_draw(
    context: &mut SlotContext<'_>,
    pipelines: &mut GraphicsPipelines,
    site: &DrawSite<'_>,
    program_id: ProgramId,
    primitive: PrimitiveKind,
    draws: &mut PreparedDraws,
    reads: &mut Vec<PoolRead>,
) -> VkResult<()> {
    let (device, tables) = (context.device, context.tables);
    let (bindings, state, op) = (site.bindings, site.state, site.op);
    let program = tables
        .programs
        .get(program_id)
        .ok_or_else(|| VkError::UnknownObject(program_id.into()))?;
    // Kinds without a Vulkan topology (and fans on portability drivers) are drawn as
    // the kind they convert to, from indices the executor makes.
    let converts = graphics_conv::topology(primitive).is_none()
        || (primitive == PrimitiveKind::TriangleFan && device.caps.portability_subset);
    let drawn = match primitive.converted_kind() {
        Some(kind) if converts => kind,
        _ => primitive,
    };
    let converted_count = match op {
        Op::Draw(draw) => draw.vertex_count,
        Op::DrawIndexed(draw) => draw.index_count,
        _ => 0,
    };
    if converts && converted_count > MAX_CONVERTED_VERTICES {
        return Err(VkError::Unsupported(format!(
            "a draw of {converted_count} {primitive:?} vertices (converted on the CPU, at most \
             {MAX_CONVERTED_VERTICES})"
        )));
    }
    if converts && matches!(op, Op::DrawIndirect(_)) {
        return Err(VkError::Unsupported(format!(
            "indirect draws of {primitive:?} (their counts are in GPU memory, and the \
             conversion is made on the CPU)"
        )));
    }
    let state_version = pipelines.state_version();
    let (pipeline, key) = pipelines.get_or_make(program, state, drawn, site.targets.formats)?;
    let (raw, layout, set_layouts, handle_stages) = (
        pipeline.raw,
        pipeline.layout.raw,
        pipeline.set_layouts.clone(),
        pipeline.layout.handle_stages,
    );
    let mut resolved = std::mem::take(&mut draws.scratch);
    let outcome = context.resolve_into(program_id, &pipeline.layout.slots, bindings, &mut resolved);
    if let Err(error) = outcome {
        draws.scratch = resolved;
        return Err(error);
    }

    let mut vertex_buffers = [(0, vk::Buffer::null(), 0); MAX_VERTEX_STREAMS];
    let mut stream_count = 0;
    // The streams the attributes read, each once and in order.
    let streams = state.attributes.iter().fold(0u64, |mask, attribute| {
        mask | 1u64.checked_shl(u32::from(attribute.stream)).unwrap_or(0)
    });
    let mut buffer =
        |buffer, offset_b| pool_buffer(tables, context.pools, &mut draws.pools, buffer, offset_b);
    for stream in (0..MAX_VERTEX_STREAMS as u8).filter(|&stream| streams & (1 << stream) != 0) {
        let range = bindings.vertex[usize::from(stream)].ok_or_else(|| {
            VkError::Unsupported(format!(
                "a draw reading vertex stream {stream}, which is unbound"
            ))
        })?;
        let (raw_buffer, offset_b) = buffer(range.buffer, range.offset_b)?;
        vertex_buffers[stream_count] = (u32::from(stream), raw_buffer, offset_b);
        stream_count += 1;
    }
    let indexed = match op {
        Op::DrawIndexed(_) => true,
        Op::DrawIndirect(draw) => draw.indexed,
        _ => false,
    };
    let index = if indexed && !converts {
        let (range, index_type) = bindings
            .index
            .ok_or_else(|| VkError::Unsupported("an indexed draw with no index buffer".into()))?;
        let vk_type = graphics_conv::index_type(index_type)
            .ok_or_else(|| VkError::Unsupported("8-bit indices".into()))?;
        let (raw_buffer, offset_b) = buffer(range.buffer, range.offset_b)?;
        Some((raw_buffer, offset_b, vk_type))
    } else {
        None
    };
    let call = match *op {
        Op::Draw(draw) if converts => DrawCall::Converted {
            indices: primitive.conversion_indices(draw.vertex_count),
            vertex_offset: draw.first_vertex as i32,
            first_instance: draw.first_instance,
            instance_count: draw.instance_count,
        },
        Op::DrawIndexed(draw) if converts => DrawCall::Converted {
            indices: converted_indices(
                context,
                site,
                primitive,
                &draw,
                &draws.writes,
                &draws.images_written,
            )?,
            vertex_offset: draw.base_vertex,
            first_instance: draw.first_instance,
            instance_count: draw.instance_count,
        },
        Op::Draw(_) | Op::DrawIndexed(_) => {
            DrawCall::Direct(direct_call(op).expect("a direct draw"))
        }
        Op::DrawIndirect(draw) => {
            let (raw_buffer, offset_b) = buffer(draw.buffer, draw.offset_b)?;
            if draw.draw_count > 1 && !device_multi_draw(device) {
                return Err(VkError::Unsupported("multi-draw indirect".into()));
            }
            DrawCall::Indirect {
                buffer: raw_buffer,
                offset_b,
                draw_count: draw.draw_count,
                stride_b: draw.stride_b,
                indexed: draw.indexed,
            }
        }
        _ => unreachable!("prepare_draw is called for draws"),
    };
    let shape = DrawShape {
        key,
        pipeline: raw,
        layout,
        set_layouts,
        handle_stages,
        vertex_buffers: vertex_buffers[..stream_count].into(),
        index,
        viewport: viewport(state, site.targets),
        scissor: scissor(state, site.targets),
        blend_constant: state.blend_constant,
    };
    let shape = match draws.shapes.last() {
        Some(last) if last.same_as(&shape) => draws.shapes.len() - 1,
        _ => {
            draws.shapes.push(shape);
            draws.shapes.len() - 1
        }
    } as u32;

    note_stream_reads(op, indexed, bindings, state, tables, reads);
    descriptor_reads(&resolved.descriptors, reads);
    add_once(&mut draws.pipelines, key);
    for &pool in &resolved.pools {
        add_once(&mut draws.pools, pool);
    }
    for &sampler in &resolved.samplers {
        add_once(&mut draws.samplers, sampler);
    }
    draws.textures.extend(&resolved.textures);
    draws.images_written.extend(&resolved.images_written);
    draws.writes.extend(&resolved.writes);
    let start = draws.descriptors.len() as u32;
    draws.descriptors.extend_from_slice(&resolved.descriptors);
    let descriptors = start..draws.descriptors.len() as u32;
    let handles = match pipelines.bindless_capacity() {
        Some(capacity) if !handle_stages.is_empty() => {
            match resolved_handles(&resolved.descriptors, capacity, draws) {
                Ok(handles) => handles,
                Err(error) => {
                    draws.scratch = resolved;
                    return Err(error);
                }
            }
        }
        _ => DrawHandles::default(),
    };
    draws.scratch = resolved;
    // The last memo's room is reused.
    let moving = draws
        .memo
        .take()
        .map(|memo| memo.moving)
        .unwrap_or_default();
    if !converts && !matches!(op, Op::DrawIndirect(_)) {
        let mut memo = DrawMemo {
            program: program_id,
            state_version,
            bindings_version: bindings.version,
            textures_version: bindings.textures_version,
            pass: site.pass,
            primitive,
            indexed,
            shape,
            descriptors: descriptors.clone(),
            handles: handles.clone(),
            moving,
        };
        memo.note_moving(&draws.descriptors);
        draws.memo = Some(memo);
    }
    draws.push(
        site.index,
        PreparedDraw {
            shape,
            descriptors,
            offsets: 0..0,
            same_sets: false,
            handles,
            call,
            repeats: 0..0,
        },
    );
    Ok(())
}

/// The indices an indexed draw of `primitive` (a kind the driver lacks) reads, rearranged
/// for the kind it converts to. They are read from the pool's storage now: indices the
/// GPU may still be writing (in flight, or earlier in this list) are refused, not guessed.
fn converted_indices(
    context: &SlotContext<'_>,
    site: &DrawSite<'_>,
    primitive: PrimitiveKind,
    draw: &gpu::command::DrawIndexed,
    draw_writes: &[PoolWrite],
    draw_images: &[TextureId],
) -> VkResult<Vec<u32>> {
    if site.state.primitive_restart.is_some() {
        return Err(VkError::Unsupported(format!(
            "indexed draws of {primitive:?} with primitive restart on"
        )));
    }
    let (range, index_type) = site
        .bindings
        .index
        .ok_or_else(|| VkError::Unsupported("an indexed draw with no index buffer".into()))?;
    let element_b = index_type.size_b();
    let span_b = u64::from(draw.index_count) * element_b;
    let start_in_range_b = u64::from(draw.first_index) * element_b;
    if start_in_range_b.saturating_add(span_b) > range.size_b {
        return Err(VkError::Unsupported(format!(
            "indices {}..{} of {primitive:?} past the {}-byte index binding",
            draw.first_index,
            u64::from(draw.first_index) + u64::from(draw.index_count),
            range.size_b
        )));
    }
    let buffer = context
        .tables
        .buffers
        .get(range.buffer)
        .ok_or_else(|| VkError::UnknownObject(range.buffer.into()))?;
    // The GPU never reads these bytes: the converted indices go through the index arena.
    let pool = buffer.pool;
    let start_b = buffer.offset_b + range.offset_b + start_in_range_b;
    let images_written = draw_images.iter().filter_map(|&texture| {
        let texture = context.tables.textures.get(texture)?;
        let range_b = texture.storage_range_b();
        Some((texture.pool, range_b.start, range_b.end - range_b.start))
    });
    let written_in_list = site
        .list_writes
        .iter()
        .chain(draw_writes)
        .copied()
        .chain(images_written)
        .any(|(written, offset_b, len_b)| {
            written == pool && offset_b < start_b + span_b && start_b < offset_b + len_b
        });
    if written_in_list
        || site.waiting.overlaps(pool, start_b..start_b + span_b)
        || context
            .pools
            .pending_write_until(pool, start_b, span_b)
            .is_some()
    {
        return Err(VkError::Unsupported(format!(
            "indexed draws of {primitive:?} over indices the GPU may still be writing \
             (they are converted on the CPU)"
        )));
    }
    let storage = &context
        .tables
        .pools
        .get(pool)
        .ok_or_else(|| VkError::UnknownObject(pool.into()))?
        .storage;
    let read = storage.read_for_device(start_b, span_b, |bytes| {
        bytes
            .chunks_exact(element_b as usize)
            .map(|index| match *index {
                [a, b] => u32::from(u16::from_le_bytes([a, b])),
                [a, b, c, d] => u32::from_le_bytes([a, b, c, d]),
                _ => u32::from(index[0]),
            })
            .collect::<Vec<u32>>()
    });
    let source = read?.0;
    Ok(primitive
        .conversion_indices(draw.index_count)
        .into_iter()
        .map(|position| source[position as usize])
        .collect())
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

fn viewport(state: &GraphicsState, targets: &PassTargets) -> vk::Viewport {
    match state.viewports[0] {
        Some(v) => vk::Viewport {
            x: v.x_px,
            y: v.y_px,
            width: v.width_px,
            height: v.height_px,
            min_depth: v.min_depth,
            max_depth: v.max_depth,
        },
        None => full_viewport(targets),
    }
}

fn scissor(state: &GraphicsState, targets: &PassTargets) -> vk::Rect2D {
    match state.scissors[0] {
        // Vulkan needs non-negative offsets: cut what lies left of or above the origin.
        Some(s) => vk::Rect2D {
            offset: vk::Offset2D {
                x: s.x_px.max(0),
                y: s.y_px.max(0),
            },
            extent: vk::Extent2D {
                width: s.width_px.saturating_sub(s.x_px.min(0).unsigned_abs()),
                height: s.height_px.saturating_sub(s.y_px.min(0).unsigned_abs()),
            },
        },
        None => render_area(targets),
    }
}

fn device_multi_draw(device: &Device) -> bool {
    // SAFETY: a plain query on the device's physical device.
    let features = unsafe {
        device
            .instance
            .raw
            .get_physical_device_features(device.physical)
    };
    features.multi_draw_indirect == vk::TRUE
}

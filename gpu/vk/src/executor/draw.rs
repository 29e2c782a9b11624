//! Draws inside a pass: the bound graphics program's pipeline for the current state and
//! the pass's formats, its buffer slots, vertex and index buffers, viewport and scissor,
//! then the draw call.

use std::sync::Arc;

use ash::vk;
use gpu::command::Op;
use gpu::objects::ObjectTables;
use gpu::state::{PrimitiveKind, MAX_VERTEX_STREAMS};
use gpu::BufferId;

use crate::device::Device;
use crate::error::{VkError, VkResult};

use super::bindings::Bindings;
use super::descriptors::DescriptorPools;
use super::graphics::{GraphicsPipelines, PipelineId};
use super::graphics_conv;
use super::graphics_state::GraphicsState;
use super::index_arena::IndexArena;
use super::passes::{render_area, PassTargets};
use super::pools::PoolTable;
use super::slots::{draw_sets, Resolved, SlotContext};

#[derive(Clone, Debug)]
pub enum DrawCall {
    Arrays {
        first_vertex: u32,
        vertex_count: u32,
        first_instance: u32,
        instance_count: u32,
    },
    Indexed {
        first_index: u32,
        index_count: u32,
        base_vertex: i32,
        first_instance: u32,
        instance_count: u32,
    },
    Indirect {
        buffer: vk::Buffer,
        offset_b: u64,
        draw_count: u32,
        stride_b: u32,
        indexed: bool,
    },
    /// A kind the driver lacks drawn from made indices (into the original vertices).
    Converted {
        indices: Vec<u32>,
        first_vertex: u32,
        first_instance: u32,
        instance_count: u32,
    },
}

/// The graphics state the command buffer's last draw bound, so the next draw records
/// only what differs: consecutive draws mostly share pipeline, vertex buffers, viewport,
/// scissor and blend constants, and every command recorded costs again when the
/// buffer is reset. Forgotten when other work binds graphics state (masked clears) and
/// when the frame is reset.
#[derive(Debug, Default)]
pub struct BoundGraphics {
    pipeline: Option<vk::Pipeline>,
    vertex_buffers: Vec<(u32, vk::Buffer, u64)>,
    index: Option<(vk::Buffer, u64, vk::IndexType)>,
    viewport: Option<vk::Viewport>,
    scissor: Option<vk::Rect2D>,
    blend_constant: Option<[f32; 4]>,
    /// The pipeline layout, sets and dynamic offsets last bound.
    descriptor_layout: Option<vk::PipelineLayout>,
    sets: Vec<vk::DescriptorSet>,
    offsets: Vec<u32>,
}

impl BoundGraphics {
    pub fn forget(&mut self) {
        *self = BoundGraphics::default();
    }
}

/// Sets `*bound` to `value`; true when it changed (so the command must be recorded).
fn changed<T: PartialEq>(bound: &mut Option<T>, value: T) -> bool {
    if bound.as_ref() == Some(&value) {
        return false;
    }
    *bound = Some(value);
    true
}

fn same_viewport(a: &vk::Viewport, b: &vk::Viewport) -> bool {
    [a.x, a.y, a.width, a.height, a.min_depth, a.max_depth]
        == [b.x, b.y, b.width, b.height, b.min_depth, b.max_depth]
}

#[derive(Clone, Debug)]
pub struct PreparedDraw {
    pub key: PipelineId,
    pub pipeline: vk::Pipeline,
    pub layout: vk::PipelineLayout,
    pub set_layouts: Arc<[vk::DescriptorSetLayout]>,
    pub resolved: Resolved,
    /// (binding, buffer, offset) per vertex stream the pipeline reads (shared with the
    /// draw before when the same).
    pub vertex_buffers: Arc<[VertexBuffer]>,
    pub index: Option<(vk::Buffer, u64, vk::IndexType)>,
    pub viewport: vk::Viewport,
    pub scissor: vk::Rect2D,
    pub blend_constant: [f32; 4],
    pub call: DrawCall,
}

/// (binding, buffer, offset) of a vertex stream.
pub type VertexBuffer = (u32, vk::Buffer, u64);

/// A list's prepared draws by op index, in op order: a draw is found by a binary search,
/// and thousands of draws cost no hashing or rehashing.
#[derive(Debug, Default)]
pub struct PreparedDraws {
    ops: Vec<usize>,
    draws: Vec<PreparedDraw>,
    /// Where the draw after the last one found is: recording asks in op order.
    next: std::cell::Cell<usize>,
    /// What the draws use, each once: marked used by the submission without a lookup
    /// per draw.
    pub pipelines: Vec<PipelineId>,
    pub pools: Vec<gpu::PoolId>,
    pub samplers: Vec<gpu::SamplerId>,
}

/// Adds `item` to `set` unless it holds it (sets of a list's pools and pipelines are few).
fn add_once<T: PartialEq + Copy>(set: &mut Vec<T>, item: T) {
    if !set.contains(&item) {
        set.push(item);
    }
}

impl PreparedDraws {
    /// Room for `draws` draws (a list's draws are known before they are prepared).
    pub fn with_capacity(draws: usize) -> PreparedDraws {
        PreparedDraws {
            ops: Vec::with_capacity(draws),
            draws: Vec::with_capacity(draws),
            ..PreparedDraws::default()
        }
    }

    /// Adds the draw of op `index`, after every draw added so far.
    pub fn insert(&mut self, index: usize, draw: PreparedDraw) {
        debug_assert!(self.ops.last().is_none_or(|&last| last < index));
        add_once(&mut self.pipelines, draw.key);
        for &pool in &draw.resolved.pools {
            add_once(&mut self.pools, pool);
        }
        for &sampler in &draw.resolved.samplers {
            add_once(&mut self.samplers, sampler);
        }
        self.ops.push(index);
        self.draws.push(draw);
    }

    pub fn values(&self) -> std::slice::Iter<'_, PreparedDraw> {
        self.draws.iter()
    }

    pub fn len(&self) -> usize {
        self.draws.len()
    }
}

impl std::ops::Index<&usize> for PreparedDraws {
    type Output = PreparedDraw;

    fn index(&self, index: &usize) -> &PreparedDraw {
        let next = self.next.get();
        let at = if self.ops.get(next) == Some(index) {
            next
        } else {
            self.ops
                .binary_search(index)
                .expect("a prepared draw for every draw op")
        };
        self.next.set(at + 1);
        &self.draws[at]
    }
}

struct Resolver<'a> {
    tables: &'a ObjectTables,
    pools: &'a PoolTable,
    /// The list's draws' pools, each once.
    used: &'a mut Vec<gpu::PoolId>,
}

impl Resolver<'_> {
    /// The pool buffer and absolute offset of `offset_b` into a buffer object.
    fn buffer(&mut self, buffer: BufferId, offset_b: u64) -> VkResult<(vk::Buffer, u64)> {
        let object = self
            .tables
            .buffers
            .get(buffer)
            .ok_or(VkError::UnknownObject(buffer.into()))?;
        add_once(self.used, object.pool);
        Ok((
            self.pools.get(object.pool)?.buffer.raw,
            object.offset_b + offset_b,
        ))
    }
}

/// Resolves a draw op against what is bound, inside a pass with `targets`, after the
/// list's `draws` so far (which take the pools of its vertex, index and indirect buffers).
pub fn prepare_draw(
    context: &mut SlotContext<'_>,
    pipelines: &mut GraphicsPipelines,
    bindings: &Bindings,
    state: &GraphicsState,
    targets: &PassTargets,
    op: &Op,
    draws: &mut PreparedDraws,
) -> VkResult<PreparedDraw> {
    let (device, tables) = (context.device, context.tables);
    let program_id = bindings
        .graphics_program
        .ok_or_else(|| VkError::Unsupported("a draw with no graphics program bound".into()))?;
    let program = tables
        .programs
        .get(program_id)
        .ok_or(VkError::UnknownObject(program_id.into()))?;
    let primitive = match op {
        Op::Draw(draw) => draw.primitive,
        Op::DrawIndexed(draw) => draw.primitive,
        Op::DrawIndirect(draw) => draw.primitive,
        _ => unreachable!("prepare_draw is called for draws"),
    };
    // Kinds without a Vulkan topology (and fans on portability drivers) are drawn as
    // the kind they convert to, from indices the executor makes.
    let converts = graphics_conv::topology(primitive).is_none()
        || (primitive == PrimitiveKind::TriangleFan && device.caps.portability_subset);
    let drawn = match primitive.converted_kind() {
        Some(kind) if converts => kind,
        _ => primitive,
    };
    if converts && !matches!(op, Op::Draw(_)) {
        return Err(VkError::Unsupported(format!(
            "indexed or indirect draws of {primitive:?} (they need index conversion)"
        )));
    }
    let (pipeline, key) = pipelines.get_or_make(program, state, drawn, targets.formats)?;
    let (raw, layout, set_layouts) = (
        pipeline.raw,
        pipeline.layout.raw,
        pipeline.set_layouts.clone(),
    );
    let resolved = context.resolve(program_id, &pipeline.layout.slots, bindings)?;
    let previous_vertex_buffers = draws.draws.last().map(|draw| &draw.vertex_buffers);
    let mut resolver = Resolver {
        tables,
        pools: context.pools,
        used: &mut draws.pools,
    };

    let mut vertex_buffers = [(0, vk::Buffer::null(), 0); MAX_VERTEX_STREAMS];
    let mut stream_count = 0;
    // The streams the attributes read, each once and in order.
    let streams = state.attributes.iter().fold(0u64, |mask, attribute| {
        mask | 1u64.checked_shl(u32::from(attribute.stream)).unwrap_or(0)
    });
    for stream in (0..MAX_VERTEX_STREAMS as u8).filter(|&stream| streams & (1 << stream) != 0) {
        let range = bindings.vertex[usize::from(stream)].ok_or_else(|| {
            VkError::Unsupported(format!(
                "a draw reading vertex stream {stream}, which is unbound"
            ))
        })?;
        let (buffer, offset_b) = resolver.buffer(range.buffer, range.offset_b)?;
        vertex_buffers[stream_count] = (u32::from(stream), buffer, offset_b);
        stream_count += 1;
    }
    let vertex_buffers = match previous_vertex_buffers {
        Some(previous) if **previous == vertex_buffers[..stream_count] => previous.clone(),
        _ => vertex_buffers[..stream_count].into(),
    };
    let indexed = match op {
        Op::DrawIndexed(_) => true,
        Op::DrawIndirect(draw) => draw.indexed,
        _ => false,
    };
    let index = if indexed {
        let (range, index_type) = bindings
            .index
            .ok_or_else(|| VkError::Unsupported("an indexed draw with no index buffer".into()))?;
        let vk_type = graphics_conv::index_type(index_type)
            .ok_or_else(|| VkError::Unsupported("8-bit indices".into()))?;
        let (buffer, offset_b) = resolver.buffer(range.buffer, range.offset_b)?;
        Some((buffer, offset_b, vk_type))
    } else {
        None
    };
    let call = match *op {
        Op::Draw(draw) if converts => DrawCall::Converted {
            indices: primitive.conversion_indices(draw.vertex_count),
            first_vertex: draw.first_vertex,
            first_instance: draw.first_instance,
            instance_count: draw.instance_count,
        },
        Op::Draw(draw) => DrawCall::Arrays {
            first_vertex: draw.first_vertex,
            vertex_count: draw.vertex_count,
            first_instance: draw.first_instance,
            instance_count: draw.instance_count,
        },
        Op::DrawIndexed(draw) => DrawCall::Indexed {
            first_index: draw.first_index,
            index_count: draw.index_count,
            base_vertex: draw.base_vertex,
            first_instance: draw.first_instance,
            instance_count: draw.instance_count,
        },
        Op::DrawIndirect(draw) => {
            let (buffer, offset_b) = resolver.buffer(draw.buffer, draw.offset_b)?;
            if draw.draw_count > 1 && !device_multi_draw(device) {
                return Err(VkError::Unsupported("multi-draw indirect".into()));
            }
            DrawCall::Indirect {
                buffer,
                offset_b,
                draw_count: draw.draw_count,
                stride_b: draw.stride_b,
                indexed: draw.indexed,
            }
        }
        _ => unreachable!("prepare_draw is called for draws"),
    };

    let area = render_area(targets);
    let viewport = match state.viewports[0] {
        Some(v) => vk::Viewport {
            x: v.x_px,
            y: v.y_px,
            width: v.width_px,
            height: v.height_px,
            min_depth: v.min_depth,
            max_depth: v.max_depth,
        },
        None => vk::Viewport {
            x: 0.0,
            y: 0.0,
            width: area.extent.width as f32,
            height: area.extent.height as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        },
    };
    let scissor = match state.scissors[0] {
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
        None => area,
    };
    Ok(PreparedDraw {
        key,
        pipeline: raw,
        layout,
        set_layouts,
        resolved,
        vertex_buffers,
        index,
        viewport,
        scissor,
        blend_constant: state.blend_constant,
        call,
    })
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

/// Records a prepared draw; `cmd` is inside the pass it was prepared for.
pub fn record_draw(
    device: &Device,
    cmd: vk::CommandBuffer,
    descriptors: &mut DescriptorPools,
    indices: &mut IndexArena,
    draw: &PreparedDraw,
) -> VkResult<()> {
    let converted = match &draw.call {
        DrawCall::Converted { indices: made, .. } if !made.is_empty() => Some(indices.push(made)?),
        _ => None,
    };
    draw_sets(
        device,
        descriptors,
        &draw.set_layouts,
        &draw.resolved.descriptors,
    )?;
    let (sets, offsets) = (&descriptors.sets, &descriptors.offsets);
    let raw = &device.raw;
    let bound = &mut descriptors.bound;
    // SAFETY: `cmd` is inside the pass whose formats the pipeline was made for; every
    // handle is live until the submission's fence; the sets match the layout. What is
    // not recorded again was recorded by an earlier draw of this command buffer, and
    // nothing bound graphics state since (`BoundGraphics` is forgotten when it is).
    unsafe {
        if changed(&mut bound.pipeline, draw.pipeline) {
            raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, draw.pipeline);
        }
        let same_sets = bound.descriptor_layout == Some(draw.layout)
            && bound.sets == *sets
            && bound.offsets == *offsets;
        if !sets.is_empty() && !same_sets {
            raw.cmd_bind_descriptor_sets(
                cmd,
                vk::PipelineBindPoint::GRAPHICS,
                draw.layout,
                0,
                sets,
                offsets,
            );
            bound.descriptor_layout = Some(draw.layout);
            bound.sets.clone_from(sets);
            bound.offsets.clone_from(offsets);
        }
        for &stream in draw.vertex_buffers.iter() {
            if !bound.vertex_buffers.contains(&stream) {
                let (binding, buffer, offset_b) = stream;
                raw.cmd_bind_vertex_buffers(cmd, binding, &[buffer], &[offset_b]);
                bound
                    .vertex_buffers
                    .retain(|&(known, _, _)| known != binding);
                bound.vertex_buffers.push(stream);
            }
        }
        if let Some(index) = draw.index {
            if changed(&mut bound.index, index) {
                let (buffer, offset_b, index_type) = index;
                raw.cmd_bind_index_buffer(cmd, buffer, offset_b, index_type);
            }
        }
        if !bound
            .viewport
            .is_some_and(|viewport| same_viewport(&viewport, &draw.viewport))
        {
            raw.cmd_set_viewport(cmd, 0, &[draw.viewport]);
            bound.viewport = Some(draw.viewport);
        }
        if changed(&mut bound.scissor, draw.scissor) {
            raw.cmd_set_scissor(cmd, 0, &[draw.scissor]);
        }
        if changed(&mut bound.blend_constant, draw.blend_constant) {
            raw.cmd_set_blend_constants(cmd, &draw.blend_constant);
        }
        match draw.call {
            DrawCall::Converted {
                ref indices,
                first_vertex,
                first_instance,
                instance_count,
            } => {
                // Too few vertices for one primitive: nothing is drawn.
                if let Some((buffer, offset_b)) = converted {
                    let index = (buffer, offset_b, vk::IndexType::UINT32);
                    if changed(&mut bound.index, index) {
                        raw.cmd_bind_index_buffer(cmd, buffer, offset_b, vk::IndexType::UINT32);
                    }
                    raw.cmd_draw_indexed(
                        cmd,
                        indices.len() as u32,
                        instance_count,
                        0,
                        first_vertex as i32,
                        first_instance,
                    );
                }
            }
            DrawCall::Arrays {
                first_vertex,
                vertex_count,
                first_instance,
                instance_count,
            } => raw.cmd_draw(
                cmd,
                vertex_count,
                instance_count,
                first_vertex,
                first_instance,
            ),
            DrawCall::Indexed {
                first_index,
                index_count,
                base_vertex,
                first_instance,
                instance_count,
            } => raw.cmd_draw_indexed(
                cmd,
                index_count,
                instance_count,
                first_index,
                base_vertex,
                first_instance,
            ),
            DrawCall::Indirect {
                buffer,
                offset_b,
                draw_count,
                stride_b,
                indexed: false,
            } => raw.cmd_draw_indirect(cmd, buffer, offset_b, draw_count, stride_b),
            DrawCall::Indirect {
                buffer,
                offset_b,
                draw_count,
                stride_b,
                indexed: true,
            } => raw.cmd_draw_indexed_indirect(cmd, buffer, offset_b, draw_count, stride_b),
        }
    }
    Ok(())
}

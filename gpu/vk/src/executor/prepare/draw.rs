//! Preparing draws inside a pass: the bound graphics program's pipeline for the current
//! state and the pass's formats, its buffer slots, vertex and index buffers, viewport and
//! scissor, and what the draw reads. Recording them is `record::draw`.
//!
//! A draw that repeats the draw before but for moved uniform or storage offsets is made
//! from the memo of that draw (`draw_memo`); every other draw is resolved in full here.
//! Both go into the list's `prepared::draws`.

use ash::vk;
use gpu::command::Op;
use gpu::objects::ObjectTables;
use gpu::state::{PrimitiveKind, MAX_VERTEX_STREAMS};
use gpu::{BufferId, PoolId, ProgramId, TextureId};

use crate::error::{VkError, VkResult};
use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::graphics::{GraphicsPipelines, UNFED_INPUT_BINDING};
use crate::executor::pipelines::graphics_conv;
use crate::executor::prepared::bindless_list::DrawHandles;
use crate::executor::prepared::copy::PoolWrite;
use crate::executor::prepared::descriptors::{Descriptor, Resource};
use crate::executor::prepared::draws::{
    add_once, direct_call, DrawCall, DrawShape, MoreViewports, PreparedDraw, PreparedDraws,
};
use crate::executor::prepared::memo::DrawMemo;
use crate::executor::resources::pools::PoolTable;

use super::buffer_reads::{descriptor_reads, note_stream_reads, PoolRead};
use super::draw_memo::repeat_draw;
use super::draw_site::DrawSite;
use super::dynamic_shape::restyle_from_memo;
use super::patches::{bound_patches, patches_needed};
use super::rects::{scissor, viewport};
use super::slots::SlotContext;

/// The most vertices (or indices) a converted draw takes: its made indices (at most three
/// times as many, 4 bytes each) stay within 48 MiB of the frame's index arena.
const MAX_CONVERTED_VERTICES: u32 = 1 << 22;

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
        // A replaced texture handle may bring another sampler's LOD bias or view
        // swizzle, which the pipeline applies where the device lacks the feature.
        let biases_hold = !patches_needed(&context.device.caps)
            || memo.textures_version == site.bindings.textures_version;
        let repeats = memo.program == program
            && biases_hold
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
        let repeated = repeated?.flatten().map(|mut draw| {
            let versions = (pipelines.dynamic_set(), pipelines.dynamic_version());
            restyle_from_memo(&mut memo, &mut draw, site, versions, draws);
            draw
        });
        draws.memo = Some(memo);
        if let Some(draw) = repeated {
            draws.push(site.index, draw);
            return Ok(());
        }
    }
    resolve_draw(context, pipelines, site, program, primitive, draws, reads)
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
    // Kinds without a Vulkan topology (and fans where the portability subset lacks
    // triangleFans) are drawn as the kind they convert to, from indices the executor makes.
    let converts = graphics_conv::topology(primitive).is_none()
        || (primitive == PrimitiveKind::TriangleFan && !device.caps.portability.triangle_fans);
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
    let dynamic_version = pipelines.dynamic_version();
    let target = (site.targets.formats, site.targets.extent_px[1]);
    let mut patches = std::mem::take(&mut draws.patches);
    if patches_needed(&device.caps) {
        bound_patches(&device.caps, tables, program, bindings, &mut patches);
    }
    let made = pipelines.get_or_make(program, state, drawn, target, &patches);
    draws.patches = patches;
    let (pipeline, key) = made?;
    let (raw, layout, set_layouts, handle_stages, reads_unfed_inputs) = (
        pipeline.raw,
        pipeline.layout.raw,
        pipeline.set_layouts.clone(),
        pipeline.layout.handle_stages,
        pipeline.reads_unfed_inputs,
    );
    let more_viewports = (pipeline.viewport_count > 1).then(|| MoreViewports {
        viewports: (1..pipeline.viewport_count as usize)
            .map(|index| viewport(state, site.targets, index))
            .collect(),
        scissors: (1..pipeline.viewport_count as usize)
            .map(|index| scissor(state, site.targets, index))
            .collect(),
    });
    let mut resolved = std::mem::take(&mut draws.scratch);
    let outcome = context.resolve_into(program_id, &pipeline.layout.slots, bindings, &mut resolved);
    if let Err(error) = outcome {
        draws.scratch = resolved;
        return Err(error);
    }

    let zero_inputs = match reads_unfed_inputs {
        true => Some(pipelines.zero_inputs()?),
        false => None,
    };
    // NVN's streams, and the zero binding of inputs no attribute feeds.
    let mut vertex_buffers = [(0, vk::Buffer::null(), 0); MAX_VERTEX_STREAMS + 1];
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
    if let Some(zeros) = zero_inputs {
        vertex_buffers[stream_count] = (UNFED_INPUT_BINDING, zeros, 0);
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
        let vk_type = graphics_conv::index_type(index_type, device.caps.state.index_type_uint8)
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
            if draw.draw_count > 1 && !device.caps.state.multi_draw_indirect {
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
    // Targets bound by an earlier list on the queue were not seen when the draw was
    // recorded: the same rule, here.
    if state.sample_locations.enabled {
        let samples = site.targets.formats.sample_count().as_raw();
        gpu::command::sample_locations::check_count(
            samples,
            state.sample_locations.grid,
            &device.caps.state,
        )
        .map_err(|error| VkError::Unsupported(error.to_string()))?;
    }
    let shape = DrawShape {
        key,
        pipeline: raw,
        layout,
        set_layouts,
        handle_stages,
        vertex_buffers: vertex_buffers[..stream_count].into(),
        index,
        viewport: viewport(state, site.targets, 0),
        scissor: scissor(state, site.targets, 0),
        blend_constant: state.blend_constant,
        stencil: [state.depth_stencil.front, state.depth_stencil.back]
            .map(|face| [face.reference, face.read_mask, face.write_mask]),
        more_viewports,
        dynamic: pipelines
            .dynamic_set()
            .values(state, drawn, &site.targets.formats),
        restyled_from: None,
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
            dynamic_version,
            moved: MovedParts::NONE,
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

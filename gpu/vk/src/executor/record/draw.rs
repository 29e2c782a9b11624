//! Recording prepared draws: what the command buffer does not hold yet of the draw's
//! shape (pipeline, vertex and index buffers, viewport, scissor, blend constants), its
//! descriptor sets and dynamic offsets, then the draw call.

use ash::vk;

use crate::bringup::device::Device;
use crate::error::VkResult;
use crate::executor::prepared::draws::{
    DirectCall, DrawCall, PreparedDraw, PreparedDraws, RepeatedDraw,
};
use crate::executor::resources::bound_graphics::BoundGraphics;
use crate::executor::resources::descriptors::DescriptorPools;
use crate::executor::resources::index_arena::IndexArena;

use super::dynamic_state;
use super::sets::draw_sets;
use super::shape_moves::{changed, record_moves, record_stencil, same_viewport};
use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::dynamic_state::DynamicSet;

/// Records `draw` of `draws`, then its repeats; `cmd` is inside the pass it was prepared
/// for.
#[inline]
pub fn record_draw(
    device: &Device,
    cmd: vk::CommandBuffer,
    descriptors: &mut DescriptorPools,
    indices: &mut IndexArena,
    draws: &PreparedDraws,
    draw: &PreparedDraw,
) -> VkResult<()> {
    if !record_repeat(device, cmd, &mut descriptors.bound, draws, draw) {
        record_in_full(device, cmd, descriptors, indices, draws, draw)?;
    }
    let repeats = draws.repeats_of(draw);
    if !repeats.is_empty() {
        // The draw bound its shape and sets: each repeat moves the offsets and draws.
        let layout = draws.shape(draw).layout;
        record_repeats(device, cmd, &mut descriptors.bound, layout, repeats, draws);
    }
    Ok(())
}

/// Records a direct draw whose shape, sets and handle words the command buffer holds
/// (the draw before was of its shape, with the same sets): its dynamic offsets when they
/// moved, and the call. False, recording nothing, for any other draw.
#[inline]
fn record_repeat(
    device: &Device,
    cmd: vk::CommandBuffer,
    bound: &mut BoundGraphics,
    draws: &PreparedDraws,
    draw: &PreparedDraw,
) -> bool {
    if !draw.same_sets || bound.shape != Some(draw.shape) {
        return false;
    }
    let DrawCall::Direct(call) = draw.call else {
        return false;
    };
    let shape = draws.shape(draw);
    let handles_held = shape.handle_stages.is_empty()
        || (bound.handle_layout == Some(shape.layout)
            && bound.handles == draws.bindless.words(&draw.handles));
    if bound.descriptor_layout != Some(shape.layout) || !handles_held {
        return false;
    }
    let repeat = RepeatedDraw {
        offsets_start: draw.offsets.start,
        offsets_end: draw.offsets.end,
        moves_start: 0,
        moves_end: 0,
        call,
    };
    record_repeats(device, cmd, bound, shape.layout, &[repeat], draws);
    true
}

/// Records the repeats of the draw just recorded (or a draw whose shape, sets and handle
/// words the command buffer holds): the moves of its shape's dynamic parts before each
/// (`PreparedDraws::moves`), its sets again with each repeat's dynamic offsets when they
/// moved, and its call. The loop of a frame's thousands of draws: the driver's entry
/// points are looked up once, and the sets and offsets held in locals.
fn record_repeats(
    device: &Device,
    cmd: vk::CommandBuffer,
    bound: &mut BoundGraphics,
    layout: vk::PipelineLayout,
    repeats: &[RepeatedDraw],
    draws: &PreparedDraws,
) {
    let bind_sets = device.raw.fp_v1_0().cmd_bind_descriptor_sets;
    let all_offsets = draws.dynamic_offsets.as_slice();
    let mut held = std::mem::take(&mut bound.offsets);
    let sets = std::mem::take(&mut bound.sets);
    for repeat in repeats {
        if repeat.moves_end > repeat.moves_start {
            let moves = &draws.moves[repeat.moves_start as usize..repeat.moves_end as usize];
            record_moves(device, cmd, bound, moves, &draws.moved_values);
        }
        let offsets = &all_offsets[repeat.offsets_start as usize..repeat.offsets_end as usize];
        debug_assert!(offsets.is_empty() || bound.descriptor_layout == Some(layout));
        // SAFETY: the sets were bound with `layout` by the draw just recorded (or an
        // earlier one of its shape and sets) and are live until the submission's fence.
        unsafe { rebind_offsets(bind_sets, cmd, layout, &sets, &mut held, offsets) };
        record_call(&device.raw, cmd, repeat.call);
    }
    bound.offsets = held;
    bound.sets = sets;
}

/// Binds `sets` again with `offsets` when those differ from `held` (the offsets they were
/// bound with), and notes them there. No offsets: the sets bound are the draw's, with
/// nothing dynamic in them.
///
/// # Safety
/// `cmd` is recording inside a pass, and `sets` were bound on it with `layout`, hold
/// one dynamic offset each of `offsets`, and stay live until the submission's fence.
#[inline]
unsafe fn rebind_offsets(
    bind_sets: vk::PFN_vkCmdBindDescriptorSets,
    cmd: vk::CommandBuffer,
    layout: vk::PipelineLayout,
    sets: &[vk::DescriptorSet],
    held: &mut Vec<u32>,
    offsets: &[u32],
) {
    if offsets.is_empty() || same_words(held, offsets) {
        return;
    }
    // SAFETY: as the caller promises.
    unsafe {
        bind_sets(
            cmd,
            vk::PipelineBindPoint::GRAPHICS,
            layout,
            0,
            sets.len() as u32,
            sets.as_ptr(),
            offsets.len() as u32,
            offsets.as_ptr(),
        )
    };
    match (held.as_mut_slice(), offsets) {
        ([held], [new]) => *held = *new,
        _ => {
            held.clear();
            held.extend_from_slice(offsets);
        }
    }
}

/// Whether two short lists of words are equal: a draw's dynamic offsets are mostly one
/// (per-object constants), and a library compare would cost more than the words.
#[inline]
fn same_words(held: &[u32], new: &[u32]) -> bool {
    match (held, new) {
        ([held], [new]) => held == new,
        _ => held == new,
    }
}

/// Records a direct call.
fn record_call(raw: &ash::Device, cmd: vk::CommandBuffer, call: DirectCall) {
    // SAFETY: `cmd` is inside the pass the draw's pipeline was made for, and all it binds
    // is bound (its index buffer included for an indexed call).
    unsafe {
        if call.indexed {
            raw.cmd_draw_indexed(
                cmd,
                call.count,
                call.instance_count,
                call.first,
                call.base_vertex,
                call.first_instance,
            );
        } else {
            raw.cmd_draw(
                cmd,
                call.count,
                call.instance_count,
                call.first,
                call.first_instance,
            );
        }
    }
}

/// `record_draw` of any draw.
#[inline(never)]
fn record_in_full(
    device: &Device,
    cmd: vk::CommandBuffer,
    descriptors: &mut DescriptorPools,
    indices: &mut IndexArena,
    draws: &PreparedDraws,
    draw: &PreparedDraw,
) -> VkResult<()> {
    let converted = match &draw.call {
        DrawCall::Converted { indices: made, .. } if !made.is_empty() => Some(indices.push(made)?),
        _ => None,
    };
    let shape = draws.shape(draw);
    let resources = draws.descriptors(draw);
    let same_shape = descriptors.bound.shape == Some(draw.shape);
    let raw = &device.raw;
    let bound = &descriptors.bound;
    let sets_held = bound.descriptor_layout == Some(shape.layout)
        && (same_shape || bound.descriptors.as_ref() == Some(&draw.descriptors));
    if draw.same_sets && sets_held {
        // The sets bound hold this draw's contents (the draw before's shape, or its
        // descriptors under other dynamic values): only dynamic offsets can differ.
        let bound = &mut descriptors.bound;
        let bind_sets = raw.fp_v1_0().cmd_bind_descriptor_sets;
        let offsets = draws.dynamic_offsets(draw);
        // SAFETY: the sets were bound with this layout by the draw before (`same_sets`,
        // the same shape and layout) and are live until the submission's fence.
        unsafe {
            rebind_offsets(
                bind_sets,
                cmd,
                shape.layout,
                &bound.sets,
                &mut bound.offsets,
                offsets,
            )
        };
    } else {
        let bindless_set = match &descriptors.bindless {
            Some(table) if !shape.handle_stages.is_empty() => {
                table.sets[draw.handles.table as usize]
            }
            _ => vk::DescriptorSet::null(),
        };
        draw_sets(
            device,
            descriptors,
            &shape.set_layouts,
            resources,
            bindless_set,
        )?;
        if draw.same_sets {
            // The shared descriptors give the sets; the offsets are this draw's.
            descriptors.offsets.clear();
            descriptors
                .offsets
                .extend_from_slice(draws.dynamic_offsets(draw));
        }
        let (sets, offsets) = (&descriptors.sets, &descriptors.offsets);
        let bound = &mut descriptors.bound;
        let bound_already = bound.descriptor_layout == Some(shape.layout)
            && bound.sets == *sets
            && bound.offsets == *offsets;
        if !sets.is_empty() && !bound_already {
            // SAFETY: `cmd` is recording inside a pass; the sets match the layout and
            // are live until the submission's fence.
            unsafe {
                raw.cmd_bind_descriptor_sets(
                    cmd,
                    vk::PipelineBindPoint::GRAPHICS,
                    shape.layout,
                    0,
                    sets,
                    offsets,
                )
            };
            bound.descriptor_layout = Some(shape.layout);
            bound.sets.clone_from(sets);
            bound.offsets.clone_from(offsets);
        }
        bound.descriptors = Some(draw.descriptors.clone());
    }
    let handles = draws.bindless.words(&draw.handles);
    let bound = &mut descriptors.bound;
    if !shape.handle_stages.is_empty()
        && (bound.handle_layout != Some(shape.layout) || bound.handles != handles)
    {
        // SAFETY: `cmd` is recording; the layout's push range covers these stages and the
        // words (one per texture slot of the program).
        unsafe {
            raw.cmd_push_constants(
                cmd,
                shape.layout,
                shape.handle_stages,
                0,
                bytemuck::cast_slice(handles),
            )
        };
        bound.handle_layout = Some(shape.layout);
        bound.handles.clear();
        bound.handles.extend_from_slice(handles);
    }
    let bound = &mut descriptors.bound;
    // SAFETY: `cmd` is inside the pass whose formats the pipeline was made for; every
    // handle is live until the submission's fence. What is not recorded again was
    // recorded by an earlier draw of this command buffer, and nothing bound graphics
    // state since (`BoundGraphics` is forgotten when it is).
    unsafe {
        if !same_shape {
            // After a draw of the shape this one was made from, only the parts made
            // again can differ from what is bound.
            let moved = match shape.restyled_from {
                Some((from, moved)) if bound.holds_but(from, moved) => moved,
                _ => MovedParts::ALL,
            };
            if moved == MovedParts::ALL {
                if changed(&mut bound.pipeline, shape.pipeline) {
                    raw.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, shape.pipeline);
                }
                for &stream in shape.vertex_buffers.iter() {
                    if !bound.vertex_buffers.contains(&stream) {
                        let (binding, buffer, offset_b) = stream;
                        raw.cmd_bind_vertex_buffers(cmd, binding, &[buffer], &[offset_b]);
                        bound
                            .vertex_buffers
                            .retain(|&(known, _, _)| known != binding);
                        bound.vertex_buffers.push(stream);
                    }
                }
                if let Some(index) = shape.index {
                    if changed(&mut bound.index, index) {
                        let (buffer, offset_b, index_type) = index;
                        raw.cmd_bind_index_buffer(cmd, buffer, offset_b, index_type);
                    }
                }
            }
            if moved.any(MovedParts::VIEWPORTS)
                && !bound
                    .viewport
                    .is_some_and(|viewport| same_viewport(&viewport, &shape.viewport))
            {
                raw.cmd_set_viewport(cmd, 0, &[shape.viewport]);
                bound.viewport = Some(shape.viewport);
            }
            if moved.any(MovedParts::SCISSORS) && changed(&mut bound.scissor, shape.scissor) {
                raw.cmd_set_scissor(cmd, 0, &[shape.scissor]);
            }
            // Set whenever such a shape starts: pipelines of one viewport leave 1-15 alone.
            if let Some(more) = &shape.more_viewports {
                if moved.any(MovedParts::VIEWPORTS.with(MovedParts::SCISSORS)) {
                    raw.cmd_set_viewport(cmd, 1, &more.viewports);
                    raw.cmd_set_scissor(cmd, 1, &more.scissors);
                }
            }
            if moved.any(MovedParts::BLEND_CONSTANT)
                && changed(&mut bound.blend_constant, shape.blend_constant)
            {
                raw.cmd_set_blend_constants(cmd, &shape.blend_constant);
            }
            if moved.any(MovedParts::STENCIL_VALUES) && changed(&mut bound.stencil, shape.stencil) {
                record_stencil(raw, cmd, shape.stencil);
            }
            if moved.any(MovedParts::DYNAMIC_VALUES)
                && bound.dynamic.as_ref() != Some(&shape.dynamic)
            {
                let set = DynamicSet::of(&device.caps);
                dynamic_state::record(device, cmd, set, bound.dynamic.as_ref(), &shape.dynamic);
                bound.dynamic = Some(shape.dynamic);
            }
            bound.shape = Some(draw.shape);
            bound.moved_from = None;
        }
        match draw.call {
            DrawCall::Converted {
                ref indices,
                vertex_offset,
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
                        vertex_offset,
                        first_instance,
                    );
                }
            }
            DrawCall::Direct(call) => record_call(raw, cmd, call),
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

//! Recording a repeat's moves (`prepared::draws::ShapeMove`): the parts of the shape
//! bound that state changes between repeated draws moved, each set where it differs from
//! what the command buffer holds.

use ash::vk;

use crate::bringup::device::Device;
use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::dynamic_state::{DynamicSet, DynamicValues};
use crate::executor::prepared::draws::{ShapeMove, StencilValues};
use crate::executor::resources::bound_graphics::BoundGraphics;

use super::dynamic_state;

/// Sets `*bound` to `value`; true when it changed (so the command must be recorded).
pub(super) fn changed<T: PartialEq>(bound: &mut Option<T>, value: T) -> bool {
    if bound.as_ref() == Some(&value) {
        return false;
    }
    *bound = Some(value);
    true
}

pub(super) fn same_viewport(a: &vk::Viewport, b: &vk::Viewport) -> bool {
    [a.x, a.y, a.width, a.height, a.min_depth, a.max_depth]
        == [b.x, b.y, b.width, b.height, b.min_depth, b.max_depth]
}

/// Records a repeat's moves of its shape's dynamic parts, each where it differs from
/// what is bound. The shape bound then no longer holds what it did: the next draw of it
/// is recorded in full, and one made from it for those parts
/// (`DrawShape::restyled_from`) sets its moved parts, compared with what is bound.
#[inline(never)]
pub(super) fn record_moves(
    device: &Device,
    cmd: vk::CommandBuffer,
    bound: &mut BoundGraphics,
    moves: &[ShapeMove],
    values: &[DynamicValues],
) {
    let raw = &device.raw;
    let mut parts = MovedParts::NONE;
    for one in moves {
        // SAFETY: `cmd` is recording inside the pass of the bound pipeline, which takes
        // these parts dynamically (the viewport, scissor, blend constants and stencil
        // values every graphics pipeline here; the rest as `DynamicSet::of` says, which
        // the move's change was judged by).
        unsafe {
            match *one {
                ShapeMove::BlendConstant(constant) => {
                    parts = parts.with(MovedParts::BLEND_CONSTANT);
                    if changed(&mut bound.blend_constant, constant) {
                        raw.cmd_set_blend_constants(cmd, &constant);
                    }
                }
                ShapeMove::Stencil(stencil) => {
                    parts = parts.with(MovedParts::STENCIL_VALUES);
                    if changed(&mut bound.stencil, stencil) {
                        record_stencil(raw, cmd, stencil);
                    }
                }
                ShapeMove::Dynamic(at) => {
                    parts = parts.with(MovedParts::DYNAMIC_VALUES);
                    let moved = &values[at as usize];
                    if bound.dynamic.as_ref() != Some(moved) {
                        let set = DynamicSet::of(&device.caps);
                        dynamic_state::record(device, cmd, set, bound.dynamic.as_ref(), moved);
                        bound.dynamic = Some(*moved);
                    }
                }
                ShapeMove::Scissor(rect) => {
                    parts = parts.with(MovedParts::SCISSORS);
                    if changed(&mut bound.scissor, rect) {
                        raw.cmd_set_scissor(cmd, 0, &[rect]);
                    }
                }
                ShapeMove::Viewport(viewport) => {
                    parts = parts.with(MovedParts::VIEWPORTS);
                    if !bound
                        .viewport
                        .is_some_and(|held| same_viewport(&held, &viewport))
                    {
                        raw.cmd_set_viewport(cmd, 0, &[viewport]);
                        bound.viewport = Some(viewport);
                    }
                }
            }
        }
    }
    bound.note_moves(parts);
}

/// Records the stencil reference, compare mask and write mask of both faces.
///
/// # Safety
/// `cmd` is recording, a graphics pipeline taking them dynamically bound (every one here).
pub(super) unsafe fn record_stencil(
    raw: &ash::Device,
    cmd: vk::CommandBuffer,
    stencil: StencilValues,
) {
    let faces = [vk::StencilFaceFlags::FRONT, vk::StencilFaceFlags::BACK];
    for (face, [reference, compare, write]) in faces.into_iter().zip(stencil) {
        // SAFETY: as the caller promises.
        unsafe {
            raw.cmd_set_stencil_reference(cmd, face, u32::from(reference));
            raw.cmd_set_stencil_compare_mask(cmd, face, u32::from(compare));
            raw.cmd_set_stencil_write_mask(cmd, face, u32::from(write));
        }
    }
}

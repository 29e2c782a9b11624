//! A draw after state changes that kept its pipeline (`DynamicSet::keeps_pipeline`:
//! scissors, viewports, blend, depth and stencil where dynamic) is made from the draw
//! before: the same pipeline, buffers and sets, with the parts of its shape those changes
//! moved (`MovedParts`, kept in the memo) taken again from the state. No pipeline lookup,
//! no slot resolved, and a scissor change takes the scissor alone again.

use gpu::state::PrimitiveKind;

use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::dynamic_state::DynamicSet;
use crate::executor::prepared::draws::{DrawShape, MoreViewports, PreparedDraw, PreparedDraws};
use crate::executor::prepared::memo::DrawMemo;

use super::draw_site::DrawSite;
use super::rects::{scissor, viewport};

/// `shape` with its `moved` parts (viewports, scissors, blend constants, stencil values,
/// the dynamic values) taken from the state at `site`; the others as they are.
pub(super) fn restyled(
    shape: &DrawShape,
    site: &DrawSite<'_>,
    set: DynamicSet,
    primitive: PrimitiveKind,
    moved: MovedParts,
) -> DrawShape {
    let (state, targets) = (site.state, site.targets);
    let mut restyled = shape.clone();
    if moved.any(MovedParts::VIEWPORTS.with(MovedParts::SCISSORS)) {
        if let Some(more) = &mut restyled.more_viewports {
            let count = more.viewports.len() + 1;
            *more = MoreViewports {
                viewports: (1..count)
                    .map(|index| viewport(state, targets, index))
                    .collect(),
                scissors: (1..count)
                    .map(|index| scissor(state, targets, index))
                    .collect(),
            };
        }
    }
    if moved.any(MovedParts::VIEWPORTS) {
        restyled.viewport = viewport(state, targets, 0);
    }
    if moved.any(MovedParts::SCISSORS) {
        restyled.scissor = scissor(state, targets, 0);
    }
    if moved.any(MovedParts::BLEND_CONSTANT) {
        restyled.blend_constant = state.blend_constant;
    }
    if moved.any(MovedParts::STENCIL_VALUES) {
        restyled.stencil = [state.depth_stencil.front, state.depth_stencil.back]
            .map(|face| [face.reference, face.read_mask, face.write_mask]);
    }
    if moved.any(MovedParts::DYNAMIC_VALUES) {
        restyled.dynamic = set.values(state, primitive, &targets.formats);
    }
    restyled
}

/// Gives `draw` (made from the memo's draw) a shape with the parts the dynamic changes
/// since the memo's shape was taken (at `dynamic_version`) moved taken again from the
/// state at `site`; the memo takes the shape on. A shape equal to the last is shared.
pub(super) fn restyle_from_memo(
    memo: &mut DrawMemo,
    draw: &mut PreparedDraw,
    site: &DrawSite<'_>,
    (set, dynamic_version): (DynamicSet, u64),
    draws: &mut PreparedDraws,
) {
    if memo.dynamic_version == dynamic_version {
        return;
    }
    // The versions moved with no part noted: every part is taken again.
    let moved = match memo.moved {
        MovedParts::NONE => MovedParts::ALL,
        moved => moved,
    };
    // Repeats never convert: the drawn kind is the memo's.
    let mut shape = restyled(
        &draws.shapes[memo.shape as usize],
        site,
        set,
        memo.primitive,
        moved,
    );
    shape.restyled_from = Some((memo.shape, moved));
    let index = match draws.shapes.last() {
        Some(last) if last.same_as(&shape) => draws.shapes.len() - 1,
        _ => {
            draws.shapes.push(shape);
            draws.shapes.len() - 1
        }
    } as u32;
    memo.shape = index;
    memo.dynamic_version = dynamic_version;
    memo.moved = MovedParts::NONE;
    draw.shape = index;
}

#[cfg(test)]
mod tests;

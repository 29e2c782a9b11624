//! A draw after state changes that kept its pipeline (`DynamicSet::keeps_pipeline`:
//! scissors, viewports, blend, depth and stencil where dynamic) is made from the draw
//! before: the same pipeline, buffers and sets, with the shape's dynamic values taken
//! again from the state. No pipeline lookup, no slot resolved.

use gpu::state::PrimitiveKind;

use crate::executor::pipelines::dynamic_state::DynamicSet;
use crate::executor::prepared::draws::{DrawShape, MoreViewports, PreparedDraw, PreparedDraws};
use crate::executor::prepared::memo::DrawMemo;

use super::draw_site::DrawSite;
use super::rects::{scissor, viewport};

/// `shape` with its state-made parts (viewports, scissors, blend constants, stencil
/// values, the dynamic values) taken from the state at `site`.
pub(super) fn restyled(
    shape: &DrawShape,
    site: &DrawSite<'_>,
    set: DynamicSet,
    primitive: PrimitiveKind,
) -> DrawShape {
    let (state, targets) = (site.state, site.targets);
    let more_viewports = shape.more_viewports.as_ref().map(|more| {
        let count = more.viewports.len() + 1;
        MoreViewports {
            viewports: (1..count)
                .map(|index| viewport(state, targets, index))
                .collect(),
            scissors: (1..count)
                .map(|index| scissor(state, targets, index))
                .collect(),
        }
    });
    DrawShape {
        viewport: viewport(state, targets, 0),
        scissor: scissor(state, targets, 0),
        blend_constant: state.blend_constant,
        stencil: [state.depth_stencil.front, state.depth_stencil.back]
            .map(|face| [face.reference, face.read_mask, face.write_mask]),
        more_viewports,
        dynamic: set.values(state, primitive, &targets.formats),
        ..shape.clone()
    }
}

/// Gives `draw` (made from the memo's draw) a shape with the dynamic values at `site`
/// where they moved since the memo's were taken (at `dynamic_version`); the memo takes
/// the shape on. A shape equal to the last is shared.
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
    // Repeats never convert: the drawn kind is the memo's.
    let shape = restyled(
        &draws.shapes[memo.shape as usize],
        site,
        set,
        memo.primitive,
    );
    let index = match draws.shapes.last() {
        Some(last) if last.same_as(&shape) => draws.shapes.len() - 1,
        _ => {
            draws.shapes.push(shape);
            draws.shapes.len() - 1
        }
    } as u32;
    memo.shape = index;
    memo.dynamic_version = dynamic_version;
    draw.shape = index;
}

//! `restyled` with the parts a change moved against `restyled` with every part: random
//! states, random runs of changes of every kind (`dynamic_changes`' generator), those the
//! pipelines take dynamically applied (with and without dynamic blend); the shape made
//! again part by part equals the one made whole.

use std::sync::Arc;

use ash::vk;
use gpu::command::{DrawArrays, Op};
use gpu::state::PrimitiveKind;

use crate::executor::pipelines::dynamic_changes::tests::Cases;
use crate::executor::pipelines::dynamic_changes::MovedParts;
use crate::executor::pipelines::dynamic_state::DynamicSet;
use crate::executor::pipelines::graphics::PipelineId;
use crate::executor::pipelines::graphics_state::{GraphicsState, TargetFormats};
use crate::executor::prepare::bindings::Bindings;
use crate::executor::prepare::draw_site::DrawSite;
use crate::executor::prepared::draws::{DrawShape, MoreViewports};
use crate::executor::prepared::passes::PassTargets;
use crate::writeback::PendingWrites;

use super::restyled;

/// A shape of no real pipeline, `viewports` viewports, its state-made parts from `site`.
fn shape_at(site: &DrawSite<'_>, set: DynamicSet, viewports: usize) -> DrawShape {
    let empty = DrawShape {
        key: PipelineId::unmade(1),
        pipeline: vk::Pipeline::null(),
        layout: vk::PipelineLayout::null(),
        set_layouts: Arc::from([]),
        handle_stages: vk::ShaderStageFlags::empty(),
        vertex_buffers: Arc::from([]),
        index: None,
        viewport: vk::Viewport::default(),
        scissor: vk::Rect2D::default(),
        blend_constant: [0.0; 4],
        stencil: [[0; 3]; 2],
        more_viewports: (viewports > 1).then(|| MoreViewports {
            viewports: vec![vk::Viewport::default(); viewports - 1].into(),
            scissors: vec![vk::Rect2D::default(); viewports - 1].into(),
        }),
        dynamic: set.values(site.state, PrimitiveKind::Triangles, &site.targets.formats),
        restyled_from: None,
    };
    restyled(&empty, site, set, PrimitiveKind::Triangles, MovedParts::ALL)
}

#[test]
fn shapes_made_again_part_by_part_equal_shapes_made_whole() {
    let sets = [
        DynamicSet::default(),
        DynamicSet {
            blend: true,
            ..DynamicSet::default()
        },
    ];
    let targets = PassTargets {
        extent_px: [64, 48],
        layers: 1,
        formats: TargetFormats {
            colors: [37, 37, 98, 0, 0, 0, 0, 0],
            ..TargetFormats::default()
        },
        ..PassTargets::default()
    };
    let (bindings, waiting) = (Bindings::default(), PendingWrites::default());
    let op = Op::Draw(DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    });
    fn site_of<'a>(
        state: &'a GraphicsState,
        (bindings, targets, op, waiting): (
            &'a Bindings,
            &'a PassTargets,
            &'a Op,
            &'a PendingWrites,
        ),
    ) -> DrawSite<'a> {
        DrawSite {
            bindings,
            state,
            targets,
            pass: 0,
            op,
            index: 0,
            list_writes: &[],
            waiting,
        }
    }
    let fixed = (&bindings, &targets, &op, &waiting);
    let mut cases = Cases(0x2545_f491_4f6c_dd1d);
    let (mut runs, mut parts_left) = (0, 0);
    for set in sets {
        let mut state = GraphicsState::default();
        for _ in 0..3000 {
            if cases.below(6) == 0 {
                state.apply(&cases.baked_change());
            }
            let viewports = [1, 3][cases.below(2) as usize];
            let before = shape_at(&site_of(&state, fixed), set, viewports);
            let mut moved = MovedParts::NONE;
            for _ in 0..=cases.below(3) {
                let change = cases.change();
                if !set.keeps_pipeline(&change) {
                    continue;
                }
                state.apply(&change);
                moved = moved.with(MovedParts::of(&change));
            }
            if moved == MovedParts::NONE {
                continue;
            }
            runs += 1;
            parts_left += usize::from(moved != MovedParts::ALL);
            let site = site_of(&state, fixed);
            let by_parts = restyled(&before, &site, set, PrimitiveKind::Triangles, moved);
            let whole = restyled(
                &before,
                &site,
                set,
                PrimitiveKind::Triangles,
                MovedParts::ALL,
            );
            assert!(
                by_parts.same_as(&whole),
                "moved {moved:?} under {set:?}:\n{by_parts:?}\nagainst\n{whole:?}"
            );
        }
    }
    // Runs were met, and most left parts alone (else nothing was shown).
    assert!(runs > 4000, "{runs} runs");
    assert!(parts_left > 3000, "{parts_left} runs left parts alone");
}

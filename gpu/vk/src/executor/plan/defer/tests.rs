//! The merge's rules on hand-made lists, no GPU: each rejection reason, the accepted
//! merges, and the order the recorder is given.

use gpu::command::{
    BarrierOrder, ClearValue, DiscardTarget, DrawArrays, Invalidate, RenderTargets,
};
use gpu::objects::SyncCondition;
use gpu::state::{ComponentMask, PrimitiveKind};
use gpu::{PoolId, SyncId, ViewId};

use super::*;
use crate::executor::plan::{form_passes, Plan};

const RULES: DeferRules = DeferRules {
    allow_bindless: false,
    look_ahead_ops: LOOK_AHEAD_OPS,
};

fn view(raw: u32) -> ViewId {
    ViewId::from_raw(raw).unwrap()
}

fn pool() -> PoolId {
    PoolId::from_raw(1).unwrap()
}

/// Targets side table: 0 is the light buffer (view 1), 1 and 2 two shadow maps.
fn targets_of(index: u32) -> RenderTargets {
    let mut targets = RenderTargets::default();
    match index {
        0 => targets.colors[0] = Some(view(1)),
        1 => targets.depth_stencil = Some(view(2)),
        _ => targets.depth_stencil = Some(view(3)),
    }
    targets
}

/// Where each view's storage lies.
fn storage(targets: u32) -> Region {
    let start = u64::from(targets) * 0x1000;
    (pool(), start..start + 0x1000)
}

fn bind(index: u32) -> Op {
    Op::BindRenderTargets {
        targets_index: index,
    }
}

fn draw() -> Op {
    Op::Draw(DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: 0,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    })
}

fn plan(ops: &[Op]) -> Plan {
    form_passes(ops, RenderTargets::default(), targets_of)
}

/// Each pass writes its targets' storage and has drawn once; `reads` per pass.
fn access(plan: &Plan, ops: &[Op]) -> Vec<PassAccess> {
    let mut passes: Vec<PassAccess> = Vec::new();
    let mut index = 0;
    for step in &plan.steps {
        if let Step::BeginPass(pass) = *step {
            let targets = &plan.passes[pass].targets;
            let table = (0..3).find(|&t| targets_of(t) == *targets).unwrap();
            passes.push(PassAccess {
                writes: vec![storage(table)],
                ..PassAccess::default()
            });
            index = pass;
        }
        if let Step::Ops { first, end } = *step {
            let draws = ops[first..end]
                .iter()
                .filter(|op| matches!(op, Op::Draw(_)))
                .count();
            passes[index].draws += draws as u32;
        }
    }
    passes
}

/// Light pass, shadow pass, light pass: the seed's shape.
fn light_shadow_light() -> Vec<Op> {
    vec![bind(0), draw(), bind(1), draw(), bind(0), draw()]
}

fn merged_with(ops: &[Op], edit: impl FnOnce(&mut Vec<PassAccess>)) -> Merged {
    let plan = plan(ops);
    let mut passes = access(&plan, ops);
    edit(&mut passes);
    merge(&plan, ops, &passes, RULES)
}

fn rejections(merged: &Merged) -> Vec<Rejection> {
    merged
        .rejected
        .iter()
        .flat_map(|&(reason, count)| std::iter::repeat_n(reason, count as usize))
        .collect()
}

#[test]
fn a_light_pass_moves_into_the_next_light_pass_past_a_shadow_pass() {
    let ops = light_shadow_light();
    let plan = plan(&ops);
    let merged = merged_with(&ops, |_| {});
    assert_eq!(merged.accepted, 1);
    assert_eq!(merged.passes(plan.passes.len()), 2);
    assert_eq!(merged.host, [Some(2), None, None]);
    // The shadow pass, then the light pass with the first light's draw before its own.
    assert_eq!(
        merged.steps,
        [
            Step::BeginPass(1),
            Step::Ops { first: 3, end: 4 },
            Step::EndPass,
            Step::BeginPass(2),
            Step::Ops { first: 1, end: 2 },
            Step::Ops { first: 5, end: 6 },
            Step::EndPass,
        ]
    );
    assert_eq!(
        merged.moved,
        [false, false, false, false, true, false, false]
    );
    assert_eq!(merged.merged_into(2).collect::<Vec<_>>(), [0, 2]);
    // The shadow pass has no later pass of its own, and the light pass reads it not.
    assert_eq!(
        rejections(&merged),
        [Rejection::NoLaterPass, Rejection::NoLaterPass]
    );
}

#[test]
fn a_chain_of_light_passes_ends_in_the_last_and_keeps_the_first_clear() {
    let red = ClearValue::Float([1.0, 0.0, 0.0, 1.0]);
    let ops = vec![
        bind(0),
        Op::ClearColor {
            target: 0,
            value: red,
            mask: ComponentMask::ALL,
        },
        draw(),
        bind(1),
        draw(),
        bind(0),
        draw(),
        bind(2),
        draw(),
        bind(0),
        draw(),
    ];
    let plan = plan(&ops);
    assert_eq!(plan.passes[0].color_loads[0], Load::Clear(red));
    let merged = merged_with(&ops, |_| {});
    assert_eq!(merged.accepted, 2);
    assert_eq!(merged.host, [Some(4), None, Some(4), None, None]);
    assert_eq!(merged.passes(plan.passes.len()), 3);
    let begins = merged.begins[4]
        .as_ref()
        .expect("the host begins as the first did");
    assert_eq!(begins.color_loads[0], Load::Clear(red));
    assert_eq!(plan.passes[4].color_loads[0], Load::Load);
    let draws: Vec<usize> = merged
        .steps
        .iter()
        .filter_map(|step| match step {
            Step::Ops { first, .. } => Some(*first),
            _ => None,
        })
        .collect();
    // Shadow passes first, then the three light draws in list order.
    assert_eq!(draws, [4, 8, 2, 6, 10]);
}

#[test]
fn a_clear_inside_the_pass_keeps_it() {
    let mut ops = light_shadow_light();
    ops.insert(
        2,
        Op::ClearColor {
            target: 0,
            value: ClearValue::Float([0.0; 4]),
            mask: ComponentMask::ALL,
        },
    );
    let merged = merged_with(&ops, |_| {});
    assert_eq!(merged.accepted, 0);
    assert!(rejections(&merged).contains(&Rejection::ClearInPass));
}

#[test]
fn a_discard_keeps_it() {
    let mut ops = light_shadow_light();
    ops.insert(2, Op::Discard(DiscardTarget::Color(0)));
    let merged = merged_with(&ops, |_| {});
    assert_eq!(merged.accepted, 0);
    assert!(rejections(&merged).contains(&Rejection::Discard));
}

#[test]
fn shader_writes_by_its_draws_keep_it() {
    let merged = merged_with(&light_shadow_light(), |passes| {
        passes[0].shader_writes = true
    });
    assert_eq!(merged.accepted, 0);
    assert!(rejections(&merged).contains(&Rejection::ShaderWrite));
}

#[test]
fn bindless_reads_keep_it_unless_allowed() {
    let ops = light_shadow_light();
    let merged = merged_with(&ops, |passes| passes[0].bindless_reads = true);
    assert_eq!(merged.accepted, 0);
    assert!(rejections(&merged).contains(&Rejection::BindlessRead));
    let plan = plan(&ops);
    let mut passes = access(&plan, &ops);
    passes[0].bindless_reads = true;
    let allowed = DeferRules {
        allow_bindless: true,
        ..RULES
    };
    assert_eq!(merge(&plan, &ops, &passes, allowed).accepted, 1);
}

#[test]
fn a_dispatch_update_copy_clear_barrier_sync_or_label_between_ends_the_deferral() {
    let sync = SyncId::from_raw(1).unwrap();
    for (op, reason) in [
        (Op::Dispatch { groups: [1, 1, 1] }, Rejection::Dispatch),
        (
            Op::UpdateUniformBuffer { update_index: 0 },
            Rejection::UniformUpdate,
        ),
        (Op::Copy { copy_index: 0 }, Rejection::Copy),
        (
            Op::Barrier {
                order: BarrierOrder::FRAGMENTS,
                invalidate: Invalidate::TEXTURES,
            },
            Rejection::BarrierOrSync,
        ),
        (
            Op::SignalSync {
                sync,
                condition: SyncCondition::AllGpuCommandsComplete,
                flush: false,
            },
            Rejection::BarrierOrSync,
        ),
        (Op::WaitSync { sync }, Rejection::BarrierOrSync),
        (Op::ClearTexture { clear_index: 0 }, Rejection::Copy),
        (Op::PushDebugGroup { label_index: 0 }, Rejection::DebugLabel),
        (Op::PopDebugGroup, Rejection::DebugLabel),
        (
            Op::InsertDebugLabel { label_index: 0 },
            Rejection::DebugLabel,
        ),
    ] {
        let mut ops = light_shadow_light();
        ops.insert(4, op);
        let merged = merged_with(&ops, |_| {});
        assert_eq!(merged.accepted, 0, "{reason:?}");
        assert!(rejections(&merged).contains(&reason), "{reason:?}");
    }
}

#[test]
fn a_pass_between_that_writes_shader_memory_ends_the_deferral() {
    let merged = merged_with(&light_shadow_light(), |passes| {
        passes[1].shader_writes = true
    });
    assert_eq!(merged.accepted, 0);
    assert!(rejections(&merged).contains(&Rejection::WriteBetween));
}

#[test]
fn a_pass_between_touching_what_it_reads_or_writes_ends_the_deferral() {
    // The shadow pass writes what the light draws sample (one shadow map for both).
    let merged = merged_with(&light_shadow_light(), |passes| {
        passes[0].reads.push(storage(1))
    });
    assert!(rejections(&merged).contains(&Rejection::Hazard));
    assert_eq!(merged.accepted, 0);
    // The shadow pass samples the light buffer the deferred draws write.
    let merged = merged_with(&light_shadow_light(), |passes| {
        passes[1].reads.push(storage(0))
    });
    assert_eq!(merged.accepted, 0);
    // The shadow pass's storage overlaps the light buffer's (aliased targets).
    let merged = merged_with(&light_shadow_light(), |passes| {
        passes[1].writes.push((pool(), 0x800..0x1800))
    });
    assert_eq!(merged.accepted, 0);
    // Another pool at the same offsets is no hazard.
    let other = PoolId::from_raw(2).unwrap();
    let merged = merged_with(&light_shadow_light(), |passes| {
        passes[1].writes.push((other, 0..0x1000))
    });
    assert_eq!(merged.accepted, 1);
}

#[test]
fn a_later_pass_that_clears_takes_nothing() {
    let mut ops = light_shadow_light();
    ops.insert(
        5,
        Op::ClearColor {
            target: 0,
            value: ClearValue::Float([0.0; 4]),
            mask: ComponentMask::ALL,
        },
    );
    let merged = merged_with(&ops, |_| {});
    assert_eq!(merged.accepted, 0);
    assert!(rejections(&merged).contains(&Rejection::LaterPassClears));
}

#[test]
fn the_later_pass_must_open_within_the_look_ahead() {
    let mut ops = vec![bind(0), draw(), bind(1)];
    ops.extend(std::iter::repeat_n(draw(), 40));
    ops.extend([bind(0), draw()]);
    let plan = plan(&ops);
    let passes = access(&plan, &ops);
    let near = DeferRules {
        look_ahead_ops: 20,
        ..RULES
    };
    let merged = merge(&plan, &ops, &passes, near);
    assert_eq!(merged.accepted, 0);
    assert!(rejections(&merged).contains(&Rejection::LookAhead));
    assert_eq!(merge(&plan, &ops, &passes, RULES).accepted, 1);
}

#[test]
fn with_no_later_pass_of_its_targets_it_stays() {
    let ops = vec![bind(0), draw(), bind(1), draw()];
    let merged = merged_with(&ops, |_| {});
    assert_eq!(merged.accepted, 0);
    assert_eq!(
        rejections(&merged),
        [Rejection::NoLaterPass, Rejection::NoLaterPass]
    );
    assert_eq!(merged.steps, plan(&ops).steps);
}

#[test]
fn every_reason_has_a_name_of_its_own() {
    let mut names: Vec<&str> = Rejection::ALL.iter().map(|reason| reason.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), Rejection::ALL.len());
}

use gpu::command::{BarrierOrder, DrawArrays, Invalidate};
use gpu::objects::SyncCondition;
use gpu::state::{PrimitiveKind, Scissor};
use gpu::{SyncId, ViewId};

use super::*;

const RED: ClearValue = ClearValue::Float([1.0, 0.0, 0.0, 1.0]);
const BLUE: ClearValue = ClearValue::Float([0.0, 0.0, 1.0, 1.0]);

fn view(raw: u32) -> ViewId {
    ViewId::from_raw(raw).unwrap()
}

/// Side table of the tests: index 0 is one colour target, 1 another, 2 colour + depth.
fn targets_of(index: u32) -> RenderTargets {
    let mut targets = RenderTargets::default();
    match index {
        0 => targets.colors[0] = Some(view(1)),
        1 => targets.colors[0] = Some(view(2)),
        _ => {
            targets.colors[0] = Some(view(1));
            targets.depth_stencil = Some(view(3));
        }
    }
    targets
}

fn bind(index: u32) -> Op {
    Op::BindRenderTargets {
        targets_index: index,
    }
}

fn clear(value: ClearValue, mask: ComponentMask) -> Op {
    Op::ClearColor {
        target: 0,
        value,
        mask,
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

#[test]
fn a_clear_at_pass_start_becomes_the_load_op() {
    let plan = plan(&[bind(0), clear(RED, ComponentMask::ALL)]);
    assert_eq!(plan.steps, [Step::BeginPass(0), Step::EndPass]);
    assert_eq!(plan.passes.len(), 1);
    assert_eq!(plan.passes[0].color_loads[0], Load::Clear(RED));
    assert_eq!(plan.passes[0].color_loads[1], Load::Load);
    assert_eq!(plan.passes[0].color_stores[0], Store::Store);
}

#[test]
fn the_last_of_several_leading_clears_wins() {
    let plan = plan(&[
        bind(0),
        clear(RED, ComponentMask::ALL),
        clear(BLUE, ComponentMask::ALL),
    ]);
    assert_eq!(plan.steps, [Step::BeginPass(0), Step::EndPass]);
    assert_eq!(plan.passes[0].color_loads[0], Load::Clear(BLUE));
}

#[test]
fn clears_after_a_draw_or_with_a_partial_mask_stay_in_the_pass() {
    let plan = plan(&[
        bind(0),
        clear(RED, ComponentMask::ALL),
        draw(),
        clear(BLUE, ComponentMask::ALL),
    ]);
    assert_eq!(
        plan.steps,
        [
            Step::BeginPass(0),
            Step::Ops { first: 2, end: 3 },
            Step::ClearInPass(3),
            Step::EndPass
        ]
    );
    assert_eq!(plan.passes[0].color_loads[0], Load::Clear(RED));

    let masked = super::tests::plan(&[bind(0), clear(RED, ComponentMask::R | ComponentMask::A)]);
    assert_eq!(
        masked.steps,
        [Step::BeginPass(0), Step::ClearInPass(1), Step::EndPass]
    );
    assert_eq!(masked.passes[0].color_loads[0], Load::Load);
}

#[test]
fn copies_dispatches_barriers_and_syncs_end_a_pass() {
    let sync = SyncId::from_raw(1).unwrap();
    let enders = [
        Op::Copy { copy_index: 0 },
        Op::Dispatch { groups: [1, 1, 1] },
        Op::Barrier {
            order: BarrierOrder::FRAGMENTS,
            invalidate: Invalidate::TEXTURES,
        },
        Op::SignalSync {
            sync,
            condition: SyncCondition::AllGpuCommandsComplete,
            flush: false,
        },
        Op::WaitSync { sync },
    ];
    for ender in enders {
        let plan = plan(&[
            bind(0),
            clear(RED, ComponentMask::ALL),
            ender,
            clear(BLUE, ComponentMask::ALL),
        ]);
        assert_eq!(
            plan.steps,
            [
                Step::BeginPass(0),
                Step::EndPass,
                Step::Op(2),
                Step::BeginPass(1),
                Step::EndPass
            ],
            "{ender:?}"
        );
        assert_eq!(plan.passes[1].color_loads[0], Load::Clear(BLUE));
    }
}

#[test]
fn a_target_change_ends_a_pass_and_rebinding_the_same_targets_does_not() {
    let same = plan(&[bind(0), clear(RED, ComponentMask::ALL), bind(0), draw()]);
    assert_eq!(
        same.steps,
        [
            Step::BeginPass(0),
            Step::Ops { first: 3, end: 4 },
            Step::EndPass
        ]
    );
    let changed = plan(&[bind(0), clear(RED, ComponentMask::ALL), bind(1), draw()]);
    assert_eq!(
        changed.steps,
        [
            Step::BeginPass(0),
            Step::EndPass,
            Step::BeginPass(1),
            Step::Ops { first: 3, end: 4 },
            Step::EndPass
        ]
    );
    assert_eq!(changed.passes[1].targets, targets_of(1));
    assert_eq!(changed.passes[1].color_loads[0], Load::Load);
    assert_eq!(changed.final_targets, targets_of(1));
}

#[test]
fn state_and_binds_do_not_open_or_end_passes() {
    let plan = plan(&[
        bind(0),
        Op::SetState { state_index: 0 },
        draw(),
        Op::SetState { state_index: 1 },
        draw(),
    ]);
    assert_eq!(
        plan.steps,
        [
            Step::Ops { first: 1, end: 2 },
            Step::BeginPass(0),
            Step::Ops { first: 2, end: 5 },
            Step::EndPass
        ]
    );
}

#[test]
fn a_span_of_binds_and_draws_ends_at_an_op_without_a_step_and_at_pass_ends() {
    let plan = plan(&[
        bind(0),
        Op::SetState { state_index: 0 },
        draw(),
        draw(),
        // Folded into nothing: the same targets bound again.
        bind(0),
        Op::SetState { state_index: 1 },
        draw(),
        Op::Dispatch { groups: [1, 1, 1] },
        Op::SetState { state_index: 2 },
        draw(),
    ]);
    assert_eq!(
        plan.steps,
        [
            Step::Ops { first: 1, end: 2 },
            Step::BeginPass(0),
            Step::Ops { first: 2, end: 4 },
            Step::Ops { first: 5, end: 7 },
            Step::EndPass,
            Step::Op(7),
            Step::Ops { first: 8, end: 9 },
            Step::BeginPass(1),
            Step::Ops { first: 9, end: 10 },
            Step::EndPass
        ]
    );
}

#[test]
fn discards_make_stores_or_the_next_load_dont_care_until_written_again() {
    let in_pass = plan(&[
        bind(0),
        clear(RED, ComponentMask::ALL),
        Op::Discard(DiscardTarget::Color(0)),
    ]);
    assert_eq!(in_pass.passes[0].color_stores[0], Store::DontCare);

    let rewritten = plan(&[
        bind(0),
        draw(),
        Op::Discard(DiscardTarget::Color(0)),
        draw(),
    ]);
    assert_eq!(rewritten.passes[0].color_stores[0], Store::Store);

    let before = plan(&[bind(2), Op::Discard(DiscardTarget::DepthStencil), draw()]);
    assert_eq!(before.passes[0].depth_load, Load::DontCare);
    assert_eq!(before.passes[0].stencil_load, Load::DontCare);
    assert_eq!(before.passes[0].color_loads[0], Load::Load);

    let forgotten = plan(&[
        bind(2),
        Op::Discard(DiscardTarget::DepthStencil),
        bind(0),
        bind(2),
        draw(),
    ]);
    assert_eq!(forgotten.passes[0].depth_load, Load::Load);
}

#[test]
fn depth_and_stencil_clears_fold_only_when_whole_and_first() {
    let folded = plan(&[
        bind(2),
        Op::ClearDepthStencil {
            depth: Some(1.0),
            stencil: Some(7),
            stencil_mask: 0xff,
        },
    ]);
    assert_eq!(folded.steps, [Step::BeginPass(0), Step::EndPass]);
    assert_eq!(folded.passes[0].depth_load, Load::Clear(1.0));
    assert_eq!(folded.passes[0].stencil_load, Load::Clear(7));

    let depth_only = plan(&[
        bind(2),
        Op::ClearDepthStencil {
            depth: Some(0.5),
            stencil: None,
            stencil_mask: 0xff,
        },
    ]);
    assert_eq!(depth_only.passes[0].depth_load, Load::Clear(0.5));
    assert_eq!(depth_only.passes[0].stencil_load, Load::Load);

    let masked = plan(&[
        bind(2),
        Op::ClearDepthStencil {
            depth: Some(0.5),
            stencil: Some(3),
            stencil_mask: 0x0f,
        },
    ]);
    assert_eq!(
        masked.steps,
        [Step::BeginPass(0), Step::ClearInPass(1), Step::EndPass]
    );
    assert_eq!(masked.passes[0].depth_load, Load::Load);
}

#[test]
fn clears_of_unbound_targets_or_nothing_record_nothing() {
    let plan = plan(&[
        clear(RED, ComponentMask::ALL),
        bind(0),
        clear(RED, ComponentMask::NONE),
        Op::ClearDepthStencil {
            depth: Some(1.0),
            stencil: None,
            stencil_mask: 0xff,
        },
    ]);
    assert!(plan.steps.is_empty(), "{:?}", plan.steps);
    assert!(plan.passes.is_empty());
}

#[test]
fn targets_bound_by_an_earlier_list_carry_over() {
    let plan = form_passes(&[clear(RED, ComponentMask::ALL)], targets_of(1), targets_of);
    assert_eq!(plan.steps, [Step::BeginPass(0), Step::EndPass]);
    assert_eq!(plan.passes[0].targets, targets_of(1));
}

/// A scissor that cuts the targets (set at the start, or by a state change before the
/// clear) keeps a pass's first clear out of its load op: the clear is cut to the scissor
/// inside the pass. One that covers them does not.
#[test]
fn clears_while_a_scissor_cuts_the_targets_stay_in_the_pass() {
    let ops = [
        bind(0),
        Op::SetState { state_index: 7 },
        clear(RED, ComponentMask::ALL),
    ];
    let (small, whole) = (Scissor::covering(4, 4), Scissor::covering(64, 64));
    // The tests' targets are 16 pixels square.
    let cuts = |_: &RenderTargets, scissor: &Scissor| scissor.width_px < 16;
    let planned = |at_start, set: Option<Scissor>| {
        let scissoring = Scissoring {
            at_start,
            scissor_of: |index| set.filter(|_| index == 7),
            cuts,
        };
        form_passes_into(
            &ops,
            RenderTargets::default(),
            targets_of,
            scissoring,
            Vec::new(),
        )
    };
    for folded in [
        planned(None, None),
        planned(Some(whole), None),
        planned(Some(small), Some(whole)),
    ] {
        assert_eq!(folded.passes[0].color_loads[0], Load::Clear(RED));
    }
    for scissored in [
        planned(Some(small), None),
        planned(None, Some(small)),
        planned(Some(whole), Some(small)),
    ] {
        assert_eq!(scissored.passes[0].color_loads[0], Load::Load);
        assert!(scissored.steps.contains(&Step::ClearInPass(2)));
        assert_eq!(scissored.passes[0].color_stores[0], Store::Store);
    }
}

#[test]
fn a_debug_group_push_or_pop_ends_the_pass_and_a_label_stays_in_it() {
    let push = Op::PushDebugGroup { label_index: 0 };
    let label = Op::InsertDebugLabel { label_index: 1 };
    let plan = plan(&[
        bind(0),
        draw(),
        label,
        draw(),
        push,
        draw(),
        Op::PopDebugGroup,
    ]);
    assert_eq!(
        plan.steps,
        [
            Step::BeginPass(0),
            Step::Ops { first: 1, end: 2 },
            Step::DebugLabel(2),
            Step::Ops { first: 3, end: 4 },
            Step::EndPass,
            Step::DebugLabel(4),
            Step::BeginPass(1),
            Step::Ops { first: 5, end: 6 },
            Step::EndPass,
            Step::DebugLabel(6),
        ]
    );
    assert_eq!(
        plan.passes[1].color_loads[0],
        Load::Load,
        "the pass goes on loading"
    );
}

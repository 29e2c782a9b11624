//! `keeps_pipeline` against the pipeline key itself: random states, random changes of
//! every kind; wherever a change is said to keep the pipeline, the key made from the
//! baked state before it equals the key after it.

use gpu::state::{
    BlendEquation, BlendFactor, BlendOp, BlendState, CompareOp, ComponentMask, CullMode,
    DepthBounds, DepthStencilState, FrontFace, PolygonMode, PolygonOffset, PrimitiveKind,
    RasterizerState, Scissor, StateChange, StencilFace, StencilOp, Viewport,
};
use gpu::Coded;
use gpu::ProgramId;

use crate::executor::pipelines::dynamic_state::DynamicSet;
use crate::executor::pipelines::graphics_state::{GraphicsState, TargetFormats};

/// A small xorshift generator: the cases are the same on every run (shared with
/// `prepare::dynamic_shape`'s test).
pub(crate) struct Cases(pub(crate) u64);

impl Cases {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub(crate) fn below(&mut self, limit: u64) -> u64 {
        self.next() % limit
    }
    fn flag(&mut self) -> bool {
        self.below(2) == 1
    }
    fn coded<T: Coded>(&mut self, codes: u8) -> T {
        T::from_code(self.below(u64::from(codes)) as u8).expect("codes below the count")
    }
    fn equation(&mut self) -> BlendEquation {
        BlendEquation {
            src_factor: self.coded::<BlendFactor>(10),
            dst_factor: self.coded::<BlendFactor>(10),
            op: self.coded::<BlendOp>(5),
        }
    }
    fn stencil_face(&mut self) -> StencilFace {
        StencilFace {
            fail: self.coded::<StencilOp>(8),
            depth_fail: self.coded::<StencilOp>(8),
            pass: self.coded::<StencilOp>(8),
            compare: self.coded::<CompareOp>(8),
            reference: self.below(256) as u8,
            read_mask: self.below(256) as u8,
            write_mask: self.below(256) as u8,
        }
    }

    /// One change of any kind the tests draw from (those `keeps_pipeline` may accept, and
    /// some it must refuse).
    pub(crate) fn change(&mut self) -> StateChange {
        let size_px = self.below(256) as u32 + 1;
        match self.below(10) {
            0 => StateChange::Scissors {
                first: self.below(4) as u8,
                scissors: vec![Scissor::covering(size_px, size_px)],
            },
            1 => StateChange::Viewports {
                first: self.below(4) as u8,
                viewports: vec![Viewport::covering(size_px, size_px)],
            },
            2 => StateChange::BlendConstant([self.below(4) as f32 / 4.0; 4]),
            3 => StateChange::DepthStencil(DepthStencilState {
                depth_test: self.flag(),
                depth_write: self.flag(),
                depth_compare: self.coded::<CompareOp>(8),
                stencil_test: self.flag(),
                front: self.stencil_face(),
                back: self.stencil_face(),
            }),
            4 => StateChange::DepthBounds(self.flag().then_some(DepthBounds {
                min: 0.25,
                max: self.below(4) as f32 / 4.0,
            })),
            5 => StateChange::PolygonOffset(PolygonOffset {
                factor: self.below(4) as f32,
                units: self.below(4) as f32,
                clamp: 0.0,
                fill: self.flag(),
                line: self.flag(),
                point: self.flag(),
            }),
            6 => StateChange::Blend {
                target: self.below(8) as u8,
                state: BlendState {
                    enabled: self.flag(),
                    color: self.equation(),
                    alpha: self.equation(),
                },
            },
            7 => StateChange::BlendEnables(self.below(256) as u8),
            8 => StateChange::Rasterizer(RasterizerState {
                cull: self.coded::<CullMode>(4),
                front_face: self.coded::<FrontFace>(2),
                polygon_mode: self.coded::<PolygonMode>(3),
                depth_clamp: self.flag(),
                discard: self.flag(),
                line_width_px: 1.0 + self.below(2) as f32,
                point_size_px: 1.0 + self.below(2) as f32 * 3.0,
            }),
            _ => {
                let mut masks = [ComponentMask::ALL; 8];
                masks[self.below(8) as usize] = ComponentMask::NONE;
                StateChange::WriteMasks(masks)
            }
        }
    }

    /// A rasterizer change (cull and polygon mode: baked where polygon modes are not
    /// dynamic), to vary the state changes land on.
    pub(crate) fn baked_change(&mut self) -> StateChange {
        StateChange::Rasterizer(RasterizerState {
            cull: self.coded::<CullMode>(4),
            polygon_mode: if self.flag() {
                PolygonMode::Fill
            } else {
                PolygonMode::Line
            },
            ..RasterizerState::default()
        })
    }
}

fn key(set: DynamicSet, state: &GraphicsState) -> impl PartialEq + std::fmt::Debug {
    let targets = TargetFormats {
        colors: [37; 8],
        ..TargetFormats::default()
    };
    let (baked, primitive, targets) = set.baked(state, PrimitiveKind::Triangles, targets);
    let program = ProgramId::from_raw(1).expect("a nonzero id");
    baked.pipeline_key(program, primitive, targets, (false, None))
}

#[test]
fn kept_pipelines_have_the_same_key() {
    let sets = [
        DynamicSet::default(),
        DynamicSet {
            depth_clamp: true,
            polygon_mode: true,
            sample_mask: true,
            alpha_to_coverage: true,
            alpha_to_one: true,
            logic_op: true,
            blend: true,
        },
    ];
    let mut cases = Cases(0x9e37_79b9_7f4a_7c15);
    let (mut kept, mut refused_and_moved) = (0, 0);
    for set in sets {
        let mut state = GraphicsState::default();
        for _ in 0..4000 {
            if cases.below(8) == 0 {
                state.apply(&cases.baked_change());
            }
            let change = cases.change();
            let before = key(set, &state);
            let keeps = set.keeps_pipeline_on(&state, &change);
            state.apply(&change);
            let after = key(set, &state);
            if keeps {
                kept += 1;
                assert_eq!(before, after, "{change:?} kept the pipeline under {set:?}");
            } else if before != after {
                refused_and_moved += 1;
            }
        }
    }
    // Both sides were met: changes kept, and refused ones that did move the key (blend
    // changes where blending is baked).
    assert!(kept > 4000, "{kept} changes kept");
    assert!(
        refused_and_moved > 100,
        "{refused_and_moved} refused changes moved the key"
    );
}

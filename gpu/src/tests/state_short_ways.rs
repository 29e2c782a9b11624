//! The state changes' short ways (`CommandBuffer::set_state`, `set_scissor`,
//! `set_viewport` and their `try_` forms, which the C ABI's setters take) against the full
//! way (`record` of `Command::SetState`): random runs of changes of every kind the setters
//! take, valid and not, with draws between them, on a capable device and on one lacking
//! features and portability features. Each change and draw is accepted or refused alike,
//! with the same error, and the two lists are equal.

use crate::command::{Command, DrawArrays};
use crate::portability::PortabilityFeatures;
use crate::state::*;
use crate::test_backend::{TestBackend, CAPABLE};
use crate::{Coded, Device, DeviceFeatures, DeviceMaker, RecordError};

use super::fixture::{scene, targets};

/// A small xorshift generator: the cases are the same on every run.
struct Cases(u64);

impl Cases {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, limit: u64) -> u64 {
        self.next() % limit
    }
    fn flag(&mut self) -> bool {
        self.below(2) == 1
    }
    fn pick<T: Copy>(&mut self, values: &[T]) -> T {
        values[self.below(values.len() as u64) as usize]
    }
    fn coded<T: Coded>(&mut self, codes: u8) -> T {
        T::from_code(self.below(u64::from(codes)) as u8).expect("codes below the count")
    }
    fn equation(&mut self) -> BlendEquation {
        BlendEquation {
            src_factor: self.coded::<BlendFactor>(19),
            dst_factor: self.coded::<BlendFactor>(19),
            op: self.coded::<BlendOp>(5),
        }
    }
    fn stencil_face(&mut self) -> StencilFace {
        StencilFace {
            fail: self.coded::<StencilOp>(8),
            depth_fail: self.coded::<StencilOp>(8),
            pass: self.coded::<StencilOp>(8),
            compare: self.coded::<CompareOp>(8),
            reference: self.pick(&[0, 1, 255]),
            read_mask: self.below(256) as u8,
            write_mask: self.below(256) as u8,
        }
    }
    /// An index: mostly in range, at times at or past the 16 viewports.
    fn first(&mut self) -> u8 {
        self.pick(&[0, 0, 1, 3, 15, 16, 200])
    }
    fn scissor(&mut self) -> Scissor {
        Scissor {
            x_px: self.pick(&[0, 5, -3]),
            y_px: self.pick(&[0, 7, -1]),
            width_px: self.pick(&[0, 1, 64]),
            height_px: self.pick(&[1, 64, u32::MAX]),
        }
    }
    fn viewport(&mut self) -> Viewport {
        Viewport {
            x_px: self.pick(&[0.0, 3.5, f32::NAN]),
            y_px: self.pick(&[0.0, -2.0]),
            width_px: self.pick(&[64.0, 1.0, 0.0, -4.0, f32::INFINITY]),
            height_px: self.pick(&[64.0, -64.0, 0.0]),
            min_depth: self.pick(&[0.0, 0.5, -0.1]),
            max_depth: self.pick(&[1.0, 0.5, 1.5]),
        }
    }

    /// A change of a kind the setters take, valid or not on some device.
    fn change(&mut self) -> StateChange {
        let count = self.pick(&[1, 1, 1, 2]);
        match self.below(12) {
            0 => StateChange::Scissors {
                first: self.first(),
                scissors: (0..count).map(|_| self.scissor()).collect(),
            },
            1 => StateChange::Viewports {
                first: self.first(),
                viewports: (0..count).map(|_| self.viewport()).collect(),
            },
            2 => StateChange::Blend {
                target: self.pick(&[0, 1, 7, 8]),
                state: BlendState {
                    enabled: self.flag(),
                    color: self.equation(),
                    alpha: self.equation(),
                },
            },
            3 => StateChange::BlendEnables(self.below(256) as u8),
            // Not a NaN: one is recorded (the blend constant takes any value), and the
            // lists are compared.
            4 => StateChange::BlendConstant([self.pick(&[0.0, 0.5, 2.0]); 4]),
            5 => {
                let mut masks = [ComponentMask::ALL; MAX_COLOR_TARGETS];
                masks[self.below(8) as usize] = ComponentMask(self.below(32) as u8);
                StateChange::WriteMasks(masks)
            }
            6 => StateChange::LogicOp(self.flag().then(|| self.coded::<LogicOp>(16))),
            7 => StateChange::DepthStencil(DepthStencilState {
                depth_test: self.flag(),
                depth_write: self.flag(),
                depth_compare: self.coded::<CompareOp>(8),
                stencil_test: self.flag(),
                front: self.stencil_face(),
                back: self.stencil_face(),
            }),
            8 => StateChange::Rasterizer(RasterizerState {
                cull: self.coded::<CullMode>(4),
                front_face: self.coded::<FrontFace>(2),
                polygon_mode: self.coded::<PolygonMode>(3),
                depth_clamp: self.flag(),
                discard: self.pick(&[false, false, true]),
                line_width_px: self.pick(&[1.0, 2.0, -1.0, 100.0]),
                point_size_px: self.pick(&[1.0, 3.0, 0.0]),
            }),
            9 => StateChange::PolygonOffset(PolygonOffset {
                factor: self.pick(&[0.0, 1.0, f32::NAN]),
                units: self.pick(&[0.0, 2.0]),
                clamp: self.pick(&[0.0, 0.0, 1.0]),
                fill: self.flag(),
                line: self.flag(),
                point: self.flag(),
            }),
            10 => StateChange::DepthBounds(self.flag().then(|| DepthBounds {
                min: self.pick(&[0.0, 0.5, -1.0]),
                max: self.pick(&[1.0, 0.25]),
            })),
            _ => StateChange::PrimitiveRestart(self.flag().then_some(0xffff)),
        }
    }
}

fn device_with(features: DeviceFeatures) -> Device {
    Device::new(DeviceMaker::new(Box::new(TestBackend::with_features(
        features,
    ))))
    .unwrap()
}

/// Records `change` the way a renderer (or the C ABI's setters) would: one scissor or
/// viewport through its own setter, at times through the `try_` form first.
fn set_short(
    buffer: &mut crate::CommandBuffer<'_>,
    change: StateChange,
    try_first: bool,
) -> Result<(), RecordError> {
    match change {
        StateChange::Scissors { first, scissors } if scissors.len() == 1 => {
            if try_first && buffer.try_set_scissor(first, scissors[0]) {
                return Ok(());
            }
            buffer.set_scissor(first, scissors[0])
        }
        StateChange::Viewports { first, viewports } if viewports.len() == 1 => {
            if try_first && buffer.try_set_viewport(first, viewports[0]) {
                return Ok(());
            }
            buffer.set_viewport(first, viewports[0])
        }
        change => {
            if try_first && buffer.try_set_state(change.clone()) {
                return Ok(());
            }
            buffer.set_state(change)
        }
    }
}

#[test]
fn state_short_ways_accept_and_refuse_as_the_full_way_and_record_the_same_list() {
    let lacking = DeviceFeatures {
        dual_src_blend: false,
        logic_op: false,
        wide_lines: false,
        depth_clamp: false,
        depth_bounds: false,
        depth_bias_clamp: false,
        portability: PortabilityFeatures {
            point_polygons: false,
            constant_alpha_color_blend_factors: false,
            separate_stencil_mask_ref: false,
            ..PortabilityFeatures::FULL
        },
        ..CAPABLE
    };
    let mut cases = Cases(0x9e37_79b9_7f4a_7c15);
    let (mut accepted, mut refused) = (0, 0);
    for features in [CAPABLE, lacking] {
        let device = device_with(features);
        let scene = scene(&device);
        let mut short = device.command_buffer();
        let mut full = device.command_buffer();
        for buffer in [&mut short, &mut full] {
            buffer.bind_render_targets(targets(&scene)).unwrap();
            buffer.bind_program(scene.graphics).unwrap();
        }
        for step in 0..3000 {
            if cases.below(4) == 0 {
                let draw = DrawArrays {
                    primitive: cases.pick(&[PrimitiveKind::Triangles, PrimitiveKind::Points]),
                    first_vertex: 0,
                    vertex_count: 3,
                    first_instance: 0,
                    instance_count: 1,
                };
                let by_short = short.draw(draw);
                assert_eq!(by_short, full.record(Command::Draw(draw)), "draw at {step}");
                continue;
            }
            let change = cases.change();
            let by_short = set_short(&mut short, change.clone(), cases.flag());
            let by_full = full.record(Command::SetState(change.clone()));
            assert_eq!(by_short, by_full, "{change:?} at {step}");
            match by_full {
                Ok(()) => accepted += 1,
                Err(_) => refused += 1,
            }
        }
        let (short, full) = (short.finish(), full.finish());
        assert!(short == full, "the lists differ");
    }
    // Both sides were met, each often.
    assert!(
        accepted > 1500 && refused > 1000,
        "{accepted} accepted, {refused} refused"
    );
}

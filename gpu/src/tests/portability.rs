//! The portability checks on the test backend: each refused when recorded on a device
//! lacking its feature (the field and the feature named, the buffer left as it was), and
//! recorded where the feature is offered. The MoltenVK route on a real driver is
//! `tests/portability_features.rs`.

use crate::command::{Command, RenderTargets};
use crate::objects::{SamplerMaker, Stage, TextureBuilder, TextureHandle, ViewMaker, WrapMode};
use crate::portability::PortabilityFeatures;
use crate::test_backend::{TestBackend, CAPABLE};
use crate::{Device, DeviceFeatures, DeviceMaker, RecordError};

use super::fixture::{rgba8, scene};

fn device_with(portability: PortabilityFeatures) -> Device {
    let features = DeviceFeatures {
        portability,
        ..CAPABLE
    };
    Device::new(DeviceMaker::new(Box::new(TestBackend::with_features(
        features,
    ))))
    .unwrap()
}

fn assert_refused(result: Result<(), RecordError>, feature: &str) {
    match result {
        Err(RecordError::MissingCapability { capability, .. }) => {
            assert!(capability.contains(feature), "{capability}")
        }
        other => panic!("expected a refusal naming {feature}: {other:?}"),
    }
}

/// `multisampleArrayImage` is never needed today: the object model has no multisampled
/// array (a multisampled texture has one layer, on every device), so nothing reaches the
/// check (`command::portability` refuses one as a target or a texture where the feature
/// is off, once such a kind exists); a single-layer multisampled target is recorded.
#[test]
fn a_multisampled_array_cannot_be_made_and_a_multisampled_target_needs_nothing() {
    let lacking = device_with(PortabilityFeatures {
        multisample_array_image: false,
        ..PortabilityFeatures::FULL
    });
    let scene = scene(&lacking);
    let array = TextureBuilder::new_2d(rgba8(), 16, 16)
        .kind(crate::mem::TextureKind::D2Multisample)
        .layers(2)
        .samples(4);
    assert!(matches!(
        lacking.create_texture(&array, scene.pool, 0),
        Err(crate::ObjectError::Layout(
            crate::mem::LayoutError::KindRequires { what: "layers", .. }
        ))
    ));
    let single = TextureBuilder::new_2d(rgba8(), 16, 16)
        .kind(crate::mem::TextureKind::D2Multisample)
        .samples(4);
    let texture = lacking.create_texture(&single, scene.pool, 0).unwrap();
    let view = lacking.create_view(&ViewMaker::whole(texture)).unwrap();
    let mut targets = RenderTargets::default();
    targets.colors[0] = Some(view);
    let mut commands = lacking.command_buffer();
    assert!(commands.bind_render_targets(targets).is_ok());
}

/// A feature's name, a sampler needing it, and how to take it from a full device.
type SamplerCase = (&'static str, SamplerMaker, fn(&mut PortabilityFeatures));

#[test]
fn each_sampler_feature_is_refused_when_a_texture_is_bound_without_it() {
    let cases: [SamplerCase; 2] = [
        (
            "mutableComparisonSamplers",
            SamplerMaker {
                compare: Some(crate::state::CompareOp::Greater),
                ..SamplerMaker::default()
            },
            |features| features.mutable_comparison_samplers = false,
        ),
        (
            "samplerMirrorClampToEdge",
            SamplerMaker {
                wrap: [
                    WrapMode::Repeat,
                    WrapMode::MirrorClampToEdge,
                    WrapMode::Repeat,
                ],
                ..SamplerMaker::default()
            },
            |features| features.sampler_mirror_clamp_to_edge = false,
        ),
    ];
    for (feature, maker, withhold) in cases {
        let mut portability = PortabilityFeatures::FULL;
        withhold(&mut portability);
        for (device, offered) in [
            (device_with(PortabilityFeatures::FULL), true),
            (device_with(portability), false),
        ] {
            let scene = scene(&device);
            let sampler = device.create_sampler(&maker).unwrap();
            device.register_sampler(scene.samplers, 1, sampler).unwrap();
            let mut commands = device.command_buffer();
            commands
                .bind_descriptor_tables(scene.textures, scene.samplers)
                .unwrap();
            // Any stage (a LOD bias, the one other sampler feature, is applied in the
            // shader instead: `a_biased_sampler_is_bound_in_every_stage_without_the_feature`).
            let bind = |slot| Command::BindTexture {
                stage: Stage::Compute,
                slot: 0,
                handle: TextureHandle {
                    texture_slot: 1,
                    sampler_slot: slot,
                },
            };
            let result = commands.record(bind(1));
            if offered {
                assert!(result.is_ok(), "{feature}: {result:?}");
            } else {
                assert_refused(result, feature);
            }
            // The plain sampler in slot 0 needs nothing.
            assert!(commands.record(bind(0)).is_ok(), "{feature}");
        }
    }
}

#[test]
fn a_biased_sampler_is_bound_in_every_stage_without_the_feature() {
    let device = device_with(PortabilityFeatures {
        sampler_mip_lod_bias: false,
        ..PortabilityFeatures::FULL
    });
    let scene = scene(&device);
    let biased = SamplerMaker {
        lod_bias: 2.0,
        ..SamplerMaker::default()
    };
    let sampler = device.create_sampler(&biased).unwrap();
    device.register_sampler(scene.samplers, 1, sampler).unwrap();
    let mut commands = device.command_buffer();
    commands
        .bind_descriptor_tables(scene.textures, scene.samplers)
        .unwrap();
    for stage in [Stage::Vertex, Stage::Fragment, Stage::Compute] {
        let bound = commands.record(Command::BindTexture {
            stage,
            slot: 0,
            handle: TextureHandle {
                texture_slot: 1,
                sampler_slot: 1,
            },
        });
        assert!(bound.is_ok(), "{stage:?}: {bound:?}");
    }
}

#[test]
fn a_swizzled_view_is_bound_in_every_stage_without_the_feature() {
    use crate::objects::Swizzle;
    let device = device_with(PortabilityFeatures {
        image_view_format_swizzle: false,
        ..PortabilityFeatures::FULL
    });
    let scene = scene(&device);
    let swizzle = [Swizzle::B, Swizzle::G, Swizzle::R, Swizzle::One];
    let view = device
        .create_view(&ViewMaker::whole(scene.tile).swizzle(swizzle))
        .unwrap();
    device.register_texture(scene.textures, 5, view).unwrap();
    let mut commands = device.command_buffer();
    commands
        .bind_descriptor_tables(scene.textures, scene.samplers)
        .unwrap();
    let bind = |stage| Command::BindTexture {
        stage,
        slot: 0,
        handle: TextureHandle {
            texture_slot: 5,
            sampler_slot: 0,
        },
    };
    for stage in [Stage::Vertex, Stage::Fragment, Stage::Compute] {
        let bound = commands.record(bind(stage));
        assert!(bound.is_ok(), "{stage:?}: {bound:?}");
    }
}

#[test]
fn a_full_device_skips_the_texture_look_up_and_both_takes_the_lesser() {
    assert!(!PortabilityFeatures::FULL.restricts_textures());
    assert!(PortabilityFeatures::NONE.restricts_textures());
    // Biases and swizzles alone are made up for in the shaders: nothing to look up.
    let shader_made = PortabilityFeatures {
        sampler_mip_lod_bias: false,
        image_view_format_swizzle: false,
        ..PortabilityFeatures::FULL
    };
    assert!(!shader_made.restricts_textures());
    let metal = PortabilityFeatures {
        max_samplers_per_stage: 16,
        host_page_b: 16 << 10,
        point_polygons: false,
        ..PortabilityFeatures::FULL
    };
    let both = metal.both(PortabilityFeatures::FULL);
    assert_eq!(both, metal);
    assert_eq!(
        both.pool_page_b(),
        (16 << 10).max(crate::mem::host_page_size_b())
    );
    assert_eq!(
        PortabilityFeatures::FULL.pool_page_b(),
        crate::mem::host_page_size_b()
    );
    assert_eq!(DeviceFeatures::NONE.portability, PortabilityFeatures::NONE);
}

/// NVN's colour state turns blending on apart from the equations: a target whose colour
/// equation (set off) reads the constant alpha is refused when the colour state turns it
/// on without `constantAlphaColorBlendFactors`, and taken where the target's equation
/// reads none or the feature is offered.
#[test]
fn the_colour_state_turning_on_a_constant_alpha_equation_needs_the_feature() {
    use crate::state::{BlendFactor, BlendState, ColorState, StateChange};
    let mut constant = BlendState::nvn_defaults();
    constant.color.src_factor = BlendFactor::ConstantAlpha;
    for offered in [false, true] {
        let device = device_with(PortabilityFeatures {
            constant_alpha_color_blend_factors: offered,
            ..PortabilityFeatures::FULL
        });
        let mut commands = device.command_buffer();
        commands
            .set_state(StateChange::Blend {
                target: 2,
                state: constant,
            })
            .unwrap();
        let mut color = ColorState::nvn_defaults();
        color.blend_enable_mask = 0b0000_0011;
        commands.set_color_state(&color).unwrap();
        color.blend_enable_mask = 0b0000_0100;
        let result = commands.set_color_state(&color);
        if offered {
            assert!(result.is_ok(), "{result:?}");
        } else {
            assert_refused(result, "constantAlphaColorBlendFactors");
        }
        // Target 2's equation replaced by one reading no constant: taken.
        commands
            .set_state(StateChange::Blend {
                target: 2,
                state: BlendState::nvn_defaults(),
            })
            .unwrap();
        commands.set_color_state(&color).unwrap();
    }
}

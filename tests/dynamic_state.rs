//! State every device takes dynamically makes no pipeline: draws of one program whose
//! cull mode, front face, depth and stencil tests, depth bias, primitive restart and
//! line width differ share the first draw's pipeline (and each draw still shows its own
//! state: a culled draw leaves the target alone). Blend and write masks are dynamic only
//! where the device has extended dynamic state 3's three blend features (lavapipe does,
//! the MoltenVK profile does not): there they make no pipeline either, elsewhere one per
//! distinct value. Pipelines are linked from stage libraries where the device offers
//! them (lavapipe; `RX_VK_PIPELINE_LIBRARY=0` turns them off) and made whole elsewhere.

mod common;

use common::draw::{bind_positions, bind_tint, f32_bytes, positions_at, triangle};
use common::programs::{position_program, TINT_FRAG};
use common::rig::Rig;
use gpu::objects::TextureBuilder;
use gpu::state::{
    BlendEquation, BlendOp, BlendState, CompareOp, ComponentMask, CullMode, DepthStencilState,
    FrontFace, PolygonOffset, RasterizerState, StateChange, StencilFace, StencilOp,
    MAX_COLOR_TARGETS,
};
use memory::Format;

const SIZE_PX: u32 = 16;
/// The upper-left half of the target, counter-clockwise in clip space.
const HALF: [f32; 6] = [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0];

/// The state of variant `index`: each bit turns one piece away from its default, the
/// cull mode culling nothing (the triangle is drawn under every variant).
fn core_variant(index: u32) -> Vec<StateChange> {
    let bit = |n: u32| index >> n & 1 != 0;
    let face = StencilFace {
        pass: if bit(3) {
            StencilOp::Invert
        } else {
            StencilOp::Keep
        },
        compare: CompareOp::Always,
        ..StencilFace::default()
    };
    vec![
        StateChange::Rasterizer(RasterizerState {
            front_face: if bit(0) {
                FrontFace::Cw
            } else {
                FrontFace::Ccw
            },
            line_width_px: 1.0,
            ..RasterizerState::default()
        }),
        StateChange::DepthStencil(DepthStencilState {
            depth_test: bit(1),
            depth_write: bit(1),
            depth_compare: if bit(2) {
                CompareOp::Always
            } else {
                CompareOp::Less
            },
            stencil_test: bit(3),
            front: face,
            back: face,
        }),
        StateChange::PolygonOffset(PolygonOffset {
            units: if bit(4) { 2.0 } else { 0.0 },
            fill: bit(4),
            ..PolygonOffset::default()
        }),
        StateChange::PrimitiveRestart(bit(5).then_some(0xffff)),
    ]
}

fn blend_variant(op: BlendOp) -> StateChange {
    let equation = BlendEquation {
        op,
        ..BlendEquation::ALPHA
    };
    StateChange::Blend {
        target: 0,
        state: BlendState {
            enabled: true,
            color: equation,
            alpha: equation,
        },
    }
}

#[test]
fn dynamic_state_between_draws_makes_no_pipeline_and_each_draw_keeps_its_own() {
    let rig = Rig::new(true);
    let caps = rig.backend.lock().device().caps.pipeline;
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let program = position_program(&rig.device, TINT_FRAG);
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &HALF);
    let tint = rig.buffer((1 << 20) + (64 << 10), 256);
    rig.device
        .write_pool(
            rig.pool,
            (1 << 20) + (64 << 10),
            &f32_bytes(&[0.0, 1.0, 0.0, 1.0]),
        )
        .unwrap();
    // Draws the core variants; the pipelines made and the pixels.
    let core_pass = || {
        let mut commands = rig.cleared(view, [1.0, 0.0, 0.0, 1.0]);
        // State carries over between lists: blending off, as the device starts.
        commands
            .set_state(StateChange::Blend {
                target: 0,
                state: BlendState::default(),
            })
            .unwrap();
        bind_positions(&mut commands, program, positions);
        bind_tint(&mut commands, tint, 0);
        let before = rig.backend.lock().stats().pipelines_created;
        for index in 0..64 {
            for change in core_variant(index) {
                commands.set_state(change).unwrap();
            }
            commands.draw(triangle()).unwrap();
        }
        // Culling both faces last, then the state back: the culled draw leaves the pixels
        // of the draws before it (green), the draw after it covers the same half again.
        commands
            .set_state(StateChange::Rasterizer(RasterizerState {
                cull: CullMode::FrontAndBack,
                ..RasterizerState::default()
            }))
            .unwrap();
        commands
            .set_state(StateChange::WriteMasks(
                [ComponentMask::ALL; MAX_COLOR_TARGETS],
            ))
            .unwrap();
        commands.draw(triangle()).unwrap();
        commands
            .copy(rig.read_level(texture, 0, SIZE_PX, SIZE_PX))
            .unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let core_made = rig.backend.lock().stats().pipelines_created - before;
        (core_made, rig.read_back((SIZE_PX * SIZE_PX * 4) as usize))
    };
    let (core_made, pixels) = core_pass();
    assert_eq!(
        core_made, 1,
        "64 variants of core dynamic state, one pipeline"
    );
    let pixel = |x: u32, y: u32| {
        let at = ((y * SIZE_PX + x) * 4) as usize;
        [pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3]]
    };
    assert_eq!(pixel(1, 1), [0, 255, 0, 255], "drawn under every variant");
    assert_eq!(pixel(14, 14), [255, 0, 0, 255], "outside: the clear");

    // Blend: dynamic where the device has all three blend features.
    let mut commands = rig.cleared(view, [0.0, 0.0, 0.0, 1.0]);
    bind_positions(
        &mut commands,
        program,
        positions_at(&rig.device, rig.pool, 1 << 20, &HALF),
    );
    bind_tint(&mut commands, tint, 0);
    let before = rig.backend.lock().stats().pipelines_created;
    let ops = [BlendOp::Add, BlendOp::Subtract, BlendOp::Min, BlendOp::Max];
    for op in ops {
        commands.set_state(blend_variant(op)).unwrap();
        commands.draw(triangle()).unwrap();
    }
    rig.submit(&commands.finish());
    rig.finish();
    let blend_made = rig.backend.lock().stats().pipelines_created - before;
    let dynamic_blend = caps.dynamic3.color_blend_enable
        && caps.dynamic3.color_blend_equation
        && caps.dynamic3.color_write_mask;
    let expected = if dynamic_blend { 0 } else { ops.len() as u64 };
    assert_eq!(blend_made, expected, "dynamic blend: {dynamic_blend}");

    // Where the device links pipelines from stage libraries, every pipeline above was
    // fast-linked (and drew the pixels checked); elsewhere each was made whole.
    let total = rig.backend.lock().pipeline_stats().total;
    assert!(total.graphics_made > 0);
    let linked = if caps.libraries() {
        total.graphics_made
    } else {
        0
    };
    assert_eq!(
        total.graphics_fast_linked,
        linked,
        "libraries: {}",
        caps.libraries()
    );

    // The optimised links are taken up in the background (never waited for): poll until
    // every fast-linked pipeline has been replaced, then draw the core variants again
    // through the optimised pipeline: the same pixels.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let total = rig.backend.lock().pipeline_stats().total;
        if total.graphics_optimised == total.graphics_fast_linked {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "optimised pipelines never taken up: {total:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let (again_made, again) = core_pass();
    assert_eq!(again_made, 0, "the first pass's pipeline drew again");
    assert_eq!(
        again, pixels,
        "optimised and fast-linked pipelines draw the same"
    );
    let total = rig.backend.lock().pipeline_stats().total;
    let optimised = if caps.libraries() {
        total.graphics_made
    } else {
        0
    };
    assert_eq!(total.graphics_optimised, optimised);
}

//! Multisampling on the real driver (lavapipe in CI, validation and synchronization
//! validation on): multisample render targets drawn and resolved (NVN's `Downsample`),
//! checked against a CPU model of coverage at Vulkan's standard sample locations; sample
//! counts the device lacks refused when the texture is made; copies of multisample
//! textures and malformed resolves refused when recorded; multisample state; the depth
//! resolve; and multisample drawing kept by the image cache under budget pressure.

mod common;

use common::coverage::{self, edge_distances_px, triangle_ndc, triangle_px, EDGE_MARGIN_PX};
use common::draw::{
    bind_positions, bind_tint, f32_bytes, positions_at, triangle, FULL_TRIANGLE_NDC,
};
use common::programs::{position_program, GREEN_FRAG, TINT_FRAG};
use common::readback::region;
use common::rig::Rig;
use gpu::command::CopyOp;
use gpu::objects::TextureBuilder;
use gpu::state::{
    BlendEquation, BlendState, CompareOp, DepthMode, DepthStencilState, MultisampleState,
    StateChange,
};
use gpu::{BackendError, ObjectError, RecordError};
use memory::{Format, TextureKind};

/// The render target's side, in pixels.
const SIDE_PX: u32 = 16;
/// Where the resolved texture lies in the rig's pool (the multisample one is at 0).
const RESOLVED_OFFSET_B: u64 = 1 << 20;
/// Vertex positions go here in the pool.
const POSITIONS_OFFSET_B: u64 = 1536 << 10;
/// The tint (`TINT_FRAG`'s uniform) goes here.
const TINT_OFFSET_B: u64 = POSITIONS_OFFSET_B + (64 << 10);
/// Bytes of a resolved `SIDE_PX` square RGBA8 texture.
const RESOLVED_B: usize = (SIDE_PX * SIDE_PX * 4) as usize;

/// Vulkan's standard locations of 4 samples in a pixel (the spec's table of
/// `standardSampleLocations`), from its top-left corner.
const STANDARD_4X: [[f64; 2]; 4] = [
    [0.375, 0.125],
    [0.875, 0.375],
    [0.125, 0.625],
    [0.625, 0.875],
];

fn rgba8() -> Format {
    Format::from_name("rgba8").unwrap()
}

fn multisample(format: Format, samples: u32) -> TextureBuilder {
    TextureBuilder::new_2d(format, SIDE_PX, SIDE_PX)
        .kind(TextureKind::D2Multisample)
        .samples(samples)
}

/// The CPU model at Vulkan's standard 4x locations.
fn covered_samples() -> Vec<Option<u32>> {
    coverage::covered_samples(SIDE_PX, 4, |_, _, sample| STANDARD_4X[sample as usize])
}

/// A 4-sample triangle over black, its green resolved by `Downsample` into a
/// single-sample texture: each pixel's green is the share of its samples covered times
/// 255. Tolerance: 1 (of 255), for the driver's rounding of the average (Vulkan leaves a
/// normalized format's resolve to the implementation: lavapipe averages, others may
/// round 127.5 either way). Red stays 0 and alpha 255 exactly.
#[test]
fn a_4x_triangle_edge_resolves_to_its_coverage_at_the_standard_locations() {
    let mut rig = Rig::new(true);
    let caps = rig.gpu_mut().device.caps.samples;
    assert!(
        caps.standard_locations,
        "the CPU model places samples at Vulkan's standard locations; this device reports \
         standardSampleLocations false"
    );
    let (msaa, msaa_view) = rig.texture(&multisample(rgba8(), 4), 0);
    let (resolved, _) = rig.texture(
        &TextureBuilder::new_2d(rgba8(), SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B,
    );
    let program = position_program(&rig.device, GREEN_FRAG);
    let positions = positions_at(
        &rig.device,
        rig.pool,
        POSITIONS_OFFSET_B,
        &triangle_ndc(SIDE_PX),
    );
    let mut commands = rig.cleared(msaa_view, [0.0, 0.0, 0.0, 1.0]);
    bind_positions(&mut commands, program, positions);
    commands.draw(triangle()).unwrap();
    commands.downsample(msaa, resolved).unwrap();
    let bytes = rig.submit_and_read(
        commands,
        region(resolved, 0, SIDE_PX, SIDE_PX),
        (SIDE_PX * SIDE_PX * 4) as usize,
    );

    let model = covered_samples();
    let mut partial = 0;
    let mut compared = 0;
    for (pixel, covered) in model.iter().enumerate() {
        let texel = &bytes[pixel * 4..pixel * 4 + 4];
        let (x, y) = (pixel as u32 % SIDE_PX, pixel as u32 / SIDE_PX);
        assert_eq!(
            (texel[0], texel[3]),
            (0, 255),
            "pixel ({x}, {y}): {texel:?}"
        );
        let Some(covered) = *covered else { continue };
        compared += 1;
        partial += u32::from(covered % 4 != 0);
        let expected = f64::from(covered) / 4.0 * 255.0;
        assert!(
            (f64::from(texel[1]) - expected).abs() <= 1.0,
            "pixel ({x}, {y}): green {} for {covered} of 4 samples covered ({expected})",
            texel[1]
        );
    }
    // The comparison saw the edge: pixels partly covered, most pixels compared.
    assert!(
        partial >= 15,
        "only {partial} partly covered pixels compared"
    );
    assert!(compared >= 200, "only {compared} of 256 pixels compared");
}

/// Counts the device renders are made; the others are refused when made, naming the
/// count and the limit (`framebufferColorSampleCounts`, `framebufferDepthSampleCounts`).
#[test]
fn sample_counts_the_device_lacks_are_refused_when_made_naming_the_limit() {
    let mut rig = Rig::new(true);
    let caps = rig.gpu_mut().device.caps.samples;
    let z32f = Format::from_name("z32f").unwrap();
    let mut refused = 0;
    for (format, counts, limit) in [
        (rgba8(), caps.color_targets, "framebufferColorSampleCounts"),
        (z32f, caps.depth_targets, "framebufferDepthSampleCounts"),
    ] {
        for samples in [2u32, 4, 8] {
            let made = rig
                .device
                .create_texture(&multisample(format, samples), rig.pool, 0);
            let has = counts.contains(gpu_vk::ash::vk::SampleCountFlags::from_raw(samples));
            match made {
                Ok(texture) => {
                    assert!(has, "{samples} samples of {format} made");
                    rig.device.finalize(texture).unwrap();
                }
                Err(ObjectError::Backend(BackendError::Unsupported(why))) => {
                    assert!(!has, "{samples} samples of {format} refused: {why}");
                    assert!(
                        why.contains(&format!("a {samples}-sample texture")),
                        "{why}"
                    );
                    assert!(why.contains(limit), "{why}");
                    refused += 1;
                }
                Err(other) => panic!("{samples} samples of {format}: {other}"),
            }
        }
    }
    // Every device renders 4 samples (Vulkan requires it); lavapipe renders no other.
    assert!(caps
        .color_targets
        .contains(gpu_vk::ash::vk::SampleCountFlags::TYPE_4));
    eprintln!("{refused} sample counts refused on this device");
}

/// Copies and blits move single-sample textures: one naming a multisample texture is
/// refused when recorded, as are resolves from a single-sample texture, into a
/// multisample one, between formats or sizes, and a downsample of depth.
#[test]
fn copies_of_multisample_textures_and_bad_resolves_are_refused_when_recorded() {
    let rig = Rig::new(true);
    let (msaa, _) = rig.texture(&multisample(rgba8(), 4), 0);
    let (single, _) = rig.texture(
        &TextureBuilder::new_2d(rgba8(), SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B,
    );
    let (other_format, _) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba16f").unwrap(), SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B + (64 << 10),
    );
    let (smaller, _) = rig.texture(
        &TextureBuilder::new_2d(rgba8(), SIDE_PX / 2, SIDE_PX),
        RESOLVED_OFFSET_B + (128 << 10),
    );
    let mut commands = rig.device.command_buffer();
    let copy = CopyOp::TextureToTexture {
        source: region(msaa, 0, SIDE_PX, SIDE_PX),
        destination: region(single, 0, SIDE_PX, SIDE_PX),
        linear_filter: false,
    };
    assert!(matches!(
        commands.copy(copy),
        Err(RecordError::MultisampleCopy { texture }) if texture == msaa
    ));
    assert!(matches!(
        commands.copy(rig.readback.copy_from(region(msaa, 0, SIDE_PX, SIDE_PX))),
        Err(RecordError::MultisampleCopy { texture }) if texture == msaa
    ));
    for (source, destination, why) in [
        (single, single, "one sample"),
        (msaa, msaa, "more than one sample"),
        (msaa, smaller, "differ in size"),
    ] {
        match commands.downsample(source, destination) {
            Err(error @ RecordError::BadResolve { .. }) => {
                assert!(error.to_string().contains(why), "{error}")
            }
            other => panic!("{why}: {other:?}"),
        }
    }
    assert!(matches!(
        commands.downsample(msaa, other_format),
        Err(RecordError::CopyFormatMismatch { .. })
    ));
    assert!(commands.finish().is_empty());
}

/// One pass renders to targets of one sample count: a 4-sample colour target with a
/// single-sample depth target is refused when bound.
#[test]
fn targets_of_different_sample_counts_are_refused_when_bound() {
    let rig = Rig::new(true);
    let (_, msaa_view) = rig.texture(&multisample(rgba8(), 4), 0);
    let z32f = Format::from_name("z32f").unwrap();
    let (_, depth_view) = rig.texture(
        &TextureBuilder::new_2d(z32f, SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B,
    );
    let mut targets = common::draw::colour(msaa_view);
    targets.depth_stencil = Some(depth_view);
    let mut commands = rig.device.command_buffer();
    match commands.bind_render_targets(targets) {
        Err(RecordError::BadArgument { what, why }) => {
            assert_eq!(what, "render targets");
            assert!(why.contains("sample counts"), "{why}");
        }
        other => panic!("{other:?}"),
    }
}

/// One draw over the whole of a 4-sample RGBA8 target cleared to black, with `state`
/// set first (and `tint` as `TINT_FRAG`'s colour where given), resolved by `Downsample`.
fn draw_resolved(
    rig: &Rig,
    fragment: &str,
    tint: Option<[f32; 4]>,
    state: &[StateChange],
) -> Vec<u8> {
    let (msaa, msaa_view) = rig.texture(&multisample(rgba8(), 4), 0);
    let (resolved, _) = rig.texture(
        &TextureBuilder::new_2d(rgba8(), SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B,
    );
    let program = position_program(&rig.device, fragment);
    let positions = positions_at(
        &rig.device,
        rig.pool,
        POSITIONS_OFFSET_B,
        &FULL_TRIANGLE_NDC,
    );
    let mut commands = rig.cleared(msaa_view, [0.0, 0.0, 0.0, 1.0]);
    bind_positions(&mut commands, program, positions);
    if let Some(tint) = tint {
        rig.device
            .write_pool(rig.pool, TINT_OFFSET_B, &f32_bytes(&tint))
            .unwrap();
        bind_tint(&mut commands, rig.buffer(TINT_OFFSET_B, 16), 0);
    }
    for change in state {
        commands.set_state(change.clone()).unwrap();
    }
    commands.draw(triangle()).unwrap();
    commands.downsample(msaa, resolved).unwrap();
    let bytes = rig.submit_and_read(commands, region(resolved, 0, SIDE_PX, SIDE_PX), RESOLVED_B);
    for id in [msaa, resolved] {
        rig.device.finalize(id).unwrap();
    }
    bytes
}

/// Every pixel's green (of a resolved RGBA8 texture).
fn greens(bytes: &[u8]) -> Vec<u8> {
    bytes.chunks_exact(4).map(|texel| texel[1]).collect()
}

/// The sample mask, exactly: with `mask` (of 4 samples) a covering green draw writes as
/// many samples as the mask has bits, everywhere, so the resolve is that share of 255
/// (tolerance 1: the driver's rounding of the average). 0 writes nothing, 0xf all.
#[test]
fn the_sample_mask_writes_exactly_its_samples() {
    let rig = Rig::new(true);
    for mask in 0u32..16 {
        let state = MultisampleState {
            sample_mask: mask,
            ..MultisampleState::default()
        };
        let bytes = draw_resolved(&rig, GREEN_FRAG, None, &[StateChange::Multisample(state)]);
        let expected = f64::from(mask.count_ones()) / 4.0 * 255.0;
        for (pixel, green) in greens(&bytes).into_iter().enumerate() {
            assert!(
                (f64::from(green) - expected).abs() <= 1.0,
                "mask {mask:#06b}, pixel {pixel}: green {green}, expected {expected}"
            );
        }
    }
}

/// Alpha to coverage, as any conforming implementation does it: alpha 0 covers no
/// sample, alpha 1 every one, and the coverage grows with alpha (Vulkan leaves the
/// pattern, dithering included, to the implementation: what is checked is the image's
/// total, monotone, and each pixel a whole number of samples within the resolve's
/// rounding). Off, alpha 0.25 still covers every sample.
#[test]
fn alpha_to_coverage_covers_no_sample_at_zero_all_at_one_and_more_as_alpha_grows() {
    let rig = Rig::new(true);
    let to_coverage = StateChange::Multisample(MultisampleState {
        alpha_to_coverage: true,
        ..MultisampleState::default()
    });
    let mut last_total = 0u32;
    for (step, alpha) in [0.0f32, 0.25, 0.5, 0.75, 1.0].into_iter().enumerate() {
        let bytes = draw_resolved(
            &rig,
            TINT_FRAG,
            Some([0.0, 1.0, 0.0, alpha]),
            std::slice::from_ref(&to_coverage),
        );
        let greens = greens(&bytes);
        for (pixel, &green) in greens.iter().enumerate() {
            let samples = f64::from(green) / 255.0 * 4.0;
            assert!(
                (samples - samples.round()).abs() * 255.0 / 4.0 <= 1.0,
                "alpha {alpha}, pixel {pixel}: green {green} is no whole number of samples"
            );
        }
        let total: u32 = greens.iter().map(|&green| u32::from(green)).sum();
        match step {
            0 => assert_eq!(total, 0, "alpha 0 covered samples"),
            4 => assert!(
                greens.iter().all(|&green| green == 255),
                "alpha 1: {greens:?}"
            ),
            _ => assert!(total >= last_total, "alpha {alpha}: coverage fell"),
        }
        last_total = total;
    }
    // Off (state carries from list to list, so it is set): every sample, whatever the
    // alpha.
    let off = StateChange::Multisample(MultisampleState::default());
    let bytes = draw_resolved(&rig, TINT_FRAG, Some([0.0, 1.0, 0.0, 0.25]), &[off]);
    assert!(greens(&bytes).iter().all(|&green| green == 255));
}

/// Alpha to one: colour 0's alpha is one before blending, so a source-alpha blend of
/// green at alpha 0.25 over black gives full green with it and a quarter without.
/// Refused when recorded where the device lacks `alphaToOne`.
#[test]
fn alpha_to_one_blends_as_if_alpha_were_one() {
    let mut rig = Rig::new(true);
    let blend = StateChange::Blend {
        target: 0,
        state: BlendState {
            enabled: true,
            color: BlendEquation::ALPHA,
            alpha: BlendEquation::ALPHA,
        },
    };
    let to_one = StateChange::Multisample(MultisampleState {
        alpha_to_one: true,
        ..MultisampleState::default()
    });
    let tint = Some([0.0, 1.0, 0.0, 0.25]);
    let without = greens(&draw_resolved(
        &rig,
        TINT_FRAG,
        tint,
        std::slice::from_ref(&blend),
    ));
    assert!(
        without.iter().all(|&g| (f64::from(g) - 63.75).abs() <= 1.0),
        "{without:?}"
    );
    if !rig.gpu_mut().device.caps.state.alpha_to_one {
        let mut commands = rig.device.command_buffer();
        assert!(matches!(
            commands.set_state(to_one),
            Err(RecordError::MissingCapability {
                capability: "alphaToOne",
                ..
            })
        ));
        return;
    }
    let with = greens(&draw_resolved(&rig, TINT_FRAG, tint, &[blend, to_one]));
    assert!(with.iter().all(|&green| green == 255), "{with:?}");
}

/// Green is the square of gl_FragCoord.x's fraction: once a pixel it is read at the
/// centre (0.25, 64 of 255); run for every sample (minimum sample shading 1), at each of
/// the 4 standard locations (x fractions 0.375, 0.875, 0.125, 0.625), whose squares,
/// each stored to 8 bits, average to 83.75.
const FRAG_X_SQUARED: &str = "#version 450
layout(location = 0) out vec4 colour;
void main() {
    float x = fract(gl_FragCoord.x);
    colour = vec4(0.0, x * x, 0.0, 1.0);
}
";

/// Sample shading at fraction 1 runs the fragment stage at every sample's location; off,
/// once at the pixel's centre. Tolerance 1.5 (of 255): each sample's value and the
/// average each rounded by the driver.
#[test]
fn full_sample_shading_runs_the_fragment_stage_at_each_sample() {
    let mut rig = Rig::new(true);
    let unit = |v: f64| (v * 255.0).round();
    let centre = unit(0.25);
    let per_sample: f64 = [0.375f64, 0.875, 0.125, 0.625]
        .iter()
        .map(|x| unit(x * x))
        .sum::<f64>()
        / 4.0;
    let once = greens(&draw_resolved(&rig, FRAG_X_SQUARED, None, &[]));
    assert!(
        once.iter().all(|&g| (f64::from(g) - centre).abs() <= 1.5),
        "{once:?}"
    );
    let shading = StateChange::Multisample(MultisampleState {
        min_sample_shading: Some(1.0),
        ..MultisampleState::default()
    });
    if !rig.gpu_mut().device.caps.state.sample_rate_shading {
        let mut commands = rig.device.command_buffer();
        assert!(matches!(
            commands.set_state(shading),
            Err(RecordError::MissingCapability {
                capability: "sampleRateShading",
                ..
            })
        ));
        return;
    }
    let each = greens(&draw_resolved(&rig, FRAG_X_SQUARED, None, &[shading]));
    assert!(
        each.iter()
            .all(|&g| (f64::from(g) - per_sample).abs() <= 1.5),
        "{each:?} vs {per_sample}"
    );
    // A fraction outside 0..=1 is refused when recorded.
    let mut commands = rig.device.command_buffer();
    assert!(matches!(
        commands.set_state(StateChange::Multisample(MultisampleState {
            min_sample_shading: Some(1.5),
            ..MultisampleState::default()
        })),
        Err(RecordError::BadArgument { .. })
    ));
}

/// The depth resolve: a 4-sample z32f target cleared to 1 holds the edge triangle at
/// depth 0 (z 0 under the [0, 1] depth mode, test `Less`, written); resolved by sample
/// zero into a single-sample z32f texture, each pixel is 0 where the triangle covers
/// sample 0 (at (0.375, 0.125) of the pixel, Vulkan's standard location) and 1 where it
/// does not, exactly. Pixels whose sample 0 lies within `EDGE_MARGIN_PX` of an edge are
/// left out.
#[test]
fn a_depth_resolve_takes_sample_zero_of_each_pixel() {
    let mut rig = Rig::new(true);
    let caps = &rig.gpu_mut().device.caps;
    assert!(caps.samples.standard_locations);
    assert!(
        caps.state.depth_resolve,
        "Vulkan 1.2 devices resolve depth by sample zero"
    );
    let z32f = Format::from_name("z32f").unwrap();
    let (_, colour_view) = rig.texture(&multisample(rgba8(), 4), 0);
    let (depth, depth_view) = rig.texture(&multisample(z32f, 4), 256 << 10);
    let (resolved, _) = rig.texture(
        &TextureBuilder::new_2d(z32f, SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B,
    );
    let program = position_program(&rig.device, GREEN_FRAG);
    let positions = positions_at(
        &rig.device,
        rig.pool,
        POSITIONS_OFFSET_B,
        &triangle_ndc(SIDE_PX),
    );
    let mut targets = common::draw::colour(colour_view);
    targets.depth_stencil = Some(depth_view);
    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(targets).unwrap();
    commands.clear_depth_stencil(Some(1.0), None, 0xff).unwrap();
    commands
        .set_state(StateChange::DepthMode(DepthMode::ZeroToOne))
        .unwrap();
    commands
        .set_state(StateChange::DepthStencil(DepthStencilState {
            depth_test: true,
            depth_write: true,
            depth_compare: CompareOp::Less,
            ..DepthStencilState::default()
        }))
        .unwrap();
    bind_positions(&mut commands, program, positions);
    commands.draw(triangle()).unwrap();
    commands.resolve_depth(depth, resolved).unwrap();
    let bytes = rig.submit_and_read(commands, region(resolved, 0, SIDE_PX, SIDE_PX), RESOLVED_B);

    let corners = triangle_px();
    let [sample_x, sample_y] = STANDARD_4X[0];
    let (mut compared, mut covered) = (0, 0);
    for (pixel, word) in bytes.chunks_exact(4).enumerate() {
        let (x, y) = (pixel as u32 % SIDE_PX, pixel as u32 / SIDE_PX);
        let point = [f64::from(x) + sample_x, f64::from(y) + sample_y];
        let distances = edge_distances_px(&corners, point);
        if distances.iter().any(|d| d.abs() < EDGE_MARGIN_PX) {
            continue;
        }
        let inside = distances.iter().all(|&d| d > 0.0);
        let depth = f32::from_le_bytes(word.try_into().unwrap());
        let expected = if inside { 0.0 } else { 1.0 };
        assert_eq!(depth, expected, "pixel ({x}, {y})");
        compared += 1;
        covered += u32::from(inside);
    }
    assert!(
        compared >= 240 && covered >= 40,
        "{compared} compared, {covered} covered"
    );
}

/// The depth resolve is refused when recorded where the device lacks it, and of a
/// colour texture; a downsample of depth is refused too.
#[test]
fn depth_resolves_are_refused_without_the_capability_and_of_colour() {
    let z32f = Format::from_name("z32f").unwrap();
    let rig = Rig::lacking(|features| features.depth_resolve = false);
    let (depth, _) = rig.texture(&multisample(z32f, 4), 0);
    let (resolved, _) = rig.texture(
        &TextureBuilder::new_2d(z32f, SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B,
    );
    let mut commands = rig.device.command_buffer();
    assert!(matches!(
        commands.resolve_depth(depth, resolved),
        Err(RecordError::MissingCapability {
            what: "depth resolve",
            ..
        })
    ));
    let rig = Rig::new(true);
    let (colour, _) = rig.texture(&multisample(rgba8(), 4), 0);
    let (colour_resolved, _) = rig.texture(
        &TextureBuilder::new_2d(rgba8(), SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B,
    );
    let (depth, _) = rig.texture(&multisample(z32f, 4), 256 << 10);
    let (resolved, _) = rig.texture(
        &TextureBuilder::new_2d(z32f, SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B + (64 << 10),
    );
    let mut commands = rig.device.command_buffer();
    for (result, why) in [
        (
            commands.resolve_depth(colour, colour_resolved),
            "without depth",
        ),
        (commands.downsample(depth, resolved), "depth/stencil"),
    ] {
        match result {
            Err(error @ RecordError::BadResolve { .. }) => {
                assert!(error.to_string().contains(why), "{error}")
            }
            other => panic!("{why}: {other:?}"),
        }
    }
}

/// Draws the edge triangle green into a 4-sample target at offset 0 over black.
fn draw_edge_triangle(rig: &Rig) -> gpu::TextureId {
    let (msaa, msaa_view) = rig.texture(&multisample(rgba8(), 4), 0);
    let program = position_program(&rig.device, GREEN_FRAG);
    let positions = positions_at(
        &rig.device,
        rig.pool,
        POSITIONS_OFFSET_B,
        &triangle_ndc(SIDE_PX),
    );
    let mut commands = rig.cleared(msaa_view, [0.0, 0.0, 0.0, 1.0]);
    bind_positions(&mut commands, program, positions);
    commands.draw(triangle()).unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    msaa
}

/// Seed 000's rule under a 1 MiB budget (`RX_VK_VRAM_MB=1`) with keeping off
/// (`RX_VK_KEEP_FINALIZED_MB=0`): a 4-sample target is drawn and finalized (its drawing
/// in its host image alone: storage never holds multisample texels), textures the CPU
/// wrote push the cache past its budget and are evicted, and the target made again over
/// the same storage still holds its drawing: its downsample matches the CPU coverage
/// model (as `a_4x_triangle_edge_resolves_to_its_coverage_at_the_standard_locations`).
#[test]
fn a_finalized_multisample_target_keeps_its_drawing_under_budget_pressure() {
    let rig = Rig::with_executor_switches(
        gpu_vk::executor::ExecutorOptions::default(),
        &[("RX_VK_VRAM_MB", "1"), ("RX_VK_KEEP_FINALIZED_MB", "0")],
    );
    let msaa = draw_edge_triangle(&rig);
    rig.backend.lock().begin_frame();
    rig.device.finalize(msaa).unwrap();
    // Fillers: 256x256 RGBA8 textures over bytes the CPU wrote, each read once.
    let filler = TextureBuilder::new_2d(rgba8(), 256, 256);
    let filler_b = filler.layout().unwrap().size_b;
    for (index, offset_b) in [
        256u64 << 10,
        512 << 10,
        768 << 10,
        3 << 20,
        (3 << 20) + (256 << 10),
    ]
    .into_iter()
    .chain([(3 << 20) + (512 << 10), (3 << 20) + (768 << 10)])
    .enumerate()
    {
        let bytes: Vec<u8> = (0..filler_b).map(|at| (at as u8) ^ (index as u8)).collect();
        rig.device.write_pool(rig.pool, offset_b, &bytes).unwrap();
        let (texture, _) = rig.texture(&filler, offset_b);
        rig.read(region(texture, 0, 256, 256), 16);
        rig.device.finalize(texture).unwrap();
        rig.backend.lock().begin_frame();
    }
    let stats = rig.backend.lock().stats();
    assert!(stats.cache.evictions >= 3, "the budget evicted: {stats:?}");
    assert_eq!(stats.cache.texels_lost, 0, "{stats:?}");
    assert!(stats.cache.in_use_b <= 1 << 20, "{stats:?}");

    let (again, _) = rig.texture(&multisample(rgba8(), 4), 0);
    let (resolved, _) = rig.texture(
        &TextureBuilder::new_2d(rgba8(), SIDE_PX, SIDE_PX),
        RESOLVED_OFFSET_B,
    );
    let mut commands = rig.device.command_buffer();
    commands.downsample(again, resolved).unwrap();
    let bytes = rig.submit_and_read(commands, region(resolved, 0, SIDE_PX, SIDE_PX), RESOLVED_B);
    let mut compared = 0;
    for (pixel, covered) in covered_samples().iter().enumerate() {
        let Some(covered) = *covered else { continue };
        let expected = f64::from(covered) / 4.0 * 255.0;
        assert!(
            (f64::from(bytes[pixel * 4 + 1]) - expected).abs() <= 1.0,
            "pixel {pixel}: green {} for {covered} of 4 samples",
            bytes[pixel * 4 + 1]
        );
        compared += 1;
    }
    assert!(compared >= 200);
}

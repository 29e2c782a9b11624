//! Each portability-subset feature turned off in turn through the profile mechanism
//! (`RX_VK_SIMULATE=<profile file>`, on the real driver): what the feature covers is
//! either honoured, with the pixels a CPU model says, or refused when recorded with a
//! typed error naming the field and the feature, while the same commands without it
//! still draw right; where a LOD bias or a view swizzle moves into the shader, draws and
//! dispatches alike (a dispatch's storage-buffer output against the CPU model). Metal's
//! 16 samplers a stage, and 16 KiB pages, under the MoltenVK-on-M1 profile.

mod common;

use common::draw::{bind_positions, bind_tint, f32_bytes, positions_at, triangle};
use common::process::scratch_dir;
use common::programs::{position_program, program, POSITION_VERT, TEXEL_FRAG, TINT_FRAG};
use common::readback::region;
use common::rig::Rig;
use gpu::command::DrawArrays;
use gpu::objects::{
    PoolMaker, SamplerMaker, Stage, Swizzle, TextureBuilder, TextureHandle, ViewMaker, WrapMode,
};
use gpu::state::*;
use gpu::{ObjectError, RecordError};
use gpu_vk::bringup::portability::FEATURE_NAMES;
use gpu_vk::executor::ExecutorOptions;
use memory::pool::PoolError;
use memory::{Format, PoolFlags};

const SIZE_PX: u32 = 16;
const MOLTENVK: &[(&str, &str)] = &[("RX_VK_SIMULATE", "moltenvk-m1")];
const FULL: &[(&str, &str)] = &[("RX_VK_SIMULATE", "off")];

/// A profile file of `lines` (`kind name value`), for `RX_VK_SIMULATE`. `name` names its
/// scratch folder: tests run at once, so each test gives a name of its own.
fn profile(name: &str, lines: &[&str]) -> String {
    let dir = scratch_dir(&format!("profile-{name}"));
    let path = dir.join("profile.tsv");
    std::fs::write(&path, lines.join("\n")).unwrap();
    path.to_str().unwrap().to_owned()
}

fn rig_with(simulate: &str) -> Rig {
    Rig::with_switches(ExecutorOptions::default(), &[("RX_VK_SIMULATE", simulate)])
}

/// A rig on the real device with the one portability feature `feature` turned off.
fn without(feature: &str) -> Rig {
    rig_with(&profile(feature, &[&format!("portability\t{feature}\t0")]))
}

fn rgba8() -> Format {
    Format::from_name("rgba8").unwrap()
}

/// The 4x4 source texture's texel at (x, y): distinct channels everywhere.
fn texel(x: u32, y: u32) -> [u8; 4] {
    [
        (x * 60 + 10) as u8,
        (y * 60 + 20) as u8,
        (x * 16 + y * 4 + 30) as u8,
        200,
    ]
}

/// A 4x4 source texture at 1 MiB whose view is `swizzle`d, sampled with `sampler`, in
/// tables bound on a buffer that draws the texel under each pixel of a 4x4 target
/// (`texelFetch` at the pixel); the texture is bound by `draw_sampled`.
struct Sampled<'r> {
    commands: gpu::CommandBuffer<'r>,
    target: gpu::TextureId,
    handle: TextureHandle,
}

fn sampled<'r>(rig: &'r Rig, swizzle: [Swizzle; 4], sampler: SamplerMaker) -> Sampled<'r> {
    sampled_by(rig, TEXEL_FRAG, swizzle, sampler)
}

/// `sampled` drawn by `fragment`.
fn sampled_by<'r>(
    rig: &'r Rig,
    fragment: &str,
    swizzle: [Swizzle; 4],
    sampler: SamplerMaker,
) -> Sampled<'r> {
    let tables = source_tables(rig, swizzle, sampler);
    let (target, commands) = drawing_from(rig, fragment, tables, 4);
    Sampled {
        commands,
        target,
        handle: TextureHandle {
            texture_slot: 0,
            sampler_slot: 0,
        },
    }
}

/// A `side_px` square RGBA8 target cleared black, and a buffer drawing into it with the
/// position program and `fragment`, `tables` bound (the texture bind is the caller's).
fn drawing_from<'r>(
    rig: &'r Rig,
    fragment: &str,
    (textures, samplers): (gpu::TextureTableId, gpu::SamplerTableId),
    side_px: u32,
) -> (gpu::TextureId, gpu::CommandBuffer<'r>) {
    let (target, target_view) = rig.texture(&TextureBuilder::new_2d(rgba8(), side_px, side_px), 0);
    let mut commands = rig.cleared(target_view, [0.0, 0.0, 0.0, 1.0]);
    let program = position_program(&rig.device, fragment);
    let positions = positions_at(
        &rig.device,
        rig.pool,
        3 << 20,
        &common::draw::FULL_TRIANGLE_NDC,
    );
    bind_positions(&mut commands, program, positions);
    commands.bind_descriptor_tables(textures, samplers).unwrap();
    (target, commands)
}

/// The 4x4 source texture at 1 MiB (`texel`), its view `swizzle`d, in slot 0 of a texture
/// table, and `sampler` in slot 0 of a sampler table.
fn source_tables(
    rig: &Rig,
    swizzle: [Swizzle; 4],
    sampler: SamplerMaker,
) -> (gpu::TextureTableId, gpu::SamplerTableId) {
    let builder = TextureBuilder::new_2d(rgba8(), 4, 4);
    let source = rig
        .device
        .create_texture(&builder, rig.pool, 1 << 20)
        .unwrap();
    let layout = builder.layout().unwrap();
    let mut linear = Vec::new();
    for y in 0..4 {
        for x in 0..4 {
            linear.extend(texel(x, y));
        }
    }
    let stored = common::texels::swizzled(&layout, &linear);
    rig.device.write_pool(rig.pool, 1 << 20, &stored).unwrap();
    let view = rig
        .device
        .create_view(&ViewMaker::whole(source).swizzle(swizzle))
        .unwrap();
    tables_of(rig, view, sampler)
}

/// `view` in slot 0 of a new texture table, `sampler` in slot 0 of a new sampler table.
fn tables_of(
    rig: &Rig,
    view: gpu::ViewId,
    sampler: SamplerMaker,
) -> (gpu::TextureTableId, gpu::SamplerTableId) {
    let textures = rig.device.create_texture_table(1).unwrap();
    rig.device.register_texture(textures, 0, view).unwrap();
    let samplers = rig.device.create_sampler_table(1).unwrap();
    let sampler = rig.device.create_sampler(&sampler).unwrap();
    rig.device.register_sampler(samplers, 0, sampler).unwrap();
    (textures, samplers)
}

/// What a view swizzle makes of `rgba` (the CPU model of Vulkan's component mapping).
fn swizzle_model(rgba: [u8; 4], swizzle: [Swizzle; 4]) -> [u8; 4] {
    swizzle.map(|component| match component {
        Swizzle::Zero => 0,
        Swizzle::One => 255,
        Swizzle::R => rgba[0],
        Swizzle::G => rgba[1],
        Swizzle::B => rgba[2],
        Swizzle::A => rgba[3],
    })
}

/// Binds and draws the sampled texture, or returns the refusal of the bind.
fn draw_sampled(rig: &Rig, mut scene: Sampled<'_>) -> Result<Vec<u8>, RecordError> {
    scene
        .commands
        .bind_texture(Stage::Fragment, 0, scene.handle)?;
    scene.commands.draw(triangle()).unwrap();
    Ok(rig.submit_and_read(scene.commands, region(scene.target, 0, 4, 4), 4 * 4 * 4))
}

fn assert_texels(pixels: &[u8], swizzle: [Swizzle; 4], what: &str) {
    for y in 0..4 {
        for x in 0..4 {
            let at = ((y * 4 + x) * 4) as usize;
            let expected = swizzle_model(texel(x, y), swizzle);
            assert_eq!(pixels[at..at + 4], expected, "{what}: ({x}, {y})");
        }
    }
}

fn refused_for(result: Result<impl std::fmt::Debug, RecordError>, feature: &str) {
    match result {
        Err(RecordError::MissingCapability { capability, .. }) => {
            assert!(capability.contains(feature), "{capability} names {feature}")
        }
        other => panic!("expected a refusal naming {feature}: {other:?}"),
    }
}

const BGR1: [Swizzle; 4] = [Swizzle::B, Swizzle::G, Swizzle::R, Swizzle::One];

/// Each pixel the texel under it of the texture in slot 0, sampled (nearest, at the
/// texel's centre).
const SAMPLE_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D source;
void main() {
    colour = texture(source, gl_FragCoord.xy / 4.0);
}
";

const ZR1G: [Swizzle; 4] = [Swizzle::Zero, Swizzle::R, Swizzle::One, Swizzle::G];

#[test]
fn a_view_swizzle_is_drawn_by_the_view_or_in_the_shader_without_the_feature() {
    let lacking = profile(
        "imageViewFormatSwizzle",
        &["portability\timageViewFormatSwizzle\t0"],
    );
    for descriptor_indexing in [true, false] {
        let options = ExecutorOptions {
            descriptor_indexing,
            ..ExecutorOptions::default()
        };
        // The view's swizzle on the full device; the shader's on the others.
        for simulate in ["off", lacking.as_str(), "moltenvk-m1"] {
            let rig = Rig::with_switches(options, &[("RX_VK_SIMULATE", simulate)]);
            for fragment in [TEXEL_FRAG, SAMPLE_FRAG] {
                for swizzle in [BGR1, ZR1G, Swizzle::IDENTITY] {
                    let scene = sampled_by(&rig, fragment, swizzle, SamplerMaker::default());
                    let what = format!(
                        "{simulate}, indexing {descriptor_indexing}, {swizzle:?}, {fragment}"
                    );
                    assert_texels(&draw_sampled(&rig, scene).unwrap(), swizzle, &what);
                }
            }
        }
    }
}

#[test]
fn comparison_and_mirror_clamp_are_refused_when_recorded_without_their_feature() {
    let biased = SamplerMaker {
        lod_bias: 1.5,
        ..SamplerMaker::default()
    };
    // Offered: recorded and drawn (the fetch reads level 0 whatever the sampler says).
    let full = rig_with("off");
    let pixels = draw_sampled(&full, sampled(&full, Swizzle::IDENTITY, biased)).unwrap();
    assert_texels(&pixels, Swizzle::IDENTITY, "biased sampler, full device");
    drop(full);
    // MoltenVK on an M1 lacks samplerMipLodBias: the bias moves into the shader, where
    // a fetch (no LOD of its own) is left as it is.
    let moltenvk = rig_with("moltenvk-m1");
    let pixels = draw_sampled(&moltenvk, sampled(&moltenvk, Swizzle::IDENTITY, biased)).unwrap();
    assert_texels(&pixels, Swizzle::IDENTITY, "biased sampler, MoltenVK");
    drop(moltenvk);
    let comparing = SamplerMaker {
        compare: Some(CompareOp::Less),
        ..SamplerMaker::default()
    };
    let feature = "mutableComparisonSamplers";
    let rig = without(feature);
    let mut scene = sampled(&rig, Swizzle::IDENTITY, comparing);
    let refused = scene
        .commands
        .bind_texture(Stage::Fragment, 0, scene.handle);
    refused_for(refused, feature);
    // The buffer is as it was: a plain sampler's texture still draws.
    let plain = sampled(&rig, Swizzle::IDENTITY, SamplerMaker::default());
    assert_texels(
        &draw_sampled(&rig, plain).unwrap(),
        Swizzle::IDENTITY,
        feature,
    );
    drop(rig);
    // Mirror clamp is refused earlier still, when the sampler is made.
    let feature = "samplerMirrorClampToEdge";
    let rig = rig_with(&profile(feature, &[&format!("feature\t{feature}\t0")]));
    let mirrored = SamplerMaker {
        wrap: [WrapMode::MirrorClampToEdge; 3],
        ..SamplerMaker::default()
    };
    match rig.device.create_sampler(&mirrored) {
        Err(ObjectError::Backend(gpu::BackendError::Unsupported(why))) => {
            assert!(why.contains(feature), "{why}")
        }
        other => panic!("{other:?}"),
    }
}

/// A 16x16 texture of 5 levels, each one colour, sampled at one texel a pixel (LOD 0)
/// into a 16x16 target by `fragment` with `sampler`; the target's pixels.
fn mip_sampled(rig: &Rig, fragment: &str, sampler: SamplerMaker) -> Vec<u8> {
    let tables = mip_source_tables(rig, sampler);
    let (target, mut commands) = drawing_from(rig, fragment, tables, SIZE_PX);
    let handle = TextureHandle {
        texture_slot: 0,
        sampler_slot: 0,
    };
    commands.bind_texture(Stage::Fragment, 0, handle).unwrap();
    commands.draw(triangle()).unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    rig.submit_and_read(commands, region(target, 0, SIZE_PX, SIZE_PX), len_b)
}

/// The 16x16 texture of `MIP_LEVELS` one-colour levels at 1 MiB (`level_colour`) in slot
/// 0 of a texture table, `sampler` in slot 0 of a sampler table.
fn mip_source_tables(
    rig: &Rig,
    sampler: SamplerMaker,
) -> (gpu::TextureTableId, gpu::SamplerTableId) {
    let builder = TextureBuilder::new_2d(rgba8(), SIZE_PX, SIZE_PX).levels(MIP_LEVELS);
    let source = rig
        .device
        .create_texture(&builder, rig.pool, 1 << 20)
        .unwrap();
    let layout = builder.layout().unwrap();
    let mut linear = vec![0; layout.linear_size_b() as usize];
    for level in 0..MIP_LEVELS {
        let start_b = layout.linear_subresource_offset_b(level, 0).unwrap() as usize;
        let len_b = layout.linear_level_size_b(level).unwrap() as usize;
        for texel in linear[start_b..start_b + len_b].chunks_mut(4) {
            texel.copy_from_slice(&level_colour(level));
        }
    }
    let stored = common::texels::swizzled(&layout, &linear);
    rig.device.write_pool(rig.pool, 1 << 20, &stored).unwrap();
    let view = rig.device.create_view(&ViewMaker::whole(source)).unwrap();
    tables_of(rig, view, sampler)
}

const MIP_LEVELS: u32 = 5;

/// Level `level`'s one colour.
fn level_colour(level: u32) -> [u8; 4] {
    [
        (40 * level + 20) as u8,
        (200 - 40 * level) as u8,
        (60 + 30 * level) as u8,
        255,
    ]
}

/// Samples at LOD 0, one texel a pixel; with a shader bias of 1; at an explicit LOD of 1.
const MIP_FRAGS: [(&str, f32); 3] = [
    (
        "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D source;
void main() { colour = texture(source, gl_FragCoord.xy / 16.0); }
",
        0.0,
    ),
    (
        "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D source;
void main() { colour = texture(source, gl_FragCoord.xy / 16.0, 1.0); }
",
        1.0,
    ),
    (
        "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D source;
void main() { colour = textureLod(source, gl_FragCoord.xy / 16.0, 1.0); }
",
        1.0,
    ),
];

#[test]
fn a_sampler_lod_bias_is_applied_in_the_shader_without_sampler_mip_lod_bias() {
    let lacking = profile("samplerMipLodBias", &["portability\tsamplerMipLodBias\t0"]);
    for descriptor_indexing in [true, false] {
        let options = ExecutorOptions {
            descriptor_indexing,
            ..ExecutorOptions::default()
        };
        for simulate in ["off", lacking.as_str(), "moltenvk-m1"] {
            let rig = Rig::with_switches(options, &[("RX_VK_SIMULATE", simulate)]);
            for (fragment, shader_lod) in MIP_FRAGS {
                for sampler_bias in [0.0f32, 1.0, 2.0] {
                    let sampler = SamplerMaker {
                        mip_filter: gpu::objects::MipFilter::Nearest,
                        lod_bias: sampler_bias,
                        ..SamplerMaker::default()
                    };
                    let pixels = mip_sampled(&rig, fragment, sampler);
                    // Nearest mip filtering: level ceil(lod + 0.5) - 1 of whole LODs.
                    let level = (shader_lod + sampler_bias) as u32;
                    let what = format!(
                        "{simulate}, indexing {descriptor_indexing}, shader LOD {shader_lod}, \
                         sampler bias {sampler_bias}"
                    );
                    for (at, pixel) in pixels.chunks(4).enumerate() {
                        assert_eq!(pixel, level_colour(level), "{what}: pixel {at}");
                    }
                }
            }
        }
    }
}

/// A dispatch of one invocation a texel of a `side_px` square, each storing what the
/// compute stage `source` reads of the texture in slot 0 (`tables`) as a packed RGBA8
/// word into a storage buffer; the buffer's bytes, as the CPU reads them after the fence.
fn dispatched(
    rig: &Rig,
    source: &str,
    (textures, samplers): (gpu::TextureTableId, gpu::SamplerTableId),
    side_px: u32,
) -> Vec<u8> {
    let out_offset_b = 2 << 20;
    let len_b = u64::from(side_px * side_px * 4);
    rig.device
        .write_pool(rig.pool, out_offset_b, &vec![0xee; len_b as usize])
        .unwrap();
    let out = rig.buffer(out_offset_b, len_b);
    let program = program(&rig.device, &[(shader_translate::Stage::Compute, source)]);
    let mut commands = rig.device.command_buffer();
    commands.bind_program(program).unwrap();
    commands
        .bind_buffer(
            gpu::command::BufferBinding::Storage {
                stage: Stage::Compute,
                slot: 0,
            },
            gpu::objects::BufferRange {
                buffer: out,
                offset_b: 0,
                size_b: len_b,
            },
        )
        .unwrap();
    commands.bind_descriptor_tables(textures, samplers).unwrap();
    let handle = TextureHandle {
        texture_slot: 0,
        sampler_slot: 0,
    };
    commands.bind_texture(Stage::Compute, 0, handle).unwrap();
    commands.dispatch([side_px, side_px, 1]).unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    common::readback::pool_bytes(&rig.device, rig.pool, out_offset_b, len_b as usize)
}

/// A compute stage storing `read` (of `source`, at texel `at` or its centre `uv`) packed,
/// for each texel of a `side_px` square.
fn reading_compute(side_px: u32, read: &str) -> String {
    format!(
        "#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out {{ uint texels[]; }};
layout(binding = 0) uniform sampler2D source;
void main() {{
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    vec2 uv = (vec2(at) + 0.5) / {side_px}.0;
    texels[at.y * {side_px} + at.x] = packUnorm4x8({read});
}}
"
    )
}

/// What the swizzle's compute stages read of the 4x4 texture: a fetch, and a sample at
/// LOD 0 (nearest, at the texel's centre).
const SWIZZLE_READS: [&str; 2] = ["texelFetch(source, at, 0)", "textureLod(source, uv, 0.0)"];

#[test]
fn a_view_swizzle_is_applied_in_a_compute_stage_without_the_feature() {
    let lacking = profile(
        "imageViewFormatSwizzle",
        &["portability\timageViewFormatSwizzle\t0"],
    );
    // The view's swizzle on the full device; the compute shader's on the others.
    for simulate in ["off", lacking.as_str(), "moltenvk-m1"] {
        let rig = rig_with(simulate);
        for read in SWIZZLE_READS {
            let source = reading_compute(4, read);
            for swizzle in [BGR1, ZR1G, Swizzle::IDENTITY] {
                let tables = source_tables(&rig, swizzle, SamplerMaker::default());
                let texels = dispatched(&rig, &source, tables, 4);
                let what = format!("{simulate}, {swizzle:?}, {read}");
                assert_texels(&texels, swizzle, &what);
            }
        }
    }
}

#[test]
fn a_sampler_lod_bias_is_applied_in_a_compute_stage_without_sampler_mip_lod_bias() {
    let lacking = profile(
        "samplerMipLodBias-compute",
        &["portability\tsamplerMipLodBias\t0"],
    );
    for simulate in ["off", lacking.as_str(), "moltenvk-m1"] {
        let rig = rig_with(simulate);
        // An explicit LOD in the shader: the sampler's bias is added to it, as Vulkan
        // adds it (compute stages have no implicit LOD).
        for shader_lod in [0.0f32, 1.0] {
            let source =
                reading_compute(SIZE_PX, &format!("textureLod(source, uv, {shader_lod:.1})"));
            for sampler_bias in [0.0f32, 1.0, 2.0] {
                let sampler = SamplerMaker {
                    mip_filter: gpu::objects::MipFilter::Nearest,
                    lod_bias: sampler_bias,
                    ..SamplerMaker::default()
                };
                let tables = mip_source_tables(&rig, sampler);
                let texels = dispatched(&rig, &source, tables, SIZE_PX);
                // Nearest mip filtering of whole LODs: the level is the LOD.
                let level = (shader_lod + sampler_bias) as u32;
                let what =
                    format!("{simulate}, shader LOD {shader_lod}, sampler bias {sampler_bias}");
                for (at, texel) in texels.chunks(4).enumerate() {
                    assert_eq!(texel, level_colour(level), "{what}: texel {at}");
                }
            }
        }
    }
}

/// A 16x16 target cleared red, the tint program's green drawn over it after `states`.
fn tinted(rig: &Rig, states: &[StateChange]) -> Result<Vec<u8>, RecordError> {
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(rgba8(), SIZE_PX, SIZE_PX), 0);
    let mut commands = rig.cleared(view, [1.0, 0.0, 0.0, 1.0]);
    let program = position_program(&rig.device, TINT_FRAG);
    let vertices = positions_at(
        &rig.device,
        rig.pool,
        1 << 20,
        &common::draw::FULL_TRIANGLE_NDC,
    );
    let tint_offset_b = (1 << 20) + (64 << 10);
    rig.device
        .write_pool(rig.pool, tint_offset_b, &f32_bytes(&[0.0, 1.0, 0.0, 1.0]))
        .unwrap();
    let tint = rig.buffer(tint_offset_b, 256);
    bind_positions(&mut commands, program, vertices);
    bind_tint(&mut commands, tint, 0);
    for state in states {
        commands.set_state(state.clone())?;
    }
    commands.draw(triangle()).unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    Ok(rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b))
}

fn constant_alpha_blend() -> [StateChange; 2] {
    let equation = BlendEquation {
        src_factor: BlendFactor::ConstantAlpha,
        dst_factor: BlendFactor::OneMinusConstantAlpha,
        op: BlendOp::Add,
    };
    [
        StateChange::BlendConstant([0.0, 0.0, 0.0, 0.25]),
        StateChange::Blend {
            target: 0,
            state: BlendState {
                enabled: true,
                color: equation,
                alpha: BlendEquation::REPLACE,
            },
        },
    ]
}

#[test]
fn constant_alpha_blending_is_drawn_where_offered_and_refused_when_recorded_where_not() {
    let full = rig_with("off");
    let pixels = tinted(&full, &constant_alpha_blend()).unwrap();
    // green * 0.25 + red * 0.75, to 8 bits (either rounding).
    for pixel in pixels.chunks(4) {
        assert!(
            pixel[0].abs_diff(191) <= 1 && pixel[1].abs_diff(64) <= 1,
            "{pixel:?}"
        );
        assert_eq!([pixel[2], pixel[3]], [0, 255]);
    }
    drop(full);
    let lacking = without("constantAlphaColorBlendFactors");
    refused_for(
        tinted(&lacking, &constant_alpha_blend()),
        "constantAlphaColorBlendFactors",
    );
    // Constant alpha in the alpha equation alone is allowed.
    let alpha_only = StateChange::Blend {
        target: 0,
        state: BlendState {
            enabled: true,
            color: BlendEquation::REPLACE,
            alpha: BlendEquation {
                src_factor: BlendFactor::ConstantAlpha,
                dst_factor: BlendFactor::Zero,
                op: BlendOp::Add,
            },
        },
    };
    let pixels = tinted(
        &lacking,
        &[StateChange::BlendConstant([0.0; 4]), alpha_only],
    )
    .unwrap();
    assert!(pixels.chunks(4).all(|pixel| pixel == [0, 255, 0, 0]));
}

fn point_mode() -> StateChange {
    StateChange::Rasterizer(RasterizerState {
        polygon_mode: PolygonMode::Point,
        ..RasterizerState::default()
    })
}

fn stencil_with_references(front: u8, back: u8) -> StateChange {
    StateChange::DepthStencil(DepthStencilState {
        stencil_test: true,
        front: StencilFace {
            reference: front,
            ..StencilFace::default()
        },
        back: StencilFace {
            reference: back,
            ..StencilFace::default()
        },
        ..DepthStencilState::default()
    })
}

fn culling(cull: CullMode) -> StateChange {
    StateChange::Rasterizer(RasterizerState {
        cull,
        ..RasterizerState::default()
    })
}

/// The state is recorded (or refused) on a fresh buffer, in order; the first refusal.
fn record(rig: &Rig, states: &[StateChange]) -> Result<(), RecordError> {
    let mut commands = rig.device.command_buffer();
    for state in states {
        commands.set_state(state.clone())?;
    }
    Ok(())
}

#[test]
fn point_polygons_and_separate_stencil_references_are_refused_when_recorded_without_them() {
    let full = rig_with("off");
    assert!(record(&full, &[point_mode()]).is_ok());
    assert!(record(&full, &[stencil_with_references(1, 2)]).is_ok());
    drop(full);
    // MoltenVK on an M1 lacks pointPolygons.
    let moltenvk = rig_with("moltenvk-m1");
    refused_for(record(&moltenvk, &[point_mode()]), "pointPolygons");
    assert!(record(
        &moltenvk,
        &[StateChange::Rasterizer(RasterizerState::default())]
    )
    .is_ok());
    drop(moltenvk);
    let lacking = without("separateStencilMaskRef");
    // Both faces drawn (no culling, the default) need the two references.
    refused_for(
        record(&lacking, &[stencil_with_references(1, 2)]),
        "separateStencilMaskRef",
    );
    refused_for(
        record(
            &lacking,
            &[
                culling(CullMode::Back),
                stencil_with_references(1, 2),
                culling(CullMode::None),
            ],
        ),
        "separateStencilMaskRef",
    );
    // One face culled, equal references, or no stencil test: nothing needed.
    assert!(record(
        &lacking,
        &[culling(CullMode::Back), stencil_with_references(1, 2)]
    )
    .is_ok());
    assert!(record(&lacking, &[stencil_with_references(3, 3)]).is_ok());
    // And drawn right with a face culled: the triangle is back-facing in Vulkan's
    // framebuffer (negative area with the default counter-clockwise front), so culling
    // front faces keeps it; the stencil test always passes (no stencil target).
    let pixels = tinted(
        &lacking,
        &[culling(CullMode::Front), stencil_with_references(1, 2)],
    );
    assert!(pixels
        .unwrap()
        .chunks(4)
        .all(|pixel| pixel == [0, 255, 0, 255]));
}

fn streams(stride_b: u32) -> StateChange {
    StateChange::VertexStreams(vec![VertexStream {
        stride_b,
        divisor: 0,
    }])
}

fn attribute_at(offset_b: u32) -> StateChange {
    StateChange::VertexAttributes(vec![VertexAttribute {
        location: 0,
        stream: 0,
        format: VertexFormat {
            kind: ComponentKind::Float32,
            components: 2,
        },
        offset_b,
    }])
}

#[test]
fn an_attribute_past_its_stride_is_refused_when_recorded_without_the_feature() {
    let full = rig_with("off");
    assert!(record(&full, &[streams(8), attribute_at(4)]).is_ok());
    drop(full);
    let lacking = without("vertexAttributeAccessBeyondStride");
    let feature = "vertexAttributeAccessBeyondStride";
    refused_for(record(&lacking, &[streams(8), attribute_at(4)]), feature);
    refused_for(record(&lacking, &[attribute_at(4), streams(8)]), feature);
    assert!(record(&lacking, &[streams(12), attribute_at(4)]).is_ok());
    // Within the stride: drawn right (the tint scene's positions are 8 bytes apart).
    let pixels = tinted(&lacking, &[streams(8), attribute_at(0)]).unwrap();
    assert!(pixels.chunks(4).all(|pixel| pixel == [0, 255, 0, 255]));
}

/// A fragment stage sampling `count` textures (slots 0 to count - 1).
fn many_textures_frag(count: u32) -> String {
    let mut source = String::from("#version 450\nlayout(location = 0) out vec4 colour;\n");
    for slot in 0..count {
        source += &format!("layout(binding = {slot}) uniform sampler2D t{slot};\n");
    }
    source += "void main() {\n    colour = vec4(0.0);\n";
    for slot in 0..count {
        source += &format!("    colour += texelFetch(t{slot}, ivec2(0), 0);\n");
    }
    source + "}\n"
}

#[test]
fn a_stage_past_metals_16_samplers_is_refused_when_recorded() {
    for (overrides, seventeen_ok) in [(FULL, true), (MOLTENVK, false)] {
        let rig = Rig::with_switches(ExecutorOptions::default(), overrides);
        for (count, fits) in [(16, true), (17, seventeen_ok)] {
            let frag = many_textures_frag(count);
            let program = program(
                &rig.device,
                &[
                    (shader_translate::Stage::Vertex, POSITION_VERT),
                    (shader_translate::Stage::Fragment, &frag),
                ],
            );
            let mut commands = rig.device.command_buffer();
            let bound = commands.bind_program(program);
            if fits {
                assert!(bound.is_ok(), "{overrides:?} {count}: {bound:?}");
            } else {
                refused_for(bound, "maxPerStageDescriptorSamplers");
            }
        }
    }
}

#[test]
fn moltenvk_pools_are_on_16_kib_pages_and_caller_storage_off_them_is_refused() {
    let rig = Rig::with_switches(ExecutorOptions::default(), MOLTENVK);
    let page_b = 16 << 10;
    let pool = rig.device.pool(rig.pool).unwrap();
    assert_eq!(pool.host_page_b(), page_b.max(memory::host_page_size_b()));
    assert_eq!(pool.storage_ptr().as_ptr() as u64 % page_b, 0);
    // Caller storage on an OS page but off a 16 KiB one (where the OS's pages are
    // smaller): refused, naming the page; on one, taken.
    let backing = memory::MemoryPool::new(4 * page_b, PoolFlags::CPU_CACHED_GPU_CACHED).unwrap();
    let base = (backing.storage_ptr().as_ptr() as u64).next_multiple_of(page_b);
    let maker = PoolMaker::new(page_b, PoolFlags::CPU_CACHED_GPU_CACHED);
    let pointer = |address: u64| std::ptr::NonNull::new(address as *mut u8).unwrap();
    if memory::host_page_size_b() < page_b {
        let off = base + memory::host_page_size_b();
        // SAFETY: inside `backing`, which outlives the (refused) pool.
        let refused = unsafe { rig.device.create_pool_over(&maker, pointer(off)) };
        assert!(
            matches!(
                refused,
                Err(ObjectError::PoolCreation(PoolError::StorageUnaligned { host_page_b, .. }))
                    if host_page_b == page_b
            ),
            "{refused:?}"
        );
    }
    // SAFETY: inside `backing`; the pool is finalized and the GPU idle before it goes.
    let taken = unsafe { rig.device.create_pool_over(&maker, pointer(base)) }.unwrap();
    rig.device.write_pool(taken, 100, &[1, 2, 3]).unwrap();
    rig.finish();
    rig.device.finalize(taken).unwrap();
    drop(rig);
    drop(backing);
}

/// The fan, a sampled texture and a tinted triangle: what every profile draws alike.
fn baseline(rig: &Rig, what: &str) {
    let fan = DrawArrays {
        primitive: PrimitiveKind::TriangleFan,
        vertex_count: 4,
        ..triangle()
    };
    let (texture, view) = rig.texture(&TextureBuilder::new_2d(rgba8(), SIZE_PX, SIZE_PX), 0);
    let mut commands = rig.cleared(view, [1.0, 0.0, 0.0, 1.0]);
    let program = position_program(&rig.device, TINT_FRAG);
    // A quad as a fan over the whole target.
    let vertices = positions_at(
        &rig.device,
        rig.pool,
        1 << 20,
        &[-1.0, -1.0, 1.0, -1.0, 1.0, 1.0, -1.0, 1.0],
    );
    let tint_offset_b = (1 << 20) + (64 << 10);
    rig.device
        .write_pool(rig.pool, tint_offset_b, &f32_bytes(&[0.0, 1.0, 0.0, 1.0]))
        .unwrap();
    bind_positions(&mut commands, program, vertices);
    bind_tint(&mut commands, rig.buffer(tint_offset_b, 256), 0);
    commands.draw(fan).unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    assert!(
        pixels.chunks(4).all(|pixel| pixel == [0, 255, 0, 255]),
        "{what}: the fan"
    );
    let plain = sampled(rig, Swizzle::IDENTITY, SamplerMaker::default());
    assert_texels(&draw_sampled(rig, plain).unwrap(), Swizzle::IDENTITY, what);
}

#[test]
fn each_feature_turned_off_in_turn_keeps_the_baseline_pixels_right() {
    for feature in FEATURE_NAMES {
        let rig = without(feature);
        baseline(&rig, feature);
    }
    // And every one of them off at once, on MoltenVK's limits and pages.
    let mut lines: Vec<String> = gpu_vk::bringup::simulate::MOLTENVK_M1
        .lines()
        .map(str::to_owned)
        .collect();
    lines.extend(
        FEATURE_NAMES
            .iter()
            .map(|name| format!("portability\t{name}\t0")),
    );
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let rig = rig_with(&profile("all-off", &lines));
    baseline(&rig, "all off");
}

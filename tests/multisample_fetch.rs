//! Shaders reading multisample textures (`sampler2DMS`, `texelFetch` with a sample index,
//! `textureSamples`) on the real driver (lavapipe in CI, validation and synchronization
//! validation on), through both descriptor paths (the bindless table and per-draw sets):
//! each sample of a 4x target drawn with a known per-sample pattern is fetched into a
//! single-sample target four times as wide and compared exactly against a CPU model; and
//! the record-time refusals of mismatched views.

mod common;

use common::draw::{
    bind_positions, bind_tint, f32_bytes, positions_at, triangle, FULL_TRIANGLE_NDC,
};
use common::programs::{position_program, TEXEL_FRAG};
use common::readback::region;
use common::rig::Rig;
use gpu::objects::{SamplerMaker, Stage, TextureBuilder, TextureHandle};
use gpu::state::{MultisampleState, StateChange};
use gpu::RecordError;
use gpu_vk::executor::ExecutorOptions;
use memory::{Format, TextureKind};

/// The multisample target's side, in pixels.
const SIDE_PX: u32 = 16;
const SAMPLES: u32 = 4;
/// Where the fetched (single-sample, `SAMPLES` times as wide) target lies in the pool.
const FETCHED_OFFSET_B: u64 = 1 << 20;
const POSITIONS_OFFSET_B: u64 = 1536 << 10;
/// Each draw's tint, 256 bytes apart (the uniform offset alignment).
const TINT_OFFSET_B: u64 = POSITIONS_OFFSET_B + (64 << 10);
const TINT_STRIDE_B: u64 = 256;
const FETCHED_B: usize = (SIDE_PX * SAMPLES * SIDE_PX * 4) as usize;

/// Red and green from the tint (one a sample), blue and alpha the pixel's centre in
/// sixteenths: each sample of each pixel a value the CPU model knows.
const PATTERN_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
void main() {
    colour = vec4(tint.rg, gl_FragCoord.x / 16.0, gl_FragCoord.y / 16.0);
}
";

/// Pixel (x, y) of the wide target is sample x % 4 of pixel (x / 4, y), where the
/// texture reports 4 samples (zero otherwise); `prefix` "" reads a `sampler2DMS` into a
/// `vec4`, "u" a `usampler2DMS` into a `uvec4`.
fn fetch_frag(prefix: &str) -> String {
    format!(
        "#version 450
layout(location = 0) out {prefix}vec4 colour;
layout(binding = 0) uniform {prefix}sampler2DMS source;
void main() {{
    ivec2 at = ivec2(gl_FragCoord.xy);
    {prefix}vec4 texel = texelFetch(source, ivec2(at.x / 4, at.y), at.x % 4);
    colour = textureSamples(source) == 4 ? texel : {prefix}vec4(0);
}}
"
    )
}

/// Sample `sample`'s tint: red and green bytes (exact in RGBA8).
fn tint_bytes(sample: u32) -> [u8; 2] {
    [40 + 50 * sample as u8, 200 - 30 * sample as u8]
}

/// The unorm byte of `gl_FragCoord / 16` at pixel `at`'s centre: round((at + 0.5) / 16 *
/// 255), never a tie (255 (2 at + 1) / 32 has an odd numerator).
fn centre_byte(at: u32) -> u8 {
    ((f64::from(at) + 0.5) / 16.0 * 255.0).round() as u8
}

/// The CPU model of the wide target: pixel (x, y) is sample x % 4 of pixel (x / 4, y),
/// its blue and alpha `position_byte` of the pixel's column and row.
fn expected(position_byte: fn(u32) -> u8) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(FETCHED_B);
    for y in 0..SIDE_PX {
        for x in 0..SIDE_PX * SAMPLES {
            let [red, green] = tint_bytes(x % SAMPLES);
            bytes.extend_from_slice(&[red, green, position_byte(x / SAMPLES), position_byte(y)]);
        }
    }
    bytes
}

fn option_sets() -> [(&'static str, ExecutorOptions); 2] {
    [
        ("descriptor indexing", ExecutorOptions::default()),
        (
            "per-draw sets",
            ExecutorOptions {
                descriptor_indexing: false,
                ..ExecutorOptions::default()
            },
        ),
    ]
}

/// The shaders and format of one run: the float or the integer forms.
struct Kind {
    format: &'static str,
    pattern: &'static str,
    /// `fetch_frag`'s prefix.
    fetch_prefix: &'static str,
    /// The CPU model's blue and alpha at a pixel's column or row.
    position_byte: fn(u32) -> u8,
}

const FLOAT: Kind = Kind {
    format: "rgba8",
    pattern: PATTERN_FRAG,
    fetch_prefix: "",
    position_byte: centre_byte,
};

/// `PATTERN_FRAG` in integers: the tint's bytes, then the pixel's column and row.
const UINT_PATTERN_FRAG: &str = "#version 450
layout(location = 0) out uvec4 colour;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
void main() {
    colour = uvec4(uvec2(tint.rg * 255.0 + 0.5), uvec2(gl_FragCoord.xy));
}
";

const UINT: Kind = Kind {
    format: "rgba8ui",
    pattern: UINT_PATTERN_FRAG,
    fetch_prefix: "u",
    position_byte: |at| at as u8,
};

/// A `SAMPLES`-sample `SIDE_PX` square texture of `format` at the pool's start.
fn multisample_texture(rig: &Rig, format: Format) -> (gpu::TextureId, gpu::ViewId) {
    rig.texture(
        &TextureBuilder::new_2d(format, SIDE_PX, SIDE_PX)
            .kind(TextureKind::D2Multisample)
            .samples(SAMPLES),
        0,
    )
}

/// The covering triangle's positions, in the pool.
fn full_triangle(rig: &Rig) -> gpu::objects::BufferRange {
    positions_at(
        &rig.device,
        rig.pool,
        POSITIONS_OFFSET_B,
        &FULL_TRIANGLE_NDC,
    )
}

/// Binds `view` at the fragment stage's texture slot 0 (handle 1, 1 in fresh tables).
fn bind_fragment_texture(
    rig: &Rig,
    commands: &mut gpu::CommandBuffer<'_>,
    view: gpu::ViewId,
) -> Result<(), gpu::RecordError> {
    let textures = rig.device.create_texture_table(4).unwrap();
    let samplers = rig.device.create_sampler_table(4).unwrap();
    rig.device.register_texture(textures, 1, view).unwrap();
    let sampler = rig.device.create_sampler(&SamplerMaker::default()).unwrap();
    rig.device.register_sampler(samplers, 1, sampler).unwrap();
    commands.bind_descriptor_tables(textures, samplers).unwrap();
    commands.bind_texture(
        Stage::Fragment,
        0,
        TextureHandle {
            texture_slot: 1,
            sampler_slot: 1,
        },
    )
}

/// Draws the pattern into a 4x target (one draw a sample, under a sample mask of that
/// sample alone), then fetches every sample into a single-sample target 4x as wide in
/// the same list; the bytes are the CPU model's exactly, on both descriptor paths.
fn fetch_each_sample(kind: &Kind) {
    for (what, options) in option_sets() {
        let rig = Rig::with_options(options);
        let format = Format::from_name(kind.format).unwrap();
        let (msaa, msaa_view) = multisample_texture(&rig, format);
        let (fetched, fetched_view) = rig.texture(
            &TextureBuilder::new_2d(format, SIDE_PX * SAMPLES, SIDE_PX),
            FETCHED_OFFSET_B,
        );
        let positions = full_triangle(&rig);
        let tints = rig.buffer(TINT_OFFSET_B, TINT_STRIDE_B * u64::from(SAMPLES));
        for sample in 0..SAMPLES {
            let [red, green] = tint_bytes(sample);
            let tint = [f32::from(red) / 255.0, f32::from(green) / 255.0, 0.0, 1.0];
            rig.device
                .write_pool(
                    rig.pool,
                    TINT_OFFSET_B + TINT_STRIDE_B * u64::from(sample),
                    &f32_bytes(&tint),
                )
                .unwrap();
        }

        // Every sample is drawn, so the target needs no clear (it starts at zero).
        let pattern = position_program(&rig.device, kind.pattern);
        let mut commands = rig.device.command_buffer();
        commands
            .bind_render_targets(common::draw::colour(msaa_view))
            .unwrap();
        bind_positions(&mut commands, pattern, positions);
        for sample in 0..SAMPLES {
            commands
                .set_state(StateChange::Multisample(MultisampleState {
                    sample_mask: 1 << sample,
                    ..MultisampleState::default()
                }))
                .unwrap();
            bind_tint(&mut commands, tints, TINT_STRIDE_B * u64::from(sample));
            commands.draw(triangle()).unwrap();
        }

        let fetch = position_program(&rig.device, &fetch_frag(kind.fetch_prefix));
        commands
            .set_state(StateChange::Multisample(MultisampleState::default()))
            .unwrap();
        commands
            .bind_render_targets(common::draw::colour(fetched_view))
            .unwrap();
        bind_positions(&mut commands, fetch, positions);
        bind_fragment_texture(&rig, &mut commands, msaa_view).unwrap();
        commands.draw(triangle()).unwrap();
        let tables_before = rig.backend.lock().stats().bindless_tables;
        let bytes = rig.submit_and_read(
            commands,
            region(fetched, 0, SIDE_PX * SAMPLES, SIDE_PX),
            FETCHED_B,
        );
        // The path asked for is the one taken: the bindless table's 2D multisample image
        // array where the driver has descriptor indexing, per-draw sets otherwise.
        let tables = rig.backend.lock().stats().bindless_tables - tables_before;
        let indexing = rig.backend.lock().device().caps.descriptor_indexing;
        assert_eq!(
            tables > 0,
            indexing && options.descriptor_indexing,
            "{what}: {tables} bindless tables"
        );
        let want = expected(kind.position_byte);
        if let Some(at) = (0..FETCHED_B).find(|&at| bytes[at] != want[at]) {
            let pixel = at / 4;
            let wide_px = SIDE_PX * SAMPLES;
            let (x, y) = (pixel as u32 % wide_px, pixel as u32 / wide_px);
            panic!(
                "{what}, {}: wide pixel ({x}, {y}) = {:?}, expected {:?}",
                kind.format,
                &bytes[pixel * 4..pixel * 4 + 4],
                &want[pixel * 4..pixel * 4 + 4]
            );
        }
        for id in [msaa, fetched] {
            rig.device.finalize(id).unwrap();
        }
    }
}

#[test]
fn texel_fetch_reads_each_sample_of_a_4x_texture_exactly() {
    fetch_each_sample(&FLOAT);
}

#[test]
fn texel_fetch_reads_each_sample_of_a_4x_integer_texture_exactly() {
    fetch_each_sample(&UINT);
}

/// A multisample view at a `sampler2D` slot, and a single-sample one at a `sampler2DMS`
/// slot, are refused when the draw is recorded, naming the stage, slot and view; the
/// same binds with the right program draw. Rebinding the slot to a view of the right
/// kind makes the draw pass again.
#[test]
fn views_of_the_other_sample_kind_are_refused_when_the_draw_is_recorded() {
    let rig = Rig::new(true);
    let format = Format::from_name("rgba8").unwrap();
    let (msaa, msaa_view) = multisample_texture(&rig, format);
    let (single, single_view) = rig.texture(
        &TextureBuilder::new_2d(format, SIDE_PX, SIDE_PX),
        FETCHED_OFFSET_B,
    );
    let positions = full_triangle(&rig);
    let single_reader = position_program(&rig.device, TEXEL_FRAG);
    let multisample_reader = position_program(&rig.device, &fetch_frag(""));
    for (program, bound, other, bound_kind) in [
        (single_reader, msaa_view, single_view, "multisample"),
        (multisample_reader, single_view, msaa_view, "single-sample"),
    ] {
        let mut commands = rig.device.command_buffer();
        commands
            .bind_render_targets(common::draw::colour(single_view_target(&rig)))
            .unwrap();
        bind_positions(&mut commands, program, positions);
        bind_fragment_texture(&rig, &mut commands, bound).unwrap();
        match commands.draw(triangle()) {
            Err(RecordError::TextureKindMismatch {
                stage: Stage::Fragment,
                slot: 0,
                view,
                view_kind,
                slot_kind,
            }) => {
                assert_eq!(view, bound);
                assert_eq!(view_kind, bound_kind);
                assert_ne!(slot_kind, view_kind);
            }
            other => panic!("{bound_kind} view: {other:?}"),
        }
        // The right kind at the slot: the draw is recorded.
        bind_fragment_texture(&rig, &mut commands, other).unwrap();
        commands.draw(triangle()).unwrap();
        drop(commands);
    }
    // Handles bound again and again in one pair of tables (the binds' short way, which
    // remembers the view each handle found): each draw is checked against the view
    // bound last.
    let textures = rig.device.create_texture_table(4).unwrap();
    let samplers = rig.device.create_sampler_table(4).unwrap();
    rig.device.register_texture(textures, 1, msaa_view).unwrap();
    rig.device
        .register_texture(textures, 2, single_view)
        .unwrap();
    let sampler = rig.device.create_sampler(&SamplerMaker::default()).unwrap();
    rig.device.register_sampler(samplers, 1, sampler).unwrap();
    let mut commands = rig.device.command_buffer();
    commands
        .bind_render_targets(common::draw::colour(single_view_target(&rig)))
        .unwrap();
    bind_positions(&mut commands, multisample_reader, positions);
    commands.bind_descriptor_tables(textures, samplers).unwrap();
    for round in 0..3 {
        for (texture_slot, passes) in [(1, true), (2, false)] {
            let handle = TextureHandle {
                texture_slot,
                sampler_slot: 1,
            };
            commands.bind_texture(Stage::Fragment, 0, handle).unwrap();
            let drawn = commands.draw(triangle());
            assert_eq!(
                drawn.is_ok(),
                passes,
                "round {round}, handle {texture_slot}: {drawn:?}"
            );
            // The refusal names the view the last bind found, short way or not.
            if let Err(refused) = drawn {
                assert!(
                    matches!(refused, RecordError::TextureKindMismatch { view, .. }
                        if view == single_view),
                    "round {round}: {refused:?}"
                );
            }
        }
    }
    drop(commands);
    for id in [msaa, single] {
        rig.device.finalize(id).unwrap();
    }
}

/// The same check for a texture bound before its list bound any tables (the tables come
/// from a list submitted before it, as on the console): nothing can be looked up when the
/// bind and the draw are recorded, so both are taken then, and the submit makes the check:
/// a multisample view read through a single-sample slot is refused there, naming the
/// stage, slot and view; the program that reads it as multisample is submitted and drawn.
#[test]
fn views_of_the_other_sample_kind_bound_before_the_lists_tables_are_refused_at_submit() {
    let rig = Rig::new(true);
    let format = Format::from_name("rgba8").unwrap();
    let (msaa, msaa_view) = multisample_texture(&rig, format);
    let target = single_view_target(&rig);
    let positions = full_triangle(&rig);
    let textures = rig.device.create_texture_table(4).unwrap();
    let samplers = rig.device.create_sampler_table(4).unwrap();
    rig.device.register_texture(textures, 1, msaa_view).unwrap();
    let sampler = rig.device.create_sampler(&SamplerMaker::default()).unwrap();
    rig.device.register_sampler(samplers, 1, sampler).unwrap();
    let queue = rig.device.queue();
    let mut setup = rig.device.command_buffer();
    setup.bind_descriptor_tables(textures, samplers).unwrap();
    queue.submit(&setup.finish()).unwrap();
    for (fragment, passes) in [(TEXEL_FRAG.to_owned(), false), (fetch_frag(""), true)] {
        let program = position_program(&rig.device, &fragment);
        let mut commands = rig.device.command_buffer();
        commands
            .bind_render_targets(common::draw::colour(target))
            .unwrap();
        bind_positions(&mut commands, program, positions);
        let handle = TextureHandle {
            texture_slot: 1,
            sampler_slot: 1,
        };
        commands.bind_texture(Stage::Fragment, 0, handle).unwrap();
        commands.draw(triangle()).unwrap();
        let submitted = queue.submit(&commands.finish());
        match (passes, submitted) {
            (true, Ok(())) => {}
            (
                false,
                Err(gpu::QueueError::Record(RecordError::TextureKindMismatch {
                    stage: Stage::Fragment,
                    slot: 0,
                    view,
                    view_kind: "multisample",
                    ..
                })),
            ) => assert_eq!(view, msaa_view),
            (_, other) => panic!("multisample reader {passes}: {other:?}"),
        }
    }
    queue.finish().unwrap();
    rig.device.finalize(msaa).unwrap();
}

/// A single-sample target the refusal test draws into (beyond the textures it reads).
fn single_view_target(rig: &Rig) -> gpu::ViewId {
    rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIDE_PX, SIDE_PX),
        FETCHED_OFFSET_B + (256 << 10),
    )
    .1
}

/// A multisample view of a count the device's shaders cannot read
/// (`sampledImageColorSampleCounts` without 4, here withheld) is refused when bound,
/// naming the limit; integer formats answer to `sampledImageIntegerSampleCounts`.
#[test]
fn multisample_views_of_counts_shaders_cannot_read_are_refused_when_bound() {
    for (format, limit) in [
        ("rgba8", "sampledImageColorSampleCounts"),
        ("rgba8ui", "sampledImageIntegerSampleCounts"),
    ] {
        let rig = Rig::lacking(|features| {
            features.sampled_color_sample_counts = 1;
            features.sampled_integer_sample_counts = 1;
        });
        let (msaa, msaa_view) = multisample_texture(&rig, Format::from_name(format).unwrap());
        let mut commands = rig.device.command_buffer();
        match bind_fragment_texture(&rig, &mut commands, msaa_view) {
            Err(RecordError::MissingCapability { what, capability }) => {
                assert_eq!(capability, limit);
                assert!(what.contains("4-sample"), "{what}");
            }
            other => panic!("{format}: {other:?}"),
        }
        drop(commands);
        rig.device.finalize(msaa).unwrap();
    }
}

/// A multisample view at an image slot (load/store) is refused when bound: multisample
/// textures are read through texture slots only.
#[test]
fn a_multisample_view_bound_as_an_image_is_refused_when_bound() {
    let rig = Rig::new(true);
    let (msaa, msaa_view) = multisample_texture(&rig, Format::from_name("rgba8").unwrap());
    let textures = rig.device.create_texture_table(4).unwrap();
    let samplers = rig.device.create_sampler_table(4).unwrap();
    rig.device.register_image(textures, 1, msaa_view).unwrap();
    let mut commands = rig.device.command_buffer();
    commands.bind_descriptor_tables(textures, samplers).unwrap();
    let bound = commands.bind_image(
        Stage::Compute,
        0,
        gpu::objects::ImageHandle { texture_slot: 1 },
    );
    assert!(
        matches!(
            bound,
            Err(RecordError::BadArgument {
                what: "image bind of a multisample view",
                ..
            })
        ),
        "{bound:?}"
    );
    drop(commands);
    rig.device.finalize(msaa).unwrap();
}

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
use common::programs::position_program;
use common::readback::region;
use common::rig::Rig;
use gpu::objects::{SamplerMaker, Stage, TextureBuilder, TextureHandle};
use gpu::state::{MultisampleState, StateChange};
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
/// texture reports 4 samples (zero otherwise).
const FETCH_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2DMS source;
void main() {
    ivec2 at = ivec2(gl_FragCoord.xy);
    vec4 texel = texelFetch(source, ivec2(at.x / 4, at.y), at.x % 4);
    colour = textureSamples(source) == 4 ? texel : vec4(0.0);
}
";

/// Sample `sample`'s tint: red and green bytes (exact in RGBA8).
fn tint_bytes(sample: u32) -> [u8; 2] {
    [40 + 50 * sample as u8, 200 - 30 * sample as u8]
}

/// The unorm byte of `gl_FragCoord / 16` at pixel `at`'s centre: round((at + 0.5) / 16 *
/// 255), never a tie (255 (2 at + 1) / 32 has an odd numerator).
fn centre_byte(at: u32) -> u8 {
    ((f64::from(at) + 0.5) / 16.0 * 255.0).round() as u8
}

/// The CPU model of the wide target: pixel (x, y) is sample x % 4 of pixel (x / 4, y).
fn expected() -> Vec<u8> {
    let mut bytes = Vec::with_capacity(FETCHED_B);
    for y in 0..SIDE_PX {
        for x in 0..SIDE_PX * SAMPLES {
            let [red, green] = tint_bytes(x % SAMPLES);
            bytes.extend_from_slice(&[red, green, centre_byte(x / SAMPLES), centre_byte(y)]);
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

/// Draws the pattern into a 4x RGBA8 target (one draw a sample, under a sample mask of
/// that sample alone), then fetches every sample into a single-sample target 4x as wide
/// in the same list; the bytes are the CPU model's exactly, on both descriptor paths.
#[test]
fn texel_fetch_reads_each_sample_of_a_4x_texture_exactly() {
    for (what, options) in option_sets() {
        let rig = Rig::with_options(options);
        let format = Format::from_name("rgba8").unwrap();
        let (msaa, msaa_view) = rig.texture(
            &TextureBuilder::new_2d(format, SIDE_PX, SIDE_PX)
                .kind(TextureKind::D2Multisample)
                .samples(SAMPLES),
            0,
        );
        let (fetched, fetched_view) = rig.texture(
            &TextureBuilder::new_2d(format, SIDE_PX * SAMPLES, SIDE_PX),
            FETCHED_OFFSET_B,
        );
        let positions = positions_at(
            &rig.device,
            rig.pool,
            POSITIONS_OFFSET_B,
            &FULL_TRIANGLE_NDC,
        );
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

        let pattern = position_program(&rig.device, PATTERN_FRAG);
        let mut commands = rig.cleared(msaa_view, [0.0; 4]);
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

        let textures = rig.device.create_texture_table(4).unwrap();
        let samplers = rig.device.create_sampler_table(4).unwrap();
        rig.device.register_texture(textures, 1, msaa_view).unwrap();
        let sampler = rig.device.create_sampler(&SamplerMaker::default()).unwrap();
        rig.device.register_sampler(samplers, 1, sampler).unwrap();
        let fetch = position_program(&rig.device, FETCH_FRAG);
        commands
            .set_state(StateChange::Multisample(MultisampleState::default()))
            .unwrap();
        commands
            .bind_render_targets(common::draw::colour(fetched_view))
            .unwrap();
        bind_positions(&mut commands, fetch, positions);
        commands.bind_descriptor_tables(textures, samplers).unwrap();
        commands
            .bind_texture(
                Stage::Fragment,
                0,
                TextureHandle {
                    texture_slot: 1,
                    sampler_slot: 1,
                },
            )
            .unwrap();
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
        let want = expected();
        if let Some(at) = (0..FETCHED_B).find(|&at| bytes[at] != want[at]) {
            let pixel = at / 4;
            let (x, y) = (
                pixel as u32 % (SIDE_PX * SAMPLES),
                pixel as u32 / (SIDE_PX * SAMPLES),
            );
            panic!(
                "{what}: wide pixel ({x}, {y}) = {:?}, expected {:?}",
                &bytes[pixel * 4..pixel * 4 + 4],
                &want[pixel * 4..pixel * 4 + 4]
            );
        }
        for id in [msaa, fetched] {
            rig.device.finalize(id).unwrap();
        }
    }
}

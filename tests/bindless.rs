//! Textures through either descriptor path: the bindless table (descriptor indexing,
//! where the driver has it: NVIDIA, AMD, Intel) and per-draw descriptor sets (lavapipe,
//! and `RX_VK_DESCRIPTOR_INDEXING=0` anywhere). Every draw of a frame samples other
//! textures from both stages; each pixel is checked against the texels it must show, and
//! the stats say which path ran. On lavapipe these tests run the fallback; on a driver with
//! descriptor indexing they run the table, its handle words and its refills.

mod common;

use common::draw::{bind_positions, colour, positions_at};
use common::programs::{program, program_through, POSITION_VERT};
use common::readback::region;
use common::rig::Rig;
use gpu::command::{BufferBinding, ClearValue, DrawArrays};
use gpu::objects::BufferRange;
use gpu::objects::{SamplerMaker, Stage, TextureBuilder, TextureHandle};
use gpu::state::{ComponentMask, PrimitiveKind};
use gpu::{ProgramId, ViewId};
use gpu_vk::executor::ExecutorOptions;
use memory::Format;
use shader_translate::{CacheLocation, Stage as ShaderStage, TranslateOptions, Translator};

/// Reads a texel of the texture in its vertex slot 2 and hands it on, flat.
const SHADE_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
layout(location = 0) flat out vec4 shade;
layout(binding = 2) uniform sampler2D shade_source;
void main() {
    shade = textureLod(shade_source, vec2(0.5), 0.0);
    gl_Position = vec4(position, 0.0, 1.0);
}
";

/// Red from the vertex stage's texture, green from fragment slot 0, blue from slot 3.
const MIX_FRAG: &str = "#version 450
layout(location = 0) flat in vec4 shade;
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D green_source;
layout(binding = 3) uniform sampler2D blue_source;
void main() {
    colour = vec4(shade.r, texelFetch(green_source, ivec2(0), 0).g,
                  texture(blue_source, vec2(0.5)).b, 1.0);
}
";

/// Each pixel is texel (0, 0) of fragment slot 0.
const FIRST_TEXEL_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D source;
void main() {
    colour = texelFetch(source, ivec2(0), 0);
}
";

/// Each pixel is texel (0, 0) of fragment slot 0 times the tint of uniform slot 0.
const TINTED_TEXEL_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 0) uniform sampler2D source;
layout(std140, binding = 0) uniform Tint { vec4 tint; };
void main() {
    colour = texelFetch(source, ivec2(0), 0) * tint;
}
";

/// Each pixel is texel (0, 0) of fragment slot 1, read in a function that takes the
/// sampler (kept a call without optimisation: the bindless rewrite refuses it).
const CALL_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 1) uniform sampler2D source;
vec4 first_texel(sampler2D from) {
    return texelFetch(from, ivec2(0), 0);
}
void main() {
    colour = first_texel(source);
}
";

const TEXTURES: u32 = 24;
const SAMPLERS: u32 = 3;
/// Each draw covers a strip this wide of the target.
const STRIP_PX: u32 = 2;
const TARGET_W_PX: u32 = TEXTURES * STRIP_PX;
const TARGET_H_PX: u32 = 4;
const TEXTURE_STRIDE_B: u64 = 8 << 10;
const TARGET_OFFSET_B: u64 = 512 << 10;
const VERTICES_OFFSET_B: u64 = 1 << 20;
/// Where tints lie (one a draw), and how far apart (above any uniform alignment).
const TINTS_OFFSET_B: u64 = (1 << 20) + (64 << 10);
const TINT_STRIDE_B: u64 = 256;

fn rgba8() -> Format {
    Format::from_name("rgba8").unwrap()
}

/// Texture `index`'s one colour.
fn texel(index: u32) -> [u8; 4] {
    let base = (index * 10) as u8;
    [base, base + 3, base + 6, 255]
}

/// The textures (each 4x4 of its one colour) registered in a table at their index, and
/// `SAMPLERS` samplers; bound as the command buffer's tables.
struct Scene {
    views: Vec<ViewId>,
    target: gpu::TextureId,
    target_view: ViewId,
    textures: gpu::TextureTableId,
    samplers: gpu::SamplerTableId,
}

impl Scene {
    /// A command buffer drawing into the cleared target with `program`, the strips'
    /// positions and the scene's tables bound.
    fn commands<'a>(
        &self,
        rig: &'a Rig,
        program: ProgramId,
        positions: BufferRange,
    ) -> gpu::CommandBuffer<'a> {
        let mut commands = rig.cleared(self.target_view, [0.0, 0.0, 0.0, 1.0]);
        bind_positions(&mut commands, program, positions);
        commands
            .bind_descriptor_tables(self.textures, self.samplers)
            .unwrap();
        commands
    }

    /// Submits `commands`, waits, and reads the whole target back.
    fn read(&self, rig: &Rig, commands: gpu::CommandBuffer<'_>) -> Vec<u8> {
        rig.submit_and_read(
            commands,
            region(self.target, 0, TARGET_W_PX, TARGET_H_PX),
            (TARGET_W_PX * TARGET_H_PX * 4) as usize,
        )
    }
}

fn scene(rig: &Rig) -> Scene {
    let builder = TextureBuilder::new_2d(rgba8(), 4, 4);
    let textures = rig.device.create_texture_table(TEXTURES).unwrap();
    let mut views = Vec::new();
    for index in 0..TEXTURES {
        let offset_b = u64::from(index) * TEXTURE_STRIDE_B;
        let (_, view) = rig.texture(&builder, offset_b);
        // One colour everywhere: the same bytes in any layout.
        let bytes: Vec<u8> = texel(index).repeat(4 * 4);
        let size_b = builder.layout().unwrap().size_b as usize;
        let mut storage = bytes.repeat(size_b.div_ceil(bytes.len()));
        storage.truncate(size_b);
        rig.device.write_pool(rig.pool, offset_b, &storage).unwrap();
        rig.device.register_texture(textures, index, view).unwrap();
        views.push(view);
    }
    let samplers = rig.device.create_sampler_table(SAMPLERS).unwrap();
    for slot in 0..SAMPLERS {
        let sampler = rig.device.create_sampler(&SamplerMaker::default()).unwrap();
        rig.device
            .register_sampler(samplers, slot, sampler)
            .unwrap();
    }
    let (target, target_view) = rig.texture(
        &TextureBuilder::new_2d(rgba8(), TARGET_W_PX, TARGET_H_PX),
        TARGET_OFFSET_B,
    );
    Scene {
        views,
        target,
        target_view,
        textures,
        samplers,
    }
}

/// A rig with `options`, the scene, a program of `stages` and the strips' positions.
fn drawn_scene(
    options: ExecutorOptions,
    stages: &[(ShaderStage, &str)],
) -> (Rig, Scene, ProgramId, BufferRange) {
    let rig = Rig::with_options(options);
    let scene = scene(&rig);
    let program = program(&rig.device, stages);
    let positions = positions_at(&rig.device, rig.pool, VERTICES_OFFSET_B, &strips());
    (rig, scene, program, positions)
}

fn handle(texture: u32) -> TextureHandle {
    TextureHandle {
        texture_slot: texture % TEXTURES,
        sampler_slot: texture % SAMPLERS,
    }
}

/// Two triangles over strip `index` of the target, for every strip, in one stream.
fn strips() -> Vec<f32> {
    let strip_ndc = 2.0 * STRIP_PX as f32 / TARGET_W_PX as f32;
    (0..TEXTURES)
        .flat_map(|index| {
            let (x0, x1) = (
                -1.0 + index as f32 * strip_ndc,
                -1.0 + (index + 1) as f32 * strip_ndc,
            );
            [x0, -1.0, x1, -1.0, x0, 1.0, x1, -1.0, x1, 1.0, x0, 1.0]
        })
        .collect()
}

fn strip_draw(index: u32) -> DrawArrays {
    DrawArrays {
        primitive: PrimitiveKind::Triangles,
        first_vertex: index * 6,
        vertex_count: 6,
        first_instance: 0,
        instance_count: 1,
    }
}

/// The target's pixels, row by row, where strip `index` shows `strip(index)`.
fn expected(strip: impl Fn(u32) -> [u8; 4]) -> Vec<u8> {
    (0..TARGET_H_PX)
        .flat_map(|_| (0..TARGET_W_PX).flat_map(|x| strip(x / STRIP_PX)))
        .collect()
}

/// What `ExecutorStats::bindless_tables` must say: tables only where the driver has
/// descriptor indexing and the option asks for it.
fn check_path(rig: &Rig, options: &ExecutorOptions, tables: u64, at_least: u64, what: &str) {
    let indexing = rig.backend.lock().device().caps.descriptor_indexing;
    if indexing && options.descriptor_indexing {
        assert!(
            tables >= at_least,
            "{what}: {tables} bindless tables, expected at least {at_least}"
        );
    } else {
        assert_eq!(
            tables, 0,
            "{what}: the per-slot path makes no bindless table"
        );
    }
}

fn option_sets() -> [(&'static str, ExecutorOptions); 3] {
    [
        ("descriptor indexing", ExecutorOptions::default()),
        (
            "per-draw sets",
            ExecutorOptions {
                descriptor_indexing: false,
                ..ExecutorOptions::default()
            },
        ),
        (
            "tables of 8 images",
            ExecutorOptions {
                bindless_table_images: Some(8),
                ..ExecutorOptions::default()
            },
        ),
    ]
}

/// 24 draws, each sampling three other textures (one in the vertex stage, two in the
/// fragment stage at slots 0 and 3) through three samplers: every strip shows its own
/// three texels, submitted twice, on every path (and with tables small enough to refill
/// every few draws).
#[test]
fn every_draw_samples_its_own_textures_from_both_stages() {
    for (what, options) in option_sets() {
        let (rig, scene, program, positions) = drawn_scene(
            options,
            &[
                (ShaderStage::Vertex, SHADE_VERT),
                (ShaderStage::Fragment, MIX_FRAG),
            ],
        );
        let mut commands = scene.commands(&rig, program, positions);
        for index in 0..TEXTURES {
            commands
                .bind_texture(Stage::Vertex, 2, handle(index))
                .unwrap();
            commands
                .bind_texture(Stage::Fragment, 0, handle(index + 1))
                .unwrap();
            commands
                .bind_texture(Stage::Fragment, 3, handle(index + 2))
                .unwrap();
            commands.draw(strip_draw(index)).unwrap();
        }
        commands
            .copy(rig.read_level(scene.target, 0, TARGET_W_PX, TARGET_H_PX))
            .unwrap();
        let list = commands.finish();
        let want = expected(|index| {
            [
                texel(index)[0],
                texel((index + 1) % TEXTURES)[1],
                texel((index + 2) % TEXTURES)[2],
                255,
            ]
        });
        let len_b = want.len();
        let before = rig.backend.lock().stats().bindless_tables;
        for submission in 0..2 {
            rig.submit(&list);
            rig.finish();
            assert!(
                rig.read_back(len_b) == want,
                "{what}, submission {submission}: strips differ from their textures"
            );
        }
        let tables = rig.backend.lock().stats().bindless_tables - before;
        // 24 textures in tables of 8 images: at least three tables a submission.
        let at_least = if options.bindless_table_images.is_some() {
            6
        } else {
            2
        };
        check_path(&rig, &options, tables, at_least, what);
        drop(scene.views);
    }
}

/// A program the bindless rewrite refuses (a sampler passed to a function) keeps per-slot
/// descriptors, drawn in one list between draws of a bindless program: both kinds of
/// pipeline layout alternate and every strip is right.
#[test]
fn refused_programs_keep_per_slot_descriptors_beside_bindless_ones() {
    let unoptimised = Translator::new(TranslateOptions {
        optimise: false,
        cache: CacheLocation::Off,
        strict_portability: false,
    })
    .unwrap();
    for (what, options) in option_sets().into_iter().take(2) {
        let (rig, scene, texel_program, positions) = drawn_scene(
            options,
            &[
                (ShaderStage::Vertex, POSITION_VERT),
                (ShaderStage::Fragment, FIRST_TEXEL_FRAG),
            ],
        );
        let call_program = program_through(
            &unoptimised,
            &rig.device,
            &[
                (ShaderStage::Vertex, POSITION_VERT),
                (ShaderStage::Fragment, CALL_FRAG),
            ],
        );
        let mut commands = rig.device.command_buffer();
        commands
            .bind_render_targets(colour(scene.target_view))
            .unwrap();
        commands
            .clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)
            .unwrap();
        commands
            .bind_descriptor_tables(scene.textures, scene.samplers)
            .unwrap();
        for index in 0..TEXTURES {
            let program = if index % 2 == 0 {
                texel_program
            } else {
                call_program
            };
            bind_positions(&mut commands, program, positions);
            let slot = if index % 2 == 0 { 0 } else { 1 };
            commands
                .bind_texture(Stage::Fragment, slot, handle(index + 5))
                .unwrap();
            commands.draw(strip_draw(index)).unwrap();
        }
        let want = expected(|index| texel((index + 5) % TEXTURES));
        let before = rig.backend.lock().stats().bindless_tables;
        let got = scene.read(&rig, commands);
        assert!(got == want, "{what}: strips differ from their textures");
        let tables = rig.backend.lock().stats().bindless_tables - before;
        check_path(&rig, &options, tables, 1, what);
    }
}

/// A texture table slot registered again between two submissions: the second samples
/// the new texture (what a handle resolved to is kept for one submission only).
#[test]
fn a_slot_registered_again_is_sampled_anew_by_the_next_submission() {
    for (what, options) in option_sets().into_iter().take(2) {
        let (rig, scene, program, positions) = drawn_scene(
            options,
            &[
                (ShaderStage::Vertex, POSITION_VERT),
                (ShaderStage::Fragment, FIRST_TEXEL_FRAG),
            ],
        );
        let frame = || {
            let mut commands = scene.commands(&rig, program, positions);
            for index in 0..TEXTURES {
                // Every strip samples slot 7.
                commands
                    .bind_texture(Stage::Fragment, 0, handle(7))
                    .unwrap();
                commands.draw(strip_draw(index)).unwrap();
            }
            scene.read(&rig, commands)
        };
        assert!(frame() == expected(|_| texel(7)), "{what}: slot 7 first");
        rig.device
            .register_texture(scene.textures, 7, scene.views[11])
            .unwrap();
        assert!(
            frame() == expected(|_| texel(11)),
            "{what}: slot 7 registered again"
        );
    }
}

/// Each pixel is texel (0, 0) of element 1 of a sampler array at fragment slots 2-4.
const ARRAY_FRAG: &str = "#version 450
layout(location = 0) out vec4 colour;
layout(binding = 2) uniform sampler2D sources[3];
void main() {
    colour = texelFetch(sources[1], ivec2(0), 0);
}
";

/// A sampler array takes consecutive slots; each element samples the handle bound at
/// its own slot.
#[test]
fn a_sampler_array_takes_one_slot_an_element() {
    for (what, options) in option_sets().into_iter().take(2) {
        let (rig, scene, program, positions) = drawn_scene(
            options,
            &[
                (ShaderStage::Vertex, POSITION_VERT),
                (ShaderStage::Fragment, ARRAY_FRAG),
            ],
        );
        let mut commands = scene.commands(&rig, program, positions);
        for index in 0..TEXTURES {
            for element in 0..3 {
                let handle = handle(index + element);
                commands
                    .bind_texture(Stage::Fragment, 2 + element as u8, handle)
                    .unwrap();
            }
            commands.draw(strip_draw(index)).unwrap();
        }
        let want = expected(|index| texel((index + 1) % TEXTURES));
        let got = scene.read(&rig, commands);
        assert!(
            got == want,
            "{what}: strips differ from element 1's textures"
        );
    }
}

/// Draws that move only their uniform offset between texture rebinds: the executor
/// takes the draws after a rebind as repeats of the one that rebound (its sets, or its
/// bindless handle words, with new offsets). Every third draw binds another texture;
/// every strip shows the texture bound at its draw times its own tint (odd strips lose
/// their green), on every path.
#[test]
fn repeats_between_texture_rebinds_sample_the_texture_bound_at_their_draw() {
    for (what, options) in option_sets() {
        let (rig, scene, program, positions) = drawn_scene(
            options,
            &[
                (ShaderStage::Vertex, POSITION_VERT),
                (ShaderStage::Fragment, TINTED_TEXEL_FRAG),
            ],
        );
        let tint = |index: u32| {
            [
                1.0f32,
                if index.is_multiple_of(2) { 1.0 } else { 0.0 },
                1.0,
                1.0,
            ]
        };
        for index in 0..TEXTURES {
            let bytes: Vec<u8> = tint(index).iter().flat_map(|c| c.to_le_bytes()).collect();
            let offset_b = TINTS_OFFSET_B + u64::from(index) * TINT_STRIDE_B;
            rig.device.write_pool(rig.pool, offset_b, &bytes).unwrap();
        }
        let tints = rig.buffer(TINTS_OFFSET_B, u64::from(TEXTURES) * TINT_STRIDE_B);
        let texture_at = |index: u32| (index / 3) * 5;
        let mut commands = scene.commands(&rig, program, positions);
        for index in 0..TEXTURES {
            if index.is_multiple_of(3) {
                commands
                    .bind_texture(Stage::Fragment, 0, handle(texture_at(index)))
                    .unwrap();
            }
            let range = BufferRange {
                buffer: tints,
                offset_b: u64::from(index) * TINT_STRIDE_B,
                size_b: 16,
            };
            let binding = BufferBinding::Uniform {
                stage: Stage::Fragment,
                slot: 0,
            };
            commands.bind_buffer(binding, range).unwrap();
            commands.draw(strip_draw(index)).unwrap();
        }
        let want = expected(|index| {
            let [r, g, b, a] = texel(texture_at(index) % TEXTURES);
            [r, if index.is_multiple_of(2) { g } else { 0 }, b, a]
        });
        let before = rig.backend.lock().stats();
        let pixels = scene.read(&rig, commands);
        let after = rig.backend.lock().stats();
        assert!(
            pixels == want,
            "{what}: strips differ from their textures and tints"
        );
        assert_eq!(after.draws - before.draws, u64::from(TEXTURES), "{what}");
        check_path(
            &rig,
            &options,
            after.bindless_tables - before.bindless_tables,
            1,
            what,
        );
        drop(scene.views);
    }
}

//! Differential rendering on the real driver (lavapipe in CI, validation on): the same
//! draw through programs translated from uam's compiled Maxwell binaries and through
//! glslang's SPIR-V of the GLSL uam compiled them from. The RGBA8 targets must agree to
//! within one step per channel: both sides interpolate the same inputs in float and
//! quantise once, so a value right at a rounding edge may land one step apart; anything
//! more is a translation error.

mod common;

use std::path::Path;

use common::draw::{positions_at, triangle};
use common::programs::translator;
use common::readback::region;
use common::rig::Rig;
use common::textures::{bind_fragment_texture_kinds, TextureSpec};
use gpu::command::{BufferBinding, DrawArrays};
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, TextureBuilder};
use gpu::state::{
    ComponentKind, PrimitiveKind, StateChange, VertexAttribute, VertexFormat, VertexStream,
};
use gpu::ProgramId;
use memory::Format;
use shader_translate::{ShaderCode, ShaderSource, Stage};

const SIZE_PX: u32 = 64;
const CLEAR: [f32; 4] = [0.25, 0.5, 0.75, 1.0];
const CLEAR_RGBA8: [u8; 4] = [64, 128, 191, 255];

fn corpus_dir(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_corpus")
        .join(name)
}

/// A program of corpus binaries, each translated from its DKSH.
fn maxwell_program(rig: &Rig, names: &[&str]) -> ProgramId {
    maxwell_program_with(
        rig,
        names,
        &shader_translate::maxwell::slots::SlotMap::deko3d(),
    )
}

/// As [`maxwell_program`], translated with the slot map `slots`.
fn maxwell_program_with(
    rig: &Rig,
    names: &[&str],
    slots: &shader_translate::maxwell::slots::SlotMap,
) -> ProgramId {
    let translator = translator();
    let modules = names
        .iter()
        .map(|name| {
            let bytes = std::fs::read(corpus_dir(name).join("out.dksh")).unwrap();
            let shader = translator
                .translate_dksh_with(name, &bytes, slots)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            ShaderModule::from(&shader)
        })
        .collect();
    rig.device
        .create_program(&ProgramMaker { modules })
        .unwrap()
}

/// A program of the same shaders' GLSL through glslang. uam is a GL front end, so its
/// `gl_VertexID` is Vulkan GLSL's `gl_VertexIndex` (the same for a draw from vertex 0).
fn glslang_program(rig: &Rig, shaders: &[(Stage, &str)]) -> ProgramId {
    let translator = translator();
    let modules = shaders
        .iter()
        .map(|&(stage, name)| {
            let glsl = std::fs::read_to_string(corpus_dir(name).join("source.glsl"))
                .unwrap()
                .replace("gl_VertexID", "gl_VertexIndex");
            let shader = translator
                .translate(&ShaderSource {
                    name: format!("{name}.glsl"),
                    stage,
                    code: ShaderCode::Glsl(glsl),
                })
                .unwrap_or_else(|e| panic!("{name}.glsl: {e}"));
            ShaderModule::from(&shader)
        })
        .collect();
    rig.device
        .create_program(&ProgramMaker { modules })
        .unwrap()
}

/// Draws with `program` into a cleared 64x64 RGBA8 target at `offset_b` of the pool;
/// `bind` records the vertex input state first. Returns the target's bytes.
fn render(
    rig: &Rig,
    offset_b: u64,
    program: ProgramId,
    bind: impl FnOnce(&mut gpu::CommandBuffer<'_>),
    draw: DrawArrays,
) -> Vec<u8> {
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        offset_b,
    );
    let mut commands = rig.cleared(view, CLEAR);
    bind(&mut commands);
    commands.bind_program(program).unwrap();
    commands.draw(draw).unwrap();
    rig.submit_and_read(
        commands,
        region(texture, 0, SIZE_PX, SIZE_PX),
        (SIZE_PX * SIZE_PX * 4) as usize,
    )
}

/// Vertex stream 0 of tightly packed floats: `(location, components)` in order.
fn bind_vertex_floats(
    commands: &mut gpu::CommandBuffer<'_>,
    buffer: BufferRange,
    attributes: &[(u8, u8)],
) {
    let mut offset_b = 0;
    let attributes = attributes
        .iter()
        .map(|&(location, components)| {
            let attribute = VertexAttribute {
                location,
                stream: 0,
                format: VertexFormat {
                    kind: ComponentKind::Float32,
                    components,
                },
                offset_b,
            };
            offset_b += 4 * u32::from(components);
            attribute
        })
        .collect();
    commands
        .set_state(StateChange::VertexStreams(vec![VertexStream {
            stride_b: offset_b,
            divisor: 0,
        }]))
        .unwrap();
    commands
        .set_state(StateChange::VertexAttributes(attributes))
        .unwrap();
    commands
        .bind_buffer(BufferBinding::Vertex { stream: 0 }, buffer)
        .unwrap();
}

/// Vertex stream 0 of 7 floats: a `vec3` at location 0 and a `vec4` at location 1.
fn bind_position_and_colour(commands: &mut gpu::CommandBuffer<'_>, buffer: BufferRange) {
    bind_vertex_floats(commands, buffer, &[(0, 3), (1, 4)]);
}

fn bind_uniforms(
    commands: &mut gpu::CommandBuffer<'_>,
    stage: gpu::objects::Stage,
    slot: u8,
    range: BufferRange,
) {
    commands
        .bind_buffer(BufferBinding::Uniform { stage, slot }, range)
        .unwrap();
}

/// A perspective projection (column-major): 60 degrees, square, near 0.1, far 10, Vulkan
/// depth.
fn perspective() -> [f32; 16] {
    let f = 1.0 / (30.0f32.to_radians()).tan();
    let (near, far) = (0.1f32, 10.0f32);
    let mut m = [0.0; 16];
    m[0] = f;
    m[5] = f;
    m[10] = far / (near - far);
    m[11] = -1.0;
    m[14] = near * far / (near - far);
    m
}

fn no_vertex_input(commands: &mut gpu::CommandBuffer<'_>) {
    commands
        .set_state(StateChange::VertexStreams(Vec::new()))
        .unwrap();
    commands
        .set_state(StateChange::VertexAttributes(Vec::new()))
        .unwrap();
}

/// Draws with the pair of corpus programs translated from their binaries and with
/// glslang's SPIR-V of their GLSL, and compares the two images.
fn draw_both(
    rig: &Rig,
    what: &str,
    [vertex, fragment]: [&str; 2],
    bind: impl Fn(&mut gpu::CommandBuffer<'_>),
    draw: DrawArrays,
) {
    let ours = maxwell_program(rig, &[vertex, fragment]);
    let reference = glslang_program(rig, &[(Stage::Vertex, vertex), (Stage::Fragment, fragment)]);
    let a = render(rig, 0, ours, &bind, draw);
    let b = render(rig, 512 << 10, reference, &bind, draw);
    assert_agree(what, &a, &b);
}

/// The two images agree within one step per channel, and the draw covered part of the
/// target with more than one colour (so the comparison means something).
fn assert_agree(what: &str, ours: &[u8], reference: &[u8]) {
    let worst = ours
        .iter()
        .zip(reference)
        .map(|(a, b)| a.abs_diff(*b))
        .max()
        .unwrap();
    let off: Vec<usize> = (0..ours.len())
        .filter(|&i| ours[i].abs_diff(reference[i]) > 1)
        .collect();
    assert!(
        off.is_empty(),
        "{what}: {} channels differ by more than 1 (worst {worst}); first at pixel {}: ours {:?} glslang {:?}",
        off.len(),
        off[0] / 4,
        &ours[off[0] / 4 * 4..off[0] / 4 * 4 + 4],
        &reference[off[0] / 4 * 4..off[0] / 4 * 4 + 4]
    );
    let drawn: std::collections::BTreeSet<&[u8]> = reference
        .chunks(4)
        .filter(|px| *px != CLEAR_RGBA8)
        .collect();
    let covered = reference.chunks(4).filter(|px| *px != CLEAR_RGBA8).count();
    assert!(covered > 500, "{what}: only {covered} pixels drawn");
    assert!(
        drawn.len() > 50,
        "{what}: only {} colours drawn",
        drawn.len()
    );
    eprintln!(
        "{what}: {covered} pixels drawn, {} colours, worst difference {worst}",
        drawn.len()
    );
}

/// deko3d's basic triangle: positions and colours from constant arrays indexed by the
/// vertex id (the compiler's constant buffer 1, read with an indexed `ld c1[]`), and the
/// colour interpolated with perspective (`ipa` with uam's 1/w multiplier).
#[test]
fn the_deko3d_triangle_draws_as_glslang_draws_it() {
    let rig = Rig::new(true);
    draw_both(
        &rig,
        "deko3d triangle",
        ["dkbasic_triangle_vsh", "dkbasic_color_fsh"],
        no_vertex_input,
        triangle(),
    );
}

/// Vertex attributes: a `vec3` position (the code makes w 1.0) and a `vec4` passed
/// through, then a `vec3` colour input of the fragment program.
#[test]
fn attributes_flow_through_as_glslang_passes_them() {
    let rig = Rig::new(true);
    // x, y, z, then r, g, b, a; the vertex program writes w = 1, so depth varies via z only.
    let vertices = [
        -0.9, -0.8, 0.1, 1.0, 0.0, 0.0, 1.0, //
        0.9, -0.6, 0.5, 0.0, 1.0, 0.0, 1.0, //
        0.0, 0.95, 0.9, 0.0, 0.0, 1.0, 1.0,
    ];
    let buffer = positions_at(&rig.device, rig.pool, 1 << 20, &vertices);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        bind_position_and_colour(commands, buffer);
    };
    let draw = DrawArrays {
        primitive: PrimitiveKind::Triangles,
        ..triangle()
    };
    draw_both(
        &rig,
        "attributes",
        ["dk_basic_vsh", "dk_color_fsh"],
        bind,
        draw,
    );
}

/// Uniform block 0 (two matrices) and perspective: the vertex program reads the block
/// (`c[2]`) and writes a position whose w differs per vertex, so the fragment program's
/// colour is interpolated with perspective correction (`ipa` times uam's 1/w).
#[test]
fn a_uniform_block_and_perspective_draw_as_glslang_draws_them() {
    let rig = Rig::new(true);
    // Clip-space w of 1.8, 5.8 and 3.5 at the three corners.
    let vertices = [
        -2.0, -1.5, 0.5, 1.0, 0.0, 0.0, 1.0, //
        2.5, -1.5, -2.0, 0.0, 1.0, 0.0, 1.0, //
        0.0, 2.0, -0.5, 0.0, 0.0, 1.0, 1.0,
    ];
    let buffer = positions_at(&rig.device, rig.pool, 1 << 20, &vertices);
    // Model-view: a turn about y and a move 3 away; projection: 60 degrees, near 0.1,
    // far 10, Vulkan depth.
    let (c, s) = (0.4f32.cos(), 0.4f32.sin());
    let model_view = [
        c, 0.0, -s, 0.0, 0.0, 1.0, 0.0, 0.0, s, 0.0, c, 0.0, 0.0, 0.0, -3.0, 1.0,
    ];
    let projection = perspective();
    let mut block = model_view.to_vec();
    block.extend_from_slice(&projection);
    let uniforms = positions_at(&rig.device, rig.pool, (1 << 20) + (64 << 10), &block);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        bind_position_and_colour(commands, buffer);
        bind_uniforms(commands, gpu::objects::Stage::Vertex, 0, uniforms);
    };
    draw_both(
        &rig,
        "uniform block and perspective",
        ["dk_transform_vsh", "dk_color_fsh"],
        bind,
        triangle(),
    );
}

/// Integer code and a fragment uniform block: the demo's full-screen vertex program
/// makes its corners from the vertex id with shifts, masks and integer-to-float
/// conversions; the fragment program reads uniform block 1 (`c[3]`) and uses `sat`,
/// `fmnmx` and a negated operand.
#[test]
fn integer_vertex_code_and_a_fragment_uniform_block_draw_as_glslang_draws_them() {
    full_screen_with_uniforms(
        "integer vertex code and a fragment uniform block",
        "x_frag_uv_shade",
        1,
        &[0.9, 0.6, 0.0, 0.8, 1.7, 0.0, 0.0, 0.0],
    );
}

/// A local array indexed at run time: uam keeps it in local memory (`st`/`ld` on `l[]`,
/// 256 bytes by the SPH), stored in a loop's unrolled body, then read, added to and read
/// again at indices from the pixel and a uniform.
#[test]
fn a_local_array_draws_as_glslang_draws_it() {
    full_screen_with_uniforms(
        "local array",
        "x_frag_local_array",
        0,
        &[f32::from_bits(3), 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0],
    );
}

/// The demo's full-screen vertex program and `fragment`, with `block` as the fragment
/// stage's uniform block `slot`, drawn both ways.
fn full_screen_with_uniforms(what: &str, fragment: &str, slot: u8, block: &[f32]) {
    let rig = Rig::new(true);
    let uniforms = positions_at(&rig.device, rig.pool, 1 << 20, block);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        bind_uniforms(commands, gpu::objects::Stage::Fragment, slot, uniforms);
    };
    draw_both(
        &rig,
        what,
        ["main_fullscreen_vert", fragment],
        bind,
        triangle(),
    );
}

/// Makes an RGBA8 texture of generated texels (red full in the left half) in the pool
/// (block-linear, as the game's) for each `(size, seed)`, a linear-filtering sampler, and
/// binds texture i to the fragment stage's slot i.
fn bind_fragment_textures(
    rig: &Rig,
    commands: &mut gpu::CommandBuffer<'_>,
    textures: &[(u32, u64)],
) {
    let specs: Vec<TextureSpec> = textures
        .iter()
        .map(|&(size_px, seed)| TextureSpec::rgba8(size_px, seed))
        .collect();
    bind_fragment_texture_kinds(rig, commands, &specs);
}

fn bind_fragment_texture(rig: &Rig, commands: &mut gpu::CommandBuffer<'_>) {
    bind_fragment_textures(rig, commands, &[(16, 0x5eed_0016)]);
}

/// A texture sample (`texs`, the handle 0x1a4 of fragment slot 0) with linear
/// filtering over a full-screen triangle.
#[test]
fn a_texture_sample_draws_as_glslang_draws_it() {
    full_screen_with_a_texture("texture sample", "dk_texture_fsh");
}

/// A full-screen triangle shaded by corpus program `fragment` from one 16x16 texture
/// at fragment slot 0.
fn full_screen_with_a_texture(what: &str, fragment: &str) {
    let rig = Rig::new(true);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        bind_fragment_texture(&rig, commands);
    };
    draw_both(
        &rig,
        what,
        ["main_fullscreen_vert", fragment],
        bind,
        triangle(),
    );
}

/// `textureSize` and `textureQueryLevels` (`txq` dimension, components packed into
/// consecutive registers by its mask) and `texelFetch` (`tlds`) at coordinates wrapped by
/// the queried size: integer texel values (on lavapipe the two agree exactly).
#[test]
fn texture_queries_and_fetches_draw_as_glslang_draws_them() {
    full_screen_with_a_texture("texture queries", "x_frag_texture_query");
}

/// The demo's light volume: a uniform block, a one-component texture sample, `sqrt`,
/// a comparison setting a predicate, and moves guarded by it.
#[test]
fn the_demo_light_program_draws_as_glslang_draws_it() {
    let rig = Rig::new(true);
    let mut block = vec![0.0f32; 16];
    block.extend_from_slice(&[0.4, 0.55, 0.0, 0.7, 0.9, 0.5, 0.25, 1.0]);
    let uniforms = positions_at(&rig.device, rig.pool, 1 << 20, &block);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        bind_fragment_texture(&rig, commands);
        bind_uniforms(commands, gpu::objects::Stage::Fragment, 0, uniforms);
    };
    draw_both(
        &rig,
        "demo light",
        ["main_fullscreen_vert", "main_light_frag"],
        bind,
        triangle(),
    );
}

/// The demo's terrain draw: the vertex program builds a 4x4-cell grid from the vertex id
/// alone (a division by 6 as a high multiply by a magic number, remainders as XMAD
/// 16-bit multiply-adds, an IMAD, constant-buffer-1 offsets indexed by the corner) and
/// places it through a uniform block's matrix (w differs across the grid); the fragment
/// program shades from a texture sample.
#[test]
fn the_demo_terrain_draw_matches_glslang() {
    let rig = Rig::new(true);
    let cells = 4.0;
    // Column-major: clip = (x - 1, y - 1, 0.5, 1 + 0.2 y).
    let mut block = vec![
        1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.2, 0.0, 0.0, 1.0, 0.0, -1.0, -1.0, 0.5, 1.0,
    ];
    block.extend_from_slice(&[0.1, 0.05, 1.8, cells]);
    let uniforms = positions_at(&rig.device, rig.pool, 1 << 20, &block);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        bind_fragment_texture(&rig, commands);
        bind_uniforms(commands, gpu::objects::Stage::Vertex, 0, uniforms);
    };
    let draw = DrawArrays {
        vertex_count: 6 * 4 * 4,
        ..triangle()
    };
    draw_both(
        &rig,
        "demo terrain",
        ["main_terrain_vert", "main_terrain_frag"],
        bind,
        draw,
    );
}

/// deko3d's Blinn-Phong lighting: the fragment program's `if (lightPos.w != 0)` is an
/// `ssy`/`sync` if/else, drawn once down each arm; the vertex program passes world
/// position and normal (three vertex attributes, a uniform block, a normalisation).
#[test]
fn an_if_else_draws_as_glslang_draws_it_down_each_arm() {
    let rig = Rig::new(true);
    // Position, normal, attribute (7 + 3 floats a vertex).
    let vertices = [
        -0.8, -0.7, 0.2, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, //
        0.9, -0.6, -0.4, 0.6, 0.0, 0.8, 1.0, 1.0, 1.0, 1.0, //
        0.0, 0.9, 0.1, -0.3, 0.7, 0.6, 1.0, 1.0, 1.0, 1.0,
    ];
    let buffer = positions_at(&rig.device, rig.pool, 1 << 20, &vertices);
    // Model-view a move 2 away; projection as in the perspective test.
    let mut transform = vec![
        1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, -2.0, 1.0,
    ];
    transform.extend_from_slice(&perspective());
    let transform = positions_at(&rig.device, rig.pool, (1 << 20) + (64 << 10), &transform);
    // A point light above, and light from above (the direction is -lightPos).
    for (arm, light) in [
        ("a point light", [0.5, 0.8, 1.0, 1.0]),
        ("a directional light", [-0.5, -0.8, -1.0, 0.0]),
    ] {
        // lightPos, ambient, diffuse, specular (w = shininess).
        let lighting = [
            light[0], light[1], light[2], light[3], 0.05, 0.04, 0.06, 0.0, 0.7, 0.6, 0.5, 0.0, 0.4,
            0.4, 0.3, 12.0,
        ];
        let lighting = positions_at(&rig.device, rig.pool, (1 << 20) + (128 << 10), &lighting);
        let bind = |commands: &mut gpu::CommandBuffer<'_>| {
            bind_vertex_floats(commands, buffer, &[(0, 3), (1, 3), (2, 4)]);
            bind_uniforms(commands, gpu::objects::Stage::Vertex, 0, transform);
            bind_uniforms(commands, gpu::objects::Stage::Fragment, 0, lighting);
        };
        draw_both(
            &rig,
            arm,
            ["dk_transform_normal_vsh", "dk_basic_lighting_fsh"],
            bind,
            triangle(),
        );
    }
}

/// An if/else nested in an arm of another (two `ssy`/`sync` levels; the inner join is
/// the outer arm's `sync`): the three paths cover three regions of one image.
#[test]
fn a_nested_if_else_draws_as_glslang_draws_it() {
    full_screen_with_uniforms(
        "nested if/else",
        "x_frag_nested_if",
        0,
        &[0.45, 0.6, 0.3, 0.0, 0.9, 0.7, 0.5, 1.0],
    );
}

/// `discard` as uam writes it: guarded `kil`s (the second from a nested `if`), the
/// discarded pixels keeping the clear colour.
#[test]
fn discards_draw_as_glslang_draws_them() {
    full_screen_with_uniforms("discards", "x_frag_discard", 0, &[0.08, 0.55, 0.04, 0.3]);
}

/// deko3d's deferred composition: three texel fetches (`tlds`) at gl_FragCoord from
/// three textures, an if/else on the light kind, Blinn-Phong.
#[test]
fn the_deferred_composition_draws_as_glslang_draws_it() {
    let rig = Rig::new(true);
    let lighting = [
        0.5, 0.8, 1.0, 1.0, 0.05, 0.04, 0.06, 0.0, 0.7, 0.6, 0.5, 0.0, 0.4, 0.4, 0.3, 12.0,
    ];
    let uniforms = positions_at(&rig.device, rig.pool, 1 << 20, &lighting);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        bind_fragment_textures(&rig, commands, &[(64, 1), (64, 2), (64, 3)]);
        bind_uniforms(commands, gpu::objects::Stage::Fragment, 0, uniforms);
    };
    draw_both(
        &rig,
        "deferred composition",
        ["main_fullscreen_vert", "dk_composition_fsh"],
        bind,
        triangle(),
    );
}

/// A counted loop (`pbk`, a `pcnt` header, guarded `brk` and `cont`, `cont` back) whose
/// trip count and both exits come from integer pixel coordinates, so both sides take the
/// same path at every pixel; the sums differ only by uam's fused multiply-adds (a few
/// ulps, far under one 8-bit step).
#[test]
fn a_loop_with_break_and_continue_draws_as_glslang_draws_it() {
    full_screen_with_uniforms(
        "loop with break and continue",
        "x_frag_loop_break_continue",
        0,
        &[0.06, 0.05, 0.0, 0.0],
    );
}

/// An early `return` (`pret` and a guarded `ret` to the exit), then a `while` loop with
/// a `do`/`while` nested in it (two `pbk` levels, backward `bra`s, `brk`s).
#[test]
fn an_early_return_and_nested_loops_draw_as_glslang_draws_them() {
    full_screen_with_uniforms(
        "early return and nested loops",
        "x_frag_loop_nested_return",
        0,
        &[0.7, 2.0, 0.0, 0.0],
    );
}

/// The demo's normal-tile program: a storage buffer of packed heights read with `ldg`
/// through deko3d's c0 address of fragment storage binding 0, integer arithmetic, a
/// uniform block. Its output is a `vec2`, so only red and green are compared (the other
/// channels of the RGBA8 target are undefined for glslang's `vec2` output); the values
/// are integers over 255, so they must match exactly (within the one step allowed).
#[test]
fn the_demo_normals_program_draws_as_glslang_draws_it() {
    let rig = Rig::new(true);
    let side = 65u32;
    let mut seed = 0x1234_5679u32;
    let heights: Vec<f32> = (0..(side * side).div_ceil(4))
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            f32::from_bits(seed)
        })
        .collect();
    let heights = positions_at(&rig.device, rig.pool, 1 << 20, &heights);
    let level = positions_at(
        &rig.device,
        rig.pool,
        (1 << 20) + (64 << 10),
        &[f32::from_bits(0), f32::from_bits(side), 0.0, 0.0],
    );
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        let stage = gpu::objects::Stage::Fragment;
        commands
            .bind_buffer(BufferBinding::Storage { stage, slot: 0 }, heights)
            .unwrap();
        bind_uniforms(commands, stage, 0, level);
    };
    let names = ["main_fullscreen_vert", "main_normals_frag"];
    let ours = maxwell_program(&rig, &names);
    let reference = glslang_program(
        &rig,
        &[(Stage::Vertex, names[0]), (Stage::Fragment, names[1])],
    );
    let red_green = |mut image: Vec<u8>| {
        for pixel in image.chunks_mut(4) {
            pixel[2] = 0;
            pixel[3] = 0;
        }
        image
    };
    let a = red_green(render(&rig, 0, ours, bind, triangle()));
    let b = red_green(render(&rig, 512 << 10, reference, bind, triangle()));
    assert_agree("demo normals", &a, &b);
}

/// A loop with a `break` in one arm of an if/else (its break target the arm's `sync`),
/// and in the other a loop that returns from inside (a guarded `ret` through the `pret`
/// region, two levels out, with the colour it wrote), then a forward `bra` to the
/// region's end.
#[test]
fn loops_in_if_else_arms_and_a_return_from_a_loop_draw_as_glslang_draws_them() {
    full_screen_with_uniforms(
        "loops in arms and a return from a loop",
        "x_frag_loop_in_arm",
        0,
        &[0.12, 0.07, 0.0, 0.0],
    );
}

/// A vertex program that returns early (a guarded forward `bra` over attribute stores and
/// a `ret`, no `ssy`) or runs a loop over a uniform count and stores what it summed:
/// drawn down each path (the condition is a uniform), with the fragment program of the
/// integer-code test.
#[test]
fn a_vertex_program_with_a_return_and_a_loop_draws_as_glslang_draws_it() {
    for (what, k) in [
        ("vertex return", [0.7f32, 0.0, 0.0, 0.0]),
        ("vertex loop", [0.3, 3.0, 0.3, 0.0]),
    ] {
        let rig = Rig::new(true);
        let vertex = positions_at(&rig.device, rig.pool, 1 << 20, &k);
        let shade = positions_at(
            &rig.device,
            rig.pool,
            (1 << 20) + (64 << 10),
            &[0.9, 0.6, 0.0, 0.8, 1.7, 0.0, 0.0, 0.0],
        );
        let bind = |commands: &mut gpu::CommandBuffer<'_>| {
            no_vertex_input(commands);
            bind_uniforms(commands, gpu::objects::Stage::Vertex, 0, vertex);
            bind_uniforms(commands, gpu::objects::Stage::Fragment, 1, shade);
        };
        draw_both(
            &rig,
            what,
            ["x_vert_loop_return", "x_frag_uv_shade"],
            bind,
            triangle(),
        );
    }
}

/// textureGather selecting each component (`tld4s` r, g, b, a) from two textures, and
/// textureQueryLod (`tmml`, whose 8.8 fixed-point words uam turns back into floats).
/// Gathers read texels unfiltered, so the two sides agree exactly; the level of detail
/// may differ by the hardware's 8.8 rounding (at most 1/512), which the program scales
/// by 0.1: under a thirtieth of a step.
#[test]
fn gathers_and_lod_queries_draw_as_glslang_draws_them() {
    let rig = Rig::new(true);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        bind_fragment_textures(&rig, commands, &[(16, 0x5eed_0016), (16, 0x5eed_0017)]);
    };
    draw_both(
        &rig,
        "gathers and lod queries",
        ["main_fullscreen_vert", "x_frag_gather_lod"],
        bind,
        triangle(),
    );
}

/// Depth compare (`texs dc`, `tld4s dc`: texture and textureGather with a reference, on
/// a `z32f` texture with a `less` sampler), 2D arrays of three layers (`texs a2d`,
/// `tlds a2d`, and the long `tex ll`, `tld aoffi`, `tld4 aoffi` on arrays, the layer an
/// `f2i u16` of a float) and constant texel offsets (`tex`, `tlds`, `tld4s` with
/// `aoffi`). Both sides filter the same texels at the same coordinates; the worst
/// difference allowed is the one step of rounding at an edge.
#[test]
fn depth_compare_arrays_and_offsets_draw_as_glslang_draws_them() {
    let rig = Rig::new(true);
    let specs = [
        TextureSpec::rgba8(16, 0x5eed_0020),
        TextureSpec {
            format: "z32f",
            ..TextureSpec::rgba8(16, 0x5eed_0021)
        },
        TextureSpec {
            layers: 3,
            ..TextureSpec::rgba8(16, 0x5eed_0022)
        },
    ];
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        bind_fragment_texture_kinds(&rig, commands, &specs);
    };
    draw_both(
        &rig,
        "depth compare, arrays and offsets",
        ["main_fullscreen_vert", "x_frag_shadow_array_offset"],
        bind,
        triangle(),
    );
}

/// 1D, 1D-array, 3D, cube and cube-array textures of three levels (`x_frag_texture_dims`):
/// samples, explicit levels, fetches, offsets, cube gathers, size and level-of-detail
/// queries. uam divides a cube direction by its largest magnitude before sampling; the
/// face and the point on it are the same, so both sides filter the same texels with
/// weights a rounding apart: the one step at an edge is the most allowed, as for 2D.
#[test]
fn textures_of_every_dimensionality_draw_as_glslang_draws_them() {
    use memory::TextureKind;
    let rig = Rig::new(true);
    let specs = [
        TextureSpec::mipmapped(TextureKind::D1, 16, 1, 0x5eed_0030),
        TextureSpec::mipmapped(TextureKind::D1Array, 16, 3, 0x5eed_0031),
        TextureSpec::mipmapped(TextureKind::D3, 8, 1, 0x5eed_0032),
        TextureSpec::mipmapped(TextureKind::Cube, 8, 1, 0x5eed_0033),
        TextureSpec::mipmapped(TextureKind::CubeArray, 8, 2, 0x5eed_0034),
    ];
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        bind_fragment_texture_kinds(&rig, commands, &specs);
    };
    draw_both(
        &rig,
        "texture dimensionalities",
        ["main_fullscreen_vert", "x_frag_texture_dims"],
        bind,
        triangle(),
    );
}

/// Level-of-detail modes on textures of three levels (`x_frag_texture_lod_modes`): biased
/// samples (`tex lb`, with offsets and depth compare), explicit levels with offsets,
/// derivatives (`txd` on 1D, 2D and 2D arrays, with an offset) and fetches from level 1.
/// Both sides compute the same level from the same derivatives and blend the same two
/// levels: the one step at a rounding edge is the most allowed.
#[test]
fn biases_levels_and_derivatives_draw_as_glslang_draws_them() {
    use memory::TextureKind;
    let rig = Rig::new(true);
    let specs = [
        TextureSpec::mipmapped(TextureKind::D2, 16, 1, 0x5eed_0040),
        TextureSpec::mipmapped(TextureKind::D2Array, 16, 3, 0x5eed_0041),
        TextureSpec::mipmapped(TextureKind::D1, 16, 1, 0x5eed_0042),
        TextureSpec::mipmapped(TextureKind::D3, 8, 1, 0x5eed_0043),
        TextureSpec::mipmapped(TextureKind::Cube, 8, 1, 0x5eed_0044),
        TextureSpec {
            format: "z32f",
            ..TextureSpec::mipmapped(TextureKind::D2, 16, 1, 0x5eed_0045)
        },
    ];
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        no_vertex_input(commands);
        bind_fragment_texture_kinds(&rig, commands, &specs);
    };
    draw_both(
        &rig,
        "level-of-detail modes",
        ["main_fullscreen_vert", "x_frag_texture_lod_modes"],
        bind,
        triangle(),
    );
}

/// Images in a fragment program (`x_frag_images`): a raw 32-bit `suld` of an r32ui image
/// at fragment image slot 5 and unsigned `suatom` add and max into 8x8-pixel bins of
/// another at slot 4 (handles 0x1c9 and 0x1c8). The colour targets agree within the
/// usual step, and the bins, integers summed by atomics, byte for byte.
#[test]
fn fragment_image_loads_and_atomics_draw_as_glslang_draws_them() {
    use common::texels::Bytes;
    use gpu::objects::ImageHandle;
    let rig = Rig::new(true);
    let names = ["main_fullscreen_vert", "x_frag_images"];
    let programs = [
        maxwell_program(&rig, &names),
        glslang_program(
            &rig,
            &[(Stage::Vertex, names[0]), (Stage::Fragment, names[1])],
        ),
    ];
    let source = Bytes(0x1a6e_0003).vec(16 * 16 * 4);
    let bins_initial = Bytes(0x1a6e_0004).vec(16 * 8 * 4);
    let mut results = Vec::new();
    for (side, program) in programs.into_iter().enumerate() {
        let table = rig.device.create_texture_table(8).unwrap();
        let samplers = rig.device.create_sampler_table(1).unwrap();
        let mut bins = None;
        for (index, (slot, width, height, texels)) in
            [(4u8, 16u32, 8u32, &bins_initial), (5, 16, 16, &source)]
                .into_iter()
                .enumerate()
        {
            let offset_b = (1 << 20) + ((side * 2 + index) as u64) * (64 << 10);
            let (texture, view) = rig.r32ui_image(offset_b, width, height, texels);
            rig.device
                .register_image(table, u32::from(slot) + 1, view)
                .unwrap();
            bins.get_or_insert(texture);
        }
        let bind = |commands: &mut gpu::CommandBuffer<'_>| {
            no_vertex_input(commands);
            commands.bind_descriptor_tables(table, samplers).unwrap();
            for slot in [4u8, 5] {
                commands
                    .bind_image(
                        gpu::objects::Stage::Fragment,
                        slot,
                        ImageHandle {
                            texture_slot: u32::from(slot) + 1,
                        },
                    )
                    .unwrap();
            }
        };
        let target = render(&rig, side as u64 * (512 << 10), program, bind, triangle());
        let bins = rig.submit_and_read(
            rig.device.command_buffer(),
            region(bins.unwrap(), 0, 16, 8),
            16 * 8 * 4,
        );
        results.push((target, bins));
    }
    assert_agree("fragment images", &results[0].0, &results[1].0);
    assert_ne!(results[1].1, bins_initial, "the bins were not written");
    assert!(
        results[0].1 == results[1].1,
        "the bins differ from glslang's"
    );
}

/// Typed images in a fragment program (`x_frag_image_formats`), the slot map stating
/// fragment image slots 0 rgba8, 1 rgba16f, 3 rgba32f and 4 r32i: rgba8 and rgba16f
/// loads, an rgba32f store at each pixel, signed `suatom` min and max into 8x8-pixel bins
/// (the signed type's bit ORed into slot 4's handle, 0x1c9: slot 4 by its stated format).
/// The colour targets agree within the usual step; the bins (integers from the rgba8
/// texels: uam's unorm unpacking, `byte * (1 / 255)` times 255 truncated, and Vulkan's
/// conversion give the same integer for every byte 0-255) byte for byte; the
/// stored floats within 2^-20 (4 x an rgba8 value 1 ulp apart, minus an exact half).
#[test]
fn fragment_typed_images_draw_as_glslang_draws_them() {
    use common::texels::Bytes;
    use gpu::objects::ImageHandle;
    use shader_translate::maxwell::dksh::ProgramType;
    use shader_translate::maxwell::image_format::ImageFormat;
    use shader_translate::maxwell::slots::{stage_index, SlotMap};
    let rig = Rig::new(true);
    let names = ["main_fullscreen_vert", "x_frag_image_formats"];
    let mut slots = SlotMap::deko3d();
    let fragment = stage_index(ProgramType::Fragment);
    for (slot, format) in [
        (0, ImageFormat::Rgba8),
        (1, ImageFormat::Rgba16f),
        (3, ImageFormat::Rgba32f),
        (4, ImageFormat::R32i),
    ] {
        slots.image_formats[fragment][slot] = Some(format);
    }
    let programs = [
        maxwell_program_with(&rig, &names, &slots),
        glslang_program(
            &rig,
            &[(Stage::Vertex, names[0]), (Stage::Fragment, names[1])],
        ),
    ];
    // Halves of magnitude 2^-3 to 2 (exponents 12 to 16), either sign.
    let mut random = Bytes(0x1a6e_0031);
    let halves: Vec<u8> = (0..8 * 8 * 4)
        .flat_map(|_| {
            let bits =
                (random.below(2) << 15) | ((12 + random.below(5)) << 10) | random.below(1024);
            (bits as u16).to_le_bytes()
        })
        .collect();
    // (slot, format, width, height, texels)
    let images: [(u8, &str, u32, u32, Vec<u8>); 4] = [
        (0, "rgba8", 16, 16, Bytes(0x1a6e_0030).vec(16 * 16 * 4)),
        (1, "rgba16f", 8, 8, halves),
        (
            3,
            "rgba32f",
            SIZE_PX,
            SIZE_PX,
            vec![0; (SIZE_PX * SIZE_PX * 16) as usize],
        ),
        (4, "r32i", 16, 8, Bytes(0x1a6e_0032).vec(16 * 8 * 4)),
    ];
    let mut results = Vec::new();
    for (side, program) in programs.into_iter().enumerate() {
        let table = rig.device.create_texture_table(8).unwrap();
        let samplers = rig.device.create_sampler_table(1).unwrap();
        let mut textures = Vec::new();
        for (index, (slot, format, width, height, texels)) in images.iter().enumerate() {
            let offset_b = (1 << 20) + ((side * images.len() + index) as u64) * (64 << 10);
            let (texture, view) = rig.storage_image(format, offset_b, *width, *height, texels);
            rig.device
                .register_image(table, u32::from(*slot) + 1, view)
                .unwrap();
            textures.push(texture);
        }
        let bind = |commands: &mut gpu::CommandBuffer<'_>| {
            no_vertex_input(commands);
            commands.bind_descriptor_tables(table, samplers).unwrap();
            for (slot, ..) in &images {
                commands
                    .bind_image(
                        gpu::objects::Stage::Fragment,
                        *slot,
                        ImageHandle {
                            texture_slot: u32::from(*slot) + 1,
                        },
                    )
                    .unwrap();
            }
        };
        let target = render(&rig, side as u64 * (512 << 10), program, bind, triangle());
        let read: Vec<Vec<u8>> = images
            .iter()
            .zip(&textures)
            .skip(2)
            .map(|((_, _, width, height, texels), &texture)| {
                rig.submit_and_read(
                    rig.device.command_buffer(),
                    region(texture, 0, *width, *height),
                    texels.len(),
                )
            })
            .collect();
        results.push((target, read));
    }
    assert_agree("fragment typed images", &results[0].0, &results[1].0);
    let (ours, reference) = (&results[0].1, &results[1].1);
    assert_ne!(
        reference[0], images[2].4,
        "the rgba32f copy was not written"
    );
    for (k, (a, b)) in ours[0].chunks(4).zip(reference[0].chunks(4)).enumerate() {
        let a = f32::from_le_bytes(a.try_into().unwrap());
        let b = f32::from_le_bytes(b.try_into().unwrap());
        assert!(
            (a - b).abs() <= 1.0 / 1_048_576.0,
            "rgba32f float {k}: ours {a}, glslang {b}"
        );
    }
    assert_ne!(reference[1], images[3].4, "the bins were not written");
    assert!(ours[1] == reference[1], "the bins differ from glslang's");
}

/// The patch's control points for the tessellation draws: a vec2 position at location 0;
/// the vertex stage gives each a colour by its index.
const PATCH_CORNERS: [[f32; 2]; 4] = [[-0.85, -0.9], [0.8, -0.7], [0.9, 0.85], [-0.7, 0.75]];

const PATCH_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
layout(location = 0) out vec4 colour;
const vec4 COLOURS[4] = vec4[4](vec4(1.0, 0.0, 0.0, 1.0), vec4(0.0, 1.0, 0.0, 1.0),
                                vec4(0.0, 0.0, 1.0, 1.0), vec4(1.0, 1.0, 0.0, 1.0));
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
    colour = COLOURS[gl_VertexIndex];
}
";

/// Four control points passed through, outer levels (2, 3, 4, 5), inner (3, 2).
const PATCH_CONTROL: &str = "#version 450
layout(vertices = 4) out;
layout(location = 0) in vec4 colour[];
layout(location = 0) out vec4 colour_out[];
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    colour_out[gl_InvocationID] = colour[gl_InvocationID];
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = 2.0;
        gl_TessLevelOuter[1] = 3.0;
        gl_TessLevelOuter[2] = 4.0;
        gl_TessLevelOuter[3] = 5.0;
        gl_TessLevelInner[0] = 3.0;
        gl_TessLevelInner[1] = 2.0;
    }
}
";

const PATCH_FRAG: &str = "#version 450
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 target;
void main() {
    target = colour;
}
";

/// The control stage of a tessellation draw.
#[derive(Clone, Copy)]
enum Control<'a> {
    /// None: NVN's level state and Hookshot's pass-through.
    Passed,
    /// GLSL through glslang on both sides.
    Glsl(&'a str),
    /// A corpus program: its binary translated on one side, its GLSL on the other.
    Corpus(&'a str),
}

/// A program of corpus stage `name`: translated from its binary (`maxwell`), or
/// glslang's SPIR-V of the same GLSL.
fn corpus_module(stage: Stage, name: &str, maxwell: bool) -> ShaderModule {
    let translator = translator();
    let shader = if maxwell {
        let bytes = std::fs::read(corpus_dir(name).join("out.dksh")).unwrap();
        translator
            .translate_dksh(name, &bytes)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    } else {
        let source = std::fs::read_to_string(corpus_dir(name).join("source.glsl")).unwrap();
        translator
            .translate(&ShaderSource {
                name: name.to_owned(),
                stage,
                code: ShaderCode::Glsl(source),
            })
            .unwrap_or_else(|e| panic!("{name}.glsl: {e}"))
    };
    ShaderModule::from(&shader)
}

/// A program of GLSL vertex and fragment stages (glslang), `control`, and the tess-eval
/// corpus program `evaluation` (from its binary where `maxwell`).
fn tessellating_program(
    rig: &Rig,
    control: Control<'_>,
    evaluation: &str,
    maxwell: bool,
) -> ProgramId {
    let translator = translator();
    let glsl = |stage: Stage, name: &str, code: &str| {
        let shader = translator
            .translate(&ShaderSource {
                name: name.to_owned(),
                stage,
                code: ShaderCode::Glsl(code.to_owned()),
            })
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        ShaderModule::from(&shader)
    };
    let mut modules = vec![glsl(Stage::Vertex, "patch.vert", PATCH_VERT)];
    match control {
        Control::Passed => {}
        Control::Glsl(code) => modules.push(glsl(Stage::TessControl, "patch.tesc", code)),
        Control::Corpus(name) => modules.push(corpus_module(Stage::TessControl, name, maxwell)),
    }
    modules.push(corpus_module(Stage::TessEval, evaluation, maxwell));
    modules.push(glsl(Stage::Fragment, "patch.frag", PATCH_FRAG));
    rig.device
        .create_program(&ProgramMaker { modules })
        .unwrap()
}

/// Draws a patch of the first `vertices` corners through the translated tess-eval binary
/// `evaluation` and through glslang's SPIR-V of its GLSL (the other stages glslang's on
/// both sides), after `state`.
fn tessellate_both(
    rig: &Rig,
    what: &str,
    (control, evaluation): (Control<'_>, &str),
    vertices: u32,
    state: &[StateChange],
) {
    let corners: Vec<f32> = PATCH_CORNERS[..vertices as usize]
        .iter()
        .flatten()
        .copied()
        .collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &corners);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        bind_vertex_floats(commands, positions, &[(0, 2)]);
        commands
            .set_state(StateChange::PatchSize(vertices))
            .unwrap();
        for change in state {
            commands.set_state(change.clone()).unwrap();
        }
    };
    let draw = DrawArrays {
        primitive: PrimitiveKind::Patches,
        first_vertex: 0,
        vertex_count: vertices,
        first_instance: 0,
        instance_count: 1,
    };
    let ours = tessellating_program(rig, control, evaluation, true);
    let reference = tessellating_program(rig, control, evaluation, false);
    let a = render(rig, 0, ours, bind, draw);
    let b = render(rig, 512 << 10, reference, bind, draw);
    assert_agree(what, &a, &b);
}

/// A quad patch through uam's tess-eval binary (gl_TessCoord from `ld o a[0x2f0]` at the
/// lane id, the control points through `$invocation_info`, `isberd` and `ld a[] Rv`,
/// quads / equal spacing / ccw from the program header): the position and a colour
/// bilinear in the four control points, with the levels of a control stage.
#[test]
fn a_tess_eval_binary_draws_a_quad_patch_as_glslang_draws_it() {
    let rig = Rig::new(true);
    let stages = (Control::Glsl(PATCH_CONTROL), "x_tese_quad");
    tessellate_both(&rig, "quad patch, control stage", stages, 4, &[]);
}

/// The same binary with no control stage: NVN's level state and Hookshot's pass-through
/// control stage (which hands the vertex stage's colour on).
#[test]
fn a_tess_eval_binary_takes_the_level_state_without_a_control_stage() {
    let rig = Rig::new(true);
    let state = [
        StateChange::InnerTessellationLevels([4.0, 3.0]),
        StateChange::OuterTessellationLevels([3.0, 1.0, 2.0, 5.0]),
    ];
    let stages = (Control::Passed, "x_tese_quad");
    tessellate_both(&rig, "quad patch, level state", stages, 4, &state);
}

/// deko3d's triangle program pair (triangles, equal spacing, ccw; gl_TessCoord's third
/// component made as 1 - u - v; levels stored under `$invocation_id == 0`), both stages
/// from their binaries against glslang's of both GLSL.
#[test]
fn deko3ds_triangle_tessellation_binaries_draw_as_glslang_draws_them() {
    let rig = Rig::new(true);
    let stages = (
        Control::Corpus("dk_tess_simple_tcsh"),
        "dk_tess_simple_tesh",
    );
    tessellate_both(&rig, "triangle patch", stages, 3, &[]);
}

/// A quad patch through uam's control binary (each invocation's control point passed on
/// with its colour swizzled, `$invocation_id` indexing inputs and outputs, the levels
/// stored with `st p` under a guard) and evaluation binary.
#[test]
fn tess_control_and_eval_binaries_draw_a_quad_patch_as_glslang_draws_it() {
    let rig = Rig::new(true);
    let stages = (Control::Corpus("x_tesc_quad"), "x_tese_quad");
    tessellate_both(&rig, "quad patch, both binaries", stages, 4, &[]);
}

/// User patch variables between the stages (`x_tesc_patch`, `x_tese_patch`): a `patch
/// out vec4` and a `patch out float` the control program stores (`st p a[0x30..0x40]`,
/// from control points' colours) and the evaluation program reads (`ld p`) to tint and
/// scale every vertex's colour; within the usual step of the quad patch.
#[test]
fn patch_variables_pass_from_control_to_eval_as_glslang_passes_them() {
    let rig = Rig::new(true);
    let stages = (Control::Corpus("x_tesc_patch"), "x_tese_patch");
    tessellate_both(&rig, "patch variables, both binaries", stages, 4, &[]);
}

/// The vertex stage of the geometry draws (glslang's on both sides): a vec2 position at
/// location 0, and a colour by vertex index.
const GEOMETRY_VERT: &str = "#version 450
layout(location = 0) in vec2 position;
layout(location = 0) out vec4 colour;
const vec4 COLOURS[6] = vec4[6](vec4(1.0, 0.0, 0.0, 1.0), vec4(0.0, 1.0, 0.0, 1.0),
                                vec4(0.0, 0.0, 1.0, 1.0), vec4(1.0, 1.0, 0.0, 1.0),
                                vec4(0.0, 1.0, 1.0, 1.0), vec4(1.0, 0.0, 1.0, 1.0));
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
    colour = COLOURS[gl_VertexIndex % 6];
}
";

/// The fragment stages of the geometry draws: the colour the geometry stage gives,
/// interpolated or flat.
const SMOOTH_FRAG: &str = "#version 450
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 target;
void main() {
    target = colour;
}
";
const FLAT_FRAG: &str = "#version 450
layout(location = 0) flat in vec4 colour;
layout(location = 0) out vec4 target;
void main() {
    target = colour;
}
";

/// A program of glslang's vertex and fragment stages around the geometry corpus program
/// `name`: translated from its binary for `input` primitives (`maxwell`), or glslang's
/// SPIR-V of its GLSL.
fn geometry_program(
    rig: &Rig,
    name: &str,
    input: shader_translate::maxwell::geometry::GeometryInput,
    fragment: &str,
    maxwell: bool,
) -> ProgramId {
    let translator = translator();
    let glsl = |stage: Stage, what: &str, code: &str| {
        let shader = translator
            .translate(&ShaderSource {
                name: what.to_owned(),
                stage,
                code: ShaderCode::Glsl(code.to_owned()),
            })
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        ShaderModule::from(&shader)
    };
    let geometry = if maxwell {
        let bytes = std::fs::read(corpus_dir(name).join("out.dksh")).unwrap();
        let shader = translator
            .translate_dksh_geometry(name, &bytes, input)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        ShaderModule::from(&shader)
    } else {
        let source = std::fs::read_to_string(corpus_dir(name).join("source.glsl")).unwrap();
        glsl(Stage::Geometry, name, &source)
    };
    let modules = vec![
        glsl(Stage::Vertex, "geometry.vert", GEOMETRY_VERT),
        geometry,
        glsl(Stage::Fragment, "geometry.frag", fragment),
    ];
    rig.device
        .create_program(&ProgramMaker { modules })
        .unwrap()
}

/// Draws `positions` as `primitive`s through the geometry binary `name` and through
/// glslang's SPIR-V of its GLSL; the images must be equal within `tolerance` per channel
/// and at least `min_pixels` drawn.
fn geometry_both(
    rig: &Rig,
    name: &str,
    (primitive, input): (
        PrimitiveKind,
        shader_translate::maxwell::geometry::GeometryInput,
    ),
    (fragment, tolerance): (&str, u8),
    positions: &[f32],
    min_pixels: usize,
) {
    let vertices = positions_at(&rig.device, rig.pool, 1 << 20, positions);
    let bind = |commands: &mut gpu::CommandBuffer<'_>| {
        bind_vertex_floats(commands, vertices, &[(0, 2)]);
    };
    let draw = DrawArrays {
        primitive,
        first_vertex: 0,
        vertex_count: positions.len() as u32 / 2,
        first_instance: 0,
        instance_count: 1,
    };
    let ours = geometry_program(rig, name, input, fragment, true);
    let reference = geometry_program(rig, name, input, fragment, false);
    // Where the device lacks geometry shaders (CI's MoltenVK run) both programs are
    // refused when bound, naming the feature; the pixels cannot be compared there.
    if !rig.device.features().geometry_shader {
        for program in [ours, reference] {
            match rig.device.command_buffer().bind_program(program) {
                Err(gpu::RecordError::MissingCapability { capability, .. }) => {
                    assert_eq!(capability, "geometryShader", "{name}")
                }
                other => panic!("{name}: bound without geometryShader: {other:?}"),
            }
        }
        return;
    }
    let a = render(rig, 0, ours, bind, draw);
    let b = render(rig, 512 << 10, reference, bind, draw);
    let worst = a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
    let off = a
        .iter()
        .zip(&b)
        .position(|(x, y)| x.abs_diff(*y) > tolerance);
    if let Some(at) = off {
        let px = at / 4 * 4;
        panic!(
            "{name}: pixel {} differs by more than {tolerance} (worst {worst}): ours {:?} glslang {:?}",
            at / 4,
            &a[px..px + 4],
            &b[px..px + 4]
        );
    }
    let covered = b.chunks(4).filter(|px| *px != CLEAR_RGBA8).count();
    assert!(covered >= min_pixels, "{name}: only {covered} pixels drawn");
    eprintln!("{name}: {covered} pixels drawn, worst difference {worst}");
}

/// A big triangle (counter-clockwise in Vulkan's y-down clip space as drawn here).
const BIG_TRIANGLE: [f32; 6] = [-0.9, -0.9, 0.9, -0.6, -0.3, 0.9];

/// A triangle passed through vertex by vertex (gl_in[i].gl_Position and a per-vertex
/// varying through `isberd` and `ld a[] Rv`, three `out emit`s the last with a cut): the
/// colours interpolated alike on both sides (within one step, as the other differential
/// draws).
#[test]
fn a_pass_through_geometry_binary_draws_as_glslang_draws_it() {
    use shader_translate::maxwell::geometry::GeometryInput;
    let rig = Rig::new(true);
    geometry_both(
        &rig,
        "x_geom_pass",
        (PrimitiveKind::Triangles, GeometryInput::Triangles),
        (SMOOTH_FRAG, 1),
        &BIG_TRIANGLE,
        500,
    );
}

/// Points become quads (a triangle strip of four emits), coloured by gl_PrimitiveIDIn
/// (`ld a[0x60]` without a vertex): flat colours, so the images are equal exactly.
#[test]
fn a_points_to_quads_geometry_binary_draws_as_glslang_draws_it() {
    use shader_translate::maxwell::geometry::GeometryInput;
    let rig = Rig::new(true);
    geometry_both(
        &rig,
        "x_geom_points_quads",
        (PrimitiveKind::Points, GeometryInput::Points),
        (FLAT_FRAG, 0),
        &[-0.5, -0.5, 0.5, -0.25, 0.0, 0.5],
        3 * 12 * 12,
    );
}

/// A triangle's outline as a line strip of four emits (flat colours: exact).
#[test]
fn a_line_strip_geometry_binary_draws_as_glslang_draws_it() {
    use shader_translate::maxwell::geometry::GeometryInput;
    let rig = Rig::new(true);
    geometry_both(
        &rig,
        "x_geom_line_strip",
        (PrimitiveKind::Triangles, GeometryInput::Triangles),
        (FLAT_FRAG, 0),
        &BIG_TRIANGLE,
        100,
    );
}

/// Two triangles from one, ended mid-way by EndPrimitive (`out emit_then_cut`), the
/// second writing gl_PrimitiveID (a[0x60]) from gl_PrimitiveIDIn (flat colours: exact).
#[test]
fn an_end_primitive_mid_way_draws_as_glslang_draws_it() {
    use shader_translate::maxwell::geometry::GeometryInput;
    let rig = Rig::new(true);
    geometry_both(
        &rig,
        "x_geom_end_primitive",
        (PrimitiveKind::Triangles, GeometryInput::Triangles),
        (FLAT_FRAG, 0),
        &BIG_TRIANGLE,
        2 * 200,
    );
}

/// Triangles with adjacency: vertices 0, 2, 4 make the triangle, 1, 3, 5 give its
/// colours (arrays of six input vertices).
#[test]
fn an_adjacency_geometry_binary_draws_as_glslang_draws_it() {
    use shader_translate::maxwell::geometry::GeometryInput;
    let rig = Rig::new(true);
    let mut positions = Vec::new();
    for (at, corner) in BIG_TRIANGLE.chunks(2).enumerate() {
        positions.extend_from_slice(corner);
        // The adjacent vertex between this corner and the next (unused as a position).
        let next = &BIG_TRIANGLE[(2 * at + 2) % 6..(2 * at + 2) % 6 + 2];
        positions.extend_from_slice(&[corner[0] + next[0], corner[1] + next[1]]);
    }
    geometry_both(
        &rig,
        "x_geom_adjacency",
        (
            PrimitiveKind::TrianglesAdjacency,
            GeometryInput::TrianglesAdjacency,
        ),
        (SMOOTH_FRAG, 1),
        &positions,
        500,
    );
}

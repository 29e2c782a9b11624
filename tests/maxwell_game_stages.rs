//! The vertex, tessellation and geometry programs of `shader_translate/tests/maxwell_games/`
//! drawn on the real driver (lavapipe in CI, validation on) through the program translated
//! from uam's binary and through glslang's module of its GLSL, over the same generated
//! attributes, blocks, buffers and textures, between the same fixed GLSL stages
//! (`common::stage_capture`). What the tested program passes on is captured: a vertex or
//! evaluation program's vertices (position and every output) by a geometry stage after
//! it; a control program's patch (levels, corners, per-vertex and patch outputs) by an
//! evaluation stage after it; a geometry program's fragments (layer, pixel, the
//! interpolated output) by a fragment stage. Records are compared as sets (integers
//! exactly, floats within 1e-4 relative and 1e-5 absolute: the binary computes with
//! `mufu` approximations and fused multiply-adds where glslang's module does not).

mod common;
#[path = "maxwell_game_stages/tessellation_geometry.rs"]
mod tessellation_geometry;

use std::path::Path;

use common::compute::{floats, storage, uniform, words, Binding, Stream};
use common::stage_capture::{
    assert_vertices_agree, capture_geometry, inputs, outputs, StageDraw, NO_FRAG,
};
use common::stage_resources::{Resources, Sampled};
use common::texels::Bytes;
use gpu::command::DrawArrays;
use gpu::objects::Stage as GpuStage;
use gpu::state::{ComponentKind, PrimitiveKind};
use shader_translate::maxwell::geometry::GeometryInput;
use shader_translate::Stage;

fn game(name: &str) -> (String, Vec<u8>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_games")
        .join(name);
    (
        std::fs::read_to_string(dir.join("source.glsl")).unwrap(),
        std::fs::read(dir.join("out.dksh")).unwrap(),
    )
}

/// `count` generated floats in [lo, hi) with the words of `set` in place.
fn block(stream: &mut Stream, count: usize, (lo, hi): (f32, f32), set: &[(usize, u32)]) -> Vec<u8> {
    let mut values = stream.floats(count, lo, hi);
    for &(word, bits) in set {
        values[word] = f32::from_bits(bits);
    }
    floats(values)
}

fn draw(primitive: PrimitiveKind, vertex_count: u32, instance_count: u32) -> DrawArrays {
    DrawArrays {
        primitive,
        first_vertex: 0,
        vertex_count,
        first_instance: 0,
        instance_count,
    }
}

/// A 16 x 16 RGBA8 texture of generated texels in the tested stage's slot 0.
fn height_map(seed: u64) -> Resources {
    Resources {
        sampled: vec![Sampled {
            slot: 0,
            format: "rgba8",
            width_px: 16,
            height_px: 16,
            texels: Bytes(seed).vec(16 * 16 * 4),
        }],
        images: Vec::new(),
    }
}

/// A vertex program drawn as `vertices` points of `instances` instances: its attributes
/// (every one it declares, floats in `range`, unsigned integers below 256), blocks and
/// buffers bound to the vertex stage; every vertex's position and outputs captured.
fn vertex_program(
    name: &str,
    seed: u64,
    range: (f32, f32),
    buffers: Vec<Binding>,
    resources: Resources,
    (vertices, instances): (u32, u32),
) {
    let (glsl, dksh) = game(name);
    let mut stream = Stream::new(seed);
    let mut attributes = Vec::new();
    for (location, ty, _) in inputs(&glsl) {
        let (kind, components) = match ty.as_str() {
            "uvec4" => (ComponentKind::Uint32, 4),
            "vec2" => (ComponentKind::Float32, 2),
            "vec3" => (ComponentKind::Float32, 3),
            "vec4" => (ComponentKind::Float32, 4),
            other => panic!("{name}: attribute type {other}"),
        };
        attributes.push((location, kind, components));
    }
    let mut bytes = Vec::new();
    for _ in 0..vertices {
        for (_, kind, _) in &attributes {
            match kind {
                ComponentKind::Uint32 => bytes.extend(words(stream.words(4, 256))),
                _ => bytes.extend(floats(stream.floats(4, range.0, range.1))),
            }
        }
    }
    let varyings = outputs(&glsl);
    let run = StageDraw {
        name: name.into(),
        stage: Stage::Vertex,
        glsl,
        dksh,
        companions: vec![
            (Stage::Geometry, capture_geometry("points", &varyings)),
            (Stage::Fragment, NO_FRAG.into()),
        ],
        geometry_input: GeometryInput::Points,
        buffers: buffers
            .into_iter()
            .map(|binding| (GpuStage::Vertex, binding))
            .collect(),
        resources,
        attributes,
        vertices: bytes,
        draw: draw(PrimitiveKind::Points, vertices, instances),
        patch_size: None,
        capture: GpuStage::Geometry,
        layers: 1,
    };
    let n = assert_vertices_agree(&run, &varyings);
    assert_eq!(
        n,
        (vertices * instances) as usize,
        "{name}: vertices captured"
    );
}

/// Skinning: four bones of 64 chosen by integer attributes (a UINT format, read as the
/// raw words the program reinterprets: the vertex stage is translated for the bound
/// formats' kinds), weights normalised (all attributes positive so the weights' sum is
/// not near zero).
#[test]
fn skinning_draws_as_glslang_draws_it() {
    let mut stream = Stream::new(0x5c1d_0001);
    let buffers = vec![
        uniform(0, block(&mut stream, 20, (-1.0, 1.0), &[])),
        uniform(1, block(&mut stream, 64 * 16, (-1.0, 1.0), &[])),
    ];
    vertex_program(
        "g_vert_skinning",
        0x5c1d_0002,
        (0.05, 1.0),
        buffers,
        Resources::default(),
        (64, 1),
    );
}

/// Instanced foliage: per-instance placements from a storage buffer by `gl_InstanceID`,
/// `sin`/`cos` sway.
#[test]
fn foliage_wind_draws_as_glslang_draws_it() {
    let mut stream = Stream::new(0xf011_0001);
    let buffers = vec![
        uniform(0, block(&mut stream, 24, (-1.0, 1.0), &[])),
        storage(0, block(&mut stream, 8 * 4, (-3.0, 3.0), &[])),
    ];
    vertex_program(
        "g_vert_foliage_wind",
        0xf011_0002,
        (-1.0, 1.0),
        buffers,
        Resources::default(),
        (16, 8),
    );
}

/// The post-processing triangle from `gl_VertexID` (eight vertices, past the three a
/// draw uses, to see the bit tricks over more indices).
#[test]
fn the_fullscreen_triangle_draws_as_glslang_draws_it() {
    let mut stream = Stream::new(0x9057_0001);
    let buffers = vec![uniform(0, block(&mut stream, 8, (-1.0, 1.0), &[]))];
    vertex_program(
        "g_vert_fullscreen_post",
        0x9057_0002,
        (-1.0, 1.0),
        buffers,
        Resources::default(),
        (8, 1),
    );
}

/// Height-map terrain: a grid of 8 columns by `gl_VertexID`, `textureLod`,
/// `textureSize` and `texelFetch` of a texture in the vertex stage.
#[test]
fn heightmap_terrain_draws_as_glslang_draws_it() {
    let mut stream = Stream::new(0x4e16_0001);
    let mut terrain = block(&mut stream, 24, (0.2, 2.0), &[]);
    terrain[80..96].copy_from_slice(&words([8, 8, 0, 0]));
    vertex_program(
        "g_vert_heightmap",
        0x4e16_0002,
        (-1.0, 1.0),
        vec![uniform(0, terrain)],
        height_map(0x4e16_0003),
        (64, 1),
    );
}

/// Morph targets: seven weights (the second four zero, skipped by `continue`) over a loop
/// bounded by an integer of the block. uam miscompiles `weights[t >> 2][t & 3]` (a `vec4`
/// of a uniform block indexed at run time) as it does the cascaded shadows' `splits[c]`
/// (docs/maxwell.md): it reads component x whatever `t & 3` is. The translation does
/// what the binary says, so each `vec4` of weights holds one value four times, where the
/// two agree.
#[test]
fn morph_targets_draw_as_glslang_draws_them() {
    let mut stream = Stream::new(0x3042_0001);
    let vertices = 32u32;
    let weight = stream.float(-1.0, 1.0).to_bits();
    let set: Vec<(usize, u32)> = (16..24)
        .map(|word| (word, if word < 20 { weight } else { 0 }))
        .collect();
    let mut morph = block(&mut stream, 28, (-1.0, 1.0), &set);
    morph[96..104].copy_from_slice(&words([7, vertices]));
    let deltas = block(&mut stream, 8 * vertices as usize * 4, (-0.5, 0.5), &[]);
    vertex_program(
        "g_vert_morph_targets",
        0x3042_0002,
        (-1.0, 1.0),
        vec![uniform(0, morph), storage(0, deltas)],
        Resources::default(),
        (vertices, 1),
    );
}

/// Particle billboards: four corners a particle by `gl_VertexID`, a struct array in a
/// storage buffer, a rotation.
#[test]
fn particle_billboards_draw_as_glslang_draws_them() {
    let mut stream = Stream::new(0xb111_0001);
    let buffers = vec![
        uniform(0, block(&mut stream, 24, (-1.0, 1.0), &[])),
        storage(0, block(&mut stream, 16 * 12, (0.0, 2.0), &[])),
    ];
    vertex_program(
        "g_vert_particle_billboard",
        0xb111_0002,
        (-1.0, 1.0),
        buffers,
        Resources::default(),
        (64, 1),
    );
}

/// Shadow cascades: two uniform blocks of matrices, an output array of four.
#[test]
fn shadow_cascades_draw_as_glslang_draws_them() {
    let mut stream = Stream::new(0xca5c_0001);
    let buffers = vec![
        uniform(0, block(&mut stream, 96, (-1.0, 1.0), &[])),
        uniform(1, block(&mut stream, 32, (-1.0, 1.0), &[])),
    ];
    vertex_program(
        "g_vert_shadow_cascades",
        0xca5c_0002,
        (-1.0, 1.0),
        buffers,
        Resources::default(),
        (64, 1),
    );
}

/// Gerstner waves: four waves (wavelengths 1 to 8) summed in a loop, `sqrt`, `sin`,
/// `cos`, `smoothstep`.
#[test]
fn water_waves_draw_as_glslang_draws_them() {
    let mut stream = Stream::new(0x3a7e_0001);
    let mut set = Vec::new();
    for wave in 0..4 {
        set.push((16 + 4 * wave + 3, stream.float(1.0, 8.0).to_bits()));
        set.push((16 + 4 * wave + 2, stream.float(0.05, 0.4).to_bits()));
    }
    let buffers = vec![uniform(0, block(&mut stream, 36, (-1.0, 1.0), &set))];
    vertex_program(
        "g_vert_water_waves",
        0x3a7e_0002,
        (-4.0, 4.0),
        buffers,
        Resources::default(),
        (64, 1),
    );
}

/// Dual-quaternion skinning in the vertex stage: float joint indices made integers, a
/// uniform block of 128 `vec4`s indexed at run time, the antipodal fix, `normalize`.
#[test]
fn dual_quaternion_skinning_draws_as_glslang_draws_it() {
    let mut stream = Stream::new(0xd0a2_0001);
    let buffers = vec![
        uniform(0, block(&mut stream, 16, (-1.0, 1.0), &[])),
        uniform(1, block(&mut stream, 512, (-1.0, 1.0), &[])),
    ];
    vertex_program(
        "g_vert_dual_quat_skinning",
        0xd0a2_0002,
        (0.05, 1.0),
        buffers,
        Resources::default(),
        (64, 1),
    );
}

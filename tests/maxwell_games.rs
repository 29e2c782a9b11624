//! The game-style programs of `shader_translate/tests/maxwell_games/` on the real driver
//! (lavapipe in CI, validation on): each dispatch runs once through the program
//! translated from uam's binary and once through glslang's SPIR-V of its GLSL, over the
//! same generated inputs, and the storage buffers are compared afterwards: integers
//! exactly; floats within 1e-4 relative (plus 1e-5 absolute), since the binary
//! computes with `mufu` reciprocals and fused multiply-adds where glslang's module
//! divides and lavapipe may or may not fuse, a few units in the last place a step.
//! Results whose order depends on which invocation ran first (appends through an
//! atomic counter) are compared as sorted sets. Fragment programs shade a full-screen
//! triangle whose vertex stage (glslang, generated from the program's inputs) feeds
//! every input a different linear ramp; their uniform blocks hold generated floats
//! (integers where the block declares them) and their textures generated texels; the
//! RGBA8 targets agree within one step a channel, as in `maxwell_render.rs`.

mod common;

use std::path::Path;

use common::draw::triangle;
use common::programs::translator;
use common::readback::pool_bytes;
use common::readback::region;
use common::rig::Rig;
use common::textures::{bind_fragment_texture_kinds, TextureSpec};
use gpu::command::BufferBinding;
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, Stage};
use gpu::ProgramId;
use shader_translate::{ShaderCode, ShaderSource};

fn game_dir(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_games")
        .join(name)
}

/// The compute program of DKSH module `dksh` translated (`maxwell`), or its GLSL
/// `glsl` through glslang.
fn compute_program(rig: &Rig, name: &str, dksh: &[u8], glsl: &str, maxwell: bool) -> ProgramId {
    let translator = translator();
    let shader = if maxwell {
        translator
            .translate_dksh(name, dksh)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    } else {
        translator
            .translate(&ShaderSource {
                name: format!("{name}.glsl"),
                stage: shader_translate::Stage::Compute,
                code: ShaderCode::Glsl(glsl.to_string()),
            })
            .unwrap_or_else(|e| panic!("{name}.glsl: {e}"))
    };
    rig.device
        .create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&shader)],
        })
        .unwrap()
}

/// A buffer binding of the compute stage: storage or uniform, its slot, its bytes.
struct Binding {
    storage: bool,
    slot: u8,
    bytes: Vec<u8>,
}

fn storage(slot: u8, bytes: Vec<u8>) -> Binding {
    Binding {
        storage: true,
        slot,
        bytes,
    }
}

fn uniform(slot: u8, bytes: Vec<u8>) -> Binding {
    Binding {
        storage: false,
        slot,
        bytes,
    }
}

/// Runs `groups` workgroups of `name` both ways over fresh copies of `bindings`; returns
/// each storage binding's bytes after the dispatch: (translated, glslang).
fn dispatch_both(name: &str, bindings: &[Binding], groups: [u32; 3]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let dksh = std::fs::read(game_dir(name).join("out.dksh")).unwrap();
    let glsl = std::fs::read_to_string(game_dir(name).join("source.glsl")).unwrap();
    dispatch_sources(&Rig::new(true), name, (&dksh, &glsl), bindings, groups)
}

/// As [`dispatch_both`] for compute program `dksh` compiled from `glsl`, on `rig`.
fn dispatch_sources(
    rig: &Rig,
    name: &str,
    (dksh, glsl): (&[u8], &str),
    bindings: &[Binding],
    groups: [u32; 3],
) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut sides: Vec<Vec<Vec<u8>>> = Vec::new();
    for (side, maxwell) in [true, false].into_iter().enumerate() {
        let program = compute_program(rig, name, dksh, glsl, maxwell);
        let mut commands = rig.device.command_buffer();
        commands.bind_program(program).unwrap();
        let mut places = Vec::new();
        for (index, binding) in bindings.iter().enumerate() {
            let offset_b = (1 << 20) + ((side * bindings.len() + index) as u64) * (64 << 10);
            let size_b = binding.bytes.len() as u64;
            assert!(size_b <= 64 << 10);
            let buffer = rig.buffer(offset_b, size_b.max(256));
            rig.device
                .write_pool(rig.pool, offset_b, &binding.bytes)
                .unwrap();
            let (stage, slot) = (Stage::Compute, binding.slot);
            let kind = if binding.storage {
                BufferBinding::Storage { stage, slot }
            } else {
                BufferBinding::Uniform { stage, slot }
            };
            let range = BufferRange {
                buffer,
                offset_b: 0,
                size_b,
            };
            commands.bind_buffer(kind, range).unwrap();
            places.push(offset_b);
        }
        commands.dispatch(groups).unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        sides.push(
            bindings
                .iter()
                .zip(&places)
                .filter(|(binding, _)| binding.storage)
                .map(|(binding, &offset_b)| {
                    pool_bytes(&rig.device, rig.pool, offset_b, binding.bytes.len())
                })
                .collect(),
        );
    }
    let reference = sides.pop().unwrap();
    let ours = sides.pop().unwrap();
    ours.into_iter().zip(reference).collect()
}

/// A xorshift stream: the inputs are generated, the same on both sides.
struct Stream(u32);

impl Stream {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }

    /// A float in [lo, hi).
    fn float(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * (self.next() >> 8) as f32 / (1u32 << 24) as f32
    }

    fn words(&mut self, count: usize, bound: u32) -> Vec<u32> {
        (0..count).map(|_| self.next() % bound).collect()
    }

    fn floats(&mut self, count: usize, lo: f32, hi: f32) -> Vec<f32> {
        (0..count).map(|_| self.float(lo, hi)).collect()
    }
}

fn words(values: impl IntoIterator<Item = u32>) -> Vec<u8> {
    values.into_iter().flat_map(u32::to_le_bytes).collect()
}

fn floats(values: impl IntoIterator<Item = f32>) -> Vec<u8> {
    words(values.into_iter().map(f32::to_bits))
}

fn as_floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|w| f32::from_le_bytes(w.try_into().unwrap()))
        .collect()
}

/// Floats agree within 1e-4 relative and 1e-5 absolute (the module's comment says why).
fn assert_floats_agree(what: &str, ours: &[f32], reference: &[f32]) {
    assert_eq!(ours.len(), reference.len(), "{what}: lengths");
    for (index, (a, b)) in ours.iter().zip(reference).enumerate() {
        let close = (a - b).abs() <= 1e-5 + 1e-4 * b.abs() || (a.is_nan() && b.is_nan());
        assert!(close, "{what}: float {index}: ours {a}, glslang {b}");
    }
}

/// Records of `record_b` bytes, sorted by their floats (the order appends landed in).
fn sorted_records(bytes: &[u8], record_b: usize) -> Vec<f32> {
    let mut records: Vec<Vec<f32>> = bytes.chunks_exact(record_b).map(as_floats).collect();
    records.sort_by(|a, b| {
        a.iter()
            .zip(b)
            .map(|(x, y)| x.total_cmp(y))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    records.concat()
}

/// A work-efficient prefix sum in shared memory across `barrier()`s in loops: integers,
/// every word exact.
#[test]
fn the_prefix_sum_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream(0x1234_5678);
    let groups = 4;
    let bindings = [
        storage(0, words(stream.words(256 * groups, 1 << 20))),
        storage(1, vec![0; 4 * groups]),
    ];
    for (index, (ours, reference)) in dispatch_both("g_comp_prefix_sum", &bindings, [4, 1, 1])
        .into_iter()
        .enumerate()
    {
        assert_eq!(ours, reference, "prefix sum: storage binding {index}");
    }
}

/// Division and remainder by constants (`imad hi`), `f2f` rounding modes, `i2i abs`,
/// `fset bf`, `iset`, signed and unsigned constant bit fields, over integer and float
/// edge values: every word exact.
#[test]
fn the_math_kernel_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream(0x3141_5926);
    let mut ints: Vec<u32> = vec![
        i32::MIN as u32,
        i32::MAX as u32,
        u32::MAX,
        0,
        1,
        5,
        7,
        16,
        17,
        -17i32 as u32,
        99,
        100,
        -100i32 as u32,
        0x8000_0001,
    ];
    ints.extend(stream.words(128 - ints.len(), u32::MAX));
    let mut values: Vec<f32> = vec![
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        0.49999997,
        0.25,
        1e10,
        -1e10,
        f32::MAX,
        f32::MIN_POSITIVE,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    values.extend(stream.floats(128 - values.len(), -4.0, 4.0));
    let bindings = [
        storage(0, words(ints)),
        storage(1, floats(values)),
        storage(2, vec![0; 4 * 12 * 128]),
    ];
    let out = dispatch_both("g_comp_math_kernel", &bindings, [2, 1, 1]);
    assert_eq!(out[2].0, out[2].1, "math kernel results");
}

/// A bitonic sort of 512 keys a workgroup in shared memory: exact, and sorted.
#[test]
fn the_bitonic_sort_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream(0x0bad_cafe);
    let bindings = [storage(0, words(stream.words(1024, u32::MAX)))];
    let out = dispatch_both("g_comp_bitonic_sort", &bindings, [2, 1, 1]);
    assert_eq!(out[0].0, out[0].1, "bitonic sort");
    let keys: Vec<u32> = out[0]
        .0
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect();
    assert!(keys[..512].windows(2).all(|w| w[0] <= w[1]), "not sorted");
}

/// Radix-sort counting: signed and unsigned bitfield extracts with a shift from a
/// uniform, popcount, findMSB, shared and global atomics: exact.
#[test]
fn the_radix_count_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream(0x5151_5151);
    let keys = 256;
    // GLSL leaves a field past bit 31 undefined: shifts up to 28 for 4 bits.
    for shift in [0u32, 4, 13, 28] {
        let bindings = [
            storage(0, words(stream.words(keys, u32::MAX))),
            storage(1, vec![0; 4 * 16 * 2]),
            storage(2, vec![0; 4 * keys]),
            uniform(0, words([shift, keys as u32 - 5, 0, 0])),
        ];
        for (index, (ours, reference)) in dispatch_both("g_comp_radix_count", &bindings, [2, 1, 1])
            .into_iter()
            .enumerate()
        {
            assert_eq!(
                ours, reference,
                "radix count, shift {shift}: binding {index}"
            );
        }
    }
}

/// Auto exposure: a shared-memory reduction of a histogram, the average's exp2 and the
/// adaptation's exp, the histogram cleared.
#[test]
fn auto_exposure_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream(0x7777_1111);
    let bins = stream.words(256, 1000);
    let pixels: u32 = bins.iter().sum();
    let bindings = [
        storage(0, words(bins)),
        storage(1, floats([1.0, 0.35])),
        uniform(
            0,
            words([
                (-8.0f32).to_bits(),
                12.0f32.to_bits(),
                0.1f32.to_bits(),
                pixels,
            ]),
        ),
    ];
    let out = dispatch_both("g_comp_auto_exposure", &bindings, [1, 1, 1]);
    assert_eq!(out[0].0, out[0].1, "histogram cleared");
    assert_floats_agree("exposure", &as_floats(&out[1].0), &as_floats(&out[1].1));
}

/// Particles: integrated, bounced, aged and killed; survivors and new ones appended
/// through an atomic counter (compared as sets), the counters exact.
#[test]
fn the_particle_update_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream(0x2468_ace0);
    let alive = 200usize;
    let to_emit = 40u32;
    let mut particles = Vec::new();
    for _ in 0..alive {
        particles.extend(stream.floats(3, -1.0, 1.0));
        particles.push(0.1);
        particles.extend(stream.floats(3, -2.0, 2.0));
        particles.push(stream.float(0.0, 1.2));
        particles.extend(stream.floats(4, 0.0, 1.0));
    }
    let mut sim = floats([0.0, -9.8, 0.0, 0.016, 0.5, 1.0, -0.5, 0.0]);
    sim.extend(words([to_emit, 0, 0, 0]));
    let bindings = [
        storage(0, floats(particles)),
        storage(1, vec![0; 48 * (alive + to_emit as usize)]),
        storage(2, words([alive as u32, 0, 0, 0])),
        uniform(0, sim),
    ];
    let out = dispatch_both("g_comp_particles_update", &bindings, [4, 1, 1]);
    assert_eq!(out[2].0, out[2].1, "counters");
    let survivors = u32::from_le_bytes(out[2].0[4..8].try_into().unwrap()) as usize;
    assert!(survivors > 100, "{survivors} survivors");
    assert_floats_agree(
        "particles",
        &sorted_records(&out[1].0[..48 * survivors], 48),
        &sorted_records(&out[1].1[..48 * survivors], 48),
    );
}

/// GPU culling: spheres against six planes and a distance, visible ones appending an
/// indirect draw and counting their level of detail (the draws compared as a set).
#[test]
fn gpu_culling_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream(0x1357_9bdf);
    let objects = 256u32;
    let mut bytes = Vec::new();
    for index in 0..objects {
        bytes.extend(floats([
            stream.float(-150.0, 150.0),
            stream.float(-20.0, 20.0),
            stream.float(-150.0, 150.0),
            stream.float(0.5, 8.0),
        ]));
        bytes.extend(words([index % 7, index * 36, 36 + index % 5 * 12, 0]));
    }
    // Planes of a box |x|, |y|, |z| <= 100 (normals inward).
    let mut cull = Vec::new();
    for (axis, sign) in [
        (0, 1.0f32),
        (0, -1.0),
        (1, 1.0),
        (1, -1.0),
        (2, 1.0),
        (2, -1.0),
    ] {
        let mut plane = [0.0f32; 4];
        plane[axis] = sign;
        plane[3] = 100.0;
        cull.extend(floats(plane));
    }
    cull.extend(floats([3.0, 0.0, -5.0, 1.0]));
    cull.extend(words([objects, 0, 0, 0]));
    let bindings = [
        storage(0, bytes),
        storage(1, vec![0; 16 + 20 * objects as usize]),
        storage(2, vec![0; 16 + 4 * objects as usize]),
        uniform(0, cull),
    ];
    let out = &dispatch_both("g_comp_gpu_culling", &bindings, [4, 1, 1])[1..];
    let drawn = u32::from_le_bytes(out[0].0[..4].try_into().unwrap()) as usize;
    assert_eq!(out[0].0[..4], out[0].1[..4], "draw count");
    assert!(drawn > 20 && drawn < objects as usize, "{drawn} drawn");
    assert_eq!(out[1].0[..16], out[1].1[..16], "instances per level");
    let sorted = |bytes: &[u8], record_b: usize| {
        let mut records: Vec<&[u8]> = bytes.chunks_exact(record_b).collect();
        records.sort();
        records.concat()
    };
    assert_eq!(
        sorted(&out[0].0[16..16 + 20 * drawn], 20),
        sorted(&out[0].1[16..16 + 20 * drawn], 20),
        "draws"
    );
    assert_eq!(
        sorted(&out[1].0[16..16 + 4 * drawn], 4),
        sorted(&out[1].1[16..16 + 4 * drawn], 4),
        "visible"
    );
}

/// Cloth: Verlet steps and distance constraints over a 16x16 grid with a sphere
/// collider and a pinned row (an early return under a guard, loops with `continue`).
#[test]
fn cloth_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream(0x0c10_7400);
    let side = 16usize;
    let mut current = Vec::new();
    let mut previous = Vec::new();
    for y in 0..side {
        for x in 0..side {
            let p = [
                x as f32 * 0.1,
                -(y as f32) * 0.1,
                stream.float(-0.02, 0.02),
                1.0,
            ];
            current.extend(p);
            previous.extend([p[0], p[1] + stream.float(0.0, 0.01), p[2], 1.0]);
        }
    }
    let mut cloth = floats([0.0, -9.8, 0.0, 0.016, 0.8, -0.9, 0.0, 0.3]);
    cloth.extend(words([side as u32, side as u32, 0.1f32.to_bits(), 0]));
    let bindings = [
        storage(0, floats(current)),
        storage(1, floats(previous)),
        storage(2, vec![0; 16 * side * side]),
        uniform(0, cloth),
    ];
    let out = dispatch_both("g_comp_cloth_constraints", &bindings, [2, 2, 1]);
    assert_floats_agree("cloth", &as_floats(&out[2].0), &as_floats(&out[2].1));
}

/// The fragment program's inputs: (location, GLSL type, array length).
fn fragment_inputs(glsl: &str) -> Vec<(u32, String, Option<u32>)> {
    let mut inputs = Vec::new();
    for line in glsl.lines() {
        let Some(rest) = line.trim().strip_prefix("layout(location = ") else {
            continue;
        };
        let Some((location, declaration)) = rest.split_once(") in ") else {
            continue;
        };
        let mut words = declaration.trim_end_matches(';').split_whitespace();
        let (Some(ty), Some(name)) = (words.next(), words.next()) else {
            continue;
        };
        let length = name
            .split_once('[')
            .map(|(_, n)| n.trim_end_matches(']').parse().unwrap());
        inputs.push((location.parse().unwrap(), ty.to_string(), length));
    }
    inputs
}

/// A vertex stage drawing a full-screen triangle that writes each input of `glsl`'s
/// fragment program a linear ramp of its own over the screen.
fn feeding_vertex_stage(glsl: &str) -> String {
    let mut stream = Stream(0xfeed_0001);
    let mut out = String::from("#version 450\n");
    let mut body = String::new();
    for (location, _, length) in fragment_inputs(glsl) {
        let name = format!("v{location}");
        // Every output a vec4, as a translated vertex stage writes them: the fragment
        // stage's translation reads all four components.
        match length {
            Some(n) => out.push_str(&format!(
                "layout(location = {location}) out vec4 {name}[{n}];\n"
            )),
            None => out.push_str(&format!("layout(location = {location}) out vec4 {name};\n")),
        }
        for element in 0..length.unwrap_or(1) {
            let mut c = || format!("{:.4}", stream.float(0.1, 1.0));
            let ramp =
                format!(
                "vec4({} + {} * uv.x, {} + {} * uv.y, {} + {} * (uv.x - uv.y), 1.0 + {} * uv.x)",
                c(), c(), c(), c(), c(), c(), c()
            );
            let target = match length {
                Some(_) => format!("{name}[{element}]"),
                None => name.clone(),
            };
            body.push_str(&format!("    {target} = {ramp};\n"));
        }
    }
    out.push_str("void main() {\n");
    out.push_str(
        "    vec2 uv = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n",
    );
    out.push_str("    gl_Position = vec4(uv * 2.0 - 1.0, 0.5, 1.0);\n");
    out.push_str(&body);
    out.push_str("}\n");
    out
}

/// The textures `glsl` declares, in binding order (bindings from 0 without gaps).
fn texture_specs(glsl: &str) -> Vec<TextureSpec> {
    use memory::TextureKind;
    let mut specs = Vec::new();
    for (binding, line) in glsl
        .lines()
        .filter(|line| line.contains("uniform sampler"))
        .enumerate()
    {
        let seed = 0x5eed_9000 + binding as u64;
        let spec = if line.contains("sampler2DArrayShadow") {
            TextureSpec {
                format: "z32f",
                layers: 4,
                ..TextureSpec::rgba8(16, seed)
            }
        } else if line.contains("sampler2DShadow") {
            TextureSpec {
                format: "z32f",
                ..TextureSpec::rgba8(16, seed)
            }
        } else if line.contains("sampler3D") {
            TextureSpec::mipmapped(TextureKind::D3, 8, 1, seed)
        } else {
            TextureSpec::mipmapped(TextureKind::D2, 16, 1, seed)
        };
        assert!(line.contains(&format!("binding = {binding})")), "{line}");
        specs.push(spec);
    }
    specs
}

const SIZE_PX: u32 = 64;
const CLEAR: [f32; 4] = [0.25, 0.5, 0.75, 1.0];

/// Draws a full-screen triangle with fragment program `name` both ways: uniform block 0
/// (and 1) of generated floats with the words of `integers` in place, the storage
/// buffer `storage` in slot 0 where given. Asserts the two targets agree.
fn draw_both(name: &str, integers: &[(usize, u32)], storage: Option<&[u8]>) {
    let glsl = std::fs::read_to_string(game_dir(name).join("source.glsl")).unwrap();
    let rig = Rig::new(true);
    let translator = translator();
    let vertex = translator
        .translate(&ShaderSource {
            name: format!("{name}.vert"),
            stage: shader_translate::Stage::Vertex,
            code: ShaderCode::Glsl(feeding_vertex_stage(&glsl)),
        })
        .unwrap_or_else(|e| panic!("{name}'s vertex stage: {e}"));
    let mut bytes = std::fs::read(game_dir(name).join("out.dksh")).unwrap();
    if ["dFdy", "fwidth"].iter().any(|f| glsl.contains(f)) {
        // uam's dFdy multiplies by c1[0], mesa's window-y transform state slot, which uam
        // leaves 0.0 in the file (DKSH.md); a GL driver fills 1.0 for a target drawn
        // top-down, as here.
        let module = shader_translate::maxwell::dksh::parse(&bytes).unwrap();
        let at = module.programs[0].constbuf1.as_ptr() as usize - bytes.as_ptr() as usize;
        bytes[at..at + 4].copy_from_slice(&1.0f32.to_le_bytes());
    }
    let ours = translator
        .translate_dksh(name, &bytes)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let reference = translator
        .translate(&ShaderSource {
            name: format!("{name}.glsl"),
            stage: shader_translate::Stage::Fragment,
            code: ShaderCode::Glsl(glsl.clone()),
        })
        .unwrap_or_else(|e| panic!("{name}.glsl: {e}"));
    let mut stream = Stream(0xb10c_0000);
    let mut block = stream.floats(256, 0.1, 1.0);
    for &(word, value) in integers {
        block[word] = f32::from_bits(value);
    }
    let block = floats(block);
    let mut targets = Vec::new();
    for (side, fragment) in [ours, reference].iter().enumerate() {
        let program = rig
            .device
            .create_program(&ProgramMaker {
                modules: vec![ShaderModule::from(&vertex), ShaderModule::from(fragment)],
            })
            .unwrap();
        let offset_b = (side as u64) * (256 << 10);
        let (texture, view) = rig.texture(
            &gpu::objects::TextureBuilder::new_2d(
                memory::Format::from_name("rgba8").unwrap(),
                SIZE_PX,
                SIZE_PX,
            ),
            offset_b,
        );
        let mut commands = rig.cleared(view, CLEAR);
        commands
            .set_state(gpu::state::StateChange::VertexStreams(Vec::new()))
            .unwrap();
        commands
            .set_state(gpu::state::StateChange::VertexAttributes(Vec::new()))
            .unwrap();
        let uniforms_b = (1 << 20) - (64 << 10);
        rig.device.write_pool(rig.pool, uniforms_b, &block).unwrap();
        let buffer = rig.buffer(uniforms_b, block.len() as u64);
        for slot in 0..2 {
            let range = BufferRange {
                buffer,
                offset_b: 0,
                size_b: block.len() as u64,
            };
            commands
                .bind_buffer(
                    BufferBinding::Uniform {
                        stage: Stage::Fragment,
                        slot,
                    },
                    range,
                )
                .unwrap();
        }
        if let Some(bytes) = storage {
            let storage_b = (1 << 20) - (128 << 10);
            rig.device.write_pool(rig.pool, storage_b, bytes).unwrap();
            let range = BufferRange {
                buffer: rig.buffer(storage_b, bytes.len() as u64),
                offset_b: 0,
                size_b: bytes.len() as u64,
            };
            commands
                .bind_buffer(
                    BufferBinding::Storage {
                        stage: Stage::Fragment,
                        slot: 0,
                    },
                    range,
                )
                .unwrap();
        }
        let specs = texture_specs(&glsl);
        if !specs.is_empty() {
            bind_fragment_texture_kinds(&rig, &mut commands, &specs);
        }
        commands.bind_program(program).unwrap();
        commands.draw(triangle()).unwrap();
        targets.push(rig.submit_and_read(
            commands,
            region(texture, 0, SIZE_PX, SIZE_PX),
            (SIZE_PX * SIZE_PX * 4) as usize,
        ));
    }
    let (ours, reference) = (&targets[0], &targets[1]);
    // The channels the program writes (a `float` output leaves the others undefined).
    let channels = ["out float ", "out vec2 ", "out vec3 ", "out vec4 "]
        .iter()
        .position(|ty| glsl.contains(ty))
        .unwrap()
        + 1;
    let off: Vec<usize> = (0..ours.len())
        .filter(|&i| i % 4 < channels && ours[i].abs_diff(reference[i]) > 1)
        .collect();
    let colours: std::collections::BTreeSet<&[u8]> = reference.chunks(4).collect();
    assert!(
        off.is_empty(),
        "{name}: {} channels differ by more than 1; first at pixel {}: ours {:?} glslang {:?}",
        off.len(),
        off[0] / 4,
        &ours[off[0] / 4 * 4..off[0] / 4 * 4 + 4],
        &reference[off[0] / 4 * 4..off[0] / 4 * 4 + 4]
    );
    assert!(colours.len() > 8, "{name}: only {} colours", colours.len());
    eprintln!("{name}: agrees, {} colours", colours.len());
}

fn bits(value: f32) -> u32 {
    value.to_bits()
}

#[test]
fn game_fragment_programs_draw_as_glslang_draws_them() {
    let texel = bits(1.0 / 64.0);
    let cases: [(&str, Vec<(usize, u32)>); 13] = [
        ("g_frag_pbr", vec![(4, 3)]),
        ("g_frag_pcf_shadow", vec![]),
        ("g_frag_deferred_lighting", vec![(4, 5)]),
        ("g_frag_ssao", vec![]),
        ("g_frag_water", vec![]),
        ("g_frag_normal_derivatives", vec![]),
        ("g_frag_triplanar", vec![]),
        ("g_frag_foliage_alpha", vec![(0, bits(1.0)), (1, bits(0.5))]),
        ("g_frag_fog_raymarch", vec![]),
        ("g_frag_sdf_text", vec![]),
        ("g_frag_bloom_downsample", vec![]),
        ("g_frag_color_grading", vec![(9, bits(16.0))]),
        (
            "g_frag_decal_projector",
            [
                // Identity for the inverse view-projection; 0.3 x identity to the box.
                (0..16)
                    .map(|w| (w, bits(if w % 5 == 0 { 1.0 } else { 0.0 })))
                    .collect::<Vec<_>>(),
                (16..32)
                    .map(|w| {
                        (
                            w,
                            bits(if w == 31 {
                                1.0
                            } else if w % 5 == 1 {
                                0.3
                            } else {
                                0.0
                            }),
                        )
                    })
                    .collect(),
                vec![(32, 3), (33, 200), (38, texel), (39, texel)],
            ]
            .concat(),
        ),
    ];
    let mut failures = Vec::new();
    for (name, integers) in cases {
        let result = std::panic::catch_unwind(|| draw_both(name, &integers, None));
        if let Err(panic) = result {
            let why = panic
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "?".into());
            failures.push(why);
        }
    }
    let exposure = floats([1.5, 0.3]);
    if let Err(panic) =
        std::panic::catch_unwind(|| draw_both("g_frag_tonemap", &[], Some(&exposure)))
    {
        failures.push(panic.downcast_ref::<String>().cloned().unwrap_or_default());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// uam, deko3d's GLSL compiler: `shared/maxwell/bin/uam` beside the repository (or
/// beside a folder above it, for a worktree).
fn uam_compile(glsl: &str, dir: &Path) -> Result<Vec<u8>, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let uam = root
        .ancestors()
        .map(|folder| folder.join("shared/maxwell/bin/uam"))
        .find(|uam| uam.is_file())
        .unwrap_or_else(|| panic!("no shared/maxwell/bin/uam beside {}", root.display()));
    let (source, out) = (dir.join("program.glsl"), dir.join("program.dksh"));
    std::fs::write(&source, glsl).unwrap();
    let _ = std::fs::remove_file(&out);
    // Under `setarch -R`: uam's scheduler reads an uninitialised field (DKSH.md).
    let output = std::process::Command::new("setarch")
        .arg("-R")
        .arg(&uam)
        .args(["-s", "comp", "-o"])
        .arg(&out)
        .arg(&source)
        .output()
        .unwrap();
    if !output.status.success() {
        return Err(format!(
            "uam: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(std::fs::read(&out).unwrap())
}

/// Random compute programs (`common::glsl_fuzz`) compiled with uam, each dispatched
/// through its translation and glslang's module over the same generated inputs:
/// integer words exact, float words within the tolerance above. `MAXWELL_FUZZ_SEED`
/// and `MAXWELL_FUZZ_COUNT` pick the programs (default seed 1, 24 of them). Run by
/// hand (`--ignored`) while the failures it finds (docs/maxwell.md) are open: a few
/// programs in a hundred are refused or differ.
#[test]
#[ignore = "finds open failures: docs/maxwell.md, Differential fuzzing"]
fn random_compute_programs_dispatch_as_glslang_dispatches_them() {
    use common::glsl_fuzz::{compute_program, float_inputs, int_inputs, Rng, OUTPUTS};
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .map_or(default, |v| v.parse().expect("a number"))
    };
    let (seed, count) = (
        number("MAXWELL_FUZZ_SEED", 1),
        number("MAXWELL_FUZZ_COUNT", 24),
    );
    let dir = common::process::scratch_dir("maxwell_fuzz");
    let rig = Rig::new(true);
    let started = std::time::Instant::now();
    let mut failures = Vec::new();
    for program in seed..seed + count {
        let mut rng = Rng::new(program);
        let (glsl, float_words) = compute_program(&mut rng);
        let dksh = match uam_compile(&glsl, &dir) {
            Ok(dksh) => dksh,
            Err(e) => panic!("program {program}: {e}\n{glsl}"),
        };
        let ints: Vec<u32> = int_inputs(&mut rng).into_iter().map(|v| v as u32).collect();
        let bindings = [
            storage(0, words(ints)),
            storage(1, floats(float_inputs(&mut rng))),
            storage(2, vec![0; 4 * OUTPUTS * 64]),
        ];
        let name = format!("fuzz_{program}");
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let out = dispatch_sources(&rig, &name, (&dksh, &glsl), &bindings, [1, 1, 1]);
            let (ours, reference) = (&out[2].0, &out[2].1);
            for (word, (a, b)) in ours
                .chunks_exact(4)
                .zip(reference.chunks_exact(4))
                .enumerate()
            {
                let (a, b) = (
                    u32::from_le_bytes(a.try_into().unwrap()),
                    u32::from_le_bytes(b.try_into().unwrap()),
                );
                if float_words[word % OUTPUTS] {
                    let (x, y) = (f32::from_bits(a), f32::from_bits(b));
                    let close = (x - y).abs() <= 1e-5 + 1e-4 * y.abs()
                        || (x.is_nan() && y.is_nan())
                        || x == y;
                    assert!(close, "word {word}: ours {x}, glslang {y}");
                } else {
                    assert_eq!(a, b, "word {word}: ours {a:#x}, glslang {b:#x}");
                }
            }
        }));
        if let Err(panic) = result {
            let why = panic
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "?".into());
            failures.push(format!("program {program}: {why}\n{glsl}"));
        }
    }
    eprintln!(
        "{count} random compute programs from seed {seed} in {:.1} s, {} failed",
        started.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

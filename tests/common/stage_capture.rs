//! Differential draws of compiled programs of the stages before rasterisation: the tested
//! program runs once translated from its DKSH module and once as glslang's module of its
//! GLSL, between the same fixed GLSL stages (through glslang on both sides), one of which
//! writes what the tested stage passed on into a capture buffer (a storage buffer of a
//! counter and records: word 0 the records appended, words from 4 the records). What a
//! record holds is the test's: the generators here make the usual ones.

use gpu::command::{BufferBinding, ClearValue, DrawArrays};
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, Stage, TextureBuilder};
use gpu::state::VertexStream;
use gpu::state::{ComponentKind, ComponentMask, StateChange, VertexAttribute, VertexFormat};
use shader_translate::maxwell::compiled_source::{CompiledCode, CompiledSource};
use shader_translate::maxwell::dksh::ProgramType;
use shader_translate::maxwell::geometry::GeometryInput;
use shader_translate::maxwell::slots::SlotMap;
use shader_translate::{ShaderCode, ShaderSource};

use super::compute::Binding;
use super::draw::colour;
use super::programs::translator;
use super::readback::pool_bytes;
use super::rig::Rig;
use super::stage_resources::Resources;

/// Words of the capture buffer.
pub const CAPTURE_WORDS: usize = 1 << 16;
const TARGET_PX: u32 = 16;

/// One draw of a tested program: its GLSL and DKSH module, the stages around it, what is
/// bound, what is drawn.
pub struct StageDraw {
    pub name: String,
    pub stage: shader_translate::Stage,
    pub glsl: String,
    pub dksh: Vec<u8>,
    /// The other stages (GLSL through glslang), any order.
    pub companions: Vec<(shader_translate::Stage, String)>,
    /// The primitives a tested geometry program takes.
    pub geometry_input: GeometryInput,
    /// Uniform and storage buffers, each bound to a stage.
    pub buffers: Vec<(Stage, Binding)>,
    /// Textures and images, bound to the tested stage.
    pub resources: Resources,
    /// Vertex attributes: (location, kind, components), each 16 bytes of a vertex's
    /// record in `vertices`.
    pub attributes: Vec<(u32, ComponentKind, u8)>,
    pub vertices: Vec<u8>,
    pub draw: DrawArrays,
    pub patch_size: Option<u32>,
    /// The stage whose storage slot 0 is the capture buffer.
    pub capture: Stage,
    /// Layers of the target (a 2D array past 1).
    pub layers: u32,
}

fn gpu_stage(stage: shader_translate::Stage) -> Stage {
    use shader_translate::Stage as S;
    match stage {
        S::Vertex => Stage::Vertex,
        S::TessControl => Stage::TessControl,
        S::TessEval => Stage::TessEval,
        S::Geometry => Stage::Geometry,
        S::Fragment => Stage::Fragment,
        S::Compute => Stage::Compute,
    }
}

fn pipeline_order(stage: shader_translate::Stage) -> usize {
    use shader_translate::Stage as S;
    [
        S::Vertex,
        S::TessControl,
        S::TessEval,
        S::Geometry,
        S::Fragment,
    ]
    .iter()
    .position(|s| *s == stage)
    .unwrap()
}

/// `glsl` as glslang takes it for Vulkan: uam reads GL's builtin names (the draws start
/// at vertex and instance 0, where the two agree).
pub fn vulkan_names(glsl: &str) -> String {
    glsl.replace("gl_VertexID", "gl_VertexIndex")
        .replace("gl_InstanceID", "gl_InstanceIndex")
}

fn glslang(name: &str, stage: shader_translate::Stage, glsl: &str) -> ShaderModule {
    let shader = translator()
        .translate(&ShaderSource {
            name: format!("{name}.{stage:?}.glsl"),
            stage,
            code: ShaderCode::Glsl(vulkan_names(glsl)),
        })
        .unwrap_or_else(|e| panic!("{name} ({stage:?}): {e}"));
    ShaderModule::from(&shader)
}

/// Draws `draw` both ways; returns each side's capture buffer: (translated, glslang).
/// The captures take geometry stages, which a simulated Metal profile
/// (`RX_VK_SIMULATE=moltenvk-m1`) refuses when bound (`tests/geometry.rs` checks that):
/// the draws check the translation, not the profile, so they run on the device as it
/// reports itself.
pub fn draw_both(draw: &StageDraw) -> (Vec<u32>, Vec<u32>) {
    let rig = Rig::unmasked(true);
    let translator = translator();
    let translated = match draw.stage {
        shader_translate::Stage::Geometry => ShaderModule::from(
            &translator
                .translate_dksh_geometry(&draw.name, &draw.dksh, draw.geometry_input)
                .unwrap_or_else(|e| panic!("{}: {e}", draw.name)),
        ),
        // Kept with its compiled source, as the C API makes it: a vertex program is
        // translated again for its draw's attribute kinds when the pipeline is made.
        _ => {
            let source = CompiledSource {
                name: draw.name.clone(),
                kind: dksh_kind(&draw.dksh),
                code: CompiledCode::Dksh(draw.dksh.clone()),
                slots: SlotMap::default(),
            };
            let translated = translator
                .translate_compiled_source(&source)
                .unwrap_or_else(|e| panic!("{}: {e}", draw.name));
            ShaderModule::compiled_from(source, &translated)
        }
    };
    let tested = [translated, glslang(&draw.name, draw.stage, &draw.glsl)];
    let mut captures = Vec::new();
    for (side, module) in tested.into_iter().enumerate() {
        let mut modules: Vec<(usize, ShaderModule)> = draw
            .companions
            .iter()
            .map(|(stage, glsl)| (pipeline_order(*stage), glslang(&draw.name, *stage, glsl)))
            .collect();
        modules.push((pipeline_order(draw.stage), module));
        modules.sort_by_key(|(order, _)| *order);
        let program = rig
            .device
            .create_program(&ProgramMaker {
                modules: modules.into_iter().map(|(_, module)| module).collect(),
            })
            .unwrap();
        let mut builder = TextureBuilder::new_2d(
            memory::Format::from_name("rgba8").unwrap(),
            TARGET_PX,
            TARGET_PX,
        );
        if draw.layers > 1 {
            builder = builder
                .kind(memory::TextureKind::D2Array)
                .layers(draw.layers);
        }
        let (_, view) = rig.texture(&builder, side as u64 * (128 << 10));
        let mut commands = rig.device.command_buffer();
        commands.bind_render_targets(colour(view)).unwrap();
        commands
            .clear_color(0, ClearValue::Float([0.0; 4]), ComponentMask::ALL)
            .unwrap();
        bind_vertices(&rig, &mut commands, draw, side);
        if let Some(size) = draw.patch_size {
            commands.set_state(StateChange::PatchSize(size)).unwrap();
        }
        commands.bind_program(program).unwrap();
        for (index, (stage, binding)) in draw.buffers.iter().enumerate() {
            let offset_b = (256 << 10) + ((side * 8 + index) as u64) * (64 << 10);
            let kind = if binding.storage {
                BufferBinding::Storage {
                    stage: *stage,
                    slot: binding.slot,
                }
            } else {
                BufferBinding::Uniform {
                    stage: *stage,
                    slot: binding.slot,
                }
            };
            bind_bytes(&rig, &mut commands, kind, offset_b, &binding.bytes);
        }
        let capture_b = (3 << 19) + side as u64 * (256 << 10);
        let capture = BufferBinding::Storage {
            stage: draw.capture,
            slot: 0,
        };
        bind_bytes(
            &rig,
            &mut commands,
            capture,
            capture_b,
            &vec![0; CAPTURE_WORDS * 4],
        );
        draw.resources
            .bind(&rig, &mut commands, gpu_stage(draw.stage), side);
        commands.draw(draw.draw).unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let bytes = pool_bytes(&rig.device, rig.pool, capture_b, CAPTURE_WORDS * 4);
        captures.push(
            bytes
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
                .collect(),
        );
    }
    let reference = captures.pop().unwrap();
    (captures.pop().unwrap(), reference)
}

/// The program type of a DKSH module's program.
fn dksh_kind(dksh: &[u8]) -> ProgramType {
    shader_translate::maxwell::program::Program::from_dksh(dksh)
        .expect("the tested DKSH module reads")
        .kind
}

/// Writes `bytes` at `offset_b` of the pool and binds them as `kind`.
fn bind_bytes(
    rig: &Rig,
    commands: &mut gpu::CommandBuffer<'_>,
    kind: BufferBinding,
    offset_b: u64,
    bytes: &[u8],
) {
    assert!(bytes.len() <= 256 << 10);
    rig.device.write_pool(rig.pool, offset_b, bytes).unwrap();
    let range = BufferRange {
        buffer: rig.buffer(offset_b, bytes.len() as u64),
        offset_b: 0,
        size_b: bytes.len() as u64,
    };
    commands.bind_buffer(kind, range).unwrap();
}

fn bind_vertices(rig: &Rig, commands: &mut gpu::CommandBuffer<'_>, draw: &StageDraw, side: usize) {
    let stride_b = 16 * draw.attributes.len() as u32;
    let streams = match draw.attributes.is_empty() {
        true => Vec::new(),
        false => vec![VertexStream {
            stride_b,
            divisor: 0,
        }],
    };
    let attributes = draw
        .attributes
        .iter()
        .enumerate()
        .map(|(index, &(location, kind, components))| VertexAttribute {
            location: location as u8,
            stream: 0,
            format: VertexFormat { kind, components },
            offset_b: 16 * index as u32,
        })
        .collect();
    commands
        .set_state(StateChange::VertexStreams(streams))
        .unwrap();
    commands
        .set_state(StateChange::VertexAttributes(attributes))
        .unwrap();
    if !draw.attributes.is_empty() {
        let offset_b = (5 << 18) + side as u64 * (64 << 10);
        bind_bytes(
            rig,
            commands,
            BufferBinding::Vertex { stream: 0 },
            offset_b,
            &draw.vertices,
        );
    }
}

/// The outputs `glsl` declares: (location, GLSL type, array length), `patch` ones left
/// out.
pub fn outputs(glsl: &str) -> Vec<(u32, String, Option<u32>)> {
    declarations(glsl, ") out ")
}

/// The `patch` outputs `glsl` declares, as [`outputs`].
pub fn patch_outputs(glsl: &str) -> Vec<(u32, String, Option<u32>)> {
    declarations(glsl, ") patch out ")
}

/// The `patch` inputs `glsl` declares, as [`outputs`].
pub fn patch_inputs(glsl: &str) -> Vec<(u32, String, Option<u32>)> {
    declarations(glsl, ") patch in ")
}

/// The inputs `glsl` declares, as [`outputs`].
pub fn inputs(glsl: &str) -> Vec<(u32, String, Option<u32>)> {
    declarations(glsl, ") in ")
}

fn declarations(glsl: &str, direction: &str) -> Vec<(u32, String, Option<u32>)> {
    let mut found = Vec::new();
    for line in glsl.lines() {
        let Some(rest) = line.trim().strip_prefix("layout(location = ") else {
            continue;
        };
        // `centroid` and `noperspective` change how an input is read, not what the
        // stage before writes.
        let rest =
            rest.replacen(") centroid in ", ") in ", 1)
                .replacen(") noperspective in ", ") in ", 1);
        let Some((location, declaration)) = rest.split_once(direction) else {
            continue;
        };
        let mut words = declaration.trim_end_matches(';').split_whitespace();
        let (Some(ty), Some(name)) = (words.next(), words.next()) else {
            continue;
        };
        let length = name
            .split_once('[')
            .and_then(|(_, n)| n.trim_end_matches(']').parse().ok());
        found.push((location.parse().unwrap(), ty.to_string(), length));
    }
    found
}

/// Components of a float type (`float`, `vecN`).
pub fn components(ty: &str) -> usize {
    match ty {
        "float" => 1,
        other => other
            .strip_prefix("vec")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("captured type {other}")),
    }
}

/// Words of a record [`capture_geometry`] writes for `varyings`: the key, the position,
/// each component.
pub fn record_words(varyings: &[(u32, String, Option<u32>)]) -> usize {
    1 + 4
        + varyings
            .iter()
            .map(|(_, ty, n)| components(ty) * n.unwrap_or(1) as usize)
            .sum::<usize>()
}

/// A geometry stage taking `input` (`points` or `triangles`) that emits nothing and
/// appends a record for each vertex it takes: the key (`gl_PrimitiveIDIn` for points,
/// 0 otherwise), `gl_Position`, then every component of `varyings` (the stage before's
/// outputs) in order, as float bits.
pub fn capture_geometry(input: &str, varyings: &[(u32, String, Option<u32>)]) -> String {
    let vertices = if input == "points" { 1 } else { 3 };
    let record = record_words(varyings);
    let mut out = format!(
        "#version 450\nlayout({input}) in;\nlayout(triangle_strip, max_vertices = 3) out;\n\
         layout(std430, binding = 0) buffer Capture {{ uint count; uint pad[3]; uint records[]; }};\n"
    );
    let mut stores = String::new();
    let mut word = 5;
    for (location, ty, length) in varyings {
        for element in 0..length.unwrap_or(1) {
            let name = format!("v{location}_{element}");
            out.push_str(&format!(
                "layout(location = {}) in {ty} {name}[];\n",
                location + element
            ));
            for c in 0..components(ty) {
                let value = match ty.as_str() {
                    "float" => format!("{name}[k]"),
                    _ => format!("{name}[k][{c}]"),
                };
                stores.push_str(&format!(
                    "        records[at + {word}u] = floatBitsToUint({value});\n"
                ));
                word += 1;
            }
        }
    }
    let key = if vertices == 1 {
        "uint(gl_PrimitiveIDIn)"
    } else {
        "0u"
    };
    out.push_str(&format!(
        "void main() {{\n    for (int k = 0; k < {vertices}; k++) {{\n\
         \x20       uint at = atomicAdd(count, 1u) * {record}u;\n\
         \x20       records[at] = {key};\n\
         \x20       for (int c = 0; c < 4; c++) records[at + 1u + uint(c)] = floatBitsToUint(gl_in[k].gl_Position[c]);\n\
         {stores}    }}\n}}\n"
    ));
    out
}

/// A fragment stage (no colour written) that does nothing: the draws' captures are made
/// before it.
pub const NO_FRAG: &str = "#version 450
void main() {
}
";

/// Floats agree within 1e-4 relative and 1e-5 absolute (`common::compute`'s tolerance);
/// NaN agrees with NaN.
pub fn floats_agree(a: f32, b: f32) -> bool {
    a == b || (a.is_nan() && b.is_nan()) || (a - b).abs() <= 1e-5 + 1e-4 * b.abs()
}

/// `count` records of `record` words from word 4 of a capture, sorted by their first
/// `exact` words, then their floats.
pub fn sorted(capture: &[u32], record: usize, exact: usize, count: usize) -> Vec<&[u32]> {
    let mut records: Vec<&[u32]> = capture[4..4 + count * record].chunks(record).collect();
    records.sort_by(|a, b| {
        a[..exact].cmp(&b[..exact]).then_with(|| {
            a[exact..]
                .iter()
                .zip(&b[exact..])
                .map(|(x, y)| f32::from_bits(*x).total_cmp(&f32::from_bits(*y)))
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        })
    });
    records
}

/// Draws `run` both ways (its capture a geometry stage of [`capture_geometry`] over
/// `varyings`) and asserts the vertices agree; returns how many were captured.
pub fn assert_vertices_agree(run: &StageDraw, varyings: &[(u32, String, Option<u32>)]) -> usize {
    let (ours, reference) = draw_both(run);
    assert_captures_agree(
        &run.name,
        (&ours, &reference),
        (record_words(varyings), 1),
        None,
    )
}

/// Asserts two captures agree: the same count of records (word 0, or `count` where
/// given), compared as sets of records whose first `exact` words are integers (equal)
/// and the rest float bits (within [`floats_agree`]). Returns the count.
pub fn assert_captures_agree(
    what: &str,
    (ours, reference): (&[u32], &[u32]),
    (record, exact): (usize, usize),
    count: Option<usize>,
) -> usize {
    let n = match count {
        Some(n) => n,
        None => {
            assert_eq!(ours[0], reference[0], "{what}: records captured");
            reference[0] as usize
        }
    };
    assert!(
        4 + n * record <= CAPTURE_WORDS,
        "{what}: {n} records overflow"
    );
    let (a, b) = (
        sorted(ours, record, exact, n),
        sorted(reference, record, exact, n),
    );
    for (index, (x, y)) in a.iter().zip(&b).enumerate() {
        assert_eq!(x[..exact], y[..exact], "{what}: record {index}'s integers");
        for (word, (p, q)) in x.iter().zip(y.iter()).enumerate().skip(exact) {
            let (p, q) = (f32::from_bits(*p), f32::from_bits(*q));
            assert!(
                floats_agree(p, q),
                "{what}: record {index} word {word}: ours {p}, glslang {q} (glslang's record {y:?})"
            );
        }
    }
    n
}

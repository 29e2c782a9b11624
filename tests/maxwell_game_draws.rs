//! The fragment programs of `shader_translate/tests/maxwell_games/` drawn on the real
//! driver (lavapipe in CI, validation on) through the program translated from uam's
//! binary and through glslang's module of its GLSL: a full-screen triangle whose vertex
//! stage (glslang, generated from the program's inputs) feeds every input a different
//! linear ramp; uniform blocks of generated floats (integers where the block declares
//! them), textures of generated texels. The RGBA8 targets agree within one step a
//! channel, as in `maxwell_render.rs`.

mod common;

use std::path::Path;

use common::compute::{floats, Stream};
use common::draw::triangle;
use common::programs::translator;
use common::readback::region;
use common::rig::Rig;
use common::textures::{bind_fragment_texture_kinds, TextureSpec};
use gpu::command::BufferBinding;
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, Stage};
use shader_translate::{ShaderCode, ShaderSource};

fn game_dir(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_games")
        .join(name)
}

/// The fragment program's inputs: (location, GLSL type, array length).
fn fragment_inputs(glsl: &str) -> Vec<(u32, String, Option<u32>)> {
    common::stage_capture::inputs(glsl)
}

/// A vertex stage drawing a full-screen triangle that writes each input of `glsl`'s
/// fragment program a linear ramp of its own over the screen.
fn feeding_vertex_stage(glsl: &str) -> String {
    let mut stream = Stream::new(0xfeed_0001);
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

/// The textures `glsl` declares, in binding order (bindings from 0 without gaps; an
/// array of N takes N, each element generated texels of its own).
fn texture_specs(glsl: &str) -> Vec<TextureSpec> {
    let mut specs = Vec::new();
    for line in glsl.lines().filter(|line| line.contains("uniform sampler")) {
        let binding = specs.len();
        assert!(line.contains(&format!("binding = {binding})")), "{line}");
        let elements = line
            .split_once('[')
            .and_then(|(_, rest)| rest.split_once(']'))
            .map_or(1, |(count, _)| count.trim().parse::<usize>().unwrap());
        for element in 0..elements {
            specs.push(texture_spec(line, (binding + element) as u64));
        }
    }
    specs
}

/// The texture a sampler line declares, its texels from `binding`.
fn texture_spec(line: &str, binding: u64) -> TextureSpec {
    use memory::TextureKind;
    let seed = 0x5eed_9000 + binding;
    if line.contains("sampler2DArrayShadow") {
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
    }
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
    if ["dFdy", "fwidth", "interpolateAtOffset"]
        .iter()
        .any(|f| glsl.contains(f))
    {
        // uam's dFdy (and interpolateAtOffset's y offset) multiplies by c1[0], mesa's
        // window-y transform state slot, which uam leaves 0.0 in the file (DKSH.md); a GL
        // driver fills 1.0 for a target drawn top-down, as here.
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
    let mut stream = Stream::new(0xb10c_0000);
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
    let cases: [(&str, Vec<(usize, u32)>); 24] = [
        ("g_frag_pbr", vec![(4, 3)]),
        // Four samples' worth of coverage expected, stripes eight to the unit: on the
        // single-sampled target one sample covers the pixel (`pixld covmask`) and it is
        // sample 0 (`pixld my_index`).
        ("g_frag_msaa_coverage", vec![(8, bits(4.0)), (9, bits(8.0))]),
        ("g_frag_centroid_inputs", vec![]),
        (
            "g_frag_cascade_lookup",
            [0.3, 0.5, 0.7, 0.9]
                .iter()
                .enumerate()
                .map(|(word, &value)| (word, bits(value)))
                .collect(),
        ),
        (
            "g_frag_indexed_inputs",
            [0.3, 0.5, 0.7, 0.9]
                .iter()
                .enumerate()
                .map(|(word, &value)| (word, bits(value)))
                .collect(),
        ),
        (
            "g_frag_cascaded_shadow",
            // Equal splits (uam reads `splits[c]` as `splits.x` whatever c: it masks
            // the byte offset 4c to a multiple of 16 before its `ld c[]`; with equal
            // splits the two agree); the light facing the ramps' normals.
            [0.5, 0.5, 0.5, 0.5, -0.5, -0.6, -0.7]
                .iter()
                .enumerate()
                .map(|(word, &value)| (word, bits(value)))
                .collect(),
        ),
        ("g_frag_fxaa", vec![(0, texel), (1, texel)]),
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
        // Steps of 0.04, a thickness of 0.05, a fade over the outer tenth.
        (
            "g_frag_ssr",
            vec![(0, bits(0.04)), (1, bits(0.05)), (2, bits(0.1))],
        ),
        // History weights 0.9 and 0.6, velocities scaled to a tenth of the screen.
        (
            "g_frag_taa_resolve",
            vec![(0, bits(0.9)), (1, bits(0.6)), (2, bits(0.1))],
        ),
        // A shutter of 0.06, at most 0.04 of the screen, a full tap of jitter.
        (
            "g_frag_motion_blur",
            vec![(0, bits(0.06)), (1, bits(0.04)), (2, bits(1.0))],
        ),
        ("g_frag_volumetric_fog", vec![]),
        ("g_frag_pcss", vec![]),
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

/// Material layers picked from a sampler array by uniform indices (`g_frag_material_layers`:
/// uam loads each handle word from the driver's texture-handle words at a run-time
/// offset and reads through `tex.b`, `tld.b`, `tld4.b`): the layers hold different
/// texels, and every pair of indices draws as glslang's module draws it. The translated
/// program's slot array spans 8 slots where the GLSL array has 4 (the binary does not say
/// how long it was), the mask texture at slot 4 among them; slots 5 to 7 stay unbound.
#[test]
fn sampler_arrays_indexed_at_run_time_draw_as_glslang_draws_them() {
    for (base, blend) in [(0u32, 3u32), (1, 0), (2, 2), (3, 1), (7, 6)] {
        let integers = [(4, base), (5, blend), (6, bits(0.0)), (7, bits(0.75))];
        draw_both("g_frag_material_layers", &integers, None);
    }
}

/// Order-independent transparency's append stage (`g_frag_oit_append`: an atomic node
/// counter, `imageAtomicExchange` of the pixel's list head, the node's colour, depth and
/// link stored) drawn both ways over a heads image whose every pixel holds its own
/// initial link. The fragments take nodes in the order they run, so the two sides are
/// compared as what the order does not change: the counter (one node a pixel), the
/// nodes as a set of (colour, depth, link) records (colours within one step a byte:
/// `packUnorm4x8`'s rounding), and each pixel's head naming a node that links to the
/// pixel's initial value.
#[test]
fn order_independent_transparency_appends_as_glslang_appends() {
    use common::readback::pool_bytes;
    use gpu::objects::ImageHandle;
    let name = "g_frag_oit_append";
    let glsl = std::fs::read_to_string(game_dir(name).join("source.glsl")).unwrap();
    let rig = Rig::new(true);
    let translator = translator();
    let vertex = translator
        .translate(&ShaderSource {
            name: format!("{name}.vert"),
            stage: shader_translate::Stage::Vertex,
            code: ShaderCode::Glsl(feeding_vertex_stage(&glsl)),
        })
        .unwrap();
    let ours = translator
        .translate_dksh(
            name,
            &std::fs::read(game_dir(name).join("out.dksh")).unwrap(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let reference = translator
        .translate(&ShaderSource {
            name: format!("{name}.glsl"),
            stage: shader_translate::Stage::Fragment,
            code: ShaderCode::Glsl(glsl.clone()),
        })
        .unwrap();
    let pixels = (SIZE_PX * SIZE_PX) as usize;
    let initial: Vec<u32> = (0..pixels as u32).map(|p| 0x1000_0000 + p).collect();
    let initial_bytes: Vec<u8> = initial.iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut sides = Vec::new();
    for (side, fragment) in [ours, reference].iter().enumerate() {
        let program = rig
            .device
            .create_program(&ProgramMaker {
                modules: vec![ShaderModule::from(&vertex), ShaderModule::from(fragment)],
            })
            .unwrap();
        let (_, view) = rig.texture(
            &gpu::objects::TextureBuilder::new_2d(
                memory::Format::from_name("rgba8").unwrap(),
                SIZE_PX,
                SIZE_PX,
            ),
            (side as u64) * (256 << 10),
        );
        let base_b = (3 << 20) + (side as u64) * (256 << 10);
        let (counter_b, nodes_b, heads_b) = (base_b, base_b + (4 << 10), base_b + (128 << 10));
        let counter = [0u32, pixels as u32 + 16];
        let counter: Vec<u8> = counter.iter().flat_map(|w| w.to_le_bytes()).collect();
        rig.device
            .write_pool(rig.pool, counter_b, &counter)
            .unwrap();
        let nodes_len_b = 16 * (pixels + 16);
        rig.device
            .write_pool(rig.pool, nodes_b, &vec![0; nodes_len_b])
            .unwrap();
        let (heads, heads_view) = rig.r32ui_image(heads_b, SIZE_PX, SIZE_PX, &initial_bytes);
        let table = rig.device.create_texture_table(4).unwrap();
        let samplers = rig.device.create_sampler_table(1).unwrap();
        rig.device.register_image(table, 1, heads_view).unwrap();
        let mut commands = rig.cleared(view, CLEAR);
        commands
            .set_state(gpu::state::StateChange::VertexStreams(Vec::new()))
            .unwrap();
        commands
            .set_state(gpu::state::StateChange::VertexAttributes(Vec::new()))
            .unwrap();
        commands.bind_descriptor_tables(table, samplers).unwrap();
        commands
            .bind_image(Stage::Fragment, 0, ImageHandle { texture_slot: 1 })
            .unwrap();
        for (slot, offset_b, size_b) in [(0u8, counter_b, 8u64), (1, nodes_b, nodes_len_b as u64)] {
            let range = BufferRange {
                buffer: rig.buffer(offset_b, size_b.max(256)),
                offset_b: 0,
                size_b,
            };
            commands
                .bind_buffer(
                    BufferBinding::Storage {
                        stage: Stage::Fragment,
                        slot,
                    },
                    range,
                )
                .unwrap();
        }
        commands.bind_program(program).unwrap();
        commands.draw(triangle()).unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let heads = rig.submit_and_read(
            rig.device.command_buffer(),
            region(heads, 0, SIZE_PX, SIZE_PX),
            pixels * 4,
        );
        let words = |bytes: &[u8]| -> Vec<u32> {
            bytes
                .chunks(4)
                .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
                .collect()
        };
        let counter = words(&pool_bytes(&rig.device, rig.pool, counter_b, 8));
        let nodes = words(&pool_bytes(&rig.device, rig.pool, nodes_b, nodes_len_b));
        sides.push((counter, nodes, words(&heads)));
    }
    let mut records = Vec::new();
    for (side, (counter, nodes, heads)) in sides.iter().enumerate() {
        assert_eq!(counter[0] as usize, pixels, "side {side}: one node a pixel");
        for (pixel, &head) in heads.iter().enumerate() {
            let node = &nodes[4 * head as usize..4 * head as usize + 4];
            assert_eq!(node[2], initial[pixel], "side {side}: pixel {pixel}'s head");
        }
        let mut own: Vec<[u32; 3]> = nodes[..4 * pixels]
            .chunks(4)
            .map(|n| [n[2], n[1], n[0]])
            .collect();
        own.sort_unstable();
        records.push(own);
    }
    let colours: std::collections::BTreeSet<u32> = records[1].iter().map(|r| r[2]).collect();
    assert!(colours.len() > 8, "only {} colours", colours.len());
    for (ours, reference) in records[0].iter().zip(&records[1]) {
        let bytes_close = ours[2]
            .to_le_bytes()
            .iter()
            .zip(reference[2].to_le_bytes())
            .all(|(a, b)| a.abs_diff(b) <= 1);
        assert!(
            ours[..2] == reference[..2] && bytes_close,
            "node (link, depth, colour) ours {ours:08x?}, glslang {reference:08x?}"
        );
    }
}

/// The fragment program `name`'s feeding vertex stage, its translation and glslang's
/// module of its GLSL.
fn feeding_ours_and_glslang(name: &str) -> [shader_translate::TranslatedShader; 3] {
    let glsl = std::fs::read_to_string(game_dir(name).join("source.glsl")).unwrap();
    let translator = translator();
    let vertex = translator
        .translate(&ShaderSource {
            name: format!("{name}.vert"),
            stage: shader_translate::Stage::Vertex,
            code: ShaderCode::Glsl(feeding_vertex_stage(&glsl)),
        })
        .unwrap();
    let bytes = std::fs::read(game_dir(name).join("out.dksh")).unwrap();
    let ours = translator.translate_dksh(name, &bytes).unwrap();
    let reference = translator
        .translate(&ShaderSource {
            name: format!("{name}.glsl"),
            stage: shader_translate::Stage::Fragment,
            code: ShaderCode::Glsl(glsl),
        })
        .unwrap();
    [vertex, ours, reference]
}

/// Reading the sample being shaded (`pixld my_index`, `gl_SampleID`) runs the stage once
/// a sample: on a device without sampleRateShading the program is refused when made,
/// the translated one and glslang's alike, naming the feature.
#[test]
fn a_program_reading_its_sample_is_refused_without_sample_rate_shading() {
    use gpu::error::ObjectError;
    use gpu::objects::program::ProgramError;
    let name = "g_frag_msaa_coverage";
    let [vertex, ours, reference] = feeding_ours_and_glslang(name);
    let rig = Rig::lacking(|features| features.sample_rate_shading = false);
    for fragment in [&ours, &reference] {
        let made = rig.device.create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&vertex), ShaderModule::from(fragment)],
        });
        match made {
            Err(ObjectError::Program(error @ ProgramError::SampleShading { .. })) => {
                assert!(error.to_string().contains("sampleRateShading"), "{error}")
            }
            other => panic!("made without sampleRateShading: {other:?}"),
        }
    }
}

/// A fragment program using its warp (`g_frag_wave_material`: `vote all/any/eq`, the
/// ballot's count, `readFirstInvocationARB` scalarising a material index in a loop,
/// `readInvocationARB` of the neighbouring lane, `$laneid`) drawn through the device's
/// subgroups against glslang's module of the same GLSL (`GL_KHR_shader_subgroup_*` under
/// `VULKAN`, the ARB functions for uam). Both run in the same driver's subgroups, so the
/// results that depend on which pixels share one (the ballot's count, the neighbour's
/// value) agree as well; the loop's result does not depend on it.
#[test]
fn a_fragment_program_using_its_warp_draws_as_glslang_draws_it() {
    // params.x, the brightness threshold: between the shades' luminances.
    draw_both("g_frag_wave_material", &[(36, bits(0.35))], None);
}

/// A stage using its warp on a device whose subgroups do not run in that stage, or lack
/// an operation it needs, is refused when its program is made, the translated one naming
/// the instruction and its byte offset (out.dis), glslang's alike, both naming the
/// capability.
#[test]
fn a_program_using_its_warp_is_refused_where_the_device_lacks_the_subgroup_operations() {
    use gpu::error::ObjectError;
    use gpu::objects::program::ProgramError;
    let name = "g_frag_wave_material";
    let [vertex, ours, reference] = feeding_ours_and_glslang(name);
    // The first `vote` (readFirstInvocationARB's ballot of the active lanes) is at 0xd0,
    // the first `shfl` at 0xf0.
    type Withhold = fn(&mut gpu::DeviceFeatures);
    let cases: [(Withhold, &str, &str); 3] = [
        (
            |f| f.subgroup_stages &= !0x10,
            "subgroupSupportedStages to hold the Fragment stage",
            "`vote` at byte 0xd0",
        ),
        (
            |f| f.subgroup_operations &= !0x10,
            "VK_SUBGROUP_FEATURE_SHUFFLE_BIT",
            "`shfl` at byte 0xf0",
        ),
        (
            |f| f.subgroup_operations &= !0x8,
            "VK_SUBGROUP_FEATURE_BALLOT_BIT",
            "`vote` at byte 0xd0",
        ),
    ];
    for (withhold, capability, instruction) in cases {
        let rig = Rig::lacking(withhold);
        for (side, fragment) in [&ours, &reference].into_iter().enumerate() {
            let made = rig.device.create_program(&ProgramMaker {
                modules: vec![ShaderModule::from(&vertex), ShaderModule::from(fragment)],
            });
            match made {
                Err(ObjectError::Program(error @ ProgramError::Subgroup { .. })) => {
                    let message = error.to_string();
                    assert!(message.contains(capability), "{message}");
                    if side == 0 {
                        assert!(message.contains(instruction), "{message}");
                    }
                }
                other => panic!("made without {capability}: {other:?}"),
            }
        }
    }
}

/// A vertex program using its warp (`g_vert_wave_wind`: `readFirstInvocationARB`,
/// `anyInvocationARB`, `readInvocationARB` of the neighbouring lane) is made where the
/// device's subgroups run in vertex stages, and refused when made where they do not
/// (lavapipe's run in fragment and compute stages only), naming its first `vote` (at
/// 0x8, out.dis) and the stage; glslang's module of the same GLSL alike.
#[test]
fn a_vertex_program_using_its_warp_is_made_only_where_vertex_subgroups_run() {
    use gpu::error::ObjectError;
    use gpu::objects::program::ProgramError;
    let name = "g_vert_wave_wind";
    let glsl = std::fs::read_to_string(game_dir(name).join("source.glsl")).unwrap();
    let translator = translator();
    let fragment = translator
        .translate(&ShaderSource {
            name: format!("{name}.frag"),
            stage: shader_translate::Stage::Fragment,
            code: ShaderCode::Glsl(
                "#version 450\nlayout(location = 0) in vec4 c;\n\
                 layout(location = 0) out vec4 o;\nvoid main() { o = c; }\n"
                    .into(),
            ),
        })
        .unwrap();
    let bytes = std::fs::read(game_dir(name).join("out.dksh")).unwrap();
    let ours = translator.translate_dksh(name, &bytes).unwrap();
    let reference = translator
        .translate(&ShaderSource {
            name: format!("{name}.glsl"),
            stage: shader_translate::Stage::Vertex,
            code: ShaderCode::Glsl(glsl),
        })
        .unwrap();
    let rig = Rig::new(true);
    let vertex_subgroups = rig.device.features().subgroup_stages & 0x1 != 0
        && rig.device.features().subgroup_operations & 0x19 == 0x19;
    for (side, vertex) in [&ours, &reference].into_iter().enumerate() {
        let made = rig.device.create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(vertex), ShaderModule::from(&fragment)],
        });
        match made {
            Ok(_) if vertex_subgroups => {}
            Err(ObjectError::Program(error @ ProgramError::Subgroup { .. }))
                if !vertex_subgroups =>
            {
                let message = error.to_string();
                assert!(
                    message.contains("subgroupSupportedStages to hold the Vertex stage"),
                    "{message}"
                );
                if side == 0 {
                    assert!(message.contains("`vote` at byte 0x8"), "{message}");
                }
            }
            other => panic!("vertex subgroups {vertex_subgroups}: {other:?}"),
        }
    }
}

/// A fragment program interpolating its inputs away from the pixel's centre
/// (`g_frag_supersampled_pattern`: `interpolateAtOffset` at four uniform offsets and one
/// constant one, a perspective and a screen-linear input; `interpolateAtSample` of the
/// shaded sample, uam's read of deko3d's sample-position table) drawn against glslang's
/// module of the same GLSL. The offsets are the hardware's S0.12 words, so a position
/// differs by at most 1/8192 pixel from glslang's float offset.
#[test]
fn a_fragment_program_interpolating_at_offsets_draws_as_glslang_draws_it() {
    // frequency (words 0-3), offsets[2] (4-11): a rotated grid within -0.5..0.4375,
    // sample_index (12): 0, the one sample of the target.
    let mut words = vec![(0, bits(9.0)), (1, bits(5.0)), (2, bits(3.0))];
    for (word, offset) in [
        0.125f32, 0.375, -0.375, 0.125, -0.125, -0.375, 0.375, -0.125,
    ]
    .into_iter()
    .enumerate()
    {
        words.push((4 + word, bits(offset)));
    }
    words.push((12, 0));
    draw_both("g_frag_supersampled_pattern", &words, None);
}

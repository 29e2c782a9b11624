//! Geometry stages and layered rendering in draws, on the real driver (validation on):
//! a geometry stage expanding points to quads, one choosing each primitive's layer of a
//! 2D array target through `gl_Layer` (and a vertex stage doing so where
//! `shaderOutputLayer` allows), each checked against a CPU model of the pixels; a device
//! without `geometryShader` (MoltenVK, through `RX_VK_SIMULATE=moltenvk-m1`) refuses the
//! program when it is bound. `state_coverage` names these tests.

mod common;

use common::draw::{bind_positions, colour, positions_at, FULL_TRIANGLE_NDC};
use common::programs::{program, POSITION_VERT};
use common::readback::region;
use common::rig::Rig;
use gpu::command::{ClearValue, DrawArrays, TextureRegion};
use gpu::objects::{TextureBuilder, ViewMaker};
use gpu::state::{ComponentMask, PrimitiveKind};
use gpu::RecordError;
use gpu_vk::executor::ExecutorOptions;
use memory::{Format, TextureKind};
use shader_translate::Stage;

const SIZE_PX: u32 = 32;
const CLEAR: [u8; 4] = [0, 0, 0, 255];
/// Half a quad's side, in pixels (3/16 of clip space on a 32-pixel target: exact).
const HALF_PX: i32 = 3;

/// Each point becomes a quad `HALF_PX` pixels either side of it, coloured by its
/// primitive's index.
const POINTS_TO_QUADS_GEOM: &str = "#version 450
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) flat out vec4 colour;
const vec4 COLOURS[3] = vec4[](vec4(1, 0, 0, 1), vec4(0, 0, 1, 1), vec4(1, 1, 0, 1));
void main() {
    for (int corner = 0; corner < 4; corner++) {
        vec2 side = vec2(corner & 1, corner >> 1) * 2.0 - 1.0;
        gl_Position = gl_in[0].gl_Position + vec4(side * 0.1875, 0.0, 0.0);
        colour = COLOURS[gl_PrimitiveIDIn];
        EmitVertex();
    }
    EndPrimitive();
}
";

/// The flat colour the stage before it gives.
const FLAT_COLOUR_FRAG: &str = "#version 450
layout(location = 0) flat in vec4 colour;
layout(location = 0) out vec4 target;
void main() {
    target = colour;
}
";

/// Three invocations per triangle, one per layer; layer 1's draws nothing.
const LAYERED_GEOM: &str = "#version 450
layout(triangles, invocations = 3) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) flat out vec4 colour;
const vec4 COLOURS[3] = vec4[](vec4(1, 0, 0, 1), vec4(0, 1, 0, 1), vec4(0, 0, 1, 1));
void main() {
    if (gl_InvocationID == 1) {
        return;
    }
    for (int vertex = 0; vertex < 3; vertex++) {
        gl_Position = gl_in[vertex].gl_Position;
        gl_Layer = gl_InvocationID;
        colour = COLOURS[gl_InvocationID];
        EmitVertex();
    }
    EndPrimitive();
}
";

/// Each instance draws to the layer of its index, in a colour of its own.
const LAYERED_VERT: &str = "#version 450
#extension GL_ARB_shader_viewport_layer_array : require
layout(location = 0) in vec2 position;
layout(location = 0) flat out vec4 colour;
const vec4 COLOURS[3] = vec4[](vec4(1, 1, 0, 1), vec4(0, 1, 1, 1), vec4(1, 0, 1, 1));
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
    gl_Layer = gl_InstanceIndex;
    colour = COLOURS[gl_InstanceIndex];
}
";

fn ndc(px: i32) -> f32 {
    px as f32 / (SIZE_PX as f32 / 2.0) - 1.0
}

fn rgba8(rgba: [f32; 4]) -> [u8; 4] {
    rgba.map(|channel| (channel * 255.0) as u8)
}

/// Where the device lacks `geometryShader` (CI's MoltenVK run), binding `program` is
/// refused naming it; true when that was checked (the pixel test cannot run).
fn refused_without_geometry_shaders(rig: &Rig, program: gpu::ProgramId) -> bool {
    if rig.device.features().geometry_shader {
        return false;
    }
    match rig.device.command_buffer().bind_program(program) {
        Err(RecordError::MissingCapability { capability, .. }) => {
            assert_eq!(capability, "geometryShader")
        }
        other => panic!("bound without geometryShader: {other:?}"),
    }
    true
}

#[test]
fn a_geometry_stage_expands_points_to_quads() {
    let rig = Rig::new(true);
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, POSITION_VERT),
            (Stage::Geometry, POINTS_TO_QUADS_GEOM),
            (Stage::Fragment, FLAT_COLOUR_FRAG),
        ],
    );
    if refused_without_geometry_shaders(&rig, program) {
        return;
    }
    assert_points_become_quads(&rig, program);
}

/// Draws three points with `program` (a points-to-quads geometry stage) and checks the
/// quads against the CPU model: `HALF_PX` either side of each centre, coloured by the
/// point's primitive index.
fn assert_points_become_quads(rig: &Rig, program: gpu::ProgramId) {
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    // Centres in pixels; the quads' edges fall on pixel edges.
    let centres: [[i32; 2]; 3] = [[5, 6], [20, 9], [13, 25]];
    let colours = [[255, 0, 0, 255], [0, 0, 255, 255], [255, 255, 0, 255]];
    let positions: Vec<f32> = centres
        .iter()
        .flat_map(|&[x, y]| [ndc(x), ndc(y)])
        .collect();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &positions);
    let mut commands = rig.cleared(view, [0.0, 0.0, 0.0, 1.0]);
    bind_positions(&mut commands, program, positions);
    commands
        .draw(DrawArrays {
            primitive: PrimitiveKind::Points,
            first_vertex: 0,
            vertex_count: 3,
            first_instance: 0,
            instance_count: 1,
        })
        .unwrap();
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    let pixels = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    let mut drawn = 0;
    for y in 0..SIZE_PX as i32 {
        for x in 0..SIZE_PX as i32 {
            let expected = centres
                .iter()
                .position(|&[cx, cy]| {
                    (cx - HALF_PX..cx + HALF_PX).contains(&x)
                        && (cy - HALF_PX..cy + HALF_PX).contains(&y)
                })
                .map_or(CLEAR, |point| colours[point]);
            drawn += usize::from(expected != CLEAR);
            let at = ((y as u32 * SIZE_PX + x as u32) * 4) as usize;
            assert_eq!(pixels[at..at + 4], expected, "({x}, {y})");
        }
    }
    assert_eq!(drawn, 3 * 36, "three quads of 6x6 pixels");
}

/// Draws one full-target triangle with `program` into every layer of a 3-layer 2D array
/// cleared to `CLEAR`, `instances` times, and returns each layer's pixels.
fn draw_layers(rig: &Rig, program: gpu::ProgramId, instances: u32) -> Vec<Vec<u8>> {
    let layers = 3;
    let texture = rig
        .device
        .create_texture(
            &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX)
                .kind(TextureKind::D2Array)
                .layers(layers),
            rig.pool,
            0,
        )
        .unwrap();
    let view = rig.device.create_view(&ViewMaker::whole(texture)).unwrap();
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &FULL_TRIANGLE_NDC);
    let mut commands = rig.device.command_buffer();
    commands.bind_render_targets(colour(view)).unwrap();
    commands
        .clear_color(
            0,
            ClearValue::Float([0.0, 0.0, 0.0, 1.0]),
            ComponentMask::ALL,
        )
        .unwrap();
    bind_positions(&mut commands, program, positions);
    commands
        .draw(DrawArrays {
            primitive: PrimitiveKind::Triangles,
            first_vertex: 0,
            vertex_count: 3,
            first_instance: 0,
            instance_count: instances,
        })
        .unwrap();
    rig.submit(&commands.finish());
    let len_b = (SIZE_PX * SIZE_PX * 4) as usize;
    (0..layers)
        .map(|layer| {
            rig.read(
                TextureRegion {
                    z: layer,
                    ..region(texture, 0, SIZE_PX, SIZE_PX)
                },
                len_b,
            )
        })
        .collect()
}

fn assert_filled(layer_pixels: &[u8], expected: [u8; 4], layer: usize) {
    for (at, pixel) in layer_pixels.chunks(4).enumerate() {
        assert_eq!(pixel, expected, "layer {layer}, pixel {at}");
    }
}

#[test]
fn a_geometry_stage_draws_each_primitive_into_the_layer_it_chooses() {
    let rig = Rig::new(true);
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, POSITION_VERT),
            (Stage::Geometry, LAYERED_GEOM),
            (Stage::Fragment, FLAT_COLOUR_FRAG),
        ],
    );
    if refused_without_geometry_shaders(&rig, program) {
        return;
    }
    let layers = draw_layers(&rig, program, 1);
    // Layer 1's invocation emits nothing: it keeps the clear.
    let expected = [[255, 0, 0, 255], CLEAR, [0, 0, 255, 255]];
    for (layer, pixels) in layers.iter().enumerate() {
        assert_filled(pixels, expected[layer], layer);
    }
}

#[test]
fn a_vertex_stage_chooses_the_layer_where_shader_output_layer_allows() {
    let rig = Rig::new(true);
    assert!(
        rig.device.features().shader_output_layer,
        "lavapipe offers shaderOutputLayer: the test needs it"
    );
    let layered = program(
        &rig.device,
        &[
            (Stage::Vertex, LAYERED_VERT),
            (Stage::Fragment, FLAT_COLOUR_FRAG),
        ],
    );
    let layers = draw_layers(&rig, layered, 3);
    let colours = [
        [1.0, 1.0, 0.0, 1.0],
        [0.0, 1.0, 1.0, 1.0],
        [1.0, 0.0, 1.0, 1.0],
    ];
    for (layer, pixels) in layers.iter().enumerate() {
        assert_filled(pixels, rgba8(colours[layer]), layer);
    }
    drop(rig);

    let rig = Rig::lacking(|features| features.shader_output_layer = false);
    let layered = program(
        &rig.device,
        &[
            (Stage::Vertex, LAYERED_VERT),
            (Stage::Fragment, FLAT_COLOUR_FRAG),
        ],
    );
    match rig.device.command_buffer().bind_program(layered) {
        Err(RecordError::MissingCapability { capability, .. }) => {
            assert_eq!(capability, "shaderOutputLayer")
        }
        other => panic!("bound without shaderOutputLayer: {other:?}"),
    }
}

#[test]
fn a_geometry_stage_is_refused_when_bound_on_moltenvk() {
    let rig = Rig::with_switches(
        ExecutorOptions::default(),
        &[("RX_VK_SIMULATE", "moltenvk-m1")],
    );
    assert!(!rig.device.features().geometry_shader);
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, POSITION_VERT),
            (Stage::Geometry, POINTS_TO_QUADS_GEOM),
            (Stage::Fragment, FLAT_COLOUR_FRAG),
        ],
    );
    let mut commands = rig.device.command_buffer();
    match commands.bind_program(program) {
        Err(RecordError::MissingCapability { what, capability }) => {
            assert_eq!(capability, "geometryShader");
            assert!(what.contains("geometry"), "{what}");
        }
        other => panic!("bound without geometryShader: {other:?}"),
    }
    assert!(commands.list().is_empty());
}

/// A program of glslang's `POSITION_VERT` and `FLAT_COLOUR_FRAG` around a compiled
/// geometry stage: corpus binary `name` translated for `input` (`Some`), or once per
/// input class as a port's compiled programs are (`None`: the draw picks).
fn maxwell_geometry_program(
    rig: &Rig,
    name: &str,
    input: Option<shader_translate::maxwell::geometry::GeometryInput>,
) -> gpu::ProgramId {
    use gpu::objects::{ProgramMaker, ShaderModule};
    use shader_translate::maxwell::program::Program;
    use shader_translate::maxwell::slots::SlotMap;
    let translator = common::programs::translator();
    let glsl = |stage: Stage, code: &str| {
        let shader = translator
            .translate(&shader_translate::ShaderSource {
                name: format!("{name}-{stage:?}"),
                stage,
                code: shader_translate::ShaderCode::Glsl(code.into()),
            })
            .unwrap();
        ShaderModule::from(&shader)
    };
    let dksh = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("shader_translate/tests/maxwell_corpus")
            .join(name)
            .join("out.dksh"),
    )
    .unwrap();
    let geometry = match input {
        Some(input) => ShaderModule::from(
            &translator
                .translate_dksh_geometry(name, &dksh, input)
                .unwrap(),
        ),
        None => ShaderModule::geometry_per_input(
            &translator
                .translate_geometry_per_input(
                    name,
                    &Program::from_dksh(&dksh).unwrap(),
                    &SlotMap::default(),
                )
                .unwrap(),
        ),
    };
    let modules = vec![
        glsl(Stage::Vertex, POSITION_VERT),
        geometry,
        glsl(Stage::Fragment, FLAT_COLOUR_FRAG),
    ];
    rig.device
        .create_program(&ProgramMaker { modules })
        .unwrap()
}

/// uam's binary of `LAYERED_GEOM` (`x_geom_layered` in the Maxwell corpus: three
/// invocations from the SPH, gl_InvocationID from `$invocation_id`, gl_Layer stored at
/// a[0x64], an early `ret` for invocation 1), translated for triangles, draws the layers
/// the CPU model says, as glslang's SPIR-V of the GLSL does in the test above.
#[test]
fn a_compiled_maxwell_geometry_program_draws_each_primitive_into_its_layer() {
    use shader_translate::maxwell::geometry::GeometryInput;
    let rig = Rig::new(true);
    let program = maxwell_geometry_program(&rig, "x_geom_layered", Some(GeometryInput::Triangles));
    if refused_without_geometry_shaders(&rig, program) {
        return;
    }
    let layers = draw_layers(&rig, program, 1);
    let expected = [[255, 0, 0, 255], CLEAR, [0, 0, 255, 255]];
    for (layer, pixels) in layers.iter().enumerate() {
        assert_filled(pixels, expected[layer], layer);
    }
}

/// A compiled geometry program translated once per input class (as
/// `hsProgramSetCompiledShaders` makes them) takes its class from the draw: uam's binary
/// of `POINTS_TO_QUADS_GEOM` drawn as points makes the CPU model's quads, the layered
/// binary drawn as triangles its layers; a draw of patches is refused when recorded,
/// naming the program's kind and the primitive.
#[test]
fn a_compiled_geometry_program_takes_its_input_class_from_the_draw() {
    let rig = Rig::new(true);
    let points = maxwell_geometry_program(&rig, "x_geom_points_quads", None);
    if refused_without_geometry_shaders(&rig, points) {
        return;
    }
    assert_points_become_quads(&rig, points);
    let layered = maxwell_geometry_program(&rig, "x_geom_layered", None);
    let layers = draw_layers(&rig, layered, 1);
    let expected = [[255, 0, 0, 255], CLEAR, [0, 0, 255, 255]];
    for (layer, pixels) in layers.iter().enumerate() {
        assert_filled(pixels, expected[layer], layer);
    }
    let mut commands = rig.device.command_buffer();
    commands.bind_program(points).unwrap();
    match commands.draw(DrawArrays {
        primitive: PrimitiveKind::Patches,
        first_vertex: 0,
        vertex_count: 3,
        first_instance: 0,
        instance_count: 1,
    }) {
        Err(RecordError::BadArgument { what, why }) => {
            assert!(what.contains("compiled geometry program"), "{what}");
            assert!(why.contains("patches"), "{why}");
        }
        other => panic!("a patch draw with a compiled geometry program: {other:?}"),
    }
}

//! Vertex attributes of every kind read by a compiled (Maxwell) vertex program on the
//! real driver (lavapipe in CI, validation on). On the console the fetch unit writes an
//! attribute's words into `a[]` as its format delivers them (integers for integer
//! formats, floats for float and normalized ones) and the program reinterprets them; the
//! translation is made per kinds mask of the draw's formats. A program passing four
//! attributes on as their raw words (`maxwell_vertex_formats/source.glsl`, compiled with
//! uam) is drawn over generated formats of each kind (float 32/16, unorm and snorm 8/16,
//! sint and uint 8/16/32, one to four components) and generated values; what it passes
//! on is compared with a CPU model of each format's conversion (Vulkan's "Conversion
//! from normalized fixed-point to floating-point", missing components (0, 0, 0, 1)), on
//! both the translated module and glslang's of the same GLSL. Also: a GLSL vertex stage
//! declaring an input of another kind than its format is refused by name.

mod common;

use std::path::Path;

use common::compute::Stream;
use common::stage_capture::{capture_geometry, draw_both, outputs, StageDraw, NO_FRAG};
use common::stage_resources::Resources;
use gpu::command::DrawArrays;
use gpu::objects::Stage as GpuStage;
use gpu::state::{ComponentKind, PrimitiveKind};
use shader_translate::maxwell::geometry::GeometryInput;
use shader_translate::Stage;

const FLOAT_KINDS: [ComponentKind; 6] = [
    ComponentKind::Float32,
    ComponentKind::Float16,
    ComponentKind::Unorm8,
    ComponentKind::Snorm8,
    ComponentKind::Unorm16,
    ComponentKind::Snorm16,
];
const SINT_KINDS: [ComponentKind; 3] = [
    ComponentKind::Sint8,
    ComponentKind::Sint16,
    ComponentKind::Sint32,
];
const UINT_KINDS: [ComponentKind; 3] = [
    ComponentKind::Uint8,
    ComponentKind::Uint16,
    ComponentKind::Uint32,
];
/// Vertices drawn per case (points, one capture record each).
const VERTICES: u32 = 8;
/// Words of a capture record: the key, the position, four outputs of four words.
const RECORD_WORDS: usize = 1 + 4 + 16;

fn fixture() -> (String, Vec<u8>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_vertex_formats");
    (
        std::fs::read_to_string(dir.join("source.glsl")).unwrap(),
        std::fs::read(dir.join("out.dksh")).unwrap(),
    )
}

/// One component's bytes for `kind`: generated, floats finite and normal (a flushed
/// denormal or a NaN's payload would test the driver, not the conversion).
fn component_bytes(stream: &mut Stream, kind: ComponentKind) -> Vec<u8> {
    let word = stream.next();
    match kind {
        ComponentKind::Float32 => {
            let exponent = 1 + stream.next() % 253;
            let bits = (word & 0x807f_ffff) | (exponent << 23);
            bits.to_le_bytes().to_vec()
        }
        ComponentKind::Float16 => {
            let exponent = 1 + stream.next() % 30;
            let bits = (word as u16 & 0x83ff) | ((exponent as u16) << 10);
            bits.to_le_bytes().to_vec()
        }
        kind => word.to_le_bytes()[..kind.bytes_per_component() as usize].to_vec(),
    }
}

/// The 32-bit word the vertex stage reads for a component of `kind` in `bytes` (Vulkan's
/// conversions; the model, written from the spec, not from the driver).
fn model_word(kind: ComponentKind, bytes: &[u8]) -> u32 {
    let u = |n: usize| {
        let mut word = [0u8; 4];
        word[..n].copy_from_slice(&bytes[..n]);
        u32::from_le_bytes(word)
    };
    match kind {
        ComponentKind::Float32 => u(4),
        ComponentKind::Float16 => half::f16::from_bits(u(2) as u16).to_f32().to_bits(),
        ComponentKind::Unorm8 => (u(1) as f32 / 255.0).to_bits(),
        ComponentKind::Unorm16 => (u(2) as f32 / 65535.0).to_bits(),
        ComponentKind::Snorm8 => (f32::from(u(1) as u8 as i8) / 127.0).max(-1.0).to_bits(),
        ComponentKind::Snorm16 => (f32::from(u(2) as u16 as i16) / 32767.0)
            .max(-1.0)
            .to_bits(),
        ComponentKind::Uint8 => u(1),
        ComponentKind::Uint16 => u(2),
        ComponentKind::Uint32 => u(4),
        ComponentKind::Sint8 => i32::from(u(1) as u8 as i8) as u32,
        ComponentKind::Sint16 => i32::from(u(2) as u16 as i16) as u32,
        ComponentKind::Sint32 => u(4),
        other => panic!("no model for {other:?}"),
    }
}

/// The word a missing component reads: 0, or 1 (of the format's kind) for the fourth.
fn missing_word(kind: ComponentKind, component: usize) -> u32 {
    let integer = SINT_KINDS.contains(&kind) || UINT_KINDS.contains(&kind);
    match (component, integer) {
        (3, true) => 1,
        (3, false) => 1.0f32.to_bits(),
        _ => 0,
    }
}

/// Whether a read word agrees with the model's: integers and float/half exactly;
/// normalized within 1e-6 (Vulkan allows the conversion's division a rounding step).
fn agrees(kind: ComponentKind, read: u32, model: u32) -> bool {
    let normalized = matches!(
        kind,
        ComponentKind::Unorm8
            | ComponentKind::Unorm16
            | ComponentKind::Snorm8
            | ComponentKind::Snorm16
    );
    read == model || (normalized && (f32::from_bits(read) - f32::from_bits(model)).abs() <= 1e-6)
}

fn pick(stream: &mut Stream, kinds: &[ComponentKind]) -> (ComponentKind, u8) {
    let kind = kinds[stream.next() as usize % kinds.len()];
    (kind, 1 + (stream.next() % 4) as u8)
}

/// One generated case: formats for the four locations (float, sint, uint, float), their
/// vertices drawn both ways, every vertex's words checked against the model.
fn check_case(seed: u64) {
    let (glsl, dksh) = fixture();
    let mut stream = Stream::new(seed);
    let formats = [
        pick(&mut stream, &FLOAT_KINDS),
        pick(&mut stream, &SINT_KINDS),
        pick(&mut stream, &UINT_KINDS),
        pick(&mut stream, &FLOAT_KINDS),
    ];
    let mut bytes = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..VERTICES {
        let mut words = Vec::new();
        for &(kind, components) in &formats {
            let mut slot = Vec::new();
            for component in 0..4 {
                if component < usize::from(components) {
                    let value = component_bytes(&mut stream, kind);
                    words.push(model_word(kind, &value));
                    slot.extend(value);
                } else {
                    words.push(missing_word(kind, component));
                }
            }
            slot.resize(16, 0);
            bytes.extend(slot);
        }
        expected.push(words);
    }
    let varyings = outputs(&glsl);
    let run = StageDraw {
        name: format!("vertex formats {formats:?}"),
        stage: Stage::Vertex,
        glsl,
        dksh,
        companions: vec![
            (Stage::Geometry, capture_geometry("points", &varyings)),
            (Stage::Fragment, NO_FRAG.into()),
        ],
        geometry_input: GeometryInput::Points,
        buffers: Vec::new(),
        resources: Resources::default(),
        attributes: formats
            .iter()
            .enumerate()
            .map(|(location, &(kind, components))| (location as u32, kind, components))
            .collect(),
        vertices: bytes,
        draw: DrawArrays {
            primitive: PrimitiveKind::Points,
            first_vertex: 0,
            vertex_count: VERTICES,
            first_instance: 0,
            instance_count: 1,
        },
        patch_size: None,
        capture: GpuStage::Geometry,
        layers: 1,
    };
    let (ours, reference) = draw_both(&run);
    for (side, capture) in [("translated", &ours), ("glslang", &reference)] {
        assert_eq!(capture[0], VERTICES, "{}: {side}: records", run.name);
        for record in capture[4..4 + VERTICES as usize * RECORD_WORDS].chunks(RECORD_WORDS) {
            let vertex = record[0] as usize;
            for (at, (&read, &model)) in record[5..].iter().zip(&expected[vertex]).enumerate() {
                let kind = formats[at / 4].0;
                assert!(
                    agrees(kind, read, model),
                    "{} (seed {seed:#x}): {side}: vertex {vertex} location {} component {}: \
                     read {read:#010x}, the model {model:#010x}",
                    run.name,
                    at / 4,
                    at % 4
                );
            }
        }
    }
}

/// Generated cases (`HOOKSHOT_FORMAT_CASES` many, 12 by default, from
/// `HOOKSHOT_FORMAT_SEED`): every format kind, every component count.
#[test]
fn a_compiled_vertex_program_reads_every_format_as_the_console_delivers_it() {
    let seed = std::env::var("HOOKSHOT_FORMAT_SEED")
        .ok()
        .and_then(|text| u64::from_str_radix(text.trim_start_matches("0x"), 16).ok())
        .unwrap_or(0xf0a7_0001);
    let cases = std::env::var("HOOKSHOT_FORMAT_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(12u64);
    for case in 0..cases {
        check_case(seed.wrapping_add(case));
    }
}

/// A GLSL vertex stage takes its position as `vec2` at location 0; bound to the UINT16
/// format there (integers, which Vulkan leaves undefined for a float input), its draw is
/// refused naming the location, the format and the declared type, and nothing runs. The
/// same program with a float format draws.
#[test]
fn a_glsl_input_of_another_kind_than_its_format_is_refused_by_name() {
    use common::draw::{colour, positions_at, triangle};
    use common::programs::{program, GREEN_FRAG, POSITION_VERT};
    use gpu::command::BufferBinding;
    use gpu::objects::TextureBuilder;
    use gpu::state::{StateChange, VertexAttribute, VertexFormat, VertexStream};

    let rig = common::rig::Rig::new(true);
    let program = program(
        &rig.device,
        &[
            (Stage::Vertex, POSITION_VERT),
            (Stage::Fragment, GREEN_FRAG),
        ],
    );
    let (_, view) = rig.texture(
        &TextureBuilder::new_2d(memory::Format::from_name("rgba8").unwrap(), 8, 8),
        0,
    );
    let positions = positions_at(&rig.device, rig.pool, 64 << 10, &[0.0; 6]);
    let mut results = Vec::new();
    for kind in [ComponentKind::Uint16, ComponentKind::Float32] {
        let mut commands = rig.device.command_buffer();
        commands.bind_render_targets(colour(view)).unwrap();
        commands
            .set_state(StateChange::VertexStreams(vec![VertexStream {
                stride_b: 8,
                divisor: 0,
            }]))
            .unwrap();
        commands
            .set_state(StateChange::VertexAttributes(vec![VertexAttribute {
                location: 0,
                stream: 0,
                format: VertexFormat {
                    kind,
                    components: 2,
                },
                offset_b: 0,
            }]))
            .unwrap();
        commands.bind_program(program).unwrap();
        commands
            .bind_buffer(BufferBinding::Vertex { stream: 0 }, positions)
            .unwrap();
        commands.draw(triangle()).unwrap();
        let submitted = rig.device.queue().submit(&commands.finish());
        results.push(submitted.and_then(|()| rig.device.queue().finish()));
    }
    let refused = results[0].as_ref().expect_err("the UINT16 draw is refused");
    let text = refused.to_string();
    for named in ["location 0", "Uint16", "vec2", "uvec2"] {
        assert!(text.contains(named), "the refusal names {named}: {text}");
    }
    results[1].as_ref().expect("the float draw runs");
}

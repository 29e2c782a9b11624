//! Vertex input on the real driver (lavapipe in CI, validation on), against a CPU model:
//! every vertex format as the CPU converts its bytes, streams at offsets and strides,
//! per-instance streams, primitive restart and indirect draws.
//! `state_coverage` names these tests for the state they execute.

mod common;

use common::draw::{f32_bytes, positions_at, triangle, FULL_TRIANGLE_NDC};
use common::programs::program;
use common::readback::region;
use common::rig::Rig;
use gpu::command::{BufferBinding, DrawIndexed, DrawIndirect};
use gpu::objects::{BufferRange, TextureBuilder};
use gpu::state::{
    ComponentKind, IndexType, PrimitiveKind, StateChange, VertexAttribute, VertexFormat,
    VertexStream,
};
use gpu::RecordError;
use memory::Format;
use shader_translate::Stage;

const SIZE_PX: u32 = 8;
/// Where the tests' vertex data lies in the rig's pool.
const VERTICES_OFFSET_B: u64 = 1 << 20;
const VALUES_OFFSET_B: u64 = VERTICES_OFFSET_B + (16 << 10);

const POSITION_ATTRIBUTE: VertexAttribute = VertexAttribute {
    location: 0,
    stream: 0,
    format: VertexFormat {
        kind: ComponentKind::Float32,
        components: 2,
    },
    offset_b: 0,
};
const POSITION_STREAM: VertexStream = VertexStream {
    stride_b: 8,
    divisor: 0,
};
/// A vec4 at location 1 that every vertex reads from the same bytes (stride 0).
const ONES_ATTRIBUTE: VertexAttribute = VertexAttribute {
    location: 1,
    stream: 1,
    format: VertexFormat {
        kind: ComponentKind::Float32,
        components: 4,
    },
    offset_b: 0,
};
const ONES_STREAM: VertexStream = VertexStream {
    stride_b: 0,
    divisor: 0,
};

/// Reads location 1 as `input` (`vec4`, `uvec4` or `ivec4`) and passes it on as floats.
fn value_vert(input: &str) -> String {
    format!(
        "#version 450
layout(location = 0) in vec2 position;
layout(location = 1) in {input} value;
layout(location = 0) flat out vec4 passed;
void main() {{
    gl_Position = vec4(position, 0.5, 1.0);
    passed = vec4(value);
}}
"
    )
}

/// A triangle over the top-left corner (vertices 0-2), then one over the bottom-right
/// corner (3-5).
const CORNERS_NDC: [f32; 12] = [
    -1.0, -1.0, -0.5, -1.0, -1.0, -0.5, 1.0, 1.0, 0.5, 1.0, 1.0, 0.5,
];

/// `value_vert(input)` and `PASSED_FRAG`.
fn passing_program(rig: &Rig, input: &str) -> gpu::ProgramId {
    program(
        &rig.device,
        &[
            (Stage::Vertex, value_vert(input).as_str()),
            (Stage::Fragment, PASSED_FRAG),
        ],
    )
}

const PASSED_FRAG: &str = "#version 450
layout(location = 0) flat in vec4 passed;
layout(location = 0) out vec4 colour;
void main() {
    colour = passed;
}
";

/// The RGBA32F texels of a target after `record` draws into it (cleared to zero).
fn rgba32f_after(rig: &Rig, record: impl FnOnce(&mut gpu::CommandBuffer<'_>)) -> Vec<[f32; 4]> {
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba32f").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let mut commands = rig.cleared(view, [0.0; 4]);
    // These draws place their points in Vulkan's clip space (y grows down the rows):
    // deko3d's y axis down under NVN's upper-left origin.
    commands
        .set_state(StateChange::ClipYAxis(gpu::state::ClipYAxis::Down))
        .unwrap();
    record(&mut commands);
    let len_b = (SIZE_PX * SIZE_PX * 16) as usize;
    let bytes = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    bytes
        .chunks(16)
        .map(|texel| {
            std::array::from_fn(|c| f32::from_le_bytes(texel[c * 4..c * 4 + 4].try_into().unwrap()))
        })
        .collect()
}

/// IEEE half to float, written out (the CPU model of Float16 attributes).
fn half_to_f32(bits: u16) -> f32 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = i32::from((bits >> 10) & 0x1f);
    let mantissa = f32::from(bits & 0x3ff);
    sign * match exponent {
        0 => mantissa * 2f32.powi(-24),
        31 => f32::INFINITY,
        _ => (1.0 + mantissa / 1024.0) * 2f32.powi(exponent - 15),
    }
}

/// An unsigned small float (11 or 10 bits: a 5-bit exponent over `mantissa_bits`, no
/// sign), decoded by hand: the CPU model of the 11:11:10 format.
fn small_float(bits: u32, mantissa_bits: u32) -> f32 {
    let exponent = (bits >> mantissa_bits) as i32;
    let mantissa = (bits & ((1 << mantissa_bits) - 1)) as f32 / (1 << mantissa_bits) as f32;
    match exponent {
        0 => mantissa * 2f32.powi(-14),
        31 => f32::INFINITY,
        _ => (1.0 + mantissa) * 2f32.powi(exponent - 15),
    }
}

/// The bytes of one attribute of `kind` with `components`, and the values the CPU reads
/// from them (missing components as (0, 0, 0, 1)).
fn attribute_bytes(kind: ComponentKind, components: u8) -> (Vec<u8>, [f32; 4]) {
    use ComponentKind as K;
    let count = usize::from(components);
    let mut read = [0.0, 0.0, 0.0, 1.0];
    let bytes: Vec<u8> = match kind {
        K::Unorm1010102 => {
            let [r, g, b, a] = [1023_u32, 512, 1, 2];
            let word = r | (g << 10) | (b << 20) | (a << 30);
            read = [1.0, 512.0 / 1023.0, 1.0 / 1023.0, 2.0 / 3.0];
            return (word.to_le_bytes().to_vec(), read);
        }
        K::Uint1010102 => {
            let [r, g, b, a] = [1023_u32, 700, 5, 3];
            let word = r | (g << 10) | (b << 20) | (a << 30);
            read = [1023.0, 700.0, 5.0, 3.0];
            return (word.to_le_bytes().to_vec(), read);
        }
        K::Ufloat111110 => {
            // R: exponent 16, mantissa 32 of 64 (3.0); G: exponent 0, mantissa 5 (a
            // denormal); B: exponent 10, mantissa 17 of 32.
            let r = (16_u32 << 6) | 32;
            let g = 5_u32;
            let b = (10_u32 << 5) | 17;
            let word = r | (g << 11) | (b << 22);
            read = [
                small_float(word & 0x7ff, 6),
                small_float((word >> 11) & 0x7ff, 6),
                small_float(word >> 22, 5),
                1.0,
            ];
            return (word.to_le_bytes().to_vec(), read);
        }
        K::Snorm1010102 | K::Sint1010102 | K::Sscaled1010102 => {
            let fields = [511_i32, -512, -256, -1];
            let word = fields
                .iter()
                .zip([0, 10, 20, 30])
                .fold(0_u32, |word, (&field, shift)| {
                    let bits = if shift == 30 { 2 } else { 10 };
                    word | ((field as u32 & ((1 << bits) - 1)) << shift)
                });
            // Read back from the word's bits, sign-extended by hand.
            for (at, shift) in [0_u32, 10, 20, 30].into_iter().enumerate() {
                let bits = if shift == 30 { 2 } else { 10 };
                let raw = (word >> shift) & ((1 << bits) - 1);
                let signed = if raw >> (bits - 1) == 1 {
                    raw as i32 - (1 << bits)
                } else {
                    raw as i32
                };
                read[at] = match kind {
                    K::Snorm1010102 => (signed as f32 / ((1 << (bits - 1)) - 1) as f32).max(-1.0),
                    _ => signed as f32,
                };
            }
            return (word.to_le_bytes().to_vec(), read);
        }
        K::Unorm8Bgra => {
            // Stored B, G, R, A; read R, G, B, A.
            let stored = [0x10_u8, 0x80, 0xff, 0x33];
            read = [0xff, 0x80, 0x10, 0x33].map(|c: u8| f32::from(c) / 255.0);
            return (stored.to_vec(), read);
        }
        K::Unorm8 | K::Snorm8 | K::Uint8 | K::Sint8 => {
            let raw = [0x33_u8, 0x80, 0xff, 0x7f];
            for (at, &byte) in raw.iter().take(count).enumerate() {
                read[at] = match kind {
                    K::Unorm8 => f32::from(byte) / 255.0,
                    K::Snorm8 => (f32::from(byte as i8) / 127.0).max(-1.0),
                    K::Uint8 => f32::from(byte),
                    _ => f32::from(byte as i8),
                };
            }
            raw[..count].to_vec()
        }
        K::Float16 | K::Unorm16 | K::Snorm16 | K::Uint16 | K::Sint16 => {
            let raw: [u16; 4] = match kind {
                K::Float16 => [0x3c00, 0xc000, 0x3800, 0x7bff],
                _ => [0x1234, 0x8000, 0xffff, 0x7fff],
            };
            for (at, &value) in raw.iter().take(count).enumerate() {
                read[at] = match kind {
                    K::Float16 => half_to_f32(value),
                    K::Unorm16 => f32::from(value) / 65535.0,
                    K::Snorm16 => (f32::from(value as i16) / 32767.0).max(-1.0),
                    K::Uint16 => f32::from(value),
                    _ => f32::from(value as i16),
                };
            }
            raw[..count].iter().flat_map(|v| v.to_le_bytes()).collect()
        }
        K::Float32 | K::Uint32 | K::Sint32 => {
            let raw: [u32; 4] = match kind {
                K::Float32 => [0.5_f32, -1.5, 3.25, 100.0].map(f32::to_bits),
                K::Uint32 => [1, 2, 1000, 7],
                _ => [-1_i32, 5, -1000, 7].map(|v| v as u32),
            };
            for (at, &value) in raw.iter().take(count).enumerate() {
                read[at] = match kind {
                    K::Float32 => f32::from_bits(value),
                    K::Uint32 => value as f32,
                    _ => value as i32 as f32,
                };
            }
            raw[..count].iter().flat_map(|v| v.to_le_bytes()).collect()
        }
    };
    (bytes, read)
}

const KINDS: [ComponentKind; 15] = [
    ComponentKind::Float32,
    ComponentKind::Float16,
    ComponentKind::Unorm8,
    ComponentKind::Snorm8,
    ComponentKind::Uint8,
    ComponentKind::Sint8,
    ComponentKind::Unorm16,
    ComponentKind::Snorm16,
    ComponentKind::Uint16,
    ComponentKind::Sint16,
    ComponentKind::Uint32,
    ComponentKind::Sint32,
    ComponentKind::Unorm1010102,
    ComponentKind::Uint1010102,
    ComponentKind::Unorm8Bgra,
];

/// Records stream 0 (positions) and stream 1 (`values`, `stride_b` apart, the attribute
/// at `offset_b`), the program, and the attributes.
fn bind_streams(
    rig: &Rig,
    commands: &mut gpu::CommandBuffer<'_>,
    program: gpu::ProgramId,
    positions: &[f32],
    second: (VertexAttribute, VertexStream, &[u8]),
) {
    let (attribute, stream, values) = second;
    let positions = positions_at(&rig.device, rig.pool, VERTICES_OFFSET_B, positions);
    rig.device
        .write_pool(rig.pool, VALUES_OFFSET_B, values)
        .unwrap();
    let values = BufferRange {
        buffer: rig.buffer(VALUES_OFFSET_B, values.len() as u64),
        offset_b: 0,
        size_b: values.len() as u64,
    };
    commands
        .set_state(StateChange::VertexStreams(vec![POSITION_STREAM, stream]))
        .unwrap();
    commands
        .set_state(StateChange::VertexAttributes(vec![
            POSITION_ATTRIBUTE,
            attribute,
        ]))
        .unwrap();
    commands.bind_program(program).unwrap();
    commands
        .bind_buffer(BufferBinding::Vertex { stream: 0 }, positions)
        .unwrap();
    commands
        .bind_buffer(BufferBinding::Vertex { stream: 1 }, values)
        .unwrap();
}

/// Draws a triangle reading one attribute of `kind` x `components` from a stream at a
/// 4-byte offset with a 20-byte stride, and checks every pixel holds what the CPU reads.
fn assert_reads_as_the_cpu_converts(
    rig: &Rig,
    program: gpu::ProgramId,
    kind: ComponentKind,
    components: u8,
) {
    let (offset_b, stride_b) = (4_u32, 20_u32);
    let (bytes, expected) = attribute_bytes(kind, components);
    let mut values = Vec::new();
    for _ in 0..3 {
        let start = values.len();
        values.resize(start + offset_b as usize, 0xee);
        values.extend_from_slice(&bytes);
        values.resize(start + stride_b as usize, 0xee);
    }
    let attribute = VertexAttribute {
        location: 1,
        stream: 1,
        format: VertexFormat { kind, components },
        offset_b,
    };
    let stream = VertexStream {
        stride_b,
        divisor: 0,
    };
    let texels = rgba32f_after(rig, |commands| {
        bind_streams(
            rig,
            commands,
            program,
            &FULL_TRIANGLE_NDC,
            (attribute, stream, &values),
        );
        commands.draw(triangle()).unwrap();
    });
    for texel in texels {
        for c in 0..4 {
            assert!(
                (texel[c] - expected[c]).abs() <= 1.0e-5 * expected[c].abs().max(1.0),
                "{kind:?} x{components}: {texel:?} against {expected:?}"
            );
        }
    }
}

/// Every component kind at every component count it allows, read from a stream at a
/// 4-byte offset with a 20-byte stride: each reads as the CPU converts its bytes.
#[test]
fn every_vertex_format_reads_as_the_cpu_converts_it() {
    let rig = Rig::new(true);
    let programs = ["vec4", "uvec4", "ivec4"].map(|input| passing_program(&rig, input));
    for kind in KINDS {
        let counts: &[u8] = match kind {
            ComponentKind::Unorm1010102
            | ComponentKind::Uint1010102
            | ComponentKind::Unorm8Bgra => &[4],
            _ => &[1, 2, 3, 4],
        };
        let program = match kind {
            ComponentKind::Uint8
            | ComponentKind::Uint16
            | ComponentKind::Uint32
            | ComponentKind::Uint1010102 => programs[1],
            ComponentKind::Sint8 | ComponentKind::Sint16 | ComponentKind::Sint32 => programs[2],
            _ => programs[0],
        };
        for &components in counts {
            assert_reads_as_the_cpu_converts(&rig, program, kind, components);
        }
    }
}

/// The packed formats whose vertex-buffer support Vulkan leaves optional, with their
/// component count, the GLSL input type they are read as, and the format feature.
const OPTIONAL_KINDS: [(ComponentKind, u8, &str, &str); 4] = [
    (
        ComponentKind::Ufloat111110,
        3,
        "vec4",
        "VERTEX_BUFFER of B10G11R11_UFLOAT_PACK32",
    ),
    (
        ComponentKind::Snorm1010102,
        4,
        "vec4",
        "VERTEX_BUFFER of A2B10G10R10_SNORM_PACK32",
    ),
    (
        ComponentKind::Sint1010102,
        4,
        "ivec4",
        "VERTEX_BUFFER of A2B10G10R10_SINT_PACK32",
    ),
    (
        ComponentKind::Sscaled1010102,
        4,
        "vec4",
        "VERTEX_BUFFER of A2B10G10R10_SSCALED_PACK32",
    ),
];

fn attributes_of(kind: ComponentKind, components: u8) -> StateChange {
    StateChange::VertexAttributes(vec![
        POSITION_ATTRIBUTE,
        VertexAttribute {
            location: 1,
            stream: 1,
            format: VertexFormat { kind, components },
            offset_b: 0,
        },
    ])
}

/// 11:11:10 unsigned floats and signed 10:10:10:2 (normalized, integer, scaled) read as
/// the CPU decodes their bits where the device fetches them, and are refused when
/// recorded, naming the format feature, where it does not (the device as it is, and told
/// to lack each).
#[test]
fn optional_packed_vertex_formats_read_as_the_cpu_decodes_them_or_are_refused() {
    let rig = Rig::new(true);
    for (kind, components, input, capability) in OPTIONAL_KINDS {
        let has = rig
            .device
            .features()
            .formats
            .check_vertex_kind(kind)
            .is_ok();
        println!("{kind:?}: fetched by the device: {has}");
        if has {
            let program = passing_program(&rig, input);
            assert_reads_as_the_cpu_converts(&rig, program, kind, components);
        } else {
            let refused = rig
                .device
                .command_buffer()
                .set_state(attributes_of(kind, components));
            assert!(
                matches!(refused, Err(RecordError::MissingCapability { capability: named, .. }) if named == capability),
                "{kind:?}: {refused:?}"
            );
        }
    }
    drop(rig);
    let lacking = Rig::lacking(|features| features.formats = gpu::FormatFeatures::NONE);
    for (kind, components, _, capability) in OPTIONAL_KINDS {
        let mut commands = lacking.device.command_buffer();
        let refused = commands.set_state(attributes_of(kind, components));
        assert!(
            matches!(refused, Err(RecordError::MissingCapability { capability: named, .. }) if named == capability),
            "{kind:?}: {refused:?}"
        );
        assert!(commands.list().is_empty());
    }
}

/// A per-instance stream (divisor 1) gives each instance its own offset, from the first
/// instance on: instances 1 and 2 of three (first instance 1) land where the CPU adds
/// their offsets to the per-vertex corner positions, instance 0's place stays clear.
#[test]
fn per_instance_streams_advance_once_an_instance() {
    let rig = Rig::new(true);
    let vertex = "#version 450
layout(location = 0) in vec2 position;
layout(location = 1) in vec2 offset;
layout(location = 0) flat out vec4 passed;
void main() {
    gl_Position = vec4(position + offset, 0.5, 1.0);
    passed = vec4(1.0);
}
";
    let program = program(
        &rig.device,
        &[(Stage::Vertex, vertex), (Stage::Fragment, PASSED_FRAG)],
    );
    // A triangle over the top-left quarter's top-left half; offsets to each quarter.
    let corner = [-1.0, -1.0, 0.0, -1.0, -1.0, 0.0];
    let offsets = [[0.0_f32, 0.0], [1.0, 0.0], [0.0, 1.0]];
    let values = f32_bytes(&offsets.concat());
    let attribute = VertexAttribute {
        location: 1,
        stream: 1,
        format: VertexFormat {
            kind: ComponentKind::Float32,
            components: 2,
        },
        offset_b: 0,
    };
    let stream = VertexStream {
        stride_b: 8,
        divisor: 1,
    };
    let texels = rgba32f_after(&rig, |commands| {
        bind_streams(
            &rig,
            commands,
            program,
            &corner,
            (attribute, stream, &values),
        );
        commands
            .draw(gpu::command::DrawArrays {
                first_instance: 1,
                instance_count: 2,
                ..triangle()
            })
            .unwrap();
    });
    // The pixel one in from each quarter's top-left corner: inside the triangle there.
    let at = |x: u32, y: u32| texels[(y * SIZE_PX + x) as usize][0];
    let quarter_px = SIZE_PX / 2;
    for (instance, offset) in offsets.iter().enumerate() {
        let x = (offset[0] * quarter_px as f32) as u32 + 1;
        let y = (offset[1] * quarter_px as f32) as u32 + 1;
        let drawn = instance >= 1;
        assert_eq!(
            at(x, y),
            if drawn { 1.0 } else { 0.0 },
            "instance {instance}"
        );
    }
}

/// An indexed strip with the restart index between two triangles' indices draws the two
/// triangles alone: the triangles joining them, which the strip would draw without the
/// restart (the CPU model), leave their pixels clear; without restart they are drawn.
#[test]
fn primitive_restart_cuts_strips_at_the_restart_index() {
    let rig = Rig::new(true);
    let program = passing_program(&rig, "vec4");
    let positions = CORNERS_NDC;
    let indices: [u16; 7] = [0, 1, 2, 0xffff, 3, 4, 5];
    let index_bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
    let index_offset_b = VALUES_OFFSET_B + 4096;
    rig.device
        .write_pool(rig.pool, index_offset_b, &index_bytes)
        .unwrap();
    let ones = f32_bytes(&[1.0; 4]);
    let (attribute, stream) = (ONES_ATTRIBUTE, ONES_STREAM);
    for restart in [Some(0xffff), None] {
        let texels = rgba32f_after(&rig, |commands| {
            bind_streams(
                &rig,
                commands,
                program,
                &positions,
                (attribute, stream, &ones),
            );
            commands
                .set_state(StateChange::PrimitiveRestart(restart))
                .unwrap();
            let count = match restart {
                Some(_) => indices.len() as u32,
                // Without restart, the same strip with the joining vertex repeated.
                None => 6,
            };
            let bytes: Vec<u8> = match restart {
                Some(_) => index_bytes.clone(),
                None => [0_u16, 1, 2, 3, 4, 5]
                    .iter()
                    .flat_map(|i| i.to_le_bytes())
                    .collect(),
            };
            rig.device
                .write_pool(rig.pool, index_offset_b, &bytes)
                .unwrap();
            commands
                .bind_buffer(
                    BufferBinding::Index {
                        index_type: IndexType::U16,
                    },
                    BufferRange {
                        buffer: rig.buffer(index_offset_b, 64),
                        offset_b: 0,
                        size_b: 64,
                    },
                )
                .unwrap();
            commands
                .draw_indexed(DrawIndexed {
                    primitive: PrimitiveKind::TriangleStrip,
                    first_index: 0,
                    index_count: count,
                    base_vertex: 0,
                    first_instance: 0,
                    instance_count: 1,
                })
                .unwrap();
        });
        let at = |x: u32, y: u32| texels[(y * SIZE_PX + x) as usize][0];
        assert_eq!(at(0, 0), 1.0, "{restart:?}: first triangle");
        assert_eq!(at(7, 7), 1.0, "{restart:?}: second triangle");
        // The centre: only the joining triangles (1, 2, 3) and (2, 3, 4) cover it.
        let joined = restart.is_none();
        assert_eq!(
            at(4, 3),
            if joined { 1.0 } else { 0.0 },
            "{restart:?}: centre"
        );
    }
}

/// A non-indexed indirect draw takes its vertex and instance counts from the buffer: the
/// triangle is drawn with the recorded arguments, and not with a zero count.
#[test]
fn indirect_draws_read_their_arguments_from_the_buffer() {
    let rig = Rig::new(true);
    let program = passing_program(&rig, "vec4");
    let ones = f32_bytes(&[1.0; 4]);
    let (attribute, stream) = (ONES_ATTRIBUTE, ONES_STREAM);
    let arguments_offset_b = VALUES_OFFSET_B + 8192;
    for (vertex_count, drawn) in [(3_u32, 1.0), (0, 0.0)] {
        let arguments: Vec<u8> = [vertex_count, 1, 0, 0]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        rig.device
            .write_pool(rig.pool, arguments_offset_b, &arguments)
            .unwrap();
        let texels = rgba32f_after(&rig, |commands| {
            bind_streams(
                &rig,
                commands,
                program,
                &FULL_TRIANGLE_NDC,
                (attribute, stream, &ones),
            );
            commands
                .draw_indirect(DrawIndirect {
                    primitive: PrimitiveKind::Triangles,
                    indexed: false,
                    buffer: rig.buffer(arguments_offset_b, 16),
                    offset_b: 0,
                    draw_count: 1,
                    stride_b: 16,
                })
                .unwrap();
        });
        assert!(
            texels.iter().all(|texel| texel[0] == drawn),
            "{vertex_count} vertices"
        );
    }
}

/// A vertex input no attribute feeds reads (0, 0, 0, 1), as on the console, for float,
/// signed and unsigned inputs (Vulkan leaves it undefined, and the validation layer
/// reports it).
#[test]
fn inputs_no_attribute_feeds_read_0_0_0_1() {
    let rig = Rig::new(true);
    for input in ["vec4", "uvec4", "ivec4"] {
        let program = passing_program(&rig, input);
        let texels = rgba32f_after(&rig, |commands| {
            let positions =
                positions_at(&rig.device, rig.pool, VERTICES_OFFSET_B, &FULL_TRIANGLE_NDC);
            commands
                .set_state(StateChange::VertexStreams(vec![POSITION_STREAM]))
                .unwrap();
            commands
                .set_state(StateChange::VertexAttributes(vec![POSITION_ATTRIBUTE]))
                .unwrap();
            commands.bind_program(program).unwrap();
            commands
                .bind_buffer(BufferBinding::Vertex { stream: 0 }, positions)
                .unwrap();
            commands.draw(triangle()).unwrap();
        });
        for texel in texels {
            assert_eq!(texel, [0.0, 0.0, 0.0, 1.0], "{input}");
        }
    }
}

/// OpenGL's `gl_VertexID` and `gl_InstanceID` in game GLSL, with their OpenGL meaning:
/// the vertex counts from the draw's first vertex (as Vulkan's does), the instance from 0
/// whatever the first instance (Vulkan's counts from the first instance).
#[test]
fn gl_vertex_id_and_gl_instance_id_have_their_opengl_meaning() {
    let rig = Rig::new(true);
    let vertex = "#version 450
layout(location = 0) in vec2 position;
layout(location = 0) flat out vec4 passed;
void main() {
    gl_Position = vec4(position, 0.5, 1.0);
    passed = vec4(float(gl_VertexID), float(gl_InstanceID), 0.0, 1.0);
}
";
    let program = program(
        &rig.device,
        &[(Stage::Vertex, vertex), (Stage::Fragment, PASSED_FRAG)],
    );
    let positions: Vec<f32> = [FULL_TRIANGLE_NDC, FULL_TRIANGLE_NDC].concat();
    let texels = rgba32f_after(&rig, |commands| {
        let positions = positions_at(&rig.device, rig.pool, VERTICES_OFFSET_B, &positions);
        commands
            .set_state(StateChange::VertexStreams(vec![POSITION_STREAM]))
            .unwrap();
        commands
            .set_state(StateChange::VertexAttributes(vec![POSITION_ATTRIBUTE]))
            .unwrap();
        commands.bind_program(program).unwrap();
        commands
            .bind_buffer(BufferBinding::Vertex { stream: 0 }, positions)
            .unwrap();
        commands
            .draw(gpu::command::DrawArrays {
                first_vertex: 3,
                first_instance: 5,
                ..triangle()
            })
            .unwrap();
    });
    // The CPU model: flat outputs of the first vertex (3) of the only instance (0).
    for texel in texels {
        assert_eq!(texel, [3.0, 0.0, 0.0, 1.0]);
    }

    // An error after the line the translator adds is reported on the game's line.
    let broken = "#version 450
void main() {
    int instance = gl_InstanceID;
    gl_Position = vec4(undeclared);
}
";
    let error = common::programs::translator()
        .translate(&shader_translate::ShaderSource {
            name: "broken".into(),
            stage: Stage::Vertex,
            code: shader_translate::ShaderCode::Glsl(broken.into()),
        })
        .unwrap_err();
    let shader_translate::TranslateError::Compile(diagnostics) = error else {
        panic!("{error:?}");
    };
    let line = diagnostics.0[0].pos.map(|pos| pos.line);
    assert_eq!(line, Some(4), "{diagnostics:?}");
}

/// A per-instance stream with divisor 2 advances once every two instances, from the
/// first instance on (OpenGL's rule, which NVN keeps): instances 0 to 3 of a draw whose
/// first instance is 1 read elements 1, 1, 2, 2 (the CPU model: first + instance / 2).
#[test]
fn instance_divisors_above_1_repeat_each_element() {
    let rig = Rig::new(true);
    let vertex = "#version 450
layout(location = 0) in vec2 position;
layout(location = 1) in vec2 offset;
layout(location = 0) flat out vec4 passed;
void main() {
    // Each instance one pixel row lower: instance i lands on row i.
    gl_Position = vec4(position + offset + vec2(0.0, float(gl_InstanceID) * 0.25), 0.5, 1.0);
    passed = vec4(offset.x, 1.0, 0.0, 1.0);
}
";
    let program = program(
        &rig.device,
        &[(Stage::Vertex, vertex), (Stage::Fragment, PASSED_FRAG)],
    );
    // A thin band over row 0 (y from -1 to -0.75, whole width), moved down per instance.
    let band = [-1.0, -1.0, 3.0, -1.0, -1.0, -0.75 + 0.0001];
    let offsets = [[0.0_f32, 0.0], [0.125, 0.0], [0.25, 0.0], [0.375, 0.0]];
    let values = f32_bytes(&offsets.concat());
    let attribute = VertexAttribute {
        location: 1,
        stream: 1,
        format: VertexFormat {
            kind: ComponentKind::Float32,
            components: 2,
        },
        offset_b: 0,
    };
    let stream = VertexStream {
        stride_b: 8,
        divisor: 2,
    };
    let texels = rgba32f_after(&rig, |commands| {
        bind_streams(&rig, commands, program, &band, (attribute, stream, &values));
        commands
            .draw(gpu::command::DrawArrays {
                first_instance: 1,
                instance_count: 4,
                ..triangle()
            })
            .unwrap();
    });
    for instance in 0..4_u32 {
        let element = 1 + instance / 2;
        let expected = offsets[element as usize][0];
        // Row `instance`, left column (the band's offset moves it right, not off it).
        let texel = texels[(instance * SIZE_PX + 2) as usize];
        assert_eq!(texel[0], expected, "instance {instance}: {texel:?}");
        assert_eq!(texel[1], 1.0, "instance {instance} drawn");
    }
}

/// Records stream 0 and the program for `positions`, and `indices` (of `index_type`,
/// little-endian) as the index buffer.
fn bind_indexed(
    rig: &Rig,
    commands: &mut gpu::CommandBuffer<'_>,
    program: gpu::ProgramId,
    positions: &[f32],
    indices: (&[u8], IndexType),
) {
    let (index_bytes, index_type) = indices;
    let index_offset_b = VALUES_OFFSET_B + 4096;
    rig.device
        .write_pool(rig.pool, index_offset_b, index_bytes)
        .unwrap();
    let ones = f32_bytes(&[1.0; 4]);
    bind_streams(
        rig,
        commands,
        program,
        positions,
        (ONES_ATTRIBUTE, ONES_STREAM, &ones),
    );
    commands
        .bind_buffer(
            BufferBinding::Index { index_type },
            BufferRange {
                buffer: rig.buffer(index_offset_b, 64),
                offset_b: 0,
                size_b: index_bytes.len() as u64,
            },
        )
        .unwrap();
}

/// 8-bit indices (`VK_EXT_index_type_uint8`) pick the vertices the CPU reads from the
/// bytes: the triangle of vertices 3, 4, 5 over the bottom-right corner, not 0, 1, 2.
#[test]
fn eight_bit_indices_draw_as_the_cpu_reads_them() {
    let rig = Rig::new(true);
    let program = passing_program(&rig, "vec4");
    // Top-left corner triangle (0-2), then bottom-right corner triangle (3-5).
    let positions = CORNERS_NDC;
    let indices: [u8; 3] = [3, 4, 5];
    let texels = rgba32f_after(&rig, |commands| {
        bind_indexed(
            &rig,
            commands,
            program,
            &positions,
            (&indices, IndexType::U8),
        );
        commands
            .draw_indexed(DrawIndexed {
                primitive: PrimitiveKind::Triangles,
                first_index: 0,
                index_count: 3,
                base_vertex: 0,
                first_instance: 0,
                instance_count: 1,
            })
            .unwrap();
    });
    let at = |x: u32, y: u32| texels[(y * SIZE_PX + x) as usize][0];
    assert_eq!(at(7, 7), 1.0, "the indexed triangle");
    assert_eq!(at(0, 0), 0.0, "vertices 0-2 are not indexed");
}

/// An indirect draw of two records (`multiDrawIndirect`) draws both, each with its own
/// first vertex read from the buffer: both corner triangles.
#[test]
fn multi_draw_indirect_draws_every_record() {
    let rig = Rig::new(true);
    let program = passing_program(&rig, "vec4");
    let positions = CORNERS_NDC;
    let ones = f32_bytes(&[1.0; 4]);
    let arguments_offset_b = VALUES_OFFSET_B + 8192;
    // Two records 32 bytes apart: (count, instances, first vertex, first instance).
    let mut arguments = Vec::new();
    for first_vertex in [0_u32, 3] {
        for word in [3, 1, first_vertex, 0, 0, 0, 0, 0] {
            arguments.extend_from_slice(&u32::to_le_bytes(word));
        }
    }
    rig.device
        .write_pool(rig.pool, arguments_offset_b, &arguments)
        .unwrap();
    let texels = rgba32f_after(&rig, |commands| {
        bind_streams(
            &rig,
            commands,
            program,
            &positions,
            (ONES_ATTRIBUTE, ONES_STREAM, &ones),
        );
        commands
            .draw_indirect(DrawIndirect {
                primitive: PrimitiveKind::Triangles,
                indexed: false,
                buffer: rig.buffer(arguments_offset_b, 64),
                offset_b: 0,
                draw_count: 2,
                stride_b: 32,
            })
            .unwrap();
    });
    let at = |x: u32, y: u32| texels[(y * SIZE_PX + x) as usize][0];
    assert_eq!(at(0, 0), 1.0, "the first record");
    assert_eq!(at(7, 7), 1.0, "the second record");
    assert_eq!(at(4, 3), 0.0, "between them");
}

//! GLSL's `GL_EXT_buffer_reference` under NVN's address model, on the real driver
//! (lavapipe in CI, validation and synchronization validation on): a program's pointers
//! are Hookshot addresses, computed by arithmetic from addresses kept in uniform and
//! storage buffers, and every access is looked up in the pool table. Pools' bytes,
//! results and pixels are checked against a CPU model of the pools; an access whose
//! range is not in one live pool, or not aligned as it declares, reads 0, drops its
//! write, never hangs, and is counted with its address and its program.

mod common;

use common::compute::{words, Stream};
use common::device::cached_pool;
use common::draw::{bind_positions, positions_at, triangle, FULL_TRIANGLE_NDC};
use common::readback::{pool_bytes, region};
use common::rig::Rig;
use gpu::command::BufferBinding;
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, Stage, TextureBuilder};
use gpu::{BufferId, PoolId, ProgramId};
use shader_translate::{ShaderCode, ShaderSource, Stage as SourceStage};

const STEPS: usize = 256;
const STEP_B: usize = 16;
/// Where the steps, the results and the uniform block go in the rig's pool.
const STEPS_AT_B: u64 = 3 << 20;
const RESULTS_AT_B: u64 = STEPS_AT_B + (64 << 10);
const UNIFORM_AT_B: u64 = STEPS_AT_B + (128 << 10);

/// Each invocation does one step: an access of a kind through the step's address.
const STEPS_COMP: &str = "#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Word { uint w; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Quad { uvec4 q; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Pair { uint64_t d; };
struct Step { uint64_t address; uint kind; uint value; };
layout(std430, binding = 0) readonly buffer Steps { Step steps[]; };
layout(std430, binding = 1) writeonly buffer Results { uint results[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    Step s = steps[i];
    uint r = 0u;
    switch (s.kind) {
    case 0u: r = Word(s.address).w; break;
    case 1u: Word(s.address).w = s.value; break;
    case 2u: r = atomicAdd(Word(s.address).w, s.value); break;
    case 3u: { uvec4 q = Quad(s.address).q; r = q.x ^ q.y ^ q.z ^ q.w; break; }
    case 4u: Quad(s.address).q = uvec4(s.value, s.value + 1u, s.value + 2u, s.value + 3u); break;
    case 5u: { uint64_t d = Pair(s.address).d; r = uint(d) + uint(d >> 32); break; }
    default: Pair(s.address).d = (uint64_t(s.value) << 32) | uint64_t(~s.value); break;
    }
    results[i] = r;
}
";

/// The bytes each kind of step touches (its alignment too).
fn step_size_b(kind: u32) -> u64 {
    match kind {
        0..=2 => 4,
        3 | 4 => 16,
        _ => 8,
    }
}

#[derive(Clone, Copy, Debug)]
struct StepOp {
    address: u64,
    kind: u32,
    value: u32,
}

/// The test's pools (sizes differ, so the search has several entries) and a CPU model
/// of their bytes.
struct Pools {
    ids: Vec<PoolId>,
    starts: Vec<u64>,
    model: Vec<Vec<u8>>,
}

impl Pools {
    fn new(rig: &Rig, seed: u64) -> Pools {
        let mut stream = Stream::new(seed);
        let mut pools = Pools {
            ids: Vec::new(),
            starts: Vec::new(),
            model: Vec::new(),
        };
        for size_b in [64u64 << 10, 192 << 10, 64 << 10, 256 << 10] {
            let id = cached_pool(&rig.device, size_b);
            let bytes = words(stream.words(size_b as usize / 4, u32::MAX));
            rig.device.write_pool(id, 0, &bytes).unwrap();
            pools.starts.push(rig.device.pool_address(id).unwrap().0);
            pools.ids.push(id);
            pools.model.push(bytes);
        }
        pools
    }

    /// The pool and offset holding `size_b` bytes at `address` aligned to `size_b`, if
    /// one does: the rule a hit follows.
    fn hit(&self, address: u64, size_b: u64) -> Option<(usize, usize)> {
        if !address.is_multiple_of(size_b) {
            return None;
        }
        self.starts.iter().enumerate().find_map(|(k, &start)| {
            let end = start + self.model[k].len() as u64;
            (start <= address && address + size_b <= end).then_some((k, (address - start) as usize))
        })
    }

    fn end(&self) -> u64 {
        let last = self.starts.len() - 1;
        self.starts[last] + self.model[last].len() as u64
    }
}

fn word(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

/// Runs `op` on the model; gives its result and whether it missed.
fn model_step(pools: &mut Pools, op: StepOp) -> (u32, bool) {
    let Some((k, at)) = pools.hit(op.address, step_size_b(op.kind)) else {
        return (0, true);
    };
    let bytes = &mut pools.model[k];
    let result = match op.kind {
        0 => word(bytes, at),
        1 => {
            bytes[at..at + 4].copy_from_slice(&op.value.to_le_bytes());
            0
        }
        2 => {
            let old = word(bytes, at);
            bytes[at..at + 4].copy_from_slice(&old.wrapping_add(op.value).to_le_bytes());
            old
        }
        3 => (0..4).fold(0, |r, j| r ^ word(bytes, at + 4 * j)),
        4 => {
            for j in 0..4 {
                let v = op.value.wrapping_add(j as u32);
                bytes[at + 4 * j..at + 4 * j + 4].copy_from_slice(&v.to_le_bytes());
            }
            0
        }
        5 => word(bytes, at).wrapping_add(word(bytes, at + 4)),
        _ => {
            bytes[at..at + 4].copy_from_slice(&(!op.value).to_le_bytes());
            bytes[at + 4..at + 8].copy_from_slice(&op.value.to_le_bytes());
            0
        }
    };
    (result, false)
}

/// Generated steps: each in a 16-byte cell of its own (so their order does not matter),
/// most in a pool, some at its end (running past it), misaligned,
/// past every pool, below the space, or cut to 32 bits.
fn generated_steps(pools: &Pools, seed: u64) -> Vec<StepOp> {
    let mut stream = Stream::new(seed);
    let mut used = std::collections::HashSet::new();
    let mut steps = Vec::new();
    while steps.len() < STEPS {
        let kind = stream.next() % 7;
        let size_b = step_size_b(kind);
        let k = (stream.next() % 4) as usize;
        let (start, len_b) = (pools.starts[k], pools.model[k].len() as u64);
        let in_cell = (stream.next() as u64 % (16 / size_b)) * size_b;
        let address = match stream.next() % 16 {
            // The pool's last word: a hit for a word, running past the end for more.
            0 => start + len_b - 4,
            1 => start + (stream.next() as u64 % (len_b / 16)) * 16 + 2, // misaligned
            2 => pools.end() + u64::from(stream.next() % 4096) * 16,
            3 => u64::from(stream.next() & !15),
            4 => (start + 0x40) & u64::from(u32::MAX),
            _ => start + (stream.next() as u64 % (len_b / 16)) * 16 + in_cell,
        };
        if !used.insert(address / 16) || !used.insert((address + size_b - 1) / 16) {
            continue;
        }
        steps.push(StepOp {
            address,
            kind,
            value: stream.next(),
        });
    }
    steps
}

fn program_from(rig: &Rig, sources: &[ShaderSource]) -> ProgramId {
    let translator = common::programs::translator();
    let modules = sources
        .iter()
        .map(|source| {
            let shader = translator
                .translate(source)
                .unwrap_or_else(|e| panic!("{}: {e}", source.name));
            ShaderModule::from(&shader)
        })
        .collect::<Vec<_>>();
    let looked_up = |m: &ShaderModule| shader_translate::uses_pool_table(&m.spirv_words).unwrap();
    assert!(
        modules.iter().any(looked_up),
        "a module reads the pool table"
    );
    rig.device
        .create_program(&ProgramMaker { modules })
        .unwrap()
}

fn glsl(name: &str, stage: SourceStage, text: &str) -> ShaderSource {
    ShaderSource {
        name: name.into(),
        stage,
        code: ShaderCode::Glsl(text.into()),
    }
}

fn bind(
    commands: &mut gpu::CommandBuffer<'_>,
    binding: BufferBinding,
    buffer: BufferId,
    size_b: u64,
) {
    let range = BufferRange {
        buffer,
        offset_b: 0,
        size_b,
    };
    commands.bind_buffer(binding, range).unwrap();
}

/// Submits `commands`, waits, and gives the misses counted.
fn run(
    rig: &Rig,
    commands: gpu::CommandBuffer<'_>,
) -> (u64, Option<gpu_vk::executor::RawPointerMiss>) {
    let before = rig.backend.lock().stats().raw_pointer_misses;
    rig.submit(&commands.finish());
    rig.finish();
    // The misses are read once the submission has completed: the next look.
    rig.finish();
    let stats = rig.backend.lock().stats();
    (
        stats.raw_pointer_misses - before,
        stats.last_raw_pointer_miss,
    )
}

/// The seeds of the generated steps: three in CI; `HOOKSHOT_POINTER_SEEDS=N` runs N
/// (a longer run, by hand).
fn step_seeds() -> Vec<u64> {
    let count = std::env::var("HOOKSHOT_POINTER_SEEDS").map_or(3, |s| s.parse().expect("a count"));
    (1..=count).map(|k| 0xb0f_0000 + k).collect()
}

#[test]
fn generated_steps_through_buffer_references_match_a_model_of_the_pools() {
    for seed in step_seeds() {
        let rig = Rig::new(seed % 2 == 1);
        let source = glsl("steps.comp", SourceStage::Compute, STEPS_COMP);
        let program = program_from(&rig, std::slice::from_ref(&source));
        let mut pools = Pools::new(&rig, seed);
        let steps = generated_steps(&pools, seed ^ 0x5eed);
        let mut bytes = Vec::new();
        for op in &steps {
            bytes.extend_from_slice(&op.address.to_le_bytes());
            bytes.extend_from_slice(&op.kind.to_le_bytes());
            bytes.extend_from_slice(&op.value.to_le_bytes());
        }
        rig.device.write_pool(rig.pool, STEPS_AT_B, &bytes).unwrap();
        let steps_buffer = rig.buffer(STEPS_AT_B, (STEPS * STEP_B) as u64);
        let results = rig.buffer(RESULTS_AT_B, (STEPS * 4) as u64);
        let mut commands = rig.device.command_buffer();
        commands.bind_program(program).unwrap();
        for (slot, buffer, size_b) in [(0, steps_buffer, STEPS * STEP_B), (1, results, STEPS * 4)] {
            let binding = BufferBinding::Storage {
                stage: Stage::Compute,
                slot,
            };
            bind(&mut commands, binding, buffer, size_b as u64);
        }
        commands.dispatch([(STEPS / 64) as u32, 1, 1]).unwrap();
        let (misses, last) = run(&rig, commands);
        let mut missed = Vec::new();
        let mut expected = Vec::new();
        for op in &steps {
            let (result, miss) = model_step(&mut pools, *op);
            expected.push(result);
            if miss {
                missed.push(op.address);
            }
        }
        let got = pool_bytes(&rig.device, rig.pool, RESULTS_AT_B, STEPS * 4);
        for (i, (op, want)) in steps.iter().zip(&expected).enumerate() {
            assert_eq!(word(&got, 4 * i), *want, "seed {seed:#x}: step {i} {op:x?}");
        }
        for (k, &id) in pools.ids.iter().enumerate() {
            let bytes = pool_bytes(&rig.device, id, 0, pools.model[k].len());
            if let Some(at) = (0..bytes.len()).find(|&at| bytes[at] != pools.model[k][at]) {
                panic!("seed {seed:#x}: pool {k} differs from the model at byte {at:#x}");
            }
        }
        assert!(missed.len() > 20, "the generator makes misses");
        assert_eq!(
            misses,
            missed.len() as u64,
            "seed {seed:#x}: one miss a missed step"
        );
        let last = last.expect("a miss is reported");
        assert!(missed.contains(&last.address), "{:#x}", last.address);
        assert_eq!(last.program_tag, shader_translate::program_tag(&source));
    }
}

/// The compute program of the port: a pointer in a uniform block, offset by
/// arithmetic (64-bit adds, a `uvec2`'s two words, a structure's members), loads,
/// stores and atomics through it; and one pointer past every pool.
const ARITHMETIC_COMP: &str = "#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint w[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Totals { uint sum; uint max; };
layout(std140, binding = 0) uniform Pointers { Words source; uint64_t target; uvec2 totals; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = source.w[i];
    Words(target + 4ul * uint64_t(i)).w[0] = v * 3u + i;
    Totals t = Totals(totals);
    atomicAdd(t.sum, v);
    atomicMax(t.max, v);
}
";

#[test]
fn pointers_computed_from_a_uniform_buffer_land_where_they_point() {
    let rig = Rig::new(true);
    let source = glsl("arithmetic.comp", SourceStage::Compute, ARITHMETIC_COMP);
    let program = program_from(&rig, &[source]);
    let pools = Pools::new(&rig, 0xa11);
    let values = Stream::new(0xa12).words(STEPS, 1 << 20);
    let (source_pool, source_b) = (1, 0x1_2340u64);
    let (target_pool, target_b) = (3, 0x2_0000u64);
    let (totals_pool, totals_b) = (0, 0xfff8u64);
    rig.device
        .write_pool(pools.ids[source_pool], source_b, &words(values.clone()))
        .unwrap();
    rig.device
        .write_pool(pools.ids[totals_pool], totals_b, &[0; 8])
        .unwrap();
    let dispatch = |source: u64| {
        let totals = pools.starts[totals_pool] + totals_b;
        let mut uniform = Vec::new();
        uniform.extend_from_slice(&source.to_le_bytes());
        uniform.extend_from_slice(&(pools.starts[target_pool] + target_b).to_le_bytes());
        uniform.extend_from_slice(&(totals as u32).to_le_bytes());
        uniform.extend_from_slice(&((totals >> 32) as u32).to_le_bytes());
        rig.device
            .write_pool(rig.pool, UNIFORM_AT_B, &uniform)
            .unwrap();
        let block = rig.buffer(UNIFORM_AT_B, 256);
        let mut commands = rig.device.command_buffer();
        commands.bind_program(program).unwrap();
        let binding = BufferBinding::Uniform {
            stage: Stage::Compute,
            slot: 0,
        };
        bind(&mut commands, binding, block, 256);
        commands.dispatch([(STEPS / 64) as u32, 1, 1]).unwrap();
        run(&rig, commands).0
    };
    assert_eq!(dispatch(pools.starts[source_pool] + source_b), 0);
    let results = pool_bytes(&rig.device, pools.ids[target_pool], target_b, 4 * STEPS);
    for (i, &v) in values.iter().enumerate() {
        assert_eq!(word(&results, 4 * i), v * 3 + i as u32, "result {i}");
    }
    let totals = pool_bytes(&rig.device, pools.ids[totals_pool], totals_b, 8);
    let sum = values.iter().fold(0u32, |s, &v| s.wrapping_add(v));
    assert_eq!(word(&totals, 0), sum, "the atomic sum");
    assert_eq!(
        word(&totals, 4),
        *values.iter().max().unwrap(),
        "the atomic max"
    );

    // The source past every pool: each load reads 0 (so each result is its index) and
    // is counted; the atomics add 0 and keep the max.
    assert_eq!(
        dispatch(pools.end() + (16 << 20)),
        STEPS as u64,
        "one miss a load"
    );
    let results = pool_bytes(&rig.device, pools.ids[target_pool], target_b, 4 * STEPS);
    for i in 0..STEPS {
        assert_eq!(
            word(&results, 4 * i),
            i as u32,
            "result {i} of a missed load"
        );
    }
    let totals = pool_bytes(&rig.device, pools.ids[totals_pool], totals_b, 8);
    assert_eq!(word(&totals, 0), sum);
}

const SIZE_PX: u32 = 8;

/// Each pixel's colour through a pointer computed from the uniform block's; the last
/// column's pointer lies past every pool. Each pixel also stores its index through a
/// pointer.
const COLOURS_FRAG: &str = "#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Colour { vec4 c; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Marks { uint m[]; };
layout(std140, binding = 0) uniform Pointers { uint64_t colours; uint64_t far; Marks marks; };
layout(location = 0) out vec4 colour;
void main() {
    uint x = uint(gl_FragCoord.x), y = uint(gl_FragCoord.y);
    uint index = x + 8u * y;
    uint64_t at = x == 7u ? far : colours + 16ul * uint64_t(index);
    colour = Colour(at).c;
    marks.m[index] = index + 1u;
}
";

#[test]
fn a_fragment_program_reads_its_colours_through_pointers() {
    use memory::Format;
    let rig = Rig::new(false);
    let program = program_from(
        &rig,
        &[
            glsl(
                "position.vert",
                SourceStage::Vertex,
                common::programs::POSITION_VERT,
            ),
            glsl("colours.frag", SourceStage::Fragment, COLOURS_FRAG),
        ],
    );
    let pools = Pools::new(&rig, 0xc01);
    let pixels = (SIZE_PX * SIZE_PX) as usize;
    let mut stream = Stream::new(0xc02);
    let colours: Vec<[u8; 4]> = (0..pixels)
        .map(|_| std::array::from_fn(|_| (stream.next() % 256) as u8))
        .collect();
    let colour_bytes: Vec<u8> = colours
        .iter()
        .flat_map(|c| c.map(|v| f32::from(v) / 255.0))
        .flat_map(f32::to_le_bytes)
        .collect();
    let colours_b = 0x1000u64;
    rig.device
        .write_pool(pools.ids[2], colours_b, &colour_bytes)
        .unwrap();
    let marks_b = 0x8000u64;
    let mut uniform = Vec::new();
    for address in [
        pools.starts[2] + colours_b,
        pools.end() + (1 << 30),
        pools.starts[1] + marks_b,
    ] {
        uniform.extend_from_slice(&address.to_le_bytes());
    }
    rig.device
        .write_pool(rig.pool, UNIFORM_AT_B, &uniform)
        .unwrap();
    let block = rig.buffer(UNIFORM_AT_B, 256);
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &FULL_TRIANGLE_NDC);
    let before = rig.backend.lock().stats().raw_pointer_misses;
    let mut commands = rig.cleared(view, [0.2, 0.4, 0.6, 1.0]);
    bind_positions(&mut commands, program, positions);
    let binding = BufferBinding::Uniform {
        stage: Stage::Fragment,
        slot: 0,
    };
    bind(&mut commands, binding, block, 256);
    commands.draw(triangle()).unwrap();
    let len_b = pixels * 4;
    let got = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), len_b);
    rig.finish();
    let misses = rig.backend.lock().stats().raw_pointer_misses - before;
    for (index, expected) in colours.iter().enumerate() {
        let x = index % SIZE_PX as usize;
        let want = if x == 7 { [0; 4] } else { *expected };
        assert_eq!(got[4 * index..4 * index + 4], want, "pixel {index}");
    }
    assert_eq!(
        misses,
        u64::from(SIZE_PX),
        "one miss a pixel of the last column"
    );
    let marks = pool_bytes(&rig.device, pools.ids[1], marks_b, len_b);
    for index in 0..pixels {
        assert_eq!(word(&marks, 4 * index), index as u32 + 1, "mark {index}");
    }
}

#[test]
fn a_buffer_reference_program_is_refused_without_buffer_device_address() {
    use gpu::error::RecordError;
    let rig = Rig::lacking(|features| features.buffer_device_address = false);
    let program = program_from(
        &rig,
        &[glsl("steps.comp", SourceStage::Compute, STEPS_COMP)],
    );
    let mut commands = rig.device.command_buffer();
    match commands.bind_program(program) {
        Err(RecordError::MissingCapability { capability, .. }) => {
            assert!(capability.contains("bufferDeviceAddress"), "{capability}")
        }
        other => panic!("expected a missing capability, got {other:?}"),
    }
}

/// The vertex program computes a pointer from the uniform block's (left half: the
/// colour; right half: past every pool) and passes it on as a flat `uvec2`; the fragment
/// program dereferences it.
const POINTER_VERT: &str = "#version 460
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(location = 0) in vec2 position;
layout(std140, binding = 0) uniform Pointers { uint64_t colours; uint64_t far; };
layout(location = 0) flat out uvec2 address;
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
    uint64_t at = gl_VertexIndex < 6 ? colours + 16ul * uint64_t(gl_InstanceIndex) : far;
    address = unpackUint2x32(at);
}
";

const POINTER_FRAG: &str = "#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Colour { vec4 c; };
layout(location = 0) flat in uvec2 address;
layout(location = 0) out vec4 colour;
void main() { colour = Colour(address).c; }
";

/// Two triangles over the left half of the target, then two over the right half.
const HALVES_NDC: [f32; 24] = [
    -1.0, -1.0, 0.0, -1.0, -1.0, 1.0, 0.0, -1.0, 0.0, 1.0, -1.0, 1.0, // left
    0.0, -1.0, 1.0, -1.0, 0.0, 1.0, 1.0, -1.0, 1.0, 1.0, 0.0, 1.0, // right
];

#[test]
fn a_pointer_made_by_the_vertex_program_is_dereferenced_by_the_fragment_program() {
    use gpu::command::DrawArrays;
    use memory::Format;
    let rig = Rig::new(true);
    let program = program_from(
        &rig,
        &[
            glsl("pointer.vert", SourceStage::Vertex, POINTER_VERT),
            glsl("pointer.frag", SourceStage::Fragment, POINTER_FRAG),
        ],
    );
    let pools = Pools::new(&rig, 0xd01);
    let colour_px = [0x30u8, 0x90, 0xe0, 0xff];
    let colours_b = 0x2_0000u64;
    // Instance 1's colour: the instance index offsets the pointer.
    let colour_bytes: Vec<u8> = [[0u8; 4], colour_px]
        .iter()
        .flat_map(|c| c.map(|v| f32::from(v) / 255.0))
        .flat_map(f32::to_le_bytes)
        .collect();
    rig.device
        .write_pool(pools.ids[1], colours_b, &colour_bytes)
        .unwrap();
    let mut uniform = Vec::new();
    for address in [pools.starts[1] + colours_b, pools.end() + (3 << 20)] {
        uniform.extend_from_slice(&address.to_le_bytes());
    }
    rig.device
        .write_pool(rig.pool, UNIFORM_AT_B, &uniform)
        .unwrap();
    let block = rig.buffer(UNIFORM_AT_B, 256);
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &HALVES_NDC);
    let before = rig.backend.lock().stats().raw_pointer_misses;
    let mut commands = rig.cleared(view, [0.2, 0.4, 0.6, 1.0]);
    bind_positions(&mut commands, program, positions);
    let binding = BufferBinding::Uniform {
        stage: Stage::Vertex,
        slot: 0,
    };
    bind(&mut commands, binding, block, 256);
    commands
        .draw(DrawArrays {
            primitive: gpu::state::PrimitiveKind::Triangles,
            first_vertex: 0,
            vertex_count: 12,
            first_instance: 1,
            instance_count: 1,
        })
        .unwrap();
    let pixels = (SIZE_PX * SIZE_PX) as usize;
    let got = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), pixels * 4);
    rig.finish();
    let misses = rig.backend.lock().stats().raw_pointer_misses - before;
    for index in 0..pixels {
        let left = index % (SIZE_PX as usize) < SIZE_PX as usize / 2;
        let want = if left { colour_px } else { [0; 4] };
        assert_eq!(got[4 * index..4 * index + 4], want, "pixel {index}");
    }
    assert_eq!(
        misses,
        pixels as u64 / 2,
        "one miss a pixel of the right half"
    );
}

/// A linked list walked through buffer references: the nodes scattered over the four
/// pools, each holding the next one's address; the last one's points past every pool,
/// where the load of its value misses, reads 0 and ends the walk (no hang).
const LIST_COMP: &str = "#version 460
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node { Node next; uint value; };
layout(std140, binding = 0) uniform U { Node first; };
layout(std430, binding = 0) buffer Out { uint total; uint count; };
void main() {
    uint sum = 0u, nodes = 0u;
    Node n = first;
    while (n.value != 0u) { sum += n.value; nodes++; n = n.next; }
    total = sum;
    count = nodes;
}
";

#[test]
fn a_linked_list_across_pools_is_walked_and_ends_at_a_miss() {
    let rig = Rig::new(true);
    let source = glsl("list.comp", SourceStage::Compute, LIST_COMP);
    let program = program_from(&rig, &[source]);
    let pools = Pools::new(&rig, 0xe01);
    let mut stream = Stream::new(0xe02);
    let mut used = std::collections::HashSet::new();
    let mut nodes = Vec::new();
    while nodes.len() < 40 {
        let k = (stream.next() % 4) as usize;
        let cell = u64::from(stream.next()) % (pools.model[k].len() as u64 / 16);
        if used.insert((k, cell)) {
            nodes.push((k, cell * 16, 1 + stream.next() % 1000));
        }
    }
    let far = pools.end() + (7 << 20);
    for (i, &(k, offset_b, value)) in nodes.iter().enumerate() {
        let next = nodes
            .get(i + 1)
            .map_or(far, |&(k, offset_b, _)| pools.starts[k] + offset_b);
        let mut bytes = next.to_le_bytes().to_vec();
        bytes.extend_from_slice(&value.to_le_bytes());
        rig.device
            .write_pool(pools.ids[k], offset_b, &bytes)
            .unwrap();
    }
    let first = pools.starts[nodes[0].0] + nodes[0].1;
    rig.device
        .write_pool(rig.pool, UNIFORM_AT_B, &first.to_le_bytes())
        .unwrap();
    rig.device
        .write_pool(rig.pool, RESULTS_AT_B, &[0; 8])
        .unwrap();
    let (block, out) = (rig.buffer(UNIFORM_AT_B, 256), rig.buffer(RESULTS_AT_B, 8));
    let mut commands = rig.device.command_buffer();
    commands.bind_program(program).unwrap();
    let uniform = BufferBinding::Uniform {
        stage: Stage::Compute,
        slot: 0,
    };
    bind(&mut commands, uniform, block, 256);
    let storage = BufferBinding::Storage {
        stage: Stage::Compute,
        slot: 0,
    };
    bind(&mut commands, storage, out, 8);
    commands.dispatch([1, 1, 1]).unwrap();
    let (misses, last) = run(&rig, commands);
    let got = pool_bytes(&rig.device, rig.pool, RESULTS_AT_B, 8);
    let sum = nodes.iter().map(|&(_, _, value)| value).sum::<u32>();
    assert_eq!((word(&got, 0), word(&got, 4)), (sum, nodes.len() as u32));
    assert_eq!(misses, 1, "the last node's value, past every pool");
    assert_eq!(last.map(|miss| miss.address), Some(far + 8));
}

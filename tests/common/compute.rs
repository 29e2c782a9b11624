//! Differential dispatches of compiled compute programs: a program translated from its
//! DKSH module and glslang's module of its GLSL, run over the same buffers; the storage
//! buffers read back; generated inputs and the comparisons the tests share. Floats agree
//! within 1e-4 relative and 1e-5 absolute: the binary computes with `mufu` reciprocals
//! and fused multiply-adds where glslang's module divides and lavapipe may or may not
//! fuse, a few units in the last place a step.

use gpu::command::BufferBinding;
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, Stage};
use gpu::ProgramId;
use shader_translate::{ShaderCode, ShaderSource};

use super::programs::translator;
use super::readback::pool_bytes;
use super::rig::Rig;
use super::stage_resources::Resources;
use super::texels::Bytes;

/// The compute program of DKSH module `dksh` translated (`maxwell`, the images' formats
/// as `resources` states them), or its GLSL `glsl` through glslang.
pub fn compute_program(rig: &Rig, name: &str, dksh: &[u8], glsl: &str, maxwell: bool) -> ProgramId {
    compute_program_with(rig, name, (dksh, glsl), &Resources::default(), maxwell)
}

fn compute_program_with(
    rig: &Rig,
    name: &str,
    sources: (&[u8], &str),
    resources: &Resources,
    maxwell: bool,
) -> ProgramId {
    try_compute_program(rig, name, sources, resources, maxwell).unwrap()
}

/// As `compute_program_with`, the device's refusal returned.
pub fn try_compute_program(
    rig: &Rig,
    name: &str,
    (dksh, glsl): (&[u8], &str),
    resources: &Resources,
    maxwell: bool,
) -> Result<ProgramId, gpu::error::ObjectError> {
    let translator = translator();
    let shader = if maxwell {
        let slots = resources.slot_map(shader_translate::maxwell::dksh::ProgramType::Compute);
        translator
            .translate_dksh_with(name, dksh, &slots)
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
    rig.device.create_program(&ProgramMaker {
        modules: vec![ShaderModule::from(&shader)],
    })
}

/// Bytes of each side, one pair a binding or image: (translated, glslang).
pub type Pairs = Vec<(Vec<u8>, Vec<u8>)>;

/// A buffer binding of the compute stage: storage or uniform, its slot, its bytes.
pub struct Binding {
    pub storage: bool,
    pub slot: u8,
    pub bytes: Vec<u8>,
}

pub fn storage(slot: u8, bytes: Vec<u8>) -> Binding {
    Binding {
        storage: true,
        slot,
        bytes,
    }
}

pub fn uniform(slot: u8, bytes: Vec<u8>) -> Binding {
    Binding {
        storage: false,
        slot,
        bytes,
    }
}

/// Runs `groups` workgroups of compute program `dksh` (compiled from `glsl`) on `rig`
/// once through its translation and once through glslang's module, each over fresh
/// copies of `bindings`; returns each storage binding's bytes after the dispatch:
/// (translated, glslang).
pub fn dispatch_sources(
    rig: &Rig,
    name: &str,
    sources: (&[u8], &str),
    bindings: &[Binding],
    groups: [u32; 3],
) -> Vec<(Vec<u8>, Vec<u8>)> {
    let resources = Resources::default();
    dispatch_with_resources(rig, name, sources, (bindings, &resources), groups).0
}

/// [`dispatch_sources`] with textures and images bound as well; returns the storage
/// bindings' bytes and the images' texels after the dispatch, each (translated, glslang).
pub fn dispatch_with_resources(
    rig: &Rig,
    name: &str,
    sources: (&[u8], &str),
    (bindings, resources): (&[Binding], &Resources),
    groups: [u32; 3],
) -> (Pairs, Pairs) {
    let mut sides: Vec<Vec<Vec<u8>>> = Vec::new();
    let mut images: Vec<Vec<Vec<u8>>> = Vec::new();
    for (side, maxwell) in [true, false].into_iter().enumerate() {
        let program = compute_program_with(rig, name, sources, resources, maxwell);
        let mut commands = rig.device.command_buffer();
        commands.bind_program(program).unwrap();
        let textures = resources.bind(rig, &mut commands, Stage::Compute, side);
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
        images.push(resources.read_images(rig, &textures));
    }
    let pairs = |mut sides: Vec<Vec<Vec<u8>>>| -> Pairs {
        let reference = sides.pop().unwrap();
        let ours = sides.pop().unwrap();
        ours.into_iter().zip(reference).collect()
    };
    (pairs(sides), pairs(images))
}

/// A stream of generated inputs (`texels::Bytes`'s generator), the same on both sides.
pub struct Stream(Bytes);

impl Stream {
    /// The stream of `seed`, or of `seed` mixed with `HOOKSHOT_GAME_SEED` where that is
    /// set (other generated inputs for the same tests).
    pub fn new(seed: u64) -> Stream {
        let other = std::env::var("HOOKSHOT_GAME_SEED")
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
            .map_or(0, |s| s.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        Stream(Bytes((seed ^ other).max(1)))
    }

    pub fn next(&mut self) -> u32 {
        (self.0.next() >> 32) as u32
    }

    /// A float in [lo, hi).
    pub fn float(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * (self.next() >> 8) as f32 / (1u32 << 24) as f32
    }

    pub fn words(&mut self, count: usize, bound: u32) -> Vec<u32> {
        (0..count).map(|_| self.next() % bound).collect()
    }

    pub fn floats(&mut self, count: usize, lo: f32, hi: f32) -> Vec<f32> {
        (0..count).map(|_| self.float(lo, hi)).collect()
    }
}

pub fn words(values: impl IntoIterator<Item = u32>) -> Vec<u8> {
    values.into_iter().flat_map(u32::to_le_bytes).collect()
}

pub fn floats(values: impl IntoIterator<Item = f32>) -> Vec<u8> {
    words(values.into_iter().map(f32::to_bits))
}

pub fn as_floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|w| f32::from_le_bytes(w.try_into().unwrap()))
        .collect()
}

/// Floats agree within 1e-4 relative and 1e-5 absolute (the module's comment says why).
pub fn assert_floats_agree(what: &str, ours: &[f32], reference: &[f32]) {
    assert_eq!(ours.len(), reference.len(), "{what}: lengths");
    for (index, (a, b)) in ours.iter().zip(reference).enumerate() {
        let close = (a - b).abs() <= 1e-5 + 1e-4 * b.abs() || (a.is_nan() && b.is_nan());
        assert!(close, "{what}: float {index}: ours {a}, glslang {b}");
    }
}

/// Records of `record_b` bytes, sorted by their floats (the order appends landed in).
pub fn sorted_records(bytes: &[u8], record_b: usize) -> Vec<f32> {
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

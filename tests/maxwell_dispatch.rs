//! Differential dispatches on the real driver (lavapipe in CI, validation on): the same
//! compute dispatch through a program translated from uam's compiled Maxwell binary and
//! through glslang's SPIR-V of the GLSL uam compiled it from, over identical buffers; the
//! storage buffers are compared after the fence.

mod common;

use std::path::Path;

use common::programs::translator;
use common::readback::pool_bytes;
use common::rig::Rig;
use gpu::command::BufferBinding;
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, Stage};
use gpu::ProgramId;
use shader_translate::{ShaderCode, ShaderSource};

fn corpus_dir(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_corpus")
        .join(name)
}

/// The corpus program `name` translated from its DKSH (`maxwell`) or its GLSL through
/// glslang.
fn compute_program(rig: &Rig, name: &str, maxwell: bool) -> ProgramId {
    let translator = translator();
    let dir = corpus_dir(name);
    let shader = if maxwell {
        let bytes = std::fs::read(dir.join("out.dksh")).unwrap();
        translator
            .translate_dksh(name, &bytes)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    } else {
        let glsl = std::fs::read_to_string(dir.join("source.glsl")).unwrap();
        translator
            .translate(&ShaderSource {
                name: format!("{name}.glsl"),
                stage: shader_translate::Stage::Compute,
                code: ShaderCode::Glsl(glsl),
            })
            .unwrap_or_else(|e| panic!("{name}.glsl: {e}"))
    };
    rig.device
        .create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&shader)],
        })
        .unwrap()
}

/// A buffer binding: (kind, slot, initial bytes).
struct Binding {
    storage: bool,
    slot: u8,
    bytes: Vec<u8>,
}

/// Runs `groups` workgroups of `name` both ways over fresh copies of `bindings`; returns
/// each storage binding's bytes after the dispatch, translated side first.
fn dispatch_both(name: &str, bindings: &[Binding], groups: [u32; 3]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let rig = Rig::new(true);
    let mut out: Vec<Vec<Vec<u8>>> = Vec::new();
    for (side, maxwell) in [true, false].into_iter().enumerate() {
        let program = compute_program(&rig, name, maxwell);
        let mut commands = rig.device.command_buffer();
        commands.bind_program(program).unwrap();
        let mut places = Vec::new();
        for (index, binding) in bindings.iter().enumerate() {
            let offset_b = (1 << 20) + ((side * bindings.len() + index) as u64) * (64 << 10);
            let size_b = binding.bytes.len() as u64;
            let buffer = rig.buffer(offset_b, size_b.max(256));
            rig.device
                .write_pool(rig.pool, offset_b, &binding.bytes)
                .unwrap();
            let stage = Stage::Compute;
            let kind = if binding.storage {
                BufferBinding::Storage {
                    stage,
                    slot: binding.slot,
                }
            } else {
                BufferBinding::Uniform {
                    stage,
                    slot: binding.slot,
                }
            };
            commands
                .bind_buffer(
                    kind,
                    BufferRange {
                        buffer,
                        offset_b: 0,
                        size_b,
                    },
                )
                .unwrap();
            places.push(offset_b);
        }
        commands.dispatch(groups).unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        out.push(
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
    let reference = out.pop().unwrap();
    let ours = out.pop().unwrap();
    ours.into_iter().zip(reference).collect()
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

fn words(values: impl IntoIterator<Item = u32>) -> Vec<u8> {
    values.into_iter().flat_map(u32::to_le_bytes).collect()
}

/// Storage buffers read and written through deko3d's c0 addresses (`iadd cc`/`iadd x`,
/// `ld b64`), shared memory across `bar sync`, a `red add` on a storage word, the
/// invocation and workgroup ids and a uniform block: integers only, so every byte of the
/// output buffer must match, the atomic total included.
#[test]
fn storage_shared_memory_and_an_atomic_dispatch_as_glslang_dispatches_them() {
    let groups = 4u32;
    let invocations = 64 * groups;
    let mut seed = 0x9e37_79b9u32;
    let values: Vec<u32> = (0..invocations)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        })
        .collect();
    let bindings = [
        storage(0, words(values)),
        storage(1, vec![0; 4 * (1 + invocations as usize)]),
        uniform(0, words([0x1234_5678, 3, 0, 0])),
    ];
    let out = dispatch_both("x_comp_shared_storage", &bindings, [groups, 1, 1]);
    let (ours, reference) = &out[1];
    assert!(
        reference[4..].chunks(4).filter(|w| *w != [0; 4]).count() > 200,
        "the reference wrote its outputs"
    );
    assert_eq!(ours, reference, "the output buffer");
}

/// deko3d's sine-wave kernel: invocation ids, gl_NumWorkGroups (c0[0xc]) and gl_WorkGroupSize
/// (c0[0x0]), a uniform block, `stg` of two vec4 per invocation. uam fuses `mix` and
/// `x * 2 - 1` into FMAs where glslang's SPIR-V rounds twice, so floats may differ by an
/// ulp or two of values in [-1, 1]: within 1e-5.
#[test]
fn the_deko3d_sine_wave_kernel_dispatches_as_glslang_dispatches_it() {
    let groups = 2u32;
    let params: Vec<f32> = vec![0.1, 0.2, 0.9, 1.0, 0.8, 0.5, 0.1, 1.0, 0.25, 0.75, 0.0, 0.0];
    let bindings = [
        storage(0, vec![0; 32 * 32 * groups as usize]),
        uniform(0, params.iter().flat_map(|f| f.to_le_bytes()).collect()),
    ];
    let out = dispatch_both("dk_sinewave", &bindings, [groups, 1, 1]);
    let (ours, reference) = &out[0];
    let floats = |bytes: &[u8]| -> Vec<f32> {
        bytes
            .chunks(4)
            .map(|w| f32::from_le_bytes(w.try_into().unwrap()))
            .collect()
    };
    let (ours, reference) = (floats(ours), floats(reference));
    assert!(reference.iter().filter(|&&f| f != 0.0).count() > 300);
    for (index, (a, b)) in ours.iter().zip(&reference).enumerate() {
        assert!(
            (a - b).abs() <= 1e-5,
            "float {index}: ours {a}, glslang {b}"
        );
    }
}

/// A tree reduction in shared memory: a loop (`pbk`, a backward `bra`) whose body loads
/// and stores shared words under a guard and ends in `bar sync`, then a guarded storage
/// address and store: every workgroup's sum must match exactly.
#[test]
fn a_shared_memory_reduction_loop_dispatches_as_glslang_dispatches_it() {
    let groups = 8u32;
    let values: Vec<u32> = (0..64 * groups)
        .map(|i| i.wrapping_mul(2_654_435_761) >> 7)
        .collect();
    let bindings = [
        storage(0, words(values)),
        storage(1, vec![0; 4 * groups as usize]),
    ];
    let out = dispatch_both("x_comp_reduce", &bindings, [groups, 1, 1]);
    let (ours, reference) = &out[1];
    assert!(
        reference.chunks(4).all(|w| w != [0; 4]),
        "the reference wrote every sum"
    );
    assert_eq!(ours, reference, "the sums");
}

/// Shared-memory atomics (`atoms add`, `max`, `xor`, each kind on its own bins so the
/// result does not depend on the order invocations run in) between barriers: every bin of
/// every workgroup must match exactly.
#[test]
fn shared_memory_atomics_dispatch_as_glslang_dispatches_them() {
    let groups = 4u32;
    let values: Vec<u32> = (0..64 * groups)
        .map(|i| (i ^ 0x5a5a).wrapping_mul(0x9e37_79b9))
        .collect();
    let bindings = [
        storage(0, words(values)),
        storage(1, vec![0; 4 * 12 * groups as usize]),
    ];
    let out = dispatch_both("x_comp_shared_bins", &bindings, [groups, 1, 1]);
    let (ours, reference) = &out[1];
    assert!(
        reference.chunks(4).filter(|w| *w != [0; 4]).count() > 40,
        "the reference filled the bins"
    );
    assert_eq!(ours, reference, "the bins");
}

/// Images (`x_comp_images`): a raw 32-bit `suld` of an r32ui image, formatted `sust`
/// stores of uvec4s, and `suatom` add, max, min, or, and, xor and exchange on another
/// (each operation in its own band of texels, so the order the invocations run in does
/// not change the result; the exchange's old value stored back), through image slots
/// bound with `bind_image`. Integers only: both images must match byte for byte.
#[test]
fn image_loads_stores_and_atomics_dispatch_as_glslang_dispatches_them() {
    use common::readback::region;
    use common::texels::Bytes;
    use gpu::objects::ImageHandle;
    let rig = Rig::new(true);
    // Slot, width, height and initial texels of `source`, `copy` and `counts`.
    let images = [
        (0u8, 16u32, 16u32, Bytes(0x1a6e_0001).vec(16 * 16 * 4)),
        (1, 16, 32, vec![0; 16 * 32 * 4]),
        (2, 112, 16, Bytes(0x1a6e_0002).vec(112 * 16 * 4)),
    ];
    let mut sides = Vec::new();
    for (side, maxwell) in [true, false].into_iter().enumerate() {
        let program = compute_program(&rig, "x_comp_images", maxwell);
        let table = rig.device.create_texture_table(8).unwrap();
        let samplers = rig.device.create_sampler_table(1).unwrap();
        let mut commands = rig.device.command_buffer();
        commands.bind_program(program).unwrap();
        commands.bind_descriptor_tables(table, samplers).unwrap();
        let mut textures = Vec::new();
        for (index, (slot, width, height, texels)) in images.iter().enumerate() {
            let offset_b = (1 << 20) + ((side * images.len() + index) as u64) * (64 << 10);
            let (texture, view) = rig.r32ui_image(offset_b, *width, *height, texels);
            rig.device
                .register_image(table, u32::from(*slot) + 1, view)
                .unwrap();
            commands
                .bind_image(
                    Stage::Compute,
                    *slot,
                    ImageHandle {
                        texture_slot: u32::from(*slot) + 1,
                    },
                )
                .unwrap();
            textures.push(texture);
        }
        commands.dispatch([2, 2, 1]).unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let read: Vec<Vec<u8>> = images
            .iter()
            .zip(&textures)
            .skip(1)
            .map(|((_, width, height, _), &texture)| {
                rig.submit_and_read(
                    rig.device.command_buffer(),
                    region(texture, 0, *width, *height),
                    (width * height * 4) as usize,
                )
            })
            .collect();
        sides.push(read);
    }
    for ((ours, reference), (slot, _, _, initial)) in
        sides[0].iter().zip(&sides[1]).zip(images.iter().skip(1))
    {
        assert_ne!(reference, initial, "image slot {slot} was not written");
        assert!(
            ours == reference,
            "image slot {slot} differs from glslang's"
        );
    }
}

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

/// Which program a dispatch runs.
enum Side {
    /// The translated DKSH module (the corpus program's, or one changed from it).
    Translated(Vec<u8>),
    /// glslang's SPIR-V of the corpus program's GLSL.
    Glslang,
    /// The corpus program with this instruction stream in place of its own (through
    /// `translate_maxwell`, as a port holding the pieces would).
    Code(Vec<u8>),
}

fn corpus_dksh(name: &str) -> Vec<u8> {
    std::fs::read(corpus_dir(name).join("out.dksh")).unwrap()
}

/// The corpus program `name` translated from a DKSH module or from its GLSL through
/// glslang.
fn compute_program(rig: &Rig, name: &str, side: &Side) -> ProgramId {
    let translator = translator();
    let dir = corpus_dir(name);
    let shader = if let Side::Translated(bytes) = side {
        translator
            .translate_dksh(name, bytes)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    } else if let Side::Code(code) = side {
        let bytes = corpus_dksh(name);
        let module = shader_translate::maxwell::dksh::parse(&bytes).unwrap();
        let program = &module.programs[0];
        let parts = shader_translate::maxwell::program::ProgramParts {
            kind: program.header.kind,
            sph: program.sph,
            code,
            constbuf1: program.constbuf1,
            compute: program.header.compute(),
            tess_mode: None,
        };
        translator
            .translate_maxwell(name, &parts)
            .unwrap_or_else(|e| panic!("{name} (its code changed): {e}"))
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
    let sides = [Side::Translated(corpus_dksh(name)), Side::Glslang];
    let mut out = dispatch_sides(name, bindings, groups, &sides);
    let reference = out.pop().unwrap();
    let ours = out.pop().unwrap();
    ours.into_iter().zip(reference).collect()
}

/// Runs `groups` workgroups of `name` once a side over fresh copies of `bindings`;
/// returns each side's storage bindings' bytes after the dispatch.
fn dispatch_sides(
    name: &str,
    bindings: &[Binding],
    groups: [u32; 3],
    sides: &[Side],
) -> Vec<Vec<Vec<u8>>> {
    let rig = Rig::new(true);
    let mut out: Vec<Vec<Vec<u8>>> = Vec::new();
    for (side, program) in sides.iter().enumerate() {
        let program = compute_program(&rig, name, program);
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
    out
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

/// Compare-and-swap (`atom cas` on storage words, `atoms cas` on shared ones): loops that
/// multiply a word by compare-and-swap until no other invocation got in between (the
/// order differs from run to run, the product does not), and one claim of a storage slot
/// per invocation (exactly one winner a slot, whoever it is): integers, every byte of the
/// output buffer must match.
#[test]
fn compare_and_swap_loops_dispatch_as_glslang_dispatches_them() {
    let groups = 2u32;
    let invocations = 64 * groups;
    let values: Vec<u32> = (0..invocations)
        .map(|i| (i ^ 0x3c3c).wrapping_mul(0x9e37_79b9))
        .collect();
    // product[16] (starting at 1), claimed[64], wins[64], shared_out[invocations].
    let mut out = words(std::iter::repeat_n(1, 16));
    out.extend(vec![0; 4 * (64 + 64 + invocations as usize)]);
    let bindings = [storage(0, words(values.clone())), storage(1, out)];
    let result = dispatch_both("x_comp_compare_swap", &bindings, [groups, 1, 1]);
    let (ours, reference) = &result[1];
    let word = |bytes: &[u8], index: usize| {
        u32::from_le_bytes(bytes[4 * index..4 * index + 4].try_into().unwrap())
    };
    let slots: std::collections::BTreeSet<u32> = values.iter().map(|v| v >> 26).collect();
    let wins: u32 = (0..64).map(|slot| word(reference, 80 + slot)).sum();
    assert_eq!(
        wins as usize,
        slots.len(),
        "the reference: one winner a claimed slot"
    );
    assert!(
        (0..16).filter(|&k| word(reference, k) != 1).count() > 8,
        "the reference multiplied the products"
    );
    assert_eq!(
        ours, reference,
        "the products, claims, winners and shared products"
    );
}

/// A CPU model of a Maxwell workgroup's warps: invocation i is lane i % 32 of warp i / 32;
/// `lanes(warp)` are the lanes a warp has (a last warp may be partial).
struct Warps {
    invocations: usize,
}

impl Warps {
    fn lanes(&self, invocation: usize) -> std::ops::Range<usize> {
        let base = invocation & !31;
        base..(base + 32).min(self.invocations)
    }

    fn ballot(&self, invocation: usize, pred: impl Fn(usize) -> bool) -> u32 {
        self.lanes(invocation)
            .filter(|&i| pred(i))
            .fold(0, |bits, i| bits | 1 << (i % 32))
    }
}

fn read_words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect()
}

fn xorshift_words(count: usize, mut seed: u32, modulo: u32) -> Vec<u32> {
    (0..count)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed % modulo
        })
        .collect()
}

/// Votes and shuffles (`vote all/any/eq` with the ballot, `shfl idx`, `$laneid`, and
/// uam's `readFirstInvocationARB`: `bfe brev`, `flo sh`) over 48-invocation workgroups,
/// a full warp and a 16-lane one, against a CPU model of Maxwell's 32-wide warps. Not
/// against glslang's SPIR-V: that runs in the device's subgroups (lavapipe's are as wide
/// as its vectors, not 32), so its ballots differ by design. Integers: exactly.
#[test]
fn votes_and_shuffles_run_in_32_wide_warps_as_a_cpu_model_of_them() {
    let groups = 3usize;
    let invocations = 48;
    // Values under 256, so `v > 16`, `v > 200` and `v == 7` go both ways across warps;
    // the second workgroup's first warp all above 16, the third's partial warp all 7.
    let mut values = xorshift_words(invocations * groups, 0x1234_5677, 256);
    for v in &mut values[invocations..invocations + 32] {
        *v |= 32;
    }
    for v in &mut values[2 * invocations + 32..] {
        *v = 7;
    }
    let bindings = [
        storage(0, words(values.clone())),
        storage(1, vec![0; 16 * invocations * groups]),
    ];
    let sides = [Side::Translated(corpus_dksh("x_comp_vote"))];
    let out = dispatch_sides("x_comp_vote", &bindings, [groups as u32, 1, 1], &sides);
    let ours = read_words(&out[0][1]);
    let warps = Warps { invocations };
    for group in 0..groups {
        let v = |i: usize| values[group * invocations + i];
        for i in 0..invocations {
            let lanes = warps.lanes(i);
            let lane = i % 32;
            let all = lanes.clone().all(|j| v(j) > 16);
            let big = lanes.clone().filter(|&j| v(j) > 200).count();
            let equal = big == 0 || big == lanes.len();
            let any = lanes.clone().any(|j| v(j) == 7);
            let votes = u32::from(all) | u32::from(equal) << 1 | u32::from(any) << 2;
            let other = v(lanes.start + (lane * 7 + 3) % 16);
            let first = v(lanes.start) * 3;
            let expected = [
                warps.ballot(i, |j| v(j) & 1 != 0),
                votes | (lane as u32) << 8,
                other,
                first,
            ];
            let at = 4 * (group * invocations + i);
            assert_eq!(
                ours[at..at + 4],
                expected,
                "workgroup {group}, invocation {i}"
            );
        }
    }
}

/// The corpus's `readInvocationARB((lane + 1) & 31)`, `readFirstInvocationARB` and
/// `anyInvocationARB` program (32-wide workgroups, floats added in uam's order: the same
/// f32 sums as the model's, so exactly).
#[test]
fn read_invocation_and_any_match_a_cpu_model_of_32_wide_warps() {
    let groups = 4usize;
    let values: Vec<f32> = xorshift_words(32 * groups, 0x0bad_5eed, 1000)
        .into_iter()
        .map(|w| w as f32 / 64.0)
        .collect();
    let bindings = [storage(
        0,
        values.iter().flat_map(|f| f.to_le_bytes()).collect(),
    )];
    let sides = [Side::Translated(corpus_dksh("x_comp_ballot"))];
    let out = dispatch_sides("x_comp_ballot", &bindings, [groups as u32, 1, 1], &sides);
    let ours: Vec<f32> = read_words(&out[0][0])
        .into_iter()
        .map(f32::from_bits)
        .collect();
    for (gid, &got) in ours.iter().enumerate() {
        let base = gid & !31;
        let other = values[base + (gid + 1) % 32];
        let first = values[base];
        let any_big = values[base..base + 32].iter().any(|&f| f > 10.0);
        let expected = other + first + if any_big { 1.0 } else { 0.0 };
        assert_eq!(got.to_bits(), expected.to_bits(), "invocation {gid}");
    }
    assert!(values.iter().any(|&f| f > 10.0) && values.iter().any(|&f| f <= 10.0));
}

/// `shfl` in each mode with a segment width and clamp lane: x_comp_vote's `shfl idx` (at
/// byte 0x178 of its code, out.dis; source lane `(lane * 7 + 3) & 15` in a register)
/// changed to up, down and butterfly and given other c operands, against a CPU model of
/// the lane selection as PTX's `shfl` defines it (the segment mask in c's bits 8-12, the
/// clamp lane in 0-4; a lane outside the segment reads its own value). Lanes that read
/// an absent lane of the partial warp are undefined on the hardware and not compared.
#[test]
fn shuffles_in_every_mode_pick_the_lanes_ptx_defines() {
    let groups = 2usize;
    let invocations = 48;
    let values = xorshift_words(invocations * groups, 0x5151_7e7e, 1 << 20);
    let original = corpus_dksh("x_comp_vote");
    let code_start = {
        let module = shader_translate::maxwell::dksh::parse(&original).unwrap();
        module.programs[0].code.as_ptr() as usize - original.as_ptr() as usize
    };
    let at = code_start + 0x178;
    let word = u64::from_le_bytes(original[at..at + 8].try_into().unwrap());
    assert_eq!(word & 0xfff8_0000_0000_0000, 0xef10 << 48, "the shfl");
    // (mode, c): idx in segments of 8 clamped to lane 5, up by b in segments of 8, down
    // in segments of 16 clamped to 15, butterfly over the whole warp.
    for (mode, c) in [(0u64, 0x1805u64), (1, 0x1800), (2, 0x100f), (3, 0x001f)] {
        let changed = (word & !(3 << 30) & !(0x1fff << 34)) | mode << 30 | c << 34;
        let mut bytes = original.clone();
        bytes[at..at + 8].copy_from_slice(&changed.to_le_bytes());
        let bindings = [
            storage(0, words(values.clone())),
            storage(1, vec![0; 16 * invocations * groups]),
        ];
        let sides = [Side::Translated(bytes)];
        let out = dispatch_sides("x_comp_vote", &bindings, [groups as u32, 1, 1], &sides);
        let ours = read_words(&out[0][1]);
        let (clamp, segment) = ((c & 31) as i64, ((c >> 8) & 31) as i64);
        let mut compared = 0;
        for gid in 0..invocations * groups {
            let i = gid % invocations;
            let lane = (i % 32) as i64;
            let b = (lane * 7 + 3) & 15;
            let max_lane = (lane & segment) | (clamp & !segment);
            let min_lane = lane & segment;
            let (j, inside) = match mode {
                0 => {
                    let j = min_lane | (b & !segment);
                    (j, j <= max_lane)
                }
                1 => (lane - b, lane - b >= max_lane),
                2 => (lane + b, lane + b <= max_lane),
                _ => (lane ^ b, (lane ^ b) <= max_lane),
            };
            let j = if inside { j } else { lane } as usize;
            let source = gid - i + (i & !31) + j;
            if (i & !31) + j >= invocations {
                continue;
            }
            compared += 1;
            assert_eq!(
                ours[4 * gid + 2],
                values[source],
                "mode {mode}, c {c:#x}: invocation {gid} (lane {lane}) reads lane {j}"
            );
        }
        assert!(compared > 80, "mode {mode}: {compared} compared");
    }
}

/// A control word for bundles the tests write (the translator ignores scheduling).
const SCHED: u64 = 0x001f_8000_fc00_07e0;
const NOP: u64 = 0x50b0_0000_0007_0f00;
const RET: u64 = 0xe320_0000_0007_000f;

/// `cal` from the instruction at byte `from_b` to the bundle at byte `to_b`.
fn call(from_b: usize, to_b: usize) -> u64 {
    let rel = (to_b as i64 - from_b as i64 - 8) as u64 & 0xff_ffff;
    0xe260_0000_0000_0040 | rel << 20
}

/// Appends `words` (instructions) to `code` in bundles; returns where they start.
fn append_bundles(code: &mut Vec<u8>, words: &[u64]) -> usize {
    let start = code.len();
    for chunk in words.chunks(3) {
        code.extend(SCHED.to_le_bytes());
        for index in 0..3 {
            code.extend(chunk.get(index).copied().unwrap_or(NOP).to_le_bytes());
        }
    }
    start
}

fn word_at(code: &[u8], at_b: usize) -> u64 {
    u64::from_le_bytes(code[at_b..at_b + 8].try_into().unwrap())
}

/// Subroutine calls (`cal` / `ret`), inlined: x_comp_shared_storage with three of its
/// instructions (0x58 `iscadd`, 0x68 `iadd c2`, 0x70 `iadd`: out.dis) moved into
/// subroutines after its code, called from where they were (the others made `nop`s),
/// once as one subroutine and once as a subroutine that calls a second one, must
/// dispatch as glslang's SPIR-V of the original GLSL does, byte for byte.
#[test]
fn subroutine_calls_dispatch_as_the_code_they_replace() {
    let name = "x_comp_shared_storage";
    let bytes = corpus_dksh(name);
    let module = shader_translate::maxwell::dksh::parse(&bytes).unwrap();
    let original = module.programs[0].code.to_vec();
    let moved = [0x58, 0x68, 0x70];
    let words_moved: Vec<u64> = moved.iter().map(|&at| word_at(&original, at)).collect();
    let mut flat = original.clone();
    let start = flat.len();
    flat[moved[0]..moved[0] + 8].copy_from_slice(&call(moved[0], start).to_le_bytes());
    for &at in &moved[1..] {
        flat[at..at + 8].copy_from_slice(&NOP.to_le_bytes());
    }
    let mut nested = flat.clone();
    append_bundles(
        &mut flat,
        &[words_moved[0], words_moved[1], words_moved[2], RET],
    );
    // The first subroutine: the `iscadd`, a call (at start + 0x10) of the second, `ret`.
    let second = start + 32;
    append_bundles(
        &mut nested,
        &[words_moved[0], call(start + 0x10, second), RET],
    );
    assert_eq!(nested.len(), second);
    append_bundles(&mut nested, &[words_moved[1], words_moved[2], RET]);
    let groups = 2u32;
    let values: Vec<u32> = (0..64 * groups)
        .map(|i| i.wrapping_mul(0x2545_f491) >> 3)
        .collect();
    let bindings = [
        storage(0, words(values)),
        storage(1, vec![0; 4 * (1 + 64 * groups as usize)]),
        uniform(0, words([0x0bad_cafe, 5, 0, 0])),
    ];
    let sides = [Side::Code(flat), Side::Code(nested), Side::Glslang];
    let out = dispatch_sides(name, &bindings, [groups, 1, 1], &sides);
    let reference = &out[2][1];
    assert!(reference[4..].chunks(4).filter(|w| *w != [0; 4]).count() > 100);
    assert_eq!(&out[0][1], reference, "one subroutine");
    assert_eq!(&out[1][1], reference, "a subroutine calling another");
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
    let translated = Side::Translated(corpus_dksh("x_comp_images"));
    for (side, source) in [translated, Side::Glslang].iter().enumerate() {
        let program = compute_program(&rig, "x_comp_images", source);
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

/// One image of the typed image tests: slot, GLSL format, Hookshot's format name, size,
/// initial texels.
struct TypedImage {
    slot: u8,
    format: shader_translate::maxwell::image_format::ImageFormat,
    memory_name: &'static str,
    width_px: u32,
    height_px: u32,
    texels: Vec<u8>,
}

/// Runs `name` over `images` once through the translation of its binary (the slot map
/// stating each image's format) and once through glslang's SPIR-V of its GLSL; returns
/// each side's images after the dispatch.
fn dispatch_typed_images(name: &str, images: &[TypedImage], groups: [u32; 3]) -> [Vec<Vec<u8>>; 2] {
    dispatch_typed_images_with(name, None, images, groups)
}

/// As [`dispatch_typed_images`], the translated side running `code` (the program's
/// instruction stream changed) where given.
fn dispatch_typed_images_with(
    name: &str,
    code: Option<&[u8]>,
    images: &[TypedImage],
    groups: [u32; 3],
) -> [Vec<Vec<u8>>; 2] {
    use common::readback::region;
    use gpu::objects::ImageHandle;
    use shader_translate::maxwell::dksh::ProgramType;
    use shader_translate::maxwell::slots::{stage_index, SlotMap};
    let rig = Rig::new(true);
    let mut slots = SlotMap::deko3d();
    for image in images {
        slots.image_formats[stage_index(ProgramType::Compute)][usize::from(image.slot)] =
            Some(image.format);
    }
    let bytes = corpus_dksh(name);
    let translated = match code {
        None => translator().translate_dksh_with(name, &bytes, &slots),
        Some(code) => {
            let module = shader_translate::maxwell::dksh::parse(&bytes).unwrap();
            let program = &module.programs[0];
            let parts = shader_translate::maxwell::program::ProgramParts {
                kind: program.header.kind,
                sph: program.sph,
                code,
                constbuf1: program.constbuf1,
                compute: program.header.compute(),
                tess_mode: None,
            };
            translator().translate_maxwell_with(name, &parts, &slots)
        }
    }
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    let ours = rig
        .device
        .create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&translated)],
        })
        .unwrap();
    let programs = [ours, compute_program(&rig, name, &Side::Glslang)];
    let mut sides = Vec::new();
    for (side, program) in programs.into_iter().enumerate() {
        let table = rig.device.create_texture_table(9).unwrap();
        let samplers = rig.device.create_sampler_table(1).unwrap();
        let mut commands = rig.device.command_buffer();
        commands.bind_program(program).unwrap();
        commands.bind_descriptor_tables(table, samplers).unwrap();
        let mut textures = Vec::new();
        for (index, image) in images.iter().enumerate() {
            let offset_b = (1 << 20) + ((side * images.len() + index) as u64) * (64 << 10);
            let (texture, view) = rig.storage_image(
                image.memory_name,
                offset_b,
                image.width_px,
                image.height_px,
                &image.texels,
            );
            let texture_slot = u32::from(image.slot) + 1;
            rig.device
                .register_image(table, texture_slot, view)
                .unwrap();
            commands
                .bind_image(Stage::Compute, image.slot, ImageHandle { texture_slot })
                .unwrap();
            textures.push(texture);
        }
        commands.dispatch(groups).unwrap();
        rig.submit(&commands.finish());
        rig.finish();
        let read: Vec<Vec<u8>> = images
            .iter()
            .zip(&textures)
            .map(|(image, &texture)| {
                rig.submit_and_read(
                    rig.device.command_buffer(),
                    region(texture, 0, image.width_px, image.height_px),
                    image.texels.len(),
                )
            })
            .collect();
        sides.push(read);
    }
    let reference = sides.pop().unwrap();
    [sides.pop().unwrap(), reference]
}

/// Random finite half floats of magnitude 2^-5 to 8 (exponents 10 to 17), as bytes.
fn half_texels(count: usize, seed: u64) -> Vec<u8> {
    let mut random = common::texels::Bytes(seed);
    (0..count)
        .flat_map(|_| {
            let bits =
                (random.below(2) << 15) | ((10 + random.below(8)) << 10) | random.below(1024);
            (bits as u16).to_le_bytes()
        })
        .collect()
}

/// Random floats k / 64, |k| < 256, as bytes.
fn float_texels(count: usize, seed: u64) -> Vec<u8> {
    let mut random = common::texels::Bytes(seed);
    (0..count)
        .flat_map(|_| ((random.below(512) as f32 - 256.0) / 64.0).to_le_bytes())
        .collect()
}

/// Typed images (`x_comp_image_formats`): raw `suld` of b32, b64 and b128 texels of
/// rgba8, rgba16f, rgba32f, rgba8ui, rgba16ui, rgba32i, rgba8_snorm and r32f images (the
/// bytes packed from the formatted read, uam's code unpacking them) and formatted `sust`
/// (the registers converted as the format says), against glslang's SPIR-V of the same
/// GLSL. Integer and snorm images must match byte for byte. Floats: uam unpacks a unorm
/// or snorm byte as `byte * (1 / 255)` (or 127), where Vulkan's conversion divides, so a
/// value read from rgba8 or rgba8_snorm may be 1 ulp away; every result here adds one
/// such value to exactly representable ones (halves times 2, floats k/64), so an f32
/// result is within 1 ulp of the sum (values below 8: 2^-20), and a half result within 1
/// half ulp (the f32 sum rounded to half on either side of a rounding boundary).
#[test]
fn typed_image_loads_and_stores_dispatch_as_glslang_dispatches_them() {
    let images = format_images();
    let [ours, reference] = dispatch_typed_images("x_comp_image_formats", &images, [2, 2, 1]);
    compare_format_images(&images, &ours, &reference);
}

/// `x_comp_image_formats`' images: slot, format, initial texels.
fn format_images() -> Vec<TypedImage> {
    use shader_translate::maxwell::image_format::ImageFormat;
    let texels = |seed: u64, bytes: usize| common::texels::Bytes(seed).vec(bytes);
    let (w, h) = (16u32, 32u32);
    let count = (w * h) as usize;
    let image = |slot, format, memory_name, texels: Vec<u8>| TypedImage {
        slot,
        format,
        memory_name,
        width_px: w,
        height_px: h,
        texels,
    };
    vec![
        image(
            0,
            ImageFormat::Rgba8,
            "rgba8",
            texels(0x1a6e_0010, count * 4),
        ),
        image(
            1,
            ImageFormat::Rgba16f,
            "rgba16f",
            half_texels(count * 4, 0x1a6e_0011),
        ),
        image(
            2,
            ImageFormat::Rgba32f,
            "rgba32f",
            float_texels(count * 4, 0x1a6e_0012),
        ),
        image(
            3,
            ImageFormat::Rgba8ui,
            "rgba8ui",
            texels(0x1a6e_0013, count * 4),
        ),
        image(
            4,
            ImageFormat::Rgba16ui,
            "rgba16ui",
            texels(0x1a6e_0014, count * 8),
        ),
        image(
            5,
            ImageFormat::Rgba32i,
            "rgba32i",
            texels(0x1a6e_0015, count * 16),
        ),
        image(
            6,
            ImageFormat::Rgba8Snorm,
            "rgba8sn",
            texels(0x1a6e_0016, count * 4),
        ),
        image(
            7,
            ImageFormat::R32f,
            "r32f",
            float_texels(count, 0x1a6e_0017),
        ),
    ]
}

/// The formats test's images after the dispatch against glslang's (the tolerances at
/// `typed_image_loads_and_stores_...`).
fn compare_format_images(images: &[TypedImage], ours: &[Vec<u8>], reference: &[Vec<u8>]) {
    use shader_translate::maxwell::image_format::ImageFormat;
    for ((ours, reference), image) in ours.iter().zip(reference).zip(images) {
        let name = image.memory_name;
        if image.slot != 0 {
            assert_ne!(reference, &image.texels, "{name} was not written");
        }
        match image.format {
            ImageFormat::Rgba16f => {
                for (k, (a, b)) in ours.chunks(2).zip(reference.chunks(2)).enumerate() {
                    let (a, b) = (
                        u16::from_le_bytes([a[0], a[1]]),
                        u16::from_le_bytes([b[0], b[1]]),
                    );
                    let same_sign = (a ^ b) & 0x8000 == 0;
                    assert!(
                        a == b || (same_sign && a.abs_diff(b) <= 1),
                        "{name} half {k}: ours {a:#06x}, glslang {b:#06x}"
                    );
                }
            }
            ImageFormat::Rgba32f | ImageFormat::R32f => {
                for (k, (a, b)) in ours.chunks(4).zip(reference.chunks(4)).enumerate() {
                    let a = f32::from_le_bytes(a.try_into().unwrap());
                    let b = f32::from_le_bytes(b.try_into().unwrap());
                    assert!(
                        (a - b).abs() <= 1.0 / 1_048_576.0,
                        "{name} float {k}: ours {a}, glslang {b}"
                    );
                }
            }
            _ => assert!(ours == reference, "{name} differs from glslang's"),
        }
    }
}

/// Typed image atomics (`x_comp_image_atomics_typed`): signed min and max (`suatom d
/// s32`, the type bits ORed into the handle, the slot told by its stated r32i format),
/// add, and, or, xor and exchange on r32i, unsigned max on r32ui, an r32f load and
/// store; each atomic in its own band of texels, so the order the invocations run in
/// does not change the result. All exact: integers, and floats k/64 + v/4 (exact sums).
#[test]
fn signed_image_atomics_dispatch_as_glslang_dispatches_them() {
    let images = typed_atomic_images();
    let [ours, reference] = dispatch_typed_images("x_comp_image_atomics_typed", &images, [2, 2, 1]);
    for ((ours, reference), image) in ours.iter().zip(&reference).zip(&images) {
        let name = image.memory_name;
        assert_ne!(reference, &image.texels, "{name} was not written");
        assert!(ours == reference, "{name} differs from glslang's");
    }
}

/// `x_comp_image_atomics_typed`'s images: r32i counts (slot 2), r32f levels (slot 5),
/// r32ui plain (slot 6), of generated texels.
fn typed_atomic_images() -> [TypedImage; 3] {
    use shader_translate::maxwell::image_format::ImageFormat;
    let int_texels = |seed: u64, count: usize| {
        let mut random = common::texels::Bytes(seed);
        (0..count)
            .flat_map(|_| (random.below(4000) as i32 - 2000).to_le_bytes())
            .collect::<Vec<u8>>()
    };
    [
        TypedImage {
            slot: 2,
            format: ImageFormat::R32i,
            memory_name: "r32i",
            width_px: 112,
            height_px: 32,
            texels: int_texels(0x1a6e_0020, 112 * 32),
        },
        TypedImage {
            slot: 5,
            format: ImageFormat::R32f,
            memory_name: "r32f",
            width_px: 16,
            height_px: 32,
            texels: float_texels(16 * 32, 0x1a6e_0021),
        },
        TypedImage {
            slot: 6,
            format: ImageFormat::R32ui,
            memory_name: "r32ui",
            width_px: 8,
            height_px: 8,
            texels: common::texels::Bytes(0x1a6e_0022).vec(8 * 8 * 4),
        },
    ]
}

/// Image reductions (`sured`, the result-less image atomic NVIDIA's compiler writes and
/// uam does not): `x_comp_image_atomics_typed` with each of its atomics whose result
/// goes to `$rz` (min and max signed, add, and, or, xor on r32i, max on r32ui) rewritten
/// as `sured d` (Ryujinx's fields: the operand register at bits 0-7, coordinates at
/// 8-15, the operation at 24-26, the operand type at 20-22 (s32 for the signed min and
/// max, whose handle uam ORed with type 1), the handle at 36-48; envydis names each
/// rewritten word `sured d t2d OP ign g[$r0] $rN 0x4a`, the type bit aside) dispatches
/// as glslang's SPIR-V of the unchanged GLSL does.
#[test]
fn image_reductions_dispatch_as_the_atomics_they_replace() {
    let bytes = corpus_dksh("x_comp_image_atomics_typed");
    let module = shader_translate::maxwell::dksh::parse(&bytes).unwrap();
    let mut code = module.programs[0].code.to_vec();
    let field = |word: u64, lo: u32, bits: u32| (word >> lo) & ((1 << bits) - 1);
    let mut rewritten = 0;
    for at_b in (0..code.len()).step_by(8) {
        let word = word_at(&code, at_b);
        // `suatom d` with an immediate handle (0xea78 on top) and no result.
        if word >> 48 != 0xea78 || field(word, 0, 8) != 0xff {
            continue;
        }
        let op = field(word, 29, 4);
        let handle_and_type = field(word, 36, 13);
        let signed = matches!(op, 1 | 2) && handle_and_type & 1 == 1;
        let handle = if signed {
            handle_and_type & !1
        } else {
            handle_and_type
        };
        let sured = 0xeb58 << 48
            | field(word, 49, 2) << 49
            | handle << 36
            | field(word, 33, 3) << 33
            | op << 24
            | u64::from(signed) << 20
            | field(word, 16, 4) << 16
            | field(word, 8, 8) << 8
            | field(word, 20, 8);
        code[at_b..at_b + 8].copy_from_slice(&sured.to_le_bytes());
        rewritten += 1;
    }
    assert_eq!(rewritten, 7, "the result-less atomics of out.dis");
    let images = typed_atomic_images();
    let [ours, reference] = dispatch_typed_images_with(
        "x_comp_image_atomics_typed",
        Some(&code),
        &images,
        [2, 2, 1],
    );
    for ((ours, reference), image) in ours.iter().zip(&reference).zip(&images) {
        let name = image.memory_name;
        assert_ne!(reference, &image.texels, "{name} was not written");
        assert!(ours == reference, "{name} differs from glslang's");
    }
}

/// The formatted load, which uam does not emit: `x_comp_image_formats` with its raw b128
/// load of rgba32i slot 5 and b32 load of r32f slot 7 made formatted loads (`suld p
/// rgba`, `suld p r`: for 32-bit channels the channels' bits are the raw words)
/// dispatches as glslang's SPIR-V of the unchanged GLSL does.
#[test]
fn formatted_loads_dispatch_as_the_raw_loads_they_replace() {
    let bytes = corpus_dksh("x_comp_image_formats");
    let module = shader_translate::maxwell::dksh::parse(&bytes).unwrap();
    let mut code = module.programs[0].code.to_vec();
    // (envydis's listing of the word, the bits 20-23 and 52 it becomes).
    let changes: [(u64, u64, u64); 2] = [
        (0xeb18_04d6_0067_0000, 0xf, 0), // suld d b128 -> suld p rgba
        (0xeb18_04f6_0047_0000, 0x1, 0), // suld d b32 -> suld p r
    ];
    for (word, components, raw) in changes {
        let at_b = (0..code.len())
            .step_by(8)
            .find(|&at| word_at(&code, at) == word)
            .unwrap_or_else(|| panic!("{word:#018x} not in the code"));
        let changed = (word & !(0xf << 20) & !(1 << 52)) | components << 20 | raw << 52;
        code[at_b..at_b + 8].copy_from_slice(&changed.to_le_bytes());
    }
    let images = format_images();
    let [ours, reference] =
        dispatch_typed_images_with("x_comp_image_formats", Some(&code), &images, [2, 2, 1]);
    compare_format_images(&images, &ours, &reference);
}

/// A float image atomic (`x_comp_image_float_exchange`: imageAtomicExchange on r32f,
/// slot 1 stated r32f): each invocation swaps its own texel (the old value it gets is the
/// one the image started with) and stores it doubled below; exact (floats only moved and
/// doubled). The device has shaderImageFloat32Atomics here (lavapipe offers it).
#[test]
fn a_float_image_exchange_dispatches_as_glslang_dispatches_it() {
    use shader_translate::maxwell::image_format::ImageFormat;
    let images = [TypedImage {
        slot: 1,
        format: ImageFormat::R32f,
        memory_name: "r32f",
        width_px: 16,
        height_px: 32,
        texels: float_texels(16 * 32, 0x1a6e_0040),
    }];
    let [ours, reference] =
        dispatch_typed_images("x_comp_image_float_exchange", &images, [2, 2, 1]);
    assert_ne!(reference[0], images[0].texels, "the image was not written");
    assert!(ours[0] == reference[0], "r32f differs from glslang's");
}

/// On a device without shaderImageFloat32Atomics, a program with a float image atomic,
/// translated or glslang's, is refused when bound, naming the feature; one without
/// (x_comp_images, r32ui atomics) binds.
#[test]
fn a_float_image_atomic_is_refused_without_its_feature() {
    use gpu::error::RecordError;
    use shader_translate::maxwell::dksh::ProgramType;
    use shader_translate::maxwell::image_format::ImageFormat;
    use shader_translate::maxwell::slots::{stage_index, SlotMap};
    let capable = *Rig::new(true).device.features();
    assert!(
        capable.shader_image_float32_atomics,
        "the test device (lavapipe) offers shaderImageFloat32Atomics"
    );
    let rig = Rig::with_options(gpu_vk::executor::ExecutorOptions {
        state_features: Some(gpu::DeviceFeatures {
            shader_image_float32_atomics: false,
            ..capable
        }),
        ..gpu_vk::executor::ExecutorOptions::default()
    });
    let name = "x_comp_image_float_exchange";
    let mut slots = SlotMap::deko3d();
    slots.image_formats[stage_index(ProgramType::Compute)][1] = Some(ImageFormat::R32f);
    let translated = translator()
        .translate_dksh_with(name, &corpus_dksh(name), &slots)
        .unwrap();
    let ours = rig
        .device
        .create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&translated)],
        })
        .unwrap();
    for program in [ours, compute_program(&rig, name, &Side::Glslang)] {
        let mut commands = rig.device.command_buffer();
        match commands.bind_program(program) {
            Err(RecordError::MissingCapability { capability, .. }) => {
                assert_eq!(capability, "shaderImageFloat32Atomics")
            }
            other => panic!("bound: {other:?}"),
        }
    }
    let plain = compute_program(
        &rig,
        "x_comp_images",
        &Side::Translated(corpus_dksh("x_comp_images")),
    );
    rig.device.command_buffer().bind_program(plain).unwrap();
}

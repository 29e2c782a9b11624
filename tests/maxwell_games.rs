//! The game-style programs of `shader_translate/tests/maxwell_games/` on the real driver
//! (lavapipe in CI, validation on): each dispatch runs once through the program
//! translated from uam's binary and once through glslang's SPIR-V of its GLSL, over the
//! same generated inputs, and the storage buffers are compared afterwards: integers
//! exactly; floats within 1e-4 relative (plus 1e-5 absolute), since the binary
//! computes with `mufu` reciprocals and fused multiply-adds where glslang's module
//! divides and lavapipe may or may not fuse, a few units in the last place a step.
//! Results whose order depends on which invocation ran first (appends through an
//! atomic counter) are compared as sorted sets. The compute programs that read textures
//! or images are in `maxwell_game_textures.rs`, later ones in `maxwell_game_dispatches.rs`;
//! the fragment programs are drawn in `maxwell_game_draws.rs`, the other stages in
//! `maxwell_game_stages.rs`, random programs in `maxwell_fuzz.rs`.

mod common;

use std::path::Path;

use common::compute::{
    as_floats, assert_floats_agree, dispatch_sources, floats, sorted_records, storage, uniform,
    words, Binding, Stream,
};
use common::rig::Rig;

fn game_dir(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_games")
        .join(name)
}

/// Runs `groups` workgroups of `name` both ways over fresh copies of `bindings`; returns
/// each storage binding's bytes after the dispatch: (translated, glslang).
fn dispatch_both(name: &str, bindings: &[Binding], groups: [u32; 3]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let dksh = std::fs::read(game_dir(name).join("out.dksh")).unwrap();
    let glsl = std::fs::read_to_string(game_dir(name).join("source.glsl")).unwrap();
    dispatch_sources(&Rig::new(true), name, (&dksh, &glsl), bindings, groups)
}

/// A work-efficient prefix sum in shared memory across `barrier()`s in loops: integers,
/// every word exact.
#[test]
fn the_prefix_sum_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream::new(0x1234_5678);
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
    let mut stream = Stream::new(0x3141_5926);
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
    let negative: Vec<bool> = ints.iter().map(|&n| (n as i32) < 0).collect();
    let bindings = [
        storage(0, words(ints)),
        storage(1, floats(values)),
        storage(2, vec![0; 4 * 12 * 128]),
    ];
    let out = dispatch_both("g_comp_math_kernel", &bindings, [2, 1, 1]);
    // GLSL leaves `%` undefined when an operand is negative: the console's code (uam's)
    // takes the dividend's sign, glslang's OpSMod the divisor's, and drivers differ, so
    // word 0 of each record (`n % 17`) is compared only where `n` is not negative.
    let defined = |bytes: &[u8]| -> Vec<u8> {
        let mut bytes = bytes.to_vec();
        for (at, _) in negative.iter().enumerate().filter(|(_, &neg)| neg) {
            bytes[at * 48..at * 48 + 4].fill(0);
        }
        bytes
    };
    assert_eq!(
        defined(&out[2].0),
        defined(&out[2].1),
        "math kernel results"
    );
}

/// The material masks' bindings: flags over edge values (then random words), two layers
/// of random words, two layers of random weights, and the zeroed results.
fn select_masks_bindings(seed: u64) -> Vec<Binding> {
    let mut stream = Stream::new(seed);
    let mut flags: Vec<u32> = vec![
        0,
        1,
        2,
        3,
        4,
        7,
        12,
        100,
        101,
        -1i32 as u32,
        -3i32 as u32,
        -4i32 as u32,
        0x7fff_ffff,
        0x8000_0000,
        0x8000_0001,
        0xffff_fff4,
    ];
    flags.extend(stream.words(128 - flags.len(), u32::MAX));
    vec![
        storage(0, words(flags)),
        storage(1, words(stream.words(2 * 128 * 4, u32::MAX))),
        storage(2, floats(stream.floats(2 * 128 * 4, -8.0, 8.0))),
        storage(3, vec![0; 3 * 128 * 16]),
    ]
}

/// Material masks: integer flags over edge values become boolean vectors that `mix`
/// chooses components with, which uam compiles to `icmp` (a word chosen by comparing
/// another with zero): every word exact.
#[test]
fn the_select_masks_dispatch_as_glslang_dispatches_them() {
    let bindings = select_masks_bindings(0x1c3b_5e1d);
    let out = dispatch_both("g_comp_select_masks", &bindings, [2, 1, 1]);
    assert_eq!(out[3].0, out[3].1, "resolved layers, weights and counts");
}

/// `fcmp`, which uam does not emit: the material masks' program with each register-form
/// `icmp ne u32` rewritten as `fcmp neu` (every other one with `ftz`). Each compares an
/// `iset` result, 0 or all ones (a NaN), with zero, which both read alike, so the
/// rewritten program must still dispatch as glslang's module of the GLSL does.
#[test]
fn fcmp_chooses_as_the_icmp_it_replaces() {
    let mut dksh = std::fs::read(game_dir("g_comp_select_masks").join("out.dksh")).unwrap();
    let glsl =
        std::fs::read_to_string(game_dir("g_comp_select_masks").join("source.glsl")).unwrap();
    const OPCODE: u64 = 0xfff << 52;
    const TEST: u64 = 0xf << 48;
    let mut rewritten = 0;
    for chunk in dksh.chunks_exact_mut(8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap());
        // icmp (register form) ne, u32: test 5 at bits 49-51, bit 48 clear.
        if word & (OPCODE | TEST) != (0x5b4 << 52) | (5 << 49) {
            continue;
        }
        let ftz = if rewritten % 2 == 1 { 1 << 47 } else { 0 };
        let fcmp_neu = (word & !(OPCODE | TEST)) | (0x5ba << 52) | (13 << 48) | ftz;
        chunk.copy_from_slice(&fcmp_neu.to_le_bytes());
        rewritten += 1;
    }
    assert_eq!(rewritten, 9, "register-form icmp words in the program");
    let bindings = select_masks_bindings(0x0fc3_a11e);
    let out = dispatch_sources(
        &Rig::new(true),
        "g_comp_select_masks with fcmp",
        (&dksh, &glsl),
        &bindings,
        [2, 1, 1],
    );
    assert_eq!(out[3].0, out[3].1, "resolved layers, weights and counts");
}

/// A bitonic sort of 512 keys a workgroup in shared memory: exact, and sorted.
#[test]
fn the_bitonic_sort_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream::new(0x0bad_cafe);
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
    let mut stream = Stream::new(0x5151_5151);
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
    let mut stream = Stream::new(0x7777_1111);
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
    let mut stream = Stream::new(0x2468_ace0);
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
    let mut stream = Stream::new(0x1357_9bdf);
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
    let mut stream = Stream::new(0x0c10_7400);
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

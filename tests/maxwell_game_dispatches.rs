//! More game-style compute programs of `shader_translate/tests/maxwell_games/` (particle
//! compaction, mesh level-of-detail selection, clustered light lists, dual-quaternion
//! skinning) on the real driver (lavapipe in CI, validation on), each dispatched through
//! the program translated from uam's binary and through glslang's module of its GLSL over
//! the same generated buffers; integers compared exactly, floats as `common::compute`
//! states, appends through atomic counters as sets. The first programs are in
//! `maxwell_games.rs`.

mod common;

use std::path::Path;

use common::compute::{
    as_floats, assert_floats_agree, dispatch_sources, floats, storage, uniform, words, Binding,
    Stream,
};
use common::rig::Rig;

fn dispatch_both(name: &str, bindings: &[Binding], groups: [u32; 3]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_games")
        .join(name);
    let dksh = std::fs::read(dir.join("out.dksh")).unwrap();
    let glsl = std::fs::read_to_string(dir.join("source.glsl")).unwrap();
    dispatch_sources(&Rig::new(true), name, (&dksh, &glsl), bindings, groups)
}

fn as_words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect()
}

/// The first `n` words of `bytes`, sorted (appends land in the order invocations ran).
fn sorted_words(bytes: &[u8], n: usize) -> Vec<u32> {
    let mut list = as_words(bytes)[..n].to_vec();
    list.sort();
    list
}

/// Particle compaction: alive and free lists through global atomic counters (compared
/// as sets, each index in exactly one), a shared counter's maximum over the workgroups,
/// the last workgroup's indirect arguments: every counter exact.
#[test]
fn particle_compaction_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream::new(0xc0a7_0001);
    let count = 200usize;
    let mut particles = Vec::new();
    for _ in 0..count {
        particles.extend(stream.floats(3, -5.0, 5.0));
        particles.push(stream.float(0.0, 1.0));
        particles.extend(stream.floats(3, -1.0, 1.0));
        particles.push(stream.float(0.0, 1.0));
    }
    let mut params = words([count as u32]);
    params.extend(floats([0.3, 0.8]));
    params.extend(words([4]));
    let bindings = [
        storage(0, floats(particles)),
        storage(1, vec![0; 4 * count]),
        storage(2, vec![0; 4 * count]),
        storage(3, vec![0; 48]),
        uniform(0, params),
    ];
    let out = dispatch_both("g_comp_particle_compact", &bindings, [4, 1, 1]);
    assert_eq!(out[3].0, out[3].1, "counters and indirect arguments");
    let counters = as_words(&out[3].1);
    let (alive, free) = (counters[0] as usize, counters[1] as usize);
    assert_eq!(alive + free, count, "every particle listed once");
    assert_eq!(counters[2], 4, "workgroups finished");
    assert!(alive > 20 && free > 20, "{alive} alive, {free} free");
    assert_eq!(
        counters[4..8],
        [alive.div_ceil(64) as u32, 1, 1, 0],
        "dispatch arguments"
    );
    // The storage bindings come back in slot order: particles, alive, free, counters.
    let (alive_list, free_list) = particle_lists(&bindings[0].bytes, count, (0.3, 0.8));
    for (slot, n, list) in [(1, alive, alive_list), (2, free, free_list)] {
        let (ours, reference) = &out[slot];
        assert_eq!(
            sorted_words(ours, n),
            list,
            "translated list of slot {slot}"
        );
        assert_eq!(
            sorted_words(reference, n),
            list,
            "glslang's list of slot {slot}"
        );
    }
}

/// The CPU model of the compaction: the indices of the live particles (life above
/// `min_life`, size at most `max_size`) and of the others, each ascending.
fn particle_lists(
    particles: &[u8],
    count: usize,
    (min_life, max_size): (f32, f32),
) -> (Vec<u32>, Vec<u32>) {
    let field = |index: usize, word: usize| {
        let at = index * 32 + word * 4;
        f32::from_le_bytes(particles[at..at + 4].try_into().unwrap())
    };
    (0..count as u32)
        .partition(|&i| field(i as usize, 3) > min_life && field(i as usize, 7) <= max_size)
}

/// Mesh level-of-detail selection: `log2` of a projected size, hysteresis, a cap for
/// hero objects, culling; each instance's choice exact, the levels' counts exact, their
/// lists as sets.
#[test]
fn mesh_lod_selection_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream::new(0x10d5_0001);
    let count = 200usize;
    let mut instances = Vec::new();
    for _ in 0..count {
        instances.extend(floats([
            stream.float(-50.0, 50.0),
            stream.float(-10.0, 10.0),
            stream.float(-120.0, 10.0),
            stream.float(0.2, 6.0),
        ]));
        instances.extend(words([
            stream.next() % 100,
            stream.next() % 8,
            stream.next() % 4,
            0,
        ]));
    }
    // A view turned slightly and moved back; 64 pixels the level-0 size.
    let mut camera = floats([
        0.98, 0.0, -0.2, 0.0, 0.0, 1.0, 0.0, 0.0, 0.2, 0.0, 0.98, 0.0, 1.0, -2.0, -5.0, 1.0,
    ]);
    camera.extend(floats([64.0, 700.0, 0.0, 0.0]));
    camera.extend(words([count as u32, 200]));
    camera.extend(floats([0.25, 0.3]));
    let bindings = [
        storage(0, instances),
        storage(1, vec![0; 4 * (8 + 8 * 200)]),
        storage(2, vec![0; 4 * count]),
        uniform(0, camera),
    ];
    let out = dispatch_both("g_comp_mesh_lod_select", &bindings, [4, 1, 1]);
    assert_eq!(out[2].0, out[2].1, "each instance's level and mesh");
    let (ours, reference) = (as_words(&out[1].0), as_words(&out[1].1));
    assert_eq!(ours[..8], reference[..8], "instances per level");
    let levels_used = reference[..8].iter().filter(|&&n| n > 0).count();
    assert!(levels_used >= 3, "levels {:?}", &reference[..8]);
    for level in 0..8 {
        let n = reference[level] as usize;
        let list = |words: &[u32]| {
            let mut list = words[8 + level * 200..8 + level * 200 + n].to_vec();
            list.sort();
            list
        };
        assert_eq!(list(&ours), list(&reference), "level {level}'s list");
    }
}

/// Clustered lights: each cluster's box from an inverse projection and `pow`-spaced
/// slices, sphere-box tests over 64 lights in order: ranges and indices exact.
#[test]
fn clustered_light_lists_dispatch_as_glslang_dispatches_them() {
    let mut stream = Stream::new(0xc105_0001);
    let lights = 64u32;
    let mut spheres = Vec::new();
    for _ in 0..lights {
        spheres.extend([
            stream.float(-20.0, 20.0),
            stream.float(-20.0, 20.0),
            stream.float(-50.0, -0.5),
            stream.float(0.5, 6.0),
        ]);
    }
    // The inverse of a GL perspective projection (f = 1.5, near 0.5, far 50).
    let (f, near, far) = (1.5f32, 0.5f32, 50.0f32);
    let a = (far + near) / (near - far);
    let b = 2.0 * far * near / (near - far);
    let mut inverse = [0.0f32; 16];
    inverse[0] = 1.0 / f;
    inverse[5] = 1.0 / f;
    inverse[14] = -1.0;
    inverse[11] = 1.0 / b;
    inverse[15] = a / b;
    let mut grid = floats(inverse);
    grid.extend(floats([128.0, 64.0, near, far]));
    grid.extend(words([8, 4, 8, 0, lights, 32]));
    let clusters = 8 * 4 * 8;
    let bindings = [
        storage(0, floats(spheres)),
        storage(1, vec![0; 8 * clusters]),
        storage(2, vec![0; 4 * 32 * clusters]),
        uniform(0, grid),
    ];
    let out = dispatch_both("g_comp_clustered_lights", &bindings, [1, 1, 8]);
    assert_eq!(out[1].0, out[1].1, "clusters' ranges");
    assert_eq!(out[2].0, out[2].1, "clusters' light indices");
    let ranges = as_words(&out[1].1);
    let lit = (0..clusters).filter(|c| ranges[2 * c + 1] > 0).count();
    assert!(
        lit > 20 && lit < clusters,
        "{lit} of {clusters} clusters lit"
    );
}

/// Dual-quaternion skinning: joints clamped to the palette, the antipodal fix, a
/// normalised blend, `cross`, `normalize`: floats within the tolerance.
#[test]
fn dual_quaternion_skinning_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream::new(0xd0a1_0001);
    let vertices = 100usize;
    let mut bytes = Vec::new();
    for _ in 0..vertices {
        bytes.extend(floats(stream.floats(3, -2.0, 2.0)));
        bytes.extend(floats([1.0]));
        bytes.extend(floats(stream.floats(3, -1.0, 1.0)));
        bytes.extend(floats([0.0]));
        bytes.extend(words(stream.words(4, 40)));
        bytes.extend(floats(stream.floats(4, 0.05, 1.0)));
    }
    let bindings = [
        storage(0, bytes),
        storage(1, floats(stream.floats(32 * 8, -1.0, 1.0))),
        storage(2, vec![0; 32 * vertices]),
        uniform(0, words([vertices as u32, 32, 0, 0])),
    ];
    let out = dispatch_both("g_comp_dual_quat_skinning", &bindings, [2, 1, 1]);
    assert_floats_agree("skinned", &as_floats(&out[2].0), &as_floats(&out[2].1));
    assert!(as_floats(&out[2].1).iter().filter(|v| **v != 0.0).count() > 400);
}

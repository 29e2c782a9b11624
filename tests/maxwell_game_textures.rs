//! The game-style compute programs of `shader_translate/tests/maxwell_games/` that read
//! textures or images, on the real driver (lavapipe in CI, validation on): each dispatch
//! runs once through the program translated from uam's binary (told the images' formats,
//! as a port's slot map tells it) and once through glslang's module of its GLSL, over the
//! same generated texels and buffers; storage buffers and images are compared afterwards
//! (integers exactly, floats as `common::compute` states). The other compute programs are
//! in `maxwell_games.rs`.

mod common;

use std::path::Path;

use common::compute::{
    as_floats, assert_floats_agree, dispatch_with_resources, floats, storage, uniform, words,
    Binding, Pairs, Stream,
};
use common::rig::Rig;
use common::stage_resources::{as_halves, halves, Image, Resources, Sampled};
use shader_translate::maxwell::image_format::ImageFormat;

fn sources(name: &str) -> (Vec<u8>, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_games")
        .join(name);
    (
        std::fs::read(dir.join("out.dksh")).unwrap(),
        std::fs::read_to_string(dir.join("source.glsl")).unwrap(),
    )
}

fn dispatch_both(
    name: &str,
    bindings: &[Binding],
    resources: &Resources,
    groups: [u32; 3],
) -> (Pairs, Pairs) {
    let (dksh, glsl) = sources(name);
    let rig = Rig::new(true);
    dispatch_with_resources(&rig, name, (&dksh, &glsl), (bindings, resources), groups)
}

/// The horizontal Gaussian blur: rgba16f images through `imageLoad`/`imageStore` and
/// `imageSize`, a row in shared memory, the edges clamped (an image 100 wide, two
/// workgroups a row, the second's last 28 invocations returning). Each output texel is
/// one f32 sum rounded to half once on each side: the sums agree within the float
/// tolerance, so their halves within one half step (2^-10 relative, 2^-24 at zero).
#[test]
fn the_gaussian_blur_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream::new(0x0b1a_4401);
    let (width_px, height_px) = (100, 6);
    let texels = (width_px * height_px * 4) as usize;
    let resources = Resources {
        sampled: Vec::new(),
        images: vec![
            Image {
                slot: 0,
                format: ImageFormat::Rgba16f,
                memory_name: "rgba16f",
                width_px,
                height_px,
                texels: halves(&mut stream, texels, -4.0, 4.0),
            },
            Image {
                slot: 1,
                format: ImageFormat::Rgba16f,
                memory_name: "rgba16f",
                width_px,
                height_px,
                texels: vec![0; texels * 2],
            },
        ],
    };
    let (_, images) = dispatch_both("g_comp_gaussian_blur", &[], &resources, [2, height_px, 1]);
    let (ours, reference) = (as_halves(&images[1].0), as_halves(&images[1].1));
    assert!(reference.iter().filter(|&&h| h != 0.0).count() > texels / 2);
    for (index, (a, b)) in ours.iter().zip(&reference).enumerate() {
        let step = (b.abs() / 1024.0).max(6e-8);
        assert!(
            (a - b).abs() <= step,
            "blurred texel {} channel {}: ours {a}, glslang {b}",
            index / 4,
            index % 4
        );
    }
}

/// A perspective projection (column-major, GL's depth range).
fn projection() -> [f32; 16] {
    let (near, far, f) = (0.5f32, 50.0f32, 1.5f32);
    let mut m = [0.0; 16];
    m[0] = f;
    m[5] = f;
    m[10] = (far + near) / (near - far);
    m[11] = -1.0;
    m[14] = 2.0 * far * near / (near - far);
    m
}

/// Tiled light culling: a depth texture (r32f) read by `texelFetch`, shared atomic
/// min/max of its bits, a light loop, appends to a shared list. Each tile's count is
/// exact and its lights compared as a set (the order of the appends is the order the
/// invocations ran in).
#[test]
fn tiled_light_culling_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream::new(0x7111_2222);
    let side_px = 64u32;
    let lights = 40u32;
    let depths = floats(stream.floats((side_px * side_px) as usize, 0.2, 1.0));
    let mut buffer = words([lights, 0, 0, 0]);
    for _ in 0..lights {
        buffer.extend(floats([
            stream.float(-12.0, 12.0),
            stream.float(-12.0, 12.0),
            stream.float(-30.0, -2.0),
            stream.float(0.5, 4.0),
        ]));
    }
    let mut view = floats(projection());
    view.extend(floats([side_px as f32, side_px as f32, 0.0, 0.0]));
    let tiles = (side_px / 16) * (side_px / 16);
    let bindings = [
        storage(0, buffer),
        storage(1, vec![0; 4 * 64 * tiles as usize]),
        uniform(0, view),
    ];
    let resources = Resources {
        sampled: vec![Sampled {
            slot: 0,
            format: "r32f",
            width_px: side_px,
            height_px: side_px,
            texels: depths,
        }],
        images: Vec::new(),
    };
    let (buffers, _) = dispatch_both("g_comp_light_tiles", &bindings, &resources, [4, 4, 1]);
    let tile = |bytes: &[u8], index: usize| -> (u32, Vec<u32>) {
        let words: Vec<u32> = bytes[index * 256..(index + 1) * 256]
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
            .collect();
        let mut list = words[1..1 + words[0] as usize].to_vec();
        list.sort();
        (words[0], list)
    };
    let mut listed = 0;
    for index in 0..tiles as usize {
        let (ours, reference) = (tile(&buffers[1].0, index), tile(&buffers[1].1, index));
        assert_eq!(ours, reference, "tile {index}: (count, lights)");
        listed += reference.0;
    }
    assert!(listed > 10, "{listed} lights listed over all tiles");
}

/// The luminance histogram: an rgba16f texture read by `texelFetch`, `log2` of each
/// pixel's luminance binned in shared memory, merged with global atomics; a 45 x 37
/// image in 48 x 48 invocations (the rest skipped). The bins are sums of ones: exact.
#[test]
fn the_luminance_histogram_dispatches_as_glslang_dispatches_it() {
    let mut stream = Stream::new(0x1a3a_0001);
    let side_px = 48u32;
    let mut texels = halves(&mut stream, (side_px * side_px * 4) as usize, 0.0, 6.0);
    // A few black pixels (bin 0) and very bright ones (clamped to the last bin).
    for (index, texel) in texels.chunks_mut(8).enumerate() {
        match index % 23 {
            0 => texel.fill(0),
            1 => {
                for channel in texel.chunks_mut(2) {
                    channel.copy_from_slice(&half::f16::from_f32(9000.0).to_le_bytes());
                }
            }
            _ => {}
        }
    }
    let mut params = floats([-8.0, 1.0 / 12.0]);
    params.extend(words([45, 37, 0, 0]));
    let bindings = [storage(0, vec![0; 4 * 256]), uniform(0, params)];
    let resources = Resources {
        sampled: vec![Sampled {
            slot: 0,
            format: "rgba16f",
            width_px: side_px,
            height_px: side_px,
            texels,
        }],
        images: Vec::new(),
    };
    let (buffers, _) = dispatch_both("g_comp_luma_histogram", &bindings, &resources, [3, 3, 1]);
    assert_eq!(buffers[0].0, buffers[0].1, "histogram bins");
    let bins: Vec<u32> = buffers[0]
        .1
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect();
    assert_eq!(bins.iter().sum::<u32>(), 45 * 37, "pixels binned");
    assert!(bins.iter().filter(|&&n| n > 0).count() > 20, "{bins:?}");
}

/// A texture atlas read through a sampler array at uniform indices
/// (`g_comp_texture_array_lookup`: `texture`, `textureLod`, `texelFetch`,
/// `textureGather` of `pages[k]`, uam's handle words loaded at a run-time offset and read
/// through `.b` forms): four rgba8 pages of different texels at slots 0-3, every
/// invocation's results compared for several index sets (the indices past 3 wrap as the
/// GLSL masks them). The translated program's slot array spans 8 slots; 4-7 stay unbound.
#[test]
fn sampler_arrays_indexed_at_run_time_dispatch_as_glslang_dispatches_them() {
    let mut stream = Stream::new(0xa71a_5001);
    let side_px = 8u32;
    let sampled: Vec<Sampled> = (0..4u8)
        .map(|slot| Sampled {
            slot,
            format: "rgba8",
            width_px: side_px,
            height_px: side_px,
            texels: words(stream.words((side_px * side_px) as usize, u32::MAX)),
        })
        .collect();
    let resources = Resources {
        sampled,
        images: Vec::new(),
    };
    let mut distinct = std::collections::BTreeSet::new();
    for (page, other, fetch) in [
        (0u32, 1u32, 2u32),
        (3, 3, 0),
        (1, 2, 3),
        (2, 0, 1),
        (5, 6, 7),
    ] {
        let mut params = words([page, other, fetch]);
        params.extend(floats([0.0]));
        let bindings = [storage(0, vec![0; 64 * 2 * 16]), uniform(0, params)];
        let (buffers, _) = dispatch_both(
            "g_comp_texture_array_lookup",
            &bindings,
            &resources,
            [1, 1, 1],
        );
        let (ours, reference) = (as_floats(&buffers[0].0), as_floats(&buffers[0].1));
        assert_floats_agree(
            &format!("pages {page}, {other}, {fetch}"),
            &ours,
            &reference,
        );
        assert!(reference.iter().any(|&f| f != 0.0));
        distinct.insert(buffers[0].1.clone());
    }
    // Each index set reads other pages: the results differ.
    assert_eq!(distinct.len(), 4, "index sets with different pages");
}

/// Tile pages in an image array indexed at uniform indices (`g_comp_image_array_tiles`:
/// `imageLoad`, `imageStore`, `imageAtomicAdd` and `imageAtomicMax` on `pages[k]`, uam's
/// image-handle words loaded at a run-time offset and accessed through the register-handle
/// `suld`/`sust`/`suatom` forms): four r32ui pages of different texels at image slots 0-3,
/// the storage buffer and every page compared word for word for several index sets. The
/// translated program's slot array spans image slots 0-7; 4-7 stay unbound. On a device
/// without shaderStorageImageArrayDynamicIndexing (lavapipe before Mesa 23, for one)
/// both programs are refused when made, naming it.
#[test]
fn image_arrays_indexed_at_run_time_dispatch_as_glslang_dispatches_them() {
    let name = "g_comp_image_array_tiles";
    if image_arrays_refused(name) {
        eprintln!("{name}: refused by the device (no shaderStorageImageArrayDynamicIndexing)");
        return;
    }
    let mut stream = Stream::new(0x1a6e_a770);
    let side_px = 16u32;
    let mut distinct = std::collections::BTreeSet::new();
    for picks in [[0u32, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]] {
        let images = (0..4u8)
            .map(|slot| Image {
                slot,
                format: ImageFormat::R32ui,
                memory_name: "r32ui",
                width_px: side_px,
                height_px: side_px,
                texels: words(stream.words((side_px * side_px) as usize, u32::MAX)),
            })
            .collect();
        let resources = Resources {
            sampled: Vec::new(),
            images,
        };
        let bindings = [storage(0, vec![0; 256 * 4]), uniform(0, words(picks))];
        let (buffers, images) = dispatch_both(name, &bindings, &resources, [2, 2, 1]);
        assert_eq!(buffers[0].0, buffers[0].1, "picks {picks:?}: seen");
        assert_eq!(images.len(), 4);
        for (page, (ours, reference)) in images.iter().enumerate() {
            assert_eq!(ours, reference, "picks {picks:?}: page {page}");
        }
        distinct.insert(buffers[0].1.clone());
    }
    // Each index set reads another page: the results differ.
    assert_eq!(distinct.len(), 4, "index sets reading different pages");
}

/// Whether the device refuses program `name` (translated and glslang's) for indexing a
/// storage image array at run time: both refused naming the feature it lacks, or both
/// made.
fn image_arrays_refused(name: &str) -> bool {
    use common::compute::try_compute_program;
    use gpu::error::{BackendError, ObjectError};
    let (dksh, glsl) = sources(name);
    let rig = Rig::new(true);
    let resources = Resources::default();
    let made: Vec<_> = [true, false]
        .map(|maxwell| try_compute_program(&rig, name, (&dksh, &glsl), &resources, maxwell))
        .into_iter()
        .collect();
    let refused = made.iter().filter(|made| made.is_err()).count();
    for result in made {
        match result {
            Ok(_) => {}
            Err(ObjectError::Backend(BackendError::Unsupported(why))) => {
                assert!(
                    why.contains("shaderStorageImageArrayDynamicIndexing"),
                    "{why}"
                )
            }
            Err(other) => panic!("{name}: {other}"),
        }
    }
    assert!(refused == 0 || refused == 2, "{name}: one side refused");
    refused == 2
}

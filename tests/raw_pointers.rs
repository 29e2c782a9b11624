//! Raw pointers in compiled Maxwell shaders, on the real driver (lavapipe in CI,
//! validation and synchronization validation on): uam's `x_comp_pointers` with its reads
//! of its storage addresses moved from the driver's c0 to uniform block 0, so that every
//! load, store and atomic goes through a 64-bit address the test computed from pool
//! addresses (the way a game keeps pointers in a uniform buffer). The pools' bytes are
//! checked against a CPU model; addresses in no pool or past a pool's end read 0, drop
//! the write, never hang, and are counted.

mod common;

use std::path::Path;

use common::compute::{words, Stream};
use common::device::{buffer, cached_pool};
use common::readback::pool_bytes;
use common::rig::Rig;
use gpu::command::BufferBinding;
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, Stage};
use gpu::{PoolId, ProgramId};
use shader_translate::maxwell::decode::{decode_stream, Operand};
use shader_translate::maxwell::pointer_code::storage_addresses_from_uniform_block;

const NAME: &str = "x_comp_pointers";
const INVOCATIONS: usize = 4 * 64;
/// The driver's words (c0) of compute storage bindings 0-2, and where the patched
/// program reads each instead: uniform block 0 (c2), a 64-bit address every 8 bytes.
const STORAGE_WORDS_B: std::ops::Range<u64> = 0x140..0x170;
const UNIFORM_CBUF: u64 = 2;

fn corpus_dksh() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("shader_translate/tests/maxwell_corpus")
        .join(NAME)
        .join("out.dksh");
    std::fs::read(path).unwrap()
}

/// The program's code with every c0 read of a storage address made a read of uniform
/// block 0 (`maxwell::pointer_code`); each changed instruction decodes (by the project's
/// decoder, checked against envydis) as reading uniform block 0, at 8 bytes a binding.
fn code_reading_pointers_from_a_uniform_buffer() -> Vec<u8> {
    let bytes = corpus_dksh();
    let module = shader_translate::maxwell::dksh::parse(&bytes).unwrap();
    let code = module.programs[0].code;
    let (moved, changed) =
        storage_addresses_from_uniform_block(code, STORAGE_WORDS_B, UNIFORM_CBUF).unwrap();
    // Two adds for each of the load's and the store's addresses, one 64-bit load for the
    // atomics'.
    assert_eq!(changed, 5, "the storage address reads of {NAME}");
    let reads = |code: &[u8], index: u64| -> Vec<u64> {
        decode_stream(code)
            .unwrap()
            .iter()
            .flat_map(|i| i.operands().collect::<Vec<_>>())
            .filter_map(|operand| match operand {
                Operand::Cbuf {
                    index: i,
                    base: None,
                    offset,
                } if i == index => Some(offset),
                _ => None,
            })
            .collect()
    };
    assert_eq!(reads(code, 0), [0x140, 0x144, 0x150, 0x154, 0x160]);
    assert_eq!(reads(&moved, UNIFORM_CBUF), [0x0, 0x4, 0x8, 0xc, 0x10]);
    assert!(reads(&moved, 0).is_empty());
    moved
}

/// The patched program translated (it reads the pool table), on the Metal route when
/// `metal`.
fn pointer_shader(metal: bool) -> shader_translate::TranslatedShader {
    let bytes = corpus_dksh();
    let module = shader_translate::maxwell::dksh::parse(&bytes).unwrap();
    let program = &module.programs[0];
    let code = code_reading_pointers_from_a_uniform_buffer();
    let parts = shader_translate::maxwell::program::ProgramParts {
        kind: program.header.kind,
        sph: program.sph,
        code: &code,
        constbuf1: program.constbuf1,
        compute: program.header.compute(),
        tess_mode: None,
    };
    let mut translator = common::programs::translator();
    translator.set_metal_route(metal);
    let shader = translator
        .translate_maxwell(NAME, &parts)
        .unwrap_or_else(|e| panic!("{NAME} reading pointers: {e}"));
    assert!(shader_translate::uses_pool_table(&shader.spirv).unwrap());
    shader
}

/// The patched program made on `rig`.
fn pointer_program(rig: &Rig) -> ProgramId {
    let shader = pointer_shader(false);
    rig.device
        .create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&shader)],
        })
        .unwrap()
}

/// Where the program's three pointers point.
#[derive(Clone, Copy)]
struct Pointers {
    source: u64,
    target: u64,
    totals: u64,
}

/// Pools the test places data in, of different sizes (so the lookup has several entries
/// to search), and their addresses.
struct Pools {
    ids: Vec<PoolId>,
    addresses: Vec<u64>,
}

fn pools(rig: &Rig) -> Pools {
    let ids: Vec<PoolId> = [64u64 << 10, 192 << 10, 64 << 10, 1 << 20]
        .into_iter()
        .map(|size_b| cached_pool(&rig.device, size_b))
        .collect();
    let addresses = ids
        .iter()
        .map(|&id| rig.device.pool_address(id).unwrap().0)
        .collect();
    Pools { ids, addresses }
}

/// Runs the program once with `pointers` in its uniform buffer; returns the raw-pointer
/// misses the executor counted.
fn dispatch(rig: &Rig, program: ProgramId, pointers: Pointers) -> u64 {
    let before = rig.backend.lock().stats().raw_pointer_misses;
    let mut uniform = Vec::new();
    for address in [pointers.source, pointers.target, pointers.totals] {
        uniform.extend_from_slice(&address.to_le_bytes());
    }
    let offset_b = 3 << 20;
    rig.device.write_pool(rig.pool, offset_b, &uniform).unwrap();
    let block = buffer(&rig.device, rig.pool, offset_b, 256);
    let mut commands = rig.device.command_buffer();
    commands.bind_program(program).unwrap();
    let range = BufferRange {
        buffer: block,
        offset_b: 0,
        size_b: 256,
    };
    let slot = BufferBinding::Uniform {
        stage: Stage::Compute,
        slot: 0,
    };
    commands.bind_buffer(slot, range).unwrap();
    commands
        .dispatch([(INVOCATIONS / 64) as u32, 1, 1])
        .unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    // The misses are read once the submission has completed: the next look.
    rig.finish();
    rig.backend.lock().stats().raw_pointer_misses - before
}

fn word_at(bytes: &[u8], index: usize) -> u32 {
    u32::from_le_bytes(bytes[4 * index..4 * index + 4].try_into().unwrap())
}

#[test]
fn pointers_from_a_uniform_buffer_load_store_and_add_where_they_point() {
    let rig = Rig::new(true);
    let program = pointer_program(&rig);
    let pools = pools(&rig);
    let values = Stream::new(0x7a11_0001).words(INVOCATIONS, u32::MAX);
    // Addresses by arithmetic on the pools' addresses, in three different pools.
    let (source_pool, source_b) = (1, 0x1_2340);
    let (target_pool, target_b) = (3, 0x8_0000);
    let (totals_pool, totals_b) = (0, 0xfff8);
    rig.device
        .write_pool(pools.ids[source_pool], source_b, &words(values.clone()))
        .unwrap();
    rig.device
        .write_pool(pools.ids[totals_pool], totals_b, &[0; 8])
        .unwrap();
    let misses = dispatch(
        &rig,
        program,
        Pointers {
            source: pools.addresses[source_pool] + source_b,
            target: pools.addresses[target_pool] + target_b,
            totals: pools.addresses[totals_pool] + totals_b,
        },
    );
    let results = pool_bytes(
        &rig.device,
        pools.ids[target_pool],
        target_b,
        4 * INVOCATIONS,
    );
    for (i, &v) in values.iter().enumerate() {
        let expected = v.wrapping_mul(3).wrapping_add(i as u32);
        assert_eq!(word_at(&results, i), expected, "result {i}");
    }
    let totals = pool_bytes(&rig.device, pools.ids[totals_pool], totals_b, 8);
    let sum = values.iter().fold(0u32, |sum, &v| sum.wrapping_add(v));
    assert_eq!(word_at(&totals, 0), sum, "the atomic sum");
    assert_eq!(
        word_at(&totals, 1),
        *values.iter().max().unwrap(),
        "the atomic max"
    );
    assert_eq!(misses, 0);
}

#[test]
fn pointers_past_every_pool_read_zero_drop_writes_and_are_counted() {
    let rig = Rig::new(true);
    let program = pointer_program(&rig);
    let pools = pools(&rig);
    let last_end = pools.addresses[3] + (1 << 20);
    let target_b = 0x100;
    let totals_b = 0x40;
    let marker = words(std::iter::repeat_n(0x5eed_0002, INVOCATIONS));
    rig.device
        .write_pool(pools.ids[2], target_b, &marker)
        .unwrap();
    rig.device
        .write_pool(pools.ids[0], totals_b, &words([7, 9]))
        .unwrap();
    // The source past every pool: every load reads 0, so each result is its index.
    let misses = dispatch(
        &rig,
        program,
        Pointers {
            source: last_end + (16 << 20),
            target: pools.addresses[2] + target_b,
            totals: pools.addresses[0] + totals_b,
        },
    );
    let results = pool_bytes(&rig.device, pools.ids[2], target_b, 4 * INVOCATIONS);
    for i in 0..INVOCATIONS {
        assert_eq!(
            word_at(&results, i),
            i as u32,
            "result {i} of a missed load"
        );
    }
    let totals = pool_bytes(&rig.device, pools.ids[0], totals_b, 8);
    assert_eq!((word_at(&totals, 0), word_at(&totals, 1)), (7, 9));
    assert_eq!(misses, INVOCATIONS as u64, "one miss a load");

    // The results running past their pool's end (the last pool made, 1 MiB, with no
    // pool after it; an access past a pool that another follows lands in that one, as on
    // the console): those before the end land, the rest are dropped and counted; the
    // atomics through an address cut to 32 bits (in no pool: the space starts at 4 GiB)
    // too.
    let fits = 100;
    let target_b = (1 << 20) - 4 * fits as u64;
    rig.device
        .write_pool(pools.ids[3], target_b, &marker[..4 * fits])
        .unwrap();
    let source_b = 0x2000;
    let values = Stream::new(0x7a11_0003).words(INVOCATIONS, 1000);
    rig.device
        .write_pool(pools.ids[1], source_b, &words(values.clone()))
        .unwrap();
    let misses = dispatch(
        &rig,
        program,
        Pointers {
            source: pools.addresses[1] + source_b,
            target: pools.addresses[3] + target_b,
            totals: (pools.addresses[0] + totals_b) & u64::from(u32::MAX),
        },
    );
    let results = pool_bytes(&rig.device, pools.ids[3], target_b, 4 * fits);
    for (i, &v) in values.iter().enumerate().take(fits) {
        assert_eq!(word_at(&results, i), v * 3 + i as u32, "result {i}");
    }
    let totals = pool_bytes(&rig.device, pools.ids[0], totals_b, 8);
    assert_eq!((word_at(&totals, 0), word_at(&totals, 1)), (7, 9));
    let expected = (INVOCATIONS - fits) + 2 * INVOCATIONS;
    assert_eq!(
        misses, expected as u64,
        "stores past the end and both atomics"
    );
}

#[test]
fn a_raw_pointer_program_is_refused_without_buffer_device_address() {
    use gpu::error::RecordError;
    let rig = Rig::lacking(|features| features.buffer_device_address = false);
    let program = pointer_program(&rig);
    let mut commands = rig.device.command_buffer();
    match commands.bind_program(program) {
        Err(RecordError::MissingCapability { capability, .. }) => {
            assert_eq!(
                capability,
                "bufferDeviceAddress, shaderInt64, fragmentStoresAndAtomics and vertexPipelineStoresAndAtomics"
            )
        }
        other => panic!("expected a missing capability, got {other:?}"),
    }
}

/// MoltenVK converts SPIR-V with SPIRV-Cross, which writes physical-storage-buffer
/// pointers as MSL device pointers; naga's SPIR-V reader cannot read them, which is no
/// evidence either way, so the Metal route takes the program.
#[test]
fn the_metal_route_takes_a_raw_pointer_program() {
    let shader = pointer_shader(true);
    assert!(shader.metal.portable(), "{:?}", shader.metal.problems());
    assert!(
        matches!(shader.metal.naga, shader_translate::Opinion::CannotRead(_)),
        "naga's verdict: {:?}",
        shader.metal.naga
    );
}

//! A raw pointer passed between stages in compiled Maxwell code, on the real driver
//! (lavapipe in CI, validation and synchronization validation on): uam's vertex program
//! (`capi/examples/maxwell/pointer_vert.glsl`) computes a 64-bit address from its
//! uniform block with `iadd cc` / `iadd x` and writes it as a flat `uvec2` output; the
//! fragment program (`pointer_frag.glsl`, its code edited as below) reads both words with
//! `ipa`, adds a 64-bit offset from its own uniform block, and loads through the pair with
//! `ldg`. Pixels against a CPU model; a pointer past every pool reads 0 and is counted.

mod common;

use std::path::PathBuf;

use common::draw::{bind_positions, positions_at};
use common::readback::region;
use common::rig::Rig;
use gpu::command::{BufferBinding, DrawArrays};
use gpu::objects::{BufferRange, ProgramMaker, ShaderModule, Stage, TextureBuilder};
use gpu::ProgramId;
use shader_translate::maxwell::decode::{decode_stream, print_instruction};

const SIZE_PX: u32 = 8;
const UNIFORMS_AT_B: u64 = 3 << 20;

/// Two triangles over the left half of the target, then two over the right half.
const HALVES_NDC: [f32; 24] = [
    -1.0, -1.0, 0.0, -1.0, -1.0, 1.0, 0.0, -1.0, 0.0, 1.0, -1.0, 1.0, // left
    0.0, -1.0, 1.0, -1.0, 0.0, 1.0, 1.0, -1.0, 1.0, 1.0, 0.0, 1.0, // right
];

fn maxwell_file(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("capi/examples/maxwell")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn word_at(code: &[u8], offset_b: usize) -> u64 {
    u64::from_le_bytes(code[offset_b..offset_b + 8].try_into().unwrap())
}

fn set_word(code: &mut [u8], offset_b: usize, word: u64) {
    code[offset_b..offset_b + 8].copy_from_slice(&word.to_le_bytes());
}

fn printed(code: &[u8], offset_b: u32) -> String {
    let instructions = decode_stream(code).unwrap();
    let found = instructions
        .iter()
        .find(|i| i.offset_b == offset_b)
        .unwrap();
    print_instruction(found)
}

/// uam's fragment code reads `address.x` (`ipa` into $r0), aligns it (`shr`, `shl`),
/// adds storage binding 0's address from the driver's words (`iadd cc` / `iadd x` from
/// `c0[0x730]`), loads (`ldg`), and only then reads `address.y` (into $r1) for the `xor`.
/// Four edits make the load go through the varying pointer plus uniform block 0's
/// 64-bit offset: that second `ipa` copied over the `shr`, the `shl` by 0, the adds
/// reading uniform block 0 (`c2`), and the high add taking $r1. Each edited instruction
/// is checked by the decoder (whose listing is checked against envydis). The scheduling
/// words stay as uam wrote them: the translator does not read them.
fn fragment_code_through_the_varying_pointer(code: &[u8]) -> Vec<u8> {
    assert_eq!(printed(code, 0x08), "ipa constant $r0 a[0x80] 0x0 0x0 0x1");
    assert_eq!(printed(code, 0x10), "shr u32 $r0 $r0 0x2");
    assert_eq!(printed(code, 0x18), "shl $r0 $r0 0x2");
    assert_eq!(printed(code, 0x28), "iadd cc $r0 $r0 c0[0x730]");
    assert_eq!(printed(code, 0x30), "iadd x $r1 0x0 c0[0x734]");
    assert_eq!(printed(code, 0x38), "ldg e b32 $r0 ncg[$r0]");
    assert_eq!(printed(code, 0x48), "ipa constant $r1 a[0x84] 0x0 0x0 0x1");
    let (moved, changed) =
        shader_translate::maxwell::pointer_code::storage_addresses_from_uniform_block(
            code,
            0x730..0x740,
            2,
        )
        .unwrap();
    assert_eq!(changed, 2);
    let mut edited = moved;
    set_word(&mut edited, 0x10, word_at(code, 0x48));
    // shl's 19-bit immediate, bits 20-38.
    set_word(&mut edited, 0x18, word_at(code, 0x18) & !(0x7_ffff << 20));
    // iadd's first source register, bits 8-15: RZ to $r1.
    let high_add = word_at(&edited, 0x30) & !(0xff << 8) | 1 << 8;
    set_word(&mut edited, 0x30, high_add);
    assert_eq!(
        printed(&edited, 0x10),
        "ipa constant $r1 a[0x84] 0x0 0x0 0x1"
    );
    assert_eq!(printed(&edited, 0x18), "shl $r0 $r0 0x0");
    assert_eq!(printed(&edited, 0x28), "iadd cc $r0 $r0 c2[0x0]");
    assert_eq!(printed(&edited, 0x30), "iadd x $r1 $r1 c2[0x4]");
    edited
}

fn stage_pointer_program(rig: &Rig) -> ProgramId {
    let translator = common::programs::translator();
    let vertex = translator
        .translate_dksh("pointer_vert", &maxwell_file("pointer_vert.dksh"))
        .unwrap();
    let bytes = maxwell_file("pointer_frag.dksh");
    let module = shader_translate::maxwell::dksh::parse(&bytes).unwrap();
    let program = &module.programs[0];
    let code = fragment_code_through_the_varying_pointer(program.code);
    let parts = shader_translate::maxwell::program::ProgramParts {
        kind: program.header.kind,
        sph: program.sph,
        code: &code,
        constbuf1: program.constbuf1,
        compute: None,
        tess_mode: None,
    };
    let fragment = translator
        .translate_maxwell("pointer_frag", &parts)
        .unwrap();
    assert!(shader_translate::uses_pool_table(&fragment.spirv).unwrap());
    rig.device
        .create_program(&ProgramMaker {
            modules: vec![ShaderModule::from(&vertex), ShaderModule::from(&fragment)],
        })
        .unwrap()
}

fn uniform_block(rig: &Rig, offset_b: u64, words: &[u32]) -> BufferRange {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    rig.device
        .write_pool(rig.pool, UNIFORMS_AT_B + offset_b, &bytes)
        .unwrap();
    BufferRange {
        buffer: rig.buffer(UNIFORMS_AT_B + offset_b, 256),
        offset_b: 0,
        size_b: 256,
    }
}

#[test]
fn a_pointer_made_by_a_compiled_vertex_program_is_dereferenced_by_the_fragment_program() {
    use memory::Format;
    let rig = Rig::new(true);
    let program = stage_pointer_program(&rig);
    let pool = common::device::cached_pool(&rig.device, 256 << 10);
    let start = rig.device.pool_address(pool).unwrap().0;
    let (colour_b, colour) = (0x1_2340u64, 0x80c0_4020u32);
    rig.device
        .write_pool(pool, colour_b, &colour.to_le_bytes())
        .unwrap();
    // The vertex program passes 16 bytes past the colour; the fragment program adds
    // -16 (a 64-bit add whose low word carries). The right half's pointer lies past
    // every pool.
    let near = start + colour_b + 16;
    let far = start + (256 << 10) + (5 << 20);
    let split = |address: u64| [address as u32, (address >> 32) as u32];
    let [near_lo, near_hi] = split(near);
    let [far_lo, far_hi] = split(far);
    let vertex_block = uniform_block(&rig, 0, &[near_lo, near_hi, far_lo, far_hi]);
    let minus_16 = (-16i64) as u64;
    let fragment_block = uniform_block(&rig, 0x100, &split(minus_16));
    let (texture, view) = rig.texture(
        &TextureBuilder::new_2d(Format::from_name("rgba8").unwrap(), SIZE_PX, SIZE_PX),
        0,
    );
    let positions = positions_at(&rig.device, rig.pool, 1 << 20, &HALVES_NDC);
    let before = rig.backend.lock().stats().raw_pointer_misses;
    let mut commands = rig.cleared(view, [0.2, 0.4, 0.6, 1.0]);
    bind_positions(&mut commands, program, positions);
    for (stage, block) in [
        (Stage::Vertex, vertex_block),
        (Stage::Fragment, fragment_block),
    ] {
        let binding = BufferBinding::Uniform { stage, slot: 0 };
        commands.bind_buffer(binding, block).unwrap();
    }
    commands
        .draw(DrawArrays {
            primitive: gpu::state::PrimitiveKind::Triangles,
            first_vertex: 0,
            vertex_count: 12,
            first_instance: 0,
            instance_count: 1,
        })
        .unwrap();
    let pixels = (SIZE_PX * SIZE_PX) as usize;
    let got = rig.submit_and_read(commands, region(texture, 0, SIZE_PX, SIZE_PX), pixels * 4);
    rig.finish();
    let misses = rig.backend.lock().stats().raw_pointer_misses - before;
    // The model: the word loaded (0 on a miss) xor the pointer's high word, unpacked.
    for index in 0..pixels {
        let left = index % (SIZE_PX as usize) < SIZE_PX as usize / 2;
        let want = if left { colour ^ near_hi } else { far_hi };
        assert_eq!(
            got[4 * index..4 * index + 4],
            want.to_le_bytes(),
            "pixel {index}"
        );
    }
    assert_eq!(
        misses,
        pixels as u64 / 2,
        "one miss a pixel of the right half"
    );
}

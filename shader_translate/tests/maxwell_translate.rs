//! Compiled Maxwell programs through the translator: the vertex, fragment and compute
//! programs of the corpus come out as SPIR-V that spirv-val accepts (in the
//! translator's pipeline, optimised and not), with the interface the SPH and the code
//! say; everything else is refused with a typed error naming what is missing.

mod common;

use std::path::Path;

use common::{maxwell_dksh as corpus, translator};
use shader_translate::maxwell::translate::MaxwellError;

#[test]
fn every_corpus_program_translates_or_names_what_is_missing() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maxwell_corpus");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("out.dksh").is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let (optimised, plain) = (translator(true), translator(false));
    let mut translated = Vec::new();
    for name in &names {
        let bytes = corpus(name);
        // A geometry program translates for an input class: the one its GLSL declares.
        let input = shader_translate::maxwell::corpus::MAXWELL_CORPUS
            .iter()
            .find(|program| program.name == name)
            .and_then(|program| program.geometry);
        let translate = |translator: &shader_translate::Translator| match input {
            Some(input) => translator.translate_dksh_geometry(name, &bytes, input),
            None => translator.translate_dksh(name, &bytes),
        };
        match translate(&optimised) {
            Ok(shader) => {
                assert!(!shader.spirv.is_empty());
                translate(&plain).unwrap_or_else(|e| panic!("{name} unoptimised: {e}"));
                translated.push(name.clone());
            }
            Err(MaxwellError::Unsupported(why)) => eprintln!("{name}: {why}"),
            Err(other) => panic!("{name}: {other}"),
        }
    }
    eprintln!("translated: {translated:?}");
    // The benchmark's list is exactly what translates.
    let listed: Vec<String> = shader_translate::maxwell::corpus::MAXWELL_CORPUS
        .iter()
        .map(|program| program.name.to_owned())
        .collect();
    assert_eq!(
        listed, translated,
        "maxwell::corpus::MAXWELL_CORPUS is out of date"
    );
    for expected in [
        "dk_color_fsh",
        "dkbasic_triangle_vsh",
        "dk_basic_vsh",
        "dkbasic_color_fsh",
        "dk_transform_vsh",
        "main_fullscreen_vert",
        "x_frag_uv_shade",
    ] {
        assert!(
            translated.iter().any(|n| n == expected),
            "{expected} not translated"
        );
    }
}

/// A program given as its pieces (SPH, code, constant buffer 1) translates to the same
/// module as its DKSH file; pieces that do not fit are typed errors.
#[test]
fn a_program_from_its_pieces_translates_as_its_module_does() {
    use shader_translate::maxwell::dksh::{self, ProgramType};
    use shader_translate::maxwell::program::{ProgramError, ProgramParts};
    let translator = translator(true);
    for name in ["dkbasic_triangle_vsh", "main_light_frag"] {
        let bytes = corpus(name);
        let module = dksh::parse(&bytes).unwrap();
        let program = &module.programs[0];
        let parts = pieces(program);
        let from_parts = translator.translate_maxwell(name, &parts).unwrap();
        let from_file = translator.translate_dksh(name, &bytes).unwrap();
        assert_eq!(from_parts.spirv, from_file.spirv, "{name}");
    }
    let bytes = corpus("dk_color_fsh");
    let module = dksh::parse(&bytes).unwrap();
    let program = &module.programs[0];
    let without_sph = ProgramParts {
        kind: ProgramType::Fragment,
        sph: None,
        code: program.code,
        constbuf1: &[],
        compute: None,
        tess_mode: None,
    };
    assert!(matches!(
        translator.translate_maxwell("no sph", &without_sph),
        Err(MaxwellError::Program(ProgramError::MissingSph("fragment")))
    ));
    let short_sph = ProgramParts {
        sph: Some(&program.sph.unwrap()[..40]),
        ..without_sph
    };
    assert!(matches!(
        translator.translate_maxwell("short sph", &short_sph),
        Err(MaxwellError::Program(ProgramError::Sph(_)))
    ));
    let cut_code = ProgramParts {
        sph: program.sph,
        code: &program.code[..40],
        ..without_sph
    };
    assert!(matches!(
        translator.translate_maxwell("cut code", &cut_code),
        Err(MaxwellError::Program(ProgramError::Decode(_)))
    ));
}

/// Control flow Hookshot cannot structure is refused with a typed error naming the
/// instruction: uam's loop with its `pbk` made a `nop` leaves its `brk`s without a loop
/// to leave.
#[test]
fn a_break_without_its_loop_is_refused_by_name() {
    use shader_translate::maxwell::dksh;
    use shader_translate::maxwell::ir::Unsupported;
    use shader_translate::maxwell::program::ProgramParts;
    let bytes = corpus("x_frag_loop_break_continue");
    let module = dksh::parse(&bytes).unwrap();
    let program = &module.programs[0];
    let mut code = program.code.to_vec();
    // `pbk 0x178` at byte 0x68 of the code (out.dis), and envydis's `nop 0x0`.
    let at = 0x68;
    assert_eq!(&code[at..at + 8], &0xe2a0_0000_1080_0000u64.to_le_bytes());
    code[at..at + 8].copy_from_slice(&0x50b0_0000_0007_0f00u64.to_le_bytes());
    let parts = ProgramParts {
        kind: program.header.kind,
        sph: program.sph,
        code: &code,
        constbuf1: program.constbuf1,
        compute: None,
        tess_mode: None,
    };
    match translator(true).translate_maxwell("no pbk", &parts) {
        Err(MaxwellError::Unsupported(Unsupported::ControlFlow { offset_b, how, .. })) => {
            assert!(
                how.contains("brk") && how.contains("not inside its loop"),
                "{how}"
            );
            assert_eq!(offset_b, 0xb0, "the first brk (out.dis)");
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
}

/// The emitted modules carry no dead weight into the pipeline: every result of a cast,
/// extract, access chain or load is read, every module constant used, and no block reads
/// one uniform vector twice (what the tidy pass removes; spirv-val and spirv-opt would
/// otherwise pay for it on every program).
#[test]
fn emitted_modules_hold_no_unused_results_or_repeated_uniform_reads() {
    use rspirv::spirv::Op;
    use shader_translate::maxwell::corpus::MAXWELL_CORPUS;
    use std::collections::HashSet;
    for program in MAXWELL_CORPUS {
        let words = program.spirv().unwrap();
        let module = rspirv::dr::load_words(&words).unwrap();
        let used: HashSet<u32> = module
            .all_inst_iter()
            .flat_map(|inst| inst.operands.iter().filter_map(|o| o.id_ref_any()))
            .collect();
        let droppable = [
            Op::Bitcast,
            Op::CompositeExtract,
            Op::AccessChain,
            Op::Load,
            Op::Constant,
        ];
        for inst in module.all_inst_iter() {
            if droppable.contains(&inst.class.opcode) {
                let id = inst.result_id.unwrap();
                assert!(
                    used.contains(&id),
                    "{}: %{id} ({:?}) is never read",
                    program.name,
                    inst.class.opcode
                );
            }
        }
        for block in module.functions.iter().flat_map(|f| &f.blocks) {
            let mut chains = HashSet::new();
            for inst in &block.instructions {
                if inst.class.opcode == Op::AccessChain {
                    let key = format!("{:?} {:?}", inst.result_type, inst.operands);
                    assert!(
                        chains.insert(key.clone()),
                        "{}: one block makes {key} twice",
                        program.name
                    );
                }
            }
        }
    }
}

/// The pieces of a graphics program read from its module, as a port would hold them
/// (no workgroup, no tessellator mode).
fn pieces<'a>(
    program: &shader_translate::maxwell::dksh::Program<'a>,
) -> shader_translate::maxwell::program::ProgramParts<'a> {
    shader_translate::maxwell::program::ProgramParts {
        kind: program.header.kind,
        sph: program.sph,
        code: program.code,
        constbuf1: program.constbuf1,
        compute: None,
        tess_mode: None,
    }
}

/// The word at byte `at_b` of a corpus program's code, changed by `change`.
fn with_word(name: &str, at_b: usize, change: impl Fn(u64) -> u64) -> Vec<u8> {
    use shader_translate::maxwell::dksh;
    let mut bytes = corpus(name);
    let module = dksh::parse(&bytes).unwrap();
    let code_start = module.programs[0].code.as_ptr() as usize - bytes.as_ptr() as usize;
    let at = code_start + at_b;
    let word = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    bytes[at..at + 8].copy_from_slice(&change(word).to_le_bytes());
    bytes
}

/// Compare-and-swap forms that are not translated are refused by name and offset: a
/// 64-bit `atom cas` and an `atoms cast` (compare and store).
#[test]
fn compare_and_swap_forms_not_translated_are_refused_by_name() {
    use shader_translate::maxwell::ir::Unsupported;
    let name = "x_comp_compare_swap";
    // `atom cas e b32` at 0x128 (out.dis) made b64 (bit 49); `atoms cas` at 0x1b8 made
    // `cast` (bits 53-54 clear).
    for (at_b, change, what) in [
        (0x128, (|w| w | 1 << 49) as fn(u64) -> u64, "64-bit"),
        (0x1b8, |w| w & !(3 << 53), "cast"),
    ] {
        let bytes = with_word(name, at_b, change);
        match translator(true).translate_dksh(name, &bytes) {
            Err(MaxwellError::Unsupported(Unsupported::Instruction {
                offset_b,
                what: why,
                ..
            })) => {
                assert_eq!(offset_b as usize, at_b);
                assert!(why.contains(what), "{why}");
            }
            other => panic!("{at_b:#x}: {:?}", other.map(|_| ())),
        }
    }
}

/// Votes and shuffles of compute programs run in a 32-wide warp emulated through shared
/// memory between workgroup barriers, so only where the whole workgroup reaches them:
/// under a guard they are refused by name and offset. In the other stages they are the
/// device's subgroup operations, which the module declares with what asked for them
/// (for the device check to name).
#[test]
fn votes_under_a_guard_in_compute_are_refused_and_fragment_votes_use_subgroups() {
    use shader_translate::maxwell::ir::Unsupported;
    // `vote any` at 0x70 of x_comp_vote (out.dis), given the guard `$p0` (bits 16-19).
    let guarded = with_word("x_comp_vote", 0x70, |w| w & !(0xf << 16));
    match translator(true).translate_dksh("x_comp_vote", &guarded) {
        Err(MaxwellError::Unsupported(Unsupported::Instruction {
            name: "vote",
            offset_b: 0x70,
            what,
        })) => assert!(what.contains("divergent"), "{what}"),
        other => panic!("x_comp_vote: {:?}", other.map(|_| ())),
    }
    // `vote any` at 0x30 of x_frag_vote: a ballot of the device's subgroup.
    for optimise in [false, true] {
        let module = translator(optimise)
            .translate_dksh("x_frag_vote", &corpus("x_frag_vote"))
            .unwrap_or_else(|e| panic!("x_frag_vote: {e}"));
        let used = shader_translate::subgroup_use(&module.spirv)
            .unwrap()
            .expect("a fragment vote declares subgroup capabilities");
        assert_eq!(used.operations & 0x8, 0x8, "{:#x}", used.operations);
        assert_eq!(used.origin(0x8), "`vote` at byte 0x30");
    }
}

/// Texture and image forms uam emits that Hookshot does not translate are refused with a
/// typed error naming the instruction, its byte offset (out.dis) and what is missing: a
/// multisample fetch (`tlds` mode 6, `lz mz`), per-texel gather offsets (`tld4 ptp`,
/// `textureGatherOffsets`), a signed image atomic whose type bits uam ORed into its
/// odd image handle, and a bindless handle that is no driver texture-handle word.
#[test]
fn texture_and_image_forms_not_translated_are_refused_by_name() {
    use shader_translate::maxwell::ir::Unsupported;
    for (name, instruction, at, why) in [
        ("x_frag_texture_refused_ms", "tlds", 0x68, "mode 6"),
        ("x_frag_texture_refused_ptp", "tld4", 0x48, "ptp"),
        ("x_comp_image_refused_signed", "suatom", 0x88, "bit 36"),
        // uam's `textureSize` of a sampler array indexed at run time: `txq.b` on the raw
        // index, not a handle word (every other `.b` form of it translates).
        (
            "x_frag_texture_bindless",
            "txq",
            0x2a8,
            "computed in registers",
        ),
    ] {
        match translator(true).translate_dksh(name, &corpus(name)) {
            Err(MaxwellError::Unsupported(Unsupported::Instruction {
                name: found,
                offset_b,
                what,
            })) => {
                assert_eq!((found, offset_b), (instruction, at), "{name}: {what}");
                assert!(what.contains(why), "{name}: {what}");
            }
            other => panic!("{name}: {:?}", other.map(|_| ())),
        }
    }
}

/// A bindless handle not loaded from the stage's texture-handle words names the texture
/// and sampler pools directly, which no slot holds: refused by name and offset. In
/// x_frag_texture_bindless the `ld b32 $r14 c0[$r0+0x690]` at 0x48 feeds `tex.b` at 0x70;
/// made a load from c2 (a uniform block of the program's own, as NVN handles a game keeps
/// in its buffers) or from past the stage's handle words, the `tex.b` is refused.
#[test]
fn bindless_handles_not_from_the_handle_words_are_refused_by_name() {
    use shader_translate::maxwell::ir::Unsupported;
    let name = "x_frag_texture_bindless";
    let uniform_block = with_word(name, 0x48, |word| word | (2 << 36));
    let past_handles = with_word(name, 0x48, |word| (word & !(0xffff << 20)) | (0x790 << 20));
    for (bytes, why) in [
        (uniform_block, "read from c2"),
        (past_handles, "outside this stage's texture-handle words"),
    ] {
        match translator(true).translate_dksh(name, &bytes) {
            Err(MaxwellError::Unsupported(Unsupported::Instruction {
                name: "tex",
                offset_b: 0x70,
                what,
            })) => assert!(what.contains(why), "{what}"),
            other => panic!("{why}: {:?}", other.map(|_| ())),
        }
    }
}

/// An image handle in a register not loaded from the stage's image-handle words names the
/// image pool directly, which no slot holds: refused by name and offset. In
/// x_comp_image_bindless the `ld b32 $r9 c0[$r8+0x120]` at 0x68 feeds the register-handle
/// `suld` at 0x90; made a load from c2 (a uniform block of the program's own), from the
/// texture-handle words before the image words, or the `suld`'s handle made RZ (a
/// constant, no load), the `suld` is refused.
#[test]
fn image_handles_not_from_the_image_handle_words_are_refused_by_name() {
    use shader_translate::maxwell::ir::Unsupported;
    let name = "x_comp_image_bindless";
    let uniform_block = with_word(name, 0x68, |word| word | (2 << 36));
    let texture_words = with_word(name, 0x68, |word| (word & !(0xffff << 20)) | (0x100 << 20));
    let no_load = with_word(name, 0x90, |word| word | (0xff << 39));
    for (bytes, why) in [
        (uniform_block, "read from c2"),
        (texture_words, "outside this stage's image-handle words"),
        (no_load, "computed in registers"),
    ] {
        match translator(true).translate_dksh(name, &bytes) {
            Err(MaxwellError::Unsupported(Unsupported::Instruction {
                name: "suld",
                offset_b: 0x90,
                what,
            })) => assert!(what.contains(why), "{what}"),
            other => panic!("{why}: {:?}", other.map(|_| ())),
        }
    }
}

/// Image slots accessed through register handles are arrays of storage images at their
/// first slot's binding: x_comp_image_bindless's `src[2]` (slots 0-1, up to the next
/// array) and `dst[3]` (slots 2-7: the binary does not keep its length). An array ends
/// before a slot the slot map states another format for (slot 5 stated r32f: `dst`
/// spans 2-4).
#[test]
fn image_arrays_span_up_to_the_next_array_or_another_format() {
    use shader_translate::maxwell::dksh::ProgramType;
    use shader_translate::maxwell::image_format::ImageFormat;
    use shader_translate::maxwell::slots::{stage_index, SlotMap};
    use shader_translate::{resource_arrays, ResourceKind};
    let name = "x_comp_image_bindless";
    let mut stated = SlotMap::deko3d();
    stated.image_formats[stage_index(ProgramType::Compute)][5] = Some(ImageFormat::R32f);
    for (slots, spans) in [
        (SlotMap::deko3d(), [(0, 2), (2, 6)]),
        (stated, [(0, 2), (2, 3)]),
    ] {
        let shader = translator(true)
            .translate_dksh_with(name, &corpus(name), &slots)
            .unwrap();
        let mut found: Vec<(u32, u32)> = resource_arrays(&shader.spirv)
            .unwrap()
            .iter()
            .filter(|array| array.kind == ResourceKind::Image)
            .map(|array| (array.first_slot, array.count))
            .collect();
        found.sort();
        assert_eq!(found, spans);
    }
}

/// Calls that cannot be inlined and indirect branches are refused by name and offset:
/// x_comp_shared_storage with its instruction at 0x58 made a `cal` of a subroutine after
/// its code that calls itself, or a `brx $r0` (an indirect branch through a jump table).
#[test]
fn recursive_calls_and_indirect_branches_are_refused_by_name() {
    use shader_translate::maxwell::dksh;
    use shader_translate::maxwell::ir::Unsupported;
    use shader_translate::maxwell::program::ProgramParts;
    let bytes = corpus("x_comp_shared_storage");
    let module = dksh::parse(&bytes).unwrap();
    let program = &module.programs[0];
    let call = |from_b: usize, to_b: usize| {
        0xe260_0000_0000_0040u64 | ((to_b as i64 - from_b as i64 - 8) as u64 & 0xff_ffff) << 20
    };
    let (sched, nop, ret) = (
        0x001f_8000_fc00_07e0u64,
        0x50b0_0000_0007_0f00u64,
        0xe320_0000_0007_000fu64,
    );
    let mut recursive = program.code.to_vec();
    let sub = recursive.len();
    recursive[0x58..0x60].copy_from_slice(&call(0x58, sub).to_le_bytes());
    for word in [sched, call(sub + 8, sub), ret, nop] {
        recursive.extend(word.to_le_bytes());
    }
    let mut indirect = program.code.to_vec();
    // `brx $r0 0x0` (envydis), always.
    indirect[0x58..0x60].copy_from_slice(&0xe250_0000_0007_000fu64.to_le_bytes());
    for (code, what) in [(recursive, "recursive call"), (indirect, "indirect branch")] {
        let parts = ProgramParts {
            kind: program.header.kind,
            sph: None,
            code: &code,
            constbuf1: program.constbuf1,
            compute: program.header.compute(),
            tess_mode: None,
        };
        match translator(true).translate_maxwell("changed", &parts) {
            Err(MaxwellError::Unsupported(Unsupported::ControlFlow { how, offset_b, .. })) => {
                assert!(how.contains(what), "{how}");
                assert!(
                    offset_b == 0x58 || offset_b as usize == sub + 8,
                    "{offset_b:#x}"
                );
            }
            other => panic!("{what}: {:?}", other.map(|_| ())),
        }
    }
}

/// A tess-eval program: its tessellator mode is the container's, so pieces without one
/// are refused, pieces given it translate as the module does (and other stages' pieces
/// given one are refused); a mode Vulkan has no execution mode for, reads other than one patch's
/// view and the lane id used as anything but gl_TessCoord's index are refused by name
/// and offset. A tess control program's patch stores between the levels and the patch
/// outputs, and a tess-eval program's patch reads other than its `patch in` variables,
/// are refused by name and offset.
#[test]
fn tess_eval_programs_refuse_what_they_cannot_say() {
    use shader_translate::maxwell::dksh;
    use shader_translate::maxwell::ir::Unsupported;
    use shader_translate::maxwell::program::{ProgramError, ProgramParts};
    let translator = translator(true);
    let bytes = corpus("x_tese_quad");
    let module = dksh::parse(&bytes).unwrap();
    let program = &module.programs[0];
    assert_eq!(program.header.stage_words[0], 0x202, "quads, equal, ccw");
    let parts = pieces(program);
    assert!(matches!(
        translator.translate_maxwell("tese pieces", &parts),
        Err(MaxwellError::Program(ProgramError::NoTessellatorMode))
    ));
    // Given with the pieces, the module's own mode makes the module's translation; a
    // vertex program given one is refused.
    let with_mode = ProgramParts {
        tess_mode: Some(0x202),
        ..parts
    };
    assert_eq!(
        translator
            .translate_maxwell("tese pieces", &with_mode)
            .unwrap()
            .spirv,
        translator.translate_dksh("tese", &bytes).unwrap().spirv
    );
    let vertex = corpus("main_fullscreen_vert");
    let vertex_module = dksh::parse(&vertex).unwrap();
    let vertex_program = &vertex_module.programs[0];
    let vertex_parts = ProgramParts {
        tess_mode: Some(0x202),
        ..pieces(vertex_program)
    };
    assert!(matches!(
        translator.translate_maxwell("vert pieces", &vertex_parts),
        Err(MaxwellError::Program(
            ProgramError::UnexpectedTessellatorMode("vertex")
        ))
    ));
    // The mode is read as the header's would be: a domain of 3 is refused by name.
    match translator.translate_maxwell(
        "tese domain 3",
        &ProgramParts {
            tess_mode: Some(0x203),
            ..parts
        },
    ) {
        Err(MaxwellError::Unsupported(Unsupported::Instruction { name, what, .. })) => {
            assert_eq!(name, "param_c8");
            assert!(what.contains("domain 3"), "{what}");
        }
        other => panic!("domain 3: {:?}", other.map(|_| ())),
    }
    let refusal = |name: &str, edit: &dyn Fn(&mut Vec<u8>)| {
        let mut edited = bytes.clone();
        edit(&mut edited);
        match translator.translate_dksh(name, &edited) {
            Err(MaxwellError::Unsupported(Unsupported::Instruction {
                name,
                offset_b,
                what,
            })) => (name, offset_b, what),
            other => panic!("{name}: {other:?}"),
        }
    };
    // param_c8 is at file byte 0x30 (the program header at 0x18, the field at +0x18).
    let (name, _, what) = refusal("domain 3", &|b| b[0x30] = 0x03);
    assert_eq!(name, "param_c8");
    assert!(what.contains("domain 3"), "{what}");
    let (name, _, what) = refusal("spacing 3", &|b| b[0x30] = 0x32);
    assert_eq!(name, "param_c8");
    assert!(what.contains("spacing 3"), "{what}");
    // The code starts at file byte 0x180; words as out.dis lists them.
    let word_at = |b: &mut Vec<u8>, code_b: usize, expect: u64, new: u64| {
        let at = 0x180 + code_b;
        assert_eq!(&b[at..at + 8], &expect.to_le_bytes(), "{code_b:#x}");
        b[at..at + 8].copy_from_slice(&new.to_le_bytes());
    };
    // `isberd $r16 p[$r4]` with its skew bit.
    let isberd = 0xefd0_0000_0007_0410u64;
    let (name, offset_b, what) = refusal("isberd skew", &|b| {
        word_at(b, 0x68, isberd, isberd | 1 << 31)
    });
    assert_eq!((name, offset_b), ("isberd", 0x68), "{what}");
    // `ld o b64 $r0 a[0x2f0] $r2` from a[0x2f8] instead (past gl_TessCoord's u, v).
    let coord = 0xefd8_8101_2f07_ff00u64;
    let (name, offset_b, what) = refusal("ld o 0x2f8", &|b| {
        word_at(b, 0x10, coord, coord + (8 << 20))
    });
    assert_eq!((name, offset_b), ("ld", 0x10), "{what}");
    assert!(what.contains("gl_TessCoord"), "{what}");
    // `mov $r2 $invocation_info` made a `nop`: the lane id flows into the vertex
    // addresses.
    let info = 0xf0c8_0000_01d7_0002u64;
    let (name, offset_b, what) = refusal("lane as an address", &|b| {
        word_at(b, 0x18, info, 0x50b0_0000_0007_0f00)
    });
    assert_eq!((name, offset_b), ("mov", 0x8), "{what}");
    assert!(what.contains("lane id"), "{what}");
    // A tess control program's `$p0 st p b32 a[0x14]` (gl_TessLevelInner[1]) moved to
    // a[0x18], between the levels and the patch outputs (a[0x20 + 16 L]).
    let mut control = corpus("x_tesc_quad");
    let level = 0xeff0_7f80_8140_ff00u64;
    word_at(&mut control, 0xd8, level, level + (4 << 20));
    match translator.translate_dksh("patch attribute", &control) {
        Err(MaxwellError::Unsupported(Unsupported::Instruction {
            name,
            offset_b,
            what,
            ..
        })) => {
            assert_eq!((name, offset_b), ("st", 0xd8), "{what}");
            assert!(what.contains("a[0x18]"), "{what}");
        }
        other => panic!("patch attribute: {other:?}"),
    }
    // A tess-eval program's `ld p b32 $r0 a[0x30]` (its `patch in vec4`) moved to a[0x10],
    // gl_TessLevelInner[0], which it does not read.
    let mut evaluation = corpus("x_tese_patch");
    let load = 0xefd8_7f80_8307_ff00u64;
    word_at(&mut evaluation, 0x378, load, load - (0x20 << 20));
    match translator.translate_dksh("level read", &evaluation) {
        Err(MaxwellError::Unsupported(Unsupported::Instruction {
            name,
            offset_b,
            what,
            ..
        })) => {
            assert_eq!((name, offset_b), ("ld", 0x378), "{what}");
            assert!(what.contains("a[0x10]"), "{what}");
        }
        other => panic!("level read: {other:?}"),
    }
}

/// Image accesses checked against the formats the slot map states: uam's typed image
/// programs translate with their formats stated; a raw access whose width is not the
/// slot format's texel size, a float image atomic add (the device feature it needs named),
/// and a signed min whose handle and type bits fit two stated slots are typed errors
/// naming the slot and its format (or the slots).
#[test]
fn image_accesses_follow_the_slot_formats_and_mismatches_are_refused() {
    use shader_translate::maxwell::dksh::ProgramType;
    use shader_translate::maxwell::image_format::ImageFormat;
    use shader_translate::maxwell::ir::Unsupported;
    use shader_translate::maxwell::slots::{stage_index, SlotMap};
    let compute = stage_index(ProgramType::Compute);
    let with = |formats: &[(usize, ImageFormat)]| {
        let mut slots = SlotMap::deko3d();
        for &(slot, format) in formats {
            slots.image_formats[compute][slot] = Some(format);
        }
        slots
    };
    let formats = with(&[
        (0, ImageFormat::Rgba8),
        (1, ImageFormat::Rgba16f),
        (2, ImageFormat::Rgba32f),
        (3, ImageFormat::Rgba8ui),
        (4, ImageFormat::Rgba16ui),
        (5, ImageFormat::Rgba32i),
        (6, ImageFormat::Rgba8Snorm),
        (7, ImageFormat::R32f),
    ]);
    let atomics = with(&[(2, ImageFormat::R32i), (5, ImageFormat::R32f)]);
    for optimise in [true, false] {
        for (name, slots) in [
            ("x_comp_image_formats", &formats),
            ("x_comp_image_atomics_typed", &atomics),
        ] {
            translator(optimise)
                .translate_dksh_with(name, &corpus(name), slots)
                .unwrap_or_else(|e| panic!("{name} (optimise {optimise}): {e}"));
        }
    }
    // The default map (r32ui everywhere) refuses the b64 load of slot 1; slot 1 stated
    // r32f refuses it too, naming the format.
    let mut wrong = formats.clone();
    wrong.image_formats[compute][1] = Some(ImageFormat::R32f);
    for (slots, format) in [(SlotMap::deko3d(), "r32ui"), (wrong, "r32f")] {
        match translator(true).translate_dksh_with(
            "x_comp_image_formats",
            &corpus("x_comp_image_formats"),
            &slots,
        ) {
            Err(MaxwellError::Unsupported(Unsupported::ImageFormat {
                name,
                offset_b,
                slot,
                format: found,
                what,
            })) => {
                assert_eq!((name, offset_b, slot), ("suld", 0xf0, 1), "{what}");
                assert_eq!(found, format);
                assert!(what.contains("b64"), "{what}");
            }
            other => panic!("{format}: {:?}", other.map(|_| ())),
        }
    }
    // An add on an r32f slot (x_comp_images' slot 2 stated r32f) is refused, naming the
    // feature it would need: uam emits no float add, so its encoding is not known.
    let float_atomic = with(&[(2, ImageFormat::R32f)]);
    match translator(true).translate_dksh_with(
        "x_comp_images",
        &corpus("x_comp_images"),
        &float_atomic,
    ) {
        Err(MaxwellError::Unsupported(Unsupported::ImageFormat { slot, what, .. })) => {
            assert_eq!(slot, 2);
            assert!(what.contains("shaderImageFloat32AtomicAdd"), "{what}");
        }
        other => panic!("float atomic: {:?}", other.map(|_| ())),
    }
    // Slots 2 and 3 both r32i: the signed min at field 0x4b fits both.
    let ambiguous = with(&[
        (2, ImageFormat::R32i),
        (3, ImageFormat::R32i),
        (5, ImageFormat::R32f),
    ]);
    match translator(true).translate_dksh_with(
        "x_comp_image_atomics_typed",
        &corpus("x_comp_image_atomics_typed"),
        &ambiguous,
    ) {
        Err(MaxwellError::Unsupported(Unsupported::Instruction { name, what, .. })) => {
            assert_eq!(name, "suatom");
            assert!(what.contains("slot 2 (r32i), slot 3 (r32i)"), "{what}");
        }
        other => panic!("ambiguous: {:?}", other.map(|_| ())),
    }
}
